//! One redraw: copies the state's view (`board::render`) into the DOM, touching only what changed
//! since the last frame, starts the move slides, and moves the focus when the chooser opens.

use super::dom::Dom;
use super::Widget;
use crate::pieces::piece_svg;
use crate::render::{bubble_view, promotion_view, screen_cell, square_views};
use crate::shapes::shapes_svg;
use crate::skeleton::promotion;
use crate::state::BoardState;
use crate::words::fouls_line;
use qitong_rules::Color;
use qitong_view::dom::tree;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// How long a move slides, in milliseconds.
const SLIDE_MS: f64 = 180.0;

fn reduced_motion() -> bool {
    web_sys::window().and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten()).is_some_and(|m| m.matches())
}

/// `element.animate(keyframes, options)`, through JS (no web-sys animation types needed).
fn animate(element: &HtmlElement, from_transform: &str) {
    let frame = |transform: &str| {
        let object = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&object, &"transform".into(), &transform.into());
        object
    };
    let keyframes = js_sys::Array::of2(&frame(from_transform), &frame("none"));
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"duration".into(), &SLIDE_MS.into());
    let _ = js_sys::Reflect::set(&options, &"easing".into(), &"cubic-bezier(.2,.7,.3,1)".into());
    if let Ok(function) = js_sys::Reflect::get(element, &"animate".into()) {
        if let Some(function) = function.dyn_ref::<js_sys::Function>() {
            let _ = function.call2(element, &keyframes, &options);
        }
    }
}

fn set_hidden(element: &HtmlElement, hidden: bool) {
    if element.hidden() != hidden {
        element.set_hidden(hidden);
    }
}

pub fn render(widget: &Widget) {
    let focus = {
        let mut state = widget.state.borrow_mut();
        let mut dom = widget.dom.borrow_mut();
        let Some(dom) = dom.as_mut() else { return };
        let pointer = widget.pointer.borrow();
        draw_squares(dom, &state);
        let slides = state.take_slides();
        if !slides.is_empty() && !reduced_motion() {
            for (from, to) in slides {
                let (fc, fr) = screen_cell(from, dom.orientation);
                let (tc, tr) = screen_cell(to, dom.orientation);
                let (dx, dy) = ((i32::from(fc) - i32::from(tc)) * 100, (i32::from(fr) - i32::from(tr)) * 100);
                animate(&dom.pieces[dom.index_of(to)], &format!("translate({dx}%, {dy}%)"));
            }
        }
        draw_shapes(dom, &state);
        draw_preview(dom, &state);
        draw_drag(dom, pointer.as_ref(), widget.square_px.get());
        let focus = draw_promotion(dom, &state);
        // The parts under a steered board, drawn by their extension (`widget::around`).
        let refocus = widget.extensions.around.and_then(|around| around.draw(dom, &state, &widget.root));
        draw_bubble(dom, &state, widget.retry_label(state.config.lang));
        draw_chrome(dom, &state, pointer.is_some_and(|p| p.dragging));
        focus.or(refocus)
    };
    // Focusing runs our focus listener, which borrows the state: no borrow is held here.
    if let Some(element) = focus {
        let _ = element.focus();
    }
}

fn draw_squares(dom: &mut Dom, state: &BoardState) {
    for (i, view) in square_views(state).into_iter().enumerate() {
        let old = dom.drawn.squares[i].take();
        if old.as_ref().map(|o| o.flags) != Some(view.flags) {
            dom.cells[i].set_class_name(&view.class_list());
        }
        if old.as_ref().map(|o| o.piece) != Some(view.piece) {
            let slot = &dom.pieces[i];
            match view.piece {
                Some(piece) => {
                    // Markup, not a node tree: our own constant drawing of the piece, never text.
                    slot.set_inner_html(piece_svg(piece));
                    let _ = slot.set_attribute("data-piece", &piece.char().to_string());
                }
                None => {
                    slot.set_inner_html("");
                    let _ = slot.remove_attribute("data-piece");
                }
            }
        }
        if old.as_ref().map(|o| o.label.as_str()) != Some(view.label.as_str()) {
            let _ = dom.buttons[i].set_attribute("aria-label", &view.label);
        }
        dom.drawn.squares[i] = Some(view);
    }
    // Roving focus: only the focused square is in the tab order.
    let focus = dom.index_of(state.focus());
    if dom.drawn.focus != Some(focus) {
        if let Some(old) = dom.drawn.focus {
            dom.buttons[old].set_tab_index(-1);
        }
        dom.buttons[focus].set_tab_index(0);
        dom.drawn.focus = Some(focus);
    }
}

