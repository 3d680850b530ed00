//! A step kind lives in one place (issue 30): its rules in `crates/lessons/src/kinds/`, its view
//! in `web/lesson/src/kinds/`, and its row in the one table (`crates/lessons/src/kinds/mod.rs`).
//! These tests hold that true: no other file matches on a kind's `Exercise` variant (tests
//! aside), every row's rules module has its view file, and `lessons/FORMAT.md`'s "Adding a kind"
//! names these places.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where a kind's rules and its view live; the only non-test code that may name its variant.
const KIND_FOLDERS: [&str; 2] = ["crates/lessons/src/kinds", "web/lesson/src/kinds"];

/// The table's rows as (variant, rules module): `"name" => Variant(module::Machine, …`.
fn rows() -> Vec<(String, String)> {
    let table = fs::read_to_string(root().join("crates/lessons/src/kinds/mod.rs")).expect("the kind table");
    let rows: Vec<(String, String)> = table
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('"')?.split_once("=>")?.1.trim_start();
            let (variant, rest) = rest.split_once('(')?;
            let (module, _) = rest.split_once("::")?;
            Some((variant.trim().to_string(), module.trim().to_string()))
        })
        .collect();
    assert!(rows.len() >= 20, "the table's rows were read: {rows:?}");
    rows
}

/// Every Rust file of the given folders, with its path from the root.
fn rust_files(dirs: &[&str]) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = dirs.iter().map(|d| root().join(d)).collect();
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a readable folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let shown = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
                files.push((shown, fs::read_to_string(&path).expect("a Rust file is UTF-8")));
            }
        }
    }
    assert!(files.len() > 100, "the sources were read: {}", files.len());
    files
}

/// The lines of `text` (before its test module, `#[cfg(test)]` and `mod tests {`) that name
/// one of `variants` as `Exercise::…`.
fn naming_a_kind(text: &str, variants: &[String]) -> Vec<usize> {
    let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or("");
    let named = |line: &str| {
        line.match_indices("Exercise::").any(|(at, found)| {
            let after = &line[at + found.len()..];
            variants.iter().any(|v| after.strip_prefix(v.as_str()).is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')))
        })
    };
    code.lines().enumerate().filter(|(_, line)| named(line)).map(|(n, _)| n + 1).collect()
}

#[test]
fn no_file_outside_the_kind_folders_matches_on_a_kind() {
    let variants: Vec<String> = rows().into_iter().map(|(v, _)| v).collect();
    let problems: Vec<String> = rust_files(&["src", "crates", "web"])
        .into_iter()
        .filter(|(path, _)| !KIND_FOLDERS.iter().any(|folder| path.starts_with(folder)) && !path.ends_with("tests.rs"))
        .filter_map(|(path, text)| {
            let lines = naming_a_kind(&text, &variants);
            (!lines.is_empty()).then(|| format!("{path}: line {lines:?}"))
        })
        .collect();
    assert!(
        problems.is_empty(),
        "these files name a step kind; its part belongs in its view (`web/lesson/src/kinds/`, `KindView`):\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_rules_module_has_its_view_file() {
    let views = fs::read_to_string(root().join("web/lesson/src/kinds/mod.rs")).expect("the views' module");
    for (variant, module) in rows() {
        assert!(
            root().join(format!("crates/lessons/src/kinds/{module}.rs")).exists()
                || root().join(format!("crates/lessons/src/kinds/{module}")).is_dir()
        );
        let view = root().join(format!("web/lesson/src/kinds/{module}.rs"));
        let text = fs::read_to_string(&view).unwrap_or_else(|_| panic!("{variant}: no view file {}", view.display()));
        assert!(text.contains("impl KindView for "), "{variant}: {} implements no KindView", view.display());
        assert!(views.contains(&format!("\nmod {module};")), "{variant}: `mod {module};` in web/lesson/src/kinds/mod.rs");
    }
}

#[test]
fn format_md_says_where_a_new_kind_goes() {
    let format = fs::read_to_string(root().join("lessons/FORMAT.md")).expect("FORMAT.md");
    let start = format.find("· Adding a kind\n").expect("FORMAT.md has a section \"… · Adding a kind\"");
    let section = &format[start..];
    let section = section.split("\n## ").next().unwrap_or(section);
    for place in ["crates/lessons/src/kinds/", "web/lesson/src/kinds/", "crates/lessons/src/kinds/mod.rs", "lessons/examples/", "SAMPLE", "KindView"]
    {
        assert!(section.contains(place), "\"Adding a kind\" names {place}");
    }
}

#[test]
fn the_check_finds_a_kind_named_and_lets_the_rest_be() {
    let variants = vec!["Quiz".to_string(), "Paint".to_string()];
    assert_eq!(naming_a_kind("//! x\nif let Some(Exercise::Quiz(q)) = e {}\n", &variants), vec![2]);
    assert_eq!(naming_a_kind("let a = Exercise::new(step);\nlet b = Exercise::QuizLike;\n", &variants), Vec::<usize>::new());
    assert_eq!(naming_a_kind("fn f() {}\n#[cfg(test)]\nmod tests { Exercise::Paint(_); }\n", &variants), Vec::<usize>::new());
    assert_eq!(
        naming_a_kind("#[cfg(test)]\nmod tests;\nlet p = Exercise::Paint(d);\n", &variants),
        vec![3],
        "only a test module's own body is skipped"
    );
}
