//! The check page's problem list as `qitong_view::node` trees (pure, tested natively): a problem on a
//! line gets a button that selects the line, the whole file's a label.

use crate::state::Shown;
use qitong_view::node::{el, Node};

/// The list items for `problems`, in order.
pub fn problem_items(problems: &[Shown]) -> Vec<Node> {
    problems
        .iter()
        .map(|problem| {
            let place = match problem.line {
                Some(line) => el("button").attr("type", "button").class("place").attr("data-line", line.to_string()),
                None => el("span").class("place"),
            };
            el("li").child(place.text(problem.place.as_str())).child(el("span").class("message").text(problem.message.as_str()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_on_a_line_jumps_to_it_and_the_whole_file_has_a_label() {
        let items = problem_items(&[
            Shown { line: Some(7), place: "line 7 · step 1".into(), message: "no board".into() },
            Shown { line: None, place: "the whole file".into(), message: "empty".into() },
        ]);
        assert_eq!(items.len(), 2);
        let jump = &items[0].children[0];
        assert_eq!((jump.tag, jump.get("data-line"), jump.text.as_deref()), ("button", Some("7"), Some("line 7 · step 1")));
        assert_eq!(items[0].children[1].text.as_deref(), Some("no board"));
        let label = &items[1].children[0];
        assert_eq!((label.tag, label.get("data-line")), ("span", None));
    }
}
