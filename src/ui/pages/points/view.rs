//! The points calculator page (wasm32 only): two totals and a result in, the handout's
//! reasoning step by step and both new totals and levels out (`pages::points::words` decides the text).

use crate::ui::pages::points::words::PointsText;
use crate::ui::dom::page::{button, document, el, page_lang, set_attr, set_page_lang, set_text, storage_readable, Listener};
use crate::ui::pages::points::words::{calculate, player_line, points_text};
use crate::classroom::points::{Points, Score};
use crate::lang::Lang;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement};

struct Calculator {
    doc: Document,
    root: Element,
    lang: Cell<Lang>,
    /// False once this computer's storage refused to remember the language: the page says so.
    remembers: Cell<bool>,
    score: Cell<Score>,
    /// The two totals as typed (kept across a language switch).
    typed: RefCell<(String, String)>,
    listeners: RefCell<Vec<Listener>>,
}

/// The mounted calculator (it lives as long as the page).
pub struct PointsView;

impl PointsView {
    pub fn mount(root: Element) -> Result<(), JsValue> {
        let doc = document().ok_or_else(|| JsValue::from_str("no document"))?;
        let lang = page_lang();
        let remembers = set_page_lang(lang) && storage_readable();
        let page = Rc::new(Calculator {
            doc,
            root,
            lang: Cell::new(lang),
            remembers: Cell::new(remembers),
            score: Cell::new(Score::Win),
            typed: RefCell::new(("50".to_string(), "150".to_string())),
            listeners: RefCell::new(Vec::new()),
        });
        let weak = Rc::downgrade(&page);
        let on_click = Listener::new(&page.root, "click", move |event| {
            if let Some(page) = weak.upgrade() {
                page.clicked(event);
            }
        });
        let weak = Rc::downgrade(&page);
        let on_input = Listener::new(&page.root, "input", move |_| {
            if let Some(page) = weak.upgrade() {
                page.read_inputs();
                page.answer();
            }
        });
        *page.listeners.borrow_mut() = vec![on_click, on_input];
        page.build();
        // The page keeps working after this function returns: the listeners hold it.
        std::mem::forget(page);
        Ok(())
    }
}

