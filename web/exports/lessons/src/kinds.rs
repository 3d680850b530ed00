//! The step kinds the module's player plays, which its start chooses ([`play`]: every kind, or
//! the basics alone): a `#[wasm_bindgen]` struct cannot be generic, so `LessonPlayer` holds the
//! player of those kinds (`View<K>`) as a [`Shown`], and its static methods reach the course
//! reader of those kinds through [`Kinds`]' functions. A module names one kind set, so it links
//! one player, one loader and the kinds of that set alone (issue 30: not a cargo feature).

use qitong::lessons::{Course, KindSet};
use qitong::ui::lesson::action::Action;
use qitong::ui::lesson::player::View;
use qitong::ui::lesson::state::Mode;
use qitong_exports::course::{course_from_files, course_from_index, listed};
use std::rc::Rc;
use std::sync::OnceLock;
use wasm_bindgen::JsValue;
use web_sys::{HtmlElement, ShadowRoot};

/// What `LessonPlayer` asks of its player, whatever kinds it plays.
pub trait Shown {
    /// `loadCourse`: the course from its fetched files, shown at `lesson` when given.
    fn load_course(&self, course: Option<String>, names: &[JsValue], texts: &[JsValue], lesson: Option<String>, partial: bool);
    /// `loadIndex`: the course from its index and the files fetched with it.
    fn load_index(&self, index: Option<String>, names: &[JsValue], texts: &[JsValue], lesson: Option<String>);
    /// `addLesson`.
    fn lesson_arrived(&self, file: &str, text: Option<&str>);
    /// `loadLesson`.
    fn load_lesson(&self, file: &str, text: Option<&str>, step: Option<usize>);
    /// `setComputer`: whether `computer` is one.
    fn set_computer(&self, computer: &JsValue) -> bool;
    /// `setPresent`.
    fn set_present(&self, on: bool);
    /// `followLang`.
    fn follow_lang(&self);
    /// `act`.
    fn act(&self, action: Action, value: Option<&str>);
}

impl<K: KindSet> Shown for View<K> {
    fn load_course(&self, course: Option<String>, names: &[JsValue], texts: &[JsValue], lesson: Option<String>, partial: bool) {
        let loaded = course_from_files(course, names, texts, self.state.borrow().lang);
        show(self, loaded, lesson, partial);
    }

    fn load_index(&self, index: Option<String>, names: &[JsValue], texts: &[JsValue], lesson: Option<String>) {
        let loaded = course_from_index(index, names, texts, self.state.borrow().lang);
        show(self, loaded, lesson, false);
    }

    fn lesson_arrived(&self, file: &str, text: Option<&str>) {
        View::lesson_arrived(self, file, text);
    }

    fn load_lesson(&self, file: &str, text: Option<&str>, step: Option<usize>) {
        View::load_lesson(self, file, text, step);
    }

    fn set_computer(&self, computer: &JsValue) -> bool {
        View::set_computer(self, computer)
    }

    fn set_present(&self, on: bool) {
        View::set_present(self, on);
    }

    fn follow_lang(&self) {
        View::follow_lang(self);
    }

    fn act(&self, action: Action, value: Option<&str>) {
        View::act(self, action, value);
    }
}

/// Shows the course (at `lesson`, `stage/id`, when given: only that lesson).
fn show<K: KindSet>(view: &View<K>, loaded: Result<Course<K>, String>, lesson: Option<String>, partial: bool) {
    let place = match (&loaded, lesson.as_deref().and_then(|l| l.split_once('/'))) {
        (Ok(c), Some((stage, id))) => c.stages.iter().enumerate().find_map(|(si, s)| {
            let li = s.lessons.iter().position(|l| l.id == id)?;
            (s.id == stage).then_some((si, li, 0))
        }),
        _ => None,
    };
    let wanted_missing = lesson.is_some() && place.is_none();
    let loaded = match loaded {
        Ok(_) if wanted_missing => Err(format!("{}: {}", lesson.unwrap_or_default(), "not in course.toml")),
        other => other,
    };
    view.set_course(loaded, place.or(Some((0, 0, 0))), partial);
}

/// Makes a player in an element's shadow root.
type NewPlayer = fn(HtmlElement, ShadowRoot, Mode) -> Result<Rc<dyn Shown>, JsValue>;

/// The player and course reader of the kinds the module chose, as functions (each made for that
/// one kind set).
#[derive(Clone, Copy)]
pub struct Kinds {
    /// A player in an element's shadow root.
    pub new: NewPlayer,
    /// The lesson files a course text lists, and whether its stages open by stars.
    pub listed: fn(&str) -> (Vec<String>, bool),
    /// The lesson files to fetch with a course index for a target (`Course::index_needs`).
    pub index_needs: fn(&str, &str) -> Vec<String>,
}

/// The kinds the module chose at its start.
static CHOSEN: OnceLock<Kinds> = OnceLock::new();

/// Sets the kinds the module's lesson players play, once: its start calls it with
/// `qitong::lessons::Every` or `qitong::lessons::Basics` (`web/modules/*`).
pub fn play<K: KindSet>() {
    let _ = CHOSEN.set(Kinds { new: new_player::<K>, listed: listed::<K>, index_needs: index_needs::<K> });
}

/// The kinds the module chose, or why there are none (its start did not choose).
pub fn chosen() -> Result<Kinds, JsValue> {
    CHOSEN.get().copied().ok_or_else(|| JsValue::from_str("this module chose no lesson kinds (qitong_lesson_element::play)"))
}

fn new_player<K: KindSet>(host: HtmlElement, root: ShadowRoot, mode: Mode) -> Result<Rc<dyn Shown>, JsValue> {
    let view: Rc<View<K>> = View::new(host, root, mode)?;
    Ok(view)
}

fn index_needs<K: KindSet>(index: &str, target: &str) -> Vec<String> {
    let course = Course::<K>::load_indexed(index, |_| None, qitong::lesson_form::READ, qitong::lesson_form::problems_kept());
    course.map(|c| c.index_needs(target)).unwrap_or_default()
}
