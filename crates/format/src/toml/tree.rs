//! A parsed TOML document as JSON, lines kept: the compiled form in which the site ships its own
//! lesson files, so that a page showing only those needs no TOML reader — the JSON reader it
//! has anyway for progress reads them back into the same [`Table`], and the lesson loader
//! checks them with the same line numbers as the source.
//!
//! `[[lines], [names], value]`: the document as plain JSON — a string, an integer (a JSON
//! number), a boolean, an array, a table as an object (its keys in file order); a float, which
//! JSON cannot tell from an integer, as `[null, "its text"]` — with its lines apart, in reading
//! order (each value's, then an array's items, or each of a table's keys followed by its value),
//! each the step from the one before (0, 1, 2 … written 0, 2, 4 …; a step back −1, −2 … as
//! 1, 3 …): mostly 0 and 2, which gzip all but removes. A table's name is its path of keys
//! joined by dots (`step.option.text`); the names list gives it only where it is something else
//! (a key in quotes: `step."a b"`), as `table number in reading order, name, …`. A file the TOML
//! reader refused is `{"error": [line, column, message]}`, so that the page shows the same
//! problem as for the source.
//!
//! This form is a quarter smaller gzipped than the first one, which wrote each value as
//! `[line, tag, payload]` and each table's name and keys' lines in full (the site's 59 lesson
//! files 111.8 → 84.3 KB, the first lesson page's two 3.3 → 2.3 KB; measured 2026-12-03).

use super::value::{Float, Origin, Table, Value, ValueKind};
use super::TomlError;
use crate::json;
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

/// The name a table below the one named `parent`, at `key`, has unless the form says otherwise
/// (for bare keys, the name the TOML reader gives it).
fn path(parent: &str, key: &str) -> String {
    let mut name = String::with_capacity(parent.len() + 1 + key.len());
    if !parent.is_empty() {
        name.push_str(parent);
        name.push('.');
    }
    name.push_str(key);
    name
}

/// A difference of lines as a number ≥ 0: 0, 1, 2 … as 0, 2, 4 …; −1, −2 … as 1, 3 ….
fn zigzag(step: i64) -> u64 {
    if step < 0 {
        step.unsigned_abs() * 2 - 1
    } else {
        step.unsigned_abs() * 2
    }
}

/// What the writer collects besides the values.
struct Writer {
    out: String,
    lines: String,
    last_line: usize,
    tables: usize,
    names: String,
}

impl Writer {
    fn line(&mut self, line: usize) {
        if !self.lines.is_empty() {
            self.lines.push(',');
        }
        // Lines go down in reading order but for the rare table written before its parent: a
        // step back is an odd number (`zigzag`).
        let _ = write!(self.lines, "{}", zigzag(line as i64 - self.last_line as i64));
        self.last_line = line;
    }

    fn value(&mut self, value: &Value, parent: &str, key: &str) {
        self.line(value.line);
        match &value.kind {
            ValueKind::String(s) => json::write_string(s, &mut self.out),
            ValueKind::Integer(n) => {
                let _ = write!(self.out, "{n}");
            }
            ValueKind::Float(f) => {
                self.out.push_str("[null,");
                json::write_string(f.text(), &mut self.out);
                self.out.push(']');
            }
            ValueKind::Boolean(b) => {
                let _ = write!(self.out, "{b}");
            }
            ValueKind::Array(items) => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.value(item, parent, key);
                }
                self.out.push(']');
            }
            ValueKind::Table(table) => self.table(table, &path(parent, key)),
        }
    }

    fn table(&mut self, table: &Table, name: &str) {
        if table.name() != name {
            let _ = write!(self.names, ",{},", self.tables);
            json::write_string(table.name(), &mut self.names);
        }
        self.tables += 1;
        self.out.push('{');
        for (i, entry) in table.entries().iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            }
            json::write_string(&entry.key, &mut self.out);
            self.out.push(':');
            self.line(entry.line);
            self.value(&entry.value, table.name(), &entry.key);
        }
        self.out.push('}');
    }
}

/// The compiled form of `table` (a whole document from [`super::parse`]).
pub fn to_tree(table: &Table) -> String {
    let mut writer = Writer { out: String::new(), lines: String::new(), last_line: 0, tables: 0, names: String::new() };
    // The document is a table value starting at the table's line.
    writer.line(table.line());
    writer.table(table, &path("", ""));
    let Writer { out, lines, names, .. } = writer;
    let names = names.strip_prefix(',').unwrap_or_default();
    format!("[[{lines}],[{names}],{out}]")
}

