//! The play page against the computer (wasm32 only; the choices and decisions are
//! `pages::play::versus`'s, the trees `render_versus`'s): the choices remembered, the board
//! dressed for the game (the child's side at the bottom, the class's rules if chosen, sounds), the
//! computer's reply asked through the port (`qitong_computer_client`) after each move of the child while
//! the board waits, the hint (a strong, short search: an arrow and the reasons in kid words),
//! take-backs in practice, and every pending question cancelled by a new game, a take-back or
//! leaving the page. A reply that comes for another position is dropped.

use super::Page;
use crate::action::Action;
use crate::hint_words::hint_text;
use crate::render_versus::{computer_controls, HintShown, VsControls, VsPlaying};
use crate::versus::{reply_seed, take_back_plies, Choices, Opponent, CHOICES_KEY, HINT_MOVETIME_MS};
use qitong_board::shapes::{Brush, Shape};
use qitong_computer_client::{ComputerError, ComputerErrorCode, ComputerReply, MoveRequest};
use qitong_engine::Level;
use qitong_rules::{Color, Move, Position};
use qitong_view::dom::page::{now_ms, set_attr};
use qitong_view::dom::tree;

/// The hint, as far as it has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Hint {
    None,
    Looking,
    /// Its words are made at each render, in the page's language of the moment.
    Found(Move),
}

/// A game against the computer under way.
#[derive(Debug, Clone)]
pub(super) struct VsGame {
    pub child: Color,
    pub level: Level,
    pub class_rules: bool,
    pub seed: u32,
    pub thinking: bool,
    pub failed: bool,
    pub hint: Hint,
}

/// Which question a reply answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    Reply,
    Hint,
}

impl Page {
    pub(super) fn vs_mode(&self) -> bool {
        self.choices.borrow().opponent == Opponent::Computer
    }

    /// The choices as they are now, remembered (storage that fails was said already).
    fn keep_choices(&self) {
        if let Some(store) = super::resume::storage() {
            let _ = store.set_item(CHOICES_KEY, &self.choices.borrow().to_json());
        }
    }

    /// A choice of the setup: the opponent, the side, the level, the class's rules.
    pub(super) fn choose(&self, action: Action) {
        {
            let mut choices = self.choices.borrow_mut();
            match action {
                Action::Opponent(opponent) => choices.opponent = opponent,
                Action::Side(side) => choices.side = side,
                Action::Level(level) => choices.level = level,
                Action::ClassRules => choices.class_rules = !choices.class_rules,
                _ => return,
            }
        }
        self.keep_choices();
        if let Action::Opponent(_) = action {
            self.cancel_questions();
            *self.vs.borrow_mut() = None;
            self.dress_board();
            self.new_game();
        }
    }

    /// The board as the mode wants it: against the computer the child's side at the bottom,
    /// the class's rules only if chosen, and sounds; between two children the class's rules.
    pub(super) fn dress_board(&self) {
        let (computer, class_rules, bottom) = match &*self.vs.borrow() {
            Some(game) => (true, game.class_rules, game.child),
            None => (self.vs_mode(), self.choices.borrow().class_rules, Color::White),
        };
        let board = &self.board_el;
        if class_rules || !computer {
            set_attr(board, "class-play", "");
        } else {
            let _ = board.remove_attribute("class-play");
        }
        if computer {
            set_attr(board, "sound", "");
            set_attr(&self.clock_el, "hidden", "");
        } else {
            let _ = board.remove_attribute("sound");
            let _ = self.clock_el.remove_attribute("hidden");
        }
        set_attr(board, "orientation", bottom.name());
        qitong_view::dom::page::toggle_class(&self.root, "vs-computer", computer);
    }

    /// The game against the computer begins with the choices made.
    pub(super) fn begin(&self) {
        let Some(board) = self.board() else { return };
        self.cancel_questions();
        self.read_names();
        let choices: Choices = self.choices.borrow().clone();
        let seed = self.seed.get();
        // The next game gets another seed (another side for "random", other replies).
        self.seed.set(seed.wrapping_add(1));
        let child = choices.side.resolve(seed);
        *self.vs.borrow_mut() =
            Some(VsGame { child, level: choices.level, class_rules: choices.class_rules, seed, thinking: false, failed: false, hint: Hint::None });
        self.dress_board();
        let _ = board.set_position(None);
        self.resign_asked.set(None);
        if child == Color::Black {
            self.ask(Question::Reply);
        }
    }

