//! A `node` tree written out as HTML, for a skeleton the browser's parser builds in one call
//! instead of one call per element and attribute (the board's 64 squares: ~500 calls across the
//! wasm boundary). Only for trees whose shape the HTML parser keeps: no table rows without their
//! body, no block inside a `<p>` (the parser would move them).

use crate::node::Node;

/// Elements without an end tag.
const VOID: [&str; 6] = ["input", "br", "img", "hr", "meta", "link"];

/// `nodes` as HTML: text and attribute values escaped, a `<style>`'s text as it is (the parser
/// reads it raw), our own constant drawings (`Node::svg`) as markup.
pub fn html(nodes: &[Node]) -> String {
    let mut out = String::new();
    for node in nodes {
        write(&mut out, node);
    }
    out
}

fn write(out: &mut String, node: &Node) {
    if node.tag.is_empty() {
        escape(out, node.text.as_deref().unwrap_or_default(), false);
        return;
    }
    out.push('<');
    out.push_str(node.tag);
    for (name, value) in &node.attrs {
        out.push(' ');
        out.push_str(name);
        out.push_str("=\"");
        escape(out, value, true);
        out.push('"');
    }
    out.push('>');
    if VOID.contains(&node.tag) {
        return;
    }
    // As `dom::tree`: a drawing replaces the text.
    if let Some(markup) = node.svg {
        out.push_str(markup);
    } else if let Some(text) = &node.text {
        if node.tag == "style" {
            out.push_str(text);
        } else {
            escape(out, text, false);
        }
    }
    for child in &node.children {
        write(out, child);
    }
    out.push_str("</");
    out.push_str(node.tag);
    out.push('>');
}

fn escape(out: &mut String, text: &str, attribute: bool) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            // A no-break space would be read back as itself: only the parser's own escapes.
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::{div, el, text_node};

    #[test]
    fn text_and_attributes_are_escaped_and_style_is_raw() {
        let nodes = vec![
            el("style").text(".a > .b { content: \"&\" }"),
            div("x").attr("aria-label", "\"<a> & b\"").text("1 < 2 & 3 > 2").child(el("input").attr("name", "m")).child(text_node("<i>")),
        ];
        assert_eq!(
            html(&nodes),
            "<style>.a > .b { content: \"&\" }</style><div class=\"x\" aria-label=\"&quot;&lt;a&gt; &amp; b&quot;\">1 &lt; 2 &amp; 3 &gt; 2<input name=\"m\">&lt;i&gt;</div>"
        );
    }

    #[test]
    fn a_drawing_is_markup_after_the_text() {
        let node = crate::node::Node { svg: Some("<svg viewBox=\"0 0 1 1\"></svg>"), ..el("button").attr("type", "button") };
        assert_eq!(html(&[node]), "<button type=\"button\"><svg viewBox=\"0 0 1 1\"></svg></button>");
    }
}
