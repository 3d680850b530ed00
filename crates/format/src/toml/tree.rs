//! A parsed TOML document as JSON, lines kept: the compiled form in which the site ships its own
//! lesson files, so that a page showing only those needs no TOML reader — the JSON reader it
//! has anyway for progress reads them back into the same [`Table`], and the lesson loader
//! checks them with the same line numbers as the source.
//!
//! A value is `[line, tag, payload]`: `"s"` a string, `"i"` an integer (a JSON number), `"f"` a
//! float (its text), `"b"` a boolean, `"a"` an array of values, `"t"` a table
//! `[name, [[key, key line, value], …]]`. The whole document is its top-level table's value; a
//! file the TOML reader refused is `{"error": [line, column, message]}`, so that the page shows
//! the same problem as for the source.

use super::value::{Float, Origin, Table, Value, ValueKind};
use super::TomlError;
use crate::json::{self, Number};
use core::fmt::Write as _;

/// The compiled form of a TOML document's text (its error, when the TOML reader refuses it).
pub fn compile(src: &str) -> String {
    match super::parse(src) {
        Ok(table) => to_tree(&table),
        Err(error) => {
            let mut out = format!("{{\"error\":[{},{},", error.line, error.column);
            json::write_string(&error.message, &mut out);
            out.push_str("]}");
            out
        }
    }
}

/// The compiled form of `table` (a whole document from [`super::parse`]).
pub fn to_tree(table: &Table) -> String {
    let mut out = String::new();
    write_table(table, table.line(), &mut out);
    out
}

fn write_table(table: &Table, line: usize, out: &mut String) {
    let _ = write!(out, "[{line},\"t\",[");
    json::write_string(table.name(), out);
    out.push_str(",[");
    for (i, entry) in table.entries().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        json::write_string(&entry.key, out);
        let _ = write!(out, ",{},", entry.line);
        write_value(&entry.value, out);
        out.push(']');
    }
    out.push_str("]]]");
}

fn write_value(value: &Value, out: &mut String) {
    let line = value.line;
    match &value.kind {
        ValueKind::String(s) => {
            let _ = write!(out, "[{line},\"s\",");
            json::write_string(s, out);
            out.push(']');
        }
        ValueKind::Integer(n) => {
            let _ = write!(out, "[{line},\"i\",{n}]");
        }
        ValueKind::Float(f) => {
            let _ = write!(out, "[{line},\"f\",");
            json::write_string(f.text(), out);
            out.push(']');
        }
        ValueKind::Boolean(b) => {
            let _ = write!(out, "[{line},\"b\",{b}]");
        }
        ValueKind::Array(items) => {
            let _ = write!(out, "[{line},\"a\",[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(item, out);
            }
            out.push_str("]]");
        }
        ValueKind::Table(t) => write_table(t, line, out),
    }
}

/// Reads a compiled document back into its top-level table.
///
/// # Errors
///
/// Text that is not the compiled form (a broken or hand-edited file): a [`TomlError`] at line 1
/// saying so, since the form has no lines of its own to point at.
pub fn from_tree(text: &str) -> Result<Table, TomlError> {
    let broken = || TomlError { line: 1, column: 0, message: "this compiled lesson file is damaged: build the site again".to_owned() };
    let parsed: json::Value = text.parse().map_err(|_| broken())?;
    if let Some(refused) = parsed.get("error") {
        return Err(read_error(refused).ok_or_else(broken)?);
    }
    match read_value(&parsed, 0) {
        Some(Value { kind: ValueKind::Table(table), .. }) => Ok(table),
        _ => Err(broken()),
    }
}

fn read_error(error: &json::Value) -> Option<TomlError> {
    let [line, column, message] = error.as_array()? else { return None };
    let number = |n: &json::Value| usize::try_from(n.as_number()?.as_u64()?).ok();
    Some(TomlError { line: number(line)?, column: number(column)?, message: message.as_str()?.to_owned() })
}

