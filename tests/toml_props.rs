//! Property tests of the lesson-file TOML reader: no input makes it panic, and generated
//! documents, written in every style TOML allows, read back as the values they were made from.

use proptest::prelude::*;
use qitong::format::toml::{parse, Table, Value, ValueKind};

/// A value to write, with the choices of how to write it.
#[derive(Debug, Clone)]
enum Gen {
    Str(String, u8),
    Int(i64, u8),
    Float(f64),
    Bool(bool),
    Array(Vec<Gen>, bool),
    /// A table written inline `{ ... }`, or as dotted keys when the flag is set.
    Table(Vec<(String, Gen)>, bool),
}

/// A table written with a header, with its `[sub]` tables and `[[lists]]` after its values.
#[derive(Debug, Clone)]
struct Section {
    values: Vec<(String, Gen)>,
    tables: Vec<(String, Sub)>,
}

#[derive(Debug, Clone)]
enum Sub {
    Header(Section),
    List(Vec<Section>),
}

/// The parser-neutral, order-keeping form that both the generated and the parsed data become.
#[derive(Debug, PartialEq)]
enum Plain {
    Str(String),
    Int(i64),
    Float(u64),
    Bool(bool),
    Array(Vec<Plain>),
    Table(Vec<(String, Plain)>),
}

fn float_bits(x: f64) -> u64 {
    if x.is_nan() {
        f64::NAN.to_bits()
    } else {
        x.to_bits()
    }
}

fn plain_of_gen(gen: &Gen) -> Plain {
    match gen {
        Gen::Str(s, _) => Plain::Str(s.clone()),
        Gen::Int(n, _) => Plain::Int(*n),
        Gen::Float(x) => Plain::Float(float_bits(*x)),
        Gen::Bool(b) => Plain::Bool(*b),
        Gen::Array(items, _) => Plain::Array(items.iter().map(plain_of_gen).collect()),
        Gen::Table(entries, _) => Plain::Table(entries.iter().map(|(k, v)| (k.clone(), plain_of_gen(v))).collect()),
    }
}

fn plain_of_section(section: &Section) -> Plain {
    let values = section.values.iter().map(|(k, v)| (k.clone(), plain_of_gen(v)));
    let tables = section.tables.iter().map(|(k, sub)| {
        let plain = match sub {
            Sub::Header(inner) => plain_of_section(inner),
            Sub::List(items) => Plain::Array(items.iter().map(plain_of_section).collect()),
        };
        (k.clone(), plain)
    });
    Plain::Table(values.chain(tables).collect())
}

fn plain_of_value(value: &Value) -> Plain {
    match &value.kind {
        ValueKind::String(s) => Plain::Str(s.clone()),
        ValueKind::Integer(n) => Plain::Int(*n),
        ValueKind::Float(x) => Plain::Float(float_bits(x.to_f64())),
        ValueKind::Boolean(b) => Plain::Bool(*b),
        ValueKind::Array(items) => Plain::Array(items.iter().map(plain_of_value).collect()),
        ValueKind::Table(table) => plain_of_table(table),
    }
}

fn plain_of_table(table: &Table) -> Plain {
    Plain::Table(table.iter().map(|(k, v)| (k.to_owned(), plain_of_value(v))).collect())
}

/// Chooses among writing styles from a seed, so that a failing case shrinks and replays.
struct Styles(u64);

impl Styles {
    fn pick(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    fn space(&mut self) -> &'static str {
        ["", " ", "  ", "\t"][self.pick(4) as usize]
    }
}

fn is_control(c: char) -> bool {
    (c < ' ' && c != '\t') || c == '\u{7f}'
}

/// A `"..."` string (one line, or `"""` over several lines) with what must be escaped escaped.
fn basic(s: &str, multiline: bool, styles: &mut Styles) -> String {
    let mut out = String::from(if multiline { "\"\"\"\n" } else { "\"" });
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' if multiline => out.push('\n'),
            '\n' => out.push_str("\\n"),
            '\t' if styles.pick(2) == 0 => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if is_control(c) => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c if c > '\u{ffff}' || styles.pick(8) == 0 => out.push_str(&format!("\\U{:08X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push_str(if multiline { "\"\"\"" } else { "\"" });
    out
}

fn string(s: &str, style: u8, crlf: bool, styles: &mut Styles) -> String {
    let literal_ok = !s.chars().any(|c| is_control(c) && c != '\n');
    match style % 4 {
        1 if literal_ok && !s.contains(['\'', '\n']) => format!("'{s}'"),
        2 if !crlf => basic(s, true, styles),
        3 if literal_ok && !crlf && !s.contains("'''") && !s.ends_with('\'') => format!("'''\n{s}'''"),
        _ => basic(s, false, styles),
    }
}

fn key(k: &str, styles: &mut Styles) -> String {
    let bare = !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    match styles.pick(3) {
        0 | 1 if bare => k.to_owned(),
        1 if !k.chars().any(|c| is_control(c) || c == '\'') => format!("'{k}'"),
        _ => basic(k, false, styles),
    }
}