/// Reads a compiled document back into its top-level table.
///
/// # Errors
///
/// Text that is not the compiled form (a broken or hand-edited file): a [`TomlError`] at line 0,
/// the whole file, saying so — the form has no lines of its own to point at, and the site's pages
/// tell this damage from a problem of the lesson's source by that line (issue 29). So is a raw
/// U+FFFD, which the writer never leaves (it writes `\ufffd`): bytes mangled on their way, in
/// a copy that may still be JSON of the right shape.
pub fn from_tree(text: &str) -> Result<Table, TomlError> {
    let broken = || TomlError { line: 0, column: 0, message: "this compiled lesson file is damaged: build the site again".to_owned() };
    if text.contains('\u{fffd}') {
        return Err(broken());
    }
    let parsed: json::Value = text.parse().map_err(|_| broken())?;
    if let Some(refused) = parsed.get("error") {
        return Err(read_error(refused).ok_or_else(broken)?);
    }
    let Some([json::Value::Array(lines), json::Value::Array(names), tree]) = parsed.as_array() else { return Err(broken()) };
    let mut reader = Reader { lines: lines.iter(), line: 0, names, tables: 0 };
    match reader.value(tree, "", "", 0) {
        Some(Value { kind: ValueKind::Table(table), .. }) if reader.lines.next().is_none() && reader.names.is_empty() => Ok(table),
        _ => Err(broken()),
    }
}

fn read_error(error: &json::Value) -> Option<TomlError> {
    let [line, column, message] = error.as_array()? else { return None };
    let number = |n: &json::Value| usize::try_from(n.as_number()?.as_u64()?).ok();
    Some(TomlError { line: number(line)?, column: number(column)?, message: message.as_str()?.to_owned() })
}

/// The reader's place in the lines and the tables.
struct Reader<'a> {
    lines: core::slice::Iter<'a, json::Value>,
    line: usize,
    names: &'a [json::Value],
    tables: usize,
}

