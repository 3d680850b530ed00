//! Project tasks: `cargo xtask build | serve [--port N] | dist | test | e2e | codegen | lessons`.
//!
//! Everything a developer or CI needs beyond rustup, Node and npm is either a locked crate
//! compiled into this binary (the wasm-bindgen bindings generator and test runner, the static
//! file server) or installed by `test` itself.

mod build;
mod circles;
mod codegen;
mod compiled;
mod counts;
mod dist;
mod lessons;
mod lint;
mod merge;
mod minify;
mod modules;
mod offline;
mod package;
mod process;
mod reorder;
mod serve;
mod setup;
mod short_names;
mod test;
mod tidy;

use anyhow::{bail, Context, Result};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The hidden sub-command that `cargo test --target wasm32-unknown-unknown` calls for each test
/// binary (set as the cargo runner by `test`): wasm-bindgen's own test runner, as a library.
pub const WASM_TEST_RUNNER: &str = "wasm-test-runner";

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  build [MODULE ...] build the release wasm and its JS bindings into www/pkg/ (only the modules
                    named, e.g. qitong_course, each with its size ceiling, when some are)
  serve [--port N]  build, then serve the site on http://127.0.0.1:8000 (or port N)
  dist              write the self-contained static site to dist/
  test              install what is missing, then run every test; ends with `N passed, M failed`
  e2e [FILE ...]    the release build, then only the browser tests (of the files named, e.g.
                    tests/e2e/play_game.test.mjs; all of tests/e2e/ when none is)
  codegen           regenerate custom-elements.json, the .d.ts files and the reference tables
                    from the elements' definitions (web/board/src/api.rs, web/clock/src/api.rs)
  lessons           validate every lesson file under lessons/ (file, line and step of each problem)";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == WASM_TEST_RUNNER) {
        // The runner parses its own arguments; ours stand in for its program name.
        return match wasm_bindgen_cli::wasm_bindgen_test_runner::run_cli_with_args(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: {err:#}");
                ExitCode::FAILURE
            }
        };
    }
    let args: Vec<String> = match args.into_iter().map(OsString::into_string).collect() {
        Ok(args) => args,
        Err(arg) => {
            eprintln!("error: argument {arg:?} is not valid UTF-8\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<ExitCode> {
    let root = project_root();
    let task = args.first().map(String::as_str);
    let rest = args.get(1..).unwrap_or_default();
    match task {
        Some("build") if rest.is_empty() => {
            build::print_ceilings(&build::build(&root)?);
        }
        Some("build") => {
            build::build_named(&root, rest)?;
        }
        Some("serve") => {
            let port = parse_port(rest)?;
            build::build(&root)?;
            serve::serve_forever(&root, port)?;
        }
        Some("dist") => {
            no_more_args(rest)?;
            build::build(&root)?;
            setup::node_packages(&root).map_err(anyhow::Error::msg)?;
            let code = dist::Code::Minified(minify::esbuild(&root));
            let dist = dist::write_dist(&root, &package::CrateInfo::of_project(&root)?, code)?;
            if let Some(m) = dist.minified {
                println!("minified {} JS and CSS files: {} -> {}", m.files, build::kilobytes(m.bytes_before), build::kilobytes(m.bytes_after));
            }
            let offline = &dist.offline;
            println!(
                "offline: {} files ({}) for the service worker, version {}",
                offline.files.len(),
                build::kilobytes(offline.bytes),
                offline.version
            );
            println!("wrote {}", dist.dir.display());
        }
        Some("test") => {
            no_more_args(rest)?;
            return Ok(if test::test_all(&root) { ExitCode::SUCCESS } else { ExitCode::FAILURE });
        }
        Some("e2e") => {
            return Ok(if test::end_to_end_only(&root, rest)? { ExitCode::SUCCESS } else { ExitCode::FAILURE });
        }
        Some("codegen") => {
            no_more_args(rest)?;
            let stale = codegen::codegen(&root)?;
            if stale.is_empty() {
                println!("every generated file is up to date");
            }
            for path in stale {
                println!("updated {path}");
            }
        }
        Some("lessons") => {
            no_more_args(rest)?;
            return lessons::check(&root);
        }
        Some("help" | "-h" | "--help") => println!("{USAGE}"),
        Some(other) => {
            eprintln!("error: unknown task `{other}`\n\n{USAGE}");
            return Ok(ExitCode::from(2));
        }
        None => {
            eprintln!("{USAGE}");
            return Ok(ExitCode::from(2));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The workspace root: the parent of this crate's directory.
pub fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."))
}

/// Where cargo puts build output, as cargo itself reports it (so `CARGO_TARGET_DIR` and
/// `build.target-dir` are honoured).
pub fn target_dir(root: &Path) -> Result<PathBuf> {
    let metadata =
        process::output_of(process::cargo(root).args(["metadata", "--no-deps", "--format-version", "1"])).context("`cargo metadata` failed")?;
    let metadata: serde_json::Value = serde_json::from_str(&metadata).context("reading `cargo metadata`")?;
    metadata["target_directory"].as_str().map(PathBuf::from).context("`cargo metadata` names no target directory")
}

fn no_more_args(rest: &[String]) -> Result<()> {
    match rest.first() {
        Some(arg) => bail!("unexpected argument `{arg}`\n\n{USAGE}"),
        None => Ok(()),
    }
}

/// `[--port N]` (also `--port=N`); 8000 when absent.
fn parse_port(rest: &[String]) -> Result<u16> {
    let value = match rest {
        [] => return Ok(serve::DEFAULT_PORT),
        [flag, value] if flag == "--port" => value.as_str(),
        [flag] if flag.starts_with("--port=") => &flag["--port=".len()..],
        _ => bail!("expected `serve [--port N]`, got `serve {}`", rest.join(" ")),
    };
    value.parse().with_context(|| format!("`{value}` is not a port number (1-65535)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn port_defaults_to_8000_and_accepts_both_spellings() {
        assert_eq!(parse_port(&[]).ok(), Some(8000));
        assert_eq!(parse_port(&strings(&["--port", "9000"])).ok(), Some(9000));
        assert_eq!(parse_port(&strings(&["--port=0"])).ok(), Some(0));
        assert!(parse_port(&strings(&["--port", "http"])).is_err());
        assert!(parse_port(&strings(&["--port", "70000"])).is_err());
        assert!(parse_port(&strings(&["9000"])).is_err());
    }

    #[test]
    fn project_root_is_the_workspace() {
        let root = project_root();
        assert!(root.join("Cargo.toml").is_file());
        assert!(root.join("xtask").is_dir());
    }

    #[test]
    fn cargo_reports_the_target_directory() {
        let dir = target_dir(&project_root()).expect("cargo metadata");
        assert!(dir.is_absolute(), "{}", dir.display());
        assert!(dir.join("debug").is_dir(), "{} holds this test's own build", dir.display());
    }
}
