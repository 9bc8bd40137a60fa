//! Games in and out: copy a record or a link, save a record to a file (a
//! download on the web); import a record, a position (AFN), a list of
//! actions or a link by pasting it, picking a file (on the web) or dropping
//! one on the window. Importing asks the match's owner; a game in progress
//! is never replaced without consent. Playing a friend by link, the link of
//! one's move is sent from here too.

use agon_ai::Level;
use agon_rules::{Game, Imported, import};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::link::{friend_link, link_base, link_query, read_link};
use crate::game::{MatchCommand, Setup};
use crate::i18n::Message;
use crate::i18n::errors::file_problem;
use crate::t;
use crate::ui::{GameParams, Requests, UiState};

/// Reads what a player pasted or dropped, for the owner to open: a record
/// as it was played; a position or a list of actions as a game against the
/// computer at `level`, the player taking the side to move; a link as it
/// says ([`read_link`]).
pub fn parse_import(text: &str, level: Level) -> Result<MatchCommand, Message> {
    if looks_like_link(text) {
        return read_link(text, level);
    }
    let from = |game: Game| MatchCommand::New {
        setup: Setup::VsComputer {
            side: game.position().to_move().into(),
            level,
        },
        game: Box::new(game),
        confirmed: false,
    };
    Ok(match import(text)? {
        Imported::Record(record) => MatchCommand::Load {
            record,
            confirmed: false,
        },
        Imported::Position(position) => from(Game::from_position(position)),
        Imported::Actions(game) => from(game),
    })
}

/// Whether pasted text is a link: it holds `game=` or `afn=` and is an
/// address or a query (it starts with `http` or `?`) or is one word. A
/// record starts with `{`, and a position or a list of actions holds no
/// `=`.
fn looks_like_link(text: &str) -> bool {
    let t = text.trim();
    (t.contains("game=") || t.contains("afn="))
        && !t.starts_with('{')
        && (t.starts_with("http") || t.starts_with('?') || !t.contains(char::is_whitespace))
}

/// What the export shows to be selected and copied.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// A record, shown over several lines.
    Record(String),
    /// A link or a position, on one line.
    Line(String),
}

impl Shown {
    fn text(&self) -> &str {
        match self {
            Shown::Record(t) | Shown::Line(t) => t,
        }
    }
}

/// Puts `shown` on the clipboard and in the dialog, to be selected by hand
/// where the clipboard is refused.
fn copy(ctx: &egui::Context, ui: &mut UiState, shown: Shown) {
    ctx.copy_text(shown.text().to_string());
    ui.shown = Some(shown);
}

pub fn show(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "records-export")).strong());
    // What is copied is also shown, to be selected by hand where the
    // clipboard is refused (a browser may ask for permission).
    ui_.horizontal_wrapped(|ui_| {
        let button = ui_.button(t!(l, "records-copy-record"));
        if ui
            .place("CopyRecord", button)
            .on_hover_text(t!(l, "records-copy-record-hover"))
            .clicked()
        {
            copy(ui_.ctx(), ui, Shown::Record(p.the_match.record().to_json()));
            ui.records_message = Some(t!(l, "records-record-copied"));
        }
        if ui_
            .button(t!(l, "records-copy-position"))
            .on_hover_text(t!(l, "records-copy-position-hover"))
            .clicked()
        {
            copy(
                ui_.ctx(),
                ui,
                Shown::Line(p.the_match.shown_position().to_afn()),
            );
            ui.records_message = Some(t!(l, "records-position-copied"));
        }
        let button = ui_.button(t!(l, "records-copy-link"));
        if ui
            .place("CopyLink", button)
            .on_hover_text(t!(l, "records-copy-link-hover"))
            .clicked()
        {
            let link = format!("{}?{}", link_base(), link_query(&p.the_match));
            copy(ui_.ctx(), ui, Shown::Line(link));
            ui.records_message = Some(t!(l, "records-link-copied"));
        }
        let save = if cfg!(target_arch = "wasm32") {
            t!(l, "records-download")
        } else {
            t!(l, "records-save")
        };
        let button = ui_.button(save);
        if ui.place("Save", button).clicked() {
            ui.records_message = Some(
                crate::ui::files::save_record(l, &p.the_match.record().to_json())
                    .unwrap_or_else(|e| t!(l, "records-save-failed", error = e)),
            );
        }
    });
    shown(ui_, ui);
    ui_.separator();
    import_box(ui_, p, r, ui);
}

/// The text last copied, to be selected by hand. Read-only: whatever is
/// typed into the copy is dropped.
fn shown(ui_: &mut egui::Ui, ui: &UiState) {
    match &ui.shown {
        Some(Shown::Line(link)) => {
            ui_.add(egui::TextEdit::singleline(&mut link.clone()).desired_width(f32::INFINITY));
        }
        Some(Shown::Record(json)) => {
            egui::ScrollArea::vertical()
                .id_salt("shown record")
                .max_height(120.0)
                .show(ui_, |ui_| {
                    ui_.add(
                        egui::TextEdit::multiline(&mut json.clone())
                            .code_editor()
                            .desired_rows(4)
                            .desired_width(f32::INFINITY),
                    );
                });
        }
        None => {}
    }
}