impl Reader<'_> {
    /// The next line: the last one plus the next difference (see `zigzag`).
    fn line(&mut self) -> Option<usize> {
        let step = usize::try_from(self.lines.next()?.as_number()?.as_u64()?).ok()?;
        let line = if step % 2 == 0 { self.line.checked_add(step / 2) } else { self.line.checked_sub(step / 2 + 1) };
        self.line = line.filter(|&line| line > 0)?;
        Some(self.line)
    }

    /// The name of the next table: `path`, unless the form gives it (the next pair of `names`,
    /// in table order).
    fn name(&mut self, path: String) -> Option<String> {
        let number = self.tables as u64;
        self.tables += 1;
        match self.names {
            [at, name, rest @ ..] if at.as_number()?.as_u64()? == number => {
                self.names = rest;
                Some(name.as_str()?.to_owned())
            }
            _ => Some(path),
        }
    }

    /// A value at `key` of the table named `parent` (or an item of the array there).
    fn value(&mut self, value: &json::Value, parent: &str, key: &str, depth: usize) -> Option<Value> {
        let line = self.line()?;
        if depth > super::MAX_DEPTH {
            return None;
        }
        let kind = match value {
            json::Value::String(s) => ValueKind::String(s.clone()),
            json::Value::Number(n) => ValueKind::Integer(n.as_str().parse().ok()?),
            json::Value::Bool(b) => ValueKind::Boolean(*b),
            json::Value::Array(items) => match &items[..] {
                [json::Value::Null, json::Value::String(text)] => ValueKind::Float(Float::checked(text)),
                _ => ValueKind::Array(items.iter().map(|item| self.value(item, parent, key, depth + 1)).collect::<Option<_>>()?),
            },
            json::Value::Object(entries) => {
                let mut table = Table::new(self.name(path(parent, key))?, line);
                for (key, value) in entries {
                    let key_line = self.line()?;
                    let value = self.value(value, table.name(), key, depth + 1)?;
                    table.push(key, key_line, value, Origin::Value);
                }
                ValueKind::Table(table)
            }
            json::Value::Null => return None,
        };
        Some(Value { kind, line })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LESSON: &str = "id = \"moves\" # a comment\ntitle = { zh = \"车\", en = \"Rook\" }\n\n[[step]]\nkind = \"quiz\"\nanswer = -3\nratio = 1_2.5\nok = true\nlist = [\n  \"a\",\n  [1, 2],\n  { x = 1 },\n]\n\n[[step]]\nkind = \"move\"\n[step.board]\nfen = \"8/8 w\"\n\"a b\".c = inf\n";

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
        assert_eq!(
            steps[0].as_table().and_then(|t| t.get("ratio")),
            parsed.require_array("step").expect("steps")[0].as_table().and_then(|t| t.get("ratio"))
        );
        assert_eq!(steps[1].line, 15);
        let board = steps[1].as_table().and_then(|t| t.get("board")).expect("board");
        assert_eq!(board.line, 17);
        assert_eq!(board.as_table().map(Table::name), Some("step.board"));
        let dotted = board.as_table().and_then(|t| t.get("a b")).and_then(Value::as_table).expect("a dotted key's table");
        assert_eq!((dotted.name(), dotted.line()), ("step.board.\"a b\"", 19));
        let list = steps[0].as_table().and_then(|t| t.get("list")).and_then(Value::as_array).expect("list");
        assert_eq!(list[2].as_table().map(|t| (t.name(), t.line())), Some(("step.list", 12)));
        assert_eq!(back.entry("title").map(|e| e.line), Some(2));
        assert_eq!(back, parsed_without_origins(&parsed));
    }

    /// `table` as the compiled form gives it back: every entry's origin a plain value.
    fn parsed_without_origins(table: &Table) -> Table {
        let mut out = Table::new(table.name().to_owned(), table.line());
        for entry in table.entries() {
            out.push(&entry.key, entry.line, without_origins(&entry.value), Origin::Value);
        }
        out
    }

    fn without_origins(value: &Value) -> Value {
        let kind = match &value.kind {
            ValueKind::Table(t) => ValueKind::Table(parsed_without_origins(t)),
            ValueKind::Array(items) => ValueKind::Array(items.iter().map(without_origins).collect()),
            other => other.clone(),
        };
        Value { kind, line: value.line }
    }

    #[test]
    fn the_lines_are_differences_and_only_unusual_names_are_written() {
        let tree = to_tree(&super::super::parse("a = 1\n\nb = { c = true }\n").expect("parses"));
        assert_eq!(tree, "[[2,0,0,4,0,0,0],[],{\"a\":1,\"b\":{\"c\":true}}]");
        // A table written after a later one's header goes back in the lines: an odd step.
        let later = super::super::parse("[a]\np = 1\n[b]\nq = 2\n[a.c]\nr = 3\n").expect("parses");
        let tree = to_tree(&later);
        assert_eq!(tree, "[[2,0,0,2,0,6,0,2,0,5,0,2,0],[],{\"a\":{\"p\":1,\"c\":{\"r\":3}},\"b\":{\"q\":2}}]");
        assert_eq!(from_tree(&tree).map(|t| to_tree(&t)).as_deref(), Ok(tree.as_str()));
        // A table whose name is not its path (none the TOML reader makes) keeps its own.
        let mut odd = Table::new(String::new(), 1);
        odd.push("k", 2, Value { kind: ValueKind::Table(Table::new("elsewhere".into(), 2)), line: 2 }, Origin::Value);
        let tree = to_tree(&odd);
        assert_eq!(tree, "[[2,2,0],[1,\"elsewhere\"],{\"k\":{}}]");
        assert_eq!(
            from_tree(&tree).ok().and_then(|t| t.get("k").and_then(Value::as_table).map(|t| t.name().to_owned())).as_deref(),
            Some("elsewhere")
        );
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
        let bad = [
            "",
            "{}",
            "[1,\"t\",[\"\",[]]]",
            "[[2],[],[]]",
            "[[2],[],{}",
            "[[2],{}]",
            "[[2],[]]",
            "[[2,0],[],{}]",
            "[[],[],{}}",
            "[[0],[],{}}",
            "[[-2],[],{}}",
            "[[2,1,0],[],{\"k\":1}]",
            "[[2,0,0],[],{\"k\":1.5}]",
            "[[2,0,0],[],{\"k\":null}]",
            "[[2],1,{}]",
            "[[2],[5,\"x\"],{}]",
            "[[2,0,0],[],{\"k\":[null,1]}]",
        ];
        for bad in bad {
            let error = from_tree(bad).expect_err(bad);
            assert_eq!(error.line, 0, "{bad}");
            assert!(error.message.contains("damaged"), "{bad}");
        }
    }

    /// A U+FFFD in the source is written escaped; a raw one is bytes mangled on the copy's way
    /// (issue 29: such a copy was valid JSON, and its lesson blamed on the TOML).
    #[test]
    fn a_raw_replacement_character_is_damage_and_a_written_one_is_escaped() {
        let tree = to_tree(&super::super::parse("t = \"a\u{fffd}b\"\n").expect("parses"));
        assert!(tree.contains("\\ufffd") && !tree.contains('\u{fffd}'), "{tree}");
        assert_eq!(from_tree(&tree).ok().and_then(|t| t.get("t").and_then(Value::as_str).map(str::to_owned)).as_deref(), Some("a\u{fffd}b"));
        let mangled = to_tree(&super::super::parse("t = \"象棋\"\n").expect("parses")).replace('棋', "\u{fffd}");
        assert_eq!(from_tree(&mangled).map_err(|e| e.line), Err(0));
    }

    #[test]
    fn nesting_deeper_than_the_reader_allows_is_refused() {
        // A line for the document, the key, each array and the number.
        let nested = |levels: usize| format!("[[2{}],[],{{\"k\":{}1{}}}]", ",0".repeat(levels + 2), "[".repeat(levels), "]".repeat(levels));
        assert!(from_tree(&nested(2)).is_ok(), "{}", nested(2));
        assert!(from_tree(&nested(super::super::MAX_DEPTH + 2)).is_err());
    }
}
