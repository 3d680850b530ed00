//! The lesson player in the page (wasm32 only): draws `lesson::render`'s tree into the element's
//! shadow root, places the board widget in it (steered by `lesson::steer`: the board's own
//! input, drawing and sizing), and turns clicks, keys, the board's taps and drags and the
//! address into `Player` actions. The state and what is drawn are `lesson::state` /
//! `lesson::render`'s, tested natively.

pub(crate) mod browser;
mod input;

use crate::action::Action;
use crate::present::KeyPlace;
use crate::render::render;
use crate::state::{ComputerQuestion, Mode, Out, Player, Screen};
use crate::steer::{board_bottom, board_steer};
use qitong_board::steer::Steered;
use qitong_board::widget::{Extensions, Widget};
use qitong_computer_client::Computer;
use qitong_lessons::lang::Lang;
use qitong_lessons::{backup_key, Course, Every, KindSet, STORAGE_KEY};
use qitong_view::dom::listen::{on, Listener};
use qitong_view::dom::sight::{focus_in_place, into_sight};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, EventTarget, HtmlElement, HtmlInputElement, ShadowRoot};

/// The player's style, then projector mode's (its own file).
const CSS: &str = qitong_view::css::minified_css!(concat!(include_str!("../lesson.css"), include_str!("../present.css")));
/// Where the page remembers the chosen language (one key for every page).
pub use qitong_words::LANG_KEY;

/// The callback of the reveal's timer.
type Tick = wasm_bindgen::closure::Closure<dyn FnMut(web_sys::Event)>;

/// One player element on the page.
pub struct View<K: KindSet = Every> {
    host: HtmlElement,
    root: ShadowRoot,
    body: Element,
    pub state: RefCell<Player<K>>,
    /// The board, kept across redraws (its own shadow root) and placed in each step's tree.
    board: Rc<Widget>,
    /// The last input was a pointer's (a board tap in projector mode then lands the keyboard
    /// on the player, as a click on a control does).
    by_pointer: Cell<bool>,
    /// The next draw puts the keyboard on the player itself, not on the control pressed: after
    /// a click in projector mode (and after the projector switch), so that the presenter's
    /// Space and Enter page and reveal instead of pressing that control again.
    land: Cell<bool>,
    listeners: RefCell<Vec<Listener>>,
    /// The step drawn last, and whether the child has acted since: after an input on the same
    /// step the words keep their scroll and what the step says is brought into sight.
    shown: Cell<Option<(usize, usize, usize)>>,
    acted: Cell<bool>,
    /// The computer opponent of vs-computer steps, handed in by the element's shell
    /// (`setComputer`); without it such a step says the computer could not move.
    computer: RefCell<Option<Computer>>,
    /// The timer that plays a revealed answer's next move, and its callback.
    timer: Cell<Option<i32>>,
    tick: RefCell<Option<Tick>>,
    /// This view, for the computer's replies that arrive later.
    me: Weak<View<K>>,
}

/// The language of the element: its own, an ancestor's or the page's; in the course page the
/// remembered choice wins when it starts.
fn language(host: &HtmlElement, mode: Mode) -> Lang {
    let remembered = if mode == Mode::Course { browser::load(LANG_KEY) } else { None };
    qitong_view::choices::lang_of(Some(&remembered.or_else(|| inherited_lang(host)).unwrap_or_default()))
}

fn inherited_lang(host: &HtmlElement) -> Option<String> {
    host.closest("[lang]").ok().flatten().and_then(|e| e.get_attribute("lang"))
}

