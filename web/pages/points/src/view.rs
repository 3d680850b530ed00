//! The points calculator page (wasm32 only): two totals and a result in, the handout's
//! reasoning step by step and both new totals and levels out (`pages::points::words` decides the text).

use crate::action::Action;
use crate::render::{self, Form};
use crate::words::{points_text, PointsText};
use qitong_classroom::points::Score;
use qitong_view::dom::page::{document, page_lang, set_attr, set_page_lang, storage_readable, Listener};
use qitong_view::dom::tree;
use qitong_view::lang::Lang;
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
        let Some(text) = target.closest("[data-act]").ok().flatten().and_then(|e| e.get_attribute("data-act")) else {
            return;
        };
        match text.parse::<Action>() {
            Ok(Action::Lang) => {
                let lang = if self.lang.get() == Lang::Zh { Lang::En } else { Lang::Zh };
                self.lang.set(lang);
                if !set_page_lang(lang) {
                    self.remembers.set(false);
                }
                self.build();
                if let Some(again) = self.doc.query_selector("[data-act=lang]").ok().flatten() {
                    if let Ok(again) = again.dyn_into::<web_sys::HtmlElement>() {
                        let _ = again.focus();
                    }
                }
            }
            Ok(Action::Result(score)) => {
                self.score.set(score);
                if let Ok(buttons) = self.root.query_selector_all(".choice") {
                    for i in 0..buttons.length() {
                        if let Some(b) = buttons.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                            let on = b.get_attribute("data-act").as_deref() == Some(text.as_str());
                            set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
                        }
                    }
                }
                self.answer();
            }
            Err(_) => {}
        }
    }

    /// What the page shows now, for `render`.
    fn form<'a>(&self, typed: &'a (String, String)) -> Form<'a> {
        Form { lang: self.lang.get(), remembers: self.remembers.get(), score: self.score.get(), typed: (&typed.0, &typed.1) }
    }

    /// Writes the whole page in the current language.
    fn build(&self) {
        self.doc.set_title(self.t(PointsText::PageTitle));
        let typed = self.typed.borrow().clone();
        self.root.set_text_content(None);
        tree::append_all(&self.doc, &self.root, &render::page(&self.form(&typed)));
    }

    /// Recomputes the answer from the inputs.
    fn answer(&self) {
        let Some(live) = self.doc.get_element_by_id("points-live") else { return };
        let typed = self.typed.borrow().clone();
        live.set_text_content(None);
        tree::append_all(&self.doc, &live, &render::answer(&self.form(&typed)));
    }
}
