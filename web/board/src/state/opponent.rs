//! What the board's state says about the computer opponent (`opponent="computer"`): whose move
//! it is (the question itself is `MoveRequest::after` the game's positions).

use super::BoardState;

impl BoardState {
    /// Is it the computer opponent's move (`opponent="computer"`, the side that is not `side`)?
    /// Never on a board a page steers, nor once the game is over.
    pub fn computer_to_move(&self) -> bool {
        // Only a board with the opponent extension reads `opponent` (`crate::opponent`): the
        // lesson player's boards never play the computer.
        self.config.computer && self.steer.is_none() && self.game.outcome().is_none() && self.position().turn() != self.config.side
    }
}
