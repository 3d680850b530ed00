//! Unit tests of what the reader accepts: each TOML feature, the lines it keeps, the names it
//! gives tables, and the typed accessors.

use super::{parse, Table, TomlError, Value, ValueKind, MAX_DEPTH};

fn read(src: &str) -> Table {
    parse(src).unwrap_or_else(|e| panic!("{src:?}: {e}"))
}

fn keys(table: &Table) -> Vec<&str> {
    table.iter().map(|(key, _)| key).collect()
}

fn text(table: &Table, key: &str) -> String {
    table.require_str(key).unwrap_or_else(|e| panic!("{e}")).to_owned()
}

fn int(table: &Table, key: &str) -> i64 {
    table.require_integer(key).unwrap_or_else(|e| panic!("{e}"))
}

fn float(table: &Table, key: &str) -> f64 {
    table.require_float(key).unwrap_or_else(|e| panic!("{e}"))
}

fn sub<'a>(table: &'a Table, key: &str) -> &'a Table {
    table.require_table(key).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn comments_blank_lines_and_whitespace() {
    let t = read("# top\n\n  \t# indented\na = 1 # after\n\tb\t=\t2\t\n\n");
    assert_eq!(keys(&t), ["a", "b"]);
    assert_eq!(int(&t, "b"), 2);
    assert!(read("").is_empty() && read("# only\n").is_empty());
}

#[test]
fn bare_quoted_and_dotted_keys() {
    let t = read("bare_key-1 = 1\n\"标题\" = 2\n'lit \\ key' = 3\n\"\" = 4\n\"a\\u0041\" = 5\nx . \"y.z\" .w = 6\n");
    assert_eq!(keys(&t), ["bare_key-1", "标题", "lit \\ key", "", "aA", "x"]);
    assert_eq!(int(sub(sub(&t, "x"), "y.z"), "w"), 6);
    assert_eq!(sub(sub(&t, "x"), "y.z").name(), "x.\"y.z\"");
}

#[test]
fn key_order_is_the_file_order() {
    let t = read("z = 1\na.y = 2\nm = 3\na.b = 4\n[q]\n[c]\n[b.x]\n[b]\n");
    assert_eq!(keys(&t), ["z", "a", "m", "q", "c", "b"]);
    assert_eq!(keys(sub(&t, "a")), ["y", "b"]);
}

#[test]
fn values_keys_and_tables_keep_their_lines() {
    let t = read("a = 1\n\nb = \"\"\"x\ny\nz\"\"\"\nc = [\n 1,\n 2]\n[t]\nk = { x = 1 }\n[[s]]\n[[s]]\nd.e = 1\n");
    assert_eq!(t.line(), 1);
    let lines: Vec<(usize, usize)> = t.entries().iter().map(|e| (e.line, e.value.line)).collect();
    assert_eq!(lines, [(1, 1), (3, 3), (6, 6), (9, 9), (11, 11)]);
    let c = t.require_array("c").unwrap();
    assert_eq!((c[0].line, c[1].line), (7, 8));
    assert_eq!(sub(&t, "t").line(), 9);
    assert_eq!(sub(sub(&t, "t"), "k").line(), 10);
    let s = t.require_array("s").unwrap();
    assert_eq!((s[0].line, s[1].line), (11, 12));
    let d = sub(s[1].as_table().unwrap(), "d");
    assert_eq!((d.line(), d.entries()[0].line), (13, 13));
}

#[test]
fn an_implicit_table_takes_the_line_of_its_own_header() {
    let t = read("[a.b]\nx = 1\n\n[a]\ny = 2\n");
    assert_eq!(sub(&t, "a").line(), 4);
    assert_eq!(t.get("a").unwrap().line, 4);
    assert_eq!(sub(sub(&t, "a"), "b").line(), 1);
    assert_eq!(keys(sub(&t, "a")), ["b", "y"]);
}

#[test]
fn tables_know_their_dotted_names() {
    let t = read("[lesson.board]\n[[step]]\nmove = { from = 'e2' }\nlist = [{ a = 1 }]\n[\"第 1 课\"]\n");
    assert_eq!(t.name(), "");
    assert_eq!(sub(&t, "lesson").name(), "lesson");
    assert_eq!(sub(sub(&t, "lesson"), "board").name(), "lesson.board");
    let step = t.require_array("step").unwrap()[0].as_table().unwrap();
    assert_eq!(step.name(), "step");
    assert_eq!(sub(step, "move").name(), "step.move");
    assert_eq!(step.require_array("list").unwrap()[0].as_table().unwrap().name(), "step.list");
    assert_eq!(sub(&t, "第 1 课").name(), "\"第 1 课\"");
}

