//! The teacher exports (`qitong-teacher-api`, in `qitong_teacher.js`) as JavaScript sees them:
//! `perft`, `Game.loadPgn` (the app API's), `pointsAward` and the class `Ladder`. Runs in Node and in
//! headless Chromium (`cargo xtask test`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Error, Object, Reflect, JSON};
use qitong_app_api::JsGame;
use qitong_lesson_element::LessonPlayer;
use qitong_teacher_api::{check_course, check_lesson, perft, points_award, JsLadder};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn code_of(thrown: JsValue) -> String {
    let error = thrown.dyn_into::<Error>().expect("a JS Error");
    Reflect::get(&error, &JsValue::from_str("code")).ok().and_then(|c| c.as_string()).unwrap_or_default()
}

fn num(value: &JsValue, key: &str) -> f64 {
    Reflect::get(value, &JsValue::from_str(key)).expect("an object").as_f64().unwrap_or_else(|| panic!("{key} is not a number"))
}

#[wasm_bindgen_test]
fn perft_gives_the_published_counts() {
    assert_eq!(perft(&JsValue::from("start"), &JsValue::from(3), &JsValue::UNDEFINED).expect("start"), 8902.0);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(perft(&JsValue::from(kiwipete), &JsValue::from(2), &JsValue::UNDEFINED).expect("kiwipete"), 2039.0);
    assert_eq!(code_of(perft(&JsValue::from("garbage"), &JsValue::from(1), &JsValue::UNDEFINED).expect_err("bad fen")), "INVALID_FEN");
    assert_eq!(code_of(perft(&JsValue::from("start"), &JsValue::from(99), &JsValue::UNDEFINED).expect_err("too deep")), "INVALID_ARGUMENT");
}

#[wasm_bindgen_test]
fn pgn_round_trips_and_bad_pgn_changes_nothing() {
    let mut game = JsGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("start");
    for m in ["e4", "e5", "Nf3"] {
        game.play(&JsValue::from(m)).expect(m);
    }
    let pgn = game.pgn();
    assert!(pgn.contains("1. e4 e5 2. Nf3 *"), "{pgn}");
    let mut other = JsGame::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("start");
    other.load_pgn(&JsValue::from(&pgn)).expect("reads");
    assert_eq!(other.fen(), game.fen());
    let before = other.fen();
    assert_eq!(code_of(other.load_pgn(&JsValue::from("1. e4 e5 2. Ke3 Kd6")).expect_err("illegal")), "INVALID_PGN");
    assert_eq!(other.fen(), before);
}

#[wasm_bindgen_test]
fn the_ladder_records_undoes_and_imports_atomically() {
    let mut ladder = JsLadder::new(&JsValue::UNDEFINED).expect("empty");
    let a = ladder.add_student(&JsValue::from("小明")).expect("add");
    let b = ladder.add_student(&JsValue::from("小红")).expect("add");
    assert_eq!(code_of(ladder.add_student(&JsValue::from("小明")).expect_err("duplicate")), "LADDER");
    let record = ladder.record_game(&JsValue::from(a), &JsValue::from(b), &JsValue::from(1.0), &JsValue::from("2026-11-29")).expect("record");
    assert_eq!(num(&record, "aAfter"), 10.0);
    let json = ladder.to_json();
    assert_eq!(code_of(ladder.import_json(&JsValue::from("{ not json")).expect_err("bad file")), "INVALID_IMPORT");
    assert_eq!(ladder.to_json(), json, "a failed import changes nothing");
    assert_eq!(code_of(ladder.import_csv(&JsValue::from("id,name\n1,\"broken"), &JsValue::UNDEFINED).expect_err("bad csv")), "INVALID_IMPORT");
    assert_eq!(ladder.to_json(), json);
    ladder.undo_last().expect("undo");
    let standings = Array::from(&ladder.standings(&JsValue::UNDEFINED).expect("standings"));
    assert_eq!(num(&standings.get(0), "points"), 0.0);
    let copy = JsLadder::new(&JsValue::from(json)).expect("reads its own export");
    assert_eq!(Array::from(&copy.history().expect("history")).length(), 1);
}

