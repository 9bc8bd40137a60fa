//! Colours of the board, the pieces and the markers, per theme.

use bevy::prelude::*;

use crate::store::ThemeName;

/// Every colour the game draws with.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    pub background: Color,
    pub frame: Color,
    /// Cell colours by ring, the throne first.
    pub rings: [Color; 6],
    pub light_piece: Color,
    pub dark_piece: Color,
    pub light_trim: Color,
    pub dark_trim: Color,
    pub hover: Color,
    pub selected: Color,
    pub target: Color,
    pub capture: Color,
    pub relocation: Color,
    pub last_action: Color,
    pub hint: Color,
    pub captured_mark: Color,
    /// For the interface: Light's and Dark's colours in text.
    pub ui_light: [u8; 3],
    pub ui_dark: [u8; 3],
}

fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::srgb_u8(r, g, b)
}

fn rgba(r: u8, g: u8, b: u8, a: f32) -> Color {
    Color::srgba_u8(r, g, b, (a * 255.0) as u8)
}

impl Palette {
    pub fn of(theme: ThemeName) -> Palette {
        match theme {
            ThemeName::Classic => Palette {
                background: rgb(28, 32, 38),
                frame: rgb(74, 52, 38),
                rings: [
                    rgb(212, 170, 72),
                    rgb(196, 178, 146),
                    rgb(222, 206, 176),
                    rgb(196, 178, 146),
                    rgb(222, 206, 176),
                    rgb(180, 160, 126),
                ],
                light_piece: rgb(240, 232, 214),
                dark_piece: rgb(58, 40, 44),
                light_trim: rgb(196, 150, 60),
                dark_trim: rgb(176, 180, 192),
                hover: rgba(255, 255, 255, 0.28),
                selected: rgba(255, 214, 90, 0.9),
                target: rgba(40, 110, 60, 0.85),
                capture: rgba(214, 52, 44, 0.92),
                relocation: rgba(40, 96, 200, 0.85),
                last_action: rgba(255, 200, 80, 0.32),
                hint: rgba(60, 200, 120, 0.75),
                captured_mark: rgba(214, 52, 44, 0.9),
                ui_light: [240, 232, 214],
                ui_dark: [200, 120, 120],
            },
            ThemeName::HighContrast => Palette {
                background: rgb(0, 0, 0),
                frame: rgb(30, 30, 30),
                rings: [
                    rgb(255, 210, 0),
                    rgb(150, 150, 150),
                    rgb(215, 215, 215),
                    rgb(150, 150, 150),
                    rgb(215, 215, 215),
                    rgb(150, 150, 150),
                ],
                light_piece: rgb(255, 255, 255),
                dark_piece: rgb(10, 10, 10),
                light_trim: rgb(0, 90, 255),
                dark_trim: rgb(255, 120, 0),
                hover: rgba(0, 200, 255, 0.45),
                selected: rgba(255, 230, 0, 1.0),
                target: rgba(0, 160, 255, 0.95),
                capture: rgba(255, 0, 60, 1.0),
                relocation: rgba(170, 0, 255, 0.95),
                last_action: rgba(255, 230, 0, 0.45),
                hint: rgba(0, 230, 90, 0.9),
                captured_mark: rgba(255, 0, 60, 1.0),
                ui_light: [255, 255, 255],
                ui_dark: [255, 160, 60],
            },
            // Okabe-Ito colours: orange and blue stay apart under the common
            // colour-vision deficiencies.
            ThemeName::ColourSafe => Palette {
                background: rgb(30, 32, 36),
                frame: rgb(60, 60, 66),
                rings: [
                    rgb(240, 228, 66),
                    rgb(170, 170, 176),
                    rgb(214, 214, 218),
                    rgb(170, 170, 176),
                    rgb(214, 214, 218),
                    rgb(150, 150, 158),
                ],
                light_piece: rgb(230, 159, 0),
                dark_piece: rgb(0, 90, 160),
                light_trim: rgb(255, 255, 255),
                dark_trim: rgb(20, 20, 20),
                hover: rgba(255, 255, 255, 0.3),
                selected: rgba(240, 228, 66, 0.95),
                target: rgba(0, 158, 115, 0.9),
                capture: rgba(213, 94, 0, 0.95),
                relocation: rgba(86, 180, 233, 0.9),
                last_action: rgba(240, 228, 66, 0.35),
                hint: rgba(0, 158, 115, 0.8),
                captured_mark: rgba(213, 94, 0, 0.95),
                ui_light: [230, 159, 0],
                ui_dark: [86, 180, 233],
            },
        }
    }
}

/// The palette in use.
#[derive(Resource, Clone, Debug)]
pub struct Theme {
    pub name: ThemeName,
    pub palette: Palette,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            name: ThemeName::Classic,
            palette: Palette::of(ThemeName::Classic),
        }
    }
}

fn follow_settings(settings: Res<crate::store::Settings>, mut theme: ResMut<Theme>) {
    if theme.name != settings.theme {
        *theme = Theme {
            name: settings.theme,
            palette: Palette::of(settings.theme),
        };
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Theme>()
        .add_systems(PreUpdate, follow_settings);
}