#[test]
fn dotted_keys_make_tables_that_headers_may_extend_below() {
    let t = read("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n");
    let apple = sub(sub(&t, "fruit"), "apple");
    assert_eq!(keys(apple), ["color", "taste", "texture"]);
    assert_eq!(sub(apple, "taste").require_bool("sweet"), Ok(true));
    let t = read("[a.b.c]\nz = 9\n[a]\nb.t = 1\n");
    assert_eq!(keys(sub(sub(&t, "a"), "b")), ["c", "t"]);
}

#[test]
fn arrays_of_tables_nest() {
    let src = "[[fruits]]\nname = \"apple\"\n[fruits.physical]\ncolor = \"red\"\n[[fruits.varieties]]\nname = \"a\"\n\
               [[fruits.varieties]]\nname = \"b\"\n[[fruits]]\nname = \"banana\"\n[[fruits.varieties]]\nname = \"c\"\n";
    let t = read(src);
    let fruits = t.require_array("fruits").unwrap();
    assert_eq!(fruits.len(), 2);
    let apple = fruits[0].as_table().unwrap();
    assert_eq!(text(sub(apple, "physical"), "color"), "red");
    let names: Vec<String> = apple.require_array("varieties").unwrap().iter().map(|v| text(v.as_table().unwrap(), "name")).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(fruits[1].as_table().unwrap().require_array("varieties").unwrap().len(), 1);
}

#[test]
fn inline_tables() {
    let t = read("p = { x = 1, y = \"二\", z.w = true, n = { m = [1, 2] } }\ne = {}\ns = {  }\n");
    let p = sub(&t, "p");
    assert_eq!(keys(p), ["x", "y", "z", "n"]);
    assert_eq!(text(p, "y"), "二");
    assert_eq!(sub(p, "z").require_bool("w"), Ok(true));
    assert!(sub(&t, "e").is_empty() && sub(&t, "s").is_empty());
    let t = read("a = { b = [\n 1, # one\n 2\n], s = \"\"\"x\ny\"\"\" }\nafter = 1\n");
    assert_eq!(t.get("after").unwrap().line, 6);
}

#[test]
fn arrays_over_lines_with_comments_trailing_commas_and_mixed_types() {
    let t = read("a = [\n  1, # one\n  # alone\n  \"two\",\n  [3.0, [true]],\n  { k = 'v' },\n]\nb = []\nc = [ ]\nd = [\n\n]\n");
    let a = t.require_array("a").unwrap();
    let kinds: Vec<&str> = a.iter().map(|v| v.kind.type_name()).collect();
    assert_eq!(kinds, ["an integer", "a string", "an array [ ]", "a table"]);
    assert_eq!(a[2].as_array().unwrap()[1].as_array().unwrap()[0].as_bool(), Some(true));
    for key in ["b", "c", "d"] {
        assert_eq!(t.require_array(key).map(<[Value]>::len), Ok(0));
    }
}

