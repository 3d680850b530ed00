//! The "Check my lesson" page (wasm32, teacher module only): brings `www/check.html`'s markup
//! to life. A dropped, picked or pasted file and the Check button become
//! `state`'s checks; their outcome is drawn: the summary, a button per problem line
//! that selects that line in the text, and the lesson player's preview
//! (`qitong_lesson_player::player::View`, as `<chess-lesson>` has).
//!
//! The markup is the page's (it shows, in Chinese, before the wasm has loaded): the view only
//! writes its texts in the chosen language (each `data-t` names a `Text`) and what the checks
//! find, so the teacher's text, its selection and scroll stay as they are. Every event comes
//! through one kind of listener (`Listener`, with a plain function per event), the file's text
//! too (a `FileReader`'s events): each other kind of callback would cost the module its own glue.
//!
//! A file longer than `BOX_BYTES` is held aside instead of being put into the text box (issue 29:
//! laying out a box of 40,000 lines blocked the page for 1-2 s); a note says so, and its button or
//! a problem's line number puts it in the box. A text that long (held, or pasted into the box) is
//! checked off the page's thread by `www/check-worker.js` (issue 29: reading a 1 MB file took one
//! task of 80-540 ms), which sends back the problems in both languages (`report::Report`); its
//! preview waits for the teacher's "show the lesson", which reads it on the page (the player
//! lives there), in one task, as the button's note says. A worker that fails to load, or does not
//! answer within `FAR_WAIT_MS`, is said with a button that asks again.

use crate::render;
use crate::report::{Offer, Report};
use crate::state::{line_range, line_scroll, preview_lesson, CheckState, Outcome, Preview, BOX_BYTES};
use crate::words::{held, page_title, Text};
use crate::worker;
use crate::Part;
use qitong_lesson_player::player::View as LessonView;
use qitong_lesson_player::state::Mode;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Lesson, LessonError};
use qitong_view::dom::page::{document, page_lang, set_attr, set_page_lang, storage_readable, Listener};
use qitong_view::dom::tree;
use qitong_view::node::el;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    AbortSignal, Document, DragEvent, Element, Event, EventTarget, File, FileReader, HtmlElement, HtmlInputElement, HtmlTextAreaElement,
    ShadowRootInit, ShadowRootMode, Worker,
};

/// How long a check by the worker may take, its loading included, before the page says it did
/// not finish (said in `Text::WorkerSlow`: 20 seconds). A 1 MB file takes under a second.
const FAR_WAIT_MS: u32 = 20_000;

/// The elements of [`Part::ALL`], in its order (all of them: `mount` found each).
struct Parts(Vec<Element>);

impl Parts {
    fn get(&self, part: Part) -> &Element {
        &self.0[part as usize]
    }

    /// `#file-input` or `#file-name` (checked at mount).
    fn input(&self, part: Part) -> &HtmlInputElement {
        self.get(part).unchecked_ref()
    }

    /// `#lesson-text` (checked at mount).
    fn text(&self) -> &HtmlTextAreaElement {
        self.get(Part::Text).unchecked_ref()
    }
}

/// A file being read: its name, and the reader's listeners (replaced by the next file's, so a
/// slow read never overwrites a later file).
struct Reading {
    reader: FileReader,
    name: String,
    _listeners: [Listener; 2],
}

/// A file too long for the text box, checked as read (see the module's header).
struct Held {
    name: String,
    text: String,
    lines: usize,
}

/// What came of the question asked of the worker.
enum Came {
    Waiting,
    Report(Report),
    /// Why not (`Text::WorkerFailed` or `Text::WorkerSlow`).
    Failed(Text),
}

/// The question asked of the worker last: asked again as it was by the retry button.
struct Asked {
    id: u32,
    name: String,
    text: String,
    came: Came,
}

