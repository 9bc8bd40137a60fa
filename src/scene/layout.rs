//! Where cells are in the world, and which cell a point of the board is on.
//! Pure functions, tested across the board's edges.
//!
//! The board lies in the XZ plane, y up, hexes flat-topped in vertical
//! columns: file `q` at `x = 1.5 q`, rank up along `-z`, so Light (bottom of
//! the board, `f1`) sits nearest a camera placed on the `+z` side.

use agon_rules::Cell;
use bevy::math::{Vec2, Vec3};

/// Distance from a cell's centre to its corners, in world units.
pub const CELL_RADIUS: f32 = 1.0;
const SQRT3: f32 = 1.732_050_8;

/// The centre of a cell on the board plane (y = 0).
pub fn cell_center(cell: Cell) -> Vec3 {
    let p = axial_to_plane(cell.q() as f32, cell.r() as f32);
    Vec3::new(p.x, 0.0, p.y)
}

/// Axial (fractional) coordinates to the plane's (x, z).
fn axial_to_plane(q: f32, r: f32) -> Vec2 {
    Vec2::new(1.5 * CELL_RADIUS * q, -SQRT3 * CELL_RADIUS * (r + q / 2.0))
}

/// The cell under a point of the board plane, if any.
pub fn cell_at(point: Vec3) -> Option<Cell> {
    let q = point.x / (1.5 * CELL_RADIUS);
    let r = -point.z / (SQRT3 * CELL_RADIUS) - q / 2.0;
    let (q, r) = hex_round(q, r);
    Cell::from_axial(q, r)
}

/// Rounds fractional axial coordinates to the hex that contains them.
fn hex_round(q: f32, r: f32) -> (i32, i32) {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    (rq as i32, rr as i32)
}

/// The six corners of a cell around its centre, counter-clockwise seen from
/// above, starting at +x (flat-topped hexes have a corner there).
pub fn hex_corners(radius: f32) -> [Vec2; 6] {
    std::array::from_fn(|i| {
        let a = std::f32::consts::FRAC_PI_3 * i as f32;
        Vec2::new(radius * a.cos(), -radius * a.sin())
    })
}

/// The radius of a circle around the throne that holds the whole board.
pub const BOARD_RADIUS: f32 = 5.0 * SQRT3 * CELL_RADIUS + CELL_RADIUS;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_center_maps_back_to_its_cell() {
        for c in Cell::all() {
            assert_eq!(cell_at(cell_center(c)), Some(c));
        }
    }

    #[test]
    fn light_is_at_the_bottom_nearest_the_camera() {
        let f1 = cell_center("f1".parse().unwrap());
        let f11 = cell_center("f11".parse().unwrap());
        assert!(f1.z > 0.0 && f11.z < 0.0);
        let a1 = cell_center("a1".parse().unwrap());
        let l1 = cell_center("l1".parse().unwrap());
        assert!(a1.x < 0.0 && l1.x > 0.0);
    }
}
