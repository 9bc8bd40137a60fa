//! Texel's method for the evaluation's weights:
//! `cargo run --release -p agon-ai --example texel -- [--fix a,b] [--steps N] [--discount H] DIR...`
//! reads the game records in each DIR (`agon-arena --records DIR`), takes
//! the quiet positions after the opening (no capture to make, no piece to
//! relocate) labelled by the game's result for the side to move (a win 1,
//! a draw or the ply cap ½, a loss 0), and finds the weights that make
//! `sigmoid(K · evaluation)` predict those labels best (least squares),
//! K first fitted to the weights of today. The evaluation is linear in its
//! weights, so each position is reduced once to one number per term.
//! Every tenth game is held out to show the fit is not only memory.
//!
//! `--discount H` labels a position of a decided game by a result that
//! fades to ½ with the plies still to play, halving every H plies: a win
//! 100 plies away then counts less than one 10 plies away, so the fit
//! rewards what brings the end nearer, not only what wins at last (the
//! plain labels call a siege won 300 plies later as won as a formation
//! one action away).

use agon_ai::{Weights, evaluate};
use agon_rules::{Game, Side};

mod records;

/// Plies from the start that belong to the opening, not to the players.
const OPENING: usize = 10;

struct Sample {
    features: Vec<f64>,
    /// The result for the side to move, 0..1.
    label: f64,
}

fn features(p: &agon_rules::Position) -> Vec<f64> {
    Weights::NAMES
        .iter()
        .map(|name| {
            let mut w = Weights::DEFAULT;
            for other in Weights::NAMES {
                *w.named_mut(other).expect("a weight") = 0;
            }
            *w.named_mut(name).expect("a weight") = 1;
            evaluate(p, &w) as f64
        })
        .collect()
}

fn samples(game: &Game, winner: Option<Side>, half_life: Option<f64>) -> Vec<Sample> {
    let mut out = Vec::new();
    let n = game.history().len();
    for i in OPENING..n {
        let p = game.position_at(i).expect("in the game");
        // `capturing_cells` is only where an arrival would capture; most
        // positions have one, few have an action that gets there.
        if p.must_relocate() || p.legal_actions().iter().any(|&a| p.captures_of(a).any()) {
            continue;
        }
        let fade = half_life.map_or(1.0, |h| 0.5f64.powf((n - i) as f64 / h));
        let label = match winner {
            None => 0.5,
            Some(w) if w == p.to_move() => 0.5 + 0.5 * fade,
            Some(_) => 0.5 - 0.5 * fade,
        };
        out.push(Sample {
            features: features(p),
            label,
        });
    }
    out
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(data: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|s| {
            let e: f64 = s.features.iter().zip(w).map(|(f, w)| f * w).sum();
            (s.label - sigmoid(k * e)).powi(2)
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// The K in (0, 0.1] with the least loss, by golden-section search.
fn fit_k(data: &[Sample], w: &[f64]) -> f64 {
    let (mut a, mut b) = (1e-5, 0.1);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if loss(data, w, c) < loss(data, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

fn main() {
    let mut fixed: Vec<String> = vec!["tempo".into()];
    let mut steps = 2000;
    let mut half_life = None;
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--fix" => {
                let list = args.next().unwrap_or_default();
                fixed.extend(list.split(',').map(String::from));
            }
            "--steps" => {
                steps = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| fail("--steps needs a whole number"));
            }
            "--discount" => {
                half_life = args
                    .next()
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|h| *h > 0.0)
                    .map(Some)
                    .unwrap_or_else(|| fail("--discount needs a positive number of plies"));
            }
            _ => dirs.push(a),
        }
    }
    for name in &fixed {
        if !Weights::NAMES.contains(&name.as_str()) {
            fail(&format!("--fix: no weight is called {name}"));
        }
    }
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut games = 0;
    for (record, game) in records::read(&dirs).unwrap_or_else(|e| fail(&e)) {
        let winner = record.result.and_then(|r| r.winner());
        let s = samples(&game, winner, half_life);
        games += 1;
        if games % 10 == 0 {
            test.extend(s);
        } else {
            train.extend(s);
        }
    }
    eprintln!(
        "texel: {games} games, {} positions to fit, {} held out",
        train.len(),
        test.len()
    );
    let mut w: Vec<f64> = Weights::NAMES
        .iter()
        .map(|n| *Weights::MASTER.clone().named_mut(n).expect("a weight") as f64)
        .collect();
    let k = fit_k(&train, &w);
    eprintln!(
        "texel: K = {k:.6}; loss today: fit {:.6} held out {:.6}",
        loss(&train, &w, k),
        loss(&test, &w, k)
    );
    let free: Vec<bool> = Weights::NAMES
        .iter()
        .map(|n| !fixed.iter().any(|f| f == n))
        .collect();
    // Adam on the mean squared error, in weight units.
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (rate, b1, b2) = (1.0, 0.9, 0.999);
    for t in 1..=steps {
        let mut grad = vec![0.0; n];
        for s in &train {
            let e: f64 = s.features.iter().zip(&w).map(|(f, w)| f * w).sum();
            let p = sigmoid(k * e);
            let d = -2.0 * (s.label - p) * p * (1.0 - p) * k;
            for (g, f) in grad.iter_mut().zip(&s.features) {
                *g += d * f;
            }
        }
        for i in 0..n {
            if !free[i] {
                continue;
            }
            let g = grad[i] / train.len() as f64;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if t % 250 == 0 {
            eprintln!(
                "texel: step {t}: fit {:.6} held out {:.6}",
                loss(&train, &w, k),
                loss(&test, &w, k)
            );
        }
    }
    println!("// Texel fit of {games} games, K = {k:.6}");
    for (name, value) in Weights::NAMES.iter().zip(&w) {
        let was = *Weights::MASTER.clone().named_mut(name).expect("a weight");
        println!("{name}: {} (was {was})", value.round() as i64);
    }
    let tweaks: Vec<String> = Weights::NAMES
        .iter()
        .zip(&w)
        .map(|(name, value)| format!("+{name}={}", value.round() as i64))
        .collect();
    println!("arena tweaks: {}", tweaks.join(""));
}

fn fail(message: &str) -> ! {
    eprintln!("texel: {message}");
    std::process::exit(2);
}
