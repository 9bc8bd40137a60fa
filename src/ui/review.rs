//! The review of a finished game: how far the computer has come, then each
//! side's inaccuracies, mistakes and blunders, a graph of Light's winning
//! chance over the game (a click shows that position), and the action on
//! the board judged, with the better one.

use agon_ai::review::{Mark, Review, win_chance};
use agon_rules::Side;
use bevy_egui::egui;

use crate::game::MatchCommand;
use crate::game::review::ReviewRequest;
use crate::i18n::Lang;
use crate::i18n::words::side_key;
use crate::ui::announce::reasons;
use crate::ui::state::{GameParams, Requests, UiState};
use crate::ui::widgets::mark_color;

pub(super) fn mark_name(l: Lang, mark: Mark) -> String {
    match mark {
        Mark::Inaccuracy => t!(l, "mark-inaccuracy"),
        Mark::Mistake => t!(l, "mark-mistake"),
        Mark::Blunder => t!(l, "mark-blunder"),
    }
}

pub(super) fn window(ctx: &egui::Context, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    if !ui.review_open {
        return;
    }
    let l = *p.lang;
    let mut open = true;
    egui::Window::new(t!(l, "review"))
        .id(egui::Id::new("review"))
        .open(&mut open)
        .collapsible(true)
        .resizable(false)
        .default_width(360.0)
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .show(ctx, |ui_| {
            if let Some(done) = p.review.progress(&p.the_match) {
                ui_.label(t!(l, "review-working"));
                ui_.add(egui::ProgressBar::new(done).show_percentage());
                return;
            }
            let Some(review) = p.review.of(&p.the_match) else {
                if ui_.button(t!(l, "review")).clicked() {
                    r.reviews.write(ReviewRequest);
                }
                return;
            };
            for side in [Side::Light, Side::Dark] {
                let s = review.summary(side);
                ui_.label(t!(
                    l,
                    "review-summary",
                    side = side_key(side),
                    inaccuracies = s.inaccuracies,
                    mistakes = s.mistakes,
                    blunders = s.blunders,
                    loss = format!("{:.0}", 100.0 * s.average_loss)
                ));
            }
            graph(ui_, l, review, p.the_match.shown_actions(), r);
            judged_action(
                ui_,
                l,
                &p.the_match.game,
                review,
                p.the_match.shown_actions(),
            );
        });
    if !open {
        ui.review_open = false;
    }
}

/// Light's winning chance after each action; a click shows that position.
fn graph(ui_: &mut egui::Ui, l: Lang, review: &Review, shown: usize, r: &mut Requests) {
    let chances = review.light_chances();
    if chances.len() < 2 {
        return;
    }
    let size = egui::vec2(ui_.available_width().max(200.0), 110.0);
    let (rect, response) = ui_.allocate_exact_size(size, egui::Sense::click());
    let painter = ui_.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(36, 32, 30));
    let n = (chances.len() - 1) as f32;
    let at = |i: usize, c: f32| {
        egui::pos2(
            rect.left() + rect.width() * i as f32 / n,
            rect.bottom() - rect.height() * c,
        )
    };
    // Light's share above the line, Dark's below: the game's balance.
    let mid = rect.top() + rect.height() / 2.0;
    painter.line_segment(
        [egui::pos2(rect.left(), mid), egui::pos2(rect.right(), mid)],
        egui::Stroke::new(1.0, egui::Color32::from_gray(80)),
    );
    let points: Vec<egui::Pos2> = chances.iter().enumerate().map(|(i, &c)| at(i, c)).collect();
    painter.add(egui::Shape::line(
        points,
        egui::Stroke::new(2.0, egui::Color32::from_rgb(235, 225, 200)),
    ));
    for (i, a) in review.actions.iter().enumerate() {
        if let Some(m) = a.mark {
            painter.circle_filled(at(i + 1, chances[i + 1]), 3.5, mark_color(m));
        }
    }
    let x = rect.left() + rect.width() * shown as f32 / n;
    painter.line_segment(
        [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
        egui::Stroke::new(1.5, egui::Color32::from_rgb(120, 170, 230)),
    );
    let response = response.on_hover_text(t!(l, "review-graph-hover"));
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let i = ((pos.x - rect.left()) / rect.width() * n)
            .round()
            .clamp(0.0, n) as usize;
        r.commands.write(MatchCommand::Browse(Some(i)));
    }
}

/// The action that led to the position on the board, judged, with why
/// where the rules can tell.
fn judged_action(
    ui_: &mut egui::Ui,
    l: Lang,
    game: &agon_rules::Game,
    review: &Review,
    shown: usize,
) {
    let Some(a) = shown.checked_sub(1).and_then(|i| review.actions.get(i)) else {
        ui_.label(egui::RichText::new(t!(l, "review-pick")).weak());
        return;
    };
    let chance = format!("{:.0}", 100.0 * win_chance(a.played_score));
    let mut text = t!(
        l,
        "review-action",
        number = shown,
        action = a.played.to_string(),
        side = side_key(a.mover),
        chance = chance
    );
    // The reasons are the rules' view of the position before the action.
    let before = game
        .position_at(shown - 1)
        .map(|p| agon_rules::Game::from_position(*p));
    let why = |action| {
        before
            .as_ref()
            .map(|g| reasons(l, g, action))
            .unwrap_or_default()
    };
    if let Some(m) = a.mark {
        text.push(' ');
        text.push_str(&t!(
            l,
            "review-marked",
            mark = mark_name(l, m),
            loss = format!("{:.0}", 100.0 * a.loss),
            why = why(a.played)
        ));
    }
    if let Some(best) = a.best.filter(|&b| b != a.played && a.mark.is_some()) {
        text.push(' ');
        text.push_str(&t!(
            l,
            "review-better",
            action = best.to_string(),
            why = why(best)
        ));
    }
    let rt = egui::RichText::new(text);
    ui_.label(match a.mark {
        Some(m) => rt.color(mark_color(m)),
        None => rt,
    });
}
