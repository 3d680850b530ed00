//! The lesson player's own input (wasm32 only): its buttons' clicks and changes, and the keys
//! (the step's, and projector mode's paging keys wherever the focus is). The board's input,
//! its set-up tray's included, is the board's (`qitong_board::widget`).

use super::*;

impl<K: KindSet> View<K> {
    pub(super) fn click(&self, event: &web_sys::Event) {
        let Some(el) = target_with(event, "[data-act]") else { return };
        if el.has_attribute("disabled") {
            return;
        }
        let Some(action) = action_of(&el, "data-act") else { return };
        let value = el.get_attribute("data-input").and_then(|id| self.input_value(&id));
        // A pointer's click (detail ≥ 1; a key's press has 0) in projector mode, or the switch.
        let pointer = event.dyn_ref::<web_sys::MouseEvent>().is_some_and(|m| m.detail() > 0);
        self.land.set(action == Action::Present || pointer && self.state.borrow().present.on);
        self.act(action, value.as_deref());
    }

    /// A text box with `data-change` was changed (a class vote's count of hands): kept, without
    /// a redraw that would take the box from under the teacher's typing.
    pub(super) fn change(&self, event: &web_sys::Event) {
        let Some(input) = event.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
        if let Some(action) = action_of(&input, "data-change") {
            self.state.borrow_mut().act(action, Some(&input.value()));
        }
    }

    pub(super) fn input_value(&self, id: &str) -> Option<String> {
        let input = self.root.get_element_by_id(id)?.dyn_into::<HtmlInputElement>().ok()?;
        Some(input.value())
    }

    pub(super) fn key(&self, event: &web_sys::Event) {
        self.by_pointer.set(false);
        let Some(key_event) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
        let key = key_event.key();
        let Some(el) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        if let (Some(action), "Enter") = (action_of(&el, "data-enter"), key.as_str()) {
            event.prevent_default();
            let value = el.get_attribute("id").and_then(|id| self.input_value(&id));
            self.act(action, value.as_deref());
        }
    }

    /// A key anywhere on the page, for projector mode's pacing keys (after the player's own
    /// key handling, which takes the board's arrows and a text box's Enter first).
    pub(super) fn page_key(&self, event: &web_sys::Event) {
        let Some(key_event) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
        if event.default_prevented() || !self.state.borrow().present.on {
            return;
        }
        let path = event.composed_path();
        let first = path.get(0).dyn_into::<Element>().ok();
        // Another player's keys are its own.
        if first.as_ref().is_some_and(|e| e.closest("chess-lesson, chess-quiz").ok().flatten().is_some()) && !path.includes(self.host.as_ref(), 0) {
            return;
        }
        let place = match &first {
            Some(e) if e.closest("[data-square]").ok().flatten().is_some() => KeyPlace::Square,
            Some(e)
                if matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                    || e.dyn_ref::<HtmlElement>().is_some_and(|h| h.is_content_editable()) =>
            {
                KeyPlace::TextInput
            }
            Some(e) if matches!(e.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY") => KeyPlace::Control,
            _ => KeyPlace::Page,
        };
        let modifiers = key_event.ctrl_key() || key_event.alt_key() || key_event.meta_key();
        let dragging = self.board.holding();
        let key = key_event.key();
        let action = self.state.borrow().present_key(&key, place, modifiers, dragging);
        let leave = crate::present::leaves_box(&key, place, modifiers) && path.includes(self.host.as_ref(), 0);
        if action.is_some() || leave {
            event.prevent_default();
            // Out of the box first: its count is kept (`change`), and the next keys are the
            // presenter's, on the player itself.
            if let Some(lp) =
                self.root.query_selector(".lp").ok().flatten().and_then(|e| e.dyn_into::<HtmlElement>().ok()).filter(|_| place == KeyPlace::TextInput)
            {
                focus_in_place(&lp);
            }
        }
        if let Some(action) = action {
            self.act(action, None);
        }
    }
}

/// The action an element's attribute names (`data-act`, `data-enter`, `data-change`); the render
/// writes only readable ones.
fn action_of(el: &Element, attribute: &str) -> Option<Action> {
    el.get_attribute(attribute)?.parse().ok()
}

fn target_with(event: &web_sys::Event, selector: &str) -> Option<Element> {
    let path = event.composed_path();
    let first = path.get(0).dyn_into::<Element>().ok()?;
    first.closest(selector).ok().flatten()
}