/// The worker (started with the first long text, ended when it fails) and its question. Its
/// listeners are replaced, never dropped, by its handlers: a closure is not dropped while it runs.
#[derive(Default)]
struct Far {
    worker: Option<Worker>,
    listeners: Vec<Listener>,
    /// The question's deadline (an `AbortSignal.timeout`'s `abort`).
    deadline: Option<Listener>,
    last_id: u32,
    asked: Option<Asked>,
}

struct Page {
    doc: Document,
    parts: Parts,
    /// Every element whose whole text is one [`Text`], for a language switch.
    texts: Vec<(Element, Text)>,
    state: RefCell<CheckState>,
    /// The preview's lesson player; replaced by each check (dropping it removes its listeners).
    player: RefCell<Option<Rc<LessonView>>>,
    reading: RefCell<Option<Reading>>,
    held: RefCell<Option<Held>>,
    far: RefCell<Far>,
    listeners: RefCell<Vec<Listener>>,
}

/// The mounted page (it lives as long as the page).
pub struct CheckView;

/// Why the page could not be mounted.
pub enum MountError {
    /// The element lacks this part of `www/check.html`'s markup.
    Markup(&'static str),
    /// The browser refused (there is no document).
    Dom(JsValue),
}

type Handler = fn(&Rc<Page>, &Event);

/// A file dragged over the drop zone: it may be dropped here (and the zone shows it).
const OVER: Handler = |page, event| {
    event.prevent_default();
    let _ = page.parts.get(Part::DropZone).class_list().add_1("over");
};

/// Every event the page answers, on a part or (`None`) the window, as a table: one loop adds them.
const EVENTS: [(Option<Part>, &str, Handler); 14] = [
    (Some(Part::DropZone), "dragenter", OVER),
    (Some(Part::DropZone), "dragover", OVER),
    (Some(Part::DropZone), "dragleave", |page, _| {
        let _ = page.parts.get(Part::DropZone).class_list().remove_1("over");
    }),
    (Some(Part::DropZone), "drop", |page, event| {
        event.prevent_default();
        let _ = page.parts.get(Part::DropZone).class_list().remove_1("over");
        let files = event.dyn_ref::<DragEvent>().and_then(DragEvent::data_transfer).and_then(|d| d.files());
        page.read_file(files.and_then(|f| f.item(0)));
    }),
    // A file dropped next to the zone must not replace the page with the file.
    (None, "dragover", |_, event| event.prevent_default()),
    (None, "drop", |_, event| event.prevent_default()),
    (Some(Part::FileInput), "change", |page, _| page.read_file(page.parts.input(Part::FileInput).files().and_then(|f| f.item(0)))),
    // Checked again after a paste, once the pasted text is in (the input event says so). What is
    // typed or pasted into the box replaces a file held aside.
    (Some(Part::Text), "input", |page, event| {
        page.set_held(None);
        page.far.borrow_mut().asked = None;
        let kind = js_sys::Reflect::get(event, &JsValue::from_str("inputType")).ok().and_then(|k| k.as_string());
        if kind.as_deref() == Some("insertFromPaste") {
            page.check();
        }
    }),
    (Some(Part::CheckButton), "click", |page, _| page.check_and_reveal()),
    (Some(Part::LangSwitch), "click", |page, _| page.switch_language()),
    (Some(Part::OpenHeld), "click", |page, _| page.open_held()),
    (Some(Part::Retry), "click", |page, _| page.ask_far()),
    (Some(Part::ShowPreview), "click", |page, _| page.show_far_preview()),
    // A problem's place button selects its line.
    (Some(Part::Problems), "click", |page, event| {
        let target = event.target().and_then(|t| t.dyn_into::<Element>().ok());
        let line = target.and_then(|t| t.closest("button[data-line]").ok().flatten()).and_then(|b| b.get_attribute("data-line"));
        if let Some(line) = line.and_then(|l| l.parse::<usize>().ok()) {
            page.select_line(line);
        }
    }),
];

/// The elements with a fixed text in `root`: each names its [`Text`] in `data-t`.
fn texts(root: &Element) -> Vec<(Element, Text)> {
    let mut texts = Vec::new();
    let Ok(found) = root.query_selector_all("[data-t]") else { return texts };
    for i in 0..found.length() {
        let Some(element) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else { continue };
        if let Some(text) = element.get_attribute("data-t").and_then(|code| Text::from_key(&code)) {
            texts.push((element, text));
        }
    }
    texts
}

impl CheckView {
    pub fn mount(root: Element) -> Result<(), MountError> {
        let doc = document().ok_or_else(|| MountError::Dom(JsValue::from_str("no document")))?;
        let mut found = Vec::with_capacity(Part::ALL.len());
        for part in Part::ALL {
            match root.query_selector(part.selector()) {
                Ok(Some(element)) => found.push(element),
                _ => return Err(MountError::Markup(part.selector())),
            }
        }
        let parts = Parts(found);
        let typed = parts.get(Part::FileInput).is_instance_of::<HtmlInputElement>()
            && parts.get(Part::FileName).is_instance_of::<HtmlInputElement>()
            && parts.get(Part::Text).is_instance_of::<HtmlTextAreaElement>();
        if !typed {
            return Err(MountError::Markup("#file-input, #file-name (inputs) or #lesson-text (a textarea)"));
        }
        let lang = page_lang();
        // Storage may be blocked or full: the page works all the same and says so under its intro.
        if !(set_page_lang(lang) && storage_readable()) {
            let _ = parts.get(Part::StorageNote).remove_attribute("hidden");
        }
        let page = Rc::new(Page {
            doc,
            parts,
            texts: texts(&root),
            state: RefCell::new(CheckState::new(lang)),
            player: RefCell::new(None),
            reading: RefCell::new(None),
            held: RefCell::new(None),
            far: RefCell::new(Far::default()),
            listeners: RefCell::new(Vec::new()),
        });
        page.listen();
        page.apply_language();
        // The page keeps working after this function returns: its listeners hold it.
        std::mem::forget(page);
        Ok(())
    }
}

impl Page {
    fn lang(&self) -> Lang {
        self.state.borrow().lang
    }

