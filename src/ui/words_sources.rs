//! The lessons' feedback codes against their sources: each is a `lessons::Code` variant declared
//! with its words, so a code without words or a misspelt one does not compile; what is read here is
//! only that every one is still said by some source. The rules' and the class rules' codes are
//! checked beside their words, in the words crate (`web/words/src/sources.rs`).

use crate::lessons::Code;
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
    let unused: Vec<&Code> = Code::ALL.iter().filter(|c| !used.contains(&format!("Code::{c:?}"))).collect();
    assert!(unused.is_empty(), "lessons::words has words for codes no source says: {unused:?}");
}
