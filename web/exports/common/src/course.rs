//! The course texts that the page scripts fetch, read for the lesson player (`LessonPlayer`) and
//! the home page (`mountHome`), which are in different modules (`lessons`, `home`), each course
//! of the step kinds `K` its module plays (`qitong_lessons::KindSet`: every kind, or the basics).

use crate::args;
use crate::error::{ApiError, ErrorCode};
use qitong::lang::Lang;
use qitong::lesson_form::{problems_kept, READ};
use qitong::lessons::{Course, KindSet, COURSE_FILE, MAX_FILE_BYTES};
use std::cell::RefCell;
use wasm_bindgen::JsValue;

/// The course from the fetched texts (`course.toml`, then the files it names: null where a file
/// could not be fetched), or its errors as lines in `lang`: the lesson player's `loadCourse` (the
/// home page's module reads the index alone).
pub fn course_from_files<K: KindSet>(course: Option<String>, names: &[JsValue], texts: &[JsValue], lang: Lang) -> Result<Course<K>, String> {
    let files = fetched(names, texts);
    let loaded = Course::load_with(|name| if name == COURSE_FILE { course.clone() } else { text_of(&files, name) }, READ, problems_kept());
    loaded.map_err(|e| qitong::lesson_form::problems(&e, lang).collect::<Vec<_>>().join("\n"))
}

/// The course from its index (null when it could not be fetched) and the lesson files fetched
/// with it, as [`course_from_files`]: a damaged index (cut short, empty, an HTML error page, JSON
/// of another shape) is said to be the site's compiled copy, with the fix (issue 29 §10). Only the modules of the site's own pages read an index (a
/// class site's TOML course has none), so the others leave this out.
pub fn course_from_index<K: KindSet>(index: Option<String>, names: &[JsValue], texts: &[JsValue], lang: Lang) -> Result<Course<K>, String> {
    use qitong::lessons::{ErrorKind, LessonError, ValidationError, INDEX_FILE};
    let files = fetched(names, texts);
    let loaded = match index {
        Some(index) => Course::load_indexed(&index, |name| text_of(&files, name), READ, problems_kept()),
        None => Err(LessonError { errors: vec![ValidationError::new(INDEX_FILE, 0, None, ErrorKind::FileMissing { path: INDEX_FILE.into() })] }),
    };
    loaded.map_err(|e| qitong::lesson_form::problems(&e, lang).collect::<Vec<_>>().join("\n"))
}

/// The fetched files by name (texts null where a file could not be fetched).
fn fetched(names: &[JsValue], texts: &[JsValue]) -> Vec<(String, Option<String>)> {
    names.iter().zip(texts).filter_map(|(n, t)| Some((n.as_string()?, file_text(t)))).collect()
}

/// A fetched file's text (None: not a string) as the readers take it: a string longer than
/// they read (`MAX_FILE_BYTES`, 1 MB) is cut to one unit past that before it is copied into the
/// wasm, so that a huge file costs 1 MB (256 MB trapped the module, issue 29 §8) and the reader
/// still refuses it, by its length, as too large (a UTF-16 unit is at least one byte of UTF-8).
pub fn file_text(v: &JsValue) -> Option<String> {
    let text = wasm_bindgen::JsCast::dyn_ref::<js_sys::JsString>(v)?;
    let cut = MAX_FILE_BYTES as u32 + 1;
    if text.length() > cut {
        text.slice(0, cut).as_string()
    } else {
        text.as_string()
    }
}

/// A text the export only reads (a course file for its list of files, a lesson to check): one
/// over `MAX_FILE_BYTES` throws `TOO_LARGE` before more than that is copied.
pub fn read_text(v: &JsValue, name: &str) -> Result<String, ApiError> {
    match file_text(v) {
        Some(text) if text.len() <= MAX_FILE_BYTES => Ok(text),
        Some(_) => {
            Err(ApiError::new(ErrorCode::TooLarge, format!("{name} is over 1 MiB (1,048,576 bytes of UTF-8): too large for a lesson or course file")))
        }
        None => Err(ApiError::wrong_type(format!("{name} must be a string"))),
    }
}
fn text_of(files: &[(String, Option<String>)], name: &str) -> Option<String> {
    files.iter().find(|(n, _)| n == name).and_then(|(_, t)| t.clone())
}

/// A course's texts as JS hands them over: the course file, the file names and their texts.
pub type CourseTexts = (Option<String>, Vec<JsValue>, Vec<JsValue>);

/// The course texts of `loadCourse` and `mountHome`: the course file (a string or null), the
/// file names (strings) and their texts (strings, or null for a file that could not be fetched).
pub fn course_args(course: &JsValue, names: &JsValue, texts: &JsValue) -> Result<CourseTexts, ApiError> {
    if !args::absent(course) && course.as_string().is_none() {
        return Err(ApiError::wrong_type("courseText must be a string or null"));
    }
    let course = file_text(course);
    let (names, texts) = (args::array(names, "names")?, args::array(texts, "texts")?);
    if let Some(bad) = names.iter().position(|n| n.as_string().is_none()) {
        return Err(ApiError::wrong_type(format!("names[{bad}] must be a string")));
    }
    if let Some(bad) = texts.iter().position(|t| !args::absent(t) && t.as_string().is_none()) {
        return Err(ApiError::wrong_type(format!("texts[{bad}] must be a string or null")));
    }
    Ok((course, names, texts))
}

/// `courseFiles(courseText)` of both modules: the lesson files the course text lists.
pub fn course_files<K: KindSet>(course: &JsValue) -> Result<js_sys::Array, JsValue> {
    Ok(files_of::<K>(&read_text(course, "courseText")?))
}

/// The lesson files that `course` names.
pub fn files_of<K: KindSet>(course: &str) -> js_sys::Array {
    js_array(listed::<K>(course).0)
}

/// The lesson files that `course` names, and whether its stages open by stars (one reading of
/// the course file for both).
pub fn listed<K: KindSet>(course: &str) -> (Vec<String>, bool) {
    let asked = RefCell::new(Vec::new());
    let loaded = Course::<K>::load_with(
        |name| {
            if name == COURSE_FILE {
                Some(course.to_owned())
            } else {
                asked.borrow_mut().push(name.to_owned());
                None
            }
        },
        READ,
        problems_kept(),
    );
    (asked.into_inner(), loaded.is_ok_and(|c| c.gate_stages))
}

/// `names` as a JS array of strings.
pub fn js_array(names: Vec<String>) -> js_sys::Array {
    names.iter().map(|n| JsValue::from_str(n)).collect()
}
