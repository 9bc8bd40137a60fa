//! The puzzle file's format: what it reads, and a clear error naming the
//! line and the problem for every bad file, never a panic.

use agon_puzzles::{FileError, Problem, Theme, header, read, write};
use proptest::prelude::*;

const HEADER: &str = r#"{"format":"agon-puzzles","version":1,"puzzles":2}"#;
/// Light's queen on the throne, five guards in the ring, the sixth on e4.
const AFN: &str = "4g1/6g/8/9/3G1G4/4GQG3q/4GG4/9/8/6g/4g1 l -";

fn line(afn: &str, solution: &str, themes: &str, rating: &str) -> String {
    format!(
        r#"{{"id":"p{}","afn":"{afn}","solution":{solution},"themes":{themes},"rating":{rating}}}"#,
        afn.len() + solution.len() + themes.len() + rating.len()
    )
}

fn good() -> String {
    let a = line(AFN, r#"["e4-e5"]"#, r#"["throne","throne-in-1"]"#, "800");
    let b = r#"{"id":"b","afn":"1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -","solution":["f1-f2","f11-f10","f2-f3"],"themes":["capture"],"rating":1500}"#;
    format!("{HEADER}\n{a}\n{b}\n")
}

fn error_of(text: &str) -> FileError {
    read(text).expect_err("a bad file")
}

#[test]
fn a_good_file_reads_and_writes_back_the_same() {
    let puzzles = read(&good()).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].solution.len(), 1);
    assert_eq!(puzzles[0].themes, vec![Theme::Throne, Theme::ThroneIn(1)]);
    assert_eq!(puzzles[1].rating, 1500);
    let again = read(&write(&puzzles)).unwrap();
    assert_eq!(again, puzzles);
    assert!(write(&puzzles).starts_with(&header(2)));
    // Windows line ends and a byte-order mark are fine too.
    let crlf = format!("\u{feff}{}", good().replace('\n', "\r\n"));
    assert_eq!(read(&crlf).unwrap(), puzzles);
}

