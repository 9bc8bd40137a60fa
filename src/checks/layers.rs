//! The folders import one way. The order is the table under "Layers" at the
//! top of `lib.rs`: each row takes only from the rows under it. Two more
//! rules keep the house readable:
//! - no circle of files crosses a folder (files of one folder may lean on
//!   each other, as one type's `impl` split over two files does);
//! - in `ui/`, a file that draws takes the pieces it shares with another
//!   from `state.rs` and `widgets/`, never from a sibling.
//!
//! The imports are read as text: every `crate::…` path and every `super::…`
//! (taken from the file's own module; inline modules that are not tests
//! use `crate::` paths). Test modules are left out: a test may look
//! anywhere.

use std::collections::{BTreeMap, BTreeSet};

use super::sources;

/// A file of `src/` as a module path: `ui/panel.rs` is `["ui", "panel"]`,
/// `ui/mod.rs` is `["ui"]`, `lib.rs` is `[]`.
fn module_of(path: &str) -> Vec<String> {
    let rel = path.split("/src/").last().unwrap_or(path);
    let rel = rel.trim_end_matches(".rs");
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The top-level unit a module belongs to: `ui/`, `frames.rs`, `lib.rs`.
fn unit_of(module: &[String], modules: &BTreeSet<Vec<String>>) -> String {
    match module.first() {
        None => "lib.rs".to_string(),
        Some(top) if modules.iter().any(|m| m.len() > 1 && m[0] == *top) => format!("{top}/"),
        Some(top) => format!("{top}.rs"),
    }
}

/// The code of a file without its test modules.
fn without_tests(source: &str) -> String {
    let mut out = Vec::new();
    for line in source.lines() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") || t.starts_with("#[cfg(all(test") {
            break;
        }
        if !t.starts_with("//") {
            out.push(line);
        }
    }
    out.join("\n")
}

/// The paths a file names: `crate::a::b::{c, d}` gives `a::b::c` and
/// `a::b::d` (the module part is what matters), `super::x` is resolved
/// from the file's module.
fn named_paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
    for (start, base) in [("crate::", Vec::new()), ("super::", parent)] {
        let mut rest = code;
        while let Some(i) = rest.find(start) {
            // `$crate::` is a macro's own path, not an import.
            let preceded = rest[..i].chars().next_back();
            rest = &rest[i + start.len()..];
            if preceded.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                continue;
            }
            let path: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let mut parts = base.clone();
            parts.extend(
                path.split("::")
                    .filter(|p| !p.is_empty())
                    .map(str::to_string),
            );
            out.push(parts);
        }
    }
    out
}

/// The module a path leads into: its longest prefix that is a file.
fn resolve(path: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<String> {
    // The translation macro is exported at the root but lives in i18n.
    if path.first().is_some_and(|p| p == "t") && path.len() == 1 {
        return vec!["i18n".to_string()];
    }
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains(p))
        .unwrap_or_default()
}