fn integer(n: i64, style: u8) -> String {
    match style % 6 {
        1 => {
            let digits = n.unsigned_abs().to_string();
            let mut grouped = String::new();
            for (i, d) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i).is_multiple_of(3) {
                    grouped.push('_');
                }
                grouped.push(d);
            }
            format!("{}{grouped}", if n < 0 { "-" } else { "" })
        }
        2 if n >= 0 => format!("+{n}"),
        3 if n >= 0 => format!("0x{n:X}"),
        4 if n >= 0 => format!("0o{n:o}"),
        5 if n >= 0 => format!("0b{n:b}"),
        _ => n.to_string(),
    }
}

fn value(gen: &Gen, crlf: bool, styles: &mut Styles) -> String {
    match gen {
        Gen::Str(s, style) => string(s, *style, crlf, styles),
        Gen::Int(n, style) => integer(*n, *style),
        Gen::Float(x) if x.is_nan() => "nan".to_owned(),
        Gen::Float(x) if x.is_infinite() => (if *x > 0.0 { "inf" } else { "-inf" }).to_owned(),
        Gen::Float(x) => format!("{x:?}"),
        Gen::Bool(b) => b.to_string(),
        Gen::Array(items, multiline) => {
            let nl = if crlf { "\r\n" } else { "\n" };
            let items: Vec<String> = items.iter().map(|item| value(item, crlf, styles)).collect();
            if *multiline {
                let mut out = format!("[ # list{nl}");
                for item in items {
                    out.push_str(&format!("  {item},{}{nl}", if styles.pick(2) == 0 { " # item" } else { "" }));
                }
                out + "]"
            } else {
                let comma = if styles.pick(2) == 0 { ", " } else { "," };
                format!("[{}{}]", items.join(comma), if styles.pick(3) == 0 && !items.is_empty() { "," } else { "" })
            }
        }
        Gen::Table(entries, _) => {
            let parts = assignments(entries, crlf, styles);
            if parts.is_empty() {
                "{}".to_owned()
            } else {
                format!("{{ {} }}", parts.join(", "))
            }
        }
    }
}

/// `key = value` for each entry; a table marked dotted becomes `key.sub = value` parts.
fn assignments(entries: &[(String, Gen)], crlf: bool, styles: &mut Styles) -> Vec<String> {
    let mut out = Vec::new();
    for (k, v) in entries {
        let k = key(k, styles);
        match v {
            Gen::Table(inner, true) if !inner.is_empty() => {
                for part in assignments(inner, crlf, styles) {
                    let dot = [".", " . ", ". "][styles.pick(3) as usize];
                    out.push(format!("{k}{dot}{part}"));
                }
            }
            _ => {
                let (before, after) = (styles.space(), styles.space());
                out.push(format!("{k}{before}={after}{}", value(v, crlf, styles)));
            }
        }
    }
    out
}

fn section(out: &mut String, path: &str, body: &Section, crlf: bool, styles: &mut Styles) {
    let nl = if crlf { "\r\n" } else { "\n" };
    for line in assignments(&body.values, crlf, styles) {
        let comment = ["", " # 注释", "\t#"][styles.pick(3) as usize];
        out.push_str(&format!("{}{line}{comment}{nl}", styles.space()));
        if styles.pick(4) == 0 {
            out.push_str(&format!("{nl}# a comment line{nl}"));
        }
    }
    for (k, sub) in &body.tables {
        let name = if path.is_empty() { key(k, styles) } else { format!("{path}.{}", key(k, styles)) };
        match sub {
            Sub::Header(inner) => {
                out.push_str(&format!("{nl}[{}{name}{}]{nl}", styles.space(), styles.space()));
                section(out, &name, inner, crlf, styles);
            }
            Sub::List(items) => {
                for inner in items {
                    out.push_str(&format!("[[{name}]]{nl}"));
                    section(out, &name, inner, crlf, styles);
                }
            }
        }
    }
}

fn key_strategy() -> impl Strategy<Value = String> {
    prop_oneof![4 => "[a-z_][a-z0-9_-]{0,5}", 1 => "[中文 '\"\\\\.#=\\[\\]\t\u{1}-]{0,4}", 1 => "\\PC{0,5}"]
}

fn text_strategy() -> impl Strategy<Value = String> {
    prop_oneof!["\\PC{0,16}", "[a-z中 '\"\\\\\n\t\r\u{0}\u{8}\u{c}\u{1b}\u{7f}#=\\[\\]{}]{0,16}", "[😀\u{10ffff}é]{0,3}"]
}

fn unique(entries: Vec<(String, Gen)>) -> Vec<(String, Gen)> {
    let mut seen = std::collections::HashSet::new();
    entries.into_iter().filter(|(k, _)| seen.insert(k.clone())).collect()
}

