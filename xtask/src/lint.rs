//! The lint gate of `cargo xtask test` (issue 30): clippy with its warnings as errors, natively
//! over the workspace and on wasm32 once per module's features (the code behind a module's
//! features compiles nowhere else), and rustfmt's check of the whole workspace (`rustfmt.toml`).
//! Each check counts as one test.

use crate::build::{Module, MODULES, WASM_TARGET};
use crate::counts::Tally;
use crate::process::{cargo, run_and_capture};
use anyhow::Result;
use std::path::Path;
use std::process::Command;

/// Runs every lint; says which failed (their output is echoed as they run).
pub fn lints(root: &Path, wasm: bool) -> Result<Tally> {
    let mut tally = Tally::default();
    tally += one("rustfmt --check", cargo(root).args(["fmt", "--all", "--", "--check"]))?;
    tally += one("clippy (native, every crate and target)", cargo(root).args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))?;
    if wasm {
        for module in MODULES {
            let mut cmd = cargo(root);
            cmd.args(clippy_wasm_args(module));
            tally += one(&format!("clippy (wasm32, {})", module.name), &mut cmd)?;
        }
    }
    Ok(tally)
}

/// `cargo clippy` of the root crate for wasm32 with `module`'s features.
fn clippy_wasm_args(module: Module) -> Vec<String> {
    let mut args: Vec<String> = ["clippy", "--package", "qitong", "--lib", "--target", WASM_TARGET].map(String::from).to_vec();
    if module.no_default_features {
        args.push("--no-default-features".into());
    }
    if !module.features.is_empty() {
        args.extend(["--features".into(), module.features.join(",")]);
    }
    args.extend(["--", "-D", "warnings"].map(String::from));
    args
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
    fn each_module_is_linted_with_its_own_features() {
        assert_eq!(clippy_wasm_args(APP).join(" "), "clippy --package qitong --lib --target wasm32-unknown-unknown -- -D warnings");
        assert_eq!(
            clippy_wasm_args(COURSE_BASICS).join(" "),
            "clippy --package qitong --lib --target wasm32-unknown-unknown --no-default-features --features lessons,compiled,basics -- -D warnings"
        );
    }
}
