//! `<chess-board opponent="computer">`: when it is the computer's turn the board asks the page's
//! computer port (`qitong_computer_client`, the worker of `www/qitong-computer.js`), says that it is
//! thinking, and plays the answer — unless the game moved on meanwhile (a new position, a
//! take-back), which cancels the question. When no answer comes (the engine's files did not
//! download, or the question timed out), the bubble says so in the board's language and its
//! button asks again. The board reaches it as the `Opponent` its caller chose (`extension.rs`).

use super::{warn, Opponent, Widget};
use crate::config::{AttributeEffect, AttributeError, Config};
use crate::opponent::{say, OpponentText};
use crate::words;
use qitong_computer_client::{Computer, ComputerErrorCode, MoveRequest};
use qitong_words::Lang;

/// The computer opponent (`<chess-board opponent="computer" level side>`), as `<chess-board>`'s
/// export chooses it.
pub struct ComputerOpponent;

impl Opponent for ComputerOpponent {
    fn apply(&self, config: &mut Config, name: &str, value: Option<&str>) -> Result<AttributeEffect, AttributeError> {
        crate::opponent::apply(config, name, value)
    }

    fn turn(&self, widget: &Widget) {
        widget.ask_computer();
    }

    fn stop(&self, widget: &Widget) -> bool {
        widget.cancel_computer()
    }

    fn face_the_child(&self, widget: &Widget) {
        widget.turn_to_the_child();
    }

    fn retry_label(&self, lang: Lang) -> &'static str {
        say(OpponentText::Retry, lang)
    }
}

impl Widget {
    /// The page's way to the computer (handed in by `qitong-elements.js`); the computer moves
    /// now if it is its turn.
    pub fn set_computer(&self, computer: Computer) {
        *self.computer.borrow_mut() = Some(computer);
        self.computer_turn();
    }

    /// Asks the computer for its move if it is its turn and it is not already thinking (the
    /// port knows whether this board's question is open).
    fn ask_computer(&self) {
        if self.computer.borrow().as_ref().is_some_and(Computer::asking) {
            return;
        }
        let (request, version) = {
            let state = self.state.borrow();
            if !state.computer_to_move() {
                return;
            }
            // Games vary; a page that wants the same game twice asks `computerMove` itself.
            let seed = (js_sys::Math::random() * f64::from(u32::MAX)) as u32;
            let Some(request) = MoveRequest::after(state.game().game().positions(), state.config.level, seed, None) else { return };
            (request, state.version())
        };
        let Some(computer) = self.computer.borrow().clone() else {
            warn("<chess-board opponent=\"computer\">: the computer is not available on this page");
            return;
        };
        self.computer_failed.set(false);
        self.set_thinking(true);
        let host = self.host.clone();
        computer.ask(&request, move |reply| {
            let Some(widget) = Widget::of(&host) else { return };
            widget.set_thinking(false);
            match reply {
                Ok(reply) if widget.state.borrow().version() == version => {
                    let played = widget.state.borrow_mut().play_uci(&reply.uci);
                    match played {
                        Ok(played) => widget.after_played(&played),
                        Err(err) => warn(&format!("<chess-board>: the computer's move {} was refused: {}", reply.uci, err.explanation.message)),
                    }
                }
                // The game moved on while the computer thought.
                Ok(_) => widget.computer_turn(),
                // Cancelled by the page (a page-wide `cancelComputer()`: this board's own cancelled
                // questions are never answered): ask again.
                Err(err) if err.code == ComputerErrorCode::Cancelled => widget.computer_turn(),
                Err(err) => {
                    warn(&format!("<chess-board>: the computer could not move ({}: {})", err.js_code, err.message));
                    widget.say_computer_failed(err.code);
                }
            }
        });
    }

    /// The computer gave no move (timed out, or its worker failed): the bubble says why, and
    /// its button ("再试一次") asks again.
    fn say_computer_failed(&self, code: ComputerErrorCode) {
        {
            let mut state = self.state.borrow_mut();
            let words = if code == ComputerErrorCode::Timeout { OpponentText::ComputerTimeout } else { OpponentText::ComputerFailed };
            let text = say(words, state.config.lang).to_string();
            state.note(text, qitong_rules::Bitboard::EMPTY, None);
        }
        self.computer_failed.set(true);
        self.schedule();
    }

    /// Cancels the computer's thinking, if it is; says whether it was.
    fn cancel_computer(&self) -> bool {
        match self.computer.borrow().as_ref() {
            Some(computer) if computer.asking() => computer.cancel(),
            _ => return false,
        }
        self.set_thinking(false);
        true
    }

    /// Mirrors the port's open question to the page: the `thinking` attribute and the words a
    /// screen reader hears.
    fn set_thinking(&self, on: bool) {
        let _ = self.host.toggle_attribute_with_force("thinking", on);
        {
            let mut state = self.state.borrow_mut();
            if on {
                let text = words::say(words::BoardText::ComputerThinking, &[], state.config.lang);
                state.announce(text);
            } else {
                state.announce_turn();
            }
        }
        self.schedule();
    }

    /// The computer's side changed: without an `orientation` attribute of its own, the board
    /// turns the child's side to the bottom.
    fn turn_to_the_child(&self) {
        let turn = {
            let mut state = self.state.borrow_mut();
            let wanted = if state.config.computer { state.config.side } else { state.config.orientation };
            let turn = !self.host.has_attribute("orientation") && state.config.orientation != wanted;
            if turn {
                state.config.orientation = wanted;
            }
            turn
        };
        if turn {
            if let Err(err) = self.rebuild() {
                warn(&format!("<chess-board>: {err:?}"));
            }
        }
    }
}
