use agon_puzzles::generate::{GameSpec, mine, play};
use agon_puzzles::verify::{Settings, Verifier};
fn main() {
    let mut v = Verifier::new(Settings::default());
    for index in 0..30 {
        let spec = GameSpec::new(1, index);
        let game = play(&spec);
        for f in mine(&game, spec.opening, &mut v) {
            let p = &f.puzzle;
            let (d, _) = v.depth_needed(&p.position, p.solution[0], p.themes.contains(&agon_puzzles::Theme::Throne).then_some(p.solution.len() as u32));
            println!("{:?} len {} depth {} legal {} rating {} {:?}", f.kind, p.solution.len(), d, p.position.legal_actions().len(), p.rating, p.themes);
        }
    }
}
