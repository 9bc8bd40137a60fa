//! Agon, the game: a Bevy app over the rules and AI crates (`agon-rules`,
//! `agon-ai`), which alone judge what is legal and what is good.
//!
//! [`AgonPlugin`] builds the whole game; [`CorePlugin`] is the part that
//! needs no window, renderer or interface (the match, the computer, saving,
//! sound choices, the animation clock, when to draw). `main.rs` launches it.
//!
//! ## Layers
//!
//! The folders are the concerns, laid in one direction: each row takes only
//! from the rows under it (and the crates), never from a row above, and the
//! units of one row never import each other in a circle. Input and the
//! interface request, `game/`'s owner applies through the rules and
//! announces, and the rows above it only read the announcements. The test
//! `checks::layers` reads this table and holds the code to it.
//!
//! ```text
//! lib.rs cli.rs headless.rs checks/  the app, its options, the app without a window, checks
//! dev/                               frame statistics, screenshots, the page's data for tests
//! ui/                                the interface (egui): reads the match, requests changes
//! audio.rs                           sounds, chosen from what the match announced
//! scene/                             the 3D board, the pieces and their motions, the camera
//! store/                             settings and language, the saved game, records as files
//! game/                              the match and its one owner, turns, the computer, lessons
//! i18n/ frames.rs timings.rs page.rs socket.rs  leaves: words, the frame, the page, a socket
//! ```
//!
//! Inside `ui/`, the pieces that more than one part draws live in
//! `ui/widgets/` and the interface's own types in `ui/state.rs`: no part
//! draws with a sibling's code.

// Everything `pub` in here is the crate's public face (to main.rs and the
// tests); what a module keeps to itself or to the crate says so.
#![warn(unreachable_pub)]

// First, so that `t!` is in scope in every module after it.
#[macro_use]
pub mod i18n;

pub mod audio;
pub mod cli;
pub mod dev;
pub mod frames;
pub mod game;
pub mod headless;
mod page;
pub mod scene;
mod socket;
pub mod store;
mod timings;
pub mod ui;

use agon_rules::Game;
use bevy::prelude::*;

use crate::cli::{ModeChoice, Options};
use crate::game::computer::HintRequest;
use crate::game::turn::FirstSelection;
use crate::game::{MatchCommand, SavedGame};
use crate::store::{Notice, Notices, Settings, Storage, ViewSide};

/// The game without rendering or interface: rules, turn flow, the computer,
/// saves.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        // The layers from the bottom up.
        frames::plugin(app);
        i18n::plugin(app);
        game::plugin(app);
        store::plugin(app);
        scene::animation::plugin(app);
        audio::core_plugin(app);
    }
}

/// The whole game, for a window.
pub struct AgonPlugin {
    pub options: Options,
}

