//! The document's grammar: `key = value` lines, `[table]` and `[[array]]` headers, arrays and
//! inline tables, and TOML's rules for which tables may be defined or extended where.

use super::cursor::{is_lookalike, Cursor, Mark};
use super::scalar::EXPECTED_VALUE;
use super::value::{join_key, Entry, Origin, Table, Value, ValueKind};
use super::{TomlError, MAX_DEPTH};

/// One part of a (possibly dotted) key, with where it was written.
struct Key {
    name: String,
    mark: Mark,
}

struct Parser<'a> {
    cursor: Cursor<'a>,
    root: Table,
    /// Where `key = value` lines go: entry indices from the root (the last table of an array
    /// of tables), set by the latest header.
    current: Vec<usize>,
    /// The dotted name of that table.
    current_name: String,
}

/// Reads a document (without its byte order mark).
pub(super) fn parse_document(src: &str) -> Result<Table, TomlError> {
    let root = Table::new(String::new(), 1);
    let mut parser = Parser { cursor: Cursor::new(src), root, current: Vec::new(), current_name: String::new() };
    loop {
        let cursor = &mut parser.cursor;
        cursor.skip_whitespace();
        cursor.comment()?;
        if cursor.line_end()? {
            continue;
        }
        match cursor.peek() {
            None => break,
            Some(b'[') => parser.header()?,
            Some(_) => parser.key_value_line()?,
        }
    }
    Ok(parser.root)
}

/// The dotted name of `keys` below the table named `prefix`.
fn join_path(prefix: &str, keys: &[Key]) -> String {
    keys.iter().fold(prefix.to_owned(), |name, key| join_key(&name, &key.name))
}

/// The path of keys as a dotted name, for messages.
fn dotted(keys: &[Key]) -> String {
    join_path("", keys)
}

fn new_table(name: String, line: usize) -> Value {
    Value { kind: ValueKind::Table(Table::new(name, line)), line }
}

/// The key as a teacher wrote it, in quotes unless it has quotes of its own: `"board.size"`.
fn shown(keys: &[Key]) -> String {
    let name = dotted(keys);
    if name.contains('"') {
        name
    } else {
        format!("\"{name}\"")
    }
}

/// The table below `table` at entry `index` (for an array of tables, its last table).
fn child_table(table: &mut Table, index: usize) -> Option<&mut Table> {
    match &mut table.entry_mut(index)?.value.kind {
        ValueKind::Table(child) => Some(child),
        ValueKind::Array(items) => match &mut items.last_mut()?.kind {
            ValueKind::Table(child) => Some(child),
            _ => None,
        },
        _ => None,
    }
}

/// What an existing entry is, for messages about clashes with it.
fn describe(entry: &Entry, name: &str) -> String {
    let line = entry.value.line;
    match (entry.origin, &entry.value.kind) {
        (Origin::Header | Origin::Implicit, _) => format!("a table [{name}] (line {line})"),
        (Origin::Dotted, _) => format!("a table {name} made with dotted keys (line {line})"),
        (Origin::ArrayOfTables, _) => format!("an array of tables [[{name}]] (line {line})"),
        (_, ValueKind::Table(_)) => {
            format!("an inline table {name} = {{ ... }} (line {line}), which cannot be extended")
        }
        (_, ValueKind::Array(_)) => {
            format!("an array {name} = [ ... ] (line {line}); write [[{name}]] before each table of a list of tables")
        }
        _ => format!("a value {name} = ... (line {line})"),
    }
}

fn internal(mark_line: usize) -> TomlError {
    TomlError::at_line(mark_line, "the reader lost its place in the file (please report this file)")
}

