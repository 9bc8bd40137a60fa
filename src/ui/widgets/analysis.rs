//! The analysis in the panels: the switch (on and off where analysis is
//! allowed, greyed with the reason where it is not), and who stands better
//! with the best line in words. The search runs off the frame
//! (`game::analysis`); the bar and the arrows on the board are
//! `ui::analysis`'s.

use agon_rules::Action;
use bevy_egui::egui;

use crate::game::analysis::{AnalysisRequest, Line, allowed};
use crate::i18n::Lang;
use crate::i18n::words::side_key;
use crate::ui::state::{GameParams, Requests, UiState};

/// The most actions of the best line said in words.
const LINE_WORDS: usize = 8;

/// The switch, in the panel's buttons: on and off where analysis is
/// allowed, greyed with the reason where it is not.
pub(crate) fn switch(ui_: &mut egui::Ui, p: &GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    let may = allowed(&p.the_match, &p.tutorial);
    let on = p.analysis.open(&p.the_match, &p.tutorial);
    let button = ui_
        .add_enabled(
            may,
            egui::Button::new(format!("📈 {}", t!(l, "analysis"))).selected(on),
        )
        .on_hover_text(t!(l, "analysis-hover"))
        .on_disabled_hover_text(t!(l, "analysis-closed"));
    if ui.place("Analysis", button).clicked() {
        r.analysis.write(AnalysisRequest(!on));
    }
}

/// The line in words, under the buttons, while analysis is on.
pub(crate) fn words(ui_: &mut egui::Ui, p: &GameParams) {
    if !p.analysis.open(&p.the_match, &p.tutorial) {
        return;
    }
    let l = *p.lang;
    let line = p.analysis.line(&p.the_match);
    ui_.horizontal_wrapped(|ui_| {
        match &line {
            Some(line) => {
                ui_.label(egui::RichText::new(verdict(l, line)).strong());
                ui_.label(egui::RichText::new(t!(l, "analysis-depth", depth = line.depth)).weak());
            }
            None if p.the_match.shown_position().has_actions() => {
                ui_.label(egui::RichText::new(t!(l, "analysis-starting")).weak());
            }
            None => {
                ui_.label(egui::RichText::new(t!(l, "analysis-nothing")).weak());
            }
        }
        if p.analysis.thinking() {
            ui_.spinner();
        }
    });
    if let Some(line) = line.filter(|line| !line.pv.is_empty()) {
        ui_.label(t!(l, "analysis-best-line", line = line_text(&line.pv)));
    }
}

/// Who stands better, in a few words: a forced win, else Light's chance.
pub(crate) fn verdict(l: Lang, line: &Line) -> String {
    match line.forced_win() {
        Some((side, plies)) => t!(l, "analysis-wins-in", side = side_key(side), count = plies),
        None => t!(
            l,
            "analysis-chance",
            percent = (line.light_chance() * 100.0).round()
        ),
    }
}

/// The first actions of a line, as the move list writes them.
pub(crate) fn line_text(pv: &[Action]) -> String {
    let mut words: Vec<String> = pv.iter().take(LINE_WORDS).map(|a| a.to_string()).collect();
    if pv.len() > LINE_WORDS {
        words.push("…".into());
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use agon_rules::Side;

    #[test]
    fn a_long_line_is_cut_after_eight_actions() {
        let pv: Vec<Action> = ["f1-f2", "f11-f10", "f2-f3", "f10-f9"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(line_text(&pv), "f1-f2 f11-f10 f2-f3 f10-f9");
        let long: Vec<Action> = pv.iter().cycle().take(10).copied().collect();
        let text = line_text(&long);
        assert!(text.ends_with(" …"), "{text}");
        assert_eq!(text.split(' ').count(), LINE_WORDS + 1);
    }

    #[test]
    fn the_verdict_names_a_forced_win_else_lights_chance() {
        let line = |score, mover| Line {
            depth: 5,
            score,
            mover,
            pv: vec![],
        };
        assert_eq!(
            verdict(Lang::En, &line(agon_ai::MATE - 3, Side::Dark)),
            "Dark wins in 3 actions"
        );
        assert_eq!(
            verdict(Lang::En, &line(0, Side::Dark)),
            "Light's chance: 50%"
        );
    }
}
