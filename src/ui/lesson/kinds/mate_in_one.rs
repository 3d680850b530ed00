//! A mate in one's view: a board to move on and nothing of its own (the defaults).

use crate::lessons::kinds::mate_in_one::MateInOne;
use crate::ui::lesson::kinds::KindView;

impl KindView for MateInOne {}
