//! The "Play a friend" page's saved game in the browser (wasm32 only; the record and the
//! decisions are `pages::play::saved`'s): saved to localStorage after every change and when the page
//! goes away; on return an unfinished game is shown and offered back, its clock paused so that
//! nobody loses on time while the page was closed; storage that fails is said once; a record
//! that cannot be read is kept aside, and said.

use super::Page;
use crate::action::SavedChoice;
use crate::render;
use crate::saved::{aside_key, offer_line, read_saved, Found, Problem, SavedClock, SavedGame, SAVED_KEY};
use crate::words::PlayText;
use qitong_classroom::clock::ClockState;
use qitong_classroom::ladder::{PENDING_KEY, PENDING_VERSION};
use qitong_rules::Color;
use qitong_view::dom::page::{set_attr, set_text};
use qitong_view::dom::tree;
use wasm_bindgen::JsValue;
use web_sys::Storage;

pub(super) fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

impl Page {
    /// On arrival: an unfinished game is shown and offered; an unreadable record is kept aside.
    pub(super) fn load_saved(&self) {
        let Some(store) = storage() else { return self.cannot_save() };
        let Ok(raw) = store.get_item(SAVED_KEY) else { return self.cannot_save() };
        match read_saved(raw.as_deref()) {
            Found::Nothing | Found::Finished => {}
            Found::Offer { game, moves } => {
                if self.show_saved(&game) {
                    *self.saved.borrow_mut() = Some((game, moves));
                } else if let Some(raw) = raw {
                    self.keep_aside(&store, &raw, Problem::Damaged);
                }
            }
            Found::Unreadable { raw, problem } => self.keep_aside(&store, &raw, problem),
        }
    }

    /// The board and the clock show the saved game (the clock paused); false when the board
    /// refuses it.
    fn show_saved(&self, game: &SavedGame) -> bool {
        let (Some(board), Some(clock)) = (self.board(), self.clock()) else { return false };
        if board.resume(Some(&game.start), &game.journal).is_err() {
            return false;
        }
        *self.names.borrow_mut() = (game.white.clone(), game.black.clone());
        *self.control.borrow_mut() = game.time_control.clone();
        set_attr(&self.clock_el, "time-control", &game.time_control);
        if let Some(restored) = game.restored_clock() {
            let mut model = clock.model.borrow_mut();
            model.restore(restored);
            let _ = model.apply("fen", Some(&board.fen()));
        }
        clock.render();
        true
    }

    /// Copies an unreadable record to a key of its own before anything is written, and says
    /// so; with nowhere to keep it, this page saves nothing at all.
    fn keep_aside(&self, store: &Storage, raw: &str, problem: Problem) {
        let kept = aside_key(raw, |key| store.get_item(key).ok().flatten()).filter(|key| store.set_item(key, raw).is_ok());
        match kept {
            Some(key) => {
                let _ = store.remove_item(SAVED_KEY);
                let code = if problem == Problem::Newer { PlayText::SavedNewer } else { PlayText::SavedDamaged };
                self.notes.borrow_mut().push((code, key));
            }
            None => {
                self.can_save.set(false);
                self.notes.borrow_mut().push((PlayText::SavedStuck, String::new()));
            }
        }
    }

    /// Leaves the finished game for the class ladder page: `{ version: 1, white, black,
    /// result, pgn, ... }` (see `ladder_store`). False, with a note, when storage refused it.
    pub(super) fn store_pending(&self) -> bool {
        let detail = self.result_detail();
        if detail.is_null() {
            return true;
        }
        let _ = js_sys::Reflect::set(&detail, &JsValue::from_str("version"), &JsValue::from(PENDING_VERSION as u32));
        let written = match (storage(), js_sys::JSON::stringify(&detail)) {
            (Some(store), Ok(text)) => store.set_item(PENDING_KEY, &String::from(text)).is_ok(),
            _ => false,
        };
        if !written && !self.notes.borrow().iter().any(|(code, _)| *code == PlayText::PendingStuck) {
            self.notes.borrow_mut().push((PlayText::PendingStuck, String::new()));
        }
        written
    }

