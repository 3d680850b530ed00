//! `BoardWidget`: the Rust side of the `<chess-board>` custom element. `www/qitong-elements.js`
//! defines the element and forwards its attributes and methods here; everything else (the
//! shadow DOM, input, events) is `qitong_board::widget`'s.
#![cfg(target_arch = "wasm32")]

use qitong::rules::Color;
use qitong::ui::board::class_play::sheet_format;
use qitong::ui::board::config::ATTRIBUTES;
use qitong::ui::board::shapes::{Brush, Shape};
use qitong::ui::board::widget::{typed_move, ComputerOpponent, Extensions, Widget};
use qitong::ui::dom::page::now_ms;
use qitong_exports::args;
use qitong_exports::convert::{object, parse_square, square_names};
use qitong_exports::{ApiError, ErrorCode};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ShadowRoot};

/// A thrown JS `Error` with its stable `code`, built like every other export's.
fn error(code: ErrorCode, message: impl Into<String>) -> JsValue {
    ApiError::new(code, message).into()
}

/// A class-play action was refused: `code` REFUSED, `reason` the rule's code.
fn refused(explanation: qitong::ui::board::state::Explanation) -> JsValue {
    ApiError::new(ErrorCode::Refused, explanation.message).with_reason(explanation.code).into()
}

fn color(name: &JsValue) -> Result<Color, JsValue> {
    let name = args::string(name, "side")?;
    match name.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(error(ErrorCode::InvalidArgument, format!("'{name}' is not a side: use white or black"))),
    }
}

/// What `<chess-board>` adds to every board: the computer opponent (`opponent="computer"`) and
/// the move box's typed moves. Only this export chooses them, so a module without it (the lesson
/// player's) does not link them.
const ELEMENT: Extensions = Extensions { opponent: Some(&ComputerOpponent), typed_moves: Some(typed_move), around: None };

/// One board element's Rust half.
#[wasm_bindgen]
pub struct BoardWidget {
    widget: Rc<Widget>,
}

