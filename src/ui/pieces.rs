//! The piece pictures: one complete SVG document per piece, drawn in a 100×100 view box.

use crate::rules::{Color, Piece, Role};

/// A round token with the piece letter: light token, dark letter.
macro_rules! white {
    ($letter:literal) => {
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true">"##,
            r##"<circle cx="50" cy="50" r="40" fill="#fffaf0" stroke="#3b2f2f" stroke-width="5"/>"##,
            r##"<text x="50" y="66" text-anchor="middle" font-family="sans-serif" font-size="46" font-weight="700" fill="#3b2f2f">"##,
            $letter,
            "</text></svg>"
        )
    };
}

/// A round token with the piece letter: dark token, light letter.
macro_rules! black {
    ($letter:literal) => {
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true">"##,
            r##"<circle cx="50" cy="50" r="40" fill="#2b2523" stroke="#fffaf0" stroke-width="5"/>"##,
            r##"<text x="50" y="66" text-anchor="middle" font-family="sans-serif" font-size="46" font-weight="700" fill="#fffaf0">"##,
            $letter,
            "</text></svg>"
        )
    };
}

/// The SVG markup of `piece`: a complete `<svg>` element with `viewBox="0 0 100 100"`.
pub fn piece_svg(piece: Piece) -> &'static str {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => white!("K"),
        (Color::White, Role::Queen) => white!("Q"),
        (Color::White, Role::Rook) => white!("R"),
        (Color::White, Role::Bishop) => white!("B"),
        (Color::White, Role::Knight) => white!("N"),
        (Color::White, Role::Pawn) => white!("P"),
        (Color::Black, Role::King) => black!("K"),
        (Color::Black, Role::Queen) => black!("Q"),
        (Color::Black, Role::Rook) => black!("R"),
        (Color::Black, Role::Bishop) => black!("B"),
        (Color::Black, Role::Knight) => black!("N"),
        (Color::Black, Role::Pawn) => black!("P"),
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_piece_has_its_own_complete_svg() {
        let mut seen = HashSet::new();
        for color in Color::ALL {
            for role in Role::ALL {
                let svg = piece_svg(role.of(color));
                assert!(svg.starts_with("<svg "), "{svg}");
                assert!(svg.contains(r#"viewBox="0 0 100 100""#), "{svg}");
                assert!(svg.ends_with("</svg>"), "{svg}");
                assert!(seen.insert(svg), "{color:?} {role:?} shares its picture");
            }
        }
        assert_eq!(seen.len(), 12);
    }
}
