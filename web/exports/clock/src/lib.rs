//! `ClockElement`: the Rust side of the `<chess-clock>` custom element. `www/qitong-elements.js`
//! defines the element and forwards its attributes and methods here; the shadow DOM, taps,
//! Space and the events are `qitong_clock::widget`'s.
#![cfg(target_arch = "wasm32")]

use qitong::classroom::clock::{ClockState, TimeControl};
use qitong::rules::Color;
use qitong::ui::clock::state::CLOCK_ATTRIBUTES;
use qitong::ui::clock::widget::ClockWidget;
use qitong::ui::dom::page::now_ms;
use qitong_exports::args;
use qitong_exports::{ApiError, ErrorCode};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, ShadowRoot};

fn side(name: &JsValue) -> Result<Color, JsValue> {
    let name = args::string(name, "side")?;
    match name.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(ApiError::new(ErrorCode::InvalidArgument, format!("'{name}' is not a side: use white or black")).into()),
    }
}

/// One clock element's Rust half.
#[wasm_bindgen]
pub struct ClockElement {
    widget: Rc<ClockWidget>,
}

#[wasm_bindgen]
impl ClockElement {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "HTMLElement")] host: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "ShadowRoot")] root: &JsValue,
    ) -> Result<ClockElement, JsValue> {
        let host: HtmlElement = args::element(host, "ClockElement's host (the <chess-clock> element)")?;
        let root: ShadowRoot = args::element(root, "ClockElement's root (the element's shadow root)")?;
        Ok(ClockElement { widget: ClockWidget::new(host, root) })
    }

    #[wasm_bindgen(js_name = observedAttributes)]
    pub fn observed_attributes() -> js_sys::Array {
        CLOCK_ATTRIBUTES.iter().map(|name| JsValue::from_str(name)).collect()
    }

    #[wasm_bindgen(js_name = attributeChanged)]
    pub fn attribute_changed(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] value: &JsValue,
    ) -> Result<(), JsValue> {
        let name = args::string(name, "name")?;
        let value = match name.as_str() {
            // Measured before it is copied, like `reset`'s (issue 29: 805 MB trapped the wasm);
            // refused as any unreadable value is, with a console warning, and the clock kept.
            "time-control" => match args::opt_string_at_most(value, "<chess-clock time-control>", args::MAX_TIME_CONTROL_BYTES) {
                Err(e) if e.code == ErrorCode::TooLarge => {
                    web_sys::console::warn_1(&JsValue::from_str(&format!("{e}; the clock keeps its time control")));
                    return Ok(());
                }
                read => read?,
            },
            _ => args::opt_string(value, "value")?,
        };
        self.widget.attribute_changed(&name, value);
        Ok(())
    }

    /// `press(side)`: `side` presses (Black first: that starts White's time). Returns whether
    /// the press counted; a refused press shows its reason in the clock.
    pub fn press(&self, #[wasm_bindgen(unchecked_param_type = "string")] by: &JsValue) -> Result<bool, JsValue> {
        let by = side(by)?;
        let r = self.widget.model.borrow_mut().press(by, now_ms());
        let pressed = r.pressed.is_some();
        self.widget.respond(r);
        Ok(pressed)
    }

    /// `pause()` / `resume()`: the arbiter's button. Returns whether the state changed.
    pub fn pause(&self) -> bool {
        self.toggle_when(|s| matches!(s, ClockState::Running { .. }))
    }

    pub fn resume(&self) -> bool {
        self.toggle_when(|s| matches!(s, ClockState::Paused { .. }))
    }

    fn toggle_when(&self, applies: impl Fn(ClockState) -> bool) -> bool {
        if !applies(self.widget.model.borrow().clock.state()) {
            return false;
        }
        let r = self.widget.model.borrow_mut().toggle_pause(now_ms());
        self.widget.respond(r);
        true
    }

    /// `stop()`: the game ended on the board; the clock stops for good.
    pub fn stop(&self) {
        self.widget.model.borrow_mut().stop(now_ms());
        self.widget.render();
    }

    /// `reset(timeControl?)`: a fresh clock (with a new time control, else the same one).
    pub fn reset(&self, #[wasm_bindgen(unchecked_optional_param_type = "string | null")] control: &JsValue) -> Result<(), JsValue> {
        let current = self.widget.model.borrow().clock.control();
        // A bad time control is a bad argument, like `new Clock("soon")`'s.
        let control: TimeControl = match args::opt_string_at_most(control, "timeControl", args::MAX_TIME_CONTROL_BYTES)? {
            Some(text) => text.parse().map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("time control: {e}")))?,
            None => current,
        };
        self.widget.model.borrow_mut().reset_to(control);
        self.widget.render();
        Ok(())
    }

    /// `remaining(side)`: milliseconds left for that side now.
    pub fn remaining(&self, #[wasm_bindgen(unchecked_param_type = "string")] by: &JsValue) -> Result<f64, JsValue> {
        let by = side(by)?;
        let (ms, r) = {
            let mut model = self.widget.model.borrow_mut();
            let r = model.tick(now_ms());
            (model.face(by, now_ms()).remaining_ms, r)
        };
        self.widget.respond(r);
        Ok(ms as f64)
    }

    /// `state`: `ready`, `running`, `paused` or `stopped`.
    pub fn state(&self) -> String {
        match self.widget.model.borrow().clock.state() {
            ClockState::NotStarted => "ready",
            ClockState::Running { .. } => "running",
            ClockState::Paused { .. } => "paused",
            ClockState::Stopped => "stopped",
        }
        .to_string()
    }

    /// `running`: the side whose time runs (or would on resume), else `null`.
    pub fn running(&self) -> Option<String> {
        self.widget.model.borrow().clock.running().map(|c| c.name().to_string())
    }

    pub fn disconnect(&self) {
        self.widget.disconnect();
    }

    pub fn connect(&self) {
        self.widget.render();
    }
}
