//! `cargo xtask test`: every test of the project in one run, ending with one line
//! `N passed, M failed` over all of them.
//!
//! Stages: setup (install what is missing), native `cargo test`, the wasm-bindgen tests in Node
//! and in headless Chromium, the lesson validator (once `lessons/` exists), the release build
//! with its size budget, and the end-to-end tests in Chromium driven by Playwright.

use crate::build::{self, kilobytes, WASM_TARGET};
use crate::counts::{self, Tally};
use crate::process::{cargo, run_and_capture};
use crate::serve::{self, Site};
use crate::setup::{self, Browser, Tools};
use crate::{dist, WASM_TEST_RUNNER};
use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Where the end-to-end tests find `dist/` on the test server: a sub-path, as on a school's
/// web server or GitHub Pages.
const DIST_MOUNT: &str = "/school/chess/";

struct StageResult {
    name: &'static str,
    tally: Tally,
    seconds: f64,
}

/// Runs every stage, prints the summary, and says whether everything passed.
pub fn test_all(root: &Path) -> bool {
    let started = Instant::now();
    let mut stages = Vec::new();

    let tools = timed_setup(root, &mut stages);
    stage(&mut stages, "native tests (cargo test)", || native_tests(root));
    stage(&mut stages, "lints (rustfmt, clippy)", || {
        needs(&tools.lint_tools)?;
        crate::lint::lints(root, tools.wasm_target.is_ok())
    });
    stage(&mut stages, "wasm tests in Node", || {
        needs(&tools.wasm_target)?;
        needs(&tools.node)?;
        wasm_tests(root, &[("WASM_BINDGEN_TEST_ONLY_NODE", "1".into())])
    });
    stage(&mut stages, "wasm tests in headless Chromium", || {
        needs(&tools.wasm_target)?;
        let browser = needs(&tools.browser)?;
        wasm_tests(
            root,
            &[
                ("WASM_BINDGEN_USE_BROWSER", "1".into()),
                ("WASM_BINDGEN_TEST_ONLY_WEB", "1".into()),
                ("CHROMEDRIVER", browser.chromedriver.clone().into_os_string()),
            ],
        )
    });
    if root.join("lessons").is_dir() {
        stage(&mut stages, "lesson validator", || lesson_validator(root));
    }
    let mut built = false;
    stage(&mut stages, "release build and wasm size budget", || {
        needs(&tools.wasm_target)?;
        let tally = release_build_within_budget(root)?;
        built = true;
        Ok(tally)
    });
    stage(&mut stages, "browser end-to-end tests", || {
        needs(&tools.node_packages)?;
        let browser = needs(&tools.browser)?;
        if !built {
            bail!("skipped: the release build failed");
        }
        end_to_end_tests(root, browser)
    });

    let mut total = Tally::default();
    println!("\n==> summary");
    for s in &stages {
        println!("  {:<40} {:>7.1} s   {}", s.name, s.seconds, s.tally);
        total += s.tally;
    }
    println!("  {:<40} {:>7.1} s", "total", started.elapsed().as_secs_f64());
    println!("{total}");
    total.failed == 0
}

fn timed_setup(root: &Path, stages: &mut Vec<StageResult>) -> Tools {
    println!("\n==> setup: installing what is missing");
    let started = Instant::now();
    let tools = setup::prepare(root);
    let seconds = started.elapsed().as_secs_f64();
    println!("<== setup ({seconds:.1} s)");
    stages.push(StageResult { name: "setup", tally: Tally::default(), seconds });
    tools
}

/// Runs one stage: prints its name, its time and its counts; an error counts as one failure.
fn stage(stages: &mut Vec<StageResult>, name: &'static str, run: impl FnOnce() -> Result<Tally>) {
    println!("\n==> {name}");
    let started = Instant::now();
    let tally = run().unwrap_or_else(|err| {
        println!("FAILED: {name}: {err:#}");
        Tally::ONE_FAILED
    });
    let seconds = started.elapsed().as_secs_f64();
    println!("<== {name}: {tally} ({seconds:.1} s)");
    stages.push(StageResult { name, tally, seconds });
}

