//! The tidy test: conventions of the code base that no compiler keeps, checked on every
//! `cargo xtask test` (in the manner of rust-analyzer's `xtask/src/tidy.rs`).
//!
//! - every Rust file opens with a `//!` line saying what the module is for;
//! - no `#[path]` attribute: a module lives where its place in the module tree says;
//! - no file over [`MAX_LINES`] lines: split by responsibility before that;
//! - README.md within [`README_MAX_LINES`] lines: what a user, a teacher and a contributor need,
//!   the rest in `docs/` (issue 30: it had grown to 948, a third of it a log of measurements);
//! - a hand-written replacement for a well-kept crate (or pass, or std's code) says in its `//!`
//!   block what it replaces and what that measured, with the date (`REPLACEMENTS`), so that "ours
//!   is smaller" stays a figure the next reader can repeat or overturn (issue 30);
//! - one spelling of the attribute that names a button's action, `data-act` (`ACTION_ATTR`): the
//!   pages wrote `data-` + `action` beside the lesson player's `data-act` (issue 30).

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::{Path, PathBuf};

    /// The longest a source file may be.
    const MAX_LINES: usize = 600;

    /// Our files that stand in for a well-kept crate, a binaryen pass or std's code, each with what
    /// it replaces, written as its `//!` block must name it (in backquotes). Not listed, as kept
    /// for other reasons than size: `xtask/src/serve.rs` (tiny_http left requests unanswered) and
    /// `crates/engine/src/rng.rs` (a dozen lines of SplitMix64, not `rand`).
    const REPLACEMENTS: [(&str, &[&str]); 9] = [
        ("crates/format/src/json.rs", &["serde_json"]),
        ("crates/format/src/toml/mod.rs", &["toml"]),
        ("crates/format/src/csv.rs", &["csv"]),
        ("crates/classroom/src/ladder/names.rs", &["unicode-normalization"]),
        ("crates/rules/src/sort.rs", &["sort_unstable_by"]),
        ("web/exports/common/src/allocator.rs", &["dlmalloc", "talc"]),
        ("xtask/src/merge.rs", &["--duplicate-function-elimination"]),
        ("xtask/src/reorder.rs", &["--reorder-functions"]),
        ("xtask/src/short_names.rs", &["--minify-imports-and-exports-and-modules"]),
    ];

    /// The folders whose Rust files are the project's own (generated and fetched code excluded).
    const SOURCE_DIRS: [&str; 8] = ["src", "crates", "web", "xtask/src", "tests", "benches", "examples", "fuzz"];

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
    }

    fn rust_files() -> Vec<PathBuf> {
        let mut files = Vec::new();
        let mut stack: Vec<PathBuf> = SOURCE_DIRS.iter().map(|d| root().join(d)).filter(|d| d.is_dir()).collect();
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).expect("readable source folder") {
                let path = entry.expect("readable entry").path();
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if path.is_dir() {
                    if name != "target" && name != "node_modules" && !name.starts_with('.') {
                        stack.push(path);
                    }
                } else if name.ends_with(".rs") {
                    files.push(path);
                }
            }
        }
        files.sort();
        assert!(files.len() > 100, "the tidy test found only {} Rust files: is the root right?", files.len());
        files
    }

    fn shown(path: &Path) -> String {
        path.strip_prefix(root()).unwrap_or(path).display().to_string()
    }

    /// Runs `check` over every file and fails with every offender listed, not just the first.
    fn each_file(what: &str, check: impl Fn(&str) -> Option<String>) {
        let problems: Vec<String> = rust_files()
            .into_iter()
            .filter_map(|path| {
                let text = fs::read_to_string(&path).expect("a Rust file is UTF-8");
                check(&text).map(|why| format!("{}: {why}", shown(&path)))
            })
            .collect();
        assert!(problems.is_empty(), "{what}:\n{}", problems.join("\n"));
    }

    /// Why a file breaks the `//!` rule, if it does.
    fn missing_doc(text: &str) -> Option<String> {
        (!text.starts_with("//!")).then(|| "the first line is not `//!`".to_string())
    }

    /// The line of a `#[path]` attribute, if there is one.
    fn path_attribute(text: &str) -> Option<String> {
        let line = text.lines().position(|l| l.trim_start().starts_with("#[path"))?;
        Some(format!("line {}", line + 1))
    }

    /// How much too long a file is, if it is.
    fn too_long(text: &str) -> Option<String> {
        let lines = text.lines().count();
        (lines > MAX_LINES).then(|| format!("{lines} lines (at most {MAX_LINES})"))
    }

    /// What a replacement's `//!` block lacks, if anything: the names of what it replaces, the
    /// word "measured", a date (`2026-12-05`) and a size in KB (`12.5 KB`).
    fn unmeasured(text: &str, replaces: &[&str]) -> Option<String> {
        let doc: String = text.lines().map_while(|l| l.strip_prefix("//!")).collect::<Vec<_>>().join("\n");
        let mut missing: Vec<String> =
            replaces.iter().filter(|name| !doc.contains(&format!("`{name}`"))).map(|name| format!("`{name}` named")).collect();
        let words: Vec<&str> = doc.split(|c: char| c.is_whitespace() || "(),;:".contains(c)).filter(|w| !w.is_empty()).collect();
        let digits = |w: &str, n: usize| w.len() == n && w.bytes().all(|b| b.is_ascii_digit());
        let is_date = |w: &&str| {
            let parts: Vec<&str> = w.split('-').collect();
            matches!(parts[..], [y, m, d] if digits(y, 4) && digits(m, 2) && digits(d, 2))
        };
        let is_size = |pair: &[&str]| pair[1] == "KB" && pair[0].parse::<f64>().is_ok();
        for (found, what) in [
            (doc.to_lowercase().contains("measured"), "the word \"measured\""),
            (words.iter().any(is_date), "a date (2026-12-05)"),
            (words.windows(2).any(is_size), "a size in KB (12.5 KB)"),
        ] {
            if !found {
                missing.push(what.to_string());
            }
        }
        (!missing.is_empty()).then(|| format!("its `//!` block lacks {}", missing.join(", ")))
    }

    #[test]
    fn replacements_carry_their_measurement() {
        let problems: Vec<String> = REPLACEMENTS
            .iter()
            .filter_map(|(file, replaces)| match fs::read_to_string(root().join(file)) {
                Ok(text) => unmeasured(&text, replaces).map(|why| format!("{file}: {why}")),
                Err(e) => Some(format!("{file}: {e} (moved? update REPLACEMENTS)")),
            })
            .collect();
        assert!(problems.is_empty(), "hand-written replacements without their dated measurement:\n{}", problems.join("\n"));
    }

    #[test]
    fn every_module_opens_with_a_doc_line() {
        each_file("files that do not open with a `//!` line", missing_doc);
    }

    #[test]
    fn no_path_attributes() {
        each_file("`#[path]` makes a file's place on disk differ from its module", path_attribute);
    }

    #[test]
    fn no_file_is_too_long() {
        each_file("files to split by responsibility", too_long);
    }

    /// The longest README.md may be.
    const README_MAX_LINES: usize = 350;

    fn readme_too_long(text: &str) -> Option<String> {
        let lines = text.lines().count();
        (lines > README_MAX_LINES).then(|| format!("{lines} lines (at most {README_MAX_LINES}: move details to docs/)"))
    }

    #[test]
    fn the_readme_stays_short() {
        let text = fs::read_to_string(root().join("README.md")).expect("README.md reads");
        assert_eq!(readme_too_long(&text), None, "README.md");
        assert!(readme_too_long(&"x\n".repeat(README_MAX_LINES + 1)).is_some());
    }

    /// The attribute a view's button names its action in, and the spelling it replaced.
    const ACTION_ATTR: &str = "data-act";
    const OTHER_ACTION_ATTR: &str = concat!("data-", "action");

    /// The folders of the web side's code, pages and browser tests, where a view's attributes
    /// are written or read.
    const WEB_DIRS: [&str; 4] = ["src", "web", "www", "tests"];

    /// The lines that spell the action attribute the other way, if any.
    fn other_action_spelling(text: &str) -> Option<String> {
        let lines: Vec<String> = text.lines().enumerate().filter(|(_, l)| l.contains(OTHER_ACTION_ATTR)).map(|(n, _)| (n + 1).to_string()).collect();
        (!lines.is_empty()).then(|| format!("line {} (write `{ACTION_ATTR}`)", lines.join(", ")))
    }

    #[test]
    fn one_spelling_of_the_action_attribute() {
        let mut stack: Vec<PathBuf> = WEB_DIRS.iter().map(|d| root().join(d)).collect();
        let mut problems = Vec::new();
        let mut read = 0;
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).expect("readable folder").flatten() {
                let path = entry.path();
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if path.is_dir() {
                    // Built output and fetched packages are not ours.
                    if !["pkg", "target", "node_modules"].contains(&name) && !name.starts_with('.') {
                        stack.push(path);
                    }
                } else if let Ok(text) = fs::read_to_string(&path) {
                    read += 1;
                    if let Some(why) = other_action_spelling(&text) {
                        problems.push(format!("{}: {why}", shown(&path)));
                    }
                }
            }
        }
        assert!(read > 300, "the web side's files were read: {read}");
        assert!(problems.is_empty(), "the action attribute spelt `{OTHER_ACTION_ATTR}`:\n{}", problems.join("\n"));
    }

    #[test]
    fn each_check_finds_its_offender() {
        assert_eq!(other_action_spelling("<button data-act=\"next\">"), None);
        assert_eq!(other_action_spelling(&format!("a\n[{OTHER_ACTION_ATTR}=\"lang\"]")), Some("line 2 (write `data-act`)".to_string()));
        assert_eq!(missing_doc("//! A module.\nfn f() {}"), None);
        assert!(missing_doc("// A comment.\n//! late").is_some());
        assert_eq!(path_attribute("//! x\nmod a;\n    #[path = \"b.rs\"]\nmod b;"), Some("line 3".to_string()));
        assert_eq!(path_attribute("//! x\nmod a;"), None);
        assert_eq!(too_long(&"x\n".repeat(MAX_LINES)), None);
        assert!(too_long(&"x\n".repeat(MAX_LINES + 1)).is_some());
        let measured = "//! Not `serde_json`: measured 2026-12-05, 11.2 KB more.\nfn f() {}";
        assert_eq!(unmeasured(measured, &["serde_json"]), None);
        assert!(unmeasured(measured, &["csv"]).is_some_and(|why| why.contains("`csv` named")));
        assert!(unmeasured("//! Not `serde_json`: measured, 11.2 KB more.", &["serde_json"]).is_some_and(|why| why.contains("date")));
        assert!(unmeasured("//! Not `serde_json`: measured 2026-12-05, much more.", &["serde_json"]).is_some_and(|why| why.contains("KB")));
        assert!(unmeasured("//! Not `serde_json`: 2026-12-05, 11.2 KB more.", &["serde_json"]).is_some_and(|why| why.contains("measured")));
        // Only the `//!` block counts, not a comment further down.
        assert!(unmeasured("//! Not `serde_json`.\n// measured 2026-12-05, 11.2 KB more.", &["serde_json"]).is_some());
    }
}
