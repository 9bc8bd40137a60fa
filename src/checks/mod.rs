//! Checks of the whole source tree, which belong to no one layer: the
//! languages stay complete and used ([`locales`]), and the folders import
//! one way ([`layers`]).

mod layers;
mod locales;

/// The Rust files under `dir` (from the package's root), with their text.
fn sources(dir: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut todo = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }
    out.sort();
    out
}
