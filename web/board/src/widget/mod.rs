//! The `<chess-board>` in the page (wasm32 only): owns the element's shadow root, keeps the
//! `BoardState`, turns pointer, keyboard and toolbar input into state functions, tells the page
//! what happened (events, sounds, the live region) and redraws once per animation frame.
//!
//! Borrowing rule: no `RefCell` borrow is held while an event is dispatched or an element is
//! focused, because page listeners (and our own focus handler) may call back into the board.

mod dom;
mod events;
// What only some boards do, chosen by their caller: the computer opponent, typed moves.
mod extension;
mod input;
// The parts under a steered board (the set-up tray, the clock's faces): the lesson player's.
mod around;
// The computer opponent of `<chess-board opponent="computer">`: only the element's export chooses
// it (the lesson player's own boards never play the computer; ~4 KB gzipped they do not download).
mod opponent;
mod render;
mod size;
mod sound;
// The set-up tray's presses and drags (`extensions::tray`).
mod tray;

pub use events::squares;
pub use extension::{Around, Extensions, Opponent};
pub use input::typed_move;
pub use opponent::ComputerOpponent;

use crate::config::{AttributeEffect, Config, ATTRIBUTES};
use crate::shapes::Shape;
use crate::skeleton::skeleton;
use crate::state::{BoardState, Played, Response};
use crate::steer::{Steer, Steered};
use dom::Dom;
use input::Pointer;
use qitong_rules::{Bitboard, PgnGame, PgnResult, Square};
use qitong_view::dom::listen::Listener;
use sound::{Beep, Sound};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlElement, ShadowRoot};

thread_local! {
    static BOARDS: qitong_view::dom::page::Registry<Widget> = const { qitong_view::dom::page::Registry::new() };
    /// The animation frame (its timestamp) in which a board last drew itself for the first time.
    static FIRST_DRAW: Cell<f64> = const { Cell::new(-1.0) };
}

/// The redraw, called by `requestAnimationFrame`.
type FrameCallback = Closure<dyn FnMut(f64)>;

/// Where the page that steers the board hears the child's input.
type Steerer = Rc<dyn Fn(Steered)>;

/// One board on the page.
pub struct Widget {
    host: HtmlElement,
    root: ShadowRoot,
    state: RefCell<BoardState>,
    dom: RefCell<Option<Dom>>,
    pointer: RefCell<Option<Pointer>>,
    /// A piece dragged from the set-up tray (`tray.rs`).
    tray_drag: RefCell<Option<tray::TrayDrag>>,
    /// A tray drag just ended: the click its release makes is not a press on the tray.
    tray_click_swallowed: Cell<bool>,
    frame_pending: Cell<bool>,
    frame_request: Cell<i32>,
    /// The container's size changed: fit the board at the next frame.
    resize_pending: Cell<bool>,
    frame_callback: RefCell<Option<FrameCallback>>,
    sound: RefCell<Sound>,
    listeners: RefCell<Vec<Listener>>,
    observer: RefCell<Option<size::Observer>>,
    /// One square's size in CSS pixels, from the container.
    square_px: Cell<f64>,
    /// What the last fit was computed from (`size::measure` skips a fit with the same inputs).
    fit_inputs: Cell<Option<size::FitInputs>>,
    /// The page that steers the board (`board::steer`) hears the child's input here.
    steerer: RefCell<Option<Steerer>>,
    /// What its caller chose beyond every board's moves (`extension.rs`).
    extensions: Extensions,
    /// The page's computer port, for `opponent="computer"` (`opponent.rs`).
    computer: RefCell<Option<qitong_computer_client::Computer>>,
    /// The computer could not answer: the bubble says why, and its button asks again.
    computer_failed: Cell<bool>,
    /// An animation frame has passed since the board was built (`first_draw_waits`).
    seen_a_frame: Cell<bool>,
}

/// The language the element speaks: its own `lang`, else the nearest ancestor's, else the
/// page's.
fn inherited_lang(host: &HtmlElement) -> Option<String> {
    if let Ok(Some(el)) = host.closest("[lang]") {
        return el.get_attribute("lang");
    }
    web_sys::window()?.document()?.document_element()?.get_attribute("lang")
}

