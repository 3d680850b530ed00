//! The home page and the certificate page in the browser (wasm32, the home module): draws
//! `render`'s trees into the page, switches and remembers the language, keeps the typed
//! name in this browser only, prints. What is drawn is decided (and tested) in `render`.

use crate::render::{home_word, name_or_line, render_certificate, render_home, with_storage_notes, Day, HomeWord};
use qitong_lessons::lang::Lang;
use qitong_lessons::{Course, Progress, STORAGE_KEY};
use qitong_view::choices::LANG_KEY;
use qitong_view::dom::browser;
use qitong_view::dom::listen::{on, Listener};
use qitong_view::dom::tree;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, EventTarget, HtmlElement, HtmlInputElement};

/// Where the certificate's name is kept (this browser only; never sent anywhere).
pub const NAME_KEY: &str = "qitong-certificate-name";

/// Which page is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Home,
    /// The certificate of the stage named by the address (`certificate.html#rook`).
    Certificate,
}

/// The page's state and its event listeners.
pub struct HomeView {
    root: Element,
    page: Page,
    course: Result<Course, String>,
    progress: RefCell<Progress>,
    /// What the page says about this computer's storage (`render::storage_notes`).
    notes: RefCell<Vec<HomeWord>>,
    lang: Cell<Lang>,
    listeners: RefCell<Vec<Listener>>,
}

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// The remembered language, else the page's.
pub fn start_lang() -> Lang {
    let tag = browser::load(LANG_KEY).or_else(|| document()?.document_element()?.get_attribute("lang")).unwrap_or_default();
    qitong_view::choices::lang_of(Some(&tag))
}

/// The stored progress as far as it reads, and what to say about it. Only read here: the
/// lesson page keeps a damaged record aside before it writes.
fn stored_progress() -> (Progress, Option<HomeWord>) {
    match browser::read(STORAGE_KEY) {
        Err(_) => (Progress::new(), Some(HomeWord::NoStorage)),
        Ok(None) => (Progress::new(), None),
        Ok(Some(text)) => {
            let recovered = Progress::from_json(&text);
            let note =
                if recovered.is_newer() { Some(HomeWord::ProgressNewer) } else { recovered.needs_backup().then_some(HomeWord::ProgressDamaged) };
            (recovered.progress, note)
        }
    }
}

fn today() -> Day {
    let now = js_sys::Date::new_0();
    Day { year: now.get_full_year(), month: now.get_month() + 1, day: now.get_date() }
}

impl HomeView {
    /// Draws `page` into `root`; `course` is the loaded course or why it failed.
    pub fn mount(root: Element, page: Page, course: Result<Course, String>) -> Result<Rc<HomeView>, JsValue> {
        let (progress, note) = stored_progress();
        let notes = RefCell::new(note.into_iter().collect());
        let view = Rc::new(HomeView {
            root,
            page,
            course,
            progress: RefCell::new(progress),
            notes,
            lang: Cell::new(start_lang()),
            listeners: RefCell::new(Vec::new()),
        });
        listen(&view)?;
        view.set_lang(view.lang.get());
        Ok(view)
    }

    fn stage_id() -> String {
        browser::hash().trim_start_matches('#').trim_start_matches('/').to_owned()
    }

    fn draw(&self) {
        let Some(doc) = document() else { return };
        let lang = self.lang.get();
        let course = self.course.as_ref().map_err(String::as_str);
        let progress = self.progress.borrow();
        let tree = match self.page {
            Page::Home => render_home(lang, course, &progress),
            Page::Certificate => {
                let name = browser::load(NAME_KEY).unwrap_or_default();
                render_certificate(lang, course, &progress, &Self::stage_id(), &name, today())
            }
        };
        let tree = with_storage_notes(tree, lang, &self.notes.borrow());
        if let Ok(element) = tree::build(&doc, &tree) {
            self.root.set_inner_html("");
            let _ = self.root.append_child(&element);
        }
        let title = match self.page {
            Page::Home => home_word(HomeWord::Title, lang).to_owned(),
            Page::Certificate => format!("{} · {}", home_word(HomeWord::CertTitle, lang), home_word(HomeWord::Title, lang)),
        };
        doc.set_title(&title);
    }

