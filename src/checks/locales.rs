//! The languages stay complete and the interface stays in them: every
//! file parses, every language has exactly English's messages with the same
//! placeholders, every key the code asks for exists, and no prose is
//! written into the interface's code outside the Fluent files.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

use super::sources;
use crate::i18n::{FILES, Lang, SOURCES};

/// Each message of a file and the placeholders it uses.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = FluentResource::try_new(source.to_string())
        .unwrap_or_else(|(_, e)| panic!("does not parse: {e:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        match entry {
            ast::Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                }
                out.insert(m.id.name.to_string(), vars);
            }
            ast::Entry::Junk { content } => panic!("junk: {content}"),
            _ => {}
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        _ => {}
    }
}

#[test]
fn every_file_of_every_language_parses() {
    for lang in Lang::ALL {
        for (file, source) in FILES.iter().zip(SOURCES[lang.index()]) {
            if let Err((_, errors)) = FluentResource::try_new(source.to_string()) {
                panic!("{}/{file}.ftl: {errors:?}", lang.code());
            }
        }
    }
}

#[test]
fn every_language_has_english_messages_with_the_same_placeholders() {
    for (i, file) in FILES.iter().enumerate() {
        let english = messages(SOURCES[0][i]);
        assert!(!english.is_empty(), "en/{file}.ftl is empty");
        for lang in &Lang::ALL[1..] {
            let theirs = messages(SOURCES[lang.index()][i]);
            let missing: Vec<_> = english
                .keys()
                .filter(|k| !theirs.contains_key(*k))
                .collect();
            let extra: Vec<_> = theirs
                .keys()
                .filter(|k| !english.contains_key(*k))
                .collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}/{file}.ftl: missing {missing:?}, not in English {extra:?}",
                lang.code()
            );
            for (key, vars) in &english {
                assert_eq!(
                    vars,
                    &theirs[key],
                    "{}/{file}.ftl: {key} has other placeholders than English",
                    lang.code()
                );
            }
        }
    }
}

/// Every message the code names: `t!` keys, the keys list, the lessons.
fn keys_in_code() -> BTreeSet<String> {
    let t_key = regex_lite_t();
    let mut keys = BTreeSet::new();
    for (path, source) in sources("src") {
        if path.ends_with("checks/locales.rs") {
            continue;
        }
        let code: String = source
            .split("#[cfg(test)]")
            .next()
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let source = code.as_str();
        for key in t_key(source) {
            keys.insert(key);
        }
        // Notices and other messages are built with their key.
        for open in ["Notice::new(\"", "Message::new(\""] {
            keys.extend(between(source, open, "\""));
        }
        let _ = path;
    }
    for k in crate::ui::shortcuts::KEYS {
        keys.insert(k.to_string());
        keys.insert(format!("{k}-what"));
    }
    for lesson in crate::game::tutorial::LESSONS.iter() {
        for part in ["title", "text", "praise"] {
            keys.insert(format!("lesson-{}-{part}", lesson.key));
        }
    }
    keys
}

/// The keys of `t!(lang, "key"...)` in a source file.
fn regex_lite_t() -> impl Fn(&str) -> Vec<String> {
    |source: &str| {
        let mut out = Vec::new();
        let mut rest = source;
        while let Some(i) = rest.find("t!(") {
            // `t!`, not `assert!` or `format!`.
            let named_t = rest[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric() && c != '_');
            rest = &rest[i + 3..];
            if !named_t {
                continue;
            }
            let call: String = rest.chars().take(200).collect();
            if let Some(q) = call.find('"')
                && call[..q].contains(',')
                && let Some(end) = call[q + 1..].find('"')
            {
                out.push(call[q + 1..q + 1 + end].to_string());
            }
        }
        out
    }
}

fn between(source: &str, open: &str, close: &str) -> Vec<String> {
    source
        .split(open)
        .skip(1)
        .filter_map(|s| s.split(close).next().map(str::to_string))
        .collect()
}

#[test]
fn every_key_the_code_asks_for_exists_and_every_message_is_used() {
    let english: BTreeSet<String> = FILES
        .iter()
        .enumerate()
        .flat_map(|(i, _)| messages(SOURCES[0][i]).into_keys())
        .collect();
    let asked = keys_in_code();
    let unknown: Vec<_> = asked.difference(&english).collect();
    assert!(
        unknown.is_empty(),
        "asked for but not in English: {unknown:?}"
    );
    let unused: Vec<_> = english.difference(&asked).collect();
    assert!(
        unused.is_empty(),
        "in English but never asked for: {unused:?}"
    );
}