    /// `handler` for `kind` events on `target`, for as long as the page lives.
    fn on(self: &Rc<Self>, target: &EventTarget, kind: &'static str, handler: Handler) -> Listener {
        let weak = Rc::downgrade(self);
        Listener::new(target, kind, move |event| {
            if let Some(page) = weak.upgrade() {
                handler(&page, &event);
            }
        })
    }

    fn listen(self: &Rc<Self>) {
        let window = web_sys::window();
        let mut listeners = Vec::with_capacity(EVENTS.len());
        for (part, kind, handler) in EVENTS {
            let target: &EventTarget = match (part, &window) {
                (Some(part), _) => self.parts.get(part),
                (None, Some(window)) => window,
                (None, None) => continue,
            };
            listeners.push(self.on(target, kind, handler));
        }
        *self.listeners.borrow_mut() = listeners;
    }

    fn switch_language(self: &Rc<Self>) {
        let lang = self.lang().pick(Lang::En, Lang::Zh);
        self.state.borrow_mut().lang = lang;
        if !set_page_lang(lang) {
            let _ = self.parts.get(Part::StorageNote).remove_attribute("hidden");
        }
        self.apply_language();
    }

    /// Writes every text in the current language, then checks again (the problems' words too).
    fn apply_language(self: &Rc<Self>) {
        let lang = self.lang();
        if let Some(html) = self.doc.document_element() {
            set_attr(&html, "lang", lang.tag());
        }
        for (element, text) in &self.texts {
            element.set_text_content(Some(text.text(lang)));
        }
        let switch = self.parts.get(Part::LangSwitch);
        switch.set_text_content(Some(Text::Other.text(lang)));
        set_attr(switch, "lang", lang.pick(Lang::En, Lang::Zh).tag());
        self.doc.set_title(&page_title(lang));
        if let Some(h) = &*self.held.borrow() {
            self.parts.get(Part::HeldText).set_text_content(Some(&held(&h.name, h.text.len(), h.lines, lang)));
        }
        // A check made by the worker is redrawn in the new language, not made again.
        if self.far.borrow().asked.is_some() {
            return self.draw_far();
        }
        self.check();
    }

