//! The player's preferences, kept between sessions: sound, animation,
//! view, theme, graphics, and the last choices of the new-game dialog.

use agon_ai::Level;
use agon_rules::Excerpt;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::SideChoice;
use crate::game::computer::{Thinker, threads_for};
use crate::i18n::Message;
use crate::store::{Notice, Notices, Storage, load_kept, say_once};

pub const SETTINGS_KEY: &str = "settings";

/// How fast pieces move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    Off,
    Fast,
    Normal,
    Slow,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Off,
        AnimationSpeed::Fast,
        AnimationSpeed::Normal,
        AnimationSpeed::Slow,
    ];

    /// Seconds for a one-cell step at this speed (0 = instant).
    pub(crate) fn step_seconds(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Fast => 0.16,
            AnimationSpeed::Normal => 0.28,
            AnimationSpeed::Slow => 0.5,
        }
    }
}

/// From which side the board is seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ViewSide {
    /// Your own side against the computer; the side to move in pass-and-play.
    Auto,
    Light,
    Dark,
}

impl From<agon_rules::Side> for ViewSide {
    fn from(side: agon_rules::Side) -> ViewSide {
        match side {
            agon_rules::Side::Light => ViewSide::Light,
            agon_rules::Side::Dark => ViewSide::Dark,
        }
    }
}

/// The look of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThemeName {
    Classic,
    HighContrast,
    /// Blue and orange sides, safe for the common colour-vision deficiencies.
    ColourSafe,
}

impl ThemeName {
    pub const ALL: [ThemeName; 3] = [
        ThemeName::Classic,
        ThemeName::HighContrast,
        ThemeName::ColourSafe,
    ];
}

/// Rendering quality. Low drops multisampling and shadows and lights the
/// board with a shorter shader: software renderers and weak GPUs cannot draw
/// the full set at a playable rate.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Graphics {
    /// High, until the first frames show the machine cannot keep up.
    #[default]
    Auto,
    High,
    Low,
}

impl Graphics {
    pub const ALL: [Graphics; 3] = [Graphics::Auto, Graphics::High, Graphics::Low];
}

/// The player's preferences, kept between sessions.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub master_volume: f32,
    pub effects_volume: f32,
    pub music_volume: f32,
    pub muted: bool,
    pub animation: AnimationSpeed,
    pub show_coordinates: bool,
    pub view: ViewSide,
    pub theme: ThemeName,
    pub graphics: Graphics,
    /// The last choices in the new-game dialog.
    #[serde(with = "level_name")]
    pub level: Level,
    pub side: SideChoice,
    /// The language chosen in Settings; none follows the system's.
    pub language: Option<crate::i18n::Lang>,
    /// Threads Master and the hints search with on the desktop; 0 for
    /// the cores there are, less one for the frame.
    pub threads: u16,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            master_volume: 0.8,
            effects_volume: 0.8,
            music_volume: 0.35,
            muted: false,
            animation: AnimationSpeed::Normal,
            show_coordinates: true,
            view: ViewSide::Auto,
            theme: ThemeName::Classic,
            graphics: Graphics::Auto,
            level: Level::Easy,
            side: SideChoice::Light,
            language: None,
            threads: 0,
        }
    }
}

impl Settings {
    pub(crate) fn from_json(text: &str) -> Result<Settings, Message> {
        let s: Settings = serde_json::from_str(text).map_err(|e| {
            Message::new("error-settings-json").with("detail", Excerpt(&e.to_string()).to_string())
        })?;
        let vols = [s.master_volume, s.effects_volume, s.music_volume];
        if vols.iter().any(|v| !(0.0..=1.0).contains(v)) {
            return Err(Message::new("error-settings-volume"));
        }
        if usize::from(s.threads) > agon_ai::MAX_THREADS {
            return Err(Message::new("error-settings-threads")
                .with("threads", s.threads)
                .with("most", agon_ai::MAX_THREADS));
        }
        Ok(s)
    }
}

/// Gives the computer the threads the settings ask for.
pub(super) fn follow_threads(settings: Res<Settings>, thinker: Option<ResMut<Thinker>>) {
    if let Some(mut thinker) = thinker
        && settings.is_changed()
    {
        thinker.threads = threads_for(settings.threads);
    }
}

