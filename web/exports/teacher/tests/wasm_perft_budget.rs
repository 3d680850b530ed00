//! `perft`'s work budget as JavaScript sees it (issue 13, item 4): `options.maxPositions` bounds
//! the positions whose moves are generated, a count within it is exact, one over it throws
//! `TOO_MUCH_WORK` (pointing at the worker) after at most that much work, and a budget that is
//! not a whole number in range is refused. Runs in Node and in headless Chromium.
//! (`Position::perft_within` itself: tests/perft.rs.)
#![cfg(target_arch = "wasm32")]

use js_sys::{Error, Function, Object, Proxy, Reflect};
use qitong_teacher_api::perft;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// `perft` as JavaScript calls it, with Rust values.
fn count(fen: &str, depth: u32, options: Option<Object>) -> Result<f64, JsValue> {
    perft(&JsValue::from_str(fen), &JsValue::from(depth), &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED))
}

fn budget(max_positions: impl Into<JsValue>) -> Option<Object> {
    let options = Object::new();
    Reflect::set(&options, &JsValue::from_str("maxPositions"), &max_positions.into()).expect("a plain object");
    Some(options)
}

/// The thrown error's `code` and `message`.
fn thrown(result: Result<f64, JsValue>) -> (String, String) {
    let error = result.expect_err("an error").dyn_into::<Error>().expect("a JS Error");
    let code = Reflect::get(&error, &JsValue::from_str("code")).ok().and_then(|c| c.as_string()).unwrap_or_default();
    (code, error.message().into())
}

#[wasm_bindgen_test]
fn a_count_within_the_budget_is_exact_and_one_over_it_is_refused() {
    // Depth 3 generates the moves of 1 + 48 + 2,039 positions; the third ply is counted.
    assert_eq!(count(KIWIPETE, 3, budget(2_088.0)).expect("exactly enough"), 97_862.0);
    let (code, message) = thrown(count(KIWIPETE, 3, budget(2_087.0)));
    assert_eq!(code, "TOO_MUCH_WORK");
    assert!(message.contains("2087") && message.contains("perft-worker.js") && message.contains("too long"), "{message}");
    assert_eq!(count("start", 4, budget(9_323.0)).expect("1 + 20 + 400 + 8,902 positions"), 197_281.0);
    assert_eq!(thrown(count("start", 4, budget(9_322.0))).0, "TOO_MUCH_WORK");
    assert_eq!(count("start", 0, budget(1.0)).expect("depth 0 needs no moves"), 1.0);
}

#[wasm_bindgen_test]
fn an_absent_budget_is_the_default_one() {
    // (These test builds are unoptimised: reaching the default, ~2 s of a release build, would
    // take minutes here; tests/e2e/perft_worker.test.mjs meets it in Chromium.)
    assert_eq!(count("start", 3, None).expect("no options"), 8_902.0);
    assert_eq!(count("start", 3, budget(JsValue::UNDEFINED)).expect("maxPositions undefined"), 8_902.0);
}

#[wasm_bindgen_test]
fn a_budget_that_is_not_a_whole_number_in_range_is_refused() {
    for bad in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 2f64.powi(53)] {
        let (code, message) = thrown(count("start", 1, budget(bad)));
        assert_eq!(code, "INVALID_ARGUMENT", "{bad}");
        assert!(message.contains("maxPositions"), "{bad}: {message}");
    }
    let (code, message) = thrown(count("start", 1, budget("1000")));
    assert_eq!((code.as_str(), message.contains("maxPositions must be a number")), ("INVALID_ARGUMENT", true), "{message}");
    let not_an_object: Object = JsValue::from_str("maxPositions=5").unchecked_into();
    assert_eq!(thrown(count("start", 1, Some(not_an_object))).0, "INVALID_ARGUMENT");
    // A Proxy whose property read throws is an error of ours, not the Proxy's.
    let handler = Object::new();
    Reflect::set(&handler, &JsValue::from_str("get"), &Function::new_no_args("throw new Error('no')")).expect("handler");
    let hostile: Object = Proxy::new(&Object::new(), &handler).unchecked_into();
    assert_eq!(thrown(count("start", 1, Some(hostile))).0, "INVALID_ARGUMENT");
    assert_eq!(count("start", 1, budget(9_007_199_254_740_991.0)).expect("the largest budget"), 20.0);
}
