//! Fits the network of `eval/length.rs` (the plies a game has left):
//! `cargo run --release -p agon-ai --example length -- [--epochs N] [--out FILE] DIR...`
//! reads the game records in each DIR (`agon-arena --records DIR`), takes
//! every position from ply 10 of each game that ended in a win (a draw or
//! the ply cap says nothing of how long a win takes), each in the board's
//! twelve symmetries, labelled by ln(plies to the game's end), and fits the
//! network by least squares (Adam). Every fifth game is held out: the fit
//! prints how much of the labels' variance the network explains there, and
//! how much the evaluation alone does (a least-squares fit of 1, v, |v| and
//! v²), then writes the weights to FILE (default `length.net`).

use agon_ai::eval::length::{HIDDEN, INPUTS, Inputs, Net};
use agon_ai::{Weights, evaluate};
use agon_rules::{Cell, splitmix64};

mod records;

const OPENING: usize = 10;
const BATCH: usize = 256;

struct Sample {
    x: Inputs,
    y: f32,
}

fn fail(message: &str) -> ! {
    eprintln!("length: {message}");
    std::process::exit(2);
}

/// The board's twelve symmetries.
fn symmetry(i: u8) -> impl Fn(Cell) -> Cell {
    move |c: Cell| {
        let c = if i >= 6 { c.mirrored() } else { c };
        c.turned(i % 6)
    }
}

