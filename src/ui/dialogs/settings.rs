//! The settings dialog: the language, sound, animation, cell names, the
//! side the board is seen from, the theme, the graphics, the computer's
//! threads and the camera.

use bevy_egui::egui;

use crate::game::computer::auto_threads;
use crate::i18n::Lang;
use crate::store::{AnimationSpeed, Graphics, ThemeName, ViewSide};
use crate::ui::state::GameParams;

/// The dialog's rows, each changing the settings at once.
pub(super) fn show(ui_: &mut egui::Ui, p: &mut GameParams) {
    let l = *p.lang;
    let s = &mut *p.settings;
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 10.0])
        .show(ui_, |ui_| {
            ui_.label(t!(l, "settings-language"));
            language_picker(ui_, l, &mut s.language);
            ui_.end_row();
            ui_.label(t!(l, "settings-volume"));
            ui_.add(egui::Slider::new(&mut s.master_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label(t!(l, "settings-effects"));
            ui_.add(egui::Slider::new(&mut s.effects_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label(t!(l, "settings-music"));
            ui_.add(egui::Slider::new(&mut s.music_volume, 0.0..=1.0).show_value(false));
            ui_.end_row();
            ui_.label(t!(l, "settings-mute"));
            ui_.checkbox(&mut s.muted, "");
            ui_.end_row();
            ui_.label(t!(l, "settings-animations"));
            ui_.horizontal_wrapped(|ui_| {
                for a in AnimationSpeed::ALL {
                    ui_.selectable_value(&mut s.animation, a, animation_label(l, a));
                }
            });
            ui_.end_row();
            ui_.label(t!(l, "settings-coordinates"));
            ui_.checkbox(&mut s.show_coordinates, t!(l, "settings-show-cell-names"));
            ui_.end_row();
            ui_.label(t!(l, "settings-view-from"));
            ui_.horizontal_wrapped(|ui_| {
                ui_.selectable_value(&mut s.view, ViewSide::Auto, t!(l, "settings-auto"))
                    .on_hover_text(t!(l, "settings-view-auto-hover"));
                ui_.selectable_value(&mut s.view, ViewSide::Light, t!(l, "side-light"));
                ui_.selectable_value(&mut s.view, ViewSide::Dark, t!(l, "side-dark"));
            });
            ui_.end_row();
            ui_.label(t!(l, "settings-theme"));
            ui_.vertical(|ui_| {
                for theme in ThemeName::ALL {
                    ui_.radio_value(&mut s.theme, theme, theme_label(l, theme));
                }
            });
            ui_.end_row();
            ui_.label(t!(l, "settings-graphics"));
            ui_.horizontal_wrapped(|ui_| {
                for g in Graphics::ALL {
                    let label = if g == Graphics::Auto && s.graphics == Graphics::Auto {
                        let now = crate::scene::graphics::effective(g, &p.auto_graphics);
                        let now = if now == Graphics::Low { "low" } else { "high" };
                        t!(l, "settings-graphics-auto-now", now = now)
                    } else {
                        graphics_label(l, g)
                    };
                    ui_.selectable_value(&mut s.graphics, g, label)
                        .on_hover_text(match g {
                            Graphics::Auto => t!(l, "settings-graphics-auto-hover"),
                            Graphics::High => t!(l, "settings-graphics-high-hover"),
                            Graphics::Low => t!(l, "settings-graphics-low-hover"),
                        });
                }
            });
            ui_.end_row();
            // The web searches on one thread, a slice of each frame.
            if cfg!(not(target_arch = "wasm32")) {
                ui_.label(t!(l, "settings-threads"));
                threads_picker(ui_, l, &mut s.threads);
                ui_.end_row();
            }
            ui_.label(t!(l, "settings-camera"));
            if ui_
                .button(t!(l, "settings-reset-view"))
                .on_hover_text(t!(l, "settings-reset-view-hover"))
                .clicked()
            {
                p.rig.reset();
            }
            ui_.end_row();
        });
}

/// The threads Master and the hints search with: Auto, or 1 to the cores
/// there are.
fn threads_picker(ui_: &mut egui::Ui, l: Lang, choice: &mut u16) {
    let auto = t!(l, "settings-threads-auto", threads = auto_threads());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = cores.clamp(1, agon_ai::MAX_THREADS) as u16;
    let shown = match *choice {
        0 => auto.clone(),
        n => n.to_string(),
    };
    egui::ComboBox::from_id_salt("threads")
        .selected_text(shown)
        .show_ui(ui_, |ui_| {
            ui_.selectable_value(choice, 0, auto);
            for n in 1..=most.max(*choice) {
                ui_.selectable_value(choice, n, n.to_string());
            }
        })
        .response
        .on_hover_text(t!(l, "settings-threads-hover"));
}

/// The language picker: each language named in itself, and "the
/// system's" to follow the computer's or the browser's choice.
fn language_picker(ui_: &mut egui::Ui, l: Lang, choice: &mut Option<Lang>) {
    let shown = choice.map_or_else(
        || t!(l, "settings-language-system"),
        |c| c.native_name().to_string(),
    );
    egui::ComboBox::from_id_salt("language")
        .selected_text(shown)
        .show_ui(ui_, |ui_| {
            ui_.selectable_value(choice, None, t!(l, "settings-language-system"));
            for lang in Lang::ALL {
                ui_.selectable_value(choice, Some(lang), lang.native_name());
            }
        });
}

fn animation_label(l: Lang, a: AnimationSpeed) -> String {
    match a {
        AnimationSpeed::Off => t!(l, "animation-off"),
        AnimationSpeed::Fast => t!(l, "animation-fast"),
        AnimationSpeed::Normal => t!(l, "animation-normal"),
        AnimationSpeed::Slow => t!(l, "animation-slow"),
    }
}

fn theme_label(l: Lang, theme: ThemeName) -> String {
    match theme {
        ThemeName::Classic => t!(l, "theme-classic"),
        ThemeName::HighContrast => t!(l, "theme-high-contrast"),
        ThemeName::ColourSafe => t!(l, "theme-colour-safe"),
    }
}

fn graphics_label(l: Lang, g: Graphics) -> String {
    match g {
        Graphics::Auto => t!(l, "settings-auto"),
        Graphics::High => t!(l, "graphics-high"),
        Graphics::Low => t!(l, "graphics-low"),
    }
}
