//! The JavaScript API as JavaScript sees it: values and errors crossing the boundary.
//! Runs in Node and in headless Chromium (`cargo xtask test`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Error, Reflect};
use qitong_app_api::{board_pieces, level_of, mount_board, points_after_game_js, JsClassGame};
use qitong_exports::ErrorCode;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// The `code` and `message` of a thrown JS `Error`.
fn code_and_message(thrown: JsValue) -> (String, String) {
    let error = thrown.dyn_into::<Error>().expect("a JS Error");
    let code = Reflect::get(&error, &JsValue::from_str("code")).ok().and_then(|c| c.as_string()).unwrap_or_default();
    (code, String::from(error.message()))
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("an object")
}

#[wasm_bindgen_test]
fn board_pieces_lists_the_start_position_a1_first() {
    let pieces = Array::from(&board_pieces(&JsValue::UNDEFINED).expect("the start position"));
    assert_eq!(pieces.length(), 32);
    let first = pieces.get(0);
    assert_eq!(get(&first, "square").as_string().as_deref(), Some("a1"));
    assert_eq!(get(&first, "piece").as_string().as_deref(), Some("R"));
    let last = pieces.get(31);
    assert_eq!(get(&last, "square").as_string().as_deref(), Some("h8"));
    assert_eq!(get(&last, "piece").as_string().as_deref(), Some("r"));
}

#[wasm_bindgen_test]
fn board_pieces_reads_a_placement() {
    let pieces = Array::from(&board_pieces(&JsValue::from("8/8/8/8/4k3/8/8/4K3")).expect("a valid placement"));
    assert_eq!(pieces.length(), 2);
    assert_eq!(get(&pieces.get(1), "square").as_string().as_deref(), Some("e4"));
}

#[wasm_bindgen_test]
fn garbage_placement_throws_invalid_fen() {
    for garbage in ["", "garbage", "8/8/8", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR", "ß/💥"] {
        let (code, message) = code_and_message(board_pieces(&JsValue::from(garbage)).expect_err(garbage));
        assert_eq!(code, "INVALID_FEN", "{garbage}");
        assert!(message.starts_with("invalid FEN placement: "), "{garbage}: {message}");
    }
}

#[wasm_bindgen_test]
fn mount_board_checks_the_placement_before_the_element() {
    let (code, _) = code_and_message(mount_board(&JsValue::NULL, &JsValue::from("nonsense")).expect_err("bad FEN"));
    assert_eq!(code, "INVALID_FEN");
}

#[wasm_bindgen_test]
fn mount_board_needs_an_element() {
    for not_an_element in [JsValue::NULL, JsValue::UNDEFINED, JsValue::from(42), JsValue::from_str("#board")] {
        let (code, message) = code_and_message(mount_board(&JsValue::from(not_an_element), &JsValue::UNDEFINED).expect_err("not an element"));
        assert_eq!(code, "NOT_AN_ELEMENT");
        assert!(message.contains("DOM element"), "{message}");
    }
}

/// The codes in docs/api.md's "Error codes" table, in its order.
fn readme_codes() -> Vec<String> {
    let readme = include_str!("../../../../docs/api.md");
    let section = readme.split("\n## Error codes\n").nth(1).expect("docs/api.md has an Error codes section");
    let section = section.split("\n#").next().unwrap_or_default();
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `")?.split_once("` |").map(|(code, _)| code.to_string()))
        .filter(|code| code.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        .collect()
}

#[wasm_bindgen_test]
fn the_readme_lists_every_error_code_and_no_other() {
    let documented = readme_codes();
    let thrown: Vec<String> = ErrorCode::ALL.iter().map(|c| c.as_str().to_string()).collect();
    assert_eq!(documented, thrown, "docs/api.md's Error codes table must list ErrorCode::ALL, in its order");
}

/// The thrown value's JS class name (`TypeError`, `Error`) and its `code`.
fn class_and_code(thrown: JsValue) -> (String, String) {
    let class = Reflect::get(&thrown, &JsValue::from_str("constructor"))
        .and_then(|c| Reflect::get(&c, &JsValue::from_str("name")))
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    (class, code_and_message(thrown).0)
}

#[wasm_bindgen_test]
fn arguments_are_checked_not_coerced() {
    let type_error = ("TypeError".to_string(), "INVALID_ARGUMENT".to_string());
    let range_error = ("Error".to_string(), "INVALID_ARGUMENT".to_string());
    let level = |points: JsValue, games: JsValue| level_of(&points, &games, &JsValue::UNDEFINED);
    // `-1` games was 4,294,967,295 and `2**32 + 5` was 5: both are refused now.
    for games in [-1.0, 4_294_967_301.0, 0.5, f64::NAN, f64::INFINITY] {
        assert_eq!(class_and_code(level(100.0.into(), games.into()).expect_err("bad games")), range_error, "{games}");
    }
    assert_eq!(class_and_code(level(100.0.into(), "10".into()).expect_err("a string")), type_error);
    assert!(level(100.0.into(), 10.0.into()).is_ok());
    // `null` was a loss.
    let null_score = points_after_game_js(&100.0.into(), &150.0.into(), &JsValue::NULL).expect_err("null");
    assert_eq!(class_and_code(null_score), type_error);
    // A number for a FEN was the start position.
    assert_eq!(class_and_code(board_pieces(&42.into()).expect_err("a number")), type_error);
    let huge = js_sys::Object::new();
    Reflect::set(&huge, &"length".into(), &3e9.into()).expect("set");
    assert_eq!(class_and_code(board_pieces(&huge.into()).expect_err("an object")), type_error);
    // Options that are not an object are refused, not ignored.
    for options in [JsValue::from_str("clock"), JsValue::from(5)] {
        let refused = JsClassGame::new(&JsValue::UNDEFINED, &options, &JsValue::UNDEFINED).err().expect("not options");
        assert_eq!(class_and_code(refused), type_error);
    }
}

#[wasm_bindgen_test]
fn a_message_names_the_argument() {
    let (_, message) = code_and_message(level_of(&100.0.into(), &(-1.0).into(), &JsValue::UNDEFINED).expect_err("bad"));
    assert!(message.contains("games"), "{message}");
    let (_, message) = code_and_message(points_after_game_js(&100.0.into(), &"x".into(), &1.0.into()).expect_err("bad"));
    assert!(message.starts_with("b "), "{message}");
}
