//! Settings and the saved game: loaded at start, written as they change.
//! A file that cannot be read is reported and set aside, never overwritten.

use agon_rules::{Game, Record};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::persist::{Store, platform_store};
use crate::play::{ActionApplied, BoardReset, GameEnded, Match, PlaySet};

pub const SAVE_KEY: &str = "save";
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
    pub fn step_seconds(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Fast => 0.16,
            AnimationSpeed::Normal => 0.28,
            AnimationSpeed::Slow => 0.5,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "Off",
            AnimationSpeed::Fast => "Fast",
            AnimationSpeed::Normal => "Normal",
            AnimationSpeed::Slow => "Slow",
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

    pub fn label(self) -> &'static str {
        match self {
            ThemeName::Classic => "Classic",
            ThemeName::HighContrast => "High contrast",
            ThemeName::ColourSafe => "Colour-blind safe",
        }
    }
}

/// Rendering quality. Low drops multisampling and shadows, which software
/// renderers and weak GPUs cannot draw at a playable rate.
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

    pub fn label(self) -> &'static str {
        match self {
            Graphics::Auto => "Auto",
            Graphics::High => "High",
            Graphics::Low => "Low",
        }
    }
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
    pub level: String,
    pub play_light: bool,
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
            level: "easy".into(),
            play_light: true,
        }
    }
}

impl Settings {
    pub fn from_json(text: &str) -> Result<Settings, String> {
        let s: Settings = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let vols = [s.master_volume, s.effects_volume, s.music_volume];
        if vols.iter().any(|v| !(0.0..=1.0).contains(v)) {
            return Err("a volume is outside 0 to 1".into());
        }
        Ok(s)
    }
}

/// The platform's store.
#[derive(Resource)]
pub struct Storage(pub Box<dyn Store>);

impl Default for Storage {
    fn default() -> Self {
        Storage(platform_store())
    }
}

/// A game saved by an earlier session, offered for resuming.
#[derive(Resource, Default)]
pub struct SavedGame(pub Option<(Record, Game)>);

/// Messages for the player about files: shown once, in a dialog.
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<String>);

/// Whether the match in progress is saved automatically (not the tutorial).
#[derive(Resource)]
pub struct Autosave(pub bool);

impl Default for Autosave {
    fn default() -> Self {
        Autosave(true)
    }
}

/// Loads settings and the saved game, setting aside what cannot be read.
pub fn load_at_start(
    storage: Res<Storage>,
    mut settings: ResMut<Settings>,
    mut saved: ResMut<SavedGame>,
    mut notices: ResMut<Notices>,
) {
    match storage.0.load(SETTINGS_KEY) {
        Ok(None) => {}
        Ok(Some(text)) => match Settings::from_json(&text) {
            Ok(s) => *settings = s,
            Err(e) => {
                let kept = storage.0.set_aside(SETTINGS_KEY);
                notices.0.push(unreadable("settings", &e, kept));
            }
        },
        Err(e) => notices
            .0
            .push(format!("Your settings could not be read: {e}.")),
    }
    saved.0 = match read_save(&*storage.0) {
        Ok(s) => s,
        Err(msg) => {
            notices.0.push(msg);
            None
        }
    };
}

/// The saved game, if there is one worth resuming. A save that cannot be
/// read is set aside and described in the error.
pub fn read_save(store: &dyn Store) -> Result<Option<(Record, Game)>, String> {
    match store.load(SAVE_KEY) {
        Ok(None) => Ok(None),
        Ok(Some(text)) => match Record::from_json(&text) {
            Ok((record, game)) if record.result.is_none() && !game.is_over() => {
                Ok(Some((record, game)))
            }
            Ok(_) => Ok(None),
            Err(e) => {
                let kept = store.set_aside(SAVE_KEY);
                Err(unreadable("saved game", &e.to_string(), kept))
            }
        },
        Err(e) => Err(format!("Your saved game could not be read: {e}.")),
    }
}

fn unreadable(what: &str, error: &str, kept: Result<String, String>) -> String {
    match kept {
        Ok(place) => {
            format!("Your {what} could not be read ({error}). It was kept as {place} and not used.")
        }
        Err(e) => format!(
            "Your {what} could not be read ({error}), nor set aside ({e}). It was left as it is."
        ),
    }
}

/// Saves the match after every change; a finished game is not offered again.
fn autosave(
    mut applied: MessageReader<ActionApplied>,
    mut resets: MessageReader<BoardReset>,
    mut ended: MessageReader<GameEnded>,
    the_match: Res<Match>,
    storage: Res<Storage>,
    autosave: Res<Autosave>,
    mut notices: ResMut<Notices>,
) {
    let changed = applied.read().count() + resets.read().count() + ended.read().count() > 0;
    if !changed || !autosave.0 {
        return;
    }
    let result = if the_match.is_over() || the_match.game.history().is_empty() {
        storage.0.remove(SAVE_KEY)
    } else {
        storage.0.save(SAVE_KEY, &the_match.record().to_json())
    };
    if let Err(e) = result {
        notices.0.push(format!("The game could not be saved: {e}."));
    }
}

fn save_settings(
    settings: Res<Settings>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
    mut last: Local<Option<Settings>>,
) {
    if last.is_none() {
        // The first run sees the settings as loaded: nothing to write.
        *last = Some(settings.clone());
        return;
    }
    if last.as_ref() == Some(&*settings) {
        return;
    }
    *last = Some(settings.clone());
    let text = serde_json::to_string_pretty(&*settings).expect("settings serialize");
    if let Err(e) = storage.0.save(SETTINGS_KEY, &text) {
        notices
            .0
            .push(format!("Your settings could not be saved: {e}."));
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Storage>()
        .init_resource::<Settings>()
        .init_resource::<SavedGame>()
        .init_resource::<Notices>()
        .init_resource::<Autosave>()
        .add_systems(PreStartup, load_at_start)
        .add_systems(Update, (autosave, save_settings).in_set(PlaySet::Present));
}
