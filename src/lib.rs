//! Agon, the game: a Bevy app over the rules and AI crates.
//!
//! [`AgonPlugin`] builds the whole game; [`CorePlugin`] is the part that
//! needs no window or renderer (the match, the computer, saving, the
//! animation clock), which the headless tests drive.

pub mod ai_driver;
pub mod animation;
pub mod audio;
pub mod board;
pub mod camera;
pub mod cli;
pub mod diagnostics;
pub mod effects;
pub mod graphics;
pub mod input;
pub mod layout;
pub mod persist;
pub mod pieces;
pub mod play;
pub mod save;
pub mod theme;
pub mod tutorial;
pub mod ui;
pub mod web;

use agon_ai::Level;
use agon_rules::{Cell, Game, Side};
use bevy::prelude::*;

use crate::cli::{ModeChoice, Options};
use crate::play::{BoardReset, Match, Mode, PlaySet, Selection};
use crate::save::{SavedGame, Settings, Storage};
use crate::ui::Screen;

/// The game without rendering: rules, turn flow, the computer, saves.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>();
        play::plugin(app);
        ai_driver::plugin(app);
        save::plugin(app);
        animation::plugin(app);
        audio::core_plugin(app);
        tutorial::plugin(app);
        app.configure_sets(Update, pieces::PieceSystems.in_set(PlaySet::Present));
    }
}

/// The whole game, for a window.
pub struct AgonPlugin {
    pub options: Options,
}

impl Plugin for AgonPlugin {
    fn build(&self, app: &mut App) {
        if self.options.no_save {
            app.insert_resource(Storage(Box::new(persist::MemoryStore::default())));
        }
        app.add_plugins(bevy_egui::EguiPlugin::default());
        app.add_plugins(CorePlugin);
        theme::plugin(app);
        board::plugin(app);
        pieces::plugin(app);
        effects::plugin(app);
        camera::plugin(app);
        graphics::plugin(app);
        input::plugin(app);
        ui::plugin(app);
        diagnostics::plugin(app);
        audio::plugin(app);
        web::plugin(app);
        app.insert_resource(StartOptions(self.options.clone()))
            .add_systems(Startup, apply_options)
            .add_systems(
                Update,
                select_from_options
                    .in_set(PlaySet::Rules)
                    .after(play::on_reset)
                    .before(play::preselect_relocation),
            );
        if let Some(path) = &self.options.screenshot {
            app.insert_resource(diagnostics::ScreenshotPlan {
                path: path.clone(),
                frames: self.options.frames,
                min_seconds: 3.0,
                taken: false,
                then: self.options.then,
                then_seconds: self.options.then_seconds,
                then_at: None,
            });
        }
    }
}

/// The options given at launch.
#[derive(Resource, Clone)]
pub struct StartOptions(pub Options);

/// Sets up the first match from the command line (or, on the web, goes
/// straight into a game against the computer).
#[allow(clippy::too_many_arguments)]
pub fn apply_options(
    options: Res<StartOptions>,
    mut the_match: ResMut<Match>,
    mut settings: ResMut<Settings>,
    mut saved: ResMut<SavedGame>,
    mut notices: ResMut<save::Notices>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut resets: MessageWriter<BoardReset>,
    mut hints: MessageWriter<ai_driver::HintRequest>,
    mut ui_state: ResMut<ui::UiState>,
    mut lessons: MessageWriter<tutorial::GoToLesson>,
) {
    let o = &options.0;
    if let Some(t) = o.theme {
        settings.theme = t;
    }
    if let Some(g) = o.graphics {
        settings.graphics = g;
    }
    if let Some(a) = o.animation {
        settings.animation = a;
    }
    if let Some(v) = o.view {
        settings.view = match v {
            Side::Light => save::ViewSide::Light,
            Side::Dark => save::ViewSide::Dark,
        };
    }
    ui_state.level = settings.level.parse().unwrap_or(Level::Easy);
    ui_state.side_choice = if settings.play_light {
        ui::SideChoice::Light
    } else {
        ui::SideChoice::Dark
    };
    let level = o.level.unwrap_or(ui_state.level);
    let mode = match o.mode {
        Some(ModeChoice::PassAndPlay) => Mode::PassAndPlay,
        Some(ModeChoice::Watch) => Mode::Watch { level },
        _ => Mode::VsComputer {
            human: o.side.unwrap_or(Side::Light),
            level,
        },
    };
    let mut playing = o.starts_playing();
    if let Some(path) = &o.load {
        let loaded = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let mut m = Match::default();
                ui::import_record(&text, &mut m).map(|()| m)
            });
        match loaded {
            Ok(m) => *the_match = m,
            Err(e) => {
                notices.0.push(format!("{path} could not be loaded: {e}"));
                playing = false;
            }
        }
    } else if let Some(p) = o.position {
        *the_match = Match::new(Game::from_position(p), mode);
    } else if playing {
        *the_match = Match::new(Game::new(), mode);
    } else if cfg!(target_arch = "wasm32") {
        // The web goes straight to a game: the saved one, or a new one.
        playing = true;
        match saved.0.take() {
            Some((record, game)) => *the_match = Match::from_record(&record, game),
            None => *the_match = Match::new(Game::new(), mode),
        }
    }
    for (i, text) in o.play.iter().enumerate() {
        if let Err(e) = the_match.game.play_text(text) {
            notices
                .0
                .push(format!("--play: action {i} ({text}) was not played: {e}"));
            break;
        }
    }
    if playing {
        next_screen.set(Screen::Playing);
        ui_state.game_over_open = the_match.is_over();
    }
    resets.write(BoardReset);
    if o.hint {
        hints.write(ai_driver::HintRequest);
    }
    if let Some(n) = o.tutorial {
        lessons.write(tutorial::GoToLesson(n));
    }
}

/// Picks up the piece named by `--select`, once the first reset is through.
fn select_from_options(
    options: Res<StartOptions>,
    the_match: Res<Match>,
    mut selection: ResMut<Selection>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    *done = true;
    if let Some(cell) = options
        .0
        .select
        .as_deref()
        .and_then(|n| n.parse::<Cell>().ok())
    {
        selection.select(the_match.position(), cell);
    }
}
