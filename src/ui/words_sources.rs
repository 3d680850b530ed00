//! The lesson feedback codes checked against the codes the real sources produce, not against
//! their own lists: every feedback code the step kinds (crates/lessons/src/kinds) emit has words in
//! both languages, where the lesson player looks them up (`lessons::words`, then `ui::words`, then
//! its own). A misspelt code fails here instead of showing raw on the child's screen. The rules'
//! and the class rules' codes are checked beside their words, in the words crate (web/words),
//! which has its own `code_of` and `literals` until the lesson player is a crate of its own.

use crate::lang::Lang;
use crate::lessons::words::CODES as LESSON_CODES;
use crate::ui::lesson::words::feedback_template as words;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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

/// The Rust files under `dir`, test files left out.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else { return files };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") && !path.file_stem().is_some_and(|s| s.to_string_lossy().contains("test")) {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The edit distance between two short strings.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = here;
        }
    }
    row[b.len()]
}

/// The feedback codes the step kinds emit, read from their sources (`codes_in`).
fn kind_codes(known: &BTreeSet<&str>) -> BTreeSet<String> {
    let files = sources(&root().join("crates/lessons/src/kinds"));
    assert!(files.len() > 20, "the kinds' sources are read: {files:?}");
    let texts: Vec<String> = files.iter().map(|f| code_of(&fs::read_to_string(f).unwrap_or_default())).collect();
    codes_in(&texts, known)
}

/// The codes in `texts` (Rust code): a literal given to a `Feedback` constructor or to a
/// function's `code: &'static str` parameter, or set as `code:`, and any hyphenated literal that
/// looks like a code (of a known code's family, `puzzle-…`, or one or two letters from a known
/// code), kind names left out.
fn codes_in(texts: &[String], known: &BTreeSet<&str>) -> BTreeSet<String> {
    let families: BTreeSet<&str> = known.iter().filter_map(|c| c.split_once('-').map(|(f, _)| f)).collect();
    let kind_names: BTreeSet<&str> = crate::lessons::KINDS.iter().copied().collect();
    // Functions that take a code to say, as `fn complete(&mut self, code: &'static str)`.
    let mut takers: Vec<String> = ["accepted", "correct", "wrong", "complete", "failed"].iter().map(|c| format!("Feedback::{c}(")).collect();
    for text in texts {
        for (at, _) in text.match_indices("code: &'static str") {
            let head = &text[..at];
            if let Some(name) = head.rfind("fn ").map(|i| &head[i + 3..]).and_then(|s| s.split('(').next()) {
                takers.push(format!(".{name}("));
            }
        }
    }
    let mut codes = BTreeSet::new();
    for text in texts {
        for (before, lit) in literals(text) {
            let given = takers.iter().any(|t| before.ends_with(t.as_str())) || before.trim_end().ends_with("code:");
            let looks = lit.contains('-')
                && !lit.contains(' ')
                && !kind_names.contains(lit)
                && (lit.split_once('-').is_some_and(|(f, _)| families.contains(f)) || known.iter().any(|c| distance(c, lit) <= 2));
            if given || looks {
                codes.insert(lit.to_string());
            }
        }
    }
    codes
}

#[test]
fn every_feedback_code_a_kind_emits_has_words() {
    let known: BTreeSet<&str> = LESSON_CODES.iter().copied().collect();
    let codes = kind_codes(&known);
    // The reading finds codes of each way they are given.
    for code in ["star-collected", "setup-wrong-many", "vs-mated", "puzzle-lose", "escape-found-already", "quiz-missing", "adjust-forgot"] {
        assert!(codes.contains(code), "{code} is read from the kinds' sources: {codes:?}");
    }
    let missing: Vec<&String> = codes.iter().filter(|c| [Lang::Zh, Lang::En].iter().any(|&lang| words(c, lang).is_none())).collect();
    assert!(missing.is_empty(), "codes the kinds emit without words in both languages, where the player looks them up: {missing:?}");
}

#[test]
fn every_lesson_code_with_words_is_used_by_the_sources() {
    let mut used = String::new();
    for dir in ["crates/lessons/src", "src", "web"] {
        for file in sources(&root().join(dir)) {
            // Not the table itself, nor this reading.
            let table = file.ends_with("words.rs") && file.parent().is_some_and(|p| p.ends_with("lessons/src"));
            if !table && !file.ends_with("words_sources.rs") {
                used.push_str(&code_of(&fs::read_to_string(&file).unwrap_or_default()));
            }
        }
    }
    let unused: Vec<&&str> = LESSON_CODES.iter().filter(|c| !used.contains(&format!("\"{c}\""))).collect();
    assert!(unused.is_empty(), "lessons::words has words for codes no source says: {unused:?}");
}

#[test]
fn the_reading_catches_a_misspelt_code() {
    let known: BTreeSet<&str> = LESSON_CODES.iter().copied().collect();
    let text = "fn f(&mut self) -> Feedback { if x { Feedback::wrong(\"puzzle-lsoe\") } else { self.finish(\"red\") } }\n\
                fn finish(&mut self, code: &'static str) -> Feedback { Feedback { code: \"vs-wom\", ..Feedback::complete(code, None) } }\n\
                fn g() { let kind = \"mate-in-one\"; let says = \"a sentence - with a dash\"; Feedback::correct(\"puzzel-won\") }";
    let found = codes_in(&[text.to_string()], &known);
    assert_eq!(found.iter().map(String::as_str).collect::<Vec<_>>(), ["puzzel-won", "puzzle-lsoe", "red", "vs-wom"]);
    assert!(found.iter().all(|c| words(c, Lang::Zh).is_none() && words(c, Lang::En).is_none()), "none of them has words");
}
