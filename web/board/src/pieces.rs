//! Our own chess pieces, drawn for children: in the view core (`qitong_view::pieces`) since the
//! home page's course map draws them too and is a crate below the board (issue 30).

pub use qitong_view::pieces::piece_svg;
