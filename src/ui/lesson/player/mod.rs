//! The lesson player in the page (wasm32 only): draws `lesson::render`'s tree into the element's
//! shadow root and turns clicks, keys, drags and the address into `Player` actions. The state
//! and what is drawn are `lesson::state` / `lesson::render`'s, tested natively.

pub(crate) mod browser;
pub(crate) mod dom;

use crate::ui::board::shapes::Brush;
use crate::ui::lesson::action::Action;
use crate::ui::lesson::board::step_focus;
use crate::ui::lesson::present::KeyPlace;
use crate::ui::lesson::render::render;
use crate::ui::dom::listen::{on, Listener};
use crate::ui::lesson::state::{Mode, Out, Player, Screen};
use crate::lang::Lang;
use crate::lessons::{backup_key, Course, STORAGE_KEY};
use crate::rules::{Color, Square};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, EventTarget, HtmlElement, HtmlInputElement, ShadowRoot};

/// The player's style, then projector mode's (its own file).
const CSS: &str = crate::ui::css::minified_css!(concat!(include_str!("../lesson.css"), include_str!("../present.css")));
/// Where the page remembers the chosen language (one key for every page).
pub use crate::ui::words::LANG_KEY;


/// A drag in progress: the action it started on and where.
#[derive(Clone)]
struct Drag {
    /// The square's or the tray's action that the drag started on.
    start: Action,
    x: i32,
    y: i32,
    moved: bool,
    piece: Option<HtmlElement>,
}

/// One player element on the page.
pub struct View {
    host: HtmlElement,
    root: ShadowRoot,
    body: Element,
    pub state: RefCell<Player>,
    drag: RefCell<Option<Drag>>,
    /// A shape being drawn in projector mode: its first square and brush.
    drawing: RefCell<Option<(Square, Brush)>>,
    swallow_click: Cell<bool>,
    /// The next draw puts the keyboard on the player itself, not on the control pressed: after
    /// a click in projector mode (and after the projector switch), so that the presenter's
    /// Space and Enter page and reveal instead of pressing that control again.
    land: Cell<bool>,
    listeners: RefCell<Vec<Listener>>,
}

/// The language of the element: its own, an ancestor's or the page's; in the course page the
/// remembered choice wins when it starts.
fn language(host: &HtmlElement, mode: Mode) -> Lang {
    let remembered = if mode == Mode::Course { browser::load(LANG_KEY) } else { None };
    crate::ui::board::config::lang_of(Some(&remembered.or_else(|| inherited_lang(host)).unwrap_or_default()))
}

fn inherited_lang(host: &HtmlElement) -> Option<String> {
    host.closest("[lang]").ok().flatten().and_then(|e| e.get_attribute("lang"))
}

/// Focuses `el` without scrolling: a redraw under a child's finger must not move the page.
fn focus_in_place(el: &HtmlElement) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &JsValue::TRUE);
    if let Ok(focus) = js_sys::Reflect::get(el, &"focus".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = focus.call1(el, &options);
    }
}

