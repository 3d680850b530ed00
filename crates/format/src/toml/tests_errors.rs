//! Unit tests of what the reader refuses: every error, with its line, its column (in
//! characters) and its wording.

use super::parse;

/// The error for `src`, as the teacher sees it.
fn error(src: &str) -> String {
    match parse(src) {
        Ok(table) => panic!("{src:?} was accepted: {table:?}"),
        Err(error) => error.to_string(),
    }
}

fn check(cases: &[(&str, &str)]) {
    for (src, expected) in cases {
        assert_eq!(error(src), *expected, "for {src:?}");
    }
}

#[test]
fn keys_and_equals_signs() {
    check(&[
        ("title \"x\"\n", "line 1, column 7: expected '=' after the key \"title\", found '\"'"),
        ("\n\nti tle = 1\n", "line 3, column 4: expected '=' after the key \"ti\", found 't' (a key with spaces must be written in quotes)"),
        ("a.b\n", "line 1, column 4: expected '=' after the key \"a.b\", found the end of the line"),
        ("\"标题\" 1", "line 1, column 6: expected '=' after the key \"标题\", found '1' (a key with spaces must be written in quotes)"),
        ("= 1\n", "line 1, column 1: expected a key before '='"),
        ("a. = 1\n", "line 1, column 4: expected a key before '='"),
        ("a..b = 1\n", "line 1, column 3: expected a key, found '.'"),
        (
            "标题 = \"车\"\n",
            "line 1, column 1: the key 标题 must be written in quotes: \"标题\" (keys without quotes may only use A-Z, a-z, 0-9, _ and -)",
        ),
        (
            "x = 1\ncolor@red = 1\n",
            "line 2, column 1: the key color@red must be written in quotes: \"color@red\" (keys without quotes may only use A-Z, a-z, 0-9, _ and -)",
        ),
        ("\"\"\"k\"\"\" = 1\n", "line 1, column 1: a key cannot be written with three quotes; use one pair of quotes"),
        ("\"k\n", "line 1, column 1: a string must be closed with \" on the same line (use \"\"\" for text over several lines)"),
    ]);
}

#[test]
fn chinese_keyboard_characters_get_a_hint() {
    check(&[
        ("title＝\"x\"\n", "line 1, column 6: expected '=' after the key \"title\", found '＝', a Chinese-keyboard character (switch to English input and type '=')"),
        ("title = “车”\n", "line 1, column 9: expected a value (text in \"quotes\", a number, true or false, [ ] or { }), found '“', a Chinese-keyboard character (switch to English input and type '\"')"),
        ("［step］\n", "line 1, column 1: expected a key, found '［', a Chinese-keyboard character (switch to English input and type '[')"),
        ("a\u{3000}= 1\n", "line 1, column 2: expected '=' after the key \"a\", found '\u{3000}', a Chinese-keyboard character (switch to English input and type ' ')"),
        ("a = [1， 2]\n", "line 1, column 7: expected ',' between the items of the array (or ']' to end it), found '，', a Chinese-keyboard character (switch to English input and type ',')"),
        ("a = 1。5\n", "line 1, column 6: expected the end of the line after the value, found '。', a Chinese-keyboard character (switch to English input and type '.') (write one thing per line)"),
        ("title: \"x\"\n", "line 1, column 6: expected '=' after the key \"title\", found ':' (TOML puts '=' between a key and its value: key = value)"),
        ("title：\"x\"\n", "line 1, column 6: expected '=' after the key \"title\", found '：', a Chinese-keyboard character (switch to English input and type ':') (TOML puts '=' between a key and its value: key = value)"),
        ("a = 1 \u{1}\n", "line 1, column 7: expected the end of the line after the value, found the invisible character U+0001 (write one thing per line)"),
    ]);
}

