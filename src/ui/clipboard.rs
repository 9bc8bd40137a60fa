//! The clipboard: what egui copies goes to the system's clipboard, and
//! `Ctrl+C`, `Ctrl+X` and `Ctrl+V` (`⌘` on a Mac) reach egui's text boxes.
//!
//! On the web bevy_egui does it with the browser's clipboard events and
//! `navigator.clipboard`. On the desktop it is done here with arboard, text
//! only: bevy_egui's own clipboard would also build a Wayland stack and
//! image codecs, and the game's window is X11 (XWayland on Wayland).
//! Either way [`Clipboard::copied`] keeps the last text the game copied,
//! for the interface to say what it copied, and for tests.

use bevy::prelude::*;
use bevy_egui::{EguiOutput, egui};

/// The last text copied, and the system's clipboard where there is one.
#[derive(Resource, Default)]
pub struct Clipboard {
    pub copied: Option<String>,
    #[cfg(not(target_arch = "wasm32"))]
    system: Option<arboard::Clipboard>,
    #[cfg(not(target_arch = "wasm32"))]
    tried: bool,
}

impl Clipboard {
    /// The system's clipboard, opened on first use. Without one (no
    /// display, as in the headless tests) copying only remembers the text
    /// and pasting finds nothing.
    #[cfg(not(target_arch = "wasm32"))]
    fn system(&mut self) -> Option<&mut arboard::Clipboard> {
        if !self.tried {
            self.tried = true;
            self.system = arboard::Clipboard::new()
                .inspect_err(|e| warn!("No clipboard: {e}"))
                .ok();
        }
        self.system.as_mut()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn paste(&mut self) -> Option<String> {
        match self.system()?.get_text() {
            Ok(text) => Some(text),
            Err(arboard::Error::ContentNotAvailable) => None,
            Err(e) => {
                warn!("Could not read the clipboard: {e}");
                None
            }
        }
    }
}

/// Text that egui copied (a button's `copy_text`, or `Ctrl+C` in a text
/// box) is remembered, and put on the system's clipboard on the desktop.
fn copy_out(mut clipboard: ResMut<Clipboard>, outputs: Query<&EguiOutput>) {
    for output in &outputs {
        for command in &output.platform_output.commands {
            if let egui::OutputCommand::CopyText(text) = command
                && !text.is_empty()
            {
                #[cfg(not(target_arch = "wasm32"))]
                if let Some(system) = clipboard.system()
                    && let Err(e) = system.set_text(text.clone())
                {
                    warn!("Could not copy to the clipboard: {e}");
                }
                clipboard.copied = Some(text.clone());
            }
        }
    }
}

/// `Ctrl+C`, `Ctrl+X` and `Ctrl+V` as egui's copy, cut and paste events.
/// The command keys held are followed key by key, in order: a whole
/// `Ctrl+V` (press and release) can arrive within one slow frame, after
/// which `ButtonInput` no longer shows `Ctrl` held.
#[cfg(not(target_arch = "wasm32"))]
fn keys_in(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut held: Local<[bool; 4]>,
    mut clipboard: ResMut<Clipboard>,
    mut inputs: Query<&mut bevy_egui::EguiInput>,
) {
    const COMMAND: [KeyCode; 4] = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    for key in keys.read() {
        let pressed = key.state == bevy::input::ButtonState::Pressed;
        if let Some(i) = COMMAND.iter().position(|k| *k == key.key_code) {
            held[i] = pressed;
            continue;
        }
        if !pressed || !held.iter().any(|h| *h) {
            continue;
        }
        let event = match key.key_code {
            KeyCode::KeyC => egui::Event::Copy,
            KeyCode::KeyX => egui::Event::Cut,
            KeyCode::KeyV => match clipboard.paste() {
                Some(text) => egui::Event::Paste(text),
                None => continue,
            },
            _ => continue,
        };
        for mut input in &mut inputs {
            input.events.push(event.clone());
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Clipboard>().add_systems(
        PostUpdate,
        copy_out.after(bevy_egui::EguiPostUpdateSet::ProcessOutput),
    );
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        PreUpdate,
        keys_in
            .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    );
}
