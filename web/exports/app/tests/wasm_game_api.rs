//! The chess and classroom JS API of the app as JavaScript sees it: `Game`, `pointsAfterGame`,
//! `ClassGame`, `Clock` — values, kid-worded refusals and coded errors. (The teacher exports:
//! `wasm_teacher_api.rs`.)
//! Runs in Node and in headless Chromium (`cargo xtask test`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Error, Map, Reflect};
use qitong_app_api::{level_of, points_after_game_js, JsClassGame, JsClock, JsGame};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn code_of(thrown: JsValue) -> String {
    let error = thrown.dyn_into::<Error>().expect("a JS Error");
    Reflect::get(&error, &JsValue::from_str("code")).ok().and_then(|c| c.as_string()).unwrap_or_default()
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("an object")
}

fn text(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().unwrap_or_else(|| panic!("{key} is not a string"))
}

fn num(value: &JsValue, key: &str) -> f64 {
    get(value, key).as_f64().unwrap_or_else(|| panic!("{key} is not a number"))
}

#[wasm_bindgen_test]
fn a_game_plays_san_and_uci_and_ends_in_mate() {
    let mut game = JsGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("start");
    assert_eq!(game.turn(), "white");
    let played = game.play(&JsValue::from("f3")).expect("san");
    assert_eq!(text(&played, "uci"), "f2f3");
    game.play(&JsValue::from("e7e5")).expect("uci");
    game.play(&JsValue::from("g4")).expect("san");
    let mate = game.play(&JsValue::from("Qh4")).expect("forgiving: the # is added");
    assert_eq!(text(&mate, "san"), "Qh4#");
    let outcome = game.outcome().expect("outcome");
    assert_eq!(text(&outcome, "winner"), "black");
    assert_eq!(text(&outcome, "reason"), "checkmate");
    assert_eq!(text(&outcome, "result"), "0-1");
    assert_eq!(code_of(game.play(&JsValue::from("a3")).expect_err("over")), "GAME_OVER");
    assert_eq!(game.history(), vec!["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(game.undo().as_deref(), Some("d8h4"));
    assert!(game.outcome().expect("open").is_null());
}

#[wasm_bindgen_test]
fn bad_moves_throw_coded_errors() {
    let mut game = JsGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("start");
    assert_eq!(code_of(game.play(&JsValue::from("%%%")).expect_err("syntax")), "INVALID_MOVE");
    assert_eq!(code_of(game.play(&JsValue::from("Nf6")).expect_err("no knight reaches f6")), "ILLEGAL_MOVE");
    assert_eq!(code_of(JsGame::new(&JsValue::from("8/8/8/8/8/8/8/8 w - - 0 1"), &JsValue::UNDEFINED).err().expect("no kings")), "INVALID_FEN");
    assert!(JsGame::new(&JsValue::from("8/8/8/8/3R4/8/8/8 w - - 0 1"), &JsValue::from(true)).is_ok(), "a drill with a lone rook");
}

#[wasm_bindgen_test]
fn dests_and_explanations_come_from_the_core() {
    let game = JsGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("start");
    let dests: Map = game.dests();
    assert_eq!(dests.size(), 10);
    let knight = Array::from(&dests.get(&JsValue::from_str("g1")));
    assert_eq!(knight.length(), 2);
    let blocked = game.explain(&JsValue::from("f1"), &JsValue::from("c4"), &JsValue::UNDEFINED, &JsValue::from("zh-CN")).expect("answer");
    assert_eq!(get(&blocked, "legal").as_bool(), Some(false));
    assert_eq!(text(&blocked, "code"), "path-blocked");
    assert_eq!(text(&blocked, "message"), "路被挡住啦！e2 上的棋子挡住了象的路。只有马可以跳过去。");
    let squares: Vec<String> = Array::from(&get(&blocked, "squares")).iter().filter_map(|s| s.as_string()).collect();
    assert_eq!(squares, ["f1", "e2", "c4"], "the README's example");
    assert_eq!(Array::from(&get(&blocked, "squares")).length(), 3);
    let en = game.explain(&JsValue::from("f1"), &JsValue::from("c4"), &JsValue::UNDEFINED, &JsValue::from("en")).expect("answer");
    assert!(text(&en, "message").starts_with("The way is blocked!"));
    let legal = game.explain(&JsValue::from("e2"), &JsValue::from("e4"), &JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("answer");
    assert_eq!(text(&get(&legal, "move"), "san"), "e4");
    assert_eq!(
        code_of(game.explain(&JsValue::from("z9"), &JsValue::from("e4"), &JsValue::UNDEFINED, &JsValue::UNDEFINED).expect_err("bad square")),
        "INVALID_SQUARE"
    );
    assert_eq!(
        code_of(game.explain(&JsValue::from("e2"), &JsValue::from("e4"), &JsValue::UNDEFINED, &JsValue::from("fr")).expect_err("bad lang")),
        "INVALID_ARGUMENT"
    );
}

#[wasm_bindgen_test]
fn a_game_writes_its_pgn() {
    let mut game = JsGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("start");
    for m in ["e4", "e5", "Nf3"] {
        game.play(&JsValue::from(m)).expect(m);
    }
    let pgn = game.pgn();
    assert!(pgn.contains("1. e4 e5 2. Nf3 *"), "{pgn}");
}

#[wasm_bindgen_test]
fn points_after_game_follows_the_handout() {
    // Lower wins with D = 50: 10 + 50/10 = 15.
    let totals = points_after_game_js(&JsValue::from(100.0), &JsValue::from(150.0), &JsValue::from(1.0)).expect("totals");
    assert_eq!((num(&totals, "a"), num(&totals, "b")), (115.0, 135.0));
    // Draw with D = 150: the lower gains 150/4 = 37.5.
    let totals = points_after_game_js(&JsValue::from(300.0), &JsValue::from(150.0), &JsValue::from(0.5)).expect("totals");
    assert_eq!((num(&totals, "a"), num(&totals, "b")), (262.5, 187.5));
    // Higher wins with D ≥ 200: nothing.
    let totals = points_after_game_js(&JsValue::from(500.0), &JsValue::from(100.0), &JsValue::from(1.0)).expect("totals");
    assert_eq!((num(&totals, "a"), num(&totals, "b")), (500.0, 100.0));
    for bad in [0.25, 2.0, -1.0, f64::NAN, f64::INFINITY] {
        assert_eq!(
            code_of(points_after_game_js(&JsValue::from(0.0), &JsValue::from(0.0), &JsValue::from(bad)).expect_err("bad score")),
            "INVALID_ARGUMENT",
            "{bad}"
        );
    }
    assert_eq!(
        code_of(points_after_game_js(&JsValue::from(f64::NAN), &JsValue::from(0.0), &JsValue::from(1.0)).expect_err("nan points")),
        "INVALID_ARGUMENT"
    );
    let level = level_of(&JsValue::from(100.0), &JsValue::from(3), &JsValue::from("zh-CN")).expect("level");
    assert_eq!(text(&level, "text"), "30级（暂定）");
}

#[wasm_bindgen_test]
fn class_games_answer_refusals_in_kid_words() {
    let mut game = JsClassGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED, &JsValue::from("en")).expect("class play");
    let touched = game.touch(&JsValue::from("g1")).expect("touch");
    assert_eq!(text(&get(&touched, "obligation"), "kind"), "move");
    let refused = game.attempt(&JsValue::from("e2"), &JsValue::from("e4"), &JsValue::UNDEFINED, &JsValue::from(0.0)).expect("an answer");
    assert_eq!(get(&refused, "ok").as_bool(), Some(false));
    assert_eq!(text(&refused, "code"), "touch-move-must-move");
    assert!(text(&refused, "message").starts_with("Touch-move: you touched your knight on g1"));
    let played = game.attempt(&JsValue::from("g1"), &JsValue::from("f3"), &JsValue::UNDEFINED, &JsValue::from(0.0)).expect("an answer");
    assert_eq!(get(&played, "ok").as_bool(), Some(true));
    let offer = game.offer_draw(&JsValue::from("black")).expect("an answer");
    assert_eq!(text(&offer, "code"), "draw-offer-not-your-turn");
    let claim = game.claim_draw(&JsValue::from("white"), &JsValue::from(0.0)).expect("an answer");
    assert_eq!(text(&claim, "code"), "draw-claim-not-your-turn");
    assert!(text(&claim, "message").contains("your turn"));
    let sheet = Array::from(&game.score_sheet(&JsValue::from("chinese")).expect("sheet"));
    assert_eq!(text(&sheet.get(0), "white"), "马f3");
}

/// Issue 29 §8: `ClassGame`'s `clock` option over 64 bytes is refused with `TOO_LARGE` by its
/// length, like `new Clock`'s, and the message does not repeat it.
#[wasm_bindgen_test]
fn a_huge_class_game_clock_is_too_large() {
    let options = |clock: JsValue| {
        let o = js_sys::Object::new();
        js_sys::Reflect::set(&o, &JsValue::from("clock"), &clock).expect("set");
        JsValue::from(o)
    };
    let huge = JsValue::from(js_sys::JsString::from("棋").repeat(1 << 20));
    let thrown = JsClassGame::new(&JsValue::UNDEFINED, &options(huge), &JsValue::UNDEFINED).err().expect("too large");
    let message = js_sys::Reflect::get(&thrown, &JsValue::from("message")).ok().and_then(|m| m.as_string()).unwrap_or_default();
    assert_eq!(code_of(thrown), "TOO_LARGE");
    assert!(message.len() < 200 && !message.contains("棋棋"), "{message}");
    // 22 CJK characters: within 64 by JS length, 66 bytes of UTF-8.
    let over = JsValue::from(js_sys::JsString::from("棋").repeat(22));
    assert_eq!(code_of(JsClassGame::new(&JsValue::UNDEFINED, &options(over), &JsValue::UNDEFINED).err().expect("utf-8 size")), "TOO_LARGE");
    let game = JsClassGame::new(&JsValue::UNDEFINED, &options(JsValue::from("10+5")), &JsValue::UNDEFINED).expect("a real clock");
    assert_eq!(game.remaining(&JsValue::from("white"), &JsValue::from(0.0)).expect("remaining"), Some(600_000.0));
}

#[wasm_bindgen_test]
fn the_clock_is_started_by_black() {
    let mut clock = JsClock::new(&JsValue::from("1+2")).expect("clock");
    assert!(clock.press(&JsValue::from("white"), &JsValue::from(0.0)).is_err(), "Black starts the clock");
    clock.press(&JsValue::from("black"), &JsValue::from(0.0)).expect("start");
    assert_eq!(clock.running().as_deref(), Some("white"));
    assert_eq!(clock.tick(&JsValue::from(60_000.0)).expect("tick").as_deref(), Some("white"));
    assert_eq!(clock.state(), "stopped");
    assert!(JsClock::new(&JsValue::from("banana")).is_err());
}