fn draw_shapes(dom: &mut Dom, state: &BoardState) {
    let svg = shapes_svg(state.shapes(), state.drawing(), dom.orientation);
    if dom.drawn.shapes.as_deref() != Some(svg.as_str()) {
        // Markup, not a node tree: geometry drawn from numbers (squares, brushes), never text.
        dom.shapes.set_inner_html(&svg);
        dom.drawn.shapes = Some(svg);
    }
}

fn draw_preview(dom: &mut Dom, state: &BoardState) {
    let preview = state.preview();
    if dom.drawn.preview == Some(preview) {
        return;
    }
    match preview {
        Some((sq, piece)) => {
            let (column, row) = screen_cell(sq, dom.orientation);
            // Our own constant drawing of the piece, never text.
            dom.preview.set_inner_html(piece_svg(piece));
            let _ = dom.preview.style().set_property("transform", &format!("translate(calc({column} * var(--sq)), calc({row} * var(--sq)))"));
            set_hidden(&dom.preview, false);
        }
        None => set_hidden(&dom.preview, true),
    }
    dom.drawn.preview = Some(preview);
}

/// The dragged piece follows the pointer (larger under a finger); its square shows a shadow.
fn draw_drag(dom: &mut Dom, pointer: Option<&super::input::Pointer>, square_px: f64) {
    let dragged = pointer.filter(|p| p.dragging);
    let lifted = dragged.map(|p| dom.index_of(p.from));
    if dom.drawn.lifted != lifted {
        if let Some(old) = dom.drawn.lifted {
            let _ = dom.pieces[old].class_list().remove_1("lifted");
        }
        if let Some(new) = lifted {
            let _ = dom.pieces[new].class_list().add_1("lifted");
        }
        dom.drawn.lifted = lifted;
    }
    match dragged {
        Some(p) => {
            if dom.drawn.ghost_piece != Some(p.piece) {
                // Our own constant drawing of the piece, never text.
                dom.ghost.set_inner_html(piece_svg(p.piece));
                dom.drawn.ghost_piece = Some(p.piece);
            }
            let half = square_px / 2.0;
            let (scale, lift) = if p.touch { ("1.6", square_px * 0.6) } else { ("1", 0.0) };
            let transform = format!("translate({}, {}) scale({scale})", super::px(p.x - half), super::px(p.y - half - lift));
            let _ = dom.ghost.style().set_property("transform", &transform);
            set_hidden(&dom.ghost, false);
        }
        None => set_hidden(&dom.ghost, true),
    }
}

/// The chooser; returns its first button when it has just opened (to be focused).
fn draw_promotion(dom: &mut Dom, state: &BoardState) -> Option<HtmlElement> {
    let view = promotion_view(state);
    if dom.drawn.promotion.as_ref() == Some(&view) {
        return None;
    }
    dom.drawn.promotion = Some(view.clone());
    let Some(view) = view else {
        set_hidden(&dom.promotion, true);
        return None;
    };
    dom.promotion.set_text_content(None);
    if let Some(document) = dom.promotion.owner_document() {
        tree::append_all(&document, &dom.promotion, &promotion(&view, state.config.lang));
    }
    let _ = dom.promotion.style().set_property("--col", &view.column.to_string());
    let _ = dom.promotion.class_list().toggle_with_force("rise", !view.from_top);
    set_hidden(&dom.promotion, false);
    dom.promotion.first_element_child().and_then(|b| b.dyn_into().ok())
}