    /// Checks the text as it is now and shows the outcome (a text too large to check is refused
    /// by its length, before it is copied); a long one is checked by the worker.
    fn check(self: &Rc<Self>) {
        let name = self.parts.input(Part::FileName).value().trim().to_string();
        let text = match &*self.held.borrow() {
            Some(held) => held.text.clone(),
            None => {
                let length = f64::from(self.parts.text().text_length());
                if CheckState::is_too_large(length) {
                    return self.show(CheckState::too_large(length));
                }
                self.parts.text().value()
            }
        };
        if text.len() > BOX_BYTES && !CheckState::is_too_large(text.len() as f64) {
            self.state.borrow_mut().note_checked();
            let mut far = self.far.borrow_mut();
            far.last_id = far.last_id.wrapping_add(1);
            far.asked = Some(Asked { id: far.last_id, name, text, came: Came::Waiting });
            drop(far);
            return self.ask_far();
        }
        let outcome = self.state.borrow_mut().check(&name, &text);
        self.show(outcome);
    }

    fn show(&self, outcome: Outcome) {
        self.far.borrow_mut().asked = None;
        self.draw_result(outcome.summary.class(), &outcome.summary.text(self.lang()), &outcome.problems, false);
        self.clear_preview();
        match outcome.preview {
            Preview::Nothing => {}
            Preview::CourseNote => self.course_note(),
            // A preview that cannot be made (the DOM refused) leaves the box empty.
            Preview::Lesson(file, lesson) => {
                let _ = self.show_preview(&file, lesson);
            }
        }
    }

    /// The summary line, the problem list, and the retry button when `failed`.
    fn draw_result(&self, class: &str, summary: &str, problems: &[crate::state::Shown], failed: bool) {
        let parts = &self.parts;
        parts.get(Part::Problems).set_text_content(None);
        parts.get(Part::Summary).set_class_name(class);
        parts.get(Part::Summary).set_text_content(Some(summary));
        tree::append_all(&self.doc, parts.get(Part::Problems), &render::problem_items(problems));
        show_if(parts.get(Part::Retry), failed);
    }

    /// Empties the preview (the old player goes first: its listeners leave with it).
    fn clear_preview(&self) {
        self.player.borrow_mut().take();
        self.parts.get(Part::Preview).set_text_content(None);
        show_if(self.parts.get(Part::Offer), false);
    }

    fn course_note(&self) {
        tree::append_all(&self.doc, self.parts.get(Part::Preview), &[el("p").class("hint").text(Text::CourseNote.text(self.lang()))]);
    }

    /// Asks the worker (started now if there is none) the question of `far.asked`, with its
    /// deadline, and says that it is checking.
    fn ask_far(self: &Rc<Self>) {
        let mut far = self.far.borrow_mut();
        let Some(asked) = far.asked.as_mut() else { return };
        asked.came = Came::Waiting;
        if far.worker.is_none() {
            match worker::start() {
                Ok(started) => {
                    far.listeners = vec![
                        self.on(&started, "message", |page, event| page.far_answered(event)),
                        self.on(&started, "error", |page, _| page.far_failed(Text::WorkerFailed)),
                    ];
                    far.worker = Some(started);
                }
                Err(_) => {
                    drop(far);
                    return self.far_failed(Text::WorkerFailed);
                }
            }
        }
        let posted = match (&far.worker, &far.asked) {
            (Some(w), Some(a)) => worker::ask(w, a.id, &a.name, &a.text).is_ok(),
            _ => false,
        };
        far.deadline = Some(self.on(&AbortSignal::timeout_with_u32(FAR_WAIT_MS), "abort", |page, _| page.far_failed(Text::WorkerSlow)));
        drop(far);
        self.clear_preview();
        if !posted {
            return self.far_failed(Text::WorkerFailed);
        }
        self.draw_far();
    }

