//! `BoardWidget`: the Rust side of the `<chess-board>` custom element. `www/qitong-elements.js`
//! defines the element and forwards its attributes and methods here; everything else (the
//! shadow DOM, input, events) is `ui::board_widget`'s.

use super::convert::{object, parse_square, square_names};
use super::error::{ApiError, ErrorCode};
use crate::ui::board_config::ATTRIBUTES;
use crate::ui::board_shapes::{Brush, Shape};
use crate::ui::board_widget::Widget;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ShadowRoot};

/// A thrown JS `Error` with its stable `code`, built like every other export's.
fn error(code: ErrorCode, message: impl Into<String>) -> JsValue {
    ApiError::new(code, message).into()
}

/// One board element's Rust half.
#[wasm_bindgen]
pub struct BoardWidget {
    widget: Rc<Widget>,
}

#[wasm_bindgen]
impl BoardWidget {
    /// Draws the board of `host` (a `<chess-board>`) into its shadow root `root`, from the
    /// host's attributes.
    #[wasm_bindgen(constructor)]
    pub fn new(host: JsValue, root: JsValue) -> Result<BoardWidget, JsValue> {
        let host: HtmlElement =
            host.dyn_into().map_err(|_| error(ErrorCode::NotAnElement, "BoardWidget needs the <chess-board> element"))?;
        let root: ShadowRoot =
            root.dyn_into().map_err(|_| error(ErrorCode::NotAnElement, "BoardWidget needs the element's shadow root"))?;
        Ok(BoardWidget { widget: Widget::new(host, root)? })
    }

    /// The attributes the element observes.
    #[wasm_bindgen(js_name = observedAttributes)]
    pub fn observed_attributes() -> js_sys::Array {
        ATTRIBUTES.iter().map(|name| JsValue::from_str(name)).collect()
    }

    /// `attributeChangedCallback`: `value` is `null` when the attribute was removed.
    #[wasm_bindgen(js_name = attributeChanged)]
    pub fn attribute_changed(&self, name: &str, value: Option<String>) {
        self.widget.attribute_changed(name, value);
    }

    /// `setPosition(fen)`: a new game from `fen` (`"start"` or nothing: the start position).
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(&self, fen: Option<String>) -> Result<(), JsValue> {
        let fen = fen.filter(|f| !f.trim().is_empty() && f.trim() != "start");
        self.widget.set_position(fen.as_deref()).map_err(|err| ApiError::from(err).into())
    }

    /// `move(sanOrUci)`: plays a move at once (no `move` event): `{ san, uci, fen, from, to }`,
    /// or throws `INVALID_MOVE`, `ILLEGAL_MOVE` or `GAME_OVER` with the kid-worded reason as
    /// its message and the reason's code as `reason`.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(&self, text: &str) -> Result<JsValue, JsValue> {
        match self.widget.play(text) {
            Ok(played) => Ok(crate::ui::board_widget::move_detail(&played)),
            Err(err) => {
                let code = ErrorCode::from_code(err.js_code).unwrap_or(ErrorCode::IllegalMove);
                Err(ApiError::new(code, err.explanation.message).with_reason(err.explanation.code).into())
            }
        }
    }

    /// `undo()`: takes back the last move (`{ san, uci }`), or `null` (no move, or class play).
    pub fn undo(&self) -> JsValue {
        match self.widget.undo() {
            Some((mv, san)) => object(&[("san", san.into()), ("uci", mv.to_uci().into())]),
            None => JsValue::NULL,
        }
    }

    pub fn flip(&self) {
        self.widget.flip();
    }

    pub fn fen(&self) -> String {
        self.widget.fen()
    }

    pub fn pgn(&self) -> String {
        self.widget.pgn()
    }

    /// `dests(square)`: the squares the piece there may move to now (what the dots show).
    pub fn dests(&self, from: &str) -> Result<js_sys::Array, JsValue> {
        let from = parse_square(from)?;
        Ok(square_names(&mut self.widget.dests(from)).unchecked_into())
    }

    /// `setShapes(shapes)`: replaces the annotations with `[{ orig, dest?, brush? }]` (a circle
    /// without `dest`; brush green, red, blue or yellow).
    #[wasm_bindgen(js_name = setShapes)]
    pub fn set_shapes(&self, shapes: JsValue) -> Result<(), JsValue> {
        let list: js_sys::Array =
            shapes.dyn_into().map_err(|_| error(ErrorCode::InvalidArgument, "setShapes needs an array of shapes"))?;
        let mut parsed = Vec::with_capacity(list.length() as usize);
        for item in list.iter() {
            let field = |name: &str| js_sys::Reflect::get(&item, &JsValue::from_str(name)).ok().and_then(|v| v.as_string());
            let orig = field("orig").ok_or_else(|| error(ErrorCode::InvalidArgument, "every shape needs an orig square"))?;
            let orig = parse_square(&orig)?;
            let dest = field("dest").map(|d| parse_square(&d)).transpose()?;
            let brush = match field("brush") {
                Some(name) => name.parse::<Brush>().map_err(|e| error(ErrorCode::InvalidArgument, e.to_string()))?,
                None => Brush::Green,
            };
            parsed.push(Shape::between(orig, dest.unwrap_or(orig), brush));
        }
        self.widget.set_shapes(parsed);
        Ok(())
    }

    /// `connectedCallback` after a move in the page: watch the size again.
    pub fn connect(&self) {
        self.widget.connect();
    }

    /// `disconnectedCallback`.
    pub fn disconnect(&self) {
        self.widget.disconnect();
    }
}
