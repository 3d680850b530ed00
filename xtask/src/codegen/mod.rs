//! `cargo xtask codegen`: the files (and the regions of files) that say what the custom elements
//! offer, rendered from the one definition in Rust (`qitong_words::element_api` and each element's
//! `api` module): `www/custom-elements.json`, the two `.d.ts` files, the mirrored property lists
//! and observed attributes of the element modules, the README's and `www/embed.html`'s reference
//! tables, the pages' copies of the language key and the storage note, the frame's lists of
//! accepted values, the course's stages that the basics module plays (`course.rs`), and the step
//! kinds for the browser tests (`kinds.rs`).
//!
//! As in rust-analyzer's xtask (`ensure_file_contents`), a test renders them all and fails when a
//! file on disk differs, naming it — after rewriting it, so the next run passes and `git diff`
//! shows what changed.

mod course;
mod kinds;
mod manifest;
mod tables;
mod typescript;

use anyhow::{Context, Result};
use qitong::ui::board::api::CHESS_BOARD;
use qitong::ui::clock::api::CHESS_CLOCK;
use qitong::ui::element_modules::{ELEMENTS_MODULE, LESSON_ELEMENTS_MODULE, MODULES};
use qitong::ui::lesson::api::{CHESS_LESSON, CHESS_QUIZ};
use qitong_words::{LANG_KEY, NO_STORAGE};
use std::fmt;
use std::fs;
use std::path::Path;

/// What goes into one file: all of it, or named regions between marker comments.
enum Contents {
    Whole(String),
    Regions(Vec<(&'static str, String)>),
}

/// Every generated file, relative to the project root, with what it must contain.
fn targets(root: &Path) -> Result<Vec<(&'static str, Contents)>> {
    use tables::*;
    let lesson_module = &LESSON_ELEMENTS_MODULE;
    let key = || vec![("lang-key", lang_key(LANG_KEY))];
    Ok(vec![
        ("www/custom-elements.json", Contents::Whole(manifest::render(&MODULES))),
        ("www/qitong-elements.d.ts", Contents::Whole(typescript::declarations(&ELEMENTS_MODULE))),
        ("www/qitong-lesson-elements.d.ts", Contents::Whole(typescript::declarations(lesson_module))),
        ("README.md", Contents::Regions(vec![("modules", crate::modules::readme_table())])),
        (
            "docs/embedding.md",
            Contents::Regions(vec![
                ("board-attributes", readme_attributes(&CHESS_BOARD, &ELEMENTS_MODULE)),
                ("board-methods", readme_methods(&CHESS_BOARD, &ELEMENTS_MODULE)),
                ("board-events", readme_events(&CHESS_BOARD, &ELEMENTS_MODULE)),
            ]),
        ),
        (
            "www/embed.html",
            Contents::Regions(vec![
                ("board-attributes", embed_attributes(&CHESS_BOARD, &ELEMENTS_MODULE)),
                ("board-events", embed_events(&CHESS_BOARD, &ELEMENTS_MODULE)),
                ("lesson-attributes", embed_attributes(&CHESS_LESSON, lesson_module)),
                ("lesson-events", embed_events(&CHESS_LESSON, lesson_module)),
                ("quiz-attributes", embed_attributes(&CHESS_QUIZ, lesson_module)),
                ("quiz-events", embed_events(&CHESS_QUIZ, lesson_module)),
                ("clock-attributes", embed_attributes(&CHESS_CLOCK, &ELEMENTS_MODULE)),
                ("clock-events", embed_events(&CHESS_CLOCK, &ELEMENTS_MODULE)),
            ]),
        ),
        (
            "www/qitong-elements.js",
            Contents::Regions(vec![("board-properties", mirrored_properties(&CHESS_BOARD)), ("clock-properties", mirrored_properties(&CHESS_CLOCK))]),
        ),
        (
            "www/qitong-lesson-elements.js",
            Contents::Regions(vec![
                ("lesson-observed-attributes", observed_attributes(&CHESS_LESSON)),
                ("basic-stages", course::basic_stages(root)?),
            ]),
        ),
        ("www/frame.js", Contents::Regions([key(), vec![("frame-choices", frame_choices(&CHESS_BOARD, &CHESS_CLOCK, &ELEMENTS_MODULE))]].concat())),
        ("www/embed.js", Contents::Regions(key())),
        ("www/storage.js", Contents::Regions(vec![("no-storage", no_storage(NO_STORAGE))])),
        ("tests/e2e/kinds.json", Contents::Whole(kinds::render())),
    ])
}

/// A file that cannot take its generated regions.
#[derive(Debug, PartialEq, Eq)]
pub enum CodegenError {
    /// The start marker is missing (or there twice), so there is no place for the region.
    NoMarker { file: String, marker: String },
    /// A region starts and never ends.
    Unclosed { file: String, marker: String },
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodegenError::NoMarker { file, marker } => write!(f, "{file}: needs exactly one `{marker}` line for its generated region"),
            CodegenError::Unclosed { file, marker } => write!(f, "{file}: the region after `{marker}` has no end marker"),
        }
    }
}