/// `12.34px`: CSS pixels with two decimals, written without float formatting (which would
/// add its tables to the wasm).
pub(crate) fn px(value: f64) -> String {
    let hundredths = (value * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let abs = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}px", abs / 100, abs % 100)
}

fn warn(message: &str) {
    web_sys::console::warn_1(&JsValue::from_str(message));
}

impl Widget {
    /// Builds the board inside `root` from `host`'s attributes, with the `extensions` its caller
    /// chose.
    pub fn new(host: HtmlElement, root: ShadowRoot, extensions: Extensions) -> Result<Rc<Widget>, JsValue> {
        let mut config = Config::default();
        let mut fen = None;
        for name in ATTRIBUTES {
            let value = if name == "lang" { inherited_lang(&host) } else { host.get_attribute(name) };
            if value.is_none() && name != "lang" {
                continue;
            }
            match extension::apply(&extensions, &mut config, name, value.as_deref()) {
                Ok(AttributeEffect::Position(f)) if name == "fen" => fen = f,
                Ok(_) => {}
                Err(err) => warn(&err.to_string()),
            }
        }
        if host.has_attribute("start") {
            fen = None;
        }
        let mut state = BoardState::new(config);
        if let Some(fen) = fen {
            if let Err(err) = state.set_position(Some(&fen)) {
                warn(&format!("<chess-board fen>: {err}; showing the start position"));
            }
            state.announce_turn();
        }
        let widget = Rc::new(Widget {
            host,
            root,
            state: RefCell::new(state),
            dom: RefCell::new(None),
            pointer: RefCell::new(None),
            tray_drag: RefCell::new(None),
            tray_click_swallowed: Cell::new(false),
            frame_pending: Cell::new(false),
            frame_request: Cell::new(0),
            resize_pending: Cell::new(true),
            frame_callback: RefCell::new(None),
            sound: RefCell::new(Sound::default()),
            listeners: RefCell::new(Vec::new()),
            observer: RefCell::new(None),
            square_px: Cell::new(0.0),
            fit_inputs: Cell::new(None),
            steerer: RefCell::new(None),
            extensions,
            computer: RefCell::new(None),
            computer_failed: Cell::new(false),
            seen_a_frame: Cell::new(false),
        });
        let weak = Rc::downgrade(&widget);
        let frame = Closure::new(move |time: f64| {
            if let Some(widget) = weak.upgrade() {
                widget.frame(time);
            }
        });
        *widget.frame_callback.borrow_mut() = Some(frame);
        BOARDS.with(|b| b.add(&widget.host, &widget));
        widget.face_the_child();
        widget.rebuild()?;
        input::listen(&widget)?;
        size::observe(&widget)?;
        Ok(widget)
    }

    /// Rewrites the shadow root's content (orientation, language or coordinates changed).
    fn rebuild(&self) -> Result<(), JsValue> {
        let (skeleton, orientation, status_seq) = {
            let state = self.state.borrow();
            // The parts under a steered board bring their own styles (`widget::around`).
            let css = match self.extensions.around {
                Some(around) => [dom::CSS, around.css()].concat(),
                None => dom::CSS.to_owned(),
            };
            (skeleton(&state, &css), state.config.orientation, state.status().1)
        };
        let mut dom = Dom::build(&self.root, &skeleton, orientation, self.square_px.get())?;
        // The status line starts with its text: a live region filled later would be read out
        // for every board as the page loads.
        dom.drawn.status_seq = Some(status_seq);
        *self.dom.borrow_mut() = Some(dom);
        self.schedule();
        Ok(())
    }

    /// Asks for one redraw at the next animation frame (several requests make one redraw).
    pub fn schedule(&self) {
        if self.frame_pending.replace(true) {
            return;
        }
        let Some(window) = web_sys::window() else { return };
        if let Some(callback) = self.frame_callback.borrow().as_ref() {
            if let Ok(id) = window.request_animation_frame(callback.as_ref().unchecked_ref()) {
                self.frame_request.set(id);
            }
        }
    }

