//! Installing what the tasks need and can be installed, and saying exactly what to install
//! when it cannot: the wasm32 target (every task that builds wasm), Chromium + ChromeDriver and
//! a CJK font (the browser tests and their screenshots), Node.js packages.

use crate::build::WASM_TARGET;
use crate::process::{find_on_path, output_of};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The system browser and its WebDriver.
#[derive(Debug, Clone)]
pub struct Browser {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

/// What each test stage needs; `Err` holds the message that says what to install.
pub struct Tools {
    pub wasm_target: Result<(), String>,
    pub browser: Result<Browser, String>,
    /// Node.js itself (the wasm tests' Node run).
    pub node: Result<(), String>,
    /// The npm packages of package-lock.json (the end-to-end tests).
    pub node_packages: Result<(), String>,
    /// clippy and rustfmt (the lints).
    pub lint_tools: Result<(), String>,
}

/// Checks every tool, installing what is missing where that is possible.
pub fn prepare(root: &Path) -> Tools {
    let node = check_node();
    let node_packages = node.clone().and_then(|()| node_packages(root));
    let tools = Tools { wasm_target: ensure_wasm_target(root), browser: ensure_browser(), node, node_packages, lint_tools: ensure_lint_tools(root) };
    report("wasm32 target", &tools.wasm_target.as_ref().map(|()| WASM_TARGET.to_string()));
    report("clippy and rustfmt", &tools.lint_tools.as_ref().map(|()| "cargo clippy, cargo fmt".to_string()));
    report("browser", &tools.browser.as_ref().map(|b| format!("{} + {}", b.chromium.display(), b.chromedriver.display())));
    report("node", &tools.node.as_ref().map(|()| format!("Node.js {NODE_MAJOR} or newer")));
    report("node packages", &tools.node_packages.as_ref().map(|()| "node_modules/ matches package-lock.json".to_string()));
    tools
}

/// What `build`, `serve` and `dist` need before they compile wasm: the wasm32 target, installed
/// with rustup when it is missing (rustup does not add `rust-toolchain.toml`'s `targets` to a
/// toolchain that is already installed, so a fresh machine has none).
pub fn wasm_target(root: &Path) -> anyhow::Result<()> {
    ensure_wasm_target(root).map_err(anyhow::Error::msg)
}

fn report(what: &str, result: &Result<String, &String>) {
    match result {
        Ok(found) => println!("  {what}: {found}"),
        Err(missing) => println!("  {what}: MISSING: {missing}"),
    }
}

fn ensure_wasm_target(root: &Path) -> Result<(), String> {
    if has_wasm_target(root) {
        return Ok(());
    }
    if find_on_path("rustup").is_none() {
        return Err(format!("the Rust standard library for {WASM_TARGET} is not installed; install it for your toolchain (with rustup: `rustup target add {WASM_TARGET}`)"));
    }
    println!("  installing the {WASM_TARGET} target: rustup target add {WASM_TARGET}");
    let status = Command::new("rustup").current_dir(root).args(["target", "add", WASM_TARGET]).status();
    match status {
        Ok(s) if s.success() && has_wasm_target(root) => Ok(()),
        _ => Err(format!("`rustup target add {WASM_TARGET}` failed; run it yourself and retry")),
    }
}

/// clippy and rustfmt, added with rustup when the toolchain lacks them (a toolchain installed
/// with rustup's minimal profile has neither, and rustup does not add rust-toolchain.toml's
/// `components` to a toolchain already installed).
fn ensure_lint_tools(root: &Path) -> Result<(), String> {
    let present = |tool: &str| Command::new("cargo").current_dir(root).args([tool, "--version"]).output().is_ok_and(|o| o.status.success());
    if present("clippy") && present("fmt") {
        return Ok(());
    }
    if find_on_path("rustup").is_none() {
        return Err(
            "clippy and rustfmt are not installed; install them for your toolchain (with rustup: `rustup component add clippy rustfmt`)".into()
        );
    }
    println!("  installing clippy and rustfmt: rustup component add clippy rustfmt");
    let status = Command::new("rustup").current_dir(root).args(["component", "add", "clippy", "rustfmt"]).status();
    match status {
        Ok(s) if s.success() && present("clippy") && present("fmt") => Ok(()),
        _ => Err("`rustup component add clippy rustfmt` failed; run it yourself and retry".into()),
    }
}

/// Whether the active toolchain (the one rust-toolchain.toml names) has the wasm32 std.
fn has_wasm_target(root: &Path) -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    output_of(Command::new(rustc).current_dir(root).args(["--print", "sysroot"]))
        .is_some_and(|sysroot| Path::new(&sysroot).join("lib/rustlib").join(WASM_TARGET).join("lib").is_dir())
}

/// The system browser, its WebDriver, and a font with Chinese characters: without one every
/// Chinese character of a screenshot is a box. The tests do not depend on it (the layout tests
/// force other font stacks themselves), but a person reading the screenshots does.
const CHROMIUM_PACKAGES: [&str; 2] = ["chromium", "chromium-driver"];
const CJK_FONT_PACKAGE: &str = "fonts-noto-cjk";