    /// The worker answered: the report of the question still asked is drawn (an earlier one's
    /// is not), or its failure said.
    fn far_answered(&self, event: &Event) {
        let Some((id, report)) = worker::answer(event) else { return };
        let mut far = self.far.borrow_mut();
        let Some(asked) = far.asked.as_mut().filter(|a| a.id == id && matches!(a.came, Came::Waiting)) else { return };
        match report {
            Some(report) => asked.came = Came::Report(report),
            None => {
                drop(far);
                return self.far_failed(Text::WorkerFailed);
            }
        }
        drop(far);
        self.draw_far();
    }

    /// The worker failed (`Text::WorkerFailed`: it will be started again) or did not answer in
    /// time (`Text::WorkerSlow`): a question still waiting says so.
    fn far_failed(&self, why: Text) {
        let mut far = self.far.borrow_mut();
        let Some(asked) = far.asked.as_mut().filter(|a| matches!(a.came, Came::Waiting)) else { return };
        asked.came = Came::Failed(why);
        // A stalled or broken worker is ended; the next question starts another.
        if let Some(ended) = far.worker.take() {
            ended.terminate();
        }
        drop(far);
        self.draw_far();
    }

    /// Draws what came of the worker's question in the page's language; the preview offers the
    /// lesson (or the course file's note) until the teacher shows it.
    fn draw_far(&self) {
        let far = self.far.borrow();
        let Some(asked) = &far.asked else { return };
        let lang = self.lang();
        let offer = match &asked.came {
            Came::Waiting => {
                self.draw_result("summary", Text::Checking.text(lang), &[], false);
                Offer::Nothing
            }
            Came::Failed(why) => {
                self.draw_result("summary bad", why.text(lang), &[], true);
                Offer::Nothing
            }
            Came::Report(report) => {
                let said = report.said(lang);
                self.draw_result(&report.class, &said.summary, &said.problems, false);
                report.offer
            }
        };
        if let Some(player) = &*self.player.borrow() {
            // The lesson shown already follows the page's language.
            if let Some(host) = self.parts.get(Part::Preview).first_element_child() {
                set_attr(&host, "lang", lang.tag());
            }
            player.follow_lang();
            return;
        }
        self.parts.get(Part::Preview).set_text_content(None);
        show_if(self.parts.get(Part::Offer), offer == Offer::Lesson);
        if offer == Offer::CourseNote {
            self.course_note();
        }
    }

    /// "Show the lesson": the long text the worker checked is read here, for the player (one
    /// task, as the button's note says).
    fn show_far_preview(&self) {
        let lesson = self.far.borrow().asked.as_ref().map(|a| preview_lesson(&a.name, &a.text));
        let Some((file, lesson)) = lesson else { return };
        self.clear_preview();
        let _ = self.show_preview(&file, lesson);
    }

    /// The lesson player on the lesson the check read, in a shadow root of its own (as
    /// `<chess-lesson>` has).
    fn show_preview(&self, file: &str, lesson: Result<Lesson, LessonError>) -> Result<(), JsValue> {
        let host: HtmlElement = tree::build(&self.doc, &el("div").class("preview-host"))?.unchecked_into();
        set_attr(&host, "lang", self.lang().tag());
        self.parts.get(Part::Preview).append_child(&host)?;
        let shadow = host.attach_shadow(&ShadowRootInit::new(ShadowRootMode::Open))?;
        let player = LessonView::new(host, shadow, Mode::Lesson)?;
        player.load_parsed(file, lesson);
        *self.player.borrow_mut() = Some(player);
        Ok(())
    }

