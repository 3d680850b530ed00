//! The board view in a real page: squares, shades, orientation and pieces in the DOM.
//! Runs in headless Chromium only (`cargo xtask test`).
#![cfg(target_arch = "wasm32")]

use qitong_app_api::mount_board;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Document, Element};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().and_then(|w| w.document()).expect("a browser document")
}

fn fresh_container() -> Element {
    let document = document();
    let div = document.create_element("div").expect("a div");
    document.body().expect("a body").append_child(&div).expect("attached");
    div
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).expect("a valid selector").length()
}

fn square(root: &Element, name: &str) -> Element {
    root.query_selector(&format!(r#"[data-square="{name}"]"#)).ok().flatten().expect(name)
}

#[wasm_bindgen_test]
fn start_position_has_64_squares_and_32_pieces() {
    let board = fresh_container();
    mount_board(&JsValue::from(board.clone()), &JsValue::UNDEFINED).expect("mounted");
    assert!(board.class_list().contains("qt-board"));
    assert_eq!(count(&board, ".qt-square"), 64);
    assert_eq!(count(&board, ".qt-square.qt-light"), 32);
    assert_eq!(count(&board, ".qt-square > .qt-piece"), 32);
    assert_eq!(count(&board, ".qt-square > .qt-piece > svg"), 32);
}

#[wasm_bindgen_test]
fn a8_is_drawn_first_a1_is_dark_and_h1_light() {
    let board = fresh_container();
    mount_board(&JsValue::from(board.clone()), &JsValue::UNDEFINED).expect("mounted");
    let first = board.first_element_child().expect("a square");
    assert_eq!(first.get_attribute("data-square").as_deref(), Some("a8"));
    assert!(square(&board, "a1").class_list().contains("qt-dark"));
    assert!(square(&board, "h1").class_list().contains("qt-light"));
    let king = square(&board, "e1").query_selector(".qt-square > .qt-piece").ok().flatten().expect("the white king");
    assert_eq!(king.get_attribute("data-piece").as_deref(), Some("K"));
}

#[wasm_bindgen_test]
fn remounting_replaces_the_board_and_bad_input_leaves_it_alone() {
    let board = fresh_container();
    mount_board(&JsValue::from(board.clone()), &JsValue::UNDEFINED).expect("mounted");
    mount_board(&JsValue::from(board.clone()), &JsValue::from("8/8/8/8/8/8/8/K6k")).expect("remounted");
    assert_eq!(count(&board, ".qt-square"), 64);
    assert_eq!(count(&board, ".qt-square > .qt-piece"), 2);
    assert!(mount_board(&JsValue::from(board.clone()), &JsValue::from("garbage")).is_err());
    assert_eq!(count(&board, ".qt-square > .qt-piece"), 2);
    assert!(mount_board(&JsValue::from(JsValue::from(document())), &JsValue::UNDEFINED).is_err(), "a document is not an element");
}