#[test]
fn values_that_are_missing_or_not_quoted() {
    let expected = "expected a value (text in \"quotes\", a number, true or false, [ ] or { })";
    check(&[
        ("a =\n", &format!("line 1, column 4: {expected}, found the end of the line")),
        ("a = ", &format!("line 1, column 5: {expected}, found the end of the file")),
        ("a = # nothing\n", &format!("line 1, column 5: {expected}, found a comment")),
        ("a = ,\n", &format!("line 1, column 5: {expected}, found ','")),
        ("a = _1\n", &format!("line 1, column 5: {expected}, found '_'")),
        ("a = -x\n", &format!("line 1, column 5: {expected}, found 'x'")),
        ("a = +\n", "line 1, column 5: \"+\" is not a number: expected digits after the sign"),
        ("text = 你好\n", "line 1, column 8: text must be written in quotes: \"你好\" (or true/false for yes/no)"),
        ("done = yes\n", "line 1, column 8: text must be written in quotes: \"yes\" (or true/false for yes/no)"),
        ("done = True\n", "line 1, column 8: text must be written in quotes: \"True\" (or true/false for yes/no)"),
        ("a = 1 2\n", "line 1, column 7: expected the end of the line after the value, found '2' (write one thing per line)"),
        ("a = 'x' b = 1\n", "line 1, column 9: expected the end of the line after the value, found 'b' (write one thing per line)"),
    ]);
}

#[test]
fn strings_that_are_not_closed() {
    check(&[
        ("a = \"车\nb = 1\n", "line 1, column 5: a string must be closed with \" on the same line (use \"\"\" for text over several lines)"),
        ("a = '车", "line 1, column 5: a string must be closed with ' on the same line (use ''' for text over several lines)"),
        ("a = 1\nb = \"\"\"车\n\n", "line 2, column 5: the text started here with \"\"\" is never closed with \"\"\""),
        ("a = '''x''", "line 1, column 5: the text started here with ''' is never closed with '''"),
        ("a = \"\"\"x\"\"\"\"\"\"\n", "line 1, column 9: three quotes in a row end the text; write \\\" for a quote inside it"),
    ]);
}

#[test]
fn escapes_and_control_characters() {
    check(&[
        ("a = \"C:\\temp\\new\\q\"\n", "line 1, column 17: \\q is not a valid escape; write \\\\ for a backslash, or use 'single quotes' for text with backslashes"),
        ("a = \"中文\\中\"\n", "line 1, column 8: \\中 is not a valid escape; write \\\\ for a backslash, or use 'single quotes' for text with backslashes"),
        ("a = \"x\\ y\"\n", "line 1, column 7: \\ followed by a space is not a valid escape; write \\\\ for a backslash, or use 'single quotes' for text with backslashes"),
        ("a = \"x\\\ny\"\n", "line 1, column 7: a \\ at the end of a line works only in text written with \"\"\""),
        ("a = \"\\e\"\n", "line 1, column 6: \\e is not a valid escape; write \\\\ for a backslash, or use 'single quotes' for text with backslashes"),
        ("a = \"\\u12\"\n", "line 1, column 6: \\u must be followed by exactly 4 hexadecimal digits (0-9, A-F)"),
        ("a = \"\\u12G4\"\n", "line 1, column 6: \\u must be followed by exactly 4 hexadecimal digits (0-9, A-F)"),
        ("a = \"\\U0001F60\"\n", "line 1, column 6: \\U must be followed by exactly 8 hexadecimal digits (0-9, A-F)"),
        ("a = \"\\uDFFF\"\n", "line 1, column 6: \\uDFFF is not a valid Unicode character"),
        ("a = \"\"\"\n\\U00110000\"\"\"\n", "line 2, column 1: \\U00110000 is not a valid Unicode character"),
        ("a = \"bell\u{7}\"\n", "line 1, column 10: the invisible character U+0007 is not allowed in a string (write it as an escape like \\u0007)"),
        ("a = '''\nx\u{7f}'''\n", "line 2, column 2: the invisible character U+007F is not allowed in a string (write it as an escape like \\u007F)"),
        ("# 注释\u{0}\n", "line 1, column 5: the invisible character U+0000 is not allowed in a comment"),
    ]);
}

