//! Prints an HTML page showing every piece on light and dark squares at 40, 80 and 200 px, to
//! look at the drawings: `cargo run --example pieces_preview > /tmp/pieces/preview.html`.
//! An optional argument wraps the page in a class: `grey` (greyscale) or `hc` (high contrast).

use qitong::rules::{Color, Piece, Role};
use qitong::ui::board::pieces::piece_svg;

const ORDER: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

fn set(colors: &[Color]) -> Vec<Piece> {
    colors.iter().flat_map(|&c| ORDER.iter().map(move |r| r.of(c))).collect()
}

/// One row of squares, alternating light and dark from `light_first`.
fn row(html: &mut String, size: u32, light_first: bool, cells: impl Iterator<Item = String>) {
    html.push_str("<div class=\"row\">");
    for (i, cell) in cells.enumerate() {
        let shade = if (i % 2 == 0) == light_first { "l" } else { "d" };
        html.push_str(&format!("<div class=\"{shade}\" style=\"width:{size}px;height:{size}px\">{cell}</div>"));
    }
    html.push_str("</div>\n");
}

fn main() {
    let theme = std::env::args().nth(1).unwrap_or_default();
    let mut html = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>qitong pieces</title>\
         <style>body{{margin:4px}}.row{{display:flex}}.l{{background:#f0d9b5}}.d{{background:#b58863}}\
         .grey{{filter:grayscale(1)}}\
         .hc{{--qt-white-fill:#fff;--qt-white-line:#000;--qt-black-fill:#000;--qt-black-line:#000;--qt-black-detail:#fff}}\
         .hc .l{{background:#fff}}.hc .d{{background:#767676}}</style><div class=\"{theme}\">\n"
    );
    let both = set(&Color::ALL);
    for size in [40, 80] {
        for light_first in [true, false] {
            row(&mut html, size, light_first, both.iter().map(|&p| piece_svg(p).to_owned()));
        }
    }
    for color in Color::ALL {
        for light_first in [true, false] {
            row(&mut html, 200, light_first, set(&[color]).into_iter().map(|p| piece_svg(p).to_owned()));
        }
    }
    // The same pictures as standalone images: no page CSS reaches them, so this row shows the
    // default colours exactly as a file or an `<img>` would.
    let images = both.iter().map(|&p| {
        let url = piece_svg(p).replace('%', "%25").replace('#', "%23");
        format!("<img width=\"80\" height=\"80\" alt=\"{p}\" src='data:image/svg+xml,{url}'>")
    });
    row(&mut html, 80, true, images);
    println!("{html}</div></html>");
}
