//! Unit tests of the JSON reader and writer.

use super::*;

fn parse(s: &str) -> Value {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn fails(s: &str) -> JsonError {
    match s.parse::<Value>() {
        Ok(v) => panic!("{s:?} parsed as {v}"),
        Err(e) => e,
    }
}

#[test]
fn parses_every_kind_of_value() {
    assert_eq!(parse("null"), Value::Null);
    assert_eq!(parse(" true "), Value::Bool(true));
    assert_eq!(parse("false"), Value::Bool(false));
    assert_eq!(parse("\"\""), Value::String(String::new()));
    assert_eq!(parse("[]"), Value::Array(vec![]));
    assert_eq!(parse("{}"), Value::Object(vec![]));
    let v = parse(r#"{"a": [1, -2.5, 3e2, 0.0E-1], "b": {"c": null}}"#);
    let a: Vec<&str> = v.get("a").unwrap().as_array().unwrap().iter().map(|n| n.as_number().unwrap().as_str()).collect();
    assert_eq!(a, ["1", "-2.5", "3e2", "0.0E-1"]);
    assert_eq!(v.get("b").and_then(|b| b.get("c")), Some(&Value::Null));
    assert_eq!(v.get("zzz"), None);
}

#[test]
fn string_escapes_including_surrogate_pairs() {
    assert_eq!(parse(r#""\"\\\/\b\f\n\r\t""#), Value::String("\"\\/\u{8}\u{c}\n\r\t".into()));
    assert_eq!(parse(r#""\u0041\u00e9\u4e2d""#), Value::String("Aé中".into()));
    assert_eq!(parse(r#""\ud83d\ude00""#), Value::String("😀".into()));
    assert_eq!(parse(r#""\uD834\uDD1E""#), Value::String("𝄞".into()));
    assert_eq!(parse("\"棋童 ♞\""), Value::String("棋童 ♞".into()));
}

#[test]
fn bad_strings_are_refused_with_the_reason() {
    assert_eq!(fails(r#""\ud83d""#).kind, JsonErrorKind::LoneSurrogate);
    assert_eq!(fails(r#""\ud83d\u0041""#).kind, JsonErrorKind::LoneSurrogate);
    assert_eq!(fails(r#""\ude00""#).kind, JsonErrorKind::LoneSurrogate);
    assert_eq!(fails(r#""\u12""#).kind, JsonErrorKind::InvalidUnicodeEscape);
    assert_eq!(fails(r#""\u12G4""#).kind, JsonErrorKind::InvalidUnicodeEscape);
    assert_eq!(fails(r#""\x41""#).kind, JsonErrorKind::InvalidEscape('x'));
    assert_eq!(fails("\"a\nb\"").kind, JsonErrorKind::ControlCharacter('\n'));
    assert_eq!(fails("\"abc").kind, JsonErrorKind::UnexpectedEnd { expected: "'\"' to close the string" });
    assert_eq!(fails("\"ab\\").kind, JsonErrorKind::UnexpectedEnd { expected: "an escape" });
    assert_eq!(fails("'a'").kind, JsonErrorKind::Unexpected { found: '\'', expected: "a value" });
}

#[test]
fn numbers_follow_the_grammar() {
    for good in ["0", "-0", "12", "12.5", "-0.5", "1e3", "1E+3", "1.5e-07", "123456789012345678901234567890"] {
        assert_eq!(parse(good), Value::Number(Number(good.into())), "{good}");
        assert!(Number::from_text(good).is_some());
    }
    for bad in ["01", "-", "+1", ".5", "1.", "1e", "1e+", "--1", "0x10", "NaN", "Infinity", "-Infinity", "1.2.3"] {
        assert!(bad.parse::<Value>().is_err(), "{bad}");
        assert!(Number::from_text(bad).is_none(), "{bad}");
    }
    assert_eq!(fails("01").kind, JsonErrorKind::InvalidNumber);
    assert_eq!(Number::from_text("12").and_then(|n| n.as_u64()), Some(12));
    assert_eq!(Number::from_text("-12").and_then(|n| n.as_u64()), None);
    assert_eq!(Number::from_text("1e2").and_then(|n| n.as_u64()), None);
}

#[test]
fn structure_errors_have_line_and_column() {
    let e = fails("{\n  \"a\": 1,\n  \"b\" 2\n}");
    assert_eq!((e.line, e.column), (3, 7));
    assert_eq!(e.kind, JsonErrorKind::Unexpected { found: '2', expected: "':'" });
    let e = fails("[1, 2");
    assert_eq!(e.kind, JsonErrorKind::UnexpectedEnd { expected: "',' or ']'" });
    let e = fails("{\"a\":1,}");
    assert_eq!(e.kind, JsonErrorKind::Unexpected { found: '}', expected: "a key in double quotes" });
    let e = fails("{\"a\":1 \"b\":2}");
    assert_eq!(e.kind, JsonErrorKind::Unexpected { found: '"', expected: "',' or '}'" });
    let e = fails("[1] x");
    assert_eq!((e.line, e.column), (1, 5));
    let e = fails("tru");
    assert_eq!(e.kind, JsonErrorKind::UnexpectedEnd { expected: "true" });
    let e = fails("");
    assert_eq!(e.kind, JsonErrorKind::UnexpectedEnd { expected: "a value" });
    // Columns count characters, not bytes.
    let e = fails("[\"棋童\" 1]");
    assert_eq!((e.line, e.column), (1, 7));
    assert!(e.to_string().starts_with("JSON line 1, column 7: found '1' where ',' or ']' was expected"));
}

#[test]
fn duplicate_keys_are_refused() {
    let e = fails("{\"a\": 1,\n \"a\": 2}");
    assert_eq!(e.kind, JsonErrorKind::DuplicateKey("a".into()));
    assert_eq!((e.line, e.column), (2, 2));
    let e = fails("{\"b\": 1, \"a\": 2, \"c\": 3, \"a\": 4, \"b\": 5}");
    assert_eq!((e.kind, e.column), (JsonErrorKind::DuplicateKey("a".into()), 26));
    // Many members stay fast: the check sorts instead of comparing every pair.
    let many: Vec<String> = (0..50_000).map(|i| format!("\"k{i}\":{i}")).collect();
    let text = format!("{{{}}}", many.join(","));
    assert_eq!(parse(&text).as_object().map(|m| m.len()), Some(50_000));
}

#[test]
fn nesting_is_limited() {
    let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
    assert!(ok.parse::<Value>().is_ok());
    let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
    assert_eq!(fails(&deep).kind, JsonErrorKind::TooDeep);
    let hostile = "{\"a\":".repeat(100_000);
    assert_eq!(fails(&hostile).kind, JsonErrorKind::TooDeep);
}

#[test]
fn writer_escapes_and_round_trips() {
    let v = Value::Object(vec![
        ("name".into(), Value::String("小\"明\"\\\n\t\u{1}".into())),
        ("n".into(), Value::Number(Number::from(-3i64))),
        ("list".into(), Value::Array(vec![Value::Null, Value::Bool(true), Value::Array(vec![])])),
        ("empty".into(), Value::Object(vec![])),
    ]);
    let compact = v.to_string();
    assert_eq!(compact, r#"{"name":"小\"明\"\\\n\t\u0001","n":-3,"list":[null,true,[]],"empty":{}}"#);
    assert_eq!(parse(&compact), v);
    let pretty = v.to_pretty_string();
    assert_eq!(parse(&pretty), v);
    assert!(pretty.contains("\n  \"n\": -3,\n"));
    assert!(pretty.ends_with("}\n"));
}

#[test]
fn tricky_but_valid_inputs() {
    assert_eq!(parse(" \t\r\n[ ]\r\n"), Value::Array(vec![]));
    assert_eq!(parse(r#"{"":""}"#).get(""), Some(&Value::String(String::new())));
    assert_eq!(parse(r#"["\u0000"]"#), Value::Array(vec![Value::String("\0".into())]));
    // A byte-order mark is not JSON whitespace: the caller strips it if it wants to.
    assert!("\u{feff}{}".parse::<Value>().is_err());
}
