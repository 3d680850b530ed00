//! A tiny element tree that the views' pure renders produce (the lesson player, the home page,
//! the points page) and `dom::tree` builds: text always goes in as text nodes, never as HTML;
//! only our own constant drawings (pieces, icons) are markup.

/// One element: its tag, attributes, text and children.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    pub tag: &'static str,
    pub attrs: Vec<(&'static str, String)>,
    /// Text content, inserted as a text node before the children.
    pub text: Option<String>,
    /// One of our own constant SVG drawings (a piece from [`crate::pieces`], a toolbar icon),
    /// replacing the text: never text from outside.
    pub svg: Option<&'static str>,
    pub children: Vec<Node>,
}

/// A new element.
pub fn el(tag: &'static str) -> Node {
    Node { tag, ..Node::default() }
}

/// A bare text node among an element's children (the space between two spans): its tag is
/// empty, only its text counts.
pub fn text_node(text: impl Into<String>) -> Node {
    Node { text: Some(text.into()), ..Node::default() }
}

/// An element with a class.
pub fn div(class: &str) -> Node {
    el("div").class(class)
}

/// A `<button type="button">` doing `action` when pressed: its text form goes into `data-act`
/// (the lesson player's `Action`s; the home page's own two).
pub fn button(class: &str, action: impl core::fmt::Display, label: &str) -> Node {
    action_button(class, action, label)
}

/// A `<button type="button">` of a page view, `action`'s text form in its `data-act` (which
/// the page's one click listener parses back): every view names its actions in `data-act`.
pub fn action_button(class: &str, action: impl core::fmt::Display, label: impl Into<String>) -> Node {
    el("button").attr("type", "button").class(class).attr("data-act", action.to_string()).text(label)
}

/// A labelled group of toggle buttons, `class` on the group: each `(action, label, pressed)`
/// becomes a `choice` button whose `data-act` is `action` and whose `aria-pressed` says
/// whether it is the chosen one.
pub fn choice_group<'a>(class: &str, label: &str, choices: impl IntoIterator<Item = (String, &'a str, bool)>) -> Node {
    div(class).attr("role", "group").attr("aria-label", label).child(el("span").class("choices-label").text(label)).children(
        choices
            .into_iter()
            .map(|(action, text, pressed)| action_button("choice", action, text).attr("aria-pressed", if pressed { "true" } else { "false" })),
    )
}

impl Node {
    pub fn attr(mut self, name: &'static str, value: impl Into<String>) -> Node {
        self.attrs.push((name, value.into()));
        self
    }

    /// Adds a class (several calls make a space-separated list).
    pub fn class(mut self, class: &str) -> Node {
        if class.is_empty() {
            return self;
        }
        match self.attrs.iter_mut().find(|(n, _)| *n == "class") {
            Some((_, v)) => {
                v.push(' ');
                v.push_str(class);
            }
            None => self.attrs.push(("class", class.to_owned())),
        }
        self
    }

    pub fn text(mut self, text: impl Into<String>) -> Node {
        self.text = Some(text.into());
        self
    }

    pub fn child(mut self, child: Node) -> Node {
        self.children.push(child);
        self
    }

    pub fn children(mut self, children: impl IntoIterator<Item = Node>) -> Node {
        self.children.extend(children);
        self
    }

    /// The value of attribute `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// Every node of the tree, depth first (for tests and lookups).
    pub fn walk(&self) -> Vec<&Node> {
        let mut out = vec![self];
        for child in &self.children {
            out.extend(child.walk());
        }
        out
    }

    /// The first node whose attribute `name` is `value`.
    pub fn find(&self, name: &str, value: &str) -> Option<&Node> {
        self.walk().into_iter().find(|n| n.get(name) == Some(value))
    }

    /// All the text of the tree, joined by spaces.
    pub fn all_text(&self) -> String {
        let parts: Vec<&str> = self.walk().into_iter().filter_map(|n| n.text.as_deref()).collect();
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_accumulate_and_lookups_find_nested_nodes() {
        let tree = div("a").class("b").child(button("go", "next", "下一步"));
        assert_eq!(tree.get("class"), Some("a b"));
        assert_eq!(tree.find("data-act", "next").and_then(|n| n.text.as_deref()), Some("下一步"));
        assert_eq!(tree.all_text(), "下一步");
        assert!(tree.find("data-act", "back").is_none());
    }

    #[test]
    fn a_choice_group_presses_only_the_chosen_button() {
        let group = choice_group("choices", "Result", [("a".to_string(), "A", false), ("b".to_string(), "B", true)]);
        assert_eq!((group.get("role"), group.get("aria-label")), (Some("group"), Some("Result")));
        assert_eq!(group.find("aria-pressed", "true").and_then(|n| n.get("data-act")), Some("b"));
        assert_eq!(group.all_text(), "Result A B");
    }
}