impl Calculator {
    fn t(&self, code: PointsText) -> &'static str {
        points_text(code, self.lang.get())
    }

    fn input(&self, id: &str) -> Option<HtmlInputElement> {
        self.doc.get_element_by_id(id)?.dyn_into().ok()
    }

    fn read_inputs(&self) {
        if let (Some(a), Some(b)) = (self.input("points-a"), self.input("points-b")) {
            *self.typed.borrow_mut() = (a.value(), b.value());
        }
    }

    fn clicked(&self, event: web_sys::Event) {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let Some(action) = target.closest("[data-action]").ok().flatten().and_then(|e| e.get_attribute("data-action")) else {
            return;
        };
        match action.as_str() {
            "lang" => {
                let lang = if self.lang.get() == Lang::Zh { Lang::En } else { Lang::Zh };
                self.lang.set(lang);
                if !set_page_lang(lang) {
                    self.remembers.set(false);
                }
                self.build();
                if let Some(again) = self.doc.query_selector("[data-action=lang]").ok().flatten() {
                    if let Ok(again) = again.dyn_into::<web_sys::HtmlElement>() {
                        let _ = again.focus();
                    }
                }
            }
            "a-wins" | "draw" | "b-wins" => {
                self.score.set(match action.as_str() {
                    "a-wins" => Score::Win,
                    "draw" => Score::Draw,
                    _ => Score::Loss,
                });
                if let Ok(buttons) = self.root.query_selector_all(".choice") {
                    for i in 0..buttons.length() {
                        if let Some(b) = buttons.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                            let on = b.get_attribute("data-action").as_deref() == Some(action.as_str());
                            set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
                        }
                    }
                }
                self.answer();
            }
            _ => {}
        }
    }

    /// Writes the whole page in the current language.
    fn build(&self) {
        let doc = &self.doc;
        doc.set_title(self.t(PointsText::PageTitle));
        self.root.set_text_content(None);
        let nav = el(doc, "nav", "play-nav", "");
        let home = el(doc, "a", "home", self.lang.get().pick("← 棋童首页", "← Qitong home"));
        set_attr(&home, "href", "index.html");
        let lang = button(doc, "lang", self.lang.get().pick("English", "中文"));
        set_attr(&lang, "data-action", "lang");
        set_attr(&lang, "lang", self.lang.get().pick("en", "zh-CN"));
        set_attr(&lang, "aria-label", self.lang.get().pick("Switch to English", "切换到中文"));
        let _ = nav.append_child(&home);
        let _ = nav.append_child(&lang);
        let _ = self.root.append_child(&nav);
        let _ = self.root.append_child(&el(doc, "h1", "", self.t(PointsText::Title)));
        let _ = self.root.append_child(&el(doc, "p", "intro", self.t(PointsText::Intro)));
        if !self.remembers.get() {
            let note = el(doc, "p", "play-note", self.t(PointsText::NoStorage));
            set_attr(&note, "role", "status");
            let _ = self.root.append_child(&note);
        }
        let form = el(doc, "div", "points-form", "");
        let (a, b) = self.typed.borrow().clone();
        for (id, code, value) in [("points-a", PointsText::PlayerA, a), ("points-b", PointsText::PlayerB, b)] {
            let label = el(doc, "label", "name", "");
            let _ = label.append_child(&el(doc, "span", "", self.t(code)));
            let input = el(doc, "input", "", "");
            for (name, v) in [("id", id), ("type", "text"), ("inputmode", "decimal"), ("autocomplete", "off"), ("maxlength", "9")] {
                set_attr(&input, name, v);
            }
            if let Some(input) = input.dyn_ref::<HtmlInputElement>() {
                input.set_value(&value);
            }
            let _ = label.append_child(&input);
            let _ = form.append_child(&label);
        }
        let group = el(doc, "div", "choices", "");
        set_attr(&group, "role", "group");
        set_attr(&group, "aria-label", self.t(PointsText::Result));
        let _ = group.append_child(&el(doc, "span", "choices-label", self.t(PointsText::Result)));
        for (code, score) in [(PointsText::AWins, Score::Win), (PointsText::Draw, Score::Draw), (PointsText::BWins, Score::Loss)] {
            let b = button(doc, "choice", self.t(code));
            set_attr(&b, "data-action", code.key());
            set_attr(&b, "aria-pressed", if score == self.score.get() { "true" } else { "false" });
            let _ = group.append_child(&b);
        }
        let _ = form.append_child(&group);
        let _ = self.root.append_child(&form);
        let answer = el(doc, "section", "points-answer", "");
        set_attr(&answer, "aria-labelledby", "points-answer-title");
        let title = el(doc, "h2", "", self.t(PointsText::Answer));
        set_attr(&title, "id", "points-answer-title");
        let _ = answer.append_child(&title);
        let live = el(doc, "div", "points-live", "");
        set_attr(&live, "aria-live", "polite");
        set_attr(&live, "id", "points-live");
        let _ = answer.append_child(&live);
        let _ = answer.append_child(&el(doc, "p", "hint", self.t(PointsText::Rule)));
        let _ = self.root.append_child(&answer);
        self.answer();
    }

    /// Recomputes the answer from the inputs.
    fn answer(&self) {
        let Some(live) = self.doc.get_element_by_id("points-live") else { return };
        let lang = self.lang.get();
        let (a, b) = self.typed.borrow().clone();
        let parsed = (a.trim().parse::<Points>(), b.trim().parse::<Points>());
        live.set_text_content(None);
        let (Ok(a), Ok(b)) = parsed else {
            let _ = live.append_child(&el(&self.doc, "p", "message", self.t(PointsText::BadPoints)));
            return;
        };
        let calc = calculate(a, b, self.score.get(), lang);
        let totals = el(&self.doc, "div", "totals", "");
        for (name, player, id) in [(self.t(PointsText::A), &calc.a, "points-after-a"), (self.t(PointsText::B), &calc.b, "points-after-b")] {
            let line = el(&self.doc, "p", "total", "");
            set_attr(&line, "id", id);
            set_text(&line, &player_line(name, player, lang));
            let _ = totals.append_child(&line);
        }
        let _ = live.append_child(&totals);
        let steps = el(&self.doc, "ol", "steps", "");
        for step in &calc.steps {
            let _ = steps.append_child(&el(&self.doc, "li", "", step));
        }
        let _ = live.append_child(&steps);
    }
}