#[test]
fn each_bad_line_is_named_with_its_problem() {
    let g = good();
    let lines: Vec<&str> = g.lines().collect();
    let with_line = |n: usize, text: &str| {
        let mut l = lines.clone();
        l[n] = text;
        l.join("\n")
    };
    let cases: Vec<(String, usize, &str)> = vec![
        (String::new(), 1, "empty"),
        (with_line(2, "{\"id\":\"b\",\"afn\""), 3, "not JSON"),
        (with_line(2, "[1,2]"), 3, "not a JSON object"),
        (
            with_line(
                2,
                &line(AFN, r#"["e4-e5"]"#, r#"["throne"]"#, "800")
                    .replace(r#""rating":800"#, r#""ratin":800"#),
            ),
            3,
            "\"rating\" is missing",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e6"]"#, r#"["throne"]"#, "800")),
            2,
            "solution action 0: e4-e6 is illegal",
        ),
        (
            with_line(
                1,
                &line(
                    AFN,
                    r#"["e4-e5","f11-f10","a5-a4"]"#,
                    r#"["throne"]"#,
                    "800",
                ),
            ),
            2,
            "solution action 1 comes after the game is over",
        ),
        (
            with_line(
                1,
                &line(AFN, r#"["e4-e5","d4-d5"]"#, r#"["throne"]"#, "800"),
            ),
            2,
            "an odd number",
        ),
        (
            with_line(1, &line(AFN, "[]", r#"["throne"]"#, "800")),
            2,
            "no action",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5"]"#, r#"["thrown"]"#, "800")),
            2,
            "unknown theme \"thrown\"",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5"]"#, "[]", "800")),
            2,
            "no theme",
        ),
        (
            with_line(
                1,
                &line(AFN, r#"["e4-e5"]"#, r#"["capture","capture"]"#, "800"),
            ),
            2,
            "listed twice",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5"]"#, r#"["throne"]"#, "-5")),
            2,
            "not -5",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5"]"#, r#"["throne"]"#, "1500.5")),
            2,
            "not 1500.5",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5"]"#, r#"["throne"]"#, "70000")),
            2,
            "not 70000",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5"]"#, r#"["throne"]"#, "1e30")),
            2,
            "not 1e+30",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5"]"#, r#"["throne"]"#, "\"800\"")),
            2,
            "not \"800\"",
        ),
        (
            with_line(
                1,
                &line("6/7/8 l -", r#"["e4-e5"]"#, r#"["throne"]"#, "800"),
            ),
            2,
            "the position",
        ),
        (
            with_line(1, &line(AFN, r#"["e4-e5",3]"#, r#"["throne"]"#, "800")),
            2,
            "a list of strings",
        ),
        (with_line(1, ""), 2, "a blank line"),
        (with_line(1, lines[2]), 3, "already on line 2"),
        (
            with_line(0, r#"{"format":"agon-puzzles","version":2,"puzzles":2}"#),
            1,
            "unknown version 2",
        ),
        (
            with_line(0, r#"{"format":"agon-puzzles","version":-1,"puzzles":2}"#),
            1,
            "unknown version -1",
        ),
        (
            with_line(0, r#"{"format":"agon-record","version":1,"puzzles":2}"#),
            1,
            "the format is \"agon-record\"",
        ),
        (
            with_line(0, r#"{"format":"agon-puzzles","version":1,"puzzles":3}"#),
            1,
            "says 3 puzzles, the file has 2",
        ),
        (
            with_line(0, r#"{"format":"agon-puzzles","version":1}"#),
            1,
            "\"puzzles\" is missing",
        ),
    ];
    for (text, line_number, words) in cases {
        let e = error_of(&text);
        assert_eq!(e.line, line_number, "{e} for {text:?}");
        assert!(e.to_string().contains(words), "{e:?} should say {words:?}");
        assert!(
            e.to_string().starts_with(&format!("line {line_number}: ")),
            "{e}"
        );
    }
    // The problem is typed, for the game to tell apart.
    assert_eq!(
        error_of(&with_line(
            1,
            &line(AFN, r#"["e4-e5"]"#, r#"["throne"]"#, "-5")
        ))
        .problem,
        Problem::Rating("-5".into())
    );
}

fn arbitrary_json_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("1".to_string()),
        Just("-1".to_string()),
        Just("1e400".to_string()),
        Just("18446744073709551616".to_string()),
        Just("null".to_string()),
        Just("\"\"".to_string()),
        Just("[]".to_string()),
        Just("{}".to_string()),
        "[a-z0-9 /-]{0,12}".prop_map(|s| format!("\"{s}\"")),
        proptest::collection::vec("[a-l][0-9]{1,2}-[a-l][0-9]{1,2}", 0..4)
            .prop_map(|v| serde_json::to_string(&v).unwrap()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Any text at all: an answer, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,300}") {
        let _ = read(&text);
        let _ = read(&format!("{HEADER}\n{text}"));
    }

    /// A good file with bytes changed, cut or repeated: read or refused
    /// with a line that exists, and what reads writes back the same.
    #[test]
    fn mangled_files_are_read_or_refused_at_a_real_line(
        at in 0usize..600, len in 0usize..8, with in "\\PC{0,6}"
    ) {
        let g = good();
        let mut bytes: Vec<char> = g.chars().collect();
        let at = at.min(bytes.len());
        let end = (at + len).min(bytes.len());
        bytes.splice(at..end, with.chars());
        let text: String = bytes.into_iter().collect();
        match read(&text) {
            Ok(puzzles) => prop_assert_eq!(read(&write(&puzzles)).unwrap(), puzzles),
            Err(e) => prop_assert!(e.line >= 1 && e.line <= text.split('\n').count().max(1)),
        }
    }

    /// Each field given any JSON value: read or refused, never a panic.
    #[test]
    fn any_value_in_any_field(field in 0usize..5, value in arbitrary_json_value()) {
        let mut parts = [
            "\"p1\"".to_string(),
            format!("\"{AFN}\""),
            r#"["e4-e5"]"#.to_string(),
            r#"["throne"]"#.to_string(),
            "900".to_string(),
        ];
        parts[field] = value;
        let text = format!(
            "{}\n{{\"id\":{},\"afn\":{},\"solution\":{},\"themes\":{},\"rating\":{}}}\n",
            header(1), parts[0], parts[1], parts[2], parts[3], parts[4]
        );
        if let Err(e) = read(&text) {
            prop_assert_eq!(e.line, 2);
        }
    }
}