/// A number in [-1, 1) from a counter.
fn uniform(state: &mut u64) -> f32 {
    *state = state.wrapping_add(1);
    (splitmix64(*state) >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

fn r2(pred: &[f32], y: &[f32]) -> f64 {
    let mean = y.iter().map(|&v| v as f64).sum::<f64>() / y.len() as f64;
    let (mut res, mut tot) = (0.0, 0.0);
    for (&p, &v) in pred.iter().zip(y) {
        res += (v as f64 - p as f64).powi(2);
        tot += (v as f64 - mean).powi(2);
    }
    1.0 - res / tot
}

/// How much of the variance of the held-out labels `net` explains.
fn held_out_r2(net: &Net, test: &[Sample]) -> f64 {
    let pred: Vec<f32> = test.iter().map(|s| net.ln_plies_left(&s.x)).collect();
    let y: Vec<f32> = test.iter().map(|s| s.y).collect();
    r2(&pred, &y)
}

/// Held-out R² of the least-squares fit of y to 1, v, |v|, v² (v the
/// evaluation in thousands).
fn eval_only(train: &[(f32, f32)], test: &[(f32, f32)]) -> f64 {
    let row = |v: f32| [1.0, v as f64, v.abs() as f64, (v * v) as f64];
    let mut a = [[0.0f64; 5]; 4];
    for &(v, y) in train {
        let r = row(v);
        for i in 0..4 {
            for j in 0..4 {
                a[i][j] += r[i] * r[j];
            }
            a[i][4] += r[i] * y as f64;
        }
    }
    // Gauss-Jordan on the normal equations.
    for c in 0..4 {
        let p = (c..4)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("a pivot");
        a.swap(c, p);
        let pivot = a[c];
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (x, p) in row.iter_mut().zip(pivot).skip(c) {
                    *x -= f * p;
                }
            }
        }
    }
    let coef: Vec<f64> = (0..4).map(|i| a[i][4] / a[i][i]).collect();
    let pred: Vec<f32> = test
        .iter()
        .map(|&(v, _)| row(v).iter().zip(&coef).map(|(x, c)| x * c).sum::<f64>() as f32)
        .collect();
    let y: Vec<f32> = test.iter().map(|&(_, y)| y).collect();
    r2(&pred, &y)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut epochs, mut out, mut dirs) = (6usize, String::from("length.net"), Vec::new());
    while let Some(a) = args.next() {
        match a.as_str() {
            "--epochs" => {
                epochs = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| fail("--epochs needs a whole number above 0"));
            }
            "--out" => out = args.next().unwrap_or_else(|| fail("--out needs a file")),
            _ => dirs.push(a),
        }
    }
    if dirs.is_empty() {
        fail("usage: length [--epochs N] [--out FILE] DIR...");
    }
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let (mut eval_train, mut eval_test) = (Vec::new(), Vec::new());
    let mut games = 0;
    for (record, game) in records::read(&dirs).unwrap_or_else(|e| fail(&e)) {
        if record.result.and_then(|r| r.winner()).is_none() {
            continue;
        }
        games += 1;
        let held_out = games % 5 == 0;
        let n = game.history().len();
        for i in OPENING..n {
            let p = game.position_at(i).expect("in the game");
            let v = evaluate(p, &Weights::MASTER);
            let y = ((n - i) as f32).ln();
            if held_out {
                test.push(Sample {
                    x: Inputs::of(p, v, |c| c),
                    y,
                });
                eval_test.push((v as f32 / 1000.0, y));
            } else {
                for s in 0..12 {
                    train.push(Sample {
                        x: Inputs::of(p, v, symmetry(s)),
                        y,
                    });
                }
                eval_train.push((v as f32 / 1000.0, y));
            }
        }
    }
    if train.is_empty() || test.is_empty() {
        fail("no decided games to fit (and hold out) in these folders");
    }
    eprintln!(
        "length: {games} decided games, {} positions to fit (twelve symmetries each), {} held out",
        train.len() / 12,
        test.len()
    );
    let mean = train.iter().map(|s| s.y as f64).sum::<f64>() / train.len() as f64;
    let mut seed = 0x5eed;
    let mut net = Net {
        w1: (0..INPUTS)
            .map(|_| std::array::from_fn(|_| 0.1 * uniform(&mut seed)))
            .collect(),
        b1: [0.0; HIDDEN],
        w2: std::array::from_fn(|_| 0.1 * uniform(&mut seed)),
        b2: mean as f32,
    };
    // Adam over every weight, flattened: w1, b1, w2, b2.
    let size = INPUTS * HIDDEN + 2 * HIDDEN + 1;
    let (mut m, mut v) = (vec![0.0f32; size], vec![0.0f32; size]);
    let (rate, b1, b2, decay) = (1e-3f32, 0.9f32, 0.999f32, 1e-5f32);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let (mut t, mut explained) = (0i32, 0.0);
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            let j = (splitmix64(seed ^ (epoch as u64) << 32 ^ i as u64) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for batch in order.chunks(BATCH) {
            let mut grad = vec![0.0f32; size];
            for &k in batch {
                let s = &train[k];
                let h = net.hidden(&s.x);
                let g = (net.output(&h) - s.y) / batch.len() as f32;
                let (w1g, rest) = grad.split_at_mut(INPUTS * HIDDEN);
                let (b1g, rest) = rest.split_at_mut(HIDDEN);
                let (w2g, b2g) = rest.split_at_mut(HIDDEN);
                b2g[0] += g;
                for j in 0..HIDDEN {
                    if h[j] > 0.0 {
                        w2g[j] += g * h[j];
                        let gh = g * net.w2[j];
                        b1g[j] += gh;
                        for &(input, value) in s.x.entries() {
                            w1g[input as usize * HIDDEN + j] += gh * value;
                        }
                    }
                }
            }
            t += 1;
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            let mut step = |i: usize, w: &mut f32, decay: f32| {
                let g = grad[i] + decay * *w;
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                *w -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
            };
            for (r, row) in net.w1.iter_mut().enumerate() {
                for (j, w) in row.iter_mut().enumerate() {
                    step(r * HIDDEN + j, w, decay);
                }
            }
            let base = INPUTS * HIDDEN;
            for (j, w) in net.b1.iter_mut().enumerate() {
                step(base + j, w, 0.0);
            }
            for (j, w) in net.w2.iter_mut().enumerate() {
                step(base + HIDDEN + j, w, 0.0);
            }
            step(size - 1, &mut net.b2, 0.0);
        }
        explained = held_out_r2(&net, &test);
        eprintln!("length: epoch {epoch}: held-out R² {explained:.3}");
    }
    println!(
        "held-out R² of ln(plies left): the network {explained:.3}, the evaluation alone {:.3}",
        eval_only(&eval_train, &eval_test)
    );
    std::fs::write(&out, net.write()).unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    println!("weights written to {out}");
}