#[wasm_bindgen]
impl BoardWidget {
    /// Draws the board of `host` (a `<chess-board>`) into its shadow root `root`, from the
    /// host's attributes. `computer`, if given, is `{ computerMove }` (see
    /// `www/qitong-computer.js`): the board's opponent when `opponent="computer"`; each question
    /// carries its own `signal`, so boards never cancel each other's.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "HTMLElement")] host: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "ShadowRoot")] root: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "{ computerMove: Function } | undefined")] computer: &JsValue,
    ) -> Result<BoardWidget, JsValue> {
        let host: HtmlElement = args::element(host, "BoardWidget's host (the <chess-board> element)")?;
        let root: ShadowRoot = args::element(root, "BoardWidget's root (the element's shadow root)")?;
        let widget = Widget::new(host, root, ELEMENT)?;
        if !args::absent(computer) {
            let port = qitong::ui::computer::Computer::from_js(computer).ok_or_else(|| ApiError::wrong_type("computer must be { computerMove }"))?;
            widget.set_computer(port);
        }
        Ok(BoardWidget { widget })
    }

    /// The attributes the element observes.
    #[wasm_bindgen(js_name = observedAttributes)]
    pub fn observed_attributes() -> js_sys::Array {
        ATTRIBUTES.iter().map(|name| JsValue::from_str(name)).collect()
    }

    /// `attributeChangedCallback`: `value` is `null` when the attribute was removed.
    #[wasm_bindgen(js_name = attributeChanged)]
    pub fn attribute_changed(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] value: &JsValue,
    ) -> Result<(), JsValue> {
        let (name, value) = (args::string(name, "name")?, args::opt_string(value, "value")?);
        self.widget.attribute_changed(&name, value);
        Ok(())
    }

    /// `setPosition(fen)`: a new game from `fen` (`"start"` or nothing: the start position).
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(&self, #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: &JsValue) -> Result<(), JsValue> {
        let fen = args::opt_string(fen, "fen")?.filter(|f| !f.trim().is_empty() && f.trim() != "start");
        self.widget.set_position(fen.as_deref()).map_err(|err| ApiError::from(err).into())
    }

    /// `move(sanOrUci)`: plays a move at once (no `move` event): `{ san, uci, fen, from, to }`,
    /// or throws `INVALID_MOVE`, `ILLEGAL_MOVE` or `GAME_OVER` with the kid-worded reason as
    /// its message and the reason's code as `reason`.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(&self, #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue) -> Result<JsValue, JsValue> {
        match self.widget.play(&args::string(text, "move")?) {
            Ok(played) => Ok(qitong::ui::board::widget::move_detail(&played)),
            Err(err) => Err(ApiError::new(err.js_code, err.explanation.message).with_reason(err.explanation.code).into()),
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
    pub fn dests(&self, #[wasm_bindgen(unchecked_param_type = "string")] from: &JsValue) -> Result<js_sys::Array, JsValue> {
        let from = parse_square(from)?;
        Ok(square_names(&mut self.widget.dests(from)).unchecked_into())
    }

    /// `setShapes(shapes)`: replaces the annotations with `[{ orig, dest?, brush? }]` (a circle
    /// without `dest`; brush green, red, blue or yellow).
    #[wasm_bindgen(js_name = setShapes)]
    pub fn set_shapes(
        &self,
        #[wasm_bindgen(unchecked_param_type = "{ orig: string, dest?: string, brush?: string }[]")] shapes: &JsValue,
    ) -> Result<(), JsValue> {
        let list = args::array(shapes, "shapes")?;
        let mut parsed = Vec::with_capacity(list.len());
        for item in &list {
            if !item.is_object() {
                return Err(error(ErrorCode::InvalidArgument, "every shape is an object { orig, dest?, brush? }"));
            }
            let field = |name: &str| args::property(item, name, "shape").map(|v| (!args::absent(&v)).then_some(v));
            let orig = field("orig")?.ok_or_else(|| error(ErrorCode::InvalidArgument, "every shape needs an orig square"))?;
            let orig = parse_square(&orig)?;
            let dest = field("dest")?.map(|d| parse_square(&d)).transpose()?;
            let brush = match field("brush")? {
                Some(name) => args::string(&name, "brush")?.parse::<Brush>().map_err(|e| error(ErrorCode::InvalidArgument, e.to_string()))?,
                None => Brush::Green,
            };
            parsed.push(Shape::between(orig, dest.unwrap_or(orig), brush));
        }
        self.widget.set_shapes(parsed);
        Ok(())
    }

    /// `offerDraw()`: the side that has just moved offers a draw (move, offer, press the clock).
    /// Throws `REFUSED` with the protocol's reason (`reason`, e.g. `draw-offer-move-first`).
    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&self) -> Result<(), JsValue> {
        self.widget.class_action(|s| s.offer_draw()).map_err(refused)
    }

    /// `answerDraw(accept)`: the side to move accepts (the game is drawn: `game-over`) or
    /// declines the opponent's offer. Throws `REFUSED` when there is nothing to answer.
    #[wasm_bindgen(js_name = answerDraw)]
    pub fn answer_draw(&self, #[wasm_bindgen(unchecked_param_type = "boolean")] accept: &JsValue) -> Result<(), JsValue> {
        let accept = args::boolean(accept, "accept")?;
        let over = self.widget.class_action(|s| s.answer_draw(accept, now_ms())).map_err(refused)?;
        if let Some(over) = over {
            self.widget.announce_over(&over);
        }
        Ok(())
    }

    /// `resign(side)`: that side resigns (`game-over`).
    pub fn resign(&self, #[wasm_bindgen(unchecked_param_type = "string")] side: &JsValue) -> Result<(), JsValue> {
        let side = color(side)?;
        let over = self.widget.class_action(|s| s.resign(side, now_ms())).map_err(refused)?;
        self.widget.announce_over(&over);
        Ok(())
    }

    /// `claimDraw(side?)`: `side` (by default the side to move) claims a claimable repetition
    /// or fifty-move draw (`game-over`); only on its own turn (`draw-claim-not-your-turn`).
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&self, #[wasm_bindgen(unchecked_optional_param_type = "string")] side: &JsValue) -> Result<(), JsValue> {
        let by = match args::absent(side) {
            false => color(side)?,
            true => self.widget.with_state(|s| s.position().turn()),
        };
        let over = self.widget.class_action(|s| s.claim_draw(by, now_ms())).map_err(refused)?;
        self.widget.announce_over(&over);
        Ok(())
    }

    /// `flagFall(side)`: that side's time ran out on a clock beside the board: a loss, or a
    /// draw when the opponent cannot mate (`game-over`).
    #[wasm_bindgen(js_name = flagFall)]
    pub fn flag_fall(&self, #[wasm_bindgen(unchecked_param_type = "string")] side: &JsValue) -> Result<(), JsValue> {
        let side = color(side)?;
        let over = self.widget.class_action(|s| s.flag_fall(side, now_ms())).map_err(refused)?;
        self.widget.announce_over(&over);
        Ok(())
    }

    /// `classState()`: `{ fouls: {white, black}, drawOffer: white|black|null,
    /// offerBarred: {white, black}, result: "1-0"|"0-1"|"1/2-1/2"|null, reason }`.
    #[wasm_bindgen(js_name = classState)]
    pub fn class_state(&self) -> JsValue {
        self.widget.with_state(|s| {
            let game = s.game();
            let offers = s.offers();
            let pair = |w: JsValue, b: JsValue| object(&[("white", w), ("black", b)]);
            let outcome = game.outcome();
            object(&[
                ("fouls", pair(f64::from(game.fouls(Color::White)).into(), f64::from(game.fouls(Color::Black)).into())),
                ("drawOffer", offers.pending.map_or(JsValue::NULL, |c| JsValue::from_str(c.name()))),
                ("offerBarred", pair(offers.barred[0].into(), offers.barred[1].into())),
                ("result", outcome.map_or(JsValue::NULL, |o| JsValue::from_str(o.pgn_result()))),
                ("reason", outcome.map_or(JsValue::NULL, |o| JsValue::from_str(o.code()))),
            ])
        })
    }

    /// `scoreSheet(notation)`: `[{ number, white, black }]` in `san` (default), `figurine` or
    /// `chinese`; draw offers marked "(=)", en passant "e.p.".
    #[wasm_bindgen(js_name = scoreSheet)]
    pub fn score_sheet(&self, #[wasm_bindgen(unchecked_optional_param_type = "string")] notation: &JsValue) -> Result<js_sys::Array, JsValue> {
        let name = args::opt_string(notation, "notation")?.unwrap_or_default();
        let format = sheet_format(&name).ok_or_else(|| error(ErrorCode::InvalidArgument, "notation is san, figurine or chinese"))?;
        let rows = self.widget.with_state(|s| s.score_sheet(format));
        let text = |t: Option<String>| t.map_or(JsValue::NULL, |t| JsValue::from_str(&t));
        Ok(rows.into_iter().map(|r| object(&[("number", f64::from(r.number).into()), ("white", text(r.white)), ("black", text(r.black))])).collect())
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
