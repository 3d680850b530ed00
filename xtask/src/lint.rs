//! The lint gate of `cargo xtask test` (issue 30): clippy with its warnings as errors, natively
//! over the workspace and on wasm32 once per module's crate (`web/modules/`: the export crates and
//! the DOM code compile on wasm32 only, with the features each module gives the crates below), and
//! rustfmt's check of the whole workspace (`rustfmt.toml`).
//! Each check counts as one test.

use crate::build::{Module, MODULES, WASM_TARGET};
use crate::counts::Tally;
use crate::process::{cargo, run_and_capture};
use anyhow::Result;
use std::path::Path;
use std::process::Command;

/// The crates under `web/` below the exports (issue 30); the export crates (`web/exports/`) are
/// linted through the modules that link them.
const WEB_CRATES: [&str; 11] = [
    "qitong-board",
    "qitong-check-page",
    "qitong-clock",
    "qitong-computer-client",
    "qitong-home",
    "qitong-ladder-page",
    "qitong-lesson-player",
    "qitong-points-page",
    "qitong-play-page",
    "qitong-view",
    "qitong-words",
];

/// Runs every lint; says which failed (their output is echoed as they run).
pub fn lints(root: &Path, wasm: bool) -> Result<Tally> {
    let mut tally = Tally::default();
    tally += one("rustfmt --check", cargo(root).args(["fmt", "--all", "--", "--check"]))?;
    tally += one("clippy (native, every crate and target)", cargo(root).args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))?;
    if wasm {
        // The web crates below the root, whose DOM code compiles on wasm32 only.
        for package in WEB_CRATES {
            let mut cmd = cargo(root);
            cmd.args(["clippy", "--package", package, "--target", WASM_TARGET, "--", "-D", "warnings"]);
            tally += one(&format!("clippy (wasm32, {package})"), &mut cmd)?;
        }
        for module in MODULES {
            let mut cmd = cargo(root);
            cmd.args(clippy_wasm_args(module));
            tally += one(&format!("clippy (wasm32, {})", module.name), &mut cmd)?;
        }
    }
    Ok(tally)
}

/// `cargo clippy` of `module`'s crate for wasm32, with the export crates it links.
fn clippy_wasm_args(module: Module) -> Vec<String> {
    ["clippy", "--package", module.package, "--lib", "--target", WASM_TARGET, "--", "-D", "warnings"].map(String::from).to_vec()
}

fn one(name: &str, cmd: &mut Command) -> Result<Tally> {
    let run = run_and_capture(cmd)?;
    if run.status.success() {
        println!("lint: ok: {name}");
        Ok(Tally::ONE_PASSED)
    } else {
        println!("lint: FAILED: {name} (its output is above)");
        Ok(Tally::ONE_FAILED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modules::{APP, COURSE_BASICS};

    #[test]
    fn every_web_crate_of_the_workspace_is_linted_on_wasm32() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace");
        let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
        let members = manifest.split("members = [").nth(1).and_then(|rest| rest.split(']').next()).expect("the workspace's members");
        let mut names: Vec<String> = members
            .split('"')
            .filter(|m| m.starts_with("web/") && !m.ends_with("/*"))
            .map(|dir| {
                let crate_manifest = std::fs::read_to_string(root.join(dir).join("Cargo.toml")).expect("a member's Cargo.toml");
                let name = crate_manifest.lines().find_map(|l| l.strip_prefix("name = ")).expect("its name");
                name.trim_matches('"').to_string()
            })
            .collect();
        names.sort();
        let mut listed: Vec<String> = WEB_CRATES.iter().map(|s| s.to_string()).collect();
        listed.sort();
        assert_eq!(names, listed, "lint.rs's WEB_CRATES");
    }

    #[test]
    fn each_module_is_linted_as_its_own_crate() {
        assert_eq!(clippy_wasm_args(APP).join(" "), "clippy --package qitong-module-app --lib --target wasm32-unknown-unknown -- -D warnings");
        assert_eq!(
            clippy_wasm_args(COURSE_BASICS).join(" "),
            "clippy --package qitong-module-course-basics --lib --target wasm32-unknown-unknown -- -D warnings"
        );
    }
}