    /// The redraw itself (the frame callback). Sizing happens here rather than in the resize
    /// observer's callback: resizing the observed element there would make the browser report
    /// a "ResizeObserver loop" error to the page.
    fn frame(&self, time: f64) {
        self.frame_pending.set(false);
        if self.first_draw_waits(time) {
            self.schedule();
            return;
        }
        if self.resize_pending.replace(false) {
            size::measure(self);
        }
        render::render(self);
    }

    /// Whether the board's first drawing waits for a later frame: the page's first layout (its
    /// fonts matched, its text shaped: tens of milliseconds on a slow phone) is the browser's own
    /// in the frame after the board was built, and each board draws itself first in a frame of
    /// its own, so that a page of boards is several short tasks, not one long one (issue 27).
    fn first_draw_waits(&self, time: f64) -> bool {
        if self.square_px.get() > 0.0 {
            return false;
        }
        if !self.seen_a_frame.replace(true) {
            return true;
        }
        FIRST_DRAW.with(|last| last.replace(time) == time)
    }

    /// The container changed size: refit at the next frame.
    fn resized(&self) {
        self.resize_pending.set(true);
        self.schedule();
    }

    // ---- telling the page ----------------------------------------------------------------

    /// Dispatches what a state change produced; plays and commits a proposed move unless the
    /// page vetoes it.
    fn respond(&self, r: Response) {
        if let Some(selection) = r.select {
            events::select(&self.host, &selection);
        }
        if let Some(explanation) = &r.refusal {
            self.beep(Beep::Illegal);
            events::illegal_move(&self.host, explanation);
        }
        if let Some(proposal) = r.proposal {
            if events::proposed_move(&self.host, &proposal) {
                let played = self.state.borrow_mut().commit(proposal);
                if let Some(played) = played {
                    self.after_played(&played);
                }
            } else {
                self.state.borrow_mut().reject(proposal);
            }
        }
        if let Some(over) = &r.game_over {
            events::game_over(&self.host, over);
        }
        self.schedule();
        if let Some(steered) = r.steered {
            // Cloned out: the page's answer steers this board again.
            let steerer = self.steerer.borrow().clone();
            if let Some(steerer) = steerer {
                steerer(steered);
            }
        }
    }

    fn after_played(&self, played: &Played) {
        let beep = if played.facts.check {
            Beep::Check
        } else if played.facts.captured.is_some() {
            Beep::Capture
        } else {
            Beep::Move
        };
        self.beep(beep);
        events::played(&self.host, played);
        if let Some(over) = &played.game_over {
            events::game_over(&self.host, over);
        }
        self.schedule();
        self.computer_turn();
    }

    /// A little tune for a won game (the page's celebration), when sounds are on.
    pub fn cheer(&self) {
        self.beep(Beep::Win);
    }

    fn beep(&self, beep: Beep) {
        if self.state.borrow().config.sound {
            self.sound.borrow_mut().play(beep);
        }
    }

    // ---- the element's API -------------------------------------------------------------

    /// An observed attribute changed (`value` is `None` when it was removed).
    pub fn attribute_changed(&self, name: &str, value: Option<String>) {
        let value = if name == "lang" { value.or_else(|| inherited_lang(&self.host)) } else { value };
        let (effect, changed) = {
            let mut state = self.state.borrow_mut();
            let before = state.config;
            let effect = extension::apply(&self.extensions, &mut state.config, name, value.as_deref());
            (effect, state.config != before)
        };
        match effect {
            Err(err) => warn(&err.to_string()),
            Ok(AttributeEffect::Position(fen)) => {
                let same = fen.as_deref().is_some_and(|f| f == self.state.borrow().position().fen());
                if !same {
                    self.stop_thinking();
                    if let Err(err) = self.state.borrow_mut().set_position(fen.as_deref()) {
                        warn(&format!("<chess-board fen>: {err}"));
                    }
                    self.computer_turn();
                }
            }
            Ok(AttributeEffect::Rules) => self.state.borrow_mut().apply_rules(),
            Ok(AttributeEffect::Opponent) => {
                if changed {
                    self.stop_thinking();
                    self.face_the_child();
                    self.computer_turn();
                }
            }
            Ok(AttributeEffect::Rebuild) if changed => {
                if name == "lang" {
                    self.state.borrow_mut().speak_again();
                }
                if let Err(err) = self.rebuild() {
                    warn(&format!("<chess-board>: {err:?}"));
                }
                self.relayout();
            }
            Ok(_) if changed && name == "readonly" => {
                let r = self.state.borrow_mut().cancel();
                self.respond(r);
            }
            Ok(_) => {}
        }
        self.schedule();
    }

