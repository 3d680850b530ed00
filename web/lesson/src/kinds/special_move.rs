//! A special move's view (castling, en passant, promotion): a board to move on and nothing of
//! its own (the defaults; the promotion chooser is the board's, for any kind).

use crate::kinds::KindView;
use qitong_lessons::kinds::special_move::SpecialMove;

impl KindView for SpecialMove {}
