//! Minifying `dist/`'s JavaScript and CSS with esbuild (the npm package pinned in
//! `package-lock.json`), so that a page downloads code, not the comments written for its readers.
//!
//! `www/` stays as written (`cargo xtask serve` serves it, and the tests read it); only the copy
//! for hosting is minified. Measured on one `<chess-board>`'s page (2026-12-02): its JS 15.8 KB
//! gzipped as written. `sw.js` stays as written: `offline.rs` finds its manifest line by text.

use crate::process::output_of;
use anyhow::{bail, Context, Result};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// esbuild as `npm ci` installs it in the project.
pub fn esbuild(root: &Path) -> PathBuf {
    root.join("node_modules").join(".bin").join("esbuild")
}

/// What `minify_site` did: how many files, and their bytes before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Minified {
    pub files: usize,
    pub bytes_before: u64,
    pub bytes_after: u64,
}

/// Minifies, in place, every `.js` and `.css` file under `dir` except the service worker.
pub fn minify_site(esbuild: &Path, dir: &Path) -> Result<Minified> {
    if output_of(Command::new(esbuild).arg("--version")).is_none() {
        bail!("{} is missing: run `npm ci` in the project root (cargo xtask test does)", esbuild.display());
    }
    let files = minifiable_files(dir)?;
    let bytes_before = total_bytes(&files)?;
    if files.is_empty() {
        return Ok(Minified { files: 0, bytes_before, bytes_after: bytes_before });
    }
    // One process for all files; without --bundle, each file is transformed on its own and keeps
    // its imports, exports and top-level await.
    let status = Command::new(esbuild)
        .arg("--minify")
        .arg("--log-level=warning")
        .arg("--allow-overwrite")
        .arg(format!("--outbase={}", dir.display()))
        .arg(format!("--outdir={}", dir.display()))
        .args(&files)
        .status()
        .with_context(|| format!("starting {}", esbuild.display()))?;
    if !status.success() {
        bail!("esbuild could not minify {} ({status})", dir.display());
    }
    Ok(Minified { files: files.len(), bytes_before, bytes_after: total_bytes(&files)? })
}

/// The `.js` and `.css` files under `dir`, sorted, without `sw.js` at its root.
fn minifiable_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    collect(dir, &mut found)?;
    found.retain(|path| path != &dir.join("sw.js"));
    found.sort();
    Ok(found)
}

fn collect(dir: &Path, found: &mut Vec<PathBuf>) -> Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, found)?;
        } else if path.extension().is_some_and(|ext| ext == "js" || ext == "css") {
            found.push(path);
        }
    }
    Ok(())
}

fn total_bytes(files: &[PathBuf]) -> Result<u64> {
    files.iter().map(|f| Ok(fs::metadata(f).with_context(|| format!("reading {}", f.display()))?.len())).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_site(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("qitong-minify-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("pkg")).expect("temp dir");
        dir
    }

    #[test]
    fn picks_scripts_and_stylesheets_but_not_the_service_worker() {
        let dir = temp_site("pick");
        for file in ["a.js", "style.css", "sw.js", "page.html", "pkg/glue.js", "pkg/glue.d.ts", "pkg/m_bg.wasm"] {
            fs::write(dir.join(file), "x").expect("write");
        }
        let names: Vec<String> = minifiable_files(&dir)
            .expect("list")
            .iter()
            .map(|p| p.strip_prefix(&dir).expect("inside").to_string_lossy().replace('\\', "/"))
            .collect();
        assert_eq!(names, ["a.js", "pkg/glue.js", "style.css"]);
        let _ = fs::remove_dir_all(dir);
    }

    /// Needs `npm ci` (the test command runs it before the native tests).
    #[test]
    fn minified_code_is_smaller_and_keeps_its_exports_and_top_level_await() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("project root");
        let dir = temp_site("run");
        let script = "// A comment for readers.\nconst longName = await Promise.resolve(40);\n\
                      export function answer() {\n  return longName + 2; // why\n}\n";
        fs::write(dir.join("pkg/glue.js"), script).expect("write");
        fs::write(dir.join("style.css"), "/* why */\n.board {\n  color: #ff0000;\n}\n").expect("write");
        fs::write(dir.join("sw.js"), "const OFFLINE = null; // kept\n").expect("write");

        let done = minify_site(&esbuild(root), &dir).expect("esbuild runs");
        assert_eq!(done.files, 2);
        assert!(done.bytes_after < done.bytes_before, "{done:?}");
        let js = fs::read_to_string(dir.join("pkg/glue.js")).expect("read");
        assert!(!js.contains("comment") && js.contains("await") && js.contains("answer"), "{js}");
        let css = fs::read_to_string(dir.join("style.css")).expect("read");
        assert!(!css.contains("why") && css.contains(".board"), "{css}");
        assert_eq!(fs::read_to_string(dir.join("sw.js")).expect("read"), "const OFFLINE = null; // kept\n");
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn a_missing_esbuild_says_to_run_npm_ci() {
        let dir = temp_site("missing");
        let err = minify_site(&dir.join("no-esbuild"), &dir).expect_err("no esbuild there");
        assert!(err.to_string().contains("npm ci"), "{err}");
        let _ = fs::remove_dir_all(dir);
    }
}