    /// Shows the page in `lang`, remembers it, and sets `lang` on `<html>`.
    fn set_lang(&self, lang: Lang) {
        self.lang.set(lang);
        if browser::store(LANG_KEY, lang.tag()).is_err() {
            self.cannot_save();
        }
        if let Some(html) = document().and_then(|d| d.document_element()) {
            let _ = html.set_attribute("lang", lang.tag());
        }
        self.draw();
    }

    fn click(&self, event: &web_sys::Event) {
        let Some(el) = event.target().and_then(|t| t.dyn_into::<Element>().ok()).and_then(|e| e.closest("[data-act]").ok().flatten()) else { return };
        match el.get_attribute("data-act").as_deref() {
            Some("lang") => {
                self.set_lang(self.lang.get().pick(Lang::En, Lang::Zh));
                // The keyboard stays on the switch, now drawn anew.
                if let Some(button) = self.root.query_selector("[data-act=\"lang\"]").ok().flatten().and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
                    let _ = button.focus();
                }
            }
            Some("print") => {
                if let Some(w) = web_sys::window() {
                    let _ = w.print();
                }
            }
            _ => {}
        }
    }

    /// The name typed: kept in this browser and shown on the certificate, as text.
    fn input(&self, event: &web_sys::Event) {
        let Some(input) = event.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
        if input.id() != "hm-name" {
            return;
        }
        let name = input.value();
        if browser::store(NAME_KEY, &name).is_err() && self.cannot_save() {
            // Said once, drawn once: the box keeps the keyboard as the child types on.
            if let Some(note) =
                crate::render::storage_notes(self.lang.get(), &self.notes.borrow()).and_then(|n| document().and_then(|d| tree::build(&d, &n).ok()))
            {
                if let Some(old) = self.root.query_selector(".hm-note").ok().flatten() {
                    old.replace_with_with_node_1(&note).ok();
                } else if let Some(bar) = self.root.query_selector(".hm-bar").ok().flatten() {
                    let _ = bar.after_with_node_1(&note);
                }
            }
        }
        if let Some(shown) = self.root.query_selector(".hm-name-text").ok().flatten() {
            shown.set_text_content(Some(&name_or_line(&name)));
        }
    }

    /// Storage refused a write: the note says so (once); true when it was new.
    fn cannot_save(&self) -> bool {
        let mut notes = self.notes.borrow_mut();
        let new = !notes.contains(&HomeWord::NoStorage);
        if new {
            notes.insert(0, HomeWord::NoStorage);
        }
        new
    }

    /// Back on the page (the back button, another tab's lesson): the stars may have changed.
    fn refresh(&self) {
        let (progress, note) = stored_progress();
        *self.progress.borrow_mut() = progress;
        let mut notes = self.notes.borrow_mut();
        notes.retain(|n| *n == HomeWord::NoStorage);
        if let Some(note) = note.filter(|n| !notes.contains(n)) {
            notes.push(note);
        }
        drop(notes);
        self.draw();
    }
}

fn listen(view: &Rc<HomeView>) -> Result<(), JsValue> {
    let add = |target: &EventTarget, kind: &'static str, f: fn(&HomeView, &web_sys::Event)| on(view, &view.listeners, target, kind, f);
    let root: &EventTarget = view.root.as_ref();
    add(root, "click", HomeView::click)?;
    add(root, "input", HomeView::input)?;
    if let Some(window) = web_sys::window() {
        add(window.as_ref(), "pageshow", |v, e| {
            if js_sys::Reflect::get(e, &"persisted".into()).ok().and_then(|p| p.as_bool()) == Some(true) {
                v.refresh();
            }
        })?;
        add(window.as_ref(), "storage", |v, _| v.refresh())?;
        if view.page == Page::Certificate {
            add(window.as_ref(), "hashchange", |v, _| v.draw())?;
        }
    }
    Ok(())
}
