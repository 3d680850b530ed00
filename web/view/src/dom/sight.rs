//! Bringing an element into sight after an input: just into the screen (and into every
//! scrolling box around it), no further, so that what is already in sight stays put; and the
//! keyboard moved without the browser's own scroll (which centres the element).

use web_sys::{Element, FocusOptions, HtmlElement, ScrollIntoViewOptions, ScrollLogicalPosition};

/// Scrolls `el` just into sight (`scrollIntoView({ block: 'nearest', inline: 'nearest' })`).
pub fn into_sight(el: &Element) {
    let options = ScrollIntoViewOptions::new();
    options.set_block(ScrollLogicalPosition::Nearest);
    options.set_inline(ScrollLogicalPosition::Nearest);
    el.scroll_into_view_with_scroll_into_view_options(&options);
}

/// Focuses `el` without scrolling: a redraw under a child's finger must not move the page.
pub fn focus_in_place(el: &HtmlElement) {
    let options = FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = el.focus_with_options(&options);
}
