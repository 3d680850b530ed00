//! The JavaScript API as JavaScript sees it: values and errors crossing the boundary.
//! Runs in Node and in headless Chromium (`cargo xtask test`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Error, Reflect};
use qitong::wasm::{board_pieces, mount_board};
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
    let pieces = Array::from(&board_pieces(None).expect("the start position"));
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
    let pieces = Array::from(&board_pieces(Some("8/8/8/8/4k3/8/8/4K3".into())).expect("a valid placement"));
    assert_eq!(pieces.length(), 2);
    assert_eq!(get(&pieces.get(1), "square").as_string().as_deref(), Some("e4"));
}

#[wasm_bindgen_test]
fn garbage_placement_throws_invalid_fen() {
    for garbage in ["", "garbage", "8/8/8", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR", "ß/💥"] {
        let (code, message) = code_and_message(board_pieces(Some(garbage.into())).expect_err(garbage));
        assert_eq!(code, "INVALID_FEN", "{garbage}");
        assert!(message.starts_with("invalid FEN placement: "), "{garbage}: {message}");
    }
}

#[wasm_bindgen_test]
fn mount_board_checks_the_placement_before_the_element() {
    let (code, _) = code_and_message(mount_board(JsValue::NULL, Some("nonsense".into())).expect_err("bad FEN"));
    assert_eq!(code, "INVALID_FEN");
}

#[wasm_bindgen_test]
fn mount_board_needs_an_element() {
    for not_an_element in [JsValue::NULL, JsValue::UNDEFINED, JsValue::from(42), JsValue::from_str("#board")] {
        let (code, message) = code_and_message(mount_board(not_an_element, None).expect_err("not an element"));
        assert_eq!(code, "NOT_AN_ELEMENT");
        assert!(message.contains("DOM element"), "{message}");
    }
}
