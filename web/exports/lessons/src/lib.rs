//! `LessonPlayer`: the Rust side of `<chess-lesson>` and `<chess-quiz>`. The element shells in
//! `www/qitong-elements.js` fetch the files (the course file first, then the lessons it names)
//! and hand them over; everything else is `qitong_lesson_player::player`'s, of the step kinds the
//! module chose at its start ([`play`], `kinds.rs`).
#![cfg(target_arch = "wasm32")]

mod kinds;

pub use kinds::play;
/// The kind sets a module chooses from (`play::<Every>()` or `play::<Basics>()`).
pub use qitong::lessons::{Basics, Every};

use kinds::{chosen, Shown};
use qitong::ui::lesson::action::ParseActionError;
use qitong::ui::lesson::state::Mode;
use qitong_exports::args;
use qitong_exports::course::{course_args, file_text, js_array, read_text};
use qitong_exports::{ApiError, ErrorCode};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, ShadowRoot};

/// One lesson player element's Rust half.
#[wasm_bindgen]
pub struct LessonPlayer {
    view: Rc<dyn Shown>,
}

#[wasm_bindgen]
impl LessonPlayer {
    /// Starts the player in `root` (the host's shadow root). `mode`: `course` (the stage map and
    /// deep links), `lesson` (one lesson) or `step` (one step: `<chess-quiz>`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "HTMLElement")] host: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "ShadowRoot")] root: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] mode: &JsValue,
    ) -> Result<LessonPlayer, JsValue> {
        let host: HtmlElement = args::element(host, "LessonPlayer's host (its element)")?;
        let root: ShadowRoot = args::element(root, "LessonPlayer's root (the element's shadow root)")?;
        let mode = match args::opt_string(mode, "mode")?.as_deref() {
            None | Some("course") => Mode::Course,
            Some("lesson") => Mode::Lesson,
            Some("step") => Mode::Step,
            Some(other) => return Err(ApiError::new(ErrorCode::InvalidArgument, format!("mode '{other}': use course, lesson or step")).into()),
        };
        Ok(LessonPlayer { view: (chosen()?.new)(host, root, mode)? })
    }

    /// `courseFiles(courseText)`: the lesson files `course.toml` lists (`stage/lesson.toml`),
    /// to be fetched and passed to `loadCourse`.
    #[wasm_bindgen(js_name = courseFiles)]
    pub fn course_files(#[wasm_bindgen(unchecked_param_type = "string")] course: &JsValue) -> Result<js_sys::Array, JsValue> {
        let listed = chosen()?.listed;
        Ok(js_array(listed(&read_text(course, "courseText")?).0))
    }

    /// `firstFiles(courseText, target)`: the lesson files to fetch before the player can start.
    /// `target` is a lesson (`stage/id`) or a deep link (`#/stage/id/step`): when it names a lesson
    /// of an ungated course, only that lesson's file, so the first lesson page downloads one
    /// lesson and not the whole course; otherwise every file (the map needs them all).
    #[wasm_bindgen(js_name = firstFiles)]
    pub fn first_files(
        #[wasm_bindgen(unchecked_param_type = "string")] course: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] target: &JsValue,
    ) -> Result<js_sys::Array, JsValue> {
        let (course, target) = (read_text(course, "courseText")?, read_text(target, "target")?);
        Ok(Self::first_of(&course, &target, chosen()?.listed))
    }

    fn first_of(course: &str, target: &str, listed: fn(&str) -> (Vec<String>, bool)) -> js_sys::Array {
        let (all, gated) = listed(course);
        let mut parts = target.trim_start_matches('#').trim_start_matches('/').split('/');
        let wanted = match (parts.next(), parts.next()) {
            (Some(stage), Some(id)) if !stage.is_empty() && !id.is_empty() => format!("{stage}/{id}.toml"),
            _ => return js_array(all),
        };
        if gated || !all.contains(&wanted) {
            return js_array(all);
        }
        js_array(vec![wanted])
    }

    /// `loadCourse(courseText, names, texts, lesson?, partial?)`: the course file's text (null when
    /// it could not be fetched), the lesson files and their texts (null for a file that could not
    /// be fetched). `lesson` (`stage/id`) shows only that lesson. `partial`: only `firstFiles` were
    /// fetched; the player fires `need-course` when it needs the others.
    #[wasm_bindgen(js_name = loadCourse)]
    pub fn load_course(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] course: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[]")] names: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "(string | null)[]")] texts: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] lesson: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean")] partial: &JsValue,
    ) -> Result<(), JsValue> {
        let (course, names, texts) = course_args(course, names, texts)?;
        let (lesson, partial) = (args::opt_string(lesson, "lesson")?, args::opt_bool(partial, "partial", false)?);
        self.view.load_course(course, &names, &texts, lesson, partial);
        Ok(())
    }
}