fn read_value(value: &json::Value, depth: usize) -> Option<Value> {
    let [line, tag, payload] = value.as_array()? else { return None };
    let line = usize::try_from(line.as_number()?.as_u64()?).ok()?;
    if depth > super::MAX_DEPTH {
        return None;
    }
    let kind = match (tag.as_str()?, payload) {
        ("s", json::Value::String(s)) => ValueKind::String(s.clone()),
        ("i", json::Value::Number(n)) => ValueKind::Integer(integer(n)?),
        ("f", json::Value::String(s)) => ValueKind::Float(Float::checked(s)),
        ("b", json::Value::Bool(b)) => ValueKind::Boolean(*b),
        ("a", json::Value::Array(items)) => ValueKind::Array(items.iter().map(|v| read_value(v, depth + 1)).collect::<Option<_>>()?),
        ("t", json::Value::Array(parts)) => ValueKind::Table(read_table(parts, line, depth)?),
        _ => return None,
    };
    Some(Value { kind, line })
}

fn read_table(parts: &[json::Value], line: usize, depth: usize) -> Option<Table> {
    let [name, entries] = parts else { return None };
    let mut table = Table::new(name.as_str()?.to_owned(), line);
    for entry in entries.as_array()? {
        let [key, key_line, value] = entry.as_array()? else { return None };
        let key_line = usize::try_from(key_line.as_number()?.as_u64()?).ok()?;
        let value = read_value(value, depth + 1)?;
        table.push(key.as_str()?, key_line, value, Origin::Value);
    }
    Some(table)
}

fn integer(n: &Number) -> Option<i64> {
    n.as_str().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LESSON: &str = "id = \"moves\" # a comment\ntitle = { zh = \"车\", en = \"Rook\" }\n\n[[step]]\nkind = \"quiz\"\nanswer = -3\nratio = 1_2.5\nok = true\nlist = [\n  \"a\",\n  [1, 2],\n]\n\n[[step]]\nkind = \"move\"\n[step.board]\nfen = \"8/8 w\"\n";

    #[test]
    fn a_document_comes_back_the_same_with_its_lines() {
        let parsed = super::super::parse(LESSON).expect("parses");
        let tree = to_tree(&parsed);
        let back = from_tree(&tree).expect("reads back");
        // Equal but for how each entry came to be (a header, a dotted key), which only the
        // TOML reader needs while it reads.
        assert_eq!(to_tree(&back), tree);
        assert_eq!(back.get("answer"), parsed.get("answer"));
        let steps = back.require_array("step").expect("steps");
        assert_eq!(steps[1].line, 14);
        let board = steps[1].as_table().and_then(|t| t.get("board")).expect("board");
        assert_eq!(board.line, 16);
        assert_eq!(board.as_table().map(Table::name), Some("step.board"));
        assert_eq!(back.entry("title").map(|e| e.line), Some(2));
    }

    #[test]
    fn a_file_the_toml_reader_refuses_compiles_to_its_error() {
        let src = "title = \"x\"\nkind = = 3\n";
        let expected = super::super::parse(src).expect_err("refused");
        assert_eq!(from_tree(&compile(src)), Err(expected));
        assert_eq!(from_tree(&compile(LESSON)), super::super::parse(LESSON).map(|t| from_tree(&to_tree(&t)).expect("tree")));
    }

    #[test]
    fn text_that_is_not_the_compiled_form_is_refused_at_line_one() {
        for bad in ["", "{}", "[1,\"t\"]", "[1,\"t\",[\"\",[[\"k\",1,[1,\"x\",0]]]]]", "[1,\"i\",1]", "[-1,\"t\",[\"\",[]]]", "[1,\"t\",[\"\",[[\"k\",1,[1,\"i\",1.5]]]]]"] {
            let error = from_tree(bad).expect_err(bad);
            assert_eq!(error.line, 1, "{bad}");
            assert!(error.message.contains("damaged"), "{bad}");
        }
    }

    #[test]
    fn nesting_deeper_than_the_reader_allows_is_refused() {
        let mut deep = String::from("[1,\"t\",[\"\",[[\"k\",1,");
        for _ in 0..=super::super::MAX_DEPTH + 1 {
            deep.push_str("[1,\"a\",[");
        }
        deep.push_str("[1,\"i\",1]");
        for _ in 0..=super::super::MAX_DEPTH + 1 {
            deep.push_str("]]");
        }
        deep.push_str("]]]]");
        assert!(from_tree(&deep).is_err());
    }
}
