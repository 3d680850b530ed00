//! The kid-worded table checked against the codes the real sources produce, not against its own
//! lists: every refusal code of the classroom crate's `code()` functions and the rules core's
//! reasons and endings has words in both languages. A misspelt code fails here instead of showing
//! raw on the child's screen. (The lesson feedback codes are checked where the lesson player looks
//! them up: the root crate's `ui::words_sources`.)

use crate::template as rule_template;
use qitong_lessons::lang::Lang;
use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

/// The workspace's root: the nearest folder above this crate's with `crates/` in it.
fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.ancestors().find(|dir| dir.join("crates").is_dir()).map_or(here.clone(), PathBuf::from)
}

/// A source file's code: without its `//` comments and its test module (`#[cfg(test)] mod … {`,
/// at the file's end).
fn code_of(text: &str) -> String {
    let tests = text.match_indices("#[cfg(test)]").map(|(at, _)| at).find(|&at| {
        let after = text[at + "#[cfg(test)]".len()..].trim_start();
        after.starts_with("mod ") && after.lines().next().is_some_and(|line| line.trim_end().ends_with('{'))
    });
    let text = &text[..tests.unwrap_or(text.len())];
    text.lines().map(|line| if line.trim_start().starts_with("//") { "" } else { line }).collect::<Vec<_>>().join("\n")
}

/// The string literals of `code` (escapes kept as written), each with the code before it.
fn literals(code: &str) -> Vec<(&str, &str)> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'"' {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < bytes.len() && bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        let end = end.min(bytes.len());
        out.push((&code[..i], &code[i + 1..end]));
        i = end + 1;
    }
    out
}

/// Classroom codes that never reach a child: misuse of the clock by the page's own script, and
/// refusals thrown to the page's script as `REFUSED` (the board's `claimDraw()`, `undo()`).
const API_ONLY: &[&str] = &["clock-not-paused", "clock-not-running", "clock-time-went-backwards", "no-draw-to-claim", "nothing-to-undo"];

/// Every string a `fn code` of the classroom crate's refusal types returns.
fn classroom_codes() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for file in ["touch.rs", "draw_offer.rs", "clock.rs", "class_game.rs"] {
        let text = fs::read_to_string(root().join("crates/classroom/src").join(file)).unwrap_or_default();
        let code = code_of(&text);
        assert!(code.contains("fn code("), "crates/classroom/src/{file} has a code() function");
        for (at, _) in code.match_indices("fn code(") {
            // The function's body: up to the next function, enough for a match of literals.
            let body = &code[at..];
            let end = body[1..].find("fn ").map_or(body.len(), |i| i + 1);
            codes.extend(literals(&body[..end]).into_iter().map(|(_, lit)| lit.to_string()));
        }
    }
    codes
}

#[test]
fn every_classroom_refusal_has_words_unless_only_the_page_script_sees_it() {
    let codes = classroom_codes();
    for code in ["touch-move-must-move", "draw-offer-none", "clock-black-starts", "clock-press-first", "game-over"] {
        assert!(codes.contains(code), "{code} is read from the classroom's sources: {codes:?}");
    }
    for code in API_ONLY {
        assert!(codes.contains(*code), "{code} is still a classroom code");
    }
    for code in codes.iter().filter(|c| !API_ONLY.contains(&c.as_str())) {
        for lang in [Lang::Zh, Lang::En] {
            assert!(rule_template(code, lang).is_some(), "the classroom's {code} has no words in {lang} (qitong_words::template)");
        }
    }
}

#[test]
fn every_reason_and_ending_of_the_rules_core_has_words() {
    for code in qitong_rules::IllegalReason::CODES.iter().chain(qitong_rules::EndReason::CODES.iter()) {
        for lang in [Lang::Zh, Lang::En] {
            assert!(rule_template(code, lang).is_some(), "{code} in {lang}");
        }
    }
}