impl std::error::Error for CodegenError {}

/// `text` with each region replaced. Markers are comments in the file's own syntax, alone on
/// their lines; the region keeps the start marker's indentation.
fn with_regions(file: &str, text: &str, regions: &[(&str, String)]) -> Result<String, CodegenError> {
    let (open, close, end) =
        if file.ends_with(".js") { ("// generated: ", "// /generated", "") } else { ("<!-- generated: ", "<!-- /generated -->", " -->") };
    let mut text = text.to_string();
    for (name, content) in regions {
        let marker = format!("{open}{name}{end}");
        let no_marker = || CodegenError::NoMarker { file: file.to_string(), marker: marker.clone() };
        let starts: Vec<usize> = text.match_indices(&marker).map(|(i, _)| i).filter(|&i| text[i + marker.len()..].starts_with('\n')).collect();
        let [start] = starts[..] else { return Err(no_marker()) };
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let indent = text[line_start..start].to_string();
        let body_start = start + marker.len() + 1;
        let close_at = text[body_start..]
            .find(close)
            .map(|i| body_start + i)
            .ok_or_else(|| CodegenError::Unclosed { file: file.to_string(), marker: marker.clone() })?;
        // Everything up to the end marker, its line's indentation included, is the region.
        let mut body: String = content.lines().map(|l| if l.is_empty() { "\n".to_string() } else { format!("{indent}{l}\n") }).collect();
        body.push_str(&indent);
        text.replace_range(body_start..close_at, &body);
    }
    Ok(text)
}

/// Every generated file's path and full text.
fn rendered(root: &Path) -> Result<Vec<(&'static str, String)>> {
    let mut files = Vec::new();
    for (path, contents) in targets(root)? {
        let text = match contents {
            Contents::Whole(text) => text,
            Contents::Regions(regions) => {
                let old = fs::read_to_string(root.join(path)).with_context(|| format!("reading {path}"))?;
                with_regions(path, &old.replace("\r\n", "\n"), &regions)?
            }
        };
        files.push((path, text));
    }
    Ok(files)
}

/// Writes `contents` to `path` unless it holds them already; says whether it was stale.
fn ensure_file_contents(root: &Path, path: &str, contents: &str) -> Result<bool> {
    let file = root.join(path);
    if fs::read_to_string(&file).is_ok_and(|old| old.replace("\r\n", "\n") == contents) {
        return Ok(false);
    }
    fs::write(&file, contents).with_context(|| format!("writing {path}"))?;
    Ok(true)
}

/// Brings every generated file up to date; returns the ones that were not.
pub fn codegen(root: &Path) -> Result<Vec<&'static str>> {
    let mut stale = Vec::new();
    for (path, text) in rendered(root)? {
        if ensure_file_contents(root, path, &text)? {
            stale.push(path);
        }
    }
    Ok(stale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_files_are_fresh() {
        let stale = codegen(&crate::project_root()).expect("every generated file renders");
        assert!(
            stale.is_empty(),
            "{} did not match the element definitions (web/board/src/api.rs, web/clock/src/api.rs) and have now been rewritten: run cargo xtask codegen and commit the result",
            stale.join(", ")
        );
    }

    #[test]
    fn regions_are_replaced_with_the_markers_indentation() {
        let page = "<p>\n  <!-- generated: t -->\n  old\n    older\n  <!-- /generated -->\n</p>\n";
        let new = with_regions("x.html", page, &[("t", "<table>\n</table>\n".into())]).expect("markers");
        assert_eq!(new, "<p>\n  <!-- generated: t -->\n  <table>\n  </table>\n  <!-- /generated -->\n</p>\n");
        assert_eq!(with_regions("x.html", &new, &[("t", "<table>\n</table>\n".into())]).expect("again"), new, "idempotent");
        let script = "a\n// generated: k\nconst K = 1;\n// /generated\nb\n";
        assert_eq!(
            with_regions("x.js", script, &[("k", "const K = 2;\n".into())]).expect("js"),
            "a\n// generated: k\nconst K = 2;\n// /generated\nb\n"
        );
    }

    #[test]
    fn a_missing_or_unclosed_region_is_an_error_naming_the_file() {
        let err = with_regions("README.md", "no markers\n", &[("t", String::new())]).expect_err("no marker");
        assert_eq!(err.to_string(), "README.md: needs exactly one `<!-- generated: t -->` line for its generated region");
        let err = with_regions("a.js", "// generated: t\nx\n", &[("t", String::new())]).expect_err("unclosed");
        assert_eq!(err, CodegenError::Unclosed { file: "a.js".into(), marker: "// generated: t".into() });
    }
}