    /// Checks, and on a narrow screen (the result below the text) scrolls the result into view.
    fn check_and_reveal(self: &Rc<Self>) {
        self.check();
        let Some(window) = web_sys::window() else { return };
        let top = self.parts.get(Part::Summary).get_bounding_client_rect().top();
        let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        if top < 0.0 || top > height - 80.0 {
            self.parts.get(Part::Summary).scroll_into_view_with_bool(true);
        }
    }

    /// Selects line `line` (from 1) of the text, as a click on a problem's place asks.
    fn select_line(&self, line: usize) {
        self.open_held();
        let area = self.parts.text();
        let text = area.value();
        let (start, end) = line_range(&text, line);
        let _ = area.focus();
        let _ = area.set_selection_range(start, end);
        // A textarea does not scroll to a selection by itself.
        area.set_scroll_top(line_scroll(&text, line, f64::from(area.scroll_height())) as i32);
    }

    /// Reads a dropped or picked file (none: nothing to do), then checks it under its name.
    fn read_file(self: &Rc<Self>, file: Option<File>) {
        let Some(file) = file else { return };
        // A file too large to check is refused by its size, unread (issue 29: a 3.2 MB file
        // blocked the page for minutes).
        if CheckState::is_too_large(file.size()) {
            *self.reading.borrow_mut() = None;
            self.set_held(None);
            self.parts.text().set_value("");
            self.parts.input(Part::FileName).set_value(&file.name());
            return self.show(CheckState::too_large(file.size()));
        }
        let Ok(reader) = FileReader::new() else { return self.file_failed() };
        let listeners = [self.on(&reader, "load", Page::file_read), self.on(&reader, "error", |page, _| page.file_failed())];
        if reader.read_as_text(&file).is_err() {
            return self.file_failed();
        }
        *self.reading.borrow_mut() = Some(Reading { reader, name: file.name(), _listeners: listeners });
    }

    fn file_read(self: &Rc<Self>, _: &Event) {
        let read = self.reading.borrow().as_ref().map(|r| (r.name.clone(), r.reader.result().ok().and_then(|t| t.as_string())));
        let Some((name, Some(text))) = read else { return self.file_failed() };
        self.parts.input(Part::FileName).set_value(&name);
        if text.len() > BOX_BYTES {
            self.parts.text().set_value("");
            self.set_held(Some(Held { lines: text.lines().count(), name, text }));
        } else {
            self.set_held(None);
            self.parts.text().set_value(&text);
            self.parts.text().set_scroll_top(0);
        }
        self.check_and_reveal();
    }

    fn file_failed(&self) {
        self.set_held(None);
        self.parts.text().set_value("");
        self.show(CheckState::unreadable());
    }

    /// Holds `file` aside (its note shown) or, with `None`, lets the text box be what is checked.
    fn set_held(&self, file: Option<Held>) {
        let note = self.parts.get(Part::Held);
        match &file {
            Some(h) => {
                self.parts.get(Part::HeldText).set_text_content(Some(&held(&h.name, h.text.len(), h.lines, self.lang())));
                let _ = note.remove_attribute("hidden");
            }
            None => set_attr(note, "hidden", ""),
        }
        *self.held.borrow_mut() = file;
    }

    /// Puts the file held aside into the text box, as the teacher asked (the slow layout, once).
    fn open_held(&self) {
        let Some(file) = self.held.borrow_mut().take() else { return };
        self.set_held(None);
        self.parts.text().set_value(&file.text);
        self.parts.text().set_scroll_top(0);
    }
}

/// Shows `element` (`hidden` removed) or hides it.
fn show_if(element: &Element, shown: bool) {
    if shown {
        let _ = element.remove_attribute("hidden");
    } else {
        set_attr(element, "hidden", "");
    }
}
