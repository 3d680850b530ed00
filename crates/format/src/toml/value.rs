//! The parsed data: values that remember their line, tables that keep the file's key order, and
//! typed accessors whose errors name the line, for the lesson loader.

use super::TomlError;

/// A value and the line (1-based) where it starts in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    /// What the value is.
    pub kind: ValueKind,
    /// The line where the value starts; for a table made by a `[header]`, the header's line.
    pub line: usize,
}

/// The kinds of value a lesson file can hold (TOML 1.0 without dates and times).
#[derive(Debug, Clone, PartialEq)]
pub enum ValueKind {
    /// Text: `"..."`, `'...'`, `"""..."""` or `'''...'''`.
    String(String),
    /// A whole number: `42`, `-7`, `1_000`, `0xff`, `0o17`, `0b101`.
    Integer(i64),
    /// A number with a decimal point or exponent, or `inf` / `nan`, as written.
    Float(Float),
    /// `true` or `false`.
    Boolean(bool),
    /// `[ ... ]`, or all the tables of one `[[name]]`.
    Array(Vec<Value>),
    /// A `[table]`, an inline `{ ... }` table, or a table made by dotted keys.
    Table(Table),
}

/// A float as the file writes it, without its `_` separators (`12.5`, `-1e3`, `inf`): kept as
/// text, as `json::Number` does, so that a reader takes it exactly (class points are tenths)
/// and the reader carries no float parser of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Float(String);

impl Float {
    /// A float from a word the reader has checked.
    pub(super) fn checked(text: &str) -> Float {
        Float(text.replace('_', ""))
    }

    /// The number as written, without `_`.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The nearest `f64` (the standard library's parser, linked only where this is called).
    pub fn to_f64(&self) -> f64 {
        self.0.parse().unwrap_or(f64::NAN)
    }
}

/// One `key = value` of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The key, quotes removed and escapes resolved.
    pub key: String,
    /// The line where the key was first written.
    pub line: usize,
    /// The value.
    pub value: Value,
    pub(super) origin: Origin,
}

/// How an entry came to exist; decides whether a later header or dotted key may extend it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Origin {
    /// `key = value`, inline tables and arrays included: complete, never extended.
    Value,
    /// A parent made by a header (`a` of `[a.b]`): a later `[a]` may still define it.
    Implicit,
    /// A table defined by its own `[header]`.
    Header,
    /// A table made by a dotted key (`a` of `a.b = 1`).
    Dotted,
    /// An array of tables made by `[[header]]`.
    ArrayOfTables,
}

/// A table: its entries in file order, its dotted name (for messages) and the line where it
/// starts (its header, its `{`, or line 1 for the whole file).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    entries: Vec<Entry>,
    name: String,
    pub(super) line: usize,
    keys: KeyIndex,
}

/// Where each key of a big table is, for the reader's "is this key already defined?" (issue 29:
/// a linear scan per key made a file of 50,000 keys take 4 s to read natively, 200,000 keys
/// minutes in the browser). Open addressing: each slot holds an entry's index + 1 (0: empty),
/// at the slot of its key's hash or the next free one after it. Built by [`Table::position`]
/// only, and only for tables of [`INDEXED_FROM`] keys or more, so that the modules that read
/// the compiled form (which never asks) carry none of it. Not part of the table's value: two
/// tables with the same entries are equal however their index stands.
#[derive(Clone, Default)]
struct KeyIndex {
    slots: Vec<u32>,
    /// How many of the table's entries (the first ones) are in `slots`.
    covered: usize,
}

/// Below this many keys a table is searched key by key (faster than hashing, and no memory).
const INDEXED_FROM: usize = 16;

impl PartialEq for KeyIndex {
    fn eq(&self, _: &KeyIndex) -> bool {
        true
    }
}

impl core::fmt::Debug for KeyIndex {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "KeyIndex({} of {} slots)", self.covered, self.slots.len())
    }
}

/// FNV-1a of the key's bytes: short, and plenty for keys a file writes (a file that aims
/// collisions at it only slows its own reading).
fn key_hash(key: &str) -> usize {
    key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)) as usize
}