/// A tool from setup, or the message saying what to install.
fn needs<T>(tool: &Result<T, String>) -> Result<&T> {
    tool.as_ref().map_err(|missing| anyhow!("{missing}"))
}

fn native_tests(root: &Path) -> Result<Tally> {
    // The web crate and the layers below it (crates/), each a crate of its own.
    let mut tally = libtest_run(cargo(root).args(["test", "--workspace", "--exclude", "xtask"]))?;
    // In the dev profile, the test build shares this binary's already built dependencies
    // (the test profile would rebuild them all optimised).
    tally += libtest_run(cargo(root).args(["test", "--package", "xtask", "--profile", "dev"]))?;
    Ok(tally)
}

fn libtest_run(cmd: &mut Command) -> Result<Tally> {
    let run = run_and_capture(cmd)?;
    Ok(counts::from_libtest(&run.output).settle(run.status.success()))
}

/// `cargo test --target wasm32-unknown-unknown` of the shared exports' unit tests
/// and of the export crates' `tests/wasm_*.rs` integration tests ([`WASM_TESTED`]), with this
/// binary as wasm-bindgen's test runner, in the `wasm-test` profile (see Cargo.toml). No cargo
/// feature: on wasm32 every DOM view compiles.
/// (The other integration tests are the native rules tests, whose plain `#[test]`s do not
/// run on wasm32.)
fn wasm_tests(root: &Path, env: &[(&str, std::ffi::OsString)]) -> Result<Tally> {
    let runner = std::env::current_exe().context("locating the xtask binary")?;
    let runner_config = format!("target.{WASM_TARGET}.runner = [{:?}, {:?}]", runner.display().to_string(), WASM_TEST_RUNNER);
    let mut cmd = cargo(root);
    cmd.args(["test", "--package", "qitong-exports", "--profile", "wasm-test", "--target", WASM_TARGET]);
    cmd.args(["--config", &runner_config, "--lib"]);
    for (package, dir) in WASM_TESTED {
        cmd.args(["--package", package]);
        for test in wasm_test_targets(&root.join(dir))? {
            cmd.args(["--test", &test]);
        }
    }
    // Only the mode chosen here: a variable left in the caller's shell must not switch it.
    for inherited in RUNNER_MODE_VARIABLES {
        cmd.env_remove(inherited);
    }
    cmd.envs(env.iter().map(|(k, v)| (k, v)));
    libtest_run(&mut cmd)
}

/// The wasm-bindgen test runner's variables that choose where and how tests run.
const RUNNER_MODE_VARIABLES: [&str; 9] = [
    "WASM_BINDGEN_USE_BROWSER",
    "WASM_BINDGEN_USE_NODE_EXPERIMENTAL",
    "WASM_BINDGEN_USE_DENO",
    "WASM_BINDGEN_USE_DEDICATED_WORKER",
    "WASM_BINDGEN_USE_SHARED_WORKER",
    "WASM_BINDGEN_USE_SERVICE_WORKER",
    "WASM_BINDGEN_TEST_ONLY_NODE",
    "WASM_BINDGEN_TEST_ONLY_WEB",
    "NO_HEADLESS",
];

/// The export crates with wasm integration tests (`tests/wasm_*.rs`), and their folders.
const WASM_TESTED: [(&str, &str); 2] = [("qitong-app-api", "web/exports/app"), ("qitong-teacher-api", "web/exports/teacher")];

/// The names of `<dir>/tests/wasm_*.rs`.
fn wasm_test_targets(dir: &Path) -> Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir.join("tests")).with_context(|| format!("reading {}/tests", dir.display()))? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(".rs").filter(|stem| stem.starts_with("wasm_")) {
            names.push(stem.to_string());
        }
    }
    names.sort();
    Ok(names)
}

