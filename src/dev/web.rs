//! The page around the game in a browser: says when the board is ready (the
//! loading screen fades out) and shows the game to end-to-end tests as
//! `data-*` attributes of `<body>`: `ready`, `afn`, `thinking`, `result`,
//! `analysis` (the depth and best action of the analysis, when it is open),
//! `notices` (messages for the player, such as an unreadable save), the
//! screen position of every cell (`cell-f1`...), where the interface drew
//! its marked controls, and frame and search timings. (The address that
//! follows the game is `game::link`'s.)

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;

use crate::game::Match;
use crate::game::computer::Thinker;
use crate::page::{set_data as set, since_navigation_ms};

/// What the page was last told, to write only changes.
#[derive(Default)]
struct Shown {
    ready: bool,
    afn: String,
    thinking: bool,
    result: String,
    notices: String,
    camera: Option<(Mat4, Option<(UVec2, UVec2)>)>,
    resting: bool,
    places: std::collections::BTreeMap<&'static str, bevy_egui::egui::Pos2>,
    animation: Option<crate::store::AnimationSpeed>,
    lang: &'static str,
    analysis: String,
    online: (&'static str, bool),
    puzzle: &'static str,
}

#[allow(clippy::too_many_arguments)]
fn publish(
    frames: Res<FrameCount>,
    the_match: Res<Match>,
    thinker: Res<Thinker>,
    notices: Res<crate::store::Notices>,
    stats: Res<crate::dev::diagnostics::FrameStats>,
    pace: Res<crate::frames::Frames>,
    ui: Res<crate::ui::state::UiState>,
    settings: Res<crate::store::Settings>,
    lang: Res<crate::i18n::Lang>,
    analysis: Res<crate::game::analysis::Analysis>,
    online: Res<crate::game::online::Online>,
    puzzles: Res<crate::game::puzzle::PuzzleState>,
    board: Res<crate::scene::BoardShown>,
    camera: Query<(&Camera, &GlobalTransform), With<crate::scene::camera::BoardCamera>>,
    mut shown: Local<Shown>,
) {
    // Ready once a frame that drew the board and its pieces has been
    // rendered and shown (on a software renderer that takes seconds).
    if board.on_screen && !shown.ready {
        shown.ready = true;
        // When, in ms from the start of navigation: a test polling for
        // `ready` sees it only between the page's (slow, software) frames.
        if let Some(ms) = since_navigation_ms() {
            set("readyMs", &format!("{ms:.0}"));
        }
        set("ready", "1");
    }
    if lang.code() != shown.lang {
        set("lang", lang.code());
        shown.lang = lang.code();
    }
    let afn = the_match.position().to_afn();
    if afn != shown.afn {
        set("afn", &afn);
        shown.afn = afn;
    }
    if thinker.thinking() != shown.thinking {
        shown.thinking = thinker.thinking();
        set("thinking", if shown.thinking { "1" } else { "0" });
    }
    let result = the_match.result().map_or(String::new(), |e| e.to_string());
    if result != shown.result {
        set("result", &result);
        shown.result = result;
    }
    // At rest once a frame asked for no other: the page then draws nothing
    // until something happens (or the idle wait passes).
    let resting = pace.still >= 1;
    if resting != shown.resting {
        shown.resting = resting;
        set("resting", if resting { "1" } else { "0" });
    }
    // The animation speed, which the system's reduced-motion wish sets,
    // by the settings file's name for it: `off`, `fast`...
    if shown.animation != Some(settings.animation) {
        shown.animation = Some(settings.animation);
        let name = serde_json::to_value(settings.animation)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        set("animation", &name);
    }
    // The analysis's deepest line: `depth 7 f1-f2`.
    let line = analysis.line(&the_match).map_or(String::new(), |l| {
        let best = l.pv.first().map_or(String::new(), |a| a.to_string());
        format!("depth {} {best}", l.depth)
    });
    if line != shown.analysis {
        set("analysis", &line);
        shown.analysis = line;
    }
    // Online: the seat on this page (`light`, `dark`, `watch`), and whether
    // the game has started.
    let seat = match the_match.mode {
        crate::game::Mode::Online { me: Some(side) } => side.name(),
        crate::game::Mode::Online { me: None } => "watch",
        _ => "",
    };
    if (seat, online.started()) != shown.online {
        shown.online = (seat, online.started());
        set("onlineSeat", seat);
        set("onlineStarted", if online.started() { "1" } else { "0" });
    }
    // A puzzle: `playing`, `wrong` (the last action was refused), `solved`.
    let puzzle = match puzzles.active.as_ref().map(|a| &a.attempt) {
        None => "",
        Some(crate::game::puzzle::Attempt::Playing) => "playing",
        Some(crate::game::puzzle::Attempt::Wrong(_)) => "wrong",
        Some(crate::game::puzzle::Attempt::Solved) => "solved",
    };
    if puzzle != shown.puzzle {
        shown.puzzle = puzzle;
        set("puzzle", puzzle);
    }
    let said = notices
        .0
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    if said != shown.notices {
        set("notices", &said);
        shown.notices = said;
    }
    // Where each cell is on screen, for tests that click on the board.
    if let Ok((cam, tr)) = camera.single() {
        let key = (
            tr.to_matrix(),
            cam.viewport
                .as_ref()
                .map(|v| (v.physical_position, v.physical_size)),
        );
        if shown.camera != Some(key) {
            shown.camera = Some(key);
            for cell in agon_rules::Cell::all() {
                if let Ok(p) = cam.world_to_viewport(tr, crate::scene::layout::cell_center(cell)) {
                    let name = format!("cell{}{}", cell.file().to_ascii_uppercase(), cell.rank());
                    set(&name, &format!("{:.0},{:.0}", p.x, p.y));
                }
            }
            // How wide the board's frame shows, across its flat sides, in
            // points: a phone's layout gives it the whole width.
            let half = crate::scene::camera::FRAME_HALF_WIDTH;
            let side = |x: f32| cam.world_to_viewport(tr, Vec3::new(x, 0.0, 0.0)).ok();
            if let (Some(l), Some(r)) = (side(-half), side(half)) {
                set("boardWidth", &format!("{:.0}", (r.x - l.x).abs()));
            }
        }
    }
    // Where the interface drew its marked controls, for tests that click
    // them (`data-button-record`...); a control no longer drawn is removed.
    if ui.places != shown.places {
        for name in shown.places.keys() {
            if !ui.places.contains_key(name) {
                set(&format!("button{name}"), "");
            }
        }
        for (name, at) in &ui.places {
            set(
                &format!("button{name}"),
                &format!("{:.0},{:.0}", at.x, at.y),
            );
        }
        shown.places = ui.places.clone();
    }
    // The frame count shows whether the page draws at rest.
    set("frame", &frames.0.to_string());
    // Every 30 frames, and as the page comes to rest.
    if frames.0.is_multiple_of(30) || pace.still == 1 {
        if !stats.frames.is_empty() {
            set("frames", &stats.summary());
        }
        let slices = &thinker.slice_ms;
        if !slices.is_empty() {
            set(
                "search",
                &format!(
                    "{} slices of search: median {:.1} ms, longest {:.1} ms",
                    slices.len(),
                    slices.median(),
                    slices.max()
                ),
            );
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    if cfg!(target_arch = "wasm32") {
        app.add_systems(Last, publish.after(crate::frames::SettleFrames));
    }
}
