//! Where saves and settings live: files in the user's data folder on the
//! desktop, `localStorage` in the browser. Writes never clobber a file that
//! could not be read: that one is set aside first.

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
    pub fn user_dir() -> std::path::PathBuf {
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
        let path = self.path(key);
        match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|_| format!("{} is not text", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    fn save(&self, key: &str, value: &str) -> Result<(), String> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let path = self.path(key);
        // Write beside, then rename: a crash never leaves half a file.
        let tmp = self.dir.join(format!(".{key}.json.tmp"));
        std::fs::write(&tmp, value).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, &path).map_err(|e| format!("cannot write {}: {e}", path.display()))
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
        for n in 1.. {
            let to = self.dir.join(format!("{key}.unreadable-{n}.json"));
            if !to.exists() {
                std::fs::rename(&from, &to).map_err(|e| e.to_string())?;
                return Ok(to.display().to_string());
            }
        }
        unreachable!()
    }
}

/// A store in the browser's `localStorage`, keys prefixed with `agon.`.
#[cfg(target_arch = "wasm32")]
pub struct WebStore;

#[cfg(target_arch = "wasm32")]
impl WebStore {
    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "the browser's storage is not available".to_string())
    }
}

#[cfg(target_arch = "wasm32")]
impl Store for WebStore {
    fn load(&self, key: &str) -> Result<Option<String>, String> {
        Self::storage()?
            .get_item(&format!("agon.{key}"))
            .map_err(|_| "the browser refused to read its storage".to_string())
    }

    fn save(&self, key: &str, value: &str) -> Result<(), String> {
        Self::storage()?
            .set_item(&format!("agon.{key}"), value)
            .map_err(|_| "the browser refused to store the game (storage full?)".to_string())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        Self::storage()?
            .remove_item(&format!("agon.{key}"))
            .map_err(|_| "the browser refused to change its storage".to_string())
    }

    fn set_aside(&self, key: &str) -> Result<String, String> {
        let s = Self::storage()?;
        let value = self.load(key)?.unwrap_or_default();
        for n in 1.. {
            let name = format!("agon.{key}.unreadable-{n}");
            if s.get_item(&name).ok().flatten().is_none() {
                s.set_item(&name, &value)
                    .map_err(|_| "the browser refused to store".to_string())?;
                self.remove(key)?;
                return Ok(format!("localStorage[\"{name}\"]"));
            }
        }
        unreachable!()
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
pub fn platform_store() -> Box<dyn Store> {
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