#[test]
fn numbers() {
    check(&[
        ("n = 07\n", "line 1, column 5: \"07\": a number cannot start with 0 (write 7, not 07)"),
        ("n = -007.5\n", "line 1, column 5: \"-007.5\": a number cannot start with 0 (write 7, not 007)"),
        ("n = 1__0\n", "line 1, column 5: \"1__0\": '_' in a number must stand between two digits"),
        ("n = 10_\n", "line 1, column 5: \"10_\": '_' in a number must stand between two digits"),
        ("n = 0x_1\n", "line 1, column 5: \"0x_1\": '_' in a number must stand between two digits"),
        ("n = +0x1\n", "line 1, column 5: \"+0x1\": a hexadecimal, octal or binary number cannot have a sign"),
        ("n = 0b12\n", "line 1, column 5: \"0b12\" is not a valid number"),
        ("n = 12abc\n", "line 1, column 5: \"12abc\" is not a valid number"),
        ("n = 1.2.3\n", "line 1, column 5: \"1.2.3\" is not a valid number"),
        ("n = .5\n", "line 1, column 5: a decimal point needs digits on both sides, like 0.5"),
        ("n = 5.\n", "line 1, column 5: a decimal point needs digits on both sides, like 0.5"),
        ("n = 5.e3\n", "line 1, column 5: a decimal point needs digits on both sides, like 0.5"),
        ("n = 1e\n", "line 1, column 5: \"1e\" is not a valid number"),
        (
            "n = 9223372036854775808\n",
            "line 1, column 5: the number 9223372036854775808 is too large (integers go from -9223372036854775808 to 9223372036854775807)",
        ),
        (
            "n = 0xFFFFFFFFFFFFFFFF\n",
            "line 1, column 5: the number 0xFFFFFFFFFFFFFFFF is too large (integers go from -9223372036854775808 to 9223372036854775807)",
        ),
        ("n = -1e999\n", "line 1, column 5: the number -1e999 is too large"),
    ]);
}

#[test]
fn dates_are_refused_with_a_hint() {
    let hint = "dates are not supported in lesson files; write them as a string like \"2026-11-29\"";
    for src in ["d = 2026-11-29\n", "d = 1979-05-27T07:32:00Z\n", "d = 1979-05-27 07:32:00\n", "d = 07:32:00\n", "d = [2026-11-29]\n"] {
        let e = parse(src).unwrap_err();
        assert_eq!(e.message, hint, "{src:?}");
        assert_eq!((e.line, e.column), (1, if src.contains('[') { 6 } else { 5 }));
    }
}

#[test]
fn arrays() {
    check(&[
        ("a = [1 2]\n", "line 1, column 8: expected ',' between the items of the array (or ']' to end it), found '2'"),
        ("a = [\n  'x'\n  'y'\n]\n", "line 3, column 3: expected ',' between the items of the array (or ']' to end it), found '''"),
        ("a = [1,,2]\n", "line 1, column 8: expected a value (text in \"quotes\", a number, true or false, [ ] or { }), found ','"),
        ("a = [\n 1,\n 2,\n", "line 1, column 5: this array [ is never closed with ]"),
        ("x = 1\na = [1", "line 2, column 5: this array [ is never closed with ]"),
    ]);
}

#[test]
fn inline_tables() {
    let one_line = "an inline table { } must be written on one line (use a [table] header for a longer table)";
    check(&[
        ("t = { a = 1, }\n", "line 1, column 14: no comma is allowed after the last item of an inline table { }"),
        ("t = { a = 1,\n b = 2 }\n", &format!("line 1, column 13: {one_line}")),
        ("t = {\n}\n", &format!("line 1, column 6: {one_line}")),
        ("t = { a = 1 # c\n}\n", &format!("line 1, column 13: {one_line}")),
        ("t = { a = 1", "line 1, column 5: this inline table { is never closed with }"),
        ("t = { a = 1 b = 2 }\n", "line 1, column 13: expected ',' or '}' after a value in the inline table, found 'b'"),
        ("t = { a = 1, a = 2 }\n", "line 1, column 14: the key \"a\" is already defined at line 1"),
        (
            "t = { a = { b = 1 }, a.c = 2 }\n",
            "line 1, column 22: cannot set \"a.c\": there is already an inline table t.a = { ... } (line 1), which cannot be extended",
        ),
    ]);
}