fn ensure_browser() -> Result<Browser, String> {
    let mut missing: Vec<&str> = Vec::new();
    if find_browser().is_none() {
        missing.extend(CHROMIUM_PACKAGES);
    }
    if !has_cjk_font() {
        missing.push(CJK_FONT_PACKAGE);
    }
    let is_root = output_of(Command::new("id").arg("-u")).is_some_and(|uid| uid == "0");
    if !missing.is_empty() && is_root && find_on_path("apt-get").is_some() {
        println!("  installing {}: apt-get install {}", describe(&missing), missing.join(" "));
        let apt = |args: &[&str]| Command::new("apt-get").args(args).env("DEBIAN_FRONTEND", "noninteractive").status().is_ok_and(|s| s.success());
        if !(apt(&["update", "-qq"]) && apt(&[&["install", "-y", "-qq", "--no-install-recommends"][..], &missing[..]].concat())) {
            println!("  apt-get install {} failed", missing.join(" "));
        }
    }
    if !has_cjk_font() {
        println!("  note: no font with Chinese characters ({CJK_FONT_PACKAGE} on Debian/Ubuntu): the tests pass, but Chinese text in their screenshots shows as boxes");
    }
    find_browser().ok_or_else(|| {
        format!(
            "Chromium and ChromeDriver are needed for the browser tests: install them (Debian/Ubuntu: `sudo apt-get install {}`), or set CHROMEDRIVER to your chromedriver",
            CHROMIUM_PACKAGES.join(" ")
        )
    })
}

/// "Chromium and ChromeDriver", "a CJK font", or both, for the line that says what is installed.
fn describe(packages: &[&str]) -> String {
    let browser = packages.contains(&CHROMIUM_PACKAGES[0]).then_some("Chromium and ChromeDriver");
    let font = packages.contains(&CJK_FONT_PACKAGE).then_some("a font with Chinese characters");
    [browser, font].into_iter().flatten().collect::<Vec<_>>().join(" and ")
}

/// Whether fontconfig knows a font that covers Chinese (what Chromium draws 中文 with).
fn has_cjk_font() -> bool {
    output_of(Command::new("fc-list").args([":lang=zh-cn", "family"])).is_some_and(|fonts| !fonts.trim().is_empty())
}

fn find_browser() -> Option<Browser> {
    let chromium = ["chromium", "chromium-browser"].into_iter().find_map(find_on_path)?;
    let chromedriver = match std::env::var_os("CHROMEDRIVER") {
        Some(path) if Path::new(&path).is_file() => PathBuf::from(path),
        _ => find_on_path("chromedriver")?,
    };
    Some(Browser { chromium, chromedriver })
}

const NODE_MAJOR: u32 = 20;

fn check_node() -> Result<(), String> {
    let install_node = format!("install Node.js {NODE_MAJOR} or newer with npm (https://nodejs.org or your package manager)");
    let version = output_of(Command::new("node").arg("--version")).ok_or_else(|| format!("node is missing: {install_node}"))?;
    match node_major(&version) {
        Some(major) if major >= NODE_MAJOR => Ok(()),
        _ => Err(format!("node {version} is too old: {install_node}")),
    }
}

/// Installs package-lock.json's packages (`npm ci`) unless node_modules/ is up to date.
pub fn node_packages(root: &Path) -> Result<(), String> {
    if output_of(Command::new("npm").arg("--version")).is_none() {
        return Err("npm is missing: install npm (it comes with Node.js)".to_string());
    }
    if node_modules_up_to_date(root) {
        return Ok(());
    }
    println!("  installing node packages: npm ci");
    let status = Command::new("npm").current_dir(root).args(["ci", "--no-audit", "--no-fund"]).status();
    match status {
        Ok(s) if s.success() => Ok(()),
        _ => Err("`npm ci` failed (see above); run it yourself in the project root and retry".to_string()),
    }
}

/// `v20.20.2` → 20.
fn node_major(version: &str) -> Option<u32> {
    version.trim().trim_start_matches('v').split('.').next()?.parse().ok()
}

/// npm writes `node_modules/.package-lock.json` on install; newer than the lock file means
/// nothing changed since.
fn node_modules_up_to_date(root: &Path) -> bool {
    let modified = |path: PathBuf| path.metadata().and_then(|m| m.modified()).ok();
    match (modified(root.join("node_modules/.package-lock.json")), modified(root.join("package-lock.json"))) {
        (Some(installed), Some(locked)) => installed >= locked,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_what_it_installs() {
        assert_eq!(describe(&["chromium", "chromium-driver", "fonts-noto-cjk"]), "Chromium and ChromeDriver and a font with Chinese characters");
        assert_eq!(describe(&["fonts-noto-cjk"]), "a font with Chinese characters");
        assert_eq!(describe(&["chromium", "chromium-driver"]), "Chromium and ChromeDriver");
    }

    #[test]
    fn reads_the_node_major_version() {
        assert_eq!(node_major("v20.20.2\n"), Some(20));
        assert_eq!(node_major("v18.0.0"), Some(18));
        assert_eq!(node_major("nonsense"), None);
    }
}