/// The hook for the lesson validator (issue 6): the `lessons` task of this binary checks every
/// lesson and closes with the plain line `N passed, M failed`, counted here. Until that task
/// exists, a `lessons/` folder makes this stage fail loudly rather than pass silently.
fn lesson_validator(root: &Path) -> Result<Tally> {
    let exe = std::env::current_exe().context("locating the xtask binary")?;
    let run = run_and_capture(Command::new(exe).current_dir(root).arg("lessons"))?;
    Ok(counts::from_summary_line(&run.output).settle(run.status.success()))
}

/// Builds the release wasm modules and bindings, then checks each one's gzipped size against
/// its budget (one test per module: it prints the size and fails over budget).
fn release_build_within_budget(root: &Path) -> Result<Tally> {
    let built = build::build(root)?;
    let mut tally = Tally::default();
    for module in build::MODULES {
        let budget = module.ceiling_bytes();
        let size =
            built.iter().find(|b| b.module == module).map(|b| b.size.gzip).ok_or_else(|| anyhow!("the build made no {}", module.wasm_file()))?;
        let verdict = format!("{}: {} gzipped, budget {}", module.wasm_file(), kilobytes(size), kilobytes(budget));
        if size <= budget {
            println!("wasm size budget: ok: {verdict}");
            tally += Tally::ONE_PASSED;
        } else {
            println!("wasm size budget: FAILED: {verdict}");
            tally += Tally::ONE_FAILED;
        }
    }
    Ok(tally)
}

/// Writes `dist/`, serves the working tree at `/` and `dist/` under a sub-path on a free port,
/// and runs `tests/e2e/*.test.mjs` with `node --test`. The tests read the URLs and the browser
/// from `QITONG_SITE_URL`, `QITONG_DIST_URL` and `QITONG_CHROMIUM`.
fn end_to_end_tests(root: &Path, browser: &Browser) -> Result<Tally> {
    end_to_end_tests_of(root, browser, &e2e_test_files(root)?)
}

/// `cargo xtask e2e [FILE …]`: the release build, then the end-to-end tests of the files named
/// (all of `tests/e2e/*.test.mjs` when none is), as `test` runs them. For working on one page.
pub fn end_to_end_only(root: &Path, names: &[String]) -> Result<bool> {
    let tools = setup::prepare(root);
    needs(&tools.node_packages)?;
    let browser = needs(&tools.browser)?;
    build::build(root)?;
    let files = if names.is_empty() { e2e_test_files(root)? } else { names.iter().map(PathBuf::from).collect() };
    let tally = end_to_end_tests_of(root, browser, &files)?;
    println!("{tally}");
    Ok(tally.failed == 0)
}

fn end_to_end_tests_of(root: &Path, browser: &Browser, files: &[PathBuf]) -> Result<Tally> {
    let code = dist::Code::Minified(crate::minify::esbuild(root));
    let dist_dir = dist::write_dist(root, &crate::package::CrateInfo::of_project(root)?, code)?.dir;
    if files.is_empty() {
        bail!("no end-to-end tests found in tests/e2e/*.test.mjs");
    }
    let site = Site::of_project(root).with_mount(DIST_MOUNT, dist_dir).with_fixtures(root.join("tests/fixtures"));
    let server = serve::start(site, 0)?;
    let site_url = server.url();
    let dist_url = format!("{}{}", site_url.trim_end_matches('/'), DIST_MOUNT);
    println!("serving the site at {site_url} and dist/ at {dist_url}");
    let run = run_and_capture(
        Command::new("node")
            .current_dir(root)
            .args(["--test", "--test-reporter=spec"])
            .args(files)
            .env("QITONG_SITE_URL", &site_url)
            .env("QITONG_DIST_URL", &dist_url)
            .env("QITONG_CHROMIUM", &browser.chromium),
    )?;
    drop(server);
    Ok(counts::from_node_test(&run.output).settle(run.status.success()))
}

fn e2e_test_files(root: &Path) -> Result<Vec<PathBuf>> {
    let dir = root.join("tests").join("e2e");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.file_name().is_some_and(|name| name.to_string_lossy().ends_with(".test.mjs")) {
            files.push(path.strip_prefix(root).map(Path::to_path_buf).unwrap_or(path));
        }
    }
    files.sort();
    Ok(files)
}
