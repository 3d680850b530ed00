//! Our own chess pieces, drawn for children: small standalone SVG pictures with chunky
//! silhouettes, thick outlines and colours that a theme can change through CSS custom properties.
//!
//! Every picture is a complete `<svg viewBox="0 0 100 100">` that renders correctly with no CSS
//! at all (the `var()` fallbacks are the default colours). A theme may set, on any ancestor:
//! `--qt-white-fill`, `--qt-white-line` (outline and details of White), `--qt-black-fill`,
//! `--qt-black-line` (outline of Black) and `--qt-black-detail` (the light inner lines that keep
//! Black's shapes readable on dark squares). The root carries the classes
//! `qt-piece qt-<color> qt-<role>` and `aria-hidden="true"`: the board names pieces in text.
//!
//! In the view core because the board, the lesson player, the play page and the home page's
//! course map all draw them (issue 30: home is a crate of its own, below the board).

use qitong_rules::{Color, Piece, Role};

// Each role is drawn once, as a silhouette (filled, outlined shapes, painted back to front) and
// detail lines on top; `white!` and `black!` dress the same drawing in the two colours, so both
// sides always have exactly the same shape. Black's details are light lines that also retrace the
// inner joins which White shows with its dark outline.

/// The plinth every piece but the pawn stands on.
macro_rules! plinth {
    () => {
        r#"<rect x="20" y="77" width="60" height="13" rx="4"/>"#
    };
}

macro_rules! pawn {
    ($dress:ident) => {
        $dress!(
            "pawn",
            concat!(
                r#"<rect x="25" y="77" width="50" height="13" rx="4"/>"#,
                r#"<path d="M34 77c3-12 6-20 9-26h14c3 6 6 14 9 26z"/>"#,
                r#"<rect x="33" y="44" width="34" height="9" rx="4.5"/>"#,
                r#"<circle cx="50" cy="30" r="14"/>"#
            ),
            r#"<path d="M29 77h42M37 53h26"/>"#
        )
    };
}