impl Parser<'_> {
    fn error_at(&self, mark: Mark, message: String) -> TomlError {
        self.cursor.error_at(mark, message)
    }

    /// A key, dotted or not: `title`, `"标题"`, `board.size`.
    fn key_path(&mut self, depth: usize) -> Result<Vec<Key>, TomlError> {
        let mut keys = Vec::new();
        loop {
            self.cursor.skip_whitespace();
            keys.push(self.key()?);
            if depth + keys.len() > MAX_DEPTH {
                return Err(self.cursor.error(format!("keys and values are nested too deeply (more than {MAX_DEPTH} levels)")));
            }
            self.cursor.skip_whitespace();
            if !self.cursor.eat(b'.') {
                return Ok(keys);
            }
        }
    }

    fn key(&mut self) -> Result<Key, TomlError> {
        let mark = self.cursor.mark();
        if matches!(self.cursor.peek(), Some(b'"' | b'\'')) {
            let name = self.cursor.string(false)?;
            return Ok(Key { name, mark });
        }
        let rest = self.cursor.rest();
        let bare_len = rest.bytes().take_while(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-').count();
        let after = rest.get(bare_len..).and_then(|s| s.chars().next());
        let ends_well = after.is_none_or(|c| matches!(c, ' ' | '\t' | '\r' | '\n' | '.' | '=' | ']' | '#' | ',' | '}' | ':') || is_lookalike(c));
        if !ends_well {
            let end = rest.find([' ', '\t', '\r', '\n', '.', '=', ']']).unwrap_or(rest.len());
            let written = rest.get(..end).unwrap_or(rest);
            return Err(self.error_at(
                mark,
                format!("the key {written} must be written in quotes: \"{written}\" (keys without quotes may only use A-Z, a-z, 0-9, _ and -)"),
            ));
        }
        if bare_len == 0 {
            let found = self.cursor.found();
            let message =
                if self.cursor.peek() == Some(b'=') { "expected a key before '='".to_owned() } else { format!("expected a key, found {found}") };
            return Err(self.error_at(mark, message));
        }
        let name = rest.get(..bare_len).unwrap_or("").to_owned();
        self.cursor.skip(bare_len);
        Ok(Key { name, mark })
    }

    /// `=` after a key, with the spaces around it.
    fn equals(&mut self, keys: &[Key]) -> Result<(), TomlError> {
        if self.cursor.eat(b'=') {
            self.cursor.skip_whitespace();
            return Ok(());
        }
        let found = self.cursor.found();
        let rest = self.cursor.rest();
        let hint = if rest.starts_with([':', '：']) {
            " (TOML puts '=' between a key and its value: key = value)"
        } else if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || !(c.is_ascii() || is_lookalike(c))) {
            " (a key with spaces must be written in quotes)"
        } else {
            ""
        };
        Err(self.cursor.error(format!("expected '=' after the key {}, found {found}{hint}", shown(keys))))
    }

    fn key_value_line(&mut self) -> Result<(), TomlError> {
        let depth = self.current.len();
        let keys = self.key_path(depth)?;
        self.equals(&keys)?;
        let name = join_path(&self.current_name, &keys);
        let value = self.value(depth + keys.len(), &name)?;
        let line = self.cursor.line();
        let mut table = &mut self.root;
        for &index in &self.current {
            table = child_table(table, index).ok_or_else(|| internal(line))?;
        }
        insert(&self.cursor, table, &self.current_name, &keys, value)?;
        self.cursor.end_of_line("the value")
    }

    /// `[a.b]` or `[[a.b]]`: defines the table (or appends one to the array) and makes it
    /// the place for the following `key = value` lines.
    fn header(&mut self) -> Result<(), TomlError> {
        let line = self.cursor.line();
        self.cursor.bump();
        let array = self.cursor.eat(b'[');
        let keys = self.key_path(0)?;
        let name = dotted(&keys);
        if !self.cursor.eat(b']') || (array && !self.cursor.eat(b']')) {
            let (close, header) = if array { ("]]", format!("[[{name}]]")) } else { ("]", format!("[{name}]")) };
            let found = self.cursor.found();
            return Err(self.cursor.error(format!("expected '{close}' to close the header {header}, found {found}")));
        }
        self.cursor.end_of_line("the table header")?;

        let Some((last, parents)) = keys.split_last() else { return Err(internal(line)) };
        let mut path = Vec::with_capacity(keys.len());
        let mut table = &mut self.root;
        for (depth, key) in parents.iter().enumerate() {
            let index = match table.position(&key.name) {
                Some(index) => index,
                None => {
                    let parent = new_table(dotted(keys.get(..=depth).unwrap_or(&[])), line);
                    table.push(&key.name, line, parent, Origin::Implicit)
                }
            };
            let entry = table.entry_mut(index).ok_or_else(|| internal(line))?;
            if entry.origin == Origin::Value {
                let existing = describe(entry, &dotted(keys.get(..=depth).unwrap_or(&[])));
                return Err(self.cursor.error_at(key.mark, format!("cannot define [{name}]: there is already {existing}")));
            }
            path.push(index);
            table = child_table(table, index).ok_or_else(|| internal(line))?;
        }

        let new_table = new_table(name.clone(), line);
        let index = match table.position(&last.name) {
            None if array => {
                let tables = Value { kind: ValueKind::Array(vec![new_table]), line };
                table.push(&last.name, line, tables, Origin::ArrayOfTables)
            }
            None => table.push(&last.name, line, new_table, Origin::Header),
            Some(index) => {
                let entry = table.entry_mut(index).ok_or_else(|| internal(line))?;
                match (entry.origin, &mut entry.value.kind) {
                    (Origin::ArrayOfTables, ValueKind::Array(items)) if array => items.push(new_table),
                    (Origin::Implicit, ValueKind::Table(defined)) if !array => {
                        entry.origin = Origin::Header;
                        entry.value.line = line;
                        defined.line = line;
                    }
                    (Origin::Header, _) if !array => {
                        let line = entry.value.line;
                        let message =
                            format!("the table [{name}] is already defined at line {line} (for a list of tables, write [[{name}]] before each one)");
                        return Err(self.cursor.error_at(last.mark, message));
                    }
                    _ => {
                        let shown = if array { format!("[[{name}]]") } else { format!("[{name}]") };
                        let message = format!("cannot define {shown}: there is already {}", describe(entry, &name));
                        return Err(self.cursor.error_at(last.mark, message));
                    }
                }
                index
            }
        };
        path.push(index);
        self.current = path;
        self.current_name = name;
        Ok(())
    }

    /// Any value, the cursor on its first character; `depth` counts the levels above it.
    fn value(&mut self, depth: usize, name: &str) -> Result<Value, TomlError> {
        let line = self.cursor.line();
        let kind = match self.cursor.peek() {
            Some(b'"' | b'\'') => ValueKind::String(self.cursor.string(true)?),
            Some(b'[') => self.array(depth, name)?,
            Some(b'{') => self.inline_table(depth, name)?,
            None | Some(b'\n' | b'\r' | b'#') => {
                let found = self.cursor.found();
                let found = if self.cursor.peek() == Some(b'#') { "a comment".to_owned() } else { found };
                return Err(self.cursor.error(format!("{EXPECTED_VALUE}, found {found}")));
            }
            Some(_) => self.cursor.word_value()?,
        };
        Ok(Value { kind, line })
    }

    fn too_deep(&self, depth: usize) -> Result<(), TomlError> {
        if depth >= MAX_DEPTH {
            return Err(self.cursor.error(format!("values are nested too deeply (more than {MAX_DEPTH} levels)")));
        }
        Ok(())
    }

    /// `[ 1, 2, 3 ]`, over any number of lines, with comments and a trailing comma allowed.
    fn array(&mut self, depth: usize, name: &str) -> Result<ValueKind, TomlError> {
        self.too_deep(depth)?;
        let open = self.cursor.mark();
        self.cursor.bump();
        let mut items = Vec::new();
        loop {
            self.cursor.skip_blank()?;
            if self.cursor.eat(b']') {
                return Ok(ValueKind::Array(items));
            }
            if self.cursor.peek().is_none() {
                break;
            }
            items.push(self.value(depth + 1, name)?);
            self.cursor.skip_blank()?;
            match self.cursor.peek() {
                Some(b',') => self.cursor.bump(),
                Some(b']') => {}
                None => break,
                Some(_) => {
                    let found = self.cursor.found();
                    let message = format!("expected ',' between the items of the array (or ']' to end it), found {found}");
                    return Err(self.cursor.error(message));
                }
            }
        }
        Err(self.error_at(open, "this array [ is never closed with ]".to_owned()))
    }

    /// `{ a = 1, b.c = "x" }`, on one line, without a trailing comma.
    fn inline_table(&mut self, depth: usize, name: &str) -> Result<ValueKind, TomlError> {
        self.too_deep(depth)?;
        let open = self.cursor.mark();
        let line = self.cursor.line();
        self.cursor.bump();
        let mut table = Table::new(name.to_owned(), line);
        self.cursor.skip_whitespace();
        if self.cursor.eat(b'}') {
            return Ok(ValueKind::Table(table));
        }
        loop {
            self.cursor.skip_whitespace();
            self.one_line_only(open)?;
            if self.cursor.peek() == Some(b'}') {
                return Err(self.cursor.error("no comma is allowed after the last item of an inline table { }"));
            }
            let keys = self.key_path(depth + 1)?;
            self.equals(&keys)?;
            let value = self.value(depth + 1 + keys.len(), &join_path(name, &keys))?;
            insert(&self.cursor, &mut table, name, &keys, value)?;
            self.cursor.skip_whitespace();
            self.one_line_only(open)?;
            if self.cursor.eat(b'}') {
                return Ok(ValueKind::Table(table));
            }
            if !self.cursor.eat(b',') {
                let found = self.cursor.found();
                let message = format!("expected ',' or '}}' after a value in the inline table, found {found}");
                return Err(self.cursor.error(message));
            }
        }
    }

    fn one_line_only(&self, open: Mark) -> Result<(), TomlError> {
        match self.cursor.peek() {
            None => Err(self.error_at(open, "this inline table { is never closed with }".to_owned())),
            Some(b'\n' | b'\r' | b'#') => {
                Err(self.cursor.error("an inline table { } must be written on one line (use a [table] header for a longer table)"))
            }
            Some(_) => Ok(()),
        }
    }
}

