//! Sound: what the game's events sound like, and playing it with kira.
//!
//! [`choose_sounds`] turns the game's messages into [`Sfx`] messages (no
//! audio device needed, so it is tested headless); [`AudioPlugin`] plays
//! them, and quiet looped music, at the volumes of the settings.

use agon_rules::{ActionKind, Ending};
use bevy::prelude::*;
use bevy_kira_audio::prelude::{
    Audio, AudioApp, AudioChannel, AudioControl, AudioSource, Decibels,
};

use crate::frames::AppSystems;
use crate::game::{ActionApplied, Feedback, GameEnded, Match, Mode, Selection};
use crate::store::Settings;

/// A sound effect.
#[derive(Message, Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    Select,
    Step,
    Capture,
    Relocate,
    Illegal,
    YourTurn,
    Win,
    Loss,
    Draw,
    Click,
}

impl Sfx {
    pub const ALL: [Sfx; 10] = [
        Sfx::Select,
        Sfx::Step,
        Sfx::Capture,
        Sfx::Relocate,
        Sfx::Illegal,
        Sfx::YourTurn,
        Sfx::Win,
        Sfx::Loss,
        Sfx::Draw,
        Sfx::Click,
    ];

    pub fn file(self) -> &'static str {
        match self {
            Sfx::Select => "sounds/select.ogg",
            Sfx::Step => "sounds/step.ogg",
            Sfx::Capture => "sounds/capture.ogg",
            Sfx::Relocate => "sounds/relocate.ogg",
            Sfx::Illegal => "sounds/illegal.ogg",
            Sfx::YourTurn => "sounds/your-turn.ogg",
            Sfx::Win => "sounds/win.ogg",
            Sfx::Loss => "sounds/loss.ogg",
            Sfx::Draw => "sounds/draw.ogg",
            Sfx::Click => "sounds/click.ogg",
        }
    }

    /// A per-sound level so the set sounds even.
    fn gain(self) -> f32 {
        match self {
            Sfx::Step | Sfx::Select => 1.0,
            Sfx::Capture => 0.8,
            Sfx::YourTurn => 1.0,
            Sfx::Win | Sfx::Loss | Sfx::Draw => 0.8,
            _ => 0.9,
        }
    }
}

/// Which sounds the game's messages call for.
#[allow(clippy::too_many_arguments)]
pub(crate) fn choose_sounds(
    mut applied: MessageReader<ActionApplied>,
    mut ended: MessageReader<GameEnded>,
    mut feedback: MessageReader<Feedback>,
    mut clicks: MessageReader<crate::game::CellClicked>,
    the_match: Res<Match>,
    selection: Res<Selection>,
    mut last_selected: Local<Option<agon_rules::Cell>>,
    mut sfx: MessageWriter<Sfx>,
) {
    // Picking a piece up by hand clicks; the game's own pick-up (a piece
    // that must be relocated) is silent.
    let clicked = clicks.read().count() > 0;
    if selection.from != *last_selected {
        if selection.from.is_some() && clicked {
            sfx.write(Sfx::Select);
        }
        *last_selected = selection.from;
    }
    for a in applied.read() {
        sfx.write(match a.played.kind {
            ActionKind::Step => Sfx::Step,
            ActionKind::Relocation => Sfx::Relocate,
        });
        if a.played.captured.any() {
            sfx.write(Sfx::Capture);
        }
        if a.played.outcome.is_none()
            && the_match.computer_side() == Some(a.mover)
            && !the_match.is_over()
        {
            sfx.write(Sfx::YourTurn);
        }
    }
    for GameEnded(e) in ended.read() {
        sfx.write(ending_sound(*e, the_match.mode));
    }
    if feedback.read().count() > 0 {
        sfx.write(Sfx::Illegal);
    }
}

/// Win, loss or draw, as the person at the screen hears it.
pub fn ending_sound(e: Ending, mode: Mode) -> Sfx {
    match (e.winner(), mode) {
        (None, _) => Sfx::Draw,
        (
            Some(w),
            Mode::VsComputer { human, .. }
            | Mode::Remote { me: human }
            | Mode::Online {
                me: Some(human), ..
            },
        ) if w != human => Sfx::Loss,
        _ => Sfx::Win,
    }
}

/// The music's own channel, so its volume is set apart from the effects.
#[derive(Resource, Default)]
pub struct Music;

#[derive(Resource)]
pub struct Sounds(Vec<(Sfx, Handle<AudioSource>)>, Handle<AudioSource>);

impl Sounds {
    /// Every sound: the effects, then the music.
    pub fn handles(&self) -> impl Iterator<Item = &Handle<AudioSource>> {
        self.0.iter().map(|(_, h)| h).chain([&self.1])
    }
}