impl Plugin for AgonPlugin {
    fn build(&self, app: &mut App) {
        if self.options.no_save {
            app.insert_resource(Storage(Box::new(store::storage::MemoryStore::default())));
        }
        app.add_plugins(bevy_egui::EguiPlugin::default());
        app.add_plugins(CorePlugin);
        frames::render_plugin(app);
        scene::plugin(app);
        ui::plugin(app);
        audio::plugin(app);
        dev::plugin(app);
        let first = self.options.select.as_deref().and_then(|n| n.parse().ok());
        app.insert_resource(store::LangOverride(self.options.lang))
            .insert_resource(FirstSelection(first))
            .insert_resource(StartOptions(self.options.clone()))
            .add_systems(Startup, apply_options);
        if let Some(path) = &self.options.screenshot {
            app.insert_resource(dev::diagnostics::ScreenshotPlan {
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

/// Applies the command line: settings for this session, and the first
/// match as a request to its owner (which asks before it would replace a
/// saved game). With no options the desktop opens on the menu and changes
/// nothing; the web goes straight to a game: its address's link, else the
/// saved one.
#[allow(clippy::too_many_arguments)]
pub(crate) fn apply_options(
    options: Res<StartOptions>,
    mut settings: ResMut<Settings>,
    saved: Res<SavedGame>,
    mut notices: ResMut<Notices>,
    mut commands: MessageWriter<MatchCommand>,
    mut hints: MessageWriter<HintRequest>,
    mut analyse: MessageWriter<game::analysis::AnalysisRequest>,
    mut online: MessageWriter<game::online::OnlineRequest>,
    mut server: ResMut<game::online::ServerUrl>,
) {
    let o = &options.0;
    if let Some(url) = &o.server {
        server.0.clone_from(url);
    }

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
        settings.view = ViewSide::from(v);
    }
    let level = o.level.unwrap_or(settings.level);
    let setup = o
        .mode
        .unwrap_or(ModeChoice::VsComputer)
        .setup(o.side.map_or(settings.side, Into::into), level);
    let page_query = if cfg!(target_arch = "wasm32") {
        page::query()
    } else {
        None
    };
    // A puzzle's link opens the puzzle.
    let puzzle = o
        .open
        .as_deref()
        .or(page_query.as_deref())
        .and_then(game::link::puzzle_id);
    if let Some(id) = puzzle {
        commands.write(MatchCommand::StartPuzzle(game::puzzle::PuzzleStart::Id(id)));
    } else if let Some(link) = &o.open
        && open_online(link, "notice-link-failed", &mut notices, &mut online)
    {
    } else if let Some(query) = &page_query
        && o.open.is_none()
        && open_online(query, "notice-address-failed", &mut notices, &mut online)
    {
    } else if let Some(link) = &o.open {
        match game::link::read_link(link, level) {
            Ok(command) => {
                commands.write(command);
            }
            Err(e) => notices
                .0
                .push(Notice::new("notice-link-failed").with("error", e)),
        }
    } else if let Some(path) = &o.load {
        match store::files::read_file(path)
            .and_then(|text| game::import::parse_import(&text, level))
        {
            Ok(command) => {
                commands.write(command);
            }
            Err(e) => notices.0.push(
                Notice::new("notice-load-failed")
                    .with("path", path.display().to_string())
                    .with("error", e),
            ),
        }
    } else if o.position.is_some() || o.mode.is_some() || !o.play.is_empty() {
        let mut game = o.position.map_or_else(Game::new, Game::from_position);
        for (i, text) in o.play.iter().enumerate() {
            if let Err(e) = game.play_text(text) {
                notices.0.push(
                    Notice::new("notice-play-failed")
                        .with("index", i + 1)
                        .with("action", text)
                        .with("error", &e),
                );
                break;
            }
        }
        commands.write(MatchCommand::New {
            setup,
            game: Box::new(game),
            confirmed: false,
        });
    } else if let Some(n) = o.tutorial {
        commands.write(MatchCommand::StartLesson(n));
    } else if cfg!(target_arch = "wasm32") {
        // The web goes straight to a game: the one in the page's link (the
        // owner asks before it replaces a saved one), else the saved one,
        // or a new one. A bad link is said, and the saved game resumed.
        let linked = page_query.and_then(|query| {
            game::link::read_link(&query, level)
                .map_err(|e| {
                    notices
                        .0
                        .push(Notice::new("notice-address-failed").with("error", e))
                })
                .ok()
        });
        commands.write(linked.unwrap_or_else(|| {
            if saved.0.is_some() {
                MatchCommand::Resume
            } else {
                MatchCommand::new_game(setup)
            }
        }));
    }
    if o.hint {
        hints.write(HintRequest);
    }
    if o.analyse {
        analyse.write(game::analysis::AnalysisRequest(true));
    }
}

/// Whether `link` names an online game: then its room is joined (the seat
/// this device holds there, else a free one, else a place to watch), or
/// why it cannot be is said under `key`.
fn open_online(
    link: &str,
    key: &'static str,
    notices: &mut Notices,
    online: &mut MessageWriter<game::online::OnlineRequest>,
) -> bool {
    match game::link::online_room(link) {
        None => false,
        Some(Ok(room)) => {
            online.write(game::online::OnlineRequest::Join { room });
            true
        }
        Some(Err(e)) => {
            notices.0.push(Notice::new(key).with("error", e));
            true
        }
    }
}

// Last: the source checks read each file up to its first test module.
#[cfg(test)]
mod checks;