struct Graph {
    /// Each file's module, and whether it is a `mod.rs`.
    files: BTreeMap<Vec<String>, String>,
    /// Module to modules it imports.
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn graph() -> Graph {
    let mut files = BTreeMap::new();
    let mut codes = Vec::new();
    for (path, source) in sources("src") {
        if path.ends_with("/main.rs") || path.contains("/checks/") {
            // main.rs is another crate (the binary); the checks read all.
            continue;
        }
        let module = module_of(&path);
        files.insert(module.clone(), path.clone());
        codes.push((module, path, without_tests(&source)));
    }
    let modules: BTreeSet<Vec<String>> = files.keys().cloned().collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, _, code) in codes {
        for named in named_paths(&module, &code) {
            let target = resolve(&named, &modules);
            if target != module {
                edges.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    Graph { files, edges }
}

/// The rows of the table under "Layers" in lib.rs, top first.
fn layers() -> Vec<Vec<String>> {
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    let table = lib
        .split("//! ## Layers")
        .nth(1)
        .and_then(|s| s.split("//! ```text").nth(1))
        .and_then(|s| s.split("//! ```").next())
        .expect("lib.rs has a Layers table in a text block");
    table
        .lines()
        .map(|l| l.trim_start_matches("//!").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            l.split_whitespace()
                .take_while(|w| w.ends_with('/') || w.ends_with(".rs"))
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn every_unit_of_src_is_in_one_row_of_the_table() {
    let g = graph();
    let modules: BTreeSet<Vec<String>> = g.files.keys().cloned().collect();
    let units: BTreeSet<String> = modules.iter().map(|m| unit_of(m, &modules)).collect();
    let rows = layers();
    let listed: Vec<&String> = rows.iter().flatten().collect();
    let listed_set: BTreeSet<String> = listed.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        listed.len(),
        listed_set.len(),
        "a unit in two rows: {rows:?}"
    );
    // checks/ is in the table (the top row) but not in the graph.
    let missing: Vec<_> = units.difference(&listed_set).collect();
    assert!(missing.is_empty(), "not in lib.rs's Layers: {missing:?}");
}

#[test]
fn the_layers_import_only_downward() {
    let g = graph();
    let modules: BTreeSet<Vec<String>> = g.files.keys().cloned().collect();
    let rows = layers();
    let row_of = |unit: &str| rows.iter().position(|r| r.iter().any(|u| u == unit));
    let mut upward = Vec::new();
    let mut unit_edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in &g.edges {
        let a = unit_of(from, &modules);
        for to in targets {
            let b = unit_of(to, &modules);
            if a == b {
                continue;
            }
            // Rows are listed top first: a lower row has a larger index.
            if row_of(&b) < row_of(&a) {
                upward.push(format!(
                    "{} -> {} ({b} is above {a})",
                    g.files[from], g.files[to]
                ));
            }
            unit_edges.entry(a.clone()).or_default().insert(b);
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up:\n{}",
        upward.join("\n")
    );
    // Units of one row may lean on each other, but not in a circle.
    let circles = circles(&unit_edges);
    assert!(circles.is_empty(), "units in a circle: {circles:?}");
}

#[test]
fn no_circle_of_files_crosses_a_folder() {
    let g = graph();
    let by_name: BTreeMap<String, BTreeSet<String>> = g
        .edges
        .iter()
        .map(|(from, to)| {
            (
                g.files[from].clone(),
                to.iter().map(|m| g.files[m].clone()).collect(),
            )
        })
        .collect();
    let folder = |path: &str| path.rsplit_once('/').map_or("", |(d, _)| d).to_string();
    let crossing: Vec<Vec<String>> = circles(&by_name)
        .into_iter()
        .filter(|c| c.iter().map(|p| folder(p)).collect::<BTreeSet<_>>().len() > 1)
        .collect();
    assert!(crossing.is_empty(), "circles across folders: {crossing:#?}");
}

#[test]
fn interface_files_share_drawing_only_through_state_and_widgets() {
    let g = graph();
    let ui = |m: &Vec<String>| m.first().is_some_and(|p| p == "ui");
    // A file that draws takes an egui `Ui` or `Context`.
    let draws = |m: &Vec<String>| {
        let text = std::fs::read_to_string(&g.files[m]).unwrap();
        let code = without_tests(&text);
        code.contains("egui::Ui") || code.contains("egui::Context")
    };
    let shared = |m: &Vec<String>| m.len() >= 2 && (m[1] == "state" || m[1] == "widgets");
    let mut found = Vec::new();
    for (from, targets) in &g.edges {
        if !ui(from) {
            continue;
        }
        for to in targets {
            // A folder's mod.rs puts the folder together from its parts
            // (ui/mod.rs the whole interface).
            let own_part = g.files[from].ends_with("/mod.rs") && to.starts_with(from);
            if ui(to) && draws(to) && !shared(to) && !own_part {
                found.push(format!("{} -> {}", g.files[from], g.files[to]));
            }
        }
    }
    assert!(
        found.is_empty(),
        "drawing code taken from a sibling:\n{}",
        found.join("\n")
    );
}

/// The circles of a graph: its strongly connected parts of two or more
/// (Tarjan's algorithm).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let lw = self.low[w.as_str()];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w.as_str()) {
                    let iw = self.index[w.as_str()];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    part.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.out.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn the_check_reads_imports_and_finds_circles() {
    let modules: BTreeSet<Vec<String>> = [
        vec![],
        vec!["ui".to_string()],
        vec!["ui".to_string(), "panel".to_string()],
        vec!["game".to_string()],
    ]
    .into_iter()
    .collect();
    let panel = vec!["ui".to_string(), "panel".to_string()];
    let code = "use crate::game::{Match, Mode};\nuse super::UiState;\nlet x = $crate::i18n::Lang;";
    let named = named_paths(&panel, code);
    let targets: Vec<Vec<String>> = named.iter().map(|p| resolve(p, &modules)).collect();
    assert_eq!(targets, [vec!["game".to_string()], vec!["ui".to_string()]]);
    assert_eq!(unit_of(&panel, &modules), "ui/");
    assert_eq!(unit_of(&[], &modules), "lib.rs");
    let edge = |a: &str, b: &str| (a.to_string(), [b.to_string()].into_iter().collect());
    let g: BTreeMap<String, BTreeSet<String>> = [
        edge("a", "b"),
        edge("b", "c"),
        edge("c", "a"),
        edge("d", "a"),
    ]
    .into_iter()
    .collect();
    assert_eq!(circles(&g), [vec!["a", "b", "c"]]);
}