#[cfg(test)]
thread_local! {
    /// Keys compared by `Table::position`, for the test that reading is linear.
    pub(super) static COMPARED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// `entry`'s key is `key` (counted in tests).
fn same_key(entry: &Entry, key: &str) -> bool {
    #[cfg(test)]
    COMPARED.with(|c| c.set(c.get() + 1));
    entry.key == key
}

impl ValueKind {
    /// How messages call this kind of value: "a string", "an integer", ...
    pub fn type_name(&self) -> &'static str {
        match self {
            ValueKind::String(_) => "a string",
            ValueKind::Integer(_) => "an integer",
            ValueKind::Float(_) => "a decimal number",
            ValueKind::Boolean(_) => "true or false",
            ValueKind::Array(_) => "an array [ ]",
            ValueKind::Table(_) => "a table",
        }
    }
}

macro_rules! typed_accessors {
    ($($(#[$doc:meta])* $as:ident, $require:ident, $optional:ident -> $ty:ty, $variant:ident($bind:ident) => $out:expr, $want:literal;)*) => {
        impl Value {
            $(
                $(#[$doc])*
                pub fn $as(&self) -> Option<$ty> {
                    match &self.kind {
                        ValueKind::$variant($bind) => Some($out),
                        _ => None,
                    }
                }

                /// Like the `as_` accessor, but an error such as `line 8: "text" must be a
                /// string, found an integer` when the type is wrong; `what` names the value.
                pub fn $require(&self, what: &str) -> Result<$ty, TomlError> {
                    self.$as().ok_or_else(|| self.wrong_type(what, $want))
                }
            )*
        }

        impl Table {
            $(
                /// The value of `key` with the type checked: an error naming the line when it
                /// is missing (the table's line) or of another type (the value's line).
                pub fn $require(&self, key: &str) -> Result<$ty, TomlError> {
                    let value = self.require(key)?;
                    value.$as().ok_or_else(|| value.wrong_type(&quoted(key), $want))
                }

                /// The value of `key` if present, with the type checked (an error naming the
                /// value's line when it is of another type).
                pub fn $optional(&self, key: &str) -> Result<Option<$ty>, TomlError> {
                    match self.get(key) {
                        Some(value) => value.$as().map(Some).ok_or_else(|| value.wrong_type(&quoted(key), $want)),
                        None => Ok(None),
                    }
                }
            )*
        }
    };
}

typed_accessors! {
    /// The text of a string.
    as_str, require_str, optional_str -> &str, String(s) => s.as_str(), "a string";
    /// The number of an integer.
    as_integer, require_integer, optional_integer -> i64, Integer(n) => *n, "an integer";
    /// The number of a float (integers are not converted).
    as_float, require_float, optional_float -> f64, Float(x) => x.to_f64(), "a decimal number";
    /// The truth of a boolean.
    as_bool, require_bool, optional_bool -> bool, Boolean(b) => *b, "true or false";
    /// The items of an array (for `[[name]]`, its tables).
    as_array, require_array, optional_array -> &[Value], Array(items) => items.as_slice(), "an array [ ]";
    /// The table of a table value.
    as_table, require_table, optional_table -> &Table, Table(t) => t, "a table";
}

impl Value {
    /// The error `line N: <what> must be <expected>, found <this value's kind>`.
    pub fn wrong_type(&self, what: &str, expected: &str) -> TomlError {
        let found = self.kind.type_name();
        TomlError::at_line(self.line, format!("{what} must be {expected}, found {found}"))
    }
}

impl Table {
    pub(super) fn new(name: String, line: usize) -> Table {
        Table { entries: Vec::new(), name, line, keys: KeyIndex::default() }
    }

    /// The table's dotted name as it would be written in a header (`lesson.board`); empty for
    /// the whole file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The line where the table starts: its header, its `{`, its first dotted key, or 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no keys.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries in file order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The keys and values in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|e| (e.key.as_str(), &e.value))
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entry(key).map(|e| &e.value)
    }

    /// The entry of `key` (with the key's line), if present.
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    /// The value of `key`, or `line 3: the table [step] is missing "kind"`.
    pub fn require(&self, key: &str) -> Result<&Value, TomlError> {
        self.get(key).ok_or_else(|| {
            let key = quoted(key);
            let message =
                if self.name.is_empty() { format!("the file is missing {key}") } else { format!("the table [{}] is missing {key}", self.name) };
            TomlError::at_line(self.line, message)
        })
    }

    /// One error per key not in `allowed`, in file order, each suggesting the closest allowed
    /// key: `line 14: unknown key "titel" — did you mean "title"?`.
    pub fn unknown_keys(&self, allowed: &[&str]) -> Vec<TomlError> {
        let unknown = self.entries.iter().filter(|e| !allowed.contains(&e.key.as_str()));
        unknown.map(|e| TomlError::at_line(e.line, unknown_key_message(&e.key, allowed))).collect()
    }

    /// The index of `key`'s entry: a scan in a small table, else by the [`KeyIndex`], brought up
    /// to date first with the entries pushed since (so that reading a file stays linear).
    pub(super) fn position(&mut self, key: &str) -> Option<usize> {
        if self.entries.len() < INDEXED_FROM {
            return self.entries.iter().position(|e| same_key(e, key));
        }
        if self.keys.slots.len() < 2 * self.entries.len() {
            // At most half full: rebuilt 4 times as large as the table, so that rebuilding costs
            // a constant per key over the whole reading.
            self.keys = KeyIndex { slots: vec![0; (4 * self.entries.len()).next_power_of_two()], covered: 0 };
        }
        let mask = self.keys.slots.len() - 1;
        while let Some(entry) = self.entries.get(self.keys.covered) {
            let mut slot = key_hash(&entry.key) & mask;
            while self.keys.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.keys.covered += 1;
            self.keys.slots[slot] = self.keys.covered as u32;
        }
        let mut slot = key_hash(key) & mask;
        loop {
            let index = (*self.keys.slots.get(slot)? as usize).checked_sub(1)?;
            if self.entries.get(index).is_some_and(|e| same_key(e, key)) {
                return Some(index);
            }
            slot = (slot + 1) & mask;
        }
    }

    pub(super) fn push(&mut self, key: &str, line: usize, value: Value, origin: Origin) -> usize {
        self.entries.push(Entry { key: key.to_owned(), line, value, origin });
        self.entries.len() - 1
    }

    pub(super) fn entry_mut(&mut self, index: usize) -> Option<&mut Entry> {
        self.entries.get_mut(index)
    }
}

/// `parent.key`, with the key in quotes when it is not a bare key.
pub(super) fn join_key(parent: &str, key: &str) -> String {
    let bare = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    let key = if bare { key.to_owned() } else { quoted(key) };
    if parent.is_empty() {
        key
    } else {
        format!("{parent}.{key}")
    }
}

/// Text in double quotes, with quotes, backslashes and control characters escaped as in TOML.
pub(super) fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The allowed word closest to a mistyped `word` (a key, or a value such as a step kind), if one
/// is near enough to be the word meant: `titel` → `title`.
pub fn closest<'a>(word: &str, allowed: &[&'a str]) -> Option<&'a str> {
    allowed
        .iter()
        .map(|candidate| (edit_distance(word, candidate), *candidate))
        .filter(|&(distance, candidate)| distance > 0 && distance <= (candidate.chars().count() + 2) / 4)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

fn unknown_key_message(key: &str, allowed: &[&str]) -> String {
    let shown = quoted(key);
    match closest(key, allowed) {
        Some(suggestion) => format!("unknown key {shown} — did you mean {}?", quoted(suggestion)),
        None if allowed.is_empty() => format!("unknown key {shown} (no keys are expected here)"),
        None => {
            let list: Vec<String> = allowed.iter().map(|k| quoted(k)).collect();
            format!("unknown key {shown} (the keys allowed here are {})", list.join(", "))
        }
    }
}

/// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbours each cost 1, so `titel` is 1 away from `title`. Long keys are not compared.
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len() > 64 || b.len() > 64 {
        return usize::MAX;
    }
    let mut before: Vec<usize> = Vec::new();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let mut best = (previous[j] + usize::from(ca != cb)).min(previous[j + 1] + 1).min(row[j] + 1);
            if i > 0 && j > 0 && a[i - 1] == cb && b[j - 1] == ca {
                best = best.min(before[j - 1] + 1);
            }
            row[j + 1] = best;
        }
        before = core::mem::replace(&mut previous, row);
    }
    previous[b.len()]
}