    pub fn set_position(&self, fen: Option<&str>) -> Result<(), qitong_rules::FenError> {
        self.stop_thinking();
        let set = self.state.borrow_mut().set_position(fen);
        self.schedule();
        self.computer_turn();
        set
    }

    /// A saved game goes on (the play page, on return): see `BoardState::resume`.
    pub fn resume(&self, start: Option<&str>, journal: &str) -> Result<(), crate::journal::ReplayError> {
        self.stop_thinking();
        self.state.borrow_mut().resume(start, journal)?;
        self.schedule();
        self.computer_turn();
        Ok(())
    }

    /// The page plays a move: its description, or the explanation of the refusal.
    pub fn play(&self, text: &str) -> Result<Played, crate::game::MoveTextError> {
        let played = self.state.borrow_mut().play_text(text)?;
        self.after_played(&played);
        Ok(played)
    }

    /// Takes back the last move. Against the computer: the child's last move and the
    /// computer's reply to it (or, while it thinks, the child's move and its question).
    pub fn undo(&self) -> Option<(qitong_rules::Move, String)> {
        self.stop_thinking();
        let mut undone = self.state.borrow_mut().undo().ok();
        if undone.is_some() && self.state.borrow().computer_to_move() {
            // That was the computer's reply: the child's own move goes too, if there is one.
            if let Ok(before) = self.state.borrow_mut().undo() {
                undone = Some(before);
            }
        }
        self.schedule();
        self.computer_turn();
        undone
    }

    /// Turns the board around and mirrors it in the `orientation` attribute.
    pub fn flip(&self) {
        let side = {
            let mut state = self.state.borrow_mut();
            state.flip();
            state.config.orientation
        };
        // The attribute callback sees an unchanged config and does nothing more.
        let _ = self.host.set_attribute("orientation", side.name());
        if let Err(err) = self.rebuild() {
            warn(&format!("<chess-board>: {err:?}"));
        }
    }

    pub fn fen(&self) -> String {
        self.state.borrow().position().fen()
    }

    /// The game so far as PGN (from its start position, with the result when it is over).
    pub fn pgn(&self) -> String {
        let state = self.state.borrow();
        let game = state.game().game();
        let mut pgn = PgnGame::new(*game.start_position());
        for mv in game.history() {
            // Every move in the history was legal where it was played.
            let _ = pgn.push(*mv);
        }
        pgn.result = Some(match game.outcome().map(|o| o.winner) {
            None => PgnResult::Unknown,
            Some(Some(qitong_rules::Color::White)) => PgnResult::WhiteWins,
            Some(Some(qitong_rules::Color::Black)) => PgnResult::BlackWins,
            Some(None) => PgnResult::Draw,
        });
        pgn.set_tag("Event", "棋童");
        pgn.set_tag("Result", game.pgn_result());
        pgn.to_pgn()
    }

    pub fn set_shapes(&self, shapes: Vec<Shape>) {
        self.state.borrow_mut().set_shapes(shapes);
        self.schedule();
    }

    /// Where the piece on `square` may go now (what the dots show).
    pub fn dests(&self, square: Square) -> Bitboard {
        self.state.borrow().dests(square)
    }

    /// The element left the page: stop watching its size (it resumes on `connect`).
    pub fn disconnect(&self) {
        if let Some(observer) = self.observer.borrow().as_ref() {
            observer.disconnect();
        }
    }

    pub fn connect(&self) {
        self.relayout();
    }

    fn relayout(&self) {
        // The content changed (language, coordinates): fit again even with the same container.
        self.fit_inputs.set(None);
        if let Some(observer) = self.observer.borrow().as_ref() {
            observer.watch(&self.host);
        }
        self.resized();
    }
}