/// The import box: paste (or type) anything [`parse_import`] reads; on the
/// web a file can be picked too. The dialog's message follows it.
fn import_box(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(egui::RichText::new(t!(l, "records-import")).strong());
    ui_.label(egui::RichText::new(t!(l, "records-import-help")).weak());
    egui::ScrollArea::vertical()
        .max_height(160.0)
        .show(ui_, |ui_| {
            let text_box = ui_.add(
                egui::TextEdit::multiline(&mut ui.import_text)
                    .code_editor()
                    .desired_rows(6)
                    .desired_width(f32::INFINITY),
            );
            ui.place("ImportBox", text_box);
        });
    ui_.horizontal(|ui_| {
        let button = ui_.button(t!(l, "records-open"));
        if ui.place("Open", button).clicked() {
            match parse_import(&ui.import_text, p.settings.level) {
                Ok(command) => {
                    ui.records_message = None;
                    ui.import_text.clear();
                    r.send(ui, command);
                }
                Err(e) => ui.records_message = Some(t!(l, "records-not-loaded", error = e)),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let button = ui_.button(t!(l, "records-open-file"));
            if ui.place("OpenFile", button).clicked() {
                crate::ui::files::pick_file(&p.inbox);
            }
        }
    });
    // What the dialog last did or refused, under the box.
    if let Some(m) = &ui.records_message {
        ui_.label(egui::RichText::new(m).color(egui::Color32::from_rgb(230, 200, 120)));
    }
}

/// Copies the link of the game for the friend to move, and shows it.
pub fn copy_friend_link(ctx: &egui::Context, p: &GameParams, ui: &mut UiState) {
    if let Some(link) = friend_link(&p.the_match) {
        copy(ctx, ui, Shown::Line(link));
        ui.records_message = None;
    }
}

/// Playing a friend by link: the link of one's move (on the clipboard),
/// and the box for the link they send back.
pub fn send_move(ui_: &mut egui::Ui, p: &mut GameParams, r: &mut Requests, ui: &mut UiState) {
    let l = *p.lang;
    ui_.label(t!(l, "friend-link-help"));
    ui_.label(egui::RichText::new(t!(l, "friend-link-fair-play")).weak());
    ui_.add_space(4.0);
    shown(ui_, ui);
    if ui_.button(t!(l, "friend-copy-again")).clicked() {
        copy_friend_link(ui_.ctx(), p, ui);
        ui.records_message = Some(t!(l, "friend-copied-again"));
    }
    ui_.separator();
    import_box(ui_, p, r, ui);
}

/// A file's text for importing, refused past the store's size limit.
pub fn read_file(path: &std::path::Path) -> Result<String, Message> {
    crate::store::storage::read_text(path)
        .map_err(file_problem)?
        .ok_or_else(|| Message::new("error-file-missing").with("path", path.display().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SideChoice;
    use agon_rules::{Position, Side};

    #[test]
    fn the_import_box_opens_records_positions_and_action_lists() {
        // A position: a game against the computer, the player to move.
        let afn = "6/7/5G2/5G3/4gg4/4gq1g3/2G1gg4/5Q3/3G1G2/5G1/6 d -";
        match parse_import(afn, Level::Hard).unwrap() {
            MatchCommand::New {
                setup,
                game,
                confirmed,
            } => {
                assert!(!confirmed);
                assert_eq!(*game.position(), Position::from_afn(afn).unwrap());
                assert_eq!(
                    setup,
                    Setup::VsComputer {
                        side: SideChoice::Dark,
                        level: Level::Hard
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        // Actions from the start, with move numbers.
        match parse_import("1. f1-f2 f11-f10 2. f2-f3", Level::Easy).unwrap() {
            MatchCommand::New { setup, game, .. } => {
                assert_eq!(game.history().len(), 3);
                assert_eq!(
                    setup,
                    Setup::VsComputer {
                        side: Side::Dark.into(),
                        level: Level::Easy
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        // A record keeps its players.
        let json = agon_rules::Record::from_game(&Game::new(), Default::default(), None).to_json();
        assert!(matches!(
            parse_import(&json, Level::Easy),
            Ok(MatchCommand::Load { .. })
        ));
        let e = parse_import("f1-f2 f11-f12", Level::Easy).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Action 2, “f11-f12”, cannot be played. In the action “f11-f12”: “f12” is not a cell \
             of the board (its files are a to l without j, its ranks count from 1)."
        );
    }

    #[test]
    fn the_import_box_opens_links() {
        let mut g = Game::new();
        g.play_text("f1-f2").unwrap();
        let code = agon_rules::link::encode_game(&g);
        for text in [
            format!("https://example.org/agon/?game={code}&mode=pass-and-play"),
            format!(" ?game={code}&mode=pass-and-play\n"),
            format!("game={code}&mode=pass-and-play"),
        ] {
            match parse_import(&text, Level::Easy).unwrap() {
                MatchCommand::New { setup, game, .. } => {
                    assert_eq!(setup, Setup::PassAndPlay, "{text}");
                    assert_eq!(game.history(), g.history());
                }
                other => panic!("{other:?}"),
            }
        }
        // A bad link says what is wrong with it, not with an action list.
        let e = parse_import("?game=AR!t", Level::Easy).unwrap_err();
        assert!(
            e.to_string().starts_with("“!” at byte 2 cannot be part"),
            "{e}"
        );
        // Text with words around a link is not read as one.
        let e = parse_import("see game=ARW please", Level::Easy).unwrap_err();
        assert!(!e.to_string().contains("game code"), "{e}");
        assert!(!looks_like_link("{\"note\": \"game=1\"}"));
    }
}
