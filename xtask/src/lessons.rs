//! `cargo xtask lessons`: validates every lesson under `lessons/` with the library's validator,
//! prints per step kind how many of the course's steps were proven and how, and closes with
//! `N passed, M failed` (one count per lesson file and for course.toml).

use anyhow::Result;
use std::path::Path;
use std::process::ExitCode;

/// Prints each problem as `lessons/<file>:<line>: step N: message` and the summary line.
pub fn check(root: &Path) -> Result<ExitCode> {
    let dir = root.join("lessons");
    let mut errors = qitong_lessons::validate_dir(&dir);
    // Folders that are no stage of the course (the format's reference `examples/`) are checked
    // file by file, so that every file counted below has really been validated.
    let read = |name: &str| qitong_lessons::read_file(&dir.join(name));
    let course = qitong_lessons::Course::load(read).ok();
    let stages: Vec<String> = course.iter().flat_map(|c| c.stages.iter().map(|s| s.id.clone())).collect();
    for file in walk(&dir)? {
        let in_course = file.split('/').next().is_some_and(|stage| stages.iter().any(|s| s == stage));
        if !in_course {
            // Not UTF-8: read with U+FFFD in place of the bad bytes, which the validator reports.
            let text = qitong_lessons::read_file(&dir.join(&file)).ok_or_else(|| anyhow::anyhow!("cannot read lessons/{file}"))?;
            errors.extend(qitong_lessons::validate_lesson(&file, &text));
        }
    }
    for error in &errors {
        println!("lessons/{}", error.located(qitong_lessons::lang::Lang::En));
    }
    if let Some(course) = &course {
        println!("proofs by step kind (the course's steps):");
        for count in qitong_lessons::proven::by_kind(course, &errors) {
            println!("  {count}");
        }
    }
    let mut files = vec!["course.toml".to_string()];
    for entry in walk(&dir)? {
        files.push(entry);
    }
    let failed = files.iter().filter(|f| errors.iter().any(|e| &e.file == *f)).count();
    // Problems in files that do not exist (a lesson the course lists but nobody wrote) count too.
    let missing = errors.iter().filter(|e| !files.contains(&e.file)).map(|e| &e.file).collect::<std::collections::BTreeSet<_>>().len();
    let passed = files.len() - failed;
    println!("{passed} passed, {} failed", failed + missing);
    Ok(if errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// The `.toml` lesson files one folder below `dir`, as `stage/lesson.toml`.
fn walk(dir: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for stage in std::fs::read_dir(dir)? {
        let stage = stage?;
        if !stage.file_type()?.is_dir() {
            continue;
        }
        let stage_name = stage.file_name().to_string_lossy().into_owned();
        for file in std::fs::read_dir(stage.path())? {
            let name = file?.file_name().to_string_lossy().into_owned();
            if name.ends_with(".toml") {
                out.push(format!("{stage_name}/{name}"));
            }
        }
    }
    out.sort();
    Ok(out)
}