#[test]
fn headers() {
    check(&[
        ("[]\n", "line 1, column 2: expected a key, found ']'"),
        ("[a\n", "line 1, column 3: expected ']' to close the header [a], found the end of the line"),
        ("[[a]\n", "line 1, column 5: expected ']]' to close the header [[a]], found the end of the line"),
        ("[[a] ]\n", "line 1, column 5: expected ']]' to close the header [[a]], found ' '"),
        ("[a] b = 1\n", "line 1, column 5: expected the end of the line after the table header, found 'b' (write one thing per line)"),
    ]);
}

#[test]
fn keys_and_tables_defined_twice() {
    check(&[
        ("title = 'a'\n\ntitle = 'b'\n", "line 3, column 1: the key \"title\" is already defined at line 1"),
        ("a.b = 1\na.b = 2\n", "line 2, column 3: the key \"a.b\" is already defined at line 1"),
        (
            "[step]\nx = 1\n\n[step]\n",
            "line 4, column 2: the table [step] is already defined at line 1 (for a list of tables, write [[step]] before each one)",
        ),
        (
            "[a.b]\n[a]\n[a.b]\n",
            "line 3, column 4: the table [a.b] is already defined at line 1 (for a list of tables, write [[a.b]] before each one)",
        ),
        ("[x]\nname = 'a'\nname.first = 'b'\n", "line 3, column 1: cannot set \"name.first\": there is already a value x.name = ... (line 2)"),
        ("[a.b.c]\n[a]\nb.c.t = 1\n", "line 3, column 3: cannot set \"b.c.t\": there is already a table [a.b.c] (line 1)"),
        ("[[s]]\n[x]\ns.k = 1\n[x.s]\n", "line 4, column 4: cannot define [x.s]: there is already a table x.s made with dotted keys (line 3)"),
        ("[[x.a]]\n[x]\na.b = 1\n", "line 3, column 1: cannot set \"a.b\": there is already an array of tables [[x.a]] (line 1)"),
    ]);
}

#[test]
fn tables_that_cannot_be_extended() {
    check(&[
        ("a = 1\n[a.b]\n", "line 2, column 2: cannot define [a.b]: there is already a value a = ... (line 1)"),
        ("a = { x = 1 }\n[a]\n", "line 2, column 2: cannot define [a]: there is already an inline table a = { ... } (line 1), which cannot be extended"),
        ("a = { x = 1 }\na.y = 2\n", "line 2, column 1: cannot set \"a.y\": there is already an inline table a = { ... } (line 1), which cannot be extended"),
        ("[fruit]\napple.color = 'red'\n[fruit.apple]\n", "line 3, column 8: cannot define [fruit.apple]: there is already a table fruit.apple made with dotted keys (line 2)"),
        ("step = []\n[[step]]\n", "line 2, column 3: cannot define [[step]]: there is already an array step = [ ... ] (line 1); write [[step]] before each table of a list of tables"),
        ("step = [{ a = 1 }]\n[step.b]\n", "line 2, column 2: cannot define [step.b]: there is already an array step = [ ... ] (line 1); write [[step]] before each table of a list of tables"),
        ("[step]\n[[step]]\n", "line 2, column 3: cannot define [[step]]: there is already a table [step] (line 1)"),
        ("[a.b]\n[[a]]\n", "line 2, column 3: cannot define [[a]]: there is already a table [a] (line 1)"),
        ("[[step]]\n[step]\n", "line 2, column 2: cannot define [step]: there is already an array of tables [[step]] (line 1)"),
        ("s = 1\n[[s]]\n", "line 2, column 3: cannot define [[s]]: there is already a value s = ... (line 1)"),
    ]);
}

#[test]
fn columns_count_characters_not_bytes() {
    let e = parse("标题 = \"车的走法\"\n说明 = '马走日'  x\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    let e = parse("\"标题\" = \"车的走法\" x\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 15));
    let e = parse("a = \"\"\"第一行\n第二行 \\q\"\"\"\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 5));
}

#[test]
fn errors_never_panic_on_awkward_input() {
    for src in ["\u{feff}", "\u{feff}\u{feff}", "[", "[[", "a", "a.", "\"", "'''", "a = [", "a = {", "a = \"\\", "a = \"\\u", "\r", "#\r"] {
        let _ = parse(src);
    }
    assert!(parse("\u{feff}\u{feff}a = 1").is_err());
}
