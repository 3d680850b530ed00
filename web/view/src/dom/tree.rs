//! Builds a `Node` tree into real elements: text as text nodes, SVG elements in their
//! namespace, our own constant drawings (pieces, icons) as markup.

use crate::node::Node;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// The element for `node` and its children.
pub fn build(document: &Document, node: &Node) -> Result<Element, JsValue> {
    let svg = matches!(node.tag, "svg" | "g" | "line" | "polygon" | "circle");
    let element = if svg { document.create_element_ns(Some(SVG_NS), node.tag)? } else { document.create_element(node.tag)? };
    for (name, value) in &node.attrs {
        element.set_attribute(name, value)?;
    }
    if let Some(text) = &node.text {
        element.append_child(&document.create_text_node(text))?;
    }
    if let Some(markup) = node.svg {
        // A constant drawing of ours (a piece, an icon), never text from a lesson or a user.
        element.set_inner_html(markup);
    }
    for child in &node.children {
        if child.tag.is_empty() {
            // A bare text node (`node::text_node`).
            element.append_child(&document.create_text_node(child.text.as_deref().unwrap_or_default()))?;
        } else {
            let built = build(document, child)?;
            element.append_child(&built)?;
        }
    }
    Ok(element)
}

/// Appends the elements for `nodes` to `parent` (an element or a shadow root), in order (a node
/// the DOM refuses is left out).
pub fn append_all(document: &Document, parent: &web_sys::Node, nodes: &[Node]) {
    for node in nodes {
        if let Ok(element) = build(document, node) {
            let _ = parent.append_child(&element);
        }
    }
}