// A castle tower (城堡): battlements on top and an arched door.
macro_rules! rook {
    ($dress:ident) => {
        $dress!(
            "rook",
            concat!(plinth!(), r#"<path d="M28 77l4-39h36l4 39z"/>"#, r#"<path d="M23 40V14h12v8h9v-8h12v8h9v-8h12v26z"/>"#),
            r#"<path d="M24 77h52M27 40h46M43 77v-9a7 7 0 0 1 14 0v9"/>"#
        )
    };
}

// A pointed mitre with its slit and a ball on top: nothing like the pawn's round head.
macro_rules! bishop {
    ($dress:ident) => {
        $dress!(
            "bishop",
            concat!(
                plinth!(),
                r#"<path d="M35 77c6-4 9-9 9-16h12c0 7 3 12 9 16z"/>"#,
                r#"<circle cx="50" cy="11" r="6"/>"#,
                r#"<path d="M50 18c11 8 17 17 17 28 0 8-7 11-17 11s-17-3-17-11c0-11 6-20 17-28z"/>"#,
                r#"<rect x="35" y="53" width="30" height="8" rx="4"/>"#
            ),
            r#"<path d="M24 77h52M39 61h22M57 29l-9 12"/>"#
        )
    };
}

// A friendly horse head (骑士) looking left: scalloped mane behind, an ear, a big eye, a nostril
// and a smile. The eye and nostril are zero-length round-capped lines, i.e. dots in the line colour.
macro_rules! knight {
    ($dress:ident) => {
        $dress!(
            "knight",
            concat!(
                plinth!(),
                r#"<path d="M46 16a8 8 0 0 1 14-2 8 8 0 0 1 12 7 8 8 0 0 1 8 11 8 8 0 0 1 3 13 8 8 0 0 1-1 13 8 8 0 0 1-4 13l-3 6H60z"/>"#,
                r#"<path d="M29 77c0-10 7-16 14-21l-17 4c-7 1-11-4-10-10 1-5 4-7 7-10l16-17 3-11 7 8c16 2 25 14 26 32 1 12-3 20-5 25z"/>"#
            ),
            concat!(
                r#"<path d="M24 77h52M49 20c16 2 25 14 26 32 1 12-3 20-5 25M17 53c4 2 8 2 11 0"/>"#,
                r#"<path d="M38 34h.1" stroke-width="8"/>"#,
                r#"<path d="M21 48h.1" stroke-width="5"/>"#
            )
        )
    };
}

// A spiky crown with a ball on each of its five points.
macro_rules! queen {
    ($dress:ident) => {
        $dress!(
            "queen",
            concat!(
                plinth!(),
                r#"<path d="M29 77c5-6 7-12 7-20h28c0 8 2 14 7 20z"/>"#,
                r#"<path d="M31 58L18 27l15 14 5-23 12 20 12-20 5 23 15-14-13 31z"/>"#,
                r#"<circle cx="18" cy="25" r="6"/><circle cx="38" cy="16" r="6"/>"#,
                r#"<circle cx="50" cy="11" r="6"/><circle cx="62" cy="16" r="6"/>"#,
                r#"<circle cx="82" cy="25" r="6"/>"#
            ),
            r#"<path d="M24 77h52M34 58h32"/>"#
        )
    };
}

// A round two-lobed crown with a rim, under a big cross: no balls, no spikes, unlike the queen.
macro_rules! king {
    ($dress:ident) => {
        $dress!(
            "king",
            concat!(
                plinth!(),
                r#"<path d="M29 77c5-6 7-12 7-20h28c0 8 2 14 7 20z"/>"#,
                r#"<path d="M45.5 4h9v6h6v9h-6v9h-9v-9h-6v-9h6z"/>"#,
                r#"<path d="M32 58c-9-9-14-18-8-25 5-6 16-5 26 5 10-10 21-11 26-5 6 7 1 16-8 25z"/>"#
            ),
            r#"<path d="M24 77h52M34 58h32M27 48h46"/>"#
        )
    };
}

macro_rules! white {
    ($role:literal, $silhouette:expr, $details:expr) => {
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" class="qt-piece qt-white qt-"#,
            $role,
            r#"" aria-hidden="true"><g fill="var(--qt-white-fill,#fff8e7)" stroke="var(--qt-white-line,#231e19)" stroke-width="5" stroke-linejoin="round" stroke-linecap="round">"#,
            $silhouette,
            r#"<g fill="none" stroke-width="4">"#,
            $details,
            "</g></g></svg>"
        )
    };
}

macro_rules! black {
    ($role:literal, $silhouette:expr, $details:expr) => {
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" class="qt-piece qt-black qt-"#,
            $role,
            r#"" aria-hidden="true"><g fill="var(--qt-black-fill,#2b2b2b)" stroke="var(--qt-black-line,#151515)" stroke-width="5" stroke-linejoin="round" stroke-linecap="round">"#,
            $silhouette,
            r#"<g fill="none" stroke="var(--qt-black-detail,#f4ead6)" stroke-width="3.5">"#,
            $details,
            "</g></g></svg>"
        )
    };
}

