//! The `<chess-clock>` in the page (wasm32 only): its shadow DOM (two big faces, the arbiter's
//! pause button, a status line and an alert line), taps, Space, a 100 ms tick while a side's
//! time runs, and the `press` and `flag` events. What it shows is `ClockModel`'s.

use crate::skeleton::skeleton;
use crate::state::ClockText;
use crate::state::{clock_text, ClockModel, ClockResponse, DEFAULT_CONTROL, LOW_TIME_MS};
use qitong_rules::Color;
use qitong_view::dom::page::{dispatch, now_ms, object, set_attr, set_text, toggle_class, Listener, Registry};
use qitong_view::dom::tree;
use qitong_view::lang::Lang;
use qitong_words::{fill, side_name};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement, ShadowRoot};

const CSS: &str = qitong_view::css::minified_css!(include_str!("clock.css"));

thread_local! {
    static CLOCKS: Registry<ClockWidget> = const { Registry::new() };
}

/// One clock on the page.
pub struct ClockWidget {
    host: HtmlElement,
    root: ShadowRoot,
    pub model: RefCell<ClockModel>,
    listeners: RefCell<Vec<Listener>>,
    interval: Cell<Option<i32>>,
    tick: RefCell<Option<Closure<dyn FnMut()>>>,
    /// Whether each side's low-time warning was already announced.
    warned: Cell<[bool; 2]>,
}