impl<K: KindSet> View<K> {
    pub fn new(host: HtmlElement, root: ShadowRoot, mode: Mode) -> Result<Rc<View<K>>, JsValue> {
        let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| JsValue::from_str("no document"))?;
        let style = document.create_element("style")?;
        style.set_text_content(Some(CSS));
        let body = document.create_element("div")?;
        root.append_child(&style)?;
        root.append_child(&body)?;
        let mut player = Player::with_kinds(mode, language(&host, mode));
        match browser::read(STORAGE_KEY) {
            Ok(stored) => player.load_progress(stored.as_deref()),
            Err(_) => player.storage_refused(),
        }
        player.can_speak = browser::has_voice(player.lang);
        if mode == Mode::Course {
            // The page speaks the remembered language from the start.
            player.out.push(Out::Lang);
        }
        // Projector mode: on the course page, its address, else its element's attribute, else
        // this tab's last choice on this page; an embedded player only by its own attribute
        // (another page's projector never leaks into a guide or a class site).
        let own = host.has_attribute("present").then_some(true);
        let present = if mode == Mode::Course { browser::present_in_address().or(own).or_else(browser::load_present) } else { own };
        player.set_present(present.unwrap_or(false));
        let board = Widget::detached(
            "lp-board",
            &[("toolbar", "off"), ("status-line", "off"), ("coordinates", "inside"), ("lang", player.lang.tag())],
            Extensions::STEERED,
        )?;
        let view = Rc::new_cyclic(|me| View {
            host,
            root,
            body,
            state: RefCell::new(player),
            board,
            by_pointer: Cell::new(false),
            land: Cell::new(false),
            listeners: RefCell::new(Vec::new()),
            shown: Cell::new(None),
            acted: Cell::new(false),
            computer: RefCell::new(None),
            timer: Cell::new(None),
            tick: RefCell::new(None),
            me: me.clone(),
        });
        let weak = Rc::downgrade(&view);
        view.board.on_steered(move |steered| {
            if let Some(view) = weak.upgrade() {
                view.steered(steered);
            }
        });
        listen(&view)?;
        view.finish();
        Ok(view)
    }

    /// The course (or one lesson) arrived.
    pub fn set_course(&self, course: Result<Course<K>, String>, place: Option<(usize, usize, usize)>, partial: bool) {
        {
            let mut p = self.state.borrow_mut();
            p.partial = partial;
            if let Some((stage, lesson, step)) = place {
                p.place = crate::state::Place { stage, lesson, step };
            }
            p.set_course(course, &browser::hash());
        }
        self.finish();
    }

    /// The file of a lesson the course index outlined arrived (`addLesson`).
    pub fn lesson_arrived(&self, file: &str, text: Option<&str>) {
        self.state.borrow_mut().lesson_arrived(file, text, &browser::hash());
        self.finish();
    }

    /// One lesson file (`loadLesson`, and the "Check my lesson" page's preview); `text` is
    /// `None` when it could not be fetched. `step` (from 1) shows only that step.
    pub fn load_lesson(&self, file: &str, text: Option<&str>, step: Option<usize>) {
        self.show_lesson(Player::single_lesson(file, text), step);
    }

    /// The check page's preview of a lesson it has read already (see `Player::lesson_course`).
    pub fn load_parsed(&self, file: &str, lesson: Result<qitong_lessons::Lesson<K>, qitong_lessons::LessonError>) {
        self.show_lesson(Player::lesson_course(file, lesson), None);
    }

    fn show_lesson(&self, course: Course<K>, step: Option<usize>) {
        let step = step.map_or(0, |s| s.max(1) - 1);
        let steps = course.stages.first().and_then(|s| s.lessons.first()).and_then(|l| l.lesson.as_ref().ok()).map_or(1, |l| l.steps.len());
        self.set_course(Ok(course), Some((0, 0, step.min(steps.saturating_sub(1)))), false);
    }

    pub fn act(&self, action: Action, value: Option<&str>) {
        self.acted.set(true);
        self.state.borrow_mut().act(action, value);
        self.finish();
    }

    /// `lang` changed on the element, an ancestor or `<html>`: the nearest one is the player's.
    pub fn follow_lang(&self) {
        let lang = qitong_view::choices::lang_of(inherited_lang(&self.host).as_deref());
        let mut p = self.state.borrow_mut();
        if p.lang != lang {
            p.lang = lang;
            p.out.push(Out::Lang);
            drop(p);
            self.finish();
        }
    }

    /// The computer opponent (`{ computerMove }`) for vs-computer steps; false
    /// when `value` is not such an object.
    pub fn set_computer(&self, value: &JsValue) -> bool {
        let computer = Computer::from_js(value);
        let ok = computer.is_some();
        if let Some(old) = self.computer.replace(computer) {
            old.cancel();
        }
        ok
    }

    /// Asks the computer for its move; its answer comes back as an action.
    fn ask_computer(&self, question: ComputerQuestion) {
        let Some(computer) = self.computer.borrow().clone() else {
            // No computer was handed in: the step says so at once (drawn by the caller).
            self.state.borrow_mut().act(Action::NoAnswer, None);
            return;
        };
        let ComputerQuestion { request, hint } = question;
        let me = self.me.clone();
        computer.ask(&request, move |answer| {
            let Some(view) = me.upgrade() else { return };
            let uci = answer.ok().and_then(|reply| reply.uci.parse().ok());
            let action = match (uci, hint) {
                (Some(uci), true) => Action::HintMove(uci),
                (Some(uci), false) => Action::Reply(uci),
                (None, true) => return,
                (None, false) => Action::NoAnswer,
            };
            view.act(action, None);
        });
    }

    /// Plays a revealed answer's next move after a pause long enough to see the last one (a
    /// new reveal restarts the pause). The timer's callback is a listener's kind of closure,
    /// made once: no closure type of its own in the module.
    fn show_more_later(&self) {
        let Some(window) = web_sys::window() else { return };
        if let Some(id) = self.timer.take() {
            window.clear_timeout_with_handle(id);
        }
        let mut tick = self.tick.borrow_mut();
        let me = self.me.clone();
        let tick = tick.get_or_insert_with(|| {
            wasm_bindgen::closure::Closure::new(move |_: web_sys::Event| {
                if let Some(view) = me.upgrade() {
                    view.timer.set(None);
                    view.state.borrow_mut().act(Action::ShowMore, None);
                    view.finish();
                }
            })
        });
        if let Ok(id) = window.set_timeout_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 1000) {
            self.timer.set(Some(id));
        }
    }

    /// The `present` attribute or property changed.
    pub fn set_present(&self, on: bool) {
        self.state.borrow_mut().set_present(on);
        self.finish();
    }

    /// Carries out what the last action asked of the page, then redraws.
    fn finish(&self) {
        let (outs, lang, mode) = {
            let mut p = self.state.borrow_mut();
            (std::mem::take(&mut p.out), p.lang, p.mode)
        };
        for out in outs {
            match out {
                Out::Save => {
                    let json = self.state.borrow().may_save().then(|| self.state.borrow().progress.to_json());
                    if let Some(json) = json {
                        let ok = browser::store(STORAGE_KEY, &json).is_ok();
                        self.state.borrow_mut().saved(ok);
                    }
                }
                Out::Backup(raw) => {
                    // Kept aside only where it could be read back: a key that is free or holds it
                    // already; copied in the browser, as stored (`raw` may have lost a surrogate).
                    let key = backup_key(&raw, browser::load).filter(|key| browser::copy(STORAGE_KEY, key).is_ok());
                    self.state.borrow_mut().kept_aside(key.as_deref());
                }
                Out::Complete { lesson, stars } => browser::complete(&self.host, &lesson, stars),
                Out::Speak(text) => browser::speak(&text, lang),
                Out::Cheer { stage } => browser::cheer(stage),
                Out::NeedCourse => browser::need_course(&self.host),
                Out::NeedLesson(file) => browser::need_lesson(&self.host, &file),
                Out::NeedModule => browser::need_module(&self.host),
                Out::Hash(hash) if mode == Mode::Course => browser::set_hash(&hash),
                Out::Hash(_) => {}
                Out::Present => {
                    let on = self.state.borrow().present.on;
                    if mode == Mode::Course {
                        browser::store_present(on);
                    }
                    browser::present_changed(&self.host, on);
                }
                Out::Fullscreen => browser::toggle_fullscreen(),
                Out::ShowMore => self.show_more_later(),
                Out::AskComputer(question) => self.ask_computer(question),
                Out::PickUp(square) => self.board.pick_up(square),
                Out::PutDown => self.board.put_down(),
                Out::CancelComputer => {
                    if let Some(computer) = self.computer.borrow().as_ref() {
                        computer.cancel();
                    }
                }
                Out::Lang => {
                    if mode == Mode::Course {
                        // Not remembered when storage is refused: the page still switches.
                        let _ = browser::store(LANG_KEY, lang.tag());
                        if let Some(html) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
                            let _ = html.set_attribute("lang", lang.tag());
                        }
                    }
                    self.state.borrow_mut().can_speak = browser::has_voice(lang);
                }
            }
        }
        self.draw();
    }

    fn draw(&self) {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        // Keep the keyboard where it was: on the same control, or on the board.
        let active = self.root.active_element();
        let focus_act = active.as_ref().and_then(|e| e.get_attribute("data-act"));
        let on_board = active.as_ref().is_some_and(|a| a == self.board.host().as_ref());
        // The keyboard had landed on the player itself: it stays there.
        let on_player = active.as_ref().is_some_and(|e| e.class_list().contains("lp"));
        let tree = render(&self.state.borrow());
        let Ok(element) = qitong_view::dom::tree::build(&document, &tree) else { return };
        let find = |selector: &str| self.root.query_selector(selector).ok().flatten();
        let place = {
            let p = &self.state.borrow().place;
            (p.stage, p.lesson, p.step)
        };
        let same_step = self.shown.replace(Some(place)) == Some(place);
        let acted = self.acted.replace(false) && same_step;
        let scrolled = find(".lp-words").map(|w| w.scroll_top()).filter(|_| same_step);
        let said = find(".lp-feedback").and_then(|f| f.text_content()).unwrap_or_default();
        self.body.set_inner_html("");
        let _ = self.body.append_child(&element);
        let placed = self.place_board();
        if let (Some(top), Some(words)) = (scrolled, find(".lp-words")) {
            words.set_scroll_top(top);
        }
        if acted {
            // What the step says after the child's input, and the step's own button to press
            // next (check, done), in sight: on a phone they may be below the words' fold.
            if let Some(go) = find(".lp-words .lp-go:not([disabled])") {
                into_sight(&go);
            }
            if let Some(feedback) = find(".lp-feedback").filter(|f| f.text_content().is_some_and(|t| !t.is_empty() && t != said)) {
                into_sight(&feedback);
                // Taller than a phone's words box: its start (won, lost, why) in sight first.
                if let Some(words) = find(".lp-words") {
                    let above = words.get_bounding_client_rect().top() - feedback.get_bounding_client_rect().top();
                    if above > 0.5 {
                        words.set_scroll_top(words.scroll_top() - above.ceil() as i32);
                    }
                }
            }
            // A vs-computer step's hint (there only until the next move).
            if let Some(hint) = find(".lp-hint") {
                into_sight(&hint);
            }
        }
        let target = focus_act.and_then(|a| self.root.query_selector(&format!("[data-act=\"{a}\"]")).ok().flatten());
        let target = target.or_else(|| {
            (active.is_some() && !(on_board && placed)).then(|| self.root.query_selector(".lp-main.lp-go, .lp-main").ok().flatten()).flatten()
        });
        // Landing: the player's own root (tabindex -1), where keys are the presenter's.
        let target = if self.land.replace(false) || on_player {
            Some(element)
        } else if on_board && placed {
            None
        } else {
            target
        };
        if let Some(el) = target.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            focus_in_place(&el);
        } else if on_board && placed {
            self.board.focus_board();
        }
    }

    /// Puts the board into the step's place for it, steered by the step; false when the
    /// screen has no board.
    fn place_board(&self) -> bool {
        let board = &self.board;
        let steer = board_steer(&self.state.borrow());
        let (Some(steer), Ok(Some(wrap))) = (steer, self.root.query_selector(".lp-board-wrap")) else { return false };
        let (lang, bottom, theme) = {
            let p = self.state.borrow();
            (p.lang.tag(), board_bottom(&p), if p.present.on { "projector" } else { "default" })
        };
        let host = board.host();
        for (name, value) in [("lang", lang), ("orientation", bottom.name()), ("theme", theme)] {
            if host.get_attribute(name).as_deref() != Some(value) {
                let _ = host.set_attribute(name, value);
                board.attribute_changed(name, Some(value.to_owned()));
            }
        }
        // A board with parts under it (the set-up tray, a clock's faces) shares the body's
        // height with them (`lesson.css`, `lp-around`).
        let _ = wrap.class_list().toggle_with_force("lp-around", steer.draws_under());
        board.steer(steer);
        wrap.append_child(host).is_ok()
    }

    /// The child moved, tapped, dragged or drew on the board.
    fn steered(&self, steered: Steered) {
        let action = match steered {
            Steered::Tap(sq) => Action::Square(sq),
            Steered::Drag(from, to) => Action::Drag(from, to),
            Steered::Move { from, to, promotion } => Action::Move(qitong_rules::Uci { from, to, promotion }),
            Steered::Draw(shape) => Action::Shape { from: shape.orig, to: shape.dest.unwrap_or(shape.orig), brush: shape.brush },
            Steered::Drop { piece, to } => Action::Place(piece, to),
        };
        self.land.set(self.by_pointer.get() && self.state.borrow().present.on);
        self.act(action, None);
    }

    /// The address changed (back button, a link): open what it names.
    fn hash_changed(&self) {
        let mut p = self.state.borrow_mut();
        if p.mode != Mode::Course || p.course.is_none() {
            return;
        }
        let hash = browser::hash();
        if !p.route(&hash) && p.screen != Screen::Map {
            p.act(Action::Map, None);
        }
        p.out.retain(|o| !matches!(o, Out::Hash(_)));
        drop(p);
        self.finish();
    }
}

fn listen<K: KindSet>(view: &Rc<View<K>>) -> Result<(), JsValue> {
    let add = |target: &EventTarget, kind: &'static str, f: fn(&View<K>, &web_sys::Event)| on(view, &view.listeners, target, kind, f);
    let root: &EventTarget = view.root.as_ref();
    add(root, "click", View::click)?;
    add(root, "change", View::change)?;
    add(root, "keydown", View::key)?;
    // Over, not down: the board hears its pointerdown first, and a pointer comes over the
    // board before it presses there.
    add(root, "pointerover", |v, _| v.by_pointer.set(true))?;
    if let Some(window) = web_sys::window() {
        add(window.as_ref(), "keydown", View::page_key)?;
        add(window.as_ref(), "hashchange", |v, _| v.hash_changed())?;
        if let Ok(synth) = window.speech_synthesis() {
            add(synth.as_ref(), "voiceschanged", |v, _| {
                let lang = v.state.borrow().lang;
                v.state.borrow_mut().can_speak = browser::has_voice(lang);
                v.draw();
            })?;
        }
    }
    Ok(())
}
