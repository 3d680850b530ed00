//! The "check my lesson" page's exports (in the teacher module): `checkLesson` and
//! `checkCourse` run the same validator as `cargo xtask lessons` on a text the teacher dropped
//! or pasted, and give each problem with its line, step and message in zh-CN or English (the
//! page itself, `mountCheck`, calls the same `qitong_check_page::state` functions).

use qitong_check_page::report::Report;
use qitong_check_page::state::{course_problems, lesson_problems};
use qitong_exports::convert::{object, parse_lang};
use qitong_exports::course::read_text;
use qitong_lessons::lang::Lang;
use qitong_lessons::ValidationError;
use wasm_bindgen::prelude::*;

/// One problem as JavaScript sees it: `{ line, step, message, located }`, line and step null
/// when unknown; `located` is the line `cargo xtask lessons` prints (without `lessons/`).
fn problem(error: &ValidationError, lang: Lang) -> JsValue {
    let number = |n: Option<usize>| n.map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64));
    object(&[
        ("line", number(Some(error.line).filter(|line| *line > 0))),
        ("step", number(error.step)),
        ("message", error.message(lang).into()),
        ("located", error.located(lang).into()),
    ])
}

fn problems(errors: &[ValidationError], lang: Lang) -> js_sys::Array {
    errors.iter().map(|e| problem(e, lang)).collect()
}

/// `checkLesson(fileName, text, lang?)`: every problem in a lesson file, as an array of
/// `{ line, step, message, located }` in `lang` (`zh-CN`, default, or `en`); empty when the
/// lesson is fine. `fileName` (may be empty for pasted text) is compared with the lesson's `id`.
/// At most 100 problems, then one (line null) saying how many more; a text over 1 MB
/// (`MAX_FILE_BYTES`) or a name over 4,096 bytes throws `TOO_LARGE` before it is copied.
#[wasm_bindgen(js_name = checkLesson)]
pub fn check_lesson(
    #[wasm_bindgen(unchecked_param_type = "string")] file_name: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] lang: &JsValue,
) -> Result<js_sys::Array, JsValue> {
    let (file_name, text) = (qitong_exports::args::string_at_most(file_name, "fileName", 4096)?, read_text(text, "text")?);
    let lang = parse_lang(lang)?;
    Ok(problems(&lesson_problems(&file_name, &text).0, lang))
}

/// `checkReport(fileName, text)`: check.html's own check of a long text, run by
/// `www/check-worker.js` off the page's thread: the summary and the problems in both languages,
/// as one string that the page reads back (`qitong_check_page::report`; not an API for other
/// scripts, which use `checkLesson`). `TOO_LARGE` as `checkLesson`.
#[wasm_bindgen(js_name = checkReport)]
pub fn check_report(
    #[wasm_bindgen(unchecked_param_type = "string")] file_name: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
) -> Result<String, JsValue> {
    let (file_name, text) = (qitong_exports::args::string_at_most(file_name, "fileName", 4096)?, read_text(text, "text")?);
    Ok(Report::of(&file_name, &text).encode())
}

/// `checkCourse(text, lang?)`: the problems of a `course.toml` text, like `checkLesson` (and
/// `TOO_LARGE` over 1 MB).
#[wasm_bindgen(js_name = checkCourse)]
pub fn check_course(
    #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] lang: &JsValue,
) -> Result<js_sys::Array, JsValue> {
    let text = read_text(text, "text")?;
    let lang = parse_lang(lang)?;
    Ok(problems(&course_problems(&text), lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    const BAD_FEN: &str =
        "title = { zh = \"星星\", en = \"Stars\" }\n\n[[step]]\nkind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R6\"\nstars = [\"a5\"]\n";

    fn field(value: &JsValue, key: &str) -> JsValue {
        js_sys::Reflect::get(value, &key.into()).unwrap_or(JsValue::UNDEFINED)
    }

    #[wasm_bindgen_test]
    fn a_problem_has_its_line_step_and_message_in_either_language() {
        let found = check_lesson(&"bad-fen.toml".into(), &BAD_FEN.into(), &"en".into()).expect("checked");
        assert_eq!(found.length(), 1);
        let first = found.get(0);
        assert_eq!(field(&first, "line").as_f64(), Some(6.0));
        assert_eq!(field(&first, "step").as_f64(), Some(1.0));
        let message = field(&first, "message").as_string().unwrap_or_default();
        assert!(message.starts_with("the position is wrong"), "{message}");
        assert_eq!(field(&first, "located").as_string().unwrap_or_default(), format!("bad-fen.toml:6: step 1: {message}"));
        let zh = check_lesson(&"bad-fen.toml".into(), &BAD_FEN.into(), &JsValue::UNDEFINED).expect("checked").get(0);
        assert!(field(&zh, "message").as_string().unwrap_or_default().chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)));
    }
}
