//! What every element reads from its attributes the same way, below the features that use it: a
//! FEN for a board (a game or a lesson drill), the language of a `lang` tag and projector mode asked
//! by a page's address — all from the view core, which the pages and `<chess-clock>` share.

pub use qitong_view::choices::{lang_of, present_param, read_fen};
