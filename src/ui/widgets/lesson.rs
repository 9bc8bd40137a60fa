//! The lesson's panel, in both layouts: which lesson, its text, praise or
//! a gentle "try again", and the way on.

use bevy_egui::egui;

use crate::game::MatchCommand;
use crate::game::tutorial::LESSONS;
use crate::ui::state::{GameParams, Requests, UiState};

/// The lesson on the board, in place of the game's panel.
pub(crate) fn lesson_panel(
    ui_: &mut egui::Ui,
    p: &mut GameParams,
    r: &mut Requests,
    ui: &mut UiState,
) {
    let i = p.tutorial.lesson;
    let lesson = &LESSONS[i];
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "lesson-count", n = i + 1, of = LESSONS.len())).weak());
    ui_.label(egui::RichText::new(lesson.title(l)).size(22.0).strong());
    ui_.add_space(4.0);
    ui_.add(egui::Label::new(egui::RichText::new(lesson.text(l)).size(16.0)).wrap());
    ui_.add_space(8.0);
    if p.tutorial.done {
        ui_.add(
            egui::Label::new(
                egui::RichText::new(lesson.praise(l))
                    .size(16.0)
                    .color(egui::Color32::from_rgb(140, 220, 140)),
            )
            .wrap(),
        );
    } else if p.tutorial.retry {
        ui_.add(
            egui::Label::new(
                egui::RichText::new(t!(l, "lesson-retry"))
                    .color(egui::Color32::from_rgb(240, 190, 110)),
            )
            .wrap(),
        );
    }
    ui_.add_space(8.0);
    ui_.horizontal_wrapped(|ui_| {
        if ui_
            .add_enabled(i > 0, egui::Button::new(t!(l, "lesson-back")))
            .clicked()
        {
            r.send(ui, MatchCommand::StartLesson(i - 1));
        }
        if ui_.button(t!(l, "lesson-again")).clicked() {
            r.send(ui, MatchCommand::StartLesson(i));
        }
        let last = i + 1 == LESSONS.len();
        let next = egui::Button::new(if last {
            t!(l, "lesson-finish")
        } else {
            t!(l, "lesson-next")
        });
        let next = if p.tutorial.done {
            next.fill(egui::Color32::from_rgb(60, 110, 60))
        } else {
            next
        };
        if ui_.add(next).clicked() {
            if last {
                r.send(ui, MatchCommand::LeaveTutorial);
            } else {
                r.send(ui, MatchCommand::StartLesson(i + 1));
            }
        }
    });
    ui_.add_space(6.0);
    if ui_
        .button(t!(l, "lesson-leave"))
        .on_hover_text(t!(l, "lesson-leave-hover"))
        .clicked()
    {
        r.send(ui, MatchCommand::LeaveTutorial);
    }
}