/// The course index (`www/qitong-lesson-elements.js` reads it on the site's own pages, which load
/// the compiled modules; a class site's TOML course has none). In every module with the player: a
/// method belongs to its class's crate, and a module leaves out only whole crates.
#[wasm_bindgen]
impl LessonPlayer {
    /// `indexFiles(indexText, target)`: the lesson files to fetch with the course index
    /// (`lessons/course-index.json`) before the player can start: `target`'s (a lesson `stage/id`
    /// or a deep link `#/stage/id/step`, else none) and any the index could not outline (a
    /// broken lesson, whose errors the map shows). The others are fetched when opened.
    #[wasm_bindgen(js_name = indexFiles)]
    pub fn index_files(
        #[wasm_bindgen(unchecked_param_type = "string")] index: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] target: &JsValue,
    ) -> Result<js_sys::Array, JsValue> {
        let (index, target) = (read_text(index, "indexText")?, read_text(target, "target")?);
        let index_needs = chosen()?.index_needs;
        Ok(js_array(index_needs(&index, &target)))
    }

    /// `loadIndex(indexText, names, texts, lesson?)`: as `loadCourse`, from the course index (null
    /// when it could not be fetched) and the files `indexFiles` named. Opening a lesson known by
    /// the index alone fires `need-lesson` (`detail`: its file, `stage/id.toml`); answer with
    /// `addLesson`.
    #[wasm_bindgen(js_name = loadIndex)]
    pub fn load_index(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] index: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[]")] names: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "(string | null)[]")] texts: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] lesson: &JsValue,
    ) -> Result<(), JsValue> {
        let (index, names, texts) = course_args(index, names, texts)?;
        let lesson = args::opt_string(lesson, "lesson")?;
        self.view.load_index(index, &names, &texts, lesson);
        Ok(())
    }

    /// `addLesson(file, text)`: the file `need-lesson` asked for (`text` null when it could not
    /// be fetched); the player goes on to the place the address names.
    #[wasm_bindgen(js_name = addLesson)]
    pub fn add_lesson(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] file: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] text: &JsValue,
    ) -> Result<(), JsValue> {
        let (file, text) = (args::string(file, "file")?, args::opt_string_ref(text, "text")?);
        self.view.lesson_arrived(&file, text.and_then(file_text).as_deref());
        Ok(())
    }
}

#[wasm_bindgen]
impl LessonPlayer {
    /// `loadLesson(file, text, step?)`: one lesson file (`src=`); text null when it could not be
    /// fetched. `step` (from 1) shows only that step.
    #[wasm_bindgen(js_name = loadLesson)]
    pub fn load_lesson(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] file: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] text: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] step: &JsValue,
    ) -> Result<(), JsValue> {
        let (file, text) = (args::string(file, "file")?, args::opt_string_ref(text, "text")?);
        let step = args::opt_u32_in(step, "step", 0..=100_000)?;
        let text = text.and_then(file_text);
        self.view.load_lesson(&file, text.as_deref(), step.map(|s| s as usize));
        Ok(())
    }

    /// `setComputer(computer)`: the computer opponent of vs-computer steps, an object
    /// `{ computerMove(fen, options) }` (`www/qitong-computer.js`'s function, or one that imports it
    /// when first asked; each question carries its own `signal`). Throws INVALID_ARGUMENT for
    /// anything else.
    #[wasm_bindgen(js_name = setComputer)]
    pub fn set_computer(
        &self,
        #[wasm_bindgen(unchecked_param_type = "{ computerMove(fen: string, options: object): Promise<{ uci: string, san: string }> }")]
        computer: &JsValue,
    ) -> Result<(), JsValue> {
        if self.view.set_computer(computer) {
            Ok(())
        } else {
            Err(ApiError::new(ErrorCode::InvalidArgument, "computer: an object with the function computerMove").into())
        }
    }

    /// `setPresent(on)`: projector mode on or off (the element's `present` attribute).
    #[wasm_bindgen(js_name = setPresent)]
    pub fn set_present(&self, #[wasm_bindgen(unchecked_param_type = "boolean")] on: &JsValue) -> Result<(), JsValue> {
        self.view.set_present(args::boolean(on, "on")?);
        Ok(())
    }

    /// `followLang()`: the page's (or an ancestor's) `lang` changed; the player follows it unless
    /// its element has its own `lang`.
    #[wasm_bindgen(js_name = followLang)]
    pub fn follow_lang(&self) {
        self.view.follow_lang();
    }

    /// `act(action)`: what a button does (for tests and page scripts), e.g. `next`, `sq:e4`.
    pub fn act(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] action: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] value: &JsValue,
    ) -> Result<(), JsValue> {
        let (action, value) = (args::string(action, "action")?, args::opt_string(value, "value")?);
        let action = action.parse().map_err(|e: ParseActionError| ApiError::new(ErrorCode::InvalidArgument, e.to_string()))?;
        self.view.act(action, value.as_deref());
        Ok(())
    }
}
