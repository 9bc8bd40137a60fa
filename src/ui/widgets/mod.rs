//! The pieces that more than one part of the interface draws: the look
//! ([`style`], the sides' and the marks' colours), the title, big buttons
//! and text that fits, whose turn it is, the latest words, an action as
//! text, the button that sends a friend one's move; and, in their own
//! files, the lesson's panel ([`lesson`]), the analysis's switch and words
//! ([`analysis`]), the move list ([`moves`]) and an online game's clocks
//! and offers ([`online`]). The wide panel and the
//! phone's layout are siblings that both draw with these.

pub(super) mod analysis;
pub(super) mod lesson;
pub(super) mod moves;
pub(super) mod online;
pub(super) mod puzzle;

use agon_ai::review::Mark;
use agon_rules::{ActionKind, Side};
use bevy_egui::egui;

use crate::i18n::Lang;
use crate::scene::theme::Theme;
use crate::ui::state::{Dialog, GameParams, UiState};
use crate::ui::wording::status_line;

/// The interface's look: dark, rounded windows, readable text sizes.
pub(super) fn style(ctx: &egui::Context) {
    let mut visuals = egui::Visuals::dark();
    visuals.window_corner_radius = egui::CornerRadius::same(10);
    visuals.panel_fill = egui::Color32::from_rgba_unmultiplied(24, 26, 31, 244);
    visuals.window_fill = egui::Color32::from_rgb(30, 33, 39);
    ctx.set_visuals(visuals);
    ctx.all_styles_mut(|s| {
        s.spacing.button_padding = egui::vec2(10.0, 6.0);
        s.spacing.item_spacing = egui::vec2(8.0, 7.0);
        s.text_styles
            .insert(egui::TextStyle::Body, egui::FontId::proportional(15.0));
        s.text_styles
            .insert(egui::TextStyle::Button, egui::FontId::proportional(15.0));
        // egui's small text is 9 points: the levels' descriptions and the
        // saved game's line under Resume were too small to read.
        s.text_styles
            .insert(egui::TextStyle::Small, egui::FontId::proportional(12.0));
    });
}

/// The game's name in gold over "Queen's Guard · London, 1842", centred:
/// the menu's title and the About dialog's.
pub(super) fn title(ui: &mut egui::Ui, l: Lang, size: f32) {
    ui.vertical_centered(|ui| {
        ui.label(
            egui::RichText::new(t!(l, "game-name"))
                .size(size)
                .strong()
                .color(egui::Color32::from_rgb(226, 190, 100)),
        );
        ui.label(
            egui::RichText::new(t!(l, "game-subtitle"))
                .size(15.0)
                .italics(),
        );
    });
}

pub(super) fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [240.0, 38.0],
        egui::Button::new(egui::RichText::new(text).size(17.0)),
    )
}

/// How wide `text` is at `size` points, on one line.
pub(super) fn text_width(ctx: &egui::Context, text: &str, size: f32) -> f32 {
    ctx.fonts_mut(|f| {
        f.layout_no_wrap(
            text.to_string(),
            egui::FontId::proportional(size),
            egui::Color32::WHITE,
        )
        .size()
        .x
    })
}

/// The largest text size up to `size` at which `text` fits in `width`
/// points: a button's label in a long language shrinks a little rather
/// than push the row off the screen (never below 11 points).
pub(super) fn fitted_size(ctx: &egui::Context, text: &str, width: f32, size: f32) -> f32 {
    let wide = text_width(ctx, text, size);
    if wide <= width || wide <= 0.0 {
        size
    } else {
        (size * width / wide).max(11.0)
    }
}

/// A side's colour in the interface, as the theme gives it.
pub(super) fn side_color(theme: &Theme, side: Side) -> egui::Color32 {
    let [r, g, b] = match side {
        Side::Light => theme.palette.ui_light,
        Side::Dark => theme.palette.ui_dark,
    };
    egui::Color32::from_rgb(r, g, b)
}

/// The colour of a review's mark: an inaccuracy, a mistake, a blunder.
pub(super) fn mark_color(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Inaccuracy => egui::Color32::from_rgb(230, 200, 90),
        Mark::Mistake => egui::Color32::from_rgb(235, 140, 70),
        Mark::Blunder => egui::Color32::from_rgb(230, 80, 70),
    }
}

/// The whole window, for a panel to be laid out in.
pub(super) fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// Whose turn and what to do, with a spinner while the computer thinks.
pub(super) fn status_row(ui_: &mut egui::Ui, p: &GameParams, size: f32) {
    let thinking = p.thinker.thinking();
    ui_.horizontal(|ui_| {
        if thinking {
            ui_.add(egui::Spinner::new().size(size + 2.0));
        }
        ui_.add(
            egui::Label::new(
                egui::RichText::new(status_line(*p.lang, &p.the_match, thinking))
                    .size(size)
                    .strong(),
            )
            .wrap(),
        );
    });
}

/// A side's colour as a dot, beside its name.
pub(super) fn side_dot(ui_: &mut egui::Ui, theme: &Theme, side: Side, radius: f32) {
    let (rect, _) =
        ui_.allocate_exact_size(egui::Vec2::splat(2.0 * radius + 2.0), egui::Sense::hover());
    ui_.painter().circle(
        rect.center(),
        radius,
        side_color(theme, side),
        egui::Stroke::new(1.0, egui::Color32::GRAY),
    );
}

/// The latest thing that happened, in words; a live region, so a screen
/// reader says it as it changes.
pub(super) fn latest_words(ui_: &mut egui::Ui, p: &GameParams) {
    let Some(latest) = p.announcements.latest() else {
        return;
    };
    let response = ui_.add(egui::Label::new(egui::RichText::new(latest).weak()).wrap());
    ui_.ctx().accesskit_node_builder(response.id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}

/// Playing a friend by link: the button that sends them the game.
pub(super) fn send_move_button(ui_: &mut egui::Ui, p: &mut GameParams, ui: &mut UiState) {
    if p.the_match.friend_to_move() {
        let l = *p.lang;
        let label = if p.the_match.game.history().is_empty() {
            t!(l, "invite-friend")
        } else {
            t!(l, "send-move")
        };
        let button = big_button(ui_, &format!("✉ {label}"));
        if ui
            .place("SendMove", button)
            .on_hover_text(t!(l, "send-move-hover"))
            .clicked()
        {
            // Opening a dialog forgets what was shown: open it first.
            ui.open(Dialog::SendMove);
            ui.copy_friend_link(ui_.ctx(), &p.the_match);
        }
        ui_.add_space(4.0);
    }
}

/// An action as the move list writes it: its captures marked, a
/// relocation in italics.
pub(super) fn action_text(p: &agon_rules::Played) -> egui::RichText {
    let t = egui::RichText::new(p.action.with_captures(p.captured)).monospace();
    if p.kind == ActionKind::Relocation {
        t.italics()
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text style the interface shows is large enough to read: egui's
    /// own small text (9 points) was used under the levels and Resume.
    #[test]
    fn every_text_style_is_readable() {
        let ctx = egui::Context::default();
        style(&ctx);
        for theme in [egui::Theme::Dark, egui::Theme::Light] {
            let styles = ctx.style_of(theme).text_styles.clone();
            assert!(styles.contains_key(&egui::TextStyle::Small));
            for (style, font) in &styles {
                assert!(font.size >= 12.0, "{style:?} is {} points", font.size);
            }
        }
    }
}
