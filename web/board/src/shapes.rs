//! Teacher annotations on the board: arrows and circles in four brushes, toggled by drawing them
//! again, and drawn as one SVG layer over the squares (8 × 8 user units, one per square).

use core::fmt;
use core::str::FromStr;
use qitong_rules::{Color, Square};

/// The colour of a shape (lichess's manner: green by default, red with Shift, blue with Alt,
/// yellow with both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Brush {
    Green,
    Red,
    Blue,
    Yellow,
}

impl Brush {
    pub const ALL: [Brush; 4] = [Brush::Green, Brush::Red, Brush::Blue, Brush::Yellow];

    pub const fn name(self) -> &'static str {
        match self {
            Brush::Green => "green",
            Brush::Red => "red",
            Brush::Blue => "blue",
            Brush::Yellow => "yellow",
        }
    }

    /// The brush for a right-drag with these modifier keys.
    pub const fn from_modifiers(shift: bool, alt: bool) -> Brush {
        match (shift, alt) {
            (false, false) => Brush::Green,
            (true, false) => Brush::Red,
            (false, true) => Brush::Blue,
            (true, true) => Brush::Yellow,
        }
    }
}

/// A brush name that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseBrushError(pub String);

impl fmt::Display for ParseBrushError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown brush '{}': use green, red, blue or yellow", self.0)
    }
}

impl std::error::Error for ParseBrushError {}

impl FromStr for Brush {
    type Err = ParseBrushError;
    fn from_str(s: &str) -> Result<Brush, ParseBrushError> {
        let lower = s.trim().to_ascii_lowercase();
        Brush::ALL.into_iter().find(|b| b.name() == lower).ok_or_else(|| ParseBrushError(s.to_string()))
    }
}

/// An arrow from `orig` to `dest`, or a circle on `orig` when there is no `dest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    pub orig: Square,
    pub dest: Option<Square>,
    pub brush: Brush,
}

impl Shape {
    /// An arrow between two different squares, a circle when they are the same.
    pub fn between(orig: Square, dest: Square, brush: Brush) -> Shape {
        Shape { orig, dest: (dest != orig).then_some(dest), brush }
    }
}

/// Drawing a shape that is already there removes it (or recolours it, with another brush);
/// any other shape is added.
pub fn toggle(shapes: &mut Vec<Shape>, shape: Shape) {
    match shapes.iter().position(|s| s.orig == shape.orig && s.dest == shape.dest) {
        Some(i) if shapes[i].brush == shape.brush => {
            shapes.remove(i);
        }
        Some(i) => shapes[i].brush = shape.brush,
        None => shapes.push(shape),
    }
}

/// The centre of a square in the layer's units, seen from `bottom`'s side.
fn centre(sq: Square, bottom: Color) -> (f32, f32) {
    let (file, rank) = (f32::from(sq.file().index()), f32::from(sq.rank().index()));
    match bottom {
        Color::White => (file + 0.5, 7.5 - rank),
        Color::Black => (7.5 - file, rank + 0.5),
    }
}

