//! The clipboard: what egui copies goes to the system's clipboard, and
//! `Ctrl+C`, `Ctrl+X` and `Ctrl+V` (`⌘` on a Mac) reach egui's text boxes.
//!
//! On the web bevy_egui does it with the browser's clipboard events and
//! `navigator.clipboard`; here the browser is only let to fire them. On
//! the desktop it is done here with arboard, text only: bevy_egui's own
//! clipboard would also build a Wayland stack and image codecs, and the
//! game's window is X11 (XWayland on Wayland).

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy_egui::{EguiOutput, egui};

/// The system's clipboard, opened on first use. Without one (no display,
/// as in the headless tests) copying does nothing and pasting finds nothing.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Resource, Default)]
struct Clipboard {
    system: Option<arboard::Clipboard>,
    tried: bool,
}

#[cfg(not(target_arch = "wasm32"))]
impl Clipboard {
    fn system(&mut self) -> Option<&mut arboard::Clipboard> {
        if !self.tried {
            self.tried = true;
            self.system = arboard::Clipboard::new()
                .inspect_err(|e| warn!("No clipboard: {e}"))
                .ok();
        }
        self.system.as_mut()
    }

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
/// box) goes on the system's clipboard.
#[cfg(not(target_arch = "wasm32"))]
fn copy_out(mut clipboard: ResMut<Clipboard>, outputs: Query<&EguiOutput>) {
    for output in &outputs {
        for command in &output.platform_output.commands {
            if let egui::OutputCommand::CopyText(text) = command
                && !text.is_empty()
                && let Some(system) = clipboard.system()
                && let Err(e) = system.set_text(text.clone())
            {
                warn!("Could not copy to the clipboard: {e}");
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

/// On the web, lets the browser's own copy, cut and paste happen, and wakes
/// the window when they do.
///
/// The game's canvas cancels the browser's default for every key (so that
/// keys and touches drive the game, not the page), and a cancelled
/// `Ctrl+V` fires no `paste` event: bevy_egui would never hear of it. The
/// command keys with C, X or V are kept from the canvas here, before it
/// sees them. The clipboard events are no window events either: an idle
/// page would hold a paste until the pointer next moved, by when the text
/// box may have lost the keyboard.
#[cfg(target_arch = "wasm32")]
fn browser_clipboard(waker: Res<crate::frames::WindowWaker>) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    let Some(window) = web_sys::window() else {
        return;
    };
    let keys = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(|e: web_sys::KeyboardEvent| {
        let clipboard_key = matches!(e.key().to_ascii_lowercase().as_str(), "c" | "x" | "v");
        if (e.ctrl_key() || e.meta_key()) && !e.alt_key() && clipboard_key {
            e.stop_immediate_propagation();
        }
    });
    // Capturing on the window runs before the canvas's own listeners.
    if let Err(e) = window.add_event_listener_with_callback_and_bool(
        "keydown",
        keys.as_ref().unchecked_ref(),
        true,
    ) {
        warn!("The clipboard keys will not reach the browser: {e:?}");
    }
    keys.forget();
    let (Some(wake), Some(document)) = (waker.0.clone(), window.document()) else {
        return;
    };
    let woken = Closure::<dyn FnMut()>::new(move || wake());
    for event in ["paste", "copy", "cut"] {
        if let Err(e) =
            document.add_event_listener_with_callback(event, woken.as_ref().unchecked_ref())
        {
            warn!("No {event} listener: {e:?}");
        }
    }
    // The page lives as long as the game.
    woken.forget();
}

pub(super) fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Startup, browser_clipboard);
    #[cfg(not(target_arch = "wasm32"))]
    app.init_resource::<Clipboard>()
        .add_systems(
            PreUpdate,
            keys_in
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            PostUpdate,
            copy_out.after(bevy_egui::EguiPostUpdateSet::ProcessOutput),
        );
}
