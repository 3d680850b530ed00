//! The element's events, dispatched on the host: bubbling, `composed` (they leave the shadow
//! root), with plain-object `detail`s. `move` is cancelable: `preventDefault()` vetoes it.

use crate::state::{Explanation, GameOver, Proposal, Selection};
use qitong_rules::{Bitboard, Color};
use wasm_bindgen::JsValue;
use web_sys::{CustomEvent, CustomEventInit, HtmlElement};

/// A plain JS object from name/value pairs.
pub fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (name, value) in pairs {
        // Setting a property on a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object.into()
}

/// Square names as a JS array (`["e3", "e4"]`).
pub fn squares(set: Bitboard) -> JsValue {
    set.map(|sq| JsValue::from_str(&sq.to_string())).collect::<js_sys::Array>().into()
}

fn text(value: &str) -> JsValue {
    JsValue::from_str(value)
}

fn side(color: Option<Color>) -> JsValue {
    color.map_or(JsValue::NULL, |c| text(c.name()))
}

/// Dispatches `name` on `host`; false when a listener cancelled it.
fn dispatch(host: &HtmlElement, name: &str, detail: &JsValue, cancelable: bool) -> bool {
    let init = CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_cancelable(cancelable);
    init.set_detail(detail);
    match CustomEvent::new_with_event_init_dict(name, &init) {
        Ok(event) => host.dispatch_event(&event).unwrap_or(true),
        Err(_) => true,
    }
}

/// `select` — `{ square, dests }`: a piece picked up (`square` null when put down).
pub fn select(host: &HtmlElement, selection: &Selection) {
    let square = selection.square.map_or(JsValue::NULL, |sq| text(&sq.to_string()));
    dispatch(host, "select", &object(&[("square", square), ("dests", squares(selection.dests))]), false);
}

/// `move` — `{ san, uci, fen, from, to }`, before the move is made; false when vetoed.
pub fn proposed_move(host: &HtmlElement, proposal: &Proposal) -> bool {
    dispatch(host, "move", &move_detail(&proposal.san, &proposal.uci, &proposal.fen, proposal.mv), true)
}

/// The detail of a move (also what `move(sanOrUci)` returns).
pub fn move_detail(san: &str, uci: &str, fen: &str, mv: qitong_rules::Move) -> JsValue {
    object(&[("san", text(san)), ("uci", text(uci)), ("fen", text(fen)), ("from", text(&mv.from.to_string())), ("to", text(&mv.to.to_string()))])
}

/// `played` — `{ san, uci, fen, from, to, side }`, after a move was made (by hand or `move()`).
pub fn played(host: &HtmlElement, played: &crate::state::Played) {
    let detail = move_detail(&played.san, &played.uci, &played.fen, played.mv);
    let _ = js_sys::Reflect::set(&detail, &JsValue::from_str("side"), &text(played.facts.mover.name()));
    dispatch(host, "played", &detail, false);
}

/// `illegal-move` — `{ code, squares, message }`.
pub fn illegal_move(host: &HtmlElement, explanation: &Explanation) {
    let detail = object(&[("code", text(explanation.code)), ("squares", squares(explanation.squares)), ("message", text(&explanation.message))]);
    dispatch(host, "illegal-move", &detail, false);
}

/// `game-over` — `{ result, reason, winner, message }`.
pub fn game_over(host: &HtmlElement, over: &GameOver) {
    let detail =
        object(&[("result", text(over.result)), ("reason", text(over.reason)), ("winner", side(over.winner)), ("message", text(&over.message))]);
    dispatch(host, "game-over", &detail, false);
}
