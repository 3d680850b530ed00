//! The class ladder page (wasm32, teacher module only): draws [`LadderState`] and turns clicks,
//! choices and picked files into its calls; keeps the ladder in localStorage (`pages::ladder::store`).
//!
//! The whole page is rebuilt from `pages::ladder::render` after every change (a class is small);
//! typed text survives in the view and the focus returns to the control that was used.

use crate::action::Action;
use crate::picked::import_limit;
use crate::render::{self, Typed};
use crate::state::{Ask, LadderState, ROSTER_PAGE};
use crate::store::{LADDER_KEY, PENDING_KEY};
use crate::words::LadderText;
use crate::words::{self, ladder_text};
use qitong_classroom::ladder::StudentId;
use qitong_view::dom::page::{document, now_ms, page_lang, set_page_lang, Listener};
use qitong_view::dom::tree;
use qitong_view::lang::Lang;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlSelectElement, Storage};

struct Page {
    doc: Document,
    root: Element,
    state: RefCell<LadderState>,
    typed: RefCell<Typed>,
    listeners: RefCell<Vec<Listener>>,
    /// The suggested names of a school's record form and the roster they were built from: kept
    /// across drawings, since building 2,000 of them is most of a drawing's work.
    names: RefCell<Option<(u64, Element)>>,
    /// Which import the page is reading in steps: a step of an earlier one stops.
    import_run: Cell<u32>,
}

/// How long the page reads an import before letting the browser draw and answer (ms): with
/// the steps' own pieces (a sort's scan, a drop: 7-10 ms natively, 55-78 ms tasks measured at
/// 20) a task stays well under 100 ms on a busy machine (issue 29).
const IMPORT_SLICE_MS: u64 = 10;
/// Rows (or sifts) read between two looks at the clock: about a millisecond's worth.
const IMPORT_STEP: usize = 256;