/// Prose in the interface's code: a string literal with a word and a space,
/// or a capitalised word. What is allowed is not shown to players (ids of
/// egui widgets and of controls for tests, piece placements of lessons).
fn prose_literals(path: &str, source: &str) -> Vec<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or(source);
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//")
            || [
                "info!(", "warn!(", "error!(", "debug!(", "panic!(", "expect(",
            ]
            .iter()
            .any(|m| line.contains(m))
        {
            continue;
        }
        for (at, literal) in literals(line) {
            let words = literal.split_whitespace().count();
            let letters = literal.chars().filter(|c| c.is_alphabetic()).count();
            let capitalised = literal.chars().next().is_some_and(char::is_uppercase)
                && literal.chars().nth(1).is_some_and(char::is_lowercase);
            let prose = letters >= 3 && (words >= 2 || capitalised);
            let before = &line[..at];
            let allowed = [
                "place(",
                "Grid::new(",
                "id_salt(",
                "Id::new(",
                "Notice::new(",
                "Message::new(",
                "detail(",
            ]
            .iter()
            .any(|call| before.ends_with(call))
                || !outside_placeholders(&literal)
                    .chars()
                    .any(char::is_alphabetic)
                || is_lesson_placement(&literal);
            if prose && !allowed {
                found.push(format!("{path}:{}: \"{literal}\"", n + 1));
            }
        }
    }
    found
}

/// The string literals of a line of code, each with where its quote opens.
fn literals(line: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut chars = line.char_indices();
    while let Some((i, c)) = chars.next() {
        // A char literal ('"') is not a string.
        if c == '\'' && line[i..].starts_with("'\"'") {
            chars.next();
            chars.next();
            continue;
        }
        if c != '"' {
            continue;
        }
        let mut text = String::new();
        let mut escaped = false;
        for (_, c) in chars.by_ref() {
            match c {
                _ if escaped => {
                    text.push(c);
                    escaped = false;
                }
                '\\' => escaped = true,
                '"' => break,
                c => text.push(c),
            }
        }
        out.push((i, text));
    }
    out
}

/// A format string without its `{...}` placeholders.
fn outside_placeholders(s: &str) -> String {
    s.split(['{', '}']).step_by(2).collect()
}

/// "Qf1 Gb1", "*Gf4 qa6": pieces by cell, not words.
fn is_lesson_placement(s: &str) -> bool {
    s.split_whitespace().all(|t| {
        let t = t.trim_start_matches('*');
        t.len() >= 3
            && t.starts_with(['Q', 'q', 'G', 'g'])
            && t[1..2].chars().all(|c| c.is_ascii_lowercase())
            && t[2..].chars().all(|c| c.is_ascii_digit())
    })
}

#[test]
fn the_interface_has_no_prose_outside_the_locale_files() {
    let mut found = Vec::new();
    for dir in ["src/ui", "src/game", "src/scene"] {
        // The fonts' names are no text.
        for (path, source) in sources(dir)
            .into_iter()
            .filter(|(p, _)| !p.ends_with("fonts.rs"))
        {
            found.extend(prose_literals(&path, &source));
        }
    }
    // The rules' and the links' technical details ("bad character '!' at 2")
    // are shown inside a translated sentence; see README, "Languages".
    found.retain(|f| !f.contains("/src/game/link.rs:") && !f.contains("/src/game/mode.rs:"));
    assert!(
        found.is_empty(),
        "text outside the locale files:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_lint_finds_prose() {
    let code = "fn f() { ui.label(\"Hello there\"); ui.place(\"Menu\", b); }";
    assert_eq!(prose_literals("x.rs", code), ["x.rs:1: \"Hello there\""]);
    assert_eq!(prose_literals("x.rs", "let a = \"Qf1 Gb1\";").len(), 0);
    assert_eq!(prose_literals("x.rs", "let a = \"Undo\";").len(), 1);
    assert_eq!(
        prose_literals("x.rs", "let a = format!(\"{title} {reason}\");").len(),
        0
    );
}

#[test]
fn placeholders_and_plurals_are_filled() {
    assert_eq!(t!(Lang::En, "lesson-count", n = 2, of = 8), "Lesson 2 of 8");
    assert_eq!(t!(Lang::En, "actions", count = 1), "1 action");
    assert_eq!(t!(Lang::En, "actions", count = 21), "21 actions");
    // A message a language lacks is English's; one nobody has is its key.
    assert_eq!(Lang::En.text("no-such-message", &[]), "no-such-message");
}