/// Reads the settings at start, setting aside a file that cannot be read.
pub(super) fn load_settings(
    storage: Res<Storage>,
    mut settings: ResMut<Settings>,
    mut notices: ResMut<Notices>,
) {
    match load_kept(&*storage.0, SETTINGS_KEY, "settings", Settings::from_json) {
        Ok(Some(s)) => *settings = s,
        // No choice made yet: the system's wish for less motion decides.
        Ok(None) if system_prefers_reduced_motion() => settings.animation = AnimationSpeed::Off,
        Ok(None) => {}
        Err(notice) => notices.0.push(notice),
    }
}

/// Whether the system asks for less motion: the browser's
/// `prefers-reduced-motion`; on Linux, GNOME's animations switched off.
pub(super) fn system_prefers_reduced_motion() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        crate::page::prefers_reduced_motion()
    }
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    {
        std::process::Command::new("gsettings")
            .args(["get", "org.gnome.desktop.interface", "enable-animations"])
            .stderr(std::process::Stdio::null())
            .output()
            .is_ok_and(|out| out.status.success() && gnome_animations_off(&out.stdout))
    }
    #[cfg(not(any(unix, target_arch = "wasm32")))]
    {
        false
    }
}

/// What `gsettings get org.gnome.desktop.interface enable-animations` says
/// when animations are off.
#[cfg(all(unix, not(target_arch = "wasm32")))]
fn gnome_animations_off(answer: &[u8]) -> bool {
    String::from_utf8_lossy(answer).trim() == "false"
}

/// Writes the settings when they change (not the first time: they are as
/// loaded, or as the command line set them for this session).
pub(super) fn save_settings(
    settings: Res<Settings>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
    mut last: Local<Option<Settings>>,
    mut failing: Local<bool>,
) {
    if last.is_none() {
        *last = Some(settings.clone());
        return;
    }
    if last.as_ref() == Some(&*settings) {
        return;
    }
    *last = Some(settings.clone());
    let text = serde_json::to_string_pretty(&*settings).expect("settings serialize");
    // A slider moves the settings every frame: a failing write is said once.
    let result = storage.0.save(SETTINGS_KEY, &text);
    say_once(result, &mut failing, &mut notices, |e| {
        Notice::new("notice-settings-failed").with("error", e)
    });
}

/// A level by its name in settings files (`"easy"`), as in records.
mod level_name {
    use agon_ai::Level;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(level.name())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(all(unix, not(target_arch = "wasm32")))]
    #[test]
    fn gnome_says_false_when_animations_are_off() {
        assert!(gnome_animations_off(b"false\n"));
        assert!(!gnome_animations_off(b"true\n"));
        assert!(!gnome_animations_off(b""));
    }

    #[test]
    fn settings_round_trip_with_typed_choices() {
        let s = Settings {
            level: Level::Hard,
            side: SideChoice::Random,
            ..Settings::default()
        };
        let text = serde_json::to_string(&s).unwrap();
        assert!(text.contains("\"level\":\"hard\""), "{text}");
        assert!(text.contains("\"side\":\"random\""), "{text}");
        assert_eq!(Settings::from_json(&text).unwrap(), s);
        // An unknown level names itself in the error.
        let bad = text.replace("hard", "godlike");
        let e = Settings::from_json(&bad).unwrap_err().to_string();
        assert!(
            e.starts_with("The settings cannot be read") && e.contains("godlike"),
            "{e}"
        );
    }

    #[test]
    fn threads_are_kept_and_checked() {
        // A file from before the setting reads as Auto.
        let old = serde_json::to_string(&Settings::default()).unwrap();
        let old = old.replace(",\"threads\":0", "");
        assert!(!old.contains("threads"), "{old}");
        assert_eq!(Settings::from_json(&old).unwrap().threads, 0);
        let s = Settings {
            threads: 3,
            ..Settings::default()
        };
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(Settings::from_json(&text).unwrap(), s);
        // More than a search can have is refused, naming both numbers.
        let e = Settings::from_json(&text.replace("\"threads\":3", "\"threads\":65"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("65") && e.contains("64"), "{e}");
        // Past what the field holds: the reader's own error, not a wrap.
        let e = Settings::from_json(&text.replace("\"threads\":3", "\"threads\":70000"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("The settings cannot be read"), "{e}");
    }

    #[test]
    fn the_thinker_follows_the_threads_setting() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(Settings {
                threads: 3,
                ..Settings::default()
            })
            .init_resource::<Thinker>()
            .add_systems(Update, follow_threads);
        app.update();
        assert_eq!(app.world().resource::<Thinker>().threads, 3);
        app.world_mut().resource_mut::<Settings>().threads = 2;
        app.update();
        assert_eq!(app.world().resource::<Thinker>().threads, 2);
    }
}
