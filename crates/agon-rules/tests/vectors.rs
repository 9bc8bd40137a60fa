//! Every line of the shared test vectors: the legal actions and perft(1..3).

use agon_rules::{Position, perft};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vector {
    category: String,
    afn: String,
    legal: Vec<String>,
    perft: Vec<u64>,
}

fn vectors() -> Vec<Vector> {
    let text = include_str!("data/vectors.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a vector line"))
        .collect()
}

#[test]
fn every_vector_has_the_listed_legal_actions() {
    let vs = vectors();
    assert!(vs.len() >= 24);
    for v in &vs {
        let p = Position::from_afn(&v.afn).unwrap_or_else(|e| panic!("{}: {e}", v.afn));
        assert_eq!(p.to_afn(), v.afn, "AFN round trip");
        assert_eq!(
            p.legal_actions().sorted_texts(),
            v.legal,
            "{} {}",
            v.category,
            v.afn
        );
        assert_eq!(p.count_actions() as usize, v.legal.len());
    }
}

#[test]
fn every_vector_has_the_listed_perft() {
    for v in vectors() {
        let p = Position::from_afn(&v.afn).unwrap();
        for (i, &want) in v.perft.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&p, depth),
                want,
                "perft({depth}) of {} {}",
                v.category,
                v.afn
            );
        }
    }
}

#[test]
fn the_vectors_cover_every_category() {
    let cats: std::collections::BTreeSet<String> =
        vectors().into_iter().map(|v| v.category).collect();
    for want in [
        "capture-available",
        "multi-capture-available",
        "near-throne",
        "relocate-guard",
        "relocate-queen",
        "multi-captured",
        "throne-win-available",
        "forfeit-available",
    ] {
        assert!(cats.contains(want), "{want}");
    }
}

/// The positions built to offer a capture show it as capturable; the start
/// offers none.
#[test]
fn capturable_names_the_pieces_one_action_could_take() {
    let mut seen = 0;
    for v in vectors() {
        if !v.category.contains("capture-available") {
            continue;
        }
        let p = Position::from_afn(&v.afn).unwrap();
        let capturable = p.capturable();
        assert!(capturable.any(), "{} {}", v.category, v.afn);
        // Each is an enemy piece in play.
        for c in capturable {
            let piece = p.piece_at(c).expect("a piece");
            assert_ne!(piece.side, p.to_move(), "{c} in {}", v.afn);
            assert!(!p.is_out_of_play(c));
        }
        seen += 1;
    }
    assert_eq!(seen, 6);
    assert!(Position::start().capturable().is_empty());
}

/// `can_capture` says what `capturable` says, in every vector and every
/// position one action from one.
#[test]
fn can_capture_is_whether_anything_is_capturable() {
    let (mut yes, mut no) = (0, 0);
    for v in vectors() {
        let Ok(p) = Position::from_afn(&v.afn) else {
            continue;
        };
        let mut positions = vec![p];
        for &a in p.legal_actions().iter() {
            let mut after = p;
            after.play(a);
            positions.push(after);
        }
        for q in positions {
            assert_eq!(q.can_capture(), q.capturable().any(), "{q}");
            if q.can_capture() { yes += 1 } else { no += 1 }
        }
    }
    assert!(yes > 50 && no > 50, "{yes} {no}");
}
