//! The play page (wasm32 only). Between two children: a `<chess-board class-play>` and a
//! controlled `<chess-clock>` wired together — Black starts the clock, every move presses it, a
//! flag ends the game, the board waits while the arbiter pauses — with draw offers, resignation,
//! the score sheet in three notations, the PGN download, printing and the result screen.
//! Against the computer (`play_versus`): the same board, sheet and result, without the clock.
//!
//! The page's frame is built once and its panels rebuilt after every change (they are small),
//! all from `pages::play::render`'s node trees; the board and the clock elements themselves
//! stay. Every text is set as text.
//! After every change the game is saved in the browser and offered back on return
//! (`play_resume`).

use crate::action::{Action, SavedChoice};
use crate::render;
use crate::words::PlayText;
use crate::words::{play_text, TIME_CONTROLS};
use qitong_board::class_play::sheet_format;
use qitong_board::widget::Widget;
use qitong_classroom::clock::ClockState;
use qitong_classroom::score_sheet::{class_game_pgn, GameInfo};
use qitong_clock::widget::ClockWidget;
use qitong_lessons::lang::Lang;
use qitong_rules::Color;
use qitong_view::dom::page::{
    dispatch, document, field, now_ms, object, page_lang, present_at_start, set_attr, set_page_lang, show_present, Listener,
};
use qitong_view::dom::tree;
use std::cell::{Cell, RefCell};

mod clicks;
mod controls;
mod keys;
mod resume;
mod sheet;
mod versus;
use crate::versus::{players, Choices, Opponent, CHOICES_KEY};
use qitong_computer_client::Computer;
use std::rc::{Rc, Weak};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement};

/// The page's own state (the game itself is the board's, the time the clock's).
struct Page {
    /// The page itself, for the computer's answers that come later (set once mounted).
    me: RefCell<Weak<Page>>,
    doc: Document,
    root: Element,
    board_el: Element,
    clock_el: Element,
    /// The panels rebuilt on every change (`head` inside the page's `<header>`).
    head: Element,
    /// The offer of a saved game, in the header.
    saved_panel: Element,
    /// The notes about saving (storage that fails, a record kept aside), said once.
    note: Element,
    result: Element,
    controls: Element,
    sheet: Element,
    lang: Cell<Lang>,
    /// Projector mode: a big board and big text for a class watching (`www/present.css`).
    present: Cell<bool>,
    notation: Cell<&'static str>,
    control: RefCell<String>,
    resign_asked: Cell<Option<Color>>,
    /// The players' names as typed (White, Black).
    names: RefCell<(String, String)>,
    /// The last message of the page (a refused offer's reason, ...).
    message: RefCell<String>,
    listeners: RefCell<Vec<Listener>>,
    /// The saved game offered back, and its number of moves, while the players choose.
    saved: RefCell<Option<(crate::saved::SavedGame, usize)>>,
    /// "Start a new game" was pressed: asking before the saved game goes.
    discard_asked: Cell<bool>,
    /// The saved game goes on: its clock waits, paused, for the players' press.
    resumed: Cell<bool>,
    /// False once storage failed or an unreadable record could not be kept aside.
    can_save: Cell<bool>,
    /// The notes shown in `note`: a text code and the key a record was kept under.
    notes: RefCell<Vec<(PlayText, String)>>,
    /// Whom to play and, against the computer, how (remembered).
    choices: RefCell<Choices>,
    /// The game against the computer under way (`None`: its setup, or a game between two).
    vs: RefCell<Option<versus::VsGame>>,
    /// The port to the computer the page's script handed in (`None`: only a friend to play).
    computer: Option<Computer>,
    /// The next game's seed: `?seed=` in the address (tests), else random.
    seed: Cell<u32>,
}

/// The mounted page: `result()` gives the finished game to the page module (for the class
/// ladder, later).
pub struct PlayView {
    page: Rc<Page>,
}