fn query(root: &ShadowRoot, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

fn side_of(name: &str) -> Option<Color> {
    match name {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

impl ClockWidget {
    pub fn new(host: HtmlElement, root: ShadowRoot) -> Rc<ClockWidget> {
        let mut model = ClockModel::new(DEFAULT_CONTROL, Lang::Zh);
        let lang = host.closest("[lang]").ok().flatten().and_then(|e| e.get_attribute("lang"));
        let _ = model.apply("lang", lang.as_deref());
        for name in ["time-control", "controlled", "fen"] {
            if let Some(value) = host.get_attribute(name) {
                if let Err(warning) = model.apply(name, Some(&value)) {
                    web_sys::console::warn_1(&JsValue::from_str(&warning));
                }
            }
        }
        if let Some(doc) = host.owner_document() {
            tree::append_all(&doc, &root, &skeleton(CSS));
        }
        let widget = Rc::new(ClockWidget {
            host,
            root,
            model: RefCell::new(model),
            listeners: RefCell::new(Vec::new()),
            interval: Cell::new(None),
            tick: RefCell::new(None),
            warned: Cell::new([false; 2]),
        });
        CLOCKS.with(|c| c.add(&widget.host, &widget));
        widget.listen();
        widget.render();
        widget
    }

    /// The clock whose host is `host`, if it is one of ours.
    pub fn of(host: &Element) -> Option<Rc<ClockWidget>> {
        CLOCKS.with(|c| c.find(host))
    }

    fn listen(self: &Rc<Self>) {
        let mut listeners = Vec::new();
        for side in ["white", "black"] {
            if let Some(face) = query(&self.root, &format!(".face.{side}")) {
                let weak = Rc::downgrade(self);
                listeners.push(Listener::new(&face, "click", move |_| {
                    if let Some(w) = weak.upgrade() {
                        let r = w.model.borrow_mut().tap(side_of(side), now_ms());
                        w.respond(r);
                    }
                }));
            }
        }
        if let Some(pause) = query(&self.root, ".pause") {
            let weak = Rc::downgrade(self);
            listeners.push(Listener::new(&pause, "click", move |_| {
                if let Some(w) = weak.upgrade() {
                    let r = w.model.borrow_mut().toggle_pause(now_ms());
                    w.respond(r);
                }
            }));
        }
        // Space presses the clock only when the focus is in the clock (a tap on a face puts it
        // there): on a class page Space with nothing focused scrolls the page, as everywhere.
        if let Some(window) = web_sys::window() {
            let weak = Rc::downgrade(self);
            let on_key = move |event: web_sys::Event| {
                let Some(w) = weak.upgrade() else { return };
                let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                if key.key() != " " || key.repeat() || key.default_prevented() {
                    return;
                }
                // Retargeted: a key in the shadow root reaches the window from the host.
                let target = event.target().and_then(|t| t.dyn_into::<Element>().ok());
                if target.as_ref().is_some_and(|t| *t == *w.host.as_ref()) {
                    event.prevent_default();
                    let r = w.model.borrow_mut().tap(None, now_ms());
                    w.respond(r);
                }
            };
            listeners.push(Listener::new(&window, "keydown", on_key));
            // The focused face would also take Space as a click on key-up.
            let weak = Rc::downgrade(self);
            listeners.push(Listener::new(&self.root, "keyup", move |event: web_sys::Event| {
                if weak.upgrade().is_some() && event.dyn_ref::<web_sys::KeyboardEvent>().is_some_and(|k| k.key() == " ") {
                    event.prevent_default();
                }
            }));
        }
        *self.listeners.borrow_mut() = listeners;
        let weak = Rc::downgrade(self);
        *self.tick.borrow_mut() = Some(Closure::new(move || {
            if let Some(w) = weak.upgrade() {
                let r = w.model.borrow_mut().tick(now_ms());
                w.respond(r);
            }
        }));
    }

    /// Dispatches what a change produced, then redraws.
    pub fn respond(&self, r: ClockResponse) {
        if let Some((_, text)) = &r.refusal {
            self.alert(text);
        }
        if let Some(side) = r.pressed {
            let now = now_ms();
            let model = self.model.borrow();
            let detail = object(&[
                ("side", JsValue::from_str(side.name())),
                ("white", JsValue::from_f64(model.face(Color::White, now).remaining_ms as f64)),
                ("black", JsValue::from_f64(model.face(Color::Black, now).remaining_ms as f64)),
            ]);
            drop(model);
            dispatch(&self.host, "press", &detail);
        }
        if let Some(paused) = r.paused {
            let side = self.model.borrow().clock.running().map_or(JsValue::NULL, |c| JsValue::from_str(c.name()));
            dispatch(&self.host, if paused { "pause" } else { "resume" }, &object(&[("side", side)]));
        }
        if let Some(flag) = &r.flag {
            self.alert(&flag.message);
            let can_mate = flag.opponent_can_mate.map_or(JsValue::NULL, JsValue::from_bool);
            let detail = object(&[
                ("side", JsValue::from_str(flag.side.name())),
                ("opponentCanMate", can_mate),
                ("result", JsValue::from_str(flag.result)),
                ("message", JsValue::from_str(&flag.message)),
            ]);
            dispatch(&self.host, "flag", &detail);
        }
        self.render();
    }

    fn alert(&self, text: &str) {
        if let Some(alert) = query(&self.root, ".alert") {
            set_text(&alert, text);
        }
    }

    /// Draws the faces and the status; runs the tick only while a side's time runs.
    pub fn render(&self) {
        let now = now_ms();
        let model = self.model.borrow();
        let lang = model.lang;
        let mut warned = self.warned.get();
        for color in [Color::White, Color::Black] {
            let name = color.name();
            let face = model.face(color, now);
            if let Some(button) = query(&self.root, &format!(".face.{name}")) {
                toggle_class(&button, "running", face.running);
                toggle_class(&button, "low", face.low);
                toggle_class(&button, "flagged", face.flagged);
                set_attr(&button, "aria-pressed", if face.running { "true" } else { "false" });
                if let Some(digits) = query(&self.root, &format!(".face.{name} .time")) {
                    set_text(&digits, &face.digits);
                }
                if let Some(label) = query(&self.root, &format!(".face.{name} .side")) {
                    set_text(&label, side_name(color, lang));
                }
            }
            let low = face.remaining_ms < LOW_TIME_MS && face.running;
            if low && !warned[color.index()] {
                warned[color.index()] = true;
                self.alert(&fill(clock_text(ClockText::ClockLow, lang), &[("side", side_name(color, lang))]));
            } else if face.remaining_ms >= LOW_TIME_MS {
                warned[color.index()] = false;
            }
        }
        self.warned.set(warned);
        if let Some(status) = query(&self.root, ".status") {
            set_text(&status, model.status().0);
        }
        if let Some(pause) = query(&self.root, ".pause") {
            let paused = matches!(model.clock.state(), qitong_classroom::clock::ClockState::Paused { .. });
            set_text(&pause, clock_text(if paused { ClockText::ClockResume } else { ClockText::ClockPause }, lang));
            set_attr(&pause, "aria-pressed", if paused { "true" } else { "false" });
            let usable = model.is_running() || paused;
            if usable {
                let _ = pause.remove_attribute("disabled");
            } else {
                set_attr(&pause, "disabled", "");
            }
        }
        if let Some(group) = query(&self.root, ".clock") {
            set_attr(&group, "aria-label", clock_text(ClockText::ClockLabel, lang));
        }
        let running = model.is_running();
        drop(model);
        self.run_ticks(running);
    }

    fn run_ticks(&self, on: bool) {
        let Some(window) = web_sys::window() else { return };
        match (on, self.interval.get()) {
            (true, None) => {
                if let Some(tick) = self.tick.borrow().as_ref() {
                    if let Ok(id) = window.set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 100) {
                        self.interval.set(Some(id));
                    }
                }
            }
            (false, Some(id)) => {
                window.clear_interval_with_handle(id);
                self.interval.set(None);
            }
            _ => {}
        }
    }

    /// An observed attribute changed.
    pub fn attribute_changed(&self, name: &str, value: Option<String>) {
        let value =
            if name == "lang" { value.or_else(|| self.host.closest("[lang]").ok().flatten().and_then(|e| e.get_attribute("lang"))) } else { value };
        let result = self.model.borrow_mut().apply(name, value.as_deref());
        if let Err(warning) = result {
            web_sys::console::warn_1(&JsValue::from_str(&warning));
        }
        if name == "time-control" {
            self.warned.set([false; 2]);
            self.alert("");
        }
        self.render();
    }

    /// The element left the page: no more ticks (a running clock keeps its time by the wall
    /// clock and catches up when it is back).
    pub fn disconnect(&self) {
        self.run_ticks(false);
    }
}

impl Drop for ClockWidget {
    fn drop(&mut self) {
        self.run_ticks(false);
    }
}
