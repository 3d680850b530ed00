//! The exact shapes of the plain objects the app's exports return: which keys exist (a key with
//! an `undefined` value counts, an absent one does not), in which order, and their JSON. Pins
//! the JS API so the objects' construction can change without anyone in JavaScript noticing.
//! Runs in Node and in headless Chromium (`cargo xtask test`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, JSON};
use qitong_app_api::{board_pieces, level_of, points_after_game_js, JsClassGame, JsGame};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// `Object.keys(value).join(",")`.
fn keys(value: &JsValue) -> String {
    let keys: Vec<String> = Object::keys(value.unchecked_ref::<Object>()).iter().filter_map(|k| k.as_string()).collect();
    keys.join(",")
}

/// `JSON.stringify(value)` (drops keys whose value is `undefined`).
fn json(value: &JsValue) -> String {
    JSON::stringify(value).ok().and_then(|s| s.as_string()).expect("JSON-able")
}

fn item(list: &JsValue, index: u32) -> JsValue {
    Array::from(list).get(index)
}

const MOVE_KEYS: &str = "from,to,uci,san,piece,captured,promotion,kind";

#[wasm_bindgen_test]
fn game_moves_explanations_and_outcomes_keep_their_shapes() {
    let mut game = JsGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("start");
    let moves = game.legal_moves().expect("moves");
    let e4 = Array::from(&moves).iter().find(|m| json(m).contains("\"uci\":\"e2e4\"")).expect("e2e4 listed");
    assert_eq!(keys(&e4), MOVE_KEYS);
    assert_eq!(json(&e4), r#"{"from":"e2","to":"e4","uci":"e2e4","san":"e4","piece":"pawn","kind":"double-step"}"#);

    let legal = game.explain(&JsValue::from("g1"), &JsValue::from("f3"), &JsValue::UNDEFINED, &JsValue::from("en")).expect("explain");
    assert_eq!(keys(&legal), "legal,move,squares,permanent");
    assert_eq!(
        json(&legal),
        r#"{"legal":true,"move":{"from":"g1","to":"f3","uci":"g1f3","san":"Nf3","piece":"knight","kind":"normal"},"squares":[],"permanent":false}"#
    );
    let blocked = game.explain(&JsValue::from("a1"), &JsValue::from("a3"), &JsValue::UNDEFINED, &JsValue::from("en")).expect("explain");
    assert_eq!(keys(&blocked), "legal,code,squares,message,permanent");
    assert!(json(&blocked).starts_with(r#"{"legal":false,"code":""#), "{}", json(&blocked));

    for m in ["f3", "e5", "g4"] {
        game.play(&JsValue::from(m)).expect(m);
    }
    let mate = game.play(&JsValue::from("Qh4#")).expect("mate");
    assert_eq!(keys(&mate), MOVE_KEYS);
    assert_eq!(json(&mate), r#"{"from":"d8","to":"h4","uci":"d8h4","san":"Qh4#","piece":"queen","kind":"normal"}"#);
    let outcome = game.outcome().expect("outcome");
    assert_eq!(json(&outcome), r#"{"winner":"black","reason":"checkmate","result":"0-1"}"#);
    assert_eq!(keys(&outcome), "winner,reason,result");
}

#[wasm_bindgen_test]
fn captures_and_promotions_fill_their_keys() {
    let mut game = JsGame::new(&JsValue::from("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), &JsValue::UNDEFINED).expect("fen");
    let promotion = game.play(&JsValue::from("bxa8=Q")).expect("captures and promotes");
    assert_eq!(keys(&promotion), MOVE_KEYS);
    assert_eq!(
        json(&promotion),
        r#"{"from":"b7","to":"a8","uci":"b7a8q","san":"bxa8=Q+","piece":"pawn","captured":"rook","promotion":"queen","kind":"normal"}"#
    );
}

#[wasm_bindgen_test]
fn class_game_answers_keep_their_shapes() {
    let mut game = JsClassGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED, &JsValue::from("en")).expect("class game");
    let touched = game.touch(&JsValue::from("e2")).expect("touch");
    assert_eq!(keys(&touched), "ok,squares,obligation");
    assert_eq!(json(&touched), r#"{"ok":true,"squares":[],"obligation":{"kind":"move","squares":["e2"]}}"#);
    let refused = game.attempt(&JsValue::from("e2"), &JsValue::from("e5"), &JsValue::UNDEFINED, &JsValue::from(0.0)).expect("answer");
    assert_eq!(keys(&refused), "ok,code,message,squares");
    assert!(json(&refused).starts_with(r#"{"ok":false,"code":""#), "{}", json(&refused));
    let played = game.attempt(&JsValue::from("e2"), &JsValue::from("e4"), &JsValue::UNDEFINED, &JsValue::from(0.0)).expect("answer");
    assert_eq!(keys(&played), "ok,move,squares");
    assert_eq!(
        json(&played),
        r#"{"ok":true,"move":{"from":"e2","to":"e4","uci":"e2e4","san":"e4","piece":"pawn","kind":"double-step"},"squares":[]}"#
    );
    let offered = game.offer_draw(&JsValue::from("white")).expect("answer");
    assert_eq!(json(&offered), r#"{"ok":true,"squares":[]}"#);
    let resigned = game.resign(&JsValue::from("white"), &JsValue::from(0.0)).expect("answer");
    assert_eq!(keys(&resigned), "ok,squares,outcome");
    assert_eq!(json(&resigned), r#"{"ok":true,"squares":[],"outcome":{"winner":"black","reason":"resignation","result":"0-1"}}"#);
    let sheet = game.score_sheet(&JsValue::UNDEFINED).expect("sheet");
    assert_eq!(keys(&item(&sheet, 0)), "number,white,black");
    assert_eq!(json(&sheet), r#"[{"number":1,"white":"e4 (=)"}]"#);
}

#[wasm_bindgen_test]
fn fouls_are_numbers_in_refusals() {
    // White's king may not step onto the rook's file: a foul ("送王") under class rules.
    let mut game = JsClassGame::new(&JsValue::from("3rk3/8/8/8/8/8/8/4K3 w - - 0 1"), &JsValue::UNDEFINED, &JsValue::from("en")).expect("fen");
    let foul = game.attempt(&JsValue::from("e1"), &JsValue::from("d2"), &JsValue::UNDEFINED, &JsValue::from(0.0)).expect("answer");
    assert_eq!(keys(&foul), "ok,code,message,squares,foul");
    assert_eq!(js_sys::Reflect::get(&foul, &"foul".into()).ok().and_then(|f| f.as_f64()), Some(1.0));
}

#[wasm_bindgen_test]
fn totals_levels_and_pieces_keep_their_shapes() {
    assert_eq!(
        json(&points_after_game_js(&JsValue::from(100.0), &JsValue::from(150.0), &JsValue::from(1.0)).expect("totals")),
        r#"{"a":115,"b":135}"#
    );
    let level = level_of(&JsValue::from(100.0), &JsValue::from(3), &JsValue::from("en")).expect("level");
    assert_eq!(keys(&level), "level,provisional,text,progress");
    let pieces = board_pieces(&JsValue::from("8/8/8/8/8/8/8/K6k")).expect("pieces");
    assert_eq!(json(&pieces), r#"[{"square":"a1","piece":"K"},{"square":"h1","piece":"k"}]"#);
}
