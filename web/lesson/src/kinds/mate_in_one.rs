//! A mate in one's view: a board to move on and nothing of its own (the defaults).

use crate::kinds::KindView;
use qitong_lessons::kinds::mate_in_one::MateInOne;

impl KindView for MateInOne {}
