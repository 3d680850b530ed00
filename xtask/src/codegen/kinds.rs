//! `tests/e2e/kinds.json`: the step kinds of the lessons crate's table (`kinds::TABLE`) for the
//! browser test that shows every kind (`lesson_kinds_shown.test.mjs`), so that a kind added to the
//! table and not to that test fails it.

use qitong_lessons::kinds::TABLE;
use qitong_lessons::Needs;
use serde_json::{json, Value};

/// The JSON file: one object per kind, in table order — its name, whether its step always has a
/// board (`board`: `"always"`, or `"optional"` when the board comes only with a `fen`), whether it
/// earns stars, whether the child moves pieces or acts on the board, and its default prompt.
pub fn render() -> String {
    let kinds: Vec<Value> = TABLE
        .iter()
        .map(|kind| {
            let board = if kind.needs == Needs::OptionalBoard { "optional" } else { "always" };
            json!({
                "name": kind.name,
                "board": board,
                "scored": kind.scored,
                "moves": kind.moves,
                "acts": kind.acts,
                "prompt": { "zh": kind.prompt.zh, "en": kind.prompt.en },
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&Value::Array(kinds)).expect("a JSON value is written");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_the_table_is_listed_once() {
        let listed: Vec<Value> = serde_json::from_str(&render()).expect("the file is JSON");
        let names: Vec<&str> = listed.iter().filter_map(|k| k["name"].as_str()).collect();
        assert_eq!(names, qitong_lessons::KINDS);
        assert_eq!(listed.iter().find(|k| k["name"] == "setup-board").map(|k| k["board"].clone()), Some(json!("always")));
        assert_eq!(listed.iter().find(|k| k["name"] == "quiz").map(|k| k["board"].clone()), Some(json!("optional")));
    }
}
