//! Games as files. On the desktop a record is saved into the data folder's
//! `records/`, never over another file, and a file named on the command
//! line or dropped on the window is read up to the store's size limit. On
//! the web "Download" saves `agon-<date>.json` through the browser, "Open a
//! file" shows the browser's file picker, and a file dropped anywhere on
//! the page is read; what the browser reads arrives in the [`Inbox`]. The
//! interface opens what arrives like its import box.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use crate::frames::{Waker, WindowWaker};
use crate::i18n::errors::file_problem;
use crate::i18n::{Lang, Message};

/// A file the player gave the game: its name, and its text or why it could
/// not be read.
#[derive(Clone, Debug)]
pub struct Arrived {
    /// The file's name; none when the picker itself failed.
    pub name: Option<String>,
    pub text: Result<String, Message>,
}

/// Files read by the browser, waiting for the next frame.
#[derive(Resource, Clone, Default)]
pub struct Inbox {
    files: Arc<Mutex<Vec<Arrived>>>,
    waker: Option<Waker>,
}

impl Inbox {
    /// Hands a file to the game and wakes the window to open it.
    pub fn deliver(&self, arrived: Arrived) {
        if let Ok(mut files) = self.files.lock() {
            files.push(arrived);
        }
        if let Some(wake) = &self.waker {
            wake();
        }
    }

    /// The files that arrived since the last call.
    pub fn take(&self) -> Vec<Arrived> {
        self.files
            .lock()
            .map(|mut f| std::mem::take(&mut *f))
            .unwrap_or_default()
    }
}

/// The name a saved record gets: `agon-2026-12-01.json`, by today's date
/// (UTC).
pub(crate) fn record_name(unix_seconds: u64) -> String {
    let (y, m, d) = civil_date(unix_seconds / 86_400);
    format!("agon-{y:04}-{m:02}-{d:02}.json")
}

/// The calendar date of a day counted from 1970-01-01 (H. Hinnant's
/// algorithm, for days after the epoch).
fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

fn now_seconds() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Saves a record: into the data folder's `records/` on the desktop, never
/// over another file (`agon-<date>-2.json` if that one exists). Says where.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn save_record(l: Lang, json: &str) -> Result<String, String> {
    let dir = super::storage::FileStore::user_dir().join("records");
    let path = save_record_in(l, &dir, json, now_seconds())?;
    Ok(t!(l, "records-saved-as", path = path.display().to_string()))
}