/// `retry`: the bubble is the computer's failure, and its button (so labelled) asks again.
fn draw_bubble(dom: &mut Dom, state: &BoardState, retry: Option<&str>) {
    if let Some(button) = dom.bubble.last_element_child() {
        let label = retry.map_or_else(|| crate::words::say(crate::words::BoardText::Close, &[], state.config.lang), str::to_string);
        if button.text_content().as_deref() != Some(label.as_str()) {
            button.set_text_content(Some(&label));
        }
    }
    let view = bubble_view(state);
    if dom.drawn.bubble.as_ref() == Some(&view) {
        return;
    }
    let _ = dom.wrap.class_list().toggle_with_force("bubbled", view.is_some());
    match &view {
        Some(b) => {
            dom.bubble_text.set_text_content(Some(&b.text));
            let classes = dom.bubble.class_list();
            let _ = classes.toggle_with_force("top", b.at_top);
            let _ = classes.toggle_with_force("note", !b.refusal);
            set_hidden(&dom.bubble, false);
        }
        None => set_hidden(&dom.bubble, true),
    }
    dom.drawn.bubble = Some(view);
}

/// The board's mode classes, the toolbar and the live region.
fn draw_chrome(dom: &mut Dom, state: &BoardState, dragging: bool) {
    let mut class = String::from("board");
    for (on, name) in [
        // A steered board takes taps whatever it lets move (the page decides what they do).
        (state.config.readonly || (state.steered().is_none() && !state.can_move()), " readonly"),
        (state.promotion().is_some(), " promoting"),
        (state.pen(), " pen-mode"),
        (state.adjusting(), " adjust-mode"),
        (dragging, " dragging"),
    ] {
        if on {
            class.push_str(name);
        }
    }
    if dom.drawn.board_class.as_deref() != Some(class.as_str()) {
        dom.board.set_class_name(&class);
        let turn = state.steered().map_or(state.position().turn(), |s| s.turn);
        let turn = if turn == Color::White { "white" } else { "black" };
        let _ = dom.board.set_attribute("data-turn", turn);
        dom.drawn.board_class = Some(class);
    }
    let game = state.game();
    let fouls = fouls_line(game.fouls(Color::White), game.fouls(Color::Black), game.settings().foul_limit, state.config.lang);
    let key = format!(
        "{}|{}|{}|{}|{}|{}|{}",
        state.config.toolbar,
        state.config.readonly,
        state.pen(),
        state.shapes().is_empty(),
        state.config.class_play,
        state.adjusting(),
        fouls
    );
    if dom.drawn.toolbar.as_deref() != Some(key.as_str()) {
        set_hidden(&dom.bar, !state.config.toolbar);
        // Disabled, not hidden: the toolbar keeps its height, so the board keeps its size.
        let _ = dom.input.toggle_attribute_with_force("disabled", state.config.readonly);
        if let Some(play) = dom.movebox.last_element_child() {
            let _ = play.toggle_attribute_with_force("disabled", state.config.readonly);
        }
        let _ = dom.pen.set_attribute("aria-pressed", if state.pen() { "true" } else { "false" });
        let _ = dom.clear.toggle_attribute_with_force("disabled", state.shapes().is_empty());
        set_hidden(&dom.adjust, !state.config.class_play);
        let _ = dom.adjust.set_attribute("aria-pressed", if state.adjusting() { "true" } else { "false" });
        set_hidden(&dom.fouls, !state.config.class_play);
        dom.fouls.set_text_content(Some(&fouls));
        dom.drawn.toolbar = Some(key);
    }
    let (text, seq) = state.status();
    if dom.drawn.status_seq != Some(seq) {
        // A zero-width space on every other announcement makes a repeated sentence new text,
        // so that screen readers say it again.
        let mut shown = text.to_string();
        if seq % 2 == 1 {
            shown.push('\u{200b}');
        }
        dom.status.set_text_content(Some(&shown));
        dom.drawn.status_seq = Some(seq);
    }
}