/// Puts `value` at the (dotted) `keys` inside `table` (named `prefix`), making tables for the
/// dotted parts.
fn insert(cursor: &Cursor, mut table: &mut Table, prefix: &str, keys: &[Key], value: Value) -> Result<(), TomlError> {
    let Some((last, parents)) = keys.split_last() else { return Err(internal(value.line)) };
    let line = value.line;
    for (depth, key) in parents.iter().enumerate() {
        let index = match table.position(&key.name) {
            Some(index) => index,
            None => {
                let key_line = key.mark.line();
                let dotted_table = new_table(join_path(prefix, keys.get(..=depth).unwrap_or(&[])), key_line);
                table.push(&key.name, key_line, dotted_table, Origin::Dotted)
            }
        };
        let entry = table.entry_mut(index).ok_or_else(|| internal(line))?;
        // A header's parent table that dotted keys extend may no longer get a header of its own.
        if entry.origin == Origin::Implicit {
            entry.origin = Origin::Dotted;
        }
        if entry.origin != Origin::Dotted {
            let existing = describe(entry, &join_path(prefix, keys.get(..=depth).unwrap_or(&[])));
            let message = format!("cannot set {}: there is already {existing}", shown(keys));
            return Err(cursor.error_at(key.mark, message));
        }
        table = child_table(table, index).ok_or_else(|| internal(line))?;
    }
    if let Some(entry) = table.position(&last.name).and_then(|index| table.entry_mut(index)) {
        let message = format!("the key {} is already defined at line {}", shown(keys), entry.line);
        return Err(cursor.error_at(last.mark, message));
    }
    table.push(&last.name, last.mark.line(), value, Origin::Value);
    Ok(())
}