/// The mounted ladder page (it lives as long as the page).
pub struct LadderView;

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Today as `2026-11-30`.
fn today() -> String {
    let d = js_sys::Date::new_0();
    format!("{}-{:02}-{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
}

impl LadderView {
    pub fn mount(root: Element) -> Result<(), JsValue> {
        let doc = document().ok_or_else(|| JsValue::from_str("no document"))?;
        let lang = page_lang();
        set_page_lang(lang);
        let store = storage();
        let read = |key| store.as_ref().map(|s| s.get_item(key));
        let (stored, pending) = match (read(LADDER_KEY), read(PENDING_KEY)) {
            (Some(Ok(stored)), Some(Ok(pending))) => (Ok(stored), pending),
            _ => (Err(()), None),
        };
        let mut state = LadderState::open(stored.clone().ok().flatten().as_deref(), pending.as_deref(), lang, &today());
        state.storage_refused = stored.is_err();
        if pending.is_some() && state.pending.is_none() {
            // Unreadable: the page said so; keeping it would say so again on every visit.
            if let Some(s) = &store {
                let _ = s.remove_item(PENDING_KEY);
            }
        }
        let page = Rc::new(Page {
            doc,
            root,
            state: RefCell::new(state),
            typed: RefCell::new(Typed::default()),
            listeners: RefCell::new(Vec::new()),
            names: RefCell::new(None),
            import_run: Cell::new(0),
        });
        let mut listeners = Vec::new();
        for (kind, handler) in [("click", Page::clicked as fn(&Rc<Page>, web_sys::Event)), ("input", Page::typed), ("change", Page::changed)] {
            let weak = Rc::downgrade(&page);
            listeners.push(Listener::new(&page.root, kind, move |event| {
                if let Some(page) = weak.upgrade() {
                    handler(&page, event);
                }
            }));
        }
        *page.listeners.borrow_mut() = listeners;
        page.render();
        let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
        if hash == "#record" {
            page.focus("#record-title");
        }
        // The page keeps working after this function returns: the listeners hold it.
        std::mem::forget(page);
        Ok(())
    }
}

/// Strict GB18030 (GBK's superset) by the browser's decoder: `None` on any byte it cannot read.
fn gb18030(bytes: &[u8]) -> Option<String> {
    let options = web_sys::TextDecoderOptions::new();
    options.set_fatal(true);
    let decoder = web_sys::TextDecoder::new_with_label_and_options("gb18030", &options).ok()?;
    decoder.decode_with_u8_array(bytes).ok()
}

fn target_element(event: &web_sys::Event) -> Option<Element> {
    event.target()?.dyn_into::<Element>().ok()
}

impl Page {
    fn lang(&self) -> Lang {
        self.state.borrow().lang
    }

    fn t(&self, code: LadderText) -> &'static str {
        ladder_text(code, self.lang())
    }

    fn focus(&self, selector: &str) {
        if let Ok(Some(e)) = self.root.query_selector(selector) {
            if let Ok(e) = e.dyn_into::<HtmlElement>() {
                let _ = e.focus();
            }
        }
    }

    /// Writes the ladder to storage (never over an unreadable stored text).
    fn save(&self) {
        let mut state = self.state.borrow_mut();
        if !state.may_save() {
            return;
        }
        let saved = storage().map(|s| s.set_item(LADDER_KEY, &state.ladder.to_json()).is_ok());
        state.save_failing = saved != Some(true);
        if state.save_failing {
            let text = ladder_text(LadderText::SaveFailed, state.lang).to_string();
            state.notice = Some(crate::state::Notice { text, error: true });
        }
    }

    fn forget_pending(&self) {
        if let Some(s) = storage() {
            let _ = s.remove_item(PENDING_KEY);
        }
    }

    fn typed(self: &Rc<Self>, event: web_sys::Event) {
        let Some(input) = target_element(&event).and_then(|e| e.dyn_into::<HtmlInputElement>().ok()) else { return };
        let value = input.value();
        let mut typed = self.typed.borrow_mut();
        match input.id().as_str() {
            "add-name" => typed.add_name = value,
            "add-points" => typed.add_points = value,
            "rename-input" => typed.rename = value,
            "rec-date" => self.state.borrow_mut().form.date = value,
            "roster-filter" => {
                drop(typed);
                {
                    let mut state = self.state.borrow_mut();
                    state.roster_view.filter = value;
                    state.roster_view.shown = ROSTER_PAGE;
                }
                self.redraw_roster();
            }
            _ => {}
        }
    }

    /// Redraws only the roster, around the filter field being typed in: the field itself stays
    /// in the page (moving it would take its focus and caret away).
    fn redraw_roster(&self) {
        let Ok(Some(old)) = self.root.query_selector("#roster") else { return };
        let Ok(fresh) = tree::build(&self.doc, &render::roster(&self.state.borrow(), &self.typed.borrow().rename)) else { return };
        let kept = old.query_selector("#roster-filter").ok().flatten().and_then(|f| f.closest("label").ok().flatten());
        let copy = fresh.query_selector("#roster-filter").ok().flatten().and_then(|f| f.closest("label").ok().flatten());
        let (Some(kept), Some(copy)) = (kept, copy) else {
            let _ = old.replace_with_with_node_1(&fresh);
            return;
        };
        let children = fresh.child_nodes();
        let fresh_children: Vec<web_sys::Node> = (0..children.length()).filter_map(|i| children.item(i)).collect();
        let old_children = old.child_nodes();
        let stale: Vec<web_sys::Node> =
            (0..old_children.length()).filter_map(|i| old_children.item(i)).filter(|n| !n.is_same_node(Some(&kept))).collect();
        for node in stale {
            let _ = old.remove_child(&node);
        }
        let mut before_field = true;
        for node in fresh_children {
            if node.is_same_node(Some(&copy)) {
                before_field = false;
            } else if before_field {
                let _ = old.insert_before(&node, Some(&kept));
            } else {
                let _ = old.append_child(&node);
            }
        }
    }

    fn changed(self: &Rc<Self>, event: web_sys::Event) {
        let Some(target) = target_element(&event) else { return };
        match target.id().as_str() {
            "rec-white" | "rec-black" => {
                // A list gives the student's id; a school's name field gives the name.
                let id = match (target.dyn_ref::<HtmlSelectElement>(), target.dyn_ref::<HtmlInputElement>()) {
                    (Some(select), _) => select.value().parse::<StudentId>().ok(),
                    (None, Some(field)) => self.state.borrow().ladder.find_by_name(field.value().trim()).map(|s| s.id()),
                    (None, None) => return,
                };
                {
                    let mut state = self.state.borrow_mut();
                    if target.id() == "rec-white" {
                        state.form.white = id;
                    } else {
                        state.form.black = id;
                    }
                    state.notice = None;
                }
                self.render_kept(&format!("#{}", target.id()));
            }
            "import-file" => {
                if let Some(input) = target.dyn_ref::<HtmlInputElement>() {
                    self.read_files(input);
                }
            }
            _ => {}
        }
    }

    /// Reads the picked files' bytes, then hands them to the state (asynchronously), which
    /// decodes them. A file over the ladder's limit is refused by its size, before it is read.
    fn read_files(self: &Rc<Self>, input: &HtmlInputElement) {
        let Some(files) = input.files() else { return };
        let mut names = Vec::new();
        let buffers = js_sys::Array::new();
        let mut total = 0.0;
        let picked: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.item(i)).collect();
        input.set_value("");
        // A new pick replaces an import still being read.
        self.import_run.set(self.import_run.get().wrapping_add(1));
        self.state.borrow_mut().importing = None;
        if let Some(big) = picked.iter().find(|f| f.size() > import_limit(&f.name()) as f64) {
            let lang = self.lang();
            let text = format!("{} {}", ladder_text(LadderText::ImportFailed, lang), words::too_large(&big.name(), big.size(), lang));
            self.tell(text, true);
            return;
        }
        for file in &picked {
            names.push(file.name());
            total += file.size();
            buffers.push(&file.array_buffer());
        }
        if names.is_empty() {
            return;
        }
        // Said first, so that the page shows what it is doing while a big file is read.
        self.tell(words::reading(total, self.lang()), false);
        let weak = Rc::downgrade(self);
        let done = Closure::once(move |buffers: JsValue| {
            let Some(page) = weak.upgrade() else { return };
            let buffers = js_sys::Array::from(&buffers);
            let files: Vec<(String, Vec<u8>)> =
                names.into_iter().enumerate().map(|(i, n)| (n, js_sys::Uint8Array::new(&buffers.get(i as u32)).to_vec())).collect();
            page.state.borrow_mut().start_import_bytes(&files, gb18030);
            drop(files);
            page.import_run.set(page.import_run.get().wrapping_add(1));
            // Decoding was this task's work: the reading starts in the next.
            page.read_later(page.import_run.get());
        });
        let weak = Rc::downgrade(self);
        let failed = Closure::once(move |_: JsValue| {
            let Some(page) = weak.upgrade() else { return };
            let lang = page.lang();
            let text = format!("{} {}", ladder_text(LadderText::ImportFailed, lang), ladder_text(LadderText::ImportUnreadable, lang));
            page.tell(text, true);
        });
        let _ = js_sys::Promise::all(&buffers).then2(&done, &failed);
        // One of the two runs once, after this function returns; an import is rare, so both
        // small closures are simply left to live.
        done.forget();
        failed.forget();
    }

    /// Reads on in the import of run `run` for a slice of time, then lets the browser draw
    /// and answer before the next slice (a `setTimeout`); at its end shows the question, or
    /// why not.
    fn read_on(self: &Rc<Self>, run: u32) {
        if self.import_run.get() != run {
            return;
        }
        let started = now_ms();
        while self.state.borrow_mut().continue_import(IMPORT_STEP) {
            if now_ms().saturating_sub(started) >= IMPORT_SLICE_MS {
                return self.read_later(run);
            }
        }
        self.render();
        let asked = self.state.borrow().ask.is_some();
        self.focus(if asked { "[data-act=yes]" } else { "#ladder-notice" });
    }

    /// [`Page::read_on`] in a task of its own, after the browser's.
    fn read_later(self: &Rc<Self>, run: u32) {
        let weak = Rc::downgrade(self);
        let next = Closure::once_into_js(move || {
            if let Some(page) = weak.upgrade() {
                page.read_on(run);
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(next.unchecked_ref(), 0);
        }
    }

    /// Shows a message (and drops any question), with the focus on it.
    fn tell(&self, text: String, error: bool) {
        {
            let mut state = self.state.borrow_mut();
            state.ask = None;
            state.notice = Some(crate::state::Notice { text, error });
        }
        self.render();
        self.focus("#ladder-notice");
    }

    fn clicked(self: &Rc<Self>, event: web_sys::Event) {
        let Some(target) = target_element(&event) else { return };
        let Some(text) = target.closest("[data-act]").ok().flatten().and_then(|e| e.get_attribute("data-act")) else { return };
        let Ok(action) = text.parse::<Action>() else { return };
        let mut focus_after = format!("[data-act=\"{}\"]", text.replace(['"', '\\'], ""));
        let on_button = |action: Action| format!("[data-act=\"{action}\"]");
        {
            let mut state = self.state.borrow_mut();
            match action {
                Action::Lang => {
                    state.lang = if state.lang == Lang::Zh { Lang::En } else { Lang::Zh };
                    set_page_lang(state.lang);
                }
                Action::Add => {
                    let (name, points) = {
                        let t = self.typed.borrow();
                        (t.add_name.clone(), t.add_points.clone())
                    };
                    if state.add_student(&name, &points) {
                        *self.typed.borrow_mut() = Typed::default();
                        focus_after = "#add-name".to_string();
                    }
                }
                Action::AddMissing(name) => {
                    state.add_student(&name, "");
                    focus_after = "#record-title".to_string();
                }
                Action::Rename(id) => {
                    if let Some(s) = state.ladder.student(id) {
                        self.typed.borrow_mut().rename = s.name().to_string();
                    }
                    state.renaming = Some(id);
                    focus_after = "#rename-input".to_string();
                }
                Action::RenameSave => {
                    if let Some(id) = state.renaming {
                        let name = self.typed.borrow().rename.clone();
                        if state.rename(id, &name) {
                            focus_after = on_button(Action::Rename(id));
                        } else {
                            focus_after = "#rename-input".to_string();
                        }
                    }
                }
                Action::RenameCancel => {
                    focus_after = state.renaming.map_or(String::new(), |id| on_button(Action::Rename(id)));
                    state.renaming = None;
                }
                Action::Remove(id) => {
                    state.ask_remove(id);
                    if state.ask.is_some() {
                        focus_after = on_button(Action::No);
                    }
                }
                Action::Score(score) => state.form.score = Some(score),
                Action::ConfirmRecord => {
                    let had_pending = state.pending.is_some();
                    if state.confirm_record() && had_pending {
                        self.forget_pending();
                    }
                    focus_after = "#ladder-notice".to_string();
                }
                Action::Undo => {
                    state.ask = Some(Ask::Undo);
                    focus_after = on_button(Action::No);
                }
                Action::Fresh => {
                    state.ask = Some(Ask::FreshStart);
                    focus_after = on_button(Action::No);
                }
                Action::Yes | Action::No => {
                    state.answer(action == Action::Yes);
                    focus_after = "#ladder-notice".to_string();
                }
                Action::DismissPending => {
                    state.dismiss_pending();
                    self.forget_pending();
                    focus_after = "#record-title".to_string();
                }
                Action::RosterMore => {
                    state.roster_view.shown = state.roster_view.shown.saturating_add(ROSTER_PAGE);
                    if state.roster_rows().1 <= state.roster_view.shown {
                        focus_after = "#roster-count".to_string();
                    }
                }
                Action::HistoryAll => {
                    state.history_all = true;
                    focus_after = "#history-title".to_string();
                }
                Action::Print => {
                    if let Some(w) = web_sys::window() {
                        let _ = w.print();
                    }
                    return;
                }
            }
        }
        self.save();
        self.render_kept(&focus_after);
    }

    /// Rebuilds the page and puts the focus on `selector` (else on the message, if any).
    fn render_kept(&self, selector: &str) {
        self.render();
        let found = !selector.is_empty() && self.root.query_selector(selector).ok().flatten().is_some();
        if found {
            self.focus(selector);
        } else {
            self.focus("#ladder-notice");
        }
    }

    /// Writes the whole page in the current language.
    fn render(&self) {
        let state = self.state.borrow();
        self.doc.set_title(self.t(LadderText::PageTitle));
        self.root.set_text_content(None);
        tree::append_all(&self.doc, &self.root, &render::page(&state, &self.typed.borrow(), &today()));
        if state.unreadable.is_none() {
            self.keep_names(&state);
        }
    }

    /// Puts the suggested names back after a drawing, built again only if the roster changed.
    fn keep_names(&self, state: &LadderState) {
        if !render::uses_name_fields(state) {
            return;
        }
        let signature = render::roster_signature(state);
        let mut names = self.names.borrow_mut();
        if names.as_ref().is_none_or(|(kept, _)| *kept != signature) {
            *names = tree::build(&self.doc, &render::student_names(state)).ok().map(|list| (signature, list));
        }
        if let Some((_, list)) = names.as_ref() {
            let _ = self.root.append_child(list);
        }
    }
}