impl PlayView {
    /// Builds the page inside `root`; with `computer`, the child may also play the computer.
    pub fn mount(root: Element, computer: Option<Computer>) -> Result<PlayView, JsValue> {
        let doc = document().ok_or_else(|| JsValue::from_str("no document"))?;
        let lang = page_lang();
        let remembered = set_page_lang(lang);
        root.set_text_content(None);
        // Focusable by script only (where the focus goes after the projector button).
        set_attr(&root, "tabindex", "-1");
        tree::append_all(&doc, &root, &render::frame(TIME_CONTROLS[0]));
        let part = |selector: &str| {
            root.query_selector(selector).ok().flatten().ok_or_else(|| JsValue::from_str(&format!("play page: {selector} is missing")))
        };
        let (head, note, saved_panel, result) = (part(".play-head-main")?, part(".play-note")?, part(".play-saved")?, part(".play-result")?);
        let (board_el, clock_el, controls, sheet) = (part("chess-board")?, part("chess-clock")?, part(".play-controls")?, part(".play-sheet")?);
        let choices = Choices::from_json(resume::storage().and_then(|s| s.get_item(CHOICES_KEY).ok().flatten()).as_deref());
        let choices = if computer.is_some() { choices } else { Choices { opponent: Opponent::Friend, ..choices } };
        let page = Rc::new(Page {
            me: RefCell::new(Weak::new()),
            doc,
            root,
            board_el,
            clock_el,
            head,
            saved_panel,
            note,
            result,
            controls,
            sheet,
            lang: Cell::new(lang),
            present: Cell::new(present_at_start()),
            notation: Cell::new("san"),
            control: RefCell::new(TIME_CONTROLS[0].to_string()),
            resign_asked: Cell::new(None),
            names: RefCell::new((String::new(), String::new())),
            message: RefCell::new(String::new()),
            listeners: RefCell::new(Vec::new()),
            saved: RefCell::new(None),
            discard_asked: Cell::new(false),
            resumed: Cell::new(false),
            can_save: Cell::new(true),
            notes: RefCell::new(Vec::new()),
            choices: RefCell::new(choices),
            vs: RefCell::new(None),
            computer,
            seed: Cell::new(start_seed()),
        });
        *page.me.borrow_mut() = Rc::downgrade(&page);
        page.listen();
        show_present(page.present.get());
        page.load_saved();
        // A game between two saved on this computer is offered first.
        if page.saved.borrow().is_some() {
            page.choices.borrow_mut().opponent = Opponent::Friend;
        }
        page.dress_board();
        if !remembered {
            page.cannot_save();
        }
        page.render();
        if page.saved.borrow().is_some() {
            page.focus_action(Action::Saved(SavedChoice::Continue));
        }
        Ok(PlayView { page })
    }

    /// The finished game `{ result, reason, message, pgn, white, black, timeControl }`, or
    /// `null` while it goes on.
    pub fn result(&self) -> JsValue {
        self.page.result_detail()
    }

    pub fn pgn(&self) -> String {
        self.page.pgn()
    }
}

impl Page {
    fn board(&self) -> Option<Rc<Widget>> {
        Widget::of(&self.board_el)
    }

    fn clock(&self) -> Option<Rc<ClockWidget>> {
        ClockWidget::of(&self.clock_el)
    }

    fn clock_state(&self) -> ClockState {
        self.clock().map_or(ClockState::NotStarted, |c| c.model.borrow().clock.state())
    }

    fn outcome(&self) -> Option<qitong_rules::Outcome> {
        self.board().and_then(|b| b.with_state(|s| s.game().outcome()))
    }