    /// Back to the setup (a new game): any question is cancelled.
    pub(super) fn vs_new_game(&self) {
        self.cancel_questions();
        *self.vs.borrow_mut() = None;
        if let Some(board) = self.board() {
            let _ = board.set_position(None);
        }
        self.resign_asked.set(None);
        self.dress_board();
    }

    /// A move was played on the board: the child's is answered, the computer's gives the board
    /// back to the child.
    pub(super) fn vs_played(&self) {
        let Some(board) = self.board() else { return };
        let (mover, over) = board.with_state(|s| (!s.position().turn(), s.game().outcome().is_some()));
        // A hint still being looked for is for the position before: stop it.
        self.cancel_questions();
        board.set_shapes(Vec::new());
        let child = {
            let mut vs = self.vs.borrow_mut();
            let Some(game) = vs.as_mut() else { return };
            game.hint = Hint::None;
            game.thinking = false;
            game.child
        };
        if mover == child && !over {
            self.ask(Question::Reply);
        }
    }

    /// Asks the computer for its reply or for the child's hint, in the position on the board.
    fn ask(&self, question: Question) {
        let (Some(board), Some(computer)) = (self.board(), self.computer.clone()) else { return };
        let (position, ply) = board.with_state(|s| (*s.position(), s.game().game().ply()));
        let request = {
            let mut vs = self.vs.borrow_mut();
            let Some(game) = vs.as_mut() else { return };
            let (level, movetime_ms) = match question {
                Question::Reply => {
                    game.thinking = true;
                    (game.level, None)
                }
                Question::Hint => {
                    game.hint = Hint::Looking;
                    (Level::MAX, Some(f64::from(HINT_MOVETIME_MS)))
                }
            };
            game.failed = false;
            let seed = reply_seed(game.seed, ply);
            board.with_state(|s| MoveRequest::after(s.game().game().positions(), level.number(), seed, movetime_ms))
        };
        let Some(request) = request else { return };
        let weak = self.me.borrow().clone();
        computer.ask(&request, move |answer| {
            if let Some(page) = weak.upgrade() {
                page.answered(question, &position, answer);
            }
        });
        self.render();
    }

    /// The computer answered: the reply is played, the hint shown — unless the board has moved
    /// on meanwhile without cancelling it (then the answer is for a position that is gone).
    fn answered(&self, question: Question, asked_in: &Position, answer: Result<ComputerReply, ComputerError>) {
        let Some(board) = self.board() else { return };
        if !board.with_state(|s| s.position() == asked_in) || self.vs.borrow().is_none() {
            return;
        }
        match (question, answer) {
            (Question::Reply, Ok(reply)) => {
                if let Some(game) = self.vs.borrow_mut().as_mut() {
                    game.thinking = false;
                }
                // The `played` event (`vs_played`) gives the board back and redraws.
                if board.play(&reply.uci).is_err() {
                    self.failed(Question::Reply);
                }
            }
            (Question::Hint, Ok(reply)) => {
                let mv = board.with_state(|s| reply.uci.parse().ok().and_then(|u| s.position().move_from_uci(&u).ok()));
                if let Some(game) = self.vs.borrow_mut().as_mut() {
                    game.hint = mv.map_or(Hint::None, Hint::Found);
                }
                if let Some(mv) = mv {
                    board.set_shapes(vec![Shape::between(mv.from, mv.to, Brush::Blue)]);
                }
                self.render();
            }
            // Our own cancelled questions never answer: this one was cancelled by the page.
            (_, Err(e)) => {
                if e.code != ComputerErrorCode::Cancelled {
                    web_sys::console::warn_2(&e.js_code.into(), &e.message.into());
                }
                self.failed(question);
            }
        }
    }

    /// The computer could not answer: the child may ask again (a missing reply), or simply
    /// plays on (a missing hint).
    fn failed(&self, question: Question) {
        if let Some(game) = self.vs.borrow_mut().as_mut() {
            match question {
                Question::Reply => {
                    game.thinking = false;
                    game.failed = true;
                }
                Question::Hint => game.hint = Hint::None,
            }
        }
        self.render();
    }