/// A board steered by a page view with rules of its own (the lesson player).
impl Widget {
    /// A board in a new `<div class="{class}">` of its own (with its own shadow root), for a
    /// view to place in its content; `attributes` as `<chess-board>`'s, `extensions` as
    /// [`Widget::new`]'s.
    pub fn detached(class: &str, attributes: &[(&str, &str)], extensions: Extensions) -> Result<Rc<Widget>, JsValue> {
        let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| JsValue::from_str("no document"))?;
        let host: HtmlElement = document.create_element("div")?.dyn_into()?;
        host.set_class_name(class);
        for (name, value) in attributes {
            host.set_attribute(name, value)?;
        }
        let root = host.attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open))?;
        Widget::new(host, root, extensions)
    }

    pub fn host(&self) -> &HtmlElement {
        &self.host
    }

    /// The child's input on a steered board goes to `steerer`.
    pub fn on_steered(&self, steerer: impl Fn(Steered) + 'static) {
        *self.steerer.borrow_mut() = Some(Rc::new(steerer));
    }

    /// Hands the board to the page's rules (`board::steer`).
    pub fn steer(&self, steer: Steer) {
        let same = self.state.borrow().steered() == Some(&steer);
        if !same {
            self.state.borrow_mut().steer(Some(steer));
            self.schedule();
        }
    }

    /// The page took a touch (touch-move): the piece on `square` is picked up.
    pub fn pick_up(&self, square: Square) {
        let r = self.state.borrow_mut().pick_up(square);
        self.respond(r);
    }

    /// The page puts down any piece held (a new step, "try again").
    pub fn put_down(&self) {
        self.state.borrow_mut().put_down();
        self.schedule();
    }

    /// Puts the keyboard on the board's focus square.
    pub fn focus_board(&self) {
        let sq = self.state.borrow().focus();
        input::focus_square(self, sq);
    }

    /// A pointer is pressed on the board or its tray (dragging or drawing).
    pub fn holding(&self) -> bool {
        self.pointer.borrow().is_some() || self.tray_drag.borrow().is_some()
    }

    /// The square under a pointer event's point (a piece dropped from outside the board).
    pub fn square_under(&self, event: &web_sys::MouseEvent) -> Option<Square> {
        input::square_under(self, event)
    }
}

impl Widget {
    /// The board whose host is `host`, if it is one of ours (for the page views).
    pub fn of(host: &web_sys::Element) -> Option<Rc<Widget>> {
        BOARDS.with(|b| b.find(host))
    }

    /// Runs a class-play action; a game it ends is announced with `game-over`, a refusal is
    /// shown in the bubble and fired as `illegal-move`.
    pub fn class_action<T>(
        &self,
        action: impl FnOnce(&mut BoardState) -> Result<T, crate::state::Explanation>,
    ) -> Result<T, crate::state::Explanation> {
        let result = action(&mut self.state.borrow_mut());
        if let Err(explanation) = &result {
            let mut r = Response::default();
            self.state.borrow_mut().refuse(explanation.clone(), None, &mut r);
            self.respond(r);
        }
        self.schedule();
        result
    }

    /// Tells the page a game ended off the board (agreement, resignation, claim, flag).
    pub fn announce_over(&self, over: &crate::state::GameOver) {
        events::game_over(&self.host, over);
        self.schedule();
    }

    /// Reads the board's state (the page views show fouls, offers and the score sheet).
    pub fn with_state<T>(&self, read: impl FnOnce(&BoardState) -> T) -> T {
        read(&self.state.borrow())
    }
}

/// The detail object of a played move (`move(sanOrUci)`'s result).
pub fn move_detail(played: &Played) -> JsValue {
    events::move_detail(&played.san, &played.uci, &played.fen, played.mv)
}

impl Drop for Widget {
    fn drop(&mut self) {
        if self.frame_pending.get() {
            if let Some(window) = web_sys::window() {
                let _ = window.cancel_animation_frame(self.frame_request.get());
            }
        }
        self.listeners.borrow_mut().clear();
        self.disconnect();
        self.stop_thinking();
    }
}