#[wasm_bindgen_test]
fn points_award_names_the_table_cell() {
    let award = points_award(&JsValue::from(0.0), &JsValue::from(100.2), &JsValue::from(0.5)).expect("award");
    let keys: Vec<String> = Object::keys(award.unchecked_ref::<Object>()).iter().filter_map(|k| k.as_string()).collect();
    assert_eq!(keys.join(","), "difference,amount,deltaA,deltaB,rounded,explanation");
    let json = JSON::stringify(&award).ok().and_then(|s| s.as_string()).expect("JSON-able");
    assert!(
        json.starts_with(r#"{"difference":100.2,"amount":25.1,"deltaA":25.1,"deltaB":-25.1,"rounded":true,"explanation":"D = 100.2, draw"#),
        "{json}"
    );
    assert_eq!(code_of(points_award(&JsValue::from(0.0), &JsValue::from(0.0), &JsValue::from(0.25)).expect_err("bad score")), "INVALID_ARGUMENT");
}

/// Issue 29: a ladder text over its limit is refused with `TOO_LARGE` (by its JS length before
/// it is copied, or by its UTF-8 length after), and the ladder is unchanged.
#[wasm_bindgen_test]
fn huge_ladder_texts_are_refused_as_too_large() {
    let mut ladder = JsLadder::new(&JsValue::UNDEFINED).expect("empty");
    ladder.add_student(&JsValue::from("小明")).expect("add");
    let json = ladder.to_json();
    let of = |unit: &str, count: i32| JsValue::from(js_sys::JsString::from(unit).repeat(count));
    let five_mib = of("x", 5 << 20);
    assert_eq!(code_of(ladder.import_csv(&five_mib, &JsValue::UNDEFINED).expect_err("roster")), "TOO_LARGE");
    assert_eq!(code_of(ladder.import_csv(&JsValue::from("name\nA\n"), &five_mib).expect_err("history")), "TOO_LARGE");
    // 2 Mi CJK characters: within 4 Mi by JS length, 6 MiB of UTF-8.
    assert_eq!(code_of(ladder.import_csv(&of("名", 2 << 20), &JsValue::UNDEFINED).expect_err("utf-8 size")), "TOO_LARGE");
    // A JSON backup may be up to 8 MiB: 5 MiB is read (and refused for what it holds).
    assert_eq!(code_of(ladder.import_json(&five_mib).expect_err("not json")), "INVALID_IMPORT");
    assert_eq!(code_of(ladder.import_json(&of("x", 9 << 20)).expect_err("json")), "TOO_LARGE");
    assert_eq!(code_of(JsLadder::new(&of("x", 9 << 20)).err().expect("new")), "TOO_LARGE");
    assert_eq!(code_of(ladder.add_student(&of("x", 5000)).expect_err("name")), "TOO_LARGE");
    assert_eq!(code_of(ladder.add_student(&of("x", 100)).expect_err("long name")), "LADDER");
    assert_eq!(ladder.to_json(), json, "nothing changed");
}

/// Issue 29 §1 and §8: a lesson or course text over 1 MiB is refused with `TOO_LARGE` before more
/// than that is copied (256 MB trapped the module, and smaller texts trapped after it); a text
/// within it is checked, its problems capped at 100 and one saying how many more.
#[wasm_bindgen_test]
fn huge_lesson_texts_are_refused_as_too_large() {
    let of = |unit: &str, count: i32| JsValue::from(js_sys::JsString::from(unit).repeat(count));
    let (en, none) = (JsValue::from("en"), JsValue::UNDEFINED);
    let two_mib = of("x", 2 << 20);
    // As the teacher module's start does: its lesson players play every kind.
    qitong_lesson_element::play::<qitong_lesson_element::Every>();
    assert_eq!(code_of(check_lesson(&"x.toml".into(), &two_mib, &en).expect_err("lesson")), "TOO_LARGE");
    assert_eq!(code_of(check_course(&two_mib, &en).expect_err("course")), "TOO_LARGE");
    assert_eq!(code_of(LessonPlayer::course_files(&two_mib).expect_err("course files")), "TOO_LARGE");
    assert_eq!(code_of(LessonPlayer::first_files(&two_mib, &"a/b".into()).expect_err("first files")), "TOO_LARGE");
    // 400,000 CJK characters: within 1 Mi by JS length, 1.2 MB of UTF-8.
    assert_eq!(code_of(check_lesson(&"x.toml".into(), &of("名", 400_000), &none).expect_err("utf-8 size")), "TOO_LARGE");
    assert_eq!(code_of(check_lesson(&of("x", 5000), &"id = 1".into(), &none).expect_err("file name")), "TOO_LARGE");
    let mut lesson =
        String::from("title = { zh = \"好\", en = \"Good\" }\n[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n");
    for i in 0..30_000 {
        lesson.push_str(&format!("unknown_{i} = 1\n"));
    }
    let found = check_lesson(&"x.toml".into(), &lesson.into(), &en).expect("checked");
    assert_eq!(found.length(), 101);
    let last = found.get(100);
    assert!(Reflect::get(&last, &"line".into()).expect("line").is_null());
    let message = Reflect::get(&last, &"message".into()).ok().and_then(|m| m.as_string()).unwrap_or_default();
    assert_eq!(message, "and 29900 more problems, not listed: fix the ones above and check again");
}