    /// Storage is blocked or full: say it once, and stop trying.
    pub(super) fn cannot_save(&self) {
        if self.can_save.replace(false) {
            self.notes.borrow_mut().push((PlayText::NoStorage, String::new()));
            self.render_note();
        }
    }

    /// The game as it stands, for the record.
    fn record(&self) -> Option<SavedGame> {
        let (board, clock) = (self.board()?, self.clock()?);
        let (start, journal) = board.with_state(|s| (s.game().game().start_position().fen(), s.journal()));
        let now = qitong_view::dom::page::now_ms();
        let model = clock.model.borrow();
        let remaining_ms = [Color::White, Color::Black].map(|side| model.face(side, now).remaining_ms);
        let (white, black) = self.names();
        Some(SavedGame {
            time_control: self.control.borrow().clone(),
            white,
            black,
            start,
            journal,
            clock: SavedClock { remaining_ms, turn: model.clock.running() },
        })
    }

    /// Saves the game (after every change, and when the page goes away); a game not begun
    /// leaves nothing behind. Nothing is written while a saved game waits for the players'
    /// choice.
    /// A game against the computer is not saved: the record is for a game between two.
    pub(super) fn save(&self) {
        if self.saved.borrow().is_some() || !self.can_save.get() || self.vs_mode() {
            return;
        }
        let Some(record) = self.record() else { return };
        let Some(store) = storage() else { return self.cannot_save() };
        let written = if record.begun() { store.set_item(SAVED_KEY, &record.to_json()) } else { store.remove_item(SAVED_KEY) };
        if written.is_err() {
            // An older record must not be offered later as if it were this game.
            let _ = store.remove_item(SAVED_KEY);
            self.cannot_save();
        }
    }

    /// The players chose: go on with the saved game, or (asked first) a new one.
    pub(super) fn saved_chosen(&self, choice: SavedChoice) {
        match choice {
            SavedChoice::Continue => {
                let game = self.saved.take();
                self.resumed.set(game.is_some_and(|(g, _)| g.clock.turn.is_some()));
            }
            SavedChoice::New => self.discard_asked.set(true),
            SavedChoice::Keep => self.discard_asked.set(false),
            SavedChoice::Discard => {
                self.saved.take();
                self.discard_asked.set(false);
                self.new_game();
            }
        }
    }

    /// The big "resume the clock" press after a saved game came back.
    pub(super) fn resume_clock(&self, now: u64) {
        let Some(clock) = self.clock() else { return };
        if !matches!(clock.model.borrow().clock.state(), ClockState::Paused { .. }) {
            return;
        }
        let r = clock.model.borrow_mut().toggle_pause(now);
        clock.respond(r);
    }

    /// The clock runs again (the page's button or the clock's own): the saved game goes on.
    pub(super) fn clock_resumed(&self, _event: web_sys::Event) {
        self.resumed.set(false);
        if self.saved.take().is_some() {
            self.discard_asked.set(false);
        }
        self.render();
    }

    pub(super) fn render_note(&self) {
        let lang = self.lang.get();
        let text: Vec<String> = self.notes.borrow().iter().map(|(code, key)| crate::words::play_text(*code, lang).replace("{key}", key)).collect();
        let text = text.join(" ");
        // Set only when it changes: the status region says it once.
        if self.note.text_content().unwrap_or_default() != text {
            set_text(&self.note, &text);
        }
        if text.is_empty() {
            set_attr(&self.note, "hidden", "");
        } else {
            let _ = self.note.remove_attribute("hidden");
        }
    }

    pub(super) fn render_saved(&self) {
        self.render_note();
        let panel = &self.saved_panel;
        panel.set_text_content(None);
        let saved = self.saved.borrow();
        let Some((game, moves)) = saved.as_ref() else {
            set_attr(panel, "hidden", "");
            return;
        };
        let _ = panel.remove_attribute("hidden");
        tree::append_all(
            &self.doc,
            panel,
            &render::saved_offer(self.lang.get(), &offer_line(game, *moves, self.lang.get()), self.discard_asked.get()),
        );
    }
}
