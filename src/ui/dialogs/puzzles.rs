//! The Puzzles dialog: the puzzle of the day (the same for everyone), the
//! next one near the player's rating, a theme to choose, and a streak
//! (puzzles in a row, harder as it goes; one mistake ends it). The
//! player's rating and record are shown above.

use agon_puzzles::Theme;
use bevy_egui::egui;

use crate::game::MatchCommand;
use crate::game::puzzle::PuzzleStart;
use crate::i18n::Lang;
use crate::ui::state::{GameParams, Requests, UiState};

/// A theme's name for players.
pub(crate) fn theme_words(l: Lang, theme: Theme) -> String {
    match theme {
        Theme::Throne => t!(l, "puzzle-theme-throne"),
        Theme::ThroneIn(n) => t!(l, "puzzle-theme-throne-in", count = u64::from(n)),
        Theme::Capture => t!(l, "puzzle-theme-capture"),
        Theme::Relocation => t!(l, "puzzle-theme-relocation"),
        Theme::QueenHunt => t!(l, "puzzle-theme-queen-hunt"),
        Theme::Defence => t!(l, "puzzle-theme-defence"),
    }
}

/// One way into the puzzles: a wide button, with what it does written under
/// it rather than only on hover (a phone has no hover).
fn choice(ui_: &mut egui::Ui, width: f32, text: String, about: String) -> egui::Response {
    let button = ui_.add_sized(
        [width, 34.0],
        egui::Button::new(egui::RichText::new(text).size(17.0)),
    );
    ui_.add(egui::Label::new(egui::RichText::new(about).weak()).wrap());
    ui_.add_space(6.0);
    button
}

pub(crate) fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    let progress = &*p.puzzle_progress;
    ui_.add(
        egui::Label::new(
            egui::RichText::new(t!(
                l,
                "puzzles-record",
                rating = progress.rating.display(),
                solved = u64::from(progress.solved_clean),
                tried = progress.tried.len()
            ))
            .size(16.0),
        )
        .wrap(),
    )
    .on_hover_text(t!(l, "puzzles-record-hover"));
    ui_.separator();
    let width = ui_.available_width().min(420.0);
    let daily = choice(
        ui_,
        width,
        t!(l, "puzzles-daily"),
        t!(l, "puzzles-daily-hover"),
    );
    if ui.place("PuzzleDaily", daily).clicked() {
        r.send(ui, MatchCommand::StartPuzzle(PuzzleStart::Daily));
    }
    let next = choice(
        ui_,
        width,
        t!(l, "puzzles-next"),
        t!(l, "puzzles-next-hover"),
    );
    if ui.place("PuzzleRated", next).clicked() {
        r.send(ui, MatchCommand::StartPuzzle(PuzzleStart::Next(None)));
    }
    let streak = progress.streak;
    let button = choice(
        ui_,
        width,
        t!(l, "puzzles-streak"),
        format!(
            "{} {}",
            t!(l, "puzzles-streak-hover"),
            t!(l, "puzzles-streak-best", count = u64::from(streak.best))
        ),
    );
    if ui.place("PuzzleStreak", button).clicked() {
        r.send(ui, MatchCommand::StartPuzzle(PuzzleStart::Streak));
    }
    ui_.separator();
    ui_.horizontal_wrapped(|ui_| {
        ui_.label(egui::RichText::new(t!(l, "puzzles-theme")).size(16.0));
        let counts = p.puzzle_set.0.theme_counts();
        let chosen = ui.puzzle_theme.get_or_insert(Theme::Throne);
        egui::ComboBox::from_id_salt("puzzle-theme")
            .selected_text(theme_words(l, *chosen))
            .show_ui(ui_, |ui_| {
                for (theme, count) in counts {
                    let text = format!("{} ({count})", theme_words(l, theme));
                    ui_.selectable_value(chosen, theme, text);
                }
            });
        let theme = *chosen;
        let play = ui_.button(egui::RichText::new(t!(l, "puzzles-play-theme")).size(16.0));
        if ui.place("PuzzleTheme", play).clicked() {
            r.send(
                ui,
                MatchCommand::StartPuzzle(PuzzleStart::Next(Some(theme))),
            );
        }
    });
}
