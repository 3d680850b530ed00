//! The offline manifest of `dist/`: the site's version (a hash of every file's content) and the
//! files the service worker (`www/sw.js`) keeps, written into `dist/sw.js` and `dist/offline.json`.
//!
//! Any change to any file changes the version, hence `sw.js`'s bytes, which is what makes a
//! browser install the new worker; the worker then fills a new cache and deletes the old one.

use anyhow::{bail, Context, Result};
use serde_json::json;
use std::fs;
use std::path::Path;

/// The line of `www/sw.js` that `dist` replaces by the manifest (null: the working tree).
pub const MANIFEST_LINE: &str = "const OFFLINE = null;";

/// What the worker does not cache: itself (the browser fetches it), the manifest, and the npm
/// package's files (types and metadata for developers, never used by a page).
fn is_cached(path: &str) -> bool {
    !matches!(path, "sw.js" | "offline.json" | "package.json" | "custom-elements.json" | "README.md") && !path.ends_with(".d.ts")
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    /// 16 hex digits.
    pub version: String,
    /// Paths relative to the site's folder, with `/`, sorted.
    pub files: Vec<String>,
    /// Their total size in bytes (printed: what the first visit downloads in the background).
    pub bytes: u64,
}

impl Manifest {
    pub fn to_json(&self) -> serde_json::Value {
        json!({ "version": self.version, "files": self.files })
    }
}

/// 64-bit FNV-1a: a change detector for the version, not a security hash (nobody gains by
/// forging a collision with their own site).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The manifest of the site in `dir`: every cached file, and the version over their names and
/// contents together with the worker's own code.
pub fn manifest(dir: &Path) -> Result<Manifest> {
    let mut all = Vec::new();
    list_files(dir, "", &mut all)?;
    all.sort();
    let mut hash = Fnv::new();
    let mut files = Vec::new();
    let mut bytes = 0;
    for path in all {
        if !is_cached(&path) && path != "sw.js" {
            continue;
        }
        let content = fs::read(dir.join(&path)).with_context(|| format!("reading {path}"))?;
        hash.write(path.as_bytes());
        hash.write(&[0]);
        hash.write(&(content.len() as u64).to_le_bytes());
        hash.write(&content);
        if is_cached(&path) {
            bytes += content.len() as u64;
            files.push(path);
        }
    }
    Ok(Manifest { version: format!("{:016x}", hash.0), files, bytes })
}

fn list_files(dir: &Path, prefix: &str, out: &mut Vec<String>) -> Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{prefix}{name}");
        let kind = entry.file_type()?;
        if kind.is_dir() {
            list_files(&entry.path(), &format!("{path}/"), out)?;
        } else if kind.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// Writes the manifest of the site in `dir` into its `sw.js` (which must have
/// [`MANIFEST_LINE`]) and into `offline.json`.
pub fn write_manifest(dir: &Path) -> Result<Manifest> {
    let worker_path = dir.join("sw.js");
    let worker = fs::read_to_string(&worker_path).with_context(|| format!("reading {}", worker_path.display()))?;
    if worker.matches(MANIFEST_LINE).count() != 1 {
        bail!("{} must have the line `{MANIFEST_LINE}` exactly once (dist writes the manifest there)", worker_path.display());
    }
    let manifest = manifest(dir)?;
    let json = manifest.to_json();
    let line = format!("const OFFLINE = {json};");
    fs::write(&worker_path, worker.replacen(MANIFEST_LINE, &line, 1)).with_context(|| format!("writing {}", worker_path.display()))?;
    let pretty = serde_json::to_string_pretty(&json).context("writing the manifest")?;
    fs::write(dir.join("offline.json"), pretty + "\n").context("writing offline.json")?;
    Ok(manifest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("qitong-offline-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("pkg")).expect("temp dir");
        fs::create_dir_all(dir.join("lessons/rook")).expect("temp dir");
        fs::write(dir.join("sw.js"), format!("// worker\n{MANIFEST_LINE}\nconst PREFIX = 'qitong-';\n")).expect("write");
        fs::write(dir.join("index.html"), "<!doctype html>").expect("write");
        fs::write(dir.join("pkg/qitong_bg.wasm"), b"\0asm").expect("write");
        fs::write(dir.join("pkg/qitong.d.ts"), "export {}").expect("write");
        fs::write(dir.join("package.json"), "{}").expect("write");
        fs::write(dir.join("lessons/rook/moves.toml"), "id = \"moves\"").expect("write");
        dir
    }

    #[test]
    fn lists_the_site_files_and_writes_the_version_into_the_worker() {
        let dir = site("write");
        let manifest = write_manifest(&dir).expect("manifest");
        assert_eq!(manifest.files, ["index.html", "lessons/rook/moves.toml", "pkg/qitong_bg.wasm"]);
        assert_eq!(manifest.bytes, 15 + 12 + 4);
        assert_eq!(manifest.version.len(), 16);
        let worker = fs::read_to_string(dir.join("sw.js")).expect("read");
        assert!(!worker.contains(MANIFEST_LINE), "{worker}");
        assert!(worker.contains("const OFFLINE = {\"files\":[\"index.html\","), "{worker}");
        assert!(worker.contains(&manifest.version));
        assert!(worker.contains("const PREFIX = 'qitong-';"), "the rest of the worker stays");
        let json: serde_json::Value = serde_json::from_str(&fs::read_to_string(dir.join("offline.json")).expect("read")).expect("json");
        assert_eq!(json["version"], manifest.version.as_str());
        assert_eq!(json["files"].as_array().map(Vec::len), Some(3));
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn the_version_changes_with_any_file_and_only_then() {
        let dir = site("version");
        let first = manifest(&dir).expect("manifest").version;
        assert_eq!(manifest(&dir).expect("manifest").version, first, "the same files, the same version");
        fs::write(dir.join("lessons/rook/moves.toml"), "id = \"moved\"").expect("write");
        let second = manifest(&dir).expect("manifest").version;
        assert_ne!(second, first);
        fs::write(dir.join("sw.js"), format!("// a new worker\n{MANIFEST_LINE}\n")).expect("write");
        assert_ne!(manifest(&dir).expect("manifest").version, second, "the worker's own code counts");
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn refuses_a_worker_without_the_manifest_line() {
        let dir = site("no-line");
        fs::write(dir.join("sw.js"), "const OFFLINE = {};").expect("write");
        let err = write_manifest(&dir).expect_err("no line to replace");
        assert!(err.to_string().contains(MANIFEST_LINE), "{err}");
        let _ = fs::remove_dir_all(dir);
    }
}