/// A complete standalone `<svg>` picture of the piece (viewBox `0 0 100 100`, no size: it fills
/// the box it is put in).
// Never inlined: rustc makes a small leaf function like this one inlinable across crates, and
// each crate that inlines it (the board's, home's) keeps its own copy of the twelve pictures
// (+7.9 KB in the teacher module, measured 2026-12-05; docs/crates.md, home's slice).
#[inline(never)]
pub fn piece_svg(piece: Piece) -> &'static str {
    match (piece.color, piece.role) {
        (Color::White, Role::Pawn) => pawn!(white),
        (Color::White, Role::Knight) => knight!(white),
        (Color::White, Role::Bishop) => bishop!(white),
        (Color::White, Role::Rook) => rook!(white),
        (Color::White, Role::Queen) => queen!(white),
        (Color::White, Role::King) => king!(white),
        (Color::Black, Role::Pawn) => pawn!(black),
        (Color::Black, Role::Knight) => knight!(black),
        (Color::Black, Role::Bishop) => bishop!(black),
        (Color::Black, Role::Rook) => rook!(black),
        (Color::Black, Role::Queen) => queen!(black),
        (Color::Black, Role::King) => king!(black),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set ships inside every wasm module that draws a board (budgeted per page: docs/performance.md, "Site budgets").
    const SET_SIZE_LIMIT: usize = 12 * 1024;

    fn all_pieces() -> impl Iterator<Item = Piece> {
        Color::ALL.into_iter().flat_map(|c| Role::ALL.into_iter().map(move |r| r.of(c)))
    }

    /// The tags of `svg` in order, with the text between them; panics on a `<` without `>`.
    fn tags(svg: &str) -> Vec<(&str, &str)> {
        let mut out = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            let len = rest[start..].find('>').expect("unclosed tag");
            out.push((&rest[start + 1..start + len], text));
            rest = &rest[start + len + 1..];
        }
        assert_eq!(rest, "", "text after the last tag");
        out
    }

    /// Checks nesting with a stack, like a (very) small XML parser.
    fn assert_well_formed(svg: &str) {
        let mut open: Vec<&str> = Vec::new();
        for (tag, text) in tags(svg) {
            assert!(text.is_empty(), "stray text {text:?} in {svg}");
            assert_eq!(tag.matches('"').count() % 2, 0, "unbalanced quotes in <{tag}>");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name), "mismatched </{name}> in {svg}");
            } else if !tag.ends_with('/') {
                let name = tag.split(' ').next().unwrap_or_default();
                open.push(name);
            }
        }
        assert!(open.is_empty(), "unclosed {open:?} in {svg}");
    }

    /// The values of every `name="…"` attribute in `svg`.
    fn attribute_values<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
        let key = format!(" {name}=\"");
        svg.match_indices(&key)
            .map(|(i, _)| {
                let value = &svg[i + key.len()..];
                &value[..value.find('"').expect("unterminated attribute")]
            })
            .collect()
    }

    #[test]
    fn every_piece_is_a_well_formed_standalone_svg() {
        for piece in all_pieces() {
            let svg = piece_svg(piece);
            assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" "#), "{svg}");
            assert!(svg.ends_with("</svg>"));
            assert_eq!(svg.matches("<svg").count(), 1);
            assert_well_formed(svg);
        }
    }

    #[test]
    fn root_names_the_piece_for_styling_and_hides_it_from_screen_readers() {
        for piece in all_pieces() {
            let svg = piece_svg(piece);
            let class = format!(r#"class="qt-piece qt-{} qt-{}""#, piece.color, piece.role);
            let root = &svg[..svg.find('>').unwrap_or_default()];
            assert!(root.contains(&class), "{root} lacks {class}");
            assert!(root.contains(r#"aria-hidden="true""#), "{root}");
        }
    }

    #[test]
    fn every_colour_is_themable_with_a_fallback() {
        for piece in all_pieces() {
            let svg = piece_svg(piece);
            let paints = [attribute_values(svg, "fill"), attribute_values(svg, "stroke")].concat();
            assert!(paints.len() >= 3, "{svg}");
            for paint in paints {
                let themed = paint.starts_with("var(--qt-") && paint.contains(",#") && paint.ends_with(')');
                assert!(paint == "none" || themed, "{paint} in {svg}");
            }
        }
    }

    #[test]
    fn pieces_are_distinct_and_both_colours_share_each_shape() {
        let mut seen: Vec<&str> = all_pieces().map(piece_svg).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 12);
        for role in Role::ALL {
            let white = piece_svg(role.of(Color::White));
            let black = piece_svg(role.of(Color::Black));
            assert_eq!(attribute_values(white, "d"), attribute_values(black, "d"), "{role}");
            assert!(!attribute_values(white, "d").is_empty());
        }
    }

    #[test]
    fn numbers_are_short_and_the_set_is_small() {
        let total: usize = all_pieces().map(|p| piece_svg(p).len()).sum();
        assert!(total < SET_SIZE_LIMIT, "the set is {total} bytes");
        for piece in all_pieces() {
            let svg = piece_svg(piece);
            for path in attribute_values(svg, "d") {
                for number in path.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
                    let decimals = number.split_once('.').map_or(0, |(_, frac)| frac.len());
                    assert!(decimals <= 1, "{number} in {path}");
                }
            }
        }
    }
}
