//! The class's rules on top of chess: touch-move, draw offers, fouls, the clock, the score
//! sheet, and the class points ledger with its levels.

pub mod award;
pub mod class_game;
pub mod clock;
pub mod draw_offer;
pub mod ladder;
pub mod levels;
pub mod points;
pub mod score_sheet;
pub mod touch;