impl View {
    pub fn new(host: HtmlElement, root: ShadowRoot, mode: Mode) -> Result<Rc<View>, JsValue> {
        let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| JsValue::from_str("no document"))?;
        let style = document.create_element("style")?;
        style.set_text_content(Some(CSS));
        let body = document.create_element("div")?;
        root.append_child(&style)?;
        root.append_child(&body)?;
        let mut player = Player::new(mode, language(&host, mode));
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
        let view = Rc::new(View { host, root, body, state: RefCell::new(player), drag: RefCell::new(None), drawing: RefCell::new(None), swallow_click: Cell::new(false), land: Cell::new(false), listeners: RefCell::new(Vec::new()) });
        listen(&view)?;
        view.finish();
        Ok(view)
    }

    /// The course (or one lesson) arrived.
    pub fn set_course(&self, course: Result<Course, String>, place: Option<(usize, usize, usize)>, partial: bool) {
        {
            let mut p = self.state.borrow_mut();
            p.partial = partial;
            if let Some((stage, lesson, step)) = place {
                p.place = crate::ui::lesson::state::Place { stage, lesson, step };
            }
            p.set_course(course, &browser::hash());
        }
        self.finish();
    }

    /// One lesson file (`loadLesson`, and the "Check my lesson" page's preview); `text` is
    /// `None` when it could not be fetched. `step` (from 1) shows only that step.
    pub fn load_lesson(&self, file: &str, text: Option<&str>, step: Option<usize>) {
        let course = Player::single_lesson(file, text);
        let step = step.map_or(0, |s| s.max(1) - 1);
        let steps = course.stages.first().and_then(|s| s.lessons.first()).and_then(|l| l.lesson.as_ref().ok()).map_or(1, |l| l.steps.len());
        self.set_course(Ok(course), Some((0, 0, step.min(steps.saturating_sub(1)))), false);
    }

    pub fn act(&self, action: Action, value: Option<&str>) {
        self.state.borrow_mut().act(action, value);
        self.finish();
    }

    /// `lang` changed on the element, an ancestor or `<html>`: the nearest one is the player's.
    pub fn follow_lang(&self) {
        let lang = crate::ui::board::config::lang_of(inherited_lang(&self.host).as_deref());
        let mut p = self.state.borrow_mut();
        if p.lang != lang {
            p.lang = lang;
            p.out.push(Out::Lang);
            drop(p);
            self.finish();
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
                    // Kept aside only where it could be read back: a key that is free or holds it already.
                    let key = backup_key(&raw, browser::load).filter(|key| browser::store(key, &raw).is_ok());
                    self.state.borrow_mut().kept_aside(key.as_deref());
                }
                Out::Complete { lesson, stars } => browser::complete(&self.host, &lesson, stars),
                Out::Speak(text) => browser::speak(&text, lang),
                Out::Cheer { stage } => browser::cheer(stage),
                Out::NeedCourse => browser::need_course(&self.host),
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
        // Keep the keyboard where it was: on the same control, or on the board's focus square.
        let active = self.root.active_element();
        let focus_act = active.as_ref().and_then(|e| e.get_attribute("data-act"));
        let on_board = focus_act.as_deref().is_some_and(|a| a.starts_with("sq:"));
        // The keyboard had landed on the player itself: it stays there.
        let on_player = active.as_ref().is_some_and(|e| e.class_list().contains("lp"));
        let tree = render(&self.state.borrow());
        let Ok(element) = dom::build(&document, &tree) else { return };
        self.body.set_inner_html("");
        let _ = self.body.append_child(&element);
        let selector = if on_board {
            Some("[data-sq][tabindex=\"0\"]".to_owned())
        } else {
            focus_act.map(|a| format!("[data-act=\"{a}\"]"))
        };
        let target = selector.and_then(|s| self.root.query_selector(&s).ok().flatten());
        let target = target.or_else(|| (active.is_some()).then(|| self.root.query_selector(".lp-main.lp-go, .lp-main").ok().flatten()).flatten());
        // Landing: the player's own root (tabindex -1), where keys are the presenter's.
        let target = if self.land.replace(false) || on_player { Some(element) } else { target };
        if let Some(el) = target.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            focus_in_place(&el);
        }
    }

    fn bottom(&self) -> Color {
        self.root
            .query_selector(".lp-board > [data-sq]")
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute("data-sq"))
            .map_or(Color::White, |sq| if sq == "a8" { Color::White } else { Color::Black })
    }

    fn click(&self, event: &web_sys::Event) {
        if self.swallow_click.replace(false) {
            return;
        }
        let Some(el) = target_with(event, "[data-act]") else { return };
        if el.has_attribute("disabled") {
            return;
        }
        let Some(action) = action_of(&el, "data-act") else { return };
        let value = el.get_attribute("data-input").and_then(|id| self.input_value(&id));
        // A pointer's click (detail ≥ 1; a key's press has 0) in projector mode, or the switch.
        let pointer = event.dyn_ref::<web_sys::MouseEvent>().is_some_and(|m| m.detail() > 0);
        self.land.set(action == Action::Present || pointer && self.state.borrow().present.on);
        self.act(action, value.as_deref());
    }

    /// A text box with `data-change` was changed (a class vote's count of hands): kept, without
    /// a redraw that would take the box from under the teacher's typing.
    fn change(&self, event: &web_sys::Event) {
        let Some(input) = event.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
        if let Some(action) = action_of(&input, "data-change") {
            self.state.borrow_mut().act(action, Some(&input.value()));
        }
    }

    fn input_value(&self, id: &str) -> Option<String> {
        let input = self.root.get_element_by_id(id)?.dyn_into::<HtmlInputElement>().ok()?;
        Some(input.value())
    }

    fn key(&self, event: &web_sys::Event) {
        let Some(key_event) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
        let key = key_event.key();
        let Some(el) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        if let (Some(action), "Enter") = (action_of(&el, "data-enter"), key.as_str()) {
            event.prevent_default();
            let value = el.get_attribute("id").and_then(|id| self.input_value(&id));
            self.act(action, value.as_deref());
            return;
        }
        let Some(sq) = el.get_attribute("data-sq").and_then(|s| s.parse().ok()) else { return };
        if let Some(next) = step_focus(sq, &key, self.bottom()) {
            event.prevent_default();
            self.state.borrow_mut().focus = next;
            self.draw();
        } else if key == "Escape" {
            self.state.borrow_mut().selected = None;
            self.draw();
        }
    }

    /// A key anywhere on the page, for projector mode's pacing keys (after the player's own
    /// key handling, which takes the board's arrows and a text box's Enter first).
    fn page_key(&self, event: &web_sys::Event) {
        let Some(key_event) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
        if event.default_prevented() || !self.state.borrow().present.on {
            return;
        }
        let path = event.composed_path();
        let first = path.get(0).dyn_into::<Element>().ok();
        // Another player's keys are its own.
        if first.as_ref().is_some_and(|e| e.closest("chess-lesson, chess-quiz").ok().flatten().is_some()) && !path.includes(self.host.as_ref(), 0) {
            return;
        }
        let place = match &first {
            Some(e) if e.has_attribute("data-sq") => KeyPlace::Square,
            Some(e) if matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || e.dyn_ref::<HtmlElement>().is_some_and(|h| h.is_content_editable()) => KeyPlace::TextInput,
            Some(e) if matches!(e.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY") => KeyPlace::Control,
            _ => KeyPlace::Page,
        };
        let modifiers = key_event.ctrl_key() || key_event.alt_key() || key_event.meta_key();
        let dragging = self.drag.borrow().is_some() || self.drawing.borrow().is_some();
        let action = self.state.borrow().present_key(&key_event.key(), place, modifiers, dragging);
        if let Some(action) = action {
            event.prevent_default();
            self.act(action, None);
        }
    }

    /// Projector mode draws with the right button, or with any pointer when the pen is on.
    fn shape_start(&self, event: &web_sys::Event, pe: &web_sys::PointerEvent) -> bool {
        let (on, pen) = {
            let p = self.state.borrow();
            (p.present.on, p.present.pen)
        };
        let Some(el) = target_with(event, "[data-sq]") else { return false };
        if !on || !(pe.button() == 2 || pen && pe.button() == 0) {
            return false;
        }
        let Some(from) = square_of(&el) else { return false };
        let brush = Brush::from_modifiers(pe.shift_key(), pe.alt_key());
        let _ = el.set_pointer_capture(pe.pointer_id());
        *self.drawing.borrow_mut() = Some((from, brush));
        event.prevent_default();
        true
    }

    fn shape_end(&self, pe: &web_sys::PointerEvent) -> bool {
        let Some((from, brush)) = self.drawing.borrow_mut().take() else { return false };
        // The tap's click would press the square: the pen's tap is a circle, not a move.
        self.swallow_click.set(pe.button() == 0);
        let over = self.root.element_from_point(pe.client_x() as f32, pe.client_y() as f32);
        if let Some(to) = over.and_then(|e| e.closest("[data-sq]").ok().flatten()).as_ref().and_then(square_of) {
            self.act(Action::Shape { from, to, brush }, None);
        }
        true
    }

    fn context_menu(&self, event: &web_sys::Event) {
        if self.state.borrow().present.on && target_with(event, "[data-sq]").is_some() {
            event.prevent_default();
        }
    }

    fn pointer_down(&self, event: &web_sys::Event) {
        // A touch drag ends without a click: nothing is left to swallow.
        self.swallow_click.set(false);
        let Some(pe) = event.dyn_ref::<web_sys::PointerEvent>() else { return };
        if self.shape_start(event, pe) {
            return;
        }
        let Some(el) = target_with(event, "[data-act]") else { return };
        let Some(start @ (Action::Square(_) | Action::Tray(_))) = action_of(&el, "data-act") else { return };
        let piece = el.query_selector(".lp-piece").ok().flatten().and_then(|p| p.dyn_into::<HtmlElement>().ok());
        if piece.is_none() || pe.button() != 0 {
            return;
        }
        let _ = el.set_pointer_capture(pe.pointer_id());
        *self.drag.borrow_mut() = Some(Drag { start, x: pe.client_x(), y: pe.client_y(), moved: false, piece });
    }

    fn pointer_move(&self, event: &web_sys::Event) {
        let Some(pe) = event.dyn_ref::<web_sys::PointerEvent>() else { return };
        let mut drag = self.drag.borrow_mut();
        let Some(d) = drag.as_mut() else { return };
        let (dx, dy) = (pe.client_x() - d.x, pe.client_y() - d.y);
        if dx.abs() + dy.abs() > 8 {
            d.moved = true;
        }
        if let (true, Some(piece)) = (d.moved, &d.piece) {
            let _ = piece.style().set_property("transform", &format!("translate({dx}px, {dy}px) scale(1.15)"));
            let _ = piece.style().set_property("z-index", "5");
        }
    }

    fn pointer_up(&self, event: &web_sys::Event) {
        let Some(pe) = event.dyn_ref::<web_sys::PointerEvent>() else { return };
        if self.shape_end(pe) {
            return;
        }
        let Some(drag) = self.drag.borrow_mut().take() else { return };
        if !drag.moved {
            return;
        }
        if let Some(piece) = &drag.piece {
            let _ = piece.style().remove_property("transform");
        }
        self.swallow_click.set(true);
        let over = self.root.element_from_point(pe.client_x() as f32, pe.client_y() as f32);
        let Some(to) = over.and_then(|e| e.closest("[data-sq]").ok().flatten()).as_ref().and_then(square_of) else {
            self.draw();
            return;
        };
        match drag.start {
            Action::Square(from) if from != to => self.act(Action::Drag(from, to), None),
            Action::Tray(piece) => self.act(Action::Place(piece, to), None),
            // A piece dropped back on its square: nothing to do, but its drag is undone.
            _ => self.finish(),
        }
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

/// The action an element's attribute names (`data-act`, `data-enter`, `data-change`); the render
/// writes only readable ones.
fn action_of(el: &Element, attribute: &str) -> Option<Action> {
    el.get_attribute(attribute)?.parse().ok()
}

/// The square of a board square's element (`data-sq`).
fn square_of(el: &Element) -> Option<Square> {
    Square::from_ascii(el.get_attribute("data-sq")?.as_bytes())
}

fn target_with(event: &web_sys::Event, selector: &str) -> Option<Element> {
    let path = event.composed_path();
    let first = path.get(0).dyn_into::<Element>().ok()?;
    first.closest(selector).ok().flatten()
}

fn listen(view: &Rc<View>) -> Result<(), JsValue> {
    let add = |target: &EventTarget, kind: &'static str, f: fn(&View, &web_sys::Event)| on(view, &view.listeners, target, kind, f);
    let root: &EventTarget = view.root.as_ref();
    add(root, "click", View::click)?;
    add(root, "change", View::change)?;
    add(root, "keydown", View::key)?;
    add(root, "pointerdown", View::pointer_down)?;
    add(root, "pointermove", View::pointer_move)?;
    add(root, "pointerup", View::pointer_up)?;
    add(root, "contextmenu", View::context_menu)?;
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

