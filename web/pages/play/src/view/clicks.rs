//! The play page's buttons (wasm32 only): what each typed `Action` does to the board, the
//! clock and the page, the clock pressed after a move, the keyboard kept on the button pressed,
//! and a new game.

use super::Page;
use crate::action::{Action, SavedChoice};
use qitong_lessons::lang::Lang;
use qitong_rules::Color;
use qitong_view::dom::page::{now_ms, set_attr, set_page_lang, show_present};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

impl Page {
    pub(super) fn clicked(&self, event: web_sys::Event) {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let Some(text) = target.closest("[data-act]").ok().flatten().and_then(|e| e.get_attribute("data-act")) else { return };
        let Ok(action) = text.parse::<Action>() else { return };
        let board = self.board();
        let now = now_ms();
        self.message.borrow_mut().clear();
        let vs_game = self.vs.borrow().is_some();
        match action {
            Action::Opponent(_)
            | Action::Side(_)
            | Action::Level(_)
            | Action::ClassRules
            | Action::Begin
            | Action::Hint
            | Action::TakeBack
            | Action::Retry => self.vs_clicked(action),
            Action::ResignYes if vs_game => self.vs_clicked(action),
            Action::New if self.vs_mode() => self.vs_new_game(),
            Action::Lang => {
                let lang = match self.lang.get() {
                    Lang::Zh => Lang::En,
                    Lang::En => Lang::Zh,
                };
                self.lang.set(lang);
                let _ = set_page_lang(lang);
            }
            Action::Present => {
                self.present.set(!self.present.get());
                show_present(self.present.get());
            }
            Action::TimeControl(tc) => {
                *self.control.borrow_mut() = tc.to_string();
                set_attr(&self.clock_el, "time-control", tc);
            }
            Action::Start => {
                if let Some(clock) = self.clock() {
                    let r = clock.model.borrow_mut().press(Color::Black, now);
                    clock.respond(r);
                }
            }
            Action::Press => self.press_clock(now),
            Action::Offer => {
                if let Some(b) = board {
                    if let Err(e) = b.class_action(|s| s.offer_draw()) {
                        *self.message.borrow_mut() = e.message;
                    }
                }
            }
            Action::Answer(yes) => {
                if let Some(b) = board {
                    match b.class_action(|s| s.answer_draw(yes, now)) {
                        Ok(Some(over)) => b.announce_over(&over),
                        Ok(None) => {}
                        Err(e) => *self.message.borrow_mut() = e.message,
                    }
                }
            }
            Action::Resign(side) => self.resign_asked.set(Some(side)),
            Action::ResignNo => self.resign_asked.set(None),
            Action::ResignYes => {
                if let (Some(b), Some(side)) = (board, self.resign_asked.take()) {
                    if let Ok(over) = b.class_action(|s| s.resign(side, now)) {
                        b.announce_over(&over);
                    }
                }
            }
            Action::Notation(name) => self.notation.set(name),
            Action::Print => {
                if let Some(window) = web_sys::window() {
                    let _ = window.print();
                }
            }
            Action::New => self.new_game(),
            Action::Saved(choice) => self.saved_chosen(choice),
            Action::ResumeClock => self.resume_clock(now),
            // The link goes on to the ladder page after this, unless the result could not be
            // left for it: then the page stays and says so.
            Action::Ladder => {
                if !self.store_pending() {
                    event.prevent_default();
                    self.render_note();
                }
                return;
            }
        }
        self.render();
        if matches!(action, Action::Start | Action::Begin | Action::ResumeClock) {
            // The game starts: its board wholly in sight (on a phone the button was below it).
            qitong_view::dom::sight::into_sight(&self.board_el);
        }
        if action == Action::Present {
            // A presenter's next Space or Enter must not switch projector mode off again: the
            // focus leaves the button for the page itself.
            if let Some(main) = self.root.dyn_ref::<HtmlElement>() {
                let _ = main.focus();
            }
            return;
        }
        // The panels were rebuilt: give the focus back to the same action, when it is there,
        // or to where a choice about the saved game leads.
        let next = match action {
            Action::Saved(SavedChoice::Continue) => Action::ResumeClock,
            Action::Saved(SavedChoice::New) => Action::Saved(SavedChoice::Keep),
            Action::Saved(SavedChoice::Keep) => Action::Saved(SavedChoice::New),
            Action::Saved(SavedChoice::Discard) => Action::Start,
            other => other,
        };
        self.focus_action(next);
    }

    /// The mover presses the clock after its move (and its draw offer, if any).
    pub(super) fn press_clock(&self, now: u64) {
        let (Some(board), Some(clock)) = (self.board(), self.clock()) else { return };
        let Some(mover) = board.with_state(|s| s.awaiting_press()) else { return };
        let r = clock.model.borrow_mut().press(mover, now);
        let pressed = r.pressed.is_some();
        clock.respond(r);
        if pressed {
            if let Err(e) = board.class_action(|s| s.press_clock(mover, now)) {
                *self.message.borrow_mut() = e.message;
            }
        }
    }

    /// The keyboard on `action`'s button, scrolled just into sight (not to the screen's middle,
    /// which on a phone took the board away after every move).
    pub(super) fn focus_action(&self, action: Action) {
        if let Ok(Some(again)) = self.root.query_selector(&format!("[data-act=\"{action}\"]")) {
            if let Ok(again) = again.dyn_into::<HtmlElement>() {
                qitong_view::dom::sight::focus_in_place(&again);
                qitong_view::dom::sight::into_sight(&again);
            }
        }
    }

    pub(super) fn new_game(&self) {
        if let Some(board) = self.board() {
            let _ = board.set_position(None);
        }
        if let Some(clock) = self.clock() {
            let control = self.control.borrow().parse().unwrap_or(qitong_clock::state::DEFAULT_CONTROL);
            let mut model = clock.model.borrow_mut();
            model.reset_to(control);
            let _ = model.apply("fen", None);
            drop(model);
            clock.render();
        }
        self.resign_asked.set(None);
    }
}
