//! The site's lesson files in their compiled form: beside each `lessons/**/x.toml` a
//! `x.json` (`qitong::format::toml::compile`), which the pages of the site's own course read
//! with a module that has no TOML reader (`src/lesson_form.rs`), and beside `course.toml` the
//! course index (`course-index.json`, `qitong_lessons::Course::index_toml`) that the maps draw
//! from. `dist` writes them; `serve` (and the test server) makes one from the sources each time
//! it is asked for, so the working tree needs none and none can be stale.

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

/// The course index of the lessons folder `dir` (which has `course.toml`), compiled; None
/// without a course file or when the course cannot be read at all.
pub fn index_of(dir: &Path) -> Option<String> {
    // As a browser decodes a fetched file: bytes that are not UTF-8 become U+FFFD.
    let course = qitong_lessons::Course::load(|name| fs::read(dir.join(name)).ok().map(|b| String::from_utf8_lossy(&b).into_owned())).ok()?;
    Some(qitong::format::toml::compile(&course.index_toml()))
}

/// The compiled form of the lesson file that `compiled` (a `.json` path in a lessons folder)
/// stands for, or the course index when it names one; None when there is no such source.
pub fn compile_on_request(compiled: &Path) -> Option<Vec<u8>> {
    if compiled.file_name().is_some_and(|n| n == qitong_lessons::INDEX_FILE) {
        return index_of(compiled.parent()?).map(String::into_bytes);
    }
    let source = source_of(compiled)?;
    // As a browser decodes a fetched file: bytes that are not UTF-8 become U+FFFD.
    let text = String::from_utf8_lossy(&fs::read(source).ok()?).into_owned();
    Some(qitong::format::toml::compile(&text).into_bytes())
}

/// Writes the compiled file beside every `.toml` under `dir`, and the course index beside a
/// `course.toml` at its top; returns how many files.
pub fn compile_site(dir: &Path) -> Result<usize> {
    let count = compile_dir(dir)?;
    match index_of(dir) {
        Some(index) => {
            let out = dir.join(qitong_lessons::INDEX_FILE);
            fs::write(&out, index).with_context(|| format!("writing {}", out.display()))?;
            Ok(count + 1)
        }
        None => Ok(count),
    }
}

/// Writes the compiled file beside every `.toml` under `dir`; returns how many.
fn compile_dir(dir: &Path) -> Result<usize> {
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
        assert_eq!(compile_site(&dir).expect("compiles"), 2, "course.toml without its title has no index");
        let course = fs::read_to_string(dir.join("course.json")).expect("course.json");
        assert_eq!(qitong::format::toml::from_tree(&course).expect("reads").require_str("title").ok(), Some("x"));
        let broken = fs::read_to_string(dir.join("rook/moves.json")).expect("moves.json");
        assert_eq!(qitong::format::toml::from_tree(&broken).expect_err("refused").line, 1);
        assert!(!dir.join("FORMAT.json").exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_course_index_is_made_from_the_sources_on_request_and_by_dist() {
        let dir = temp_dir("index");
        let course = "title = { zh = \"课\", en = \"C\" }\n[[stage]]\nid = \"rook\"\ntitle = { zh = \"车\", en = \"Rook\" }\nlessons = [\"moves\"]\n";
        fs::write(dir.join("course.toml"), course).expect("write");
        let lesson = |en: &str| {
            format!("title = {{ zh = \"走\", en = \"{en}\" }}\n[[step]]\nkind = \"narration\"\nlines = [{{ zh = \"好\", en = \"Hi\" }}]\n")
        };
        fs::write(dir.join("rook/moves.toml"), lesson("Moves")).expect("write");
        let title = |bytes: Vec<u8>| {
            let course: qitong_lessons::Course = qitong_lessons::Course::load_indexed(
                &String::from_utf8(bytes).expect("utf-8"),
                |_| None,
                qitong::format::toml::from_tree,
                qitong_lessons::Problems::DESCRIBED,
            )
            .expect("index");
            course.lesson("rook", "moves").and_then(|e| e.outline.clone()).map(|o| (o.steps(), o.title.en)).map(|(n, t)| (t, n))
        };
        let asked = dir.join(qitong_lessons::INDEX_FILE);
        assert_eq!(compile_on_request(&asked).map(title), Some(Some(("Moves".into(), 1))));
        // Made again from the sources each time: an edited lesson shows at once.
        fs::write(dir.join("rook/moves.toml"), lesson("Edited")).expect("write");
        assert_eq!(compile_on_request(&asked).map(title), Some(Some(("Edited".into(), 1))));
        assert_eq!(compile_on_request(&dir.join("rook").join(qitong_lessons::INDEX_FILE)), None);
        assert_eq!(compile_site(&dir).expect("compiles"), 3);
        assert_eq!(fs::read(&asked).ok().map(title), Some(Some(("Edited".into(), 1))));
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
