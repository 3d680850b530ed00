//! Browser views: the board widget and the lesson player, drawn with web-sys.
pub mod pieces;
pub mod words;