fn decibels(linear: f32) -> Decibels {
    if linear <= 0.001 {
        Decibels(-80.0)
    } else {
        Decibels(20.0 * linear.log10())
    }
}

const MUSIC: &str = "sounds/music.ogg";

/// The sounds, built into the desktop binary so that it runs from any
/// folder with nothing beside it. The web fetches them beside the page
/// instead: in the wasm they would add to the download before the first
/// frame.
#[cfg(not(target_arch = "wasm32"))]
const EMBEDDED_SOUNDS: [(&str, &[u8]); 11] = [
    (
        "sounds/select.ogg",
        include_bytes!("../assets/sounds/select.ogg"),
    ),
    (
        "sounds/step.ogg",
        include_bytes!("../assets/sounds/step.ogg"),
    ),
    (
        "sounds/capture.ogg",
        include_bytes!("../assets/sounds/capture.ogg"),
    ),
    (
        "sounds/relocate.ogg",
        include_bytes!("../assets/sounds/relocate.ogg"),
    ),
    (
        "sounds/illegal.ogg",
        include_bytes!("../assets/sounds/illegal.ogg"),
    ),
    (
        "sounds/your-turn.ogg",
        include_bytes!("../assets/sounds/your-turn.ogg"),
    ),
    ("sounds/win.ogg", include_bytes!("../assets/sounds/win.ogg")),
    (
        "sounds/loss.ogg",
        include_bytes!("../assets/sounds/loss.ogg"),
    ),
    (
        "sounds/draw.ogg",
        include_bytes!("../assets/sounds/draw.ogg"),
    ),
    (
        "sounds/click.ogg",
        include_bytes!("../assets/sounds/click.ogg"),
    ),
    (MUSIC, include_bytes!("../assets/sounds/music.ogg")),
];

/// Where a sound is loaded from: Bevy's `embedded://` source on the
/// desktop, the page's `assets/` on the web.
pub(crate) fn sound_path(file: &str) -> String {
    if cfg!(target_arch = "wasm32") {
        file.to_string()
    } else {
        format!("embedded://agon/{file}")
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn embed_sounds(app: &mut App) {
    let registry = app
        .world()
        .resource::<bevy::asset::io::embedded::EmbeddedAssetRegistry>();
    for (file, bytes) in EMBEDDED_SOUNDS {
        let path = std::path::Path::new("agon").join(file);
        registry.insert_asset(path.clone(), &path, bytes);
    }
}

/// Once the board has been drawn: on the web, decoding them would hold up
/// its first frames.
fn load_sounds(
    mut commands: Commands,
    assets: Res<AssetServer>,
    board: Res<crate::scene::BoardShown>,
    sounds: Option<Res<Sounds>>,
) {
    if !board.on_screen || sounds.is_some() {
        return;
    }
    let effects = Sfx::ALL
        .iter()
        .map(|&s| (s, assets.load(sound_path(s.file()))))
        .collect();
    commands.insert_resource(Sounds(effects, assets.load(sound_path(MUSIC))));
}

fn play_effects(
    mut sfx: MessageReader<Sfx>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    audio: Res<Audio>,
) {
    let Some(sounds) = sounds else { return };
    let mut played = Vec::new();
    for &s in sfx.read() {
        // The same sound twice in a frame would only be louder.
        if settings.muted || played.contains(&s) {
            continue;
        }
        played.push(s);
        if let Some((_, h)) = sounds.0.iter().find(|(k, _)| *k == s) {
            let v = settings.master_volume * settings.effects_volume * s.gain();
            audio.play(h.clone()).with_volume(decibels(v));
        }
    }
}

fn music(
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    channel: Res<AudioChannel<Music>>,
    mut started: Local<bool>,
    mut last_volume: Local<Option<f32>>,
) {
    let Some(sounds) = sounds else { return };
    let v = if settings.muted {
        0.0
    } else {
        settings.master_volume * settings.music_volume
    };
    if !*started {
        *started = true;
        channel
            .play(sounds.1.clone())
            .looped()
            .with_volume(decibels(v));
        *last_volume = Some(v);
    } else if *last_volume != Some(v) {
        channel.set_volume(decibels(v));
        *last_volume = Some(v);
    }
}

/// Chooses sounds (headless too).
pub(crate) fn core_plugin(app: &mut App) {
    app.add_message::<Sfx>()
        .add_systems(Update, choose_sounds.in_set(AppSystems::Present));
}

/// Plays them: needs an audio device (or a browser's audio).
pub fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    embed_sounds(app);
    app.add_plugins(bevy_kira_audio::AudioPlugin)
        .add_audio_channel::<Music>()
        .add_systems(
            Update,
            (load_sounds, play_effects, music)
                .chain()
                .after(choose_sounds)
                .in_set(AppSystems::Present),
        );
}