#[test]
fn basic_strings_with_every_escape() {
    let t = read(r#"s = "\b\t\n\f\r\"\\ é \u00E9 \u4e2d \U0001F600 \U0010ffff""#);
    assert_eq!(text(&t, "s"), "\u{8}\t\n\u{c}\r\"\\ é é 中 😀 \u{10ffff}");
    assert_eq!(text(&read("s = \"\"\n"), "s"), "");
    assert_eq!(text(&read("s = \"tab\tinside\"\n"), "s"), "tab\tinside");
}

#[test]
fn literal_strings_keep_backslashes() {
    let t = read("path = 'C:\\Users\\n'\nq = '<\"quoted\">'\ne = ''\n");
    assert_eq!(text(&t, "path"), "C:\\Users\\n");
    assert_eq!(text(&t, "q"), "<\"quoted\">");
    assert_eq!(text(&t, "e"), "");
}

#[test]
fn multi_line_basic_strings() {
    assert_eq!(text(&read("s = \"\"\"\nfirst\nsecond\"\"\"\n"), "s"), "first\nsecond");
    assert_eq!(text(&read("s = \"\"\"\r\nfirst\r\nsecond\"\"\"\r\n"), "s"), "first\r\nsecond");
    assert_eq!(text(&read("s = \"\"\"no trim\"\"\"\n"), "s"), "no trim");
    let folded = "s = \"\"\"\\\n   The quick \\\n\n\n   fox \\   \n   jumps.\\\n   \"\"\"\n";
    assert_eq!(text(&read(folded), "s"), "The quick fox jumps.");
    assert_eq!(text(&read("s = \"\"\"a \\\"\"\" b \\u4E2D\"\"\"\n"), "s"), "a \"\"\" b 中");
    assert_eq!(text(&read("s = \"\"\"\"quoted\"\"\"\"\n"), "s"), "\"quoted\"");
    assert_eq!(text(&read("s = \"\"\"\"\"two\"\"\"\"\"\n"), "s"), "\"\"two\"\"");
    assert_eq!(text(&read("s = \"\"\"\"\"\"\n"), "s"), "");
}

#[test]
fn multi_line_literal_strings() {
    let t = read("s = '''\n把车\\n走到 e4。\n  缩进\n'''\nq = ''''x'''''\ne = ''''''\n");
    assert_eq!(text(&t, "s"), "把车\\n走到 e4。\n  缩进\n");
    assert_eq!(text(&t, "q"), "'x''");
    assert_eq!(text(&t, "e"), "");
}

#[test]
fn integers() {
    let t = read("a = 42\nb = +17\nc = -5\nd = 0\ne = -0\nf = 1_000_000\ng = 0xDEAD_beef\nh = 0o755\ni = 0b1101\nj = 0x00ff\n");
    let values: Vec<i64> = keys(&t).into_iter().map(|k| int(&t, k)).collect();
    assert_eq!(values, [42, 17, -5, 0, 0, 1_000_000, 0xdead_beef, 0o755, 0b1101, 0xff]);
    let t = read("max = 9223372036854775807\nmin = -9223372036854775808\nhex = 0x7FFFFFFFFFFFFFFF\n");
    assert_eq!((int(&t, "max"), int(&t, "min"), int(&t, "hex")), (i64::MAX, i64::MIN, i64::MAX));
}

#[test]
fn floats() {
    let t = read("a = 1.5\nb = -0.01\nc = 5e+22\nd = 1E6\ne = -2e-2\nf = 6.626e-34\ng = 224_617.445_991\nh = 1e0_1\ni = 0.0\n");
    let values: Vec<f64> = keys(&t).into_iter().map(|k| float(&t, k)).collect();
    assert_eq!(values, [1.5, -0.01, 5e22, 1e6, -2e-2, 6.626e-34, 224_617.445_991, 1e1, 0.0]);
    let t = read("a = inf\nb = +inf\nc = -inf\nd = nan\ne = -nan\nf = -0.0\n");
    assert_eq!((float(&t, "a"), float(&t, "b"), float(&t, "c")), (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY));
    assert!(float(&t, "d").is_nan() && float(&t, "e").is_nan());
    assert!(float(&t, "f") == 0.0 && float(&t, "f").is_sign_negative());
}

#[test]
fn floats_round_to_the_nearest_double() {
    let cases = [
        "0.1",
        "9007199254740993.0",
        "9007199254740995.0",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "4.9406564584124654e-324",
        "2.4703282292062328e-324",
        "2.4703282292062327e-324",
        "1e-400",
        "0.000000000000000000000000000000000000000000001e-280",
        "123456789012345678901234567890.123456789e-10",
        "7.2057594037927933e16",
        "1e23",
        "8.98846567431158e307",
    ];
    for text in cases {
        let expected: f64 = text.parse().unwrap();
        let parsed = float(&read(&format!("x = {text}\n")), "x");
        assert_eq!(parsed.to_bits(), expected.to_bits(), "{text}");
    }
    let long = format!("x = 0.{}1e-300\n", "0".repeat(2000));
    assert_eq!(float(&read(&long), "x"), 0.0);
    let long = format!("x = 1.{}1\n", "0".repeat(5000));
    assert_eq!(float(&read(&long), "x"), 1.0);
    assert!(parse("x = 1.7976931348623159e308\n").unwrap_err().message.contains("too large"));
    assert!(parse("x = 1e99999999999999999999999\n").unwrap_err().message.contains("too large"));
    assert_eq!(float(&read("x = 1e-99999999999999999999999\n"), "x"), 0.0);
}

#[test]
fn booleans() {
    let t = read("yes = true\nno = false\n");
    assert_eq!((t.require_bool("yes"), t.require_bool("no")), (Ok(true), Ok(false)));
}

#[test]
fn byte_order_mark_and_crlf() {
    let t = read("\u{feff}a = 1\r\n[t] # c\r\nb = [\r\n2,\r\n]\r\nc = 'x'\r\n");
    assert_eq!(keys(&t), ["a", "t"]);
    assert_eq!(sub(&t, "t").get("c").unwrap().line, 6);
    let error = parse("\u{feff}a = 1\r\nb = ?\r\n").unwrap_err();
    assert_eq!((error.line, error.column), (2, 5));
}

/// Issue 29 §11: an old Mac's lone `\r` ends a line, as check.html's textarea reads it, with the
/// same line numbers (and in a file that has any, `\r\n` inside a multi-line string is `\n`).
#[test]
fn old_mac_line_ends_are_line_ends() {
    let t = read("a = 1\rb = [\r2,\r]\rs = \"\"\"\rx\r\ny\"\"\"\r[t]\rc = 'x'\r");
    assert_eq!(keys(&t), ["a", "b", "s", "t"]);
    assert_eq!((t.get("b").unwrap().line, t.get("s").unwrap().line, sub(&t, "t").get("c").unwrap().line), (2, 5, 9));
    assert_eq!(text(&t, "s"), "x\ny");
    let error = parse("a = 1\rb = ?\r").unwrap_err();
    assert_eq!((error.line, error.column), (2, 5));
    assert_eq!(parse("a = 1\rb = ?\r"), parse("a = 1\nb = ?\n"));
}

/// Issue 29 §1: reading is linear in the number of keys. Each new key was compared with every
/// key before it (20,000 keys: 200 million comparisons, 50,000 keys 4 s natively and 12.7 s in
/// the browser); the table's index compares about one per key, in any table of the file.
#[test]
fn reading_many_keys_compares_each_about_once() {
    let count = 20_000;
    let mut src = String::new();
    for i in 0..count {
        src.push_str(&format!("key_{i} = {i}\n"));
    }
    src.push_str("[t]\n");
    for i in 0..count {
        src.push_str(&format!("\"k {i}\".x = {i}\n"));
    }
    super::value::COMPARED.with(|c| c.set(0));
    let t = read(&src);
    let compared = super::value::COMPARED.with(std::cell::Cell::get);
    assert_eq!((t.len(), sub(&t, "t").len()), (count + 1, count));
    assert!(compared < 4 * count, "{compared} keys compared for {} keys", 2 * count);
    // A key defined twice is still found, among many.
    let twice = format!("{src}\"k 7\".x = 1\n");
    assert_eq!(parse(&twice).unwrap_err().message, "the key \"k 7\".x is already defined at line 20009");
}

#[test]
fn as_accessors_return_none_for_another_kind() {
    let t = read("s = 'x'\ni = 1\nf = 1.0\nb = true\na = [1]\nt = {}\n");
    let v = |k: &str| t.get(k).unwrap();
    assert_eq!((v("s").as_str(), v("i").as_str()), (Some("x"), None));
    assert_eq!((v("i").as_integer(), v("f").as_integer()), (Some(1), None));
    assert_eq!((v("f").as_float(), v("i").as_float()), (Some(1.0), None));
    assert_eq!((v("b").as_bool(), v("s").as_bool()), (Some(true), None));
    assert_eq!((v("a").as_array().map(<[Value]>::len), v("t").as_array()), (Some(1), None));
    assert_eq!((v("t").as_table().map(Table::len), v("a").as_table()), (Some(0), None));
    assert_eq!(t.get("missing"), None);
    assert_eq!(t.entry("b").map(|e| e.line), Some(4));
}

#[test]
fn require_names_the_line_and_the_kinds() {
    let t = read("title = 'x'\n\n[[step]]\nkind = 'move'\n\n\n\ntext = 3\n");
    let step = t.require_array("step").unwrap()[0].as_table().unwrap();
    assert_eq!(step.require_str("text").unwrap_err().to_string(), "line 8: \"text\" must be a string, found an integer");
    assert_eq!(step.require_str("hint").unwrap_err().to_string(), "line 3: the table [step] is missing \"hint\"");
    assert_eq!(t.require_str("author").unwrap_err().to_string(), "line 1: the file is missing \"author\"");
    assert_eq!(t.require_bool("title").unwrap_err().message, "\"title\" must be true or false, found a string");
    assert_eq!(t.require_table("step").unwrap_err().message, "\"step\" must be a table, found an array [ ]");
    assert_eq!(step.require_float("text").unwrap_err().message, "\"text\" must be a decimal number, found an integer");
    assert_eq!(t.require("title").map(|v| v.line), Ok(1));
}

#[test]
fn optional_accessors_check_the_kind_only_when_present() {
    let t = read("a = 'x'\nb = 2\n");
    assert_eq!(t.optional_str("a"), Ok(Some("x")));
    assert_eq!(t.optional_str("zz"), Ok(None));
    assert_eq!(t.optional_str("b").unwrap_err().to_string(), "line 2: \"b\" must be a string, found an integer");
    assert_eq!(t.optional_integer("b"), Ok(Some(2)));
    assert_eq!(t.optional_array("zz"), Ok(None));
}

#[test]
fn value_require_names_what_it_is() {
    let t = read("moves = ['e4',\n 5]\n");
    let moves = t.require_array("moves").unwrap();
    assert_eq!(moves[0].require_str("each move"), Ok("e4"));
    let error = moves[1].require_str("each move").unwrap_err();
    assert_eq!(error.to_string(), "line 2: each move must be a string, found an integer");
    assert_eq!(moves[1].wrong_type("the move", "a square like \"e4\"").message, "the move must be a square like \"e4\", found an integer");
}

#[test]
fn unknown_keys_suggest_the_closest_allowed_key() {
    let t = read("titel = 1\nkind = 2\nkidn = 3\nfoo = 4\ncolour = 5\nx = 6\n");
    let messages: Vec<String> = t.unknown_keys(&["title", "kind", "color", "y"]).iter().map(TomlError::to_string).collect();
    assert_eq!(
        messages,
        [
            "line 1: unknown key \"titel\" — did you mean \"title\"?",
            "line 3: unknown key \"kidn\" — did you mean \"kind\"?",
            "line 4: unknown key \"foo\" (the keys allowed here are \"title\", \"kind\", \"color\", \"y\")",
            "line 5: unknown key \"colour\" — did you mean \"color\"?",
            "line 6: unknown key \"x\" (the keys allowed here are \"title\", \"kind\", \"color\", \"y\")",
        ]
    );
    assert_eq!(t.unknown_keys(&[])[0].message, "unknown key \"titel\" (no keys are expected here)");
    assert!(read("title = 1\n").unknown_keys(&["title"]).is_empty());
    assert_eq!(super::value::edit_distance("abc", "abc"), 0);
    assert_eq!(super::value::edit_distance("", "abc"), 3);
    assert_eq!(super::value::edit_distance("ab", "ba"), 1);
    assert_eq!(super::value::edit_distance("kitten", "sitting"), 3);
}

#[test]
fn error_display_with_and_without_a_column() {
    assert_eq!(TomlError::new(12, 5, "expected '='").to_string(), "line 12, column 5: expected '='");
    assert_eq!(TomlError::at_line(8, "bad").to_string(), "line 8: bad");
}

#[test]
fn nesting_up_to_the_depth_limit() {
    let nested = |n: usize| format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n));
    let deepest = read(&nested(MAX_DEPTH - 1));
    assert_eq!(deepest.get("a").map(|v| v.line), Some(1));
    assert!(parse(&nested(MAX_DEPTH)).unwrap_err().message.contains("nested too deeply"));
    let dotted = |n: usize| format!("{} = 1\n", vec!["k"; n].join("."));
    read(&dotted(MAX_DEPTH));
    assert!(parse(&dotted(MAX_DEPTH + 1)).unwrap_err().message.contains("nested too deeply"));
    let header = format!("[{}]\n{} = 1\n", vec!["h"; MAX_DEPTH - 1].join("."), "k");
    read(&header);
    let header = format!("[{}]\n{} = 1\n", vec!["h"; MAX_DEPTH - 1].join("."), "k.k");
    assert!(parse(&header).unwrap_err().message.contains("nested too deeply"));
    let inline = |n: usize| format!("a = {}{}\n", "{b=".repeat(n), "}".repeat(n));
    assert!(parse(&inline(MAX_DEPTH * 2)).unwrap_err().message.contains("nested too deeply"));
}

#[test]
fn value_kinds_compare_and_clone() {
    let t = read("a = [1, 'x']\n");
    let a = t.get("a").unwrap().clone();
    let expected = Value {
        kind: ValueKind::Array(vec![Value { kind: ValueKind::Integer(1), line: 1 }, Value { kind: ValueKind::String("x".into()), line: 1 }]),
        line: 1,
    };
    assert_eq!(a, expected);
}