fn gen_strategy() -> impl Strategy<Value = Gen> {
    let leaf = prop_oneof![
        (text_strategy(), any::<u8>()).prop_map(|(s, style)| Gen::Str(s, style)),
        (any::<i64>(), any::<u8>()).prop_map(|(n, style)| Gen::Int(n, style)),
        prop_oneof![any::<f64>(), Just(f64::INFINITY), Just(f64::NEG_INFINITY), Just(-0.0), Just(0.5)].prop_map(Gen::Float),
        any::<bool>().prop_map(Gen::Bool),
    ];
    leaf.prop_recursive(4, 24, 5, |inner| {
        prop_oneof![
            (prop::collection::vec(inner.clone(), 0..5), any::<bool>()).prop_map(|(items, multiline)| Gen::Array(items, multiline)),
            (prop::collection::vec((key_strategy(), inner), 0..4), any::<bool>()).prop_map(|(entries, dotted)| Gen::Table(unique(entries), dotted)),
        ]
    })
}

fn section_strategy(depth: u32) -> BoxedStrategy<Section> {
    let values = prop::collection::vec((key_strategy(), gen_strategy()), 0..5);
    if depth == 0 {
        return values.prop_map(|values| Section { values: unique(values), tables: Vec::new() }).boxed();
    }
    let sub =
        prop_oneof![section_strategy(depth - 1).prop_map(Sub::Header), prop::collection::vec(section_strategy(depth - 1), 1..3).prop_map(Sub::List),];
    (values, prop::collection::vec((key_strategy(), sub), 0..3))
        .prop_map(|(values, tables)| {
            let values = unique(values);
            let taken: Vec<String> = values.iter().map(|(k, _)| k.clone()).collect();
            let mut seen: std::collections::HashSet<String> = taken.into_iter().collect();
            let tables = tables.into_iter().filter(|(k, _)| seen.insert(k.clone())).collect();
            Section { values, tables }
        })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generated_documents_read_back_as_generated(doc in section_strategy(2), seed in any::<u64>(), crlf in any::<bool>()) {
        let mut styles = Styles(seed);
        let mut text = String::new();
        if styles.pick(4) == 0 {
            text.push('\u{feff}');
        }
        section(&mut text, "", &doc, crlf, &mut styles);
        let table = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n--- document ---\n{text}")))?;
        prop_assert_eq!(plain_of_table(&table), plain_of_section(&doc), "document:\n{}", text);
    }

    #[test]
    fn floats_read_like_the_standard_library(
        whole in "0|[1-9][0-9]{0,24}",
        fraction in "[0-9]{1,40}",
        exponent in -400i32..400,
        x in any::<f64>(),
        precision in 0usize..40,
    ) {
        let x = x.abs();
        let mut texts = vec![format!("{whole}.{fraction}e{exponent}"), format!("{whole}.{fraction}")];
        if x.is_finite() {
            texts.extend([format!("{x:?}"), format!("{x:e}"), format!("{x:.precision$e}")]);
        }
        for text in texts {
            let expected: f64 = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            match parse(&format!("x = {text}")) {
                Ok(table) => prop_assert_eq!(table.require_float("x").map(f64::to_bits), Ok(expected.to_bits()), "{}", text),
                Err(error) => prop_assert!(expected.is_infinite() && error.message.contains("too large"), "{}: {}", text, error),
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse(&text);
    }

    #[test]
    fn toml_shaped_text_never_panics(parts in prop::collection::vec(prop_oneof![
        Just("["), Just("]"), Just("[["), Just("]]"), Just("{"), Just("}"), Just("="), Just(","), Just("."),
        Just("\""), Just("'"), Just("\"\"\""), Just("'''"), Just("\\"), Just("\\u"), Just("\\U0001F600"),
        Just("\n"), Just("\r\n"), Just("\r"), Just(" "), Just("#"), Just("a"), Just("中"), Just("1"),
        Just("0x"), Just("_"), Just("-"), Just("+"), Just("e"), Just("inf"), Just("true"), Just("2026-11-29"),
        Just("\u{feff}"), Just("\u{0}"), Just("＝"),
    ], 0..60)) {
        let text: String = parts.concat();
        let _ = parse(&text);
    }

    #[test]
    fn damaged_documents_never_panic(doc in section_strategy(1), seed in any::<u64>(), cut in any::<prop::sample::Index>(), insert in any::<char>()) {
        let mut styles = Styles(seed);
        let mut text = String::new();
        section(&mut text, "", &doc, false, &mut styles);
        let chars: Vec<char> = text.chars().collect();
        let at = if chars.is_empty() { 0 } else { cut.index(chars.len()) };
        let truncated: String = chars[..at].iter().collect();
        let _ = parse(&truncated);
        let inserted: String = chars[..at].iter().chain(std::iter::once(&insert)).chain(&chars[at..]).collect();
        if let Err(error) = parse(&inserted) {
            prop_assert!(error.line >= 1 && error.column >= 1, "{}", error);
        }
    }
}