    fn listen(self: &Rc<Self>) {
        let mut listeners = Vec::new();
        let on = |target: &Element, kind: &'static str, handler: fn(&Page, web_sys::Event)| {
            let weak = Rc::downgrade(self);
            Listener::new(target, kind, move |event| {
                if let Some(page) = weak.upgrade() {
                    handler(&page, event);
                }
            })
        };
        listeners.push(on(&self.root, "click", Page::clicked));
        listeners.push(on(&self.root, "input", Page::typed));
        listeners.push(on(&self.board_el, "played", Page::played));
        listeners.push(on(&self.board_el, "game-over", Page::game_over));
        listeners.push(on(&self.board_el, "illegal-move", |page, _| page.render()));
        listeners.push(on(&self.clock_el, "press", |page, _| page.render()));
        listeners.push(on(&self.clock_el, "flag", Page::flagged));
        listeners.push(on(&self.clock_el, "pause", |page, _| page.render()));
        listeners.push(on(&self.clock_el, "resume", Page::clock_resumed));
        // A touched piece is a change too (touch-move binds it).
        listeners.push(on(&self.board_el, "select", |page, _| page.save()));
        if let Some(window) = web_sys::window() {
            // The clock's times as they are when the page goes away (reload, closed tab).
            for kind in ["pagehide", "visibilitychange"] {
                let weak = Rc::downgrade(self);
                listeners.push(Listener::new(&window, kind, move |_| {
                    if let Some(page) = weak.upgrade() {
                        page.save();
                    }
                }));
            }
            // Projector mode's Space presses the clock (`keys`).
            let weak = Rc::downgrade(self);
            listeners.push(Listener::new(&window, "keydown", move |event| {
                if let Some(page) = weak.upgrade() {
                    page.space_key(event);
                }
            }));
            // Leaving the page: the computer stops thinking.
            let weak = Rc::downgrade(self);
            listeners.push(Listener::new(&window, "pagehide", move |_| {
                if let Some(page) = weak.upgrade() {
                    page.cancel_questions();
                }
            }));
        }
        *self.listeners.borrow_mut() = listeners;
    }

    // ---- what happened -------------------------------------------------------------------

    fn played(&self, event: web_sys::Event) {
        let detail = event.dyn_ref::<web_sys::CustomEvent>().map(|e| e.detail()).unwrap_or(JsValue::NULL);
        self.message.borrow_mut().clear();
        self.resign_asked.set(None);
        if self.vs.borrow().is_some() {
            self.vs_played();
            self.render();
            return;
        }
        // The mover's time runs on: it may offer a draw now, then presses the clock (SPEC §7).
        if let Some(clock) = self.clock() {
            if let Some(fen) = field(&detail, "fen") {
                let _ = clock.model.borrow_mut().apply("fen", Some(&fen));
            }
        }
        self.render();
        self.focus_action(Action::Press);
    }

    fn flagged(&self, event: web_sys::Event) {
        let detail = event.dyn_ref::<web_sys::CustomEvent>().map(|e| e.detail()).unwrap_or(JsValue::NULL);
        let side = if field(&detail, "side").as_deref() == Some("black") { Color::Black } else { Color::White };
        if let Some(board) = self.board() {
            if let Ok(over) = board.class_action(|s| s.flag_fall(side, now_ms())) {
                board.announce_over(&over);
            }
        }
    }

    fn game_over(&self, _event: web_sys::Event) {
        if let Some(clock) = self.clock() {
            clock.model.borrow_mut().stop(now_ms());
            clock.render();
        }
        self.resign_asked.set(None);
        self.cancel_questions();
        self.render();
        if self.vs_child_won() {
            if let Some(board) = self.board() {
                board.cheer();
            }
        }
        dispatch(&self.root, "play-result", &self.result_detail());
        if let Some(title) = self.doc.get_element_by_id("play-result-title") {
            if let Ok(title) = title.dyn_into::<HtmlElement>() {
                let _ = title.focus();
            }
        }
    }

    fn typed(&self, _event: web_sys::Event) {
        self.read_names();
        self.save();
        self.render_sheet_links();
        if let Ok(Some(players)) = self.root.query_selector(".players") {
            players.set_text_content(Some(&self.players_line()));
        }
    }

    // ---- the game for the page module -----------------------------------------------------

    /// (White, Black): as typed between two, the child's and the level's against the computer.
    fn names(&self) -> (String, String) {
        if let Some(game) = self.vs.borrow().as_ref() {
            return players(game.child, &self.choices.borrow().name, game.level, self.lang.get());
        }
        self.names.borrow().clone()
    }

    /// Keeps the names typed in the setup's two boxes.
    fn read_names(&self) {
        let value = |id: &str| {
            self.doc.get_element_by_id(id).and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok()).map(|i| i.value().trim().to_string())
        };
        if let (Some(white), Some(black)) = (value("play-white-name"), value("play-black-name")) {
            *self.names.borrow_mut() = (white, black);
        }
        if let Some(name) = value("play-your-name") {
            self.choices.borrow_mut().name = name;
            if let Some(store) = resume::storage() {
                let _ = store.set_item(CHOICES_KEY, &self.choices.borrow().to_json());
            }
        }
    }

    fn today() -> String {
        let d = js_sys::Date::new_0();
        format!("{}.{:02}.{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
    }

    fn pgn(&self) -> String {
        let (white, black) = self.names();
        let vs = self.vs.borrow().is_some();
        let info = GameInfo {
            event: play_text(if vs { PlayText::EventComputer } else { PlayText::Event }, self.lang.get()).to_string(),
            date: Page::today(),
            white,
            black,
            round: String::new(),
            time_control: if vs { None } else { self.control.borrow().parse().ok() },
        };
        self.board().map(|b| b.with_state(|s| class_game_pgn(s.game(), &info))).unwrap_or_default()
    }

    pub(super) fn result_detail(&self) -> JsValue {
        let Some(outcome) = self.outcome() else { return JsValue::NULL };
        let (white, black) = self.names();
        let message = self.board().map(|b| b.with_state(|s| s.status().0.to_string())).unwrap_or_default();
        let control = if self.vs.borrow().is_some() { String::new() } else { self.control.borrow().clone() };
        object(&[
            ("result", JsValue::from_str(outcome.pgn_result())),
            ("reason", JsValue::from_str(outcome.code())),
            ("message", JsValue::from_str(&message)),
            ("pgn", JsValue::from_str(&self.pgn())),
            ("white", JsValue::from_str(&white)),
            ("black", JsValue::from_str(&black)),
            ("timeControl", JsValue::from_str(&control)),
            ("opponent", JsValue::from_str(if self.vs.borrow().is_some() { "computer" } else { "friend" })),
        ])
    }

    // ---- drawing ---------------------------------------------------------------------------

    fn t(&self, code: PlayText) -> &'static str {
        play_text(code, self.lang.get())
    }

    fn render(&self) {
        let lang = self.lang.get();
        let vs = self.vs_mode();
        self.doc.set_title(self.t(if vs { PlayText::PageTitleComputer } else { PlayText::PageTitle }));
        let state = self.clock_state();
        let over = self.outcome();
        let running = matches!(state, ClockState::Running { .. });
        let pressing = self.board().and_then(|b| b.with_state(|s| s.awaiting_press())).is_some();
        let free = if vs { self.vs_board_free() } else { running && over.is_none() && !pressing };
        if free {
            let _ = self.board_el.remove_attribute("readonly");
        } else {
            set_attr(&self.board_el, "readonly", "");
        }
        self.render_head(state);
        self.render_result(over);
        if vs {
            self.vs_render_controls();
        } else {
            self.render_controls(state, over.is_some(), lang);
        }
        self.render_sheet();
        self.render_saved();
        self.save();
    }

    fn render_head(&self, state: ClockState) {
        let (names, control) = (self.names(), self.control.borrow().clone());
        let choices = self.choices.borrow().clone();
        let vs = choices.opponent == Opponent::Computer;
        // Before a game: whom to play, then the names and the time control, or the choices
        // against the computer.
        let before = if vs {
            self.vs.borrow().is_none()
        } else {
            state == ClockState::NotStarted && self.outcome().is_none() && self.saved.borrow().is_none()
        };
        let setup = (before && !vs).then_some(((names.0.as_str(), names.1.as_str()), control.as_str()));
        let head = render::Head {
            lang: self.lang.get(),
            present: self.present.get(),
            opponent: choices.opponent,
            choosing: before && self.computer.is_some(),
            setup,
            computer: (before && vs).then_some(&choices),
        };
        self.head.set_text_content(None);
        tree::append_all(&self.doc, &self.head, &render::head(&head));
    }

    fn render_result(&self, over: Option<qitong_rules::Outcome>) {
        self.result.set_text_content(None);
        let Some(outcome) = over else {
            self.result.set_attribute("hidden", "").ok();
            return;
        };
        let _ = self.result.remove_attribute("hidden");
        let why = self.board().map(|b| b.with_state(|s| qitong_words::describe(&outcome.reason, &winner_arg(outcome), s.config.lang)));
        let child = self.vs.borrow().as_ref().map(|g| g.child);
        let vs = child.map(|child| match outcome.winner {
            Some(winner) if winner == child => render::VsEnd::Won,
            Some(_) => render::VsEnd::Lost,
            None => render::VsEnd::Drawn,
        });
        if vs == Some(render::VsEnd::Won) {
            tree::append_all(&self.doc, &self.result, &[crate::render_versus::celebration(self.lang.get())]);
        }
        tree::append_all(
            &self.doc,
            &self.result,
            &render::result_box(self.lang.get(), outcome.pgn_result(), &why.unwrap_or_default(), &self.pgn_target(), vs),
        );
    }
}

/// The `{winner}` of an ending's sentence.
fn winner_arg(outcome: qitong_rules::Outcome) -> Vec<(&'static str, qitong_rules::ReasonArg)> {
    let named = match outcome.reason {
        qitong_rules::EndReason::PerpetualCheck { checker } => Some(checker),
        _ => outcome.winner,
    };
    named.map(|c| ("winner", qitong_rules::ReasonArg::Color(c))).into_iter().collect()
}

/// The first game's seed: `?seed=N` in the address (a test's games repeat), else random.
fn start_seed() -> u32 {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let asked = search.trim_start_matches('?').split('&').find_map(|pair| pair.strip_prefix("seed=")).and_then(|n| n.parse::<u32>().ok());
    asked.unwrap_or_else(|| (js_sys::Math::random() * f64::from(u32::MAX)) as u32)
}
