//! The clock's shadow DOM as a `qitong_view::node` tree (pure, tested natively): two big faces, the
//! arbiter's pause button, a status line and an alert line, built once by the widget; every
//! text is set later, as text.

use qitong_view::node::{div, el, text_node, Node};

/// A face of one side: its name, a space, its time (both filled in by the widget).
fn face(side: &str) -> Node {
    el("button")
        .attr("type", "button")
        .class("face")
        .class(side)
        .attr("part", format!("face {side}"))
        .attr("aria-pressed", "false")
        .child(el("span").class("side"))
        .child(text_node(" "))
        .child(el("span").class("time"))
}

/// The whole content of the shadow root, `css` its stylesheet.
pub fn skeleton(css: &str) -> Vec<Node> {
    let bar = div("bar")
        .child(el("button").attr("type", "button").class("pause").attr("part", "pause").attr("disabled", ""))
        .child(el("p").class("status").attr("part", "status").attr("role", "status"));
    let clock = div("clock")
        .attr("role", "group")
        .attr("part", "clock")
        .child(div("faces").child(face("white")).child(face("black")))
        .child(bar)
        .child(el("p").class("alert").attr("part", "alert").attr("role", "alert"));
    vec![el("style").text(css), clock]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_faces_a_pause_and_the_live_lines_and_no_words_yet() {
        let [style, clock] = <[Node; 2]>::try_from(skeleton("p{}")).expect("the style and the clock");
        assert_eq!((style.tag, style.text.as_deref()), ("style", Some("p{}")));
        let parts: Vec<&str> = clock.walk().into_iter().filter_map(|n| n.get("part")).collect();
        assert_eq!(parts, ["clock", "face white", "face black", "pause", "status", "alert"]);
        assert_eq!(clock.find("class", "pause").and_then(|b| b.get("disabled")), Some(""));
        // The space between a face's name and time is the only text.
        assert_eq!(clock.all_text().trim(), "");
        assert_eq!(clock.find("class", "face white").map(|f| f.children.iter().map(|c| c.tag).collect::<Vec<_>>()), Some(vec!["span", "", "span"]));
    }
}
