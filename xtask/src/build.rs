//! `cargo xtask build`: the release wasm and its ES-module bindings in `www/pkg/`.

use crate::process::cargo;
use anyhow::{bail, Context, Result};
use flate2::write::GzEncoder;
use flate2::Compression;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use wasm_bindgen_cli_support::Bindgen;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The size of the wasm module as served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WasmSize {
    pub raw: u64,
    pub gzip: u64,
}

impl fmt::Display for WasmSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} raw, {} gzipped", kilobytes(self.raw), kilobytes(self.gzip))
    }
}

/// `1234` → `1.2 KB` (1 KB = 1024 bytes, as the budget is written).
pub fn kilobytes(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1024.0)
}

/// The directory the site serves the bindings from.
pub fn pkg_dir(root: &Path) -> PathBuf {
    root.join("www").join("pkg")
}

/// Builds `qitong` for wasm32 in release mode, generates `www/pkg/qitong.js` (+ `.d.ts`) and
/// `www/pkg/qitong_bg.wasm` like `wasm-bindgen --target web`, and prints the wasm's size.
pub fn build(root: &Path) -> Result<WasmSize> {
    let status = cargo(root)
        .args(["build", "--package", "qitong", "--lib", "--release", "--target", WASM_TARGET])
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("cargo build of the release wasm failed ({status})");
    }
    let input = crate::target_dir(root)?.join(WASM_TARGET).join("release").join("qitong.wasm");
    let out = pkg_dir(root);
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    Bindgen::new()
        .input_path(&input)
        .out_name("qitong")
        .web(true)?
        .typescript(true)
        // The library's defaults differ from the CLI's: keep `init()` able to find the wasm
        // next to the script, and drop the name and producers sections (a third of the size).
        .omit_default_module_path(false)
        // QITONG_WASM_NAMES=1 keeps the function names, for size work (see README).
        .remove_name_section(std::env::var_os("QITONG_WASM_NAMES").is_none())
        .remove_producers_section(true)
        .generate(&out)
        .with_context(|| format!("generating the JS bindings of {}", input.display()))?;
    let path = out.join("qitong_bg.wasm");
    let size = measure(&path)?;
    println!("built {} ({size})", path.strip_prefix(root).unwrap_or(&path).display());
    Ok(size)
}

/// The raw and gzip (best compression) sizes of a file.
pub fn measure(path: &Path) -> Result<WasmSize> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(WasmSize { raw: bytes.len() as u64, gzip: gzip_len(&bytes)? })
}

fn gzip_len(bytes: &[u8]) -> Result<u64> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_shrinks_repetitive_data() {
        let data = vec![b'a'; 10_000];
        let len = gzip_len(&data).expect("in-memory gzip");
        assert!(len > 10 && len < 200, "{len}");
    }

    #[test]
    fn sizes_print_in_kilobytes() {
        assert_eq!(kilobytes(1024), "1.0 KB");
        assert_eq!(WasmSize { raw: 81_920, gzip: 30_720 }.to_string(), "80.0 KB raw, 30.0 KB gzipped");
    }
}