/// A number with at most three decimals, no trailing zeros (short SVG).
fn num(out: &mut String, x: f32) {
    let thousandths = (x * 1000.0).round() as i32;
    if thousandths < 0 {
        out.push('-');
    }
    let abs = thousandths.unsigned_abs();
    out.push_str(&(abs / 1000).to_string());
    let frac = abs % 1000;
    if frac != 0 {
        let digits = format!("{frac:03}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
}

/// The arrowhead markers, one per brush (ids are scoped by each board's shadow root).
pub fn marker_defs() -> String {
    let mut out = String::from("<defs>");
    for brush in Brush::ALL {
        out.push_str(r#"<marker id="qt-head-"#);
        out.push_str(brush.name());
        out.push_str(r#"" class="brush-"#);
        out.push_str(brush.name());
        out.push_str(r#"" orient="auto" markerWidth="4" markerHeight="4" refX="2.05" refY="2"><path d="M0,0V4L3,2Z"/></marker>"#);
    }
    out.push_str("</defs>");
    out
}

/// One shape as SVG; `preview` for the one being drawn.
fn shape_svg(out: &mut String, shape: &Shape, bottom: Color, preview: bool) {
    let (x1, y1) = centre(shape.orig, bottom);
    let class = if preview { " preview" } else { "" };
    match shape.dest {
        None => {
            out.push_str(r#"<circle class="brush-"#);
            out.push_str(shape.brush.name());
            out.push_str(class);
            out.push_str(r#"" cx=""#);
            num(out, x1);
            out.push_str(r#"" cy=""#);
            num(out, y1);
            out.push_str(r#"" r="0.44"/>"#);
        }
        Some(dest) => {
            let (x2, y2) = centre(dest, bottom);
            // Stop short of the centre so that the head's tip ends near it.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt();
            let shorten = 0.35 / len;
            out.push_str(r#"<line class="brush-"#);
            out.push_str(shape.brush.name());
            out.push_str(class);
            out.push_str(r#"" marker-end="url(#qt-head-"#);
            out.push_str(shape.brush.name());
            out.push_str(r#")" x1=""#);
            num(out, x1);
            out.push_str(r#"" y1=""#);
            num(out, y1);
            out.push_str(r#"" x2=""#);
            num(out, x2 - dx * shorten);
            out.push_str(r#"" y2=""#);
            num(out, y2 - dy * shorten);
            out.push_str(r#""/>"#);
        }
    }
}

/// The inner SVG of the annotation layer: the markers, then every shape, then the one being
/// drawn (if any).
pub fn shapes_svg(shapes: &[Shape], drawing: Option<Shape>, bottom: Color) -> String {
    let mut out = marker_defs();
    for shape in shapes {
        shape_svg(&mut out, shape, bottom, false);
    }
    if let Some(shape) = drawing {
        shape_svg(&mut out, &shape, bottom, true);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brushes_parse_and_follow_the_modifier_keys() {
        assert_eq!("Red".parse(), Ok(Brush::Red));
        assert_eq!(" yellow ".parse(), Ok(Brush::Yellow));
        assert!("pink".parse::<Brush>().is_err());
        assert_eq!(Brush::from_modifiers(false, false), Brush::Green);
        assert_eq!(Brush::from_modifiers(true, false), Brush::Red);
        assert_eq!(Brush::from_modifiers(false, true), Brush::Blue);
        assert_eq!(Brush::from_modifiers(true, true), Brush::Yellow);
    }

    #[test]
    fn drawing_again_removes_or_recolours() {
        let mut shapes = Vec::new();
        toggle(&mut shapes, Shape::between(Square::E2, Square::E4, Brush::Green));
        toggle(&mut shapes, Shape::between(Square::D5, Square::D5, Brush::Red));
        assert_eq!(shapes.len(), 2);
        assert_eq!(shapes[1].dest, None, "same square: a circle");
        toggle(&mut shapes, Shape::between(Square::E2, Square::E4, Brush::Blue));
        assert_eq!(shapes[0].brush, Brush::Blue);
        toggle(&mut shapes, Shape::between(Square::E2, Square::E4, Brush::Blue));
        assert_eq!(shapes, vec![Shape { orig: Square::D5, dest: None, brush: Brush::Red }]);
    }

    #[test]
    fn shapes_are_placed_for_the_side_at_the_bottom() {
        let circle = [Shape::between(Square::A1, Square::A1, Brush::Green)];
        assert!(shapes_svg(&circle, None, Color::White).contains(r#"<circle class="brush-green" cx="0.5" cy="7.5" r="0.44"/>"#));
        assert!(shapes_svg(&circle, None, Color::Black).contains(r#"cx="7.5" cy="0.5""#));
        let arrow = [Shape::between(Square::E2, Square::E4, Brush::Red)];
        let svg = shapes_svg(&arrow, None, Color::White);
        assert!(svg.contains(r##"<line class="brush-red" marker-end="url(#qt-head-red)" x1="4.5" y1="6.5" x2="4.5" y2="4.85"/>"##), "{svg}");
        assert_eq!(svg.matches("<marker").count(), 4);
        let drawing = shapes_svg(&[], Some(Shape::between(Square::B1, Square::C3, Brush::Green)), Color::White);
        assert!(drawing.contains(r#"class="brush-green preview""#));
    }

    #[test]
    fn numbers_are_short() {
        let mut s = String::new();
        for x in [0.5, 4.0, -1.25, 4.85, 0.0004] {
            num(&mut s, x);
            s.push(' ');
        }
        assert_eq!(s, "0.5 4 -1.25 4.85 0 ");
    }
}