    /// Cancels what the computer is thinking about, if anything.
    pub(super) fn cancel_questions(&self) {
        if let Some(computer) = &self.computer {
            computer.cancel();
        }
        if let Some(game) = self.vs.borrow_mut().as_mut() {
            game.thinking = false;
            if game.hint == Hint::Looking {
                game.hint = Hint::None;
            }
        }
    }

    pub(super) fn vs_clicked(&self, action: Action) {
        match action {
            Action::Begin => self.begin(),
            Action::Hint => {
                let ready = self.child_to_move() && self.vs.borrow().as_ref().is_some_and(|g| g.hint != Hint::Looking);
                if ready {
                    self.ask(Question::Hint);
                }
            }
            Action::TakeBack => self.take_back(),
            Action::Retry => {
                let turn_of_computer = !self.child_to_move();
                if let Some(game) = self.vs.borrow_mut().as_mut() {
                    game.failed = false;
                }
                if turn_of_computer {
                    self.ask(Question::Reply);
                }
            }
            Action::ResignYes => {
                let child = self.vs.borrow().as_ref().map(|g| g.child);
                self.resign_asked.set(None);
                self.cancel_questions();
                if let (Some(board), Some(child)) = (self.board(), child) {
                    if let Ok(over) = board.class_action(|s| s.resign(child, now_ms())) {
                        board.announce_over(&over);
                    }
                }
            }
            _ => self.choose(action),
        }
    }

    /// Is it the child's turn in a game under way, with the computer not thinking?
    fn child_to_move(&self) -> bool {
        let Some(board) = self.board() else { return false };
        let (turn, over) = board.with_state(|s| (s.position().turn(), s.game().outcome().is_some()));
        self.vs.borrow().as_ref().is_some_and(|g| !g.thinking && g.child == turn && !over)
    }

    /// Takes back the child's last move and the computer's reply (or the child's move alone
    /// while the computer thinks about it: the question is cancelled). Practice only.
    fn take_back(&self) {
        let Some(board) = self.board() else { return };
        let Some((child, class_rules)) = self.vs.borrow().as_ref().map(|g| (g.child, g.class_rules)) else { return };
        let (turn, plies, over) = board.with_state(|s| (s.position().turn(), s.game().game().ply(), s.game().outcome().is_some()));
        if class_rules || over {
            return;
        }
        let Some(undo) = take_back_plies(child, turn, plies) else { return };
        self.cancel_questions();
        for _ in 0..undo {
            let _ = board.undo();
        }
        board.set_shapes(Vec::new());
        if let Some(game) = self.vs.borrow_mut().as_mut() {
            game.hint = Hint::None;
            game.failed = false;
        }
    }

    /// May the child move pieces now?
    pub(super) fn vs_board_free(&self) -> bool {
        self.child_to_move() && self.vs.borrow().as_ref().is_some_and(|g| !g.failed)
    }

    pub(super) fn vs_render_controls(&self) {
        self.controls.set_text_content(None);
        let lang = self.lang.get();
        let message = self.message.borrow().clone();
        let vs = self.vs.borrow().clone();
        let Some(board) = self.board() else { return };
        let over = self.outcome().is_some();
        if over {
            return;
        }
        let (turn, plies, position) = board.with_state(|s| (s.position().turn(), s.game().game().ply(), *s.position()));
        let hint_words = match vs.as_ref().map(|g| g.hint) {
            Some(Hint::Found(mv)) => Some((mv.to_uci(), hint_text(&position, &mv, lang))),
            _ => None,
        };
        let playing = vs.as_ref().map(|g| VsPlaying {
            child: g.child,
            level: g.level,
            turn,
            thinking: g.thinking,
            failed: g.failed,
            hint: match (&g.hint, &hint_words) {
                (Hint::Looking, _) => HintShown::Looking,
                (Hint::Found(_), Some((uci, text))) => HintShown::Found { uci, text },
                _ => HintShown::None,
            },
            can_take_back: !g.class_rules && take_back_plies(g.child, turn, plies).is_some(),
            resign_asked: self.resign_asked.get().is_some(),
        });
        tree::append_all(&self.doc, &self.controls, &computer_controls(&VsControls { lang, playing, message: &message }));
    }

    /// The child won: a cheer (when the board's sounds are on).
    pub(super) fn vs_child_won(&self) -> bool {
        let child = self.vs.borrow().as_ref().map(|g| g.child);
        child.is_some() && self.outcome().and_then(|o| o.winner) == child
    }
}
