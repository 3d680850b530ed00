//! The site's lesson files in their compiled form: beside each `lessons/**/x.toml` a
//! `x.json` (`qitong::format::toml::compile`), which the pages of the site's own course read
//! with a module that has no TOML reader (`src/lesson_form.rs`). `dist` writes them; `serve`
//! (and the test server) compiles one when it is asked for, so the working tree needs none.

use anyhow::{Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

/// The compiled file of a lesson file (`rook/moves.toml` → `rook/moves.json`).
pub fn compiled_path(source: &Path) -> PathBuf {
    source.with_extension("json")
}

/// The TOML source of a compiled file's path, when it names one (`….json` beside a `….toml`).
fn source_of(compiled: &Path) -> Option<PathBuf> {
    (compiled.extension()? == "json").then(|| compiled.with_extension("toml")).filter(|source| source.is_file())
}

/// The compiled form of the lesson file that `compiled` (a `.json` path in a lessons folder)
/// stands for, or None when there is no such source.
pub fn compile_on_request(compiled: &Path) -> Option<Vec<u8>> {
    let source = source_of(compiled)?;
    // As a browser decodes a fetched file: bytes that are not UTF-8 become U+FFFD.
    let text = String::from_utf8_lossy(&fs::read(source).ok()?).into_owned();
    Some(qitong::format::toml::compile(&text).into_bytes())
}

/// Writes the compiled file beside every `.toml` under `dir`; returns how many.
pub fn compile_dir(dir: &Path) -> Result<usize> {
    let mut count = 0;
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            count += compile_dir(&path)?;
        } else if path.extension().is_some_and(|e| e == "toml") {
            let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            let out = compiled_path(&path);
            fs::write(&out, qitong::format::toml::compile(&text)).with_context(|| format!("writing {}", out.display()))?;
            count += 1;
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("qitong-compiled-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("rook")).expect("mkdir");
        dir
    }

    #[test]
    fn every_lesson_file_gets_its_compiled_form_beside_it() {
        let dir = temp_dir("dir");
        fs::write(dir.join("course.toml"), "title = \"x\"\n").expect("write");
        fs::write(dir.join("rook/moves.toml"), "title = = 1\n").expect("write");
        fs::write(dir.join("FORMAT.md"), "# format\n").expect("write");
        assert_eq!(compile_dir(&dir).expect("compiles"), 2);
        let course = fs::read_to_string(dir.join("course.json")).expect("course.json");
        assert_eq!(qitong::format::toml::from_tree(&course).expect("reads").require_str("title").ok(), Some("x"));
        let broken = fs::read_to_string(dir.join("rook/moves.json")).expect("moves.json");
        assert_eq!(qitong::format::toml::from_tree(&broken).expect_err("refused").line, 1);
        assert!(!dir.join("FORMAT.json").exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_compiled_file_is_made_on_request_only_for_a_lesson_file() {
        let dir = temp_dir("request");
        fs::write(dir.join("rook/moves.toml"), "title = \"x\"\n").expect("write");
        let made = compile_on_request(&dir.join("rook/moves.json")).expect("compiled");
        assert_eq!(String::from_utf8(made).ok(), Some(qitong::format::toml::compile("title = \"x\"\n")));
        assert_eq!(compile_on_request(&dir.join("rook/other.json")), None);
        assert_eq!(compile_on_request(&dir.join("rook/moves.toml")), None);
        let _ = fs::remove_dir_all(&dir);
    }
}
