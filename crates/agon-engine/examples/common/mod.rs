//! What the examples that read arena records share (`mod common;` in each).

use std::path::PathBuf;

use agon_rules::Player;

/// The records (`*.json`) in the folders `dirs` that the arena wrote
/// with `--records DIR`, in order of path.
pub fn record_paths(dirs: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut paths = Vec::new();
    for d in dirs {
        for e in std::fs::read_dir(d).map_err(|e| format!("{d}: {e}"))? {
            let path = e.map_err(|e| format!("{d}: {e}"))?.path();
            if path.extension().is_some_and(|x| x == "json") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    Ok(paths)
}

/// Whether a record's seat is a Master, at any setting.
#[allow(dead_code)] // not every example asks
pub fn is_master(seat: &Player) -> bool {
    matches!(seat, Player::Computer { level } if level.starts_with("master"))
}
