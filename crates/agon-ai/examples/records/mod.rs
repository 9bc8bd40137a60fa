//! The game records of `agon-arena --records DIR` folders, for the
//! examples that fit the evaluation to them (`texel.rs`, `length.rs`).

use agon_rules::{Game, Record};

/// Every record (`*.json`) of each folder, a folder's in name order, with
/// its game; an error names the folder or file and what is wrong.
pub fn read(dirs: &[String]) -> Result<Vec<(Record, Game)>, String> {
    let mut out = Vec::new();
    for dir in dirs {
        let mut paths = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(|e| format!("{dir}: {e}"))? {
            let path = entry.map_err(|e| format!("{dir}: {e}"))?.path();
            if path.extension().is_some_and(|x| x == "json") {
                paths.push(path);
            }
        }
        paths.sort();
        for path in paths {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            out.push(Record::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?);
        }
    }
    Ok(out)
}