/// Saves into `dir` and says where.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn save_record_in(
    l: Lang,
    dir: &std::path::Path,
    json: &str,
    now: u64,
) -> Result<std::path::PathBuf, String> {
    use std::io::Write;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let name = record_name(now);
    let stem = name.trim_end_matches(".json");
    for n in 1..=1000u32 {
        let path = if n == 1 {
            dir.join(&name)
        } else {
            dir.join(format!("{stem}-{n}.json"))
        };
        match std::fs::File::create_new(&path) {
            Ok(mut file) => {
                file.write_all(json.as_bytes())
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
    }
    Err(t!(
        l,
        "records-folder-full",
        folder = dir.display().to_string()
    ))
}

/// Saves a record through the browser's download, as `agon-<date>.json`.
#[cfg(target_arch = "wasm32")]
pub(crate) fn save_record(l: Lang, json: &str) -> Result<String, String> {
    let name = record_name(now_seconds());
    web::download(&name, json).map_err(|e| t!(l, "records-download-refused", error = e))?;
    Ok(t!(l, "records-downloaded-as", name = name))
}

/// Opens the browser's file picker; the file chosen arrives in the inbox.
#[cfg(target_arch = "wasm32")]
pub(crate) fn pick_file(inbox: &Inbox) {
    if let Err(e) = web::pick(inbox.clone()) {
        inbox.deliver(Arrived {
            name: None,
            text: Err(file_problem(e)),
        });
    }
}

/// A file's text for importing, refused past the store's size limit.
pub(crate) fn read_file(path: &std::path::Path) -> Result<String, Message> {
    super::storage::read_text(path)
        .map_err(file_problem)?
        .ok_or_else(|| Message::new("error-file-missing").with("path", path.display().to_string()))
}

/// Gives the inbox the window's wake-up call; on the web, listens for
/// files dropped anywhere on the page.
fn set_up(waker: Res<WindowWaker>, mut inbox: ResMut<Inbox>) {
    inbox.waker = waker.0.clone();
    #[cfg(target_arch = "wasm32")]
    if let Err(e) = web::listen_for_drops(inbox.clone()) {
        warn!("Files dropped on the page cannot be opened: {e}");
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use crate::i18n::detail;
    use crate::i18n::errors::file_problem;
    use crate::store::files::{Arrived, Inbox};
    use crate::store::storage::check_size;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    fn text_of(value: &JsValue) -> String {
        value
            .as_string()
            .or_else(|| {
                value
                    .dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.message()))
            })
            .unwrap_or_else(|| format!("{value:?}"))
    }

    fn document() -> Result<web_sys::Document, String> {
        web_sys::window()
            .and_then(|w| w.document())
            .ok_or_else(|| detail("no document"))
    }

    pub(crate) fn download(name: &str, text: &str) -> Result<(), String> {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/json");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
            .map_err(|e| text_of(&e))?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| text_of(&e))?;
        let a: web_sys::HtmlAnchorElement = document()?
            .create_element("a")
            .map_err(|e| text_of(&e))?
            .dyn_into()
            .map_err(|_| detail("not an anchor"))?;
        a.set_href(&url);
        a.set_download(name);
        a.click();
        // The download has its own reference by now; the address is freed
        // a little later for browsers that start it asynchronously.
        let free = Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                free.unchecked_ref(),
                10_000,
            );
        }
        Ok(())
    }

    /// Reads a file's text and hands it to the inbox.
    fn read(file: web_sys::File, inbox: Inbox) {
        let name = file.name();
        // `as` saturates: a size past u64 stays past the limit.
        if let Err(e) = check_size(&name, file.size() as u64) {
            inbox.deliver(Arrived {
                name: Some(name),
                text: Err(file_problem(e)),
            });
            return;
        }
        wasm_bindgen_futures::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .map_err(|e| detail("could not be read: ") + &text_of(&e))
                .and_then(|v| v.as_string().ok_or_else(|| detail("is not text")))
                .map_err(file_problem);
            inbox.deliver(Arrived {
                name: Some(name),
                text,
            });
        });
    }

    pub(crate) fn pick(inbox: Inbox) -> Result<(), String> {
        let document = document()?;
        let input: web_sys::HtmlInputElement = document
            .create_element("input")
            .map_err(|e| text_of(&e))?
            .dyn_into()
            .map_err(|_| detail("not an input"))?;
        input.set_type("file");
        input.set_accept(".json,.txt,.afn,application/json,text/plain");
        input.set_hidden(true);
        let chosen = input.clone();
        let on_change = Closure::once_into_js(move || {
            if let Some(file) = chosen.files().and_then(|f| f.get(0)) {
                read(file, inbox);
            }
            chosen.remove();
        });
        input.set_onchange(Some(on_change.unchecked_ref()));
        if let Some(body) = document.body() {
            body.append_child(&input).map_err(|e| text_of(&e))?;
        }
        input.click();
        Ok(())
    }

    pub(crate) fn listen_for_drops(inbox: Inbox) -> Result<(), String> {
        let document = document()?;
        // Without this the browser opens a dropped file in place of the game.
        let over = Closure::<dyn FnMut(web_sys::DragEvent)>::new(|e: web_sys::DragEvent| {
            e.prevent_default();
        });
        let drop = Closure::<dyn FnMut(web_sys::DragEvent)>::new(move |e: web_sys::DragEvent| {
            e.prevent_default();
            let file = e
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|f| f.get(0));
            if let Some(file) = file {
                read(file, inbox.clone());
            }
        });
        document
            .add_event_listener_with_callback("dragover", over.as_ref().unchecked_ref())
            .map_err(|e| text_of(&e))?;
        document
            .add_event_listener_with_callback("drop", drop.as_ref().unchecked_ref())
            .map_err(|e| text_of(&e))?;
        // The page lives as long as the game: the listeners stay.
        over.forget();
        drop.forget();
        Ok(())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Inbox>().add_systems(Startup, set_up);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_named_by_their_date() {
        assert_eq!(record_name(0), "agon-1970-01-01.json");
        // 2026-12-01 12:45 UTC.
        assert_eq!(record_name(1_796_129_100), "agon-2026-12-01.json");
        // A leap day and the day after a century that is not a leap year.
        assert_eq!(record_name(951_782_400), "agon-2000-02-29.json");
        assert_eq!(record_name(4_107_542_400), "agon-2100-03-01.json");
    }

    #[test]
    fn a_saved_record_never_replaces_another() {
        let dir = std::env::temp_dir().join(format!("agon-records-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = save_record_in(Lang::En, &dir, "{1}", 0).unwrap();
        let second = save_record_in(Lang::En, &dir, "{2}", 0).unwrap();
        assert!(first.ends_with("agon-1970-01-01.json"), "{first:?}");
        assert!(second.ends_with("agon-1970-01-01-2.json"), "{second:?}");
        assert_eq!(
            std::fs::read(dir.join("agon-1970-01-01.json")).unwrap(),
            b"{1}"
        );
        assert_eq!(
            std::fs::read(dir.join("agon-1970-01-01-2.json")).unwrap(),
            b"{2}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
