//! Where saves and settings live: files in the user's data folder on the
//! desktop, `localStorage` in the browser. Writes never clobber a file that
//! could not be read: that one is set aside first.

/// The largest file the game reads (a saved game is a few hundred bytes;
/// a record of thousands of actions stays well under this). Anything larger
/// is refused and set aside, never read whole.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Copies of unreadable files kept side by side, at most.
const MAX_SET_ASIDE: u32 = 1000;

/// A named store of text values.
pub trait Store: Send + Sync + 'static {
    /// The value under `key`, `Ok(None)` if there is none.
    fn load(&self, key: &str) -> Result<Option<String>, String>;
    fn save(&self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&self, key: &str) -> Result<(), String>;
    /// Keeps the current value under a new name, so it is not lost; returns
    /// where it went, for the player.
    fn set_aside(&self, key: &str) -> Result<String, String>;
}

/// A store in a folder, one file per key (`KEY.json`).
pub struct FileStore {
    pub dir: std::path::PathBuf,
}

impl FileStore {
    fn path(&self, key: &str) -> std::path::PathBuf {
        self.dir.join(format!("{key}.json"))
    }

    /// The user's data folder for Agon: `$AGON_DATA_DIR`, else
    /// `$XDG_DATA_HOME/agon`, `~/.local/share/agon`, or `%APPDATA%\agon`.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn user_dir() -> std::path::PathBuf {
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
        if let Some(d) = env("AGON_DATA_DIR") {
            return d.into();
        }
        if let Some(d) = env("XDG_DATA_HOME") {
            return std::path::PathBuf::from(d).join("agon");
        }
        if let Some(d) = env("APPDATA") {
            return std::path::PathBuf::from(d).join("agon");
        }
        if let Some(h) = env("HOME") {
            return std::path::PathBuf::from(h).join(".local/share/agon");
        }
        std::path::PathBuf::from("agon-data")
    }
}

impl Store for FileStore {
    fn load(&self, key: &str) -> Result<Option<String>, String> {
        read_text(&self.path(key))
    }

    fn save(&self, key: &str, value: &str) -> Result<(), String> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let path = self.path(key);
        // A file there that cannot be read is kept, never written over.
        if read_text(&path).is_err() {
            self.set_aside(key).map_err(|e| {
                format!(
                    "{} cannot be read nor set aside ({e}), so it is left as it is",
                    path.display()
                )
            })?;
        }
        // Write beside under a name of our own (two windows may save at
        // once), make it durable, then rename: a crash or a race never leaves
        // half a file.
        let tmp = self.dir.join(format!(".{key}.json.{}", unique_suffix()));
        let written = write_durably(&tmp, value)
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()));
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        written?;
        sync_dir(&self.dir);
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        match std::fs::remove_file(self.path(key)) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn set_aside(&self, key: &str) -> Result<String, String> {
        let from = self.path(key);
        for n in 1..=MAX_SET_ASIDE {
            let to = self.dir.join(format!("{key}.unreadable-{n}.json"));
            if !to.exists() {
                std::fs::rename(&from, &to).map_err(|e| e.to_string())?;
                return Ok(to.display().to_string());
            }
        }
        Err(format!(
            "{MAX_SET_ASIDE} unreadable copies are kept already"
        ))
    }
}

/// Refuses a file of `bytes` past [`MAX_FILE_BYTES`], naming it.
pub(crate) fn check_size(name: &str, bytes: u64) -> Result<(), String> {
    if bytes > MAX_FILE_BYTES {
        return Err(format!(
            "{name} is larger than {} MiB",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(())
}

/// A file's text: `Ok(None)` if there is none; an error, naming the file,
/// if it cannot be opened, is too large, or is not text.
pub(crate) fn read_text(path: &std::path::Path) -> Result<Option<String>, String> {
    use std::io::Read;
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot open {}: {e}", path.display())),
    };
    let mut bytes = Vec::new();
    // One byte past the limit tells a file too large without reading it all.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    check_size(&path.display().to_string(), bytes.len() as u64)?;
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| format!("{} is not text", path.display()))
}

/// A name no other writer uses at the same moment: this process, and a
/// counter within it.
fn unique_suffix() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{}-{n}.tmp", std::process::id())
}

fn write_durably(path: &std::path::Path, value: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::File::create(path)?;
    f.write_all(value.as_bytes())?;
    f.sync_all()
}

/// Makes a rename in `dir` durable where the platform allows it (Unix).
fn sync_dir(dir: &std::path::Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// A store in the browser's `localStorage`, keys prefixed with `agon.`.
#[cfg(target_arch = "wasm32")]
pub struct WebStore;

#[cfg(target_arch = "wasm32")]
impl Store for WebStore {
    fn load(&self, key: &str) -> Result<Option<String>, String> {
        crate::page::local_storage()?
            .get_item(&format!("agon.{key}"))
            .map_err(|_| "the browser refused to read its storage".to_string())
    }

    fn save(&self, key: &str, value: &str) -> Result<(), String> {
        crate::page::local_storage()?
            .set_item(&format!("agon.{key}"), value)
            .map_err(|_| "the browser refused to store the game (storage full?)".to_string())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        crate::page::local_storage()?
            .remove_item(&format!("agon.{key}"))
            .map_err(|_| "the browser refused to change its storage".to_string())
    }

    fn set_aside(&self, key: &str) -> Result<String, String> {
        let s = crate::page::local_storage()?;
        let value = self.load(key)?.unwrap_or_default();
        for n in 1..=MAX_SET_ASIDE {
            let name = format!("agon.{key}.unreadable-{n}");
            if s.get_item(&name).ok().flatten().is_none() {
                s.set_item(&name, &value)
                    .map_err(|_| "the browser refused to store".to_string())?;
                self.remove(key)?;
                return Ok(format!("localStorage[\"{name}\"]"));
            }
        }
        Err(format!(
            "{MAX_SET_ASIDE} unreadable copies are kept already"
        ))
    }
}

/// A store in memory, for tests.
#[derive(Default)]
pub struct MemoryStore(pub std::sync::Mutex<std::collections::BTreeMap<String, String>>);

impl Store for MemoryStore {
    fn load(&self, key: &str) -> Result<Option<String>, String> {
        Ok(self.0.lock().unwrap().get(key).cloned())
    }

    fn save(&self, key: &str, value: &str) -> Result<(), String> {
        self.0.lock().unwrap().insert(key.into(), value.into());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        self.0.lock().unwrap().remove(key);
        Ok(())
    }

    fn set_aside(&self, key: &str) -> Result<String, String> {
        let mut m = self.0.lock().unwrap();
        let v = m.remove(key).unwrap_or_default();
        let name = format!("{key}.unreadable");
        m.insert(name.clone(), v);
        Ok(name)
    }
}

/// The store for this platform.
pub(crate) fn platform_store() -> Box<dyn Store> {
    #[cfg(target_arch = "wasm32")]
    {
        Box::new(WebStore)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Box::new(FileStore {
            dir: FileStore::user_dir(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_past_the_limit_is_refused_by_name() {
        assert!(check_size("a.json", 1000).is_ok());
        assert!(check_size("a.json", MAX_FILE_BYTES).is_ok());
        let e = check_size("big.json", MAX_FILE_BYTES + 1).unwrap_err();
        assert_eq!(e, "big.json is larger than 4 MiB");
    }
}
