//! What the board's state says about the computer opponent (`opponent="computer"`): whose move
//! it is, and the positions the computer needs to see repetitions.

use super::BoardState;
use qitong_rules::Position;

impl BoardState {
    /// Is it the computer opponent's move (`opponent="computer"`, the side that is not `side`)?
    /// Never on a board a page steers, nor once the game is over.
    pub fn computer_to_move(&self) -> bool {
        // Only a board with the opponent extension reads `opponent` (`crate::opponent`): the
        // lesson player's boards never play the computer.
        self.config.computer && self.steer.is_none() && self.game.outcome().is_none() && self.position().turn() != self.config.side
    }

    /// The FENs of the game's positions before the current one, oldest first: what the computer
    /// needs to see repetitions.
    pub fn earlier_fens(&self) -> Vec<String> {
        let positions = self.game.game().positions();
        positions[..positions.len().saturating_sub(1)].iter().map(Position::fen).collect()
    }
}
