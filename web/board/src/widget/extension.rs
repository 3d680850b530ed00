//! The board's extensions (cm-chessboard's `extensions/` manner): what only some boards do, chosen
//! by the code that builds the board instead of by a cargo feature. `<chess-board>`'s export
//! chooses the computer opponent (`opponent.rs`) and the move box's typed moves; the lesson
//! player's boards choose the parts drawn around a steered board (the set-up tray, the clock's
//! faces). The board reaches them only through the `Extensions` value it was
//! built with, so a module that never builds a board with them does not link them (the
//! opponent's question and answer, its words, the forgiving SAN reader).

use super::dom::Dom;
use super::Widget;
use crate::config::{AttributeEffect, AttributeError, Config};
use crate::state::BoardState;
use qitong_words::Lang;
use web_sys::{Element, HtmlElement, MouseEvent, PointerEvent, ShadowRoot};

/// A computer (or other) opponent that plays one side of the board's game.
pub trait Opponent {
    /// Applies one of its attributes to the board's config; `Ignored` for any other.
    fn apply(&self, config: &mut Config, name: &str, value: Option<&str>) -> Result<AttributeEffect, AttributeError>;
    /// Plays its move if it is its turn and it is not already thinking.
    fn turn(&self, widget: &Widget);
    /// Stops its thinking, if it is; says whether it was.
    fn stop(&self, widget: &Widget) -> bool;
    /// Its side changed: the child's side goes to the bottom.
    fn face_the_child(&self, widget: &Widget);
    /// The bubble's button after it failed (it asks again).
    fn retry_label(&self, lang: Lang) -> &'static str;
}

/// What a board does beyond every board's moves, drawing and words.
#[derive(Clone, Copy, Default)]
pub struct Extensions {
    /// `opponent="computer"`: who plays the other side.
    pub opponent: Option<&'static dyn Opponent>,
    /// The move box's submit: reads the typed move (SAN or UCI) and plays it.
    pub typed_moves: Option<fn(&Widget)>,
    /// What a steered board draws under itself, with its styles and input (`widget::around`:
    /// the set-up tray, the clock's faces).
    pub around: Option<&'static dyn Around>,
}

/// Parts a steered board draws under itself (`extensions::around`), their styles and their
/// input.
pub trait Around {
    /// Their styles, added to the board's.
    fn css(&self) -> &'static str;
    /// Draws them into the board's `.around` when they changed; returns the element to focus (once no borrow is held), if the redraw took the focus from one of them.
    fn draw(&self, dom: &mut Dom, state: &BoardState, root: &ShadowRoot) -> Option<HtmlElement>;
    /// A pointer event of `kind` (`pointerdown`, `pointermove`, `pointerup`, `pointercancel`):
    /// true when it was theirs alone.
    fn pointer(&self, widget: &Widget, kind: &str, event: &PointerEvent) -> bool;
    /// A click on `element`: true when it was on them.
    fn click(&self, widget: &Widget, event: &MouseEvent, element: &Element) -> bool;
}

impl Extensions {
    /// A board with no extension.
    pub const NONE: Extensions = Extensions { opponent: None, typed_moves: None, around: None };
}

/// One attribute into the config: the board's own, else its extensions'.
pub(super) fn apply(extensions: &Extensions, config: &mut Config, name: &str, value: Option<&str>) -> Result<AttributeEffect, AttributeError> {
    match (config.apply(name, value)?, extensions.opponent) {
        (AttributeEffect::Ignored, Some(opponent)) => opponent.apply(config, name, value),
        (effect, _) => Ok(effect),
    }
}

/// The board asks its opponent, if it has one.
impl Widget {
    pub(super) fn computer_turn(&self) {
        if let Some(opponent) = self.extensions.opponent {
            opponent.turn(self);
        }
    }

    pub(super) fn stop_thinking(&self) -> bool {
        self.extensions.opponent.is_some_and(|opponent| opponent.stop(self))
    }

    pub(super) fn face_the_child(&self) {
        if let Some(opponent) = self.extensions.opponent {
            opponent.face_the_child(self);
        }
    }

    /// The bubble's button when the bubble is the opponent's failure ("再试一次"), else `None`.
    pub(super) fn retry_label(&self, lang: Lang) -> Option<&'static str> {
        let opponent = self.extensions.opponent.filter(|_| self.computer_failed.get())?;
        Some(opponent.retry_label(lang))
    }

    /// The failure bubble was closed: ask the opponent again.
    pub(super) fn retry_computer(&self) {
        if self.computer_failed.replace(false) {
            self.computer_turn();
        }
    }

    /// The move box was submitted: its typed move, if the board takes typed moves.
    pub(super) fn typed_move(&self) -> bool {
        let Some(submit) = self.extensions.typed_moves else { return false };
        submit(self);
        true
    }
}
