//! `cargo xtask build`: the release wasm modules of `crate::modules::MODULES` and their
//! ES-module bindings in `www/pkg/`, each with its size against its ceiling.

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

pub use crate::modules::{module_named, Module, MODULES};

/// A module as built into `www/pkg/`.
#[derive(Debug, Clone)]
pub struct Built {
    pub module: Module,
    pub size: WasmSize,
}

/// Builds every module (see [`MODULES`]) into a fresh `www/pkg/` and prints their sizes.
/// The dependencies are shared: the crates whose features differ by module (the root) compile
/// once per module.
pub fn build(root: &Path) -> Result<Vec<Built>> {
    crate::setup::wasm_target(root)?;
    let out = pkg_dir(root);
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    let mut built = Vec::with_capacity(MODULES.len());
    for module in MODULES {
        built.push(build_module(root, module, &out)?);
    }
    Ok(built)
}

/// `cargo xtask build qitong_course …`: only the modules named, into `www/pkg/` beside the
/// others, each size printed with its ceiling (`Module::ceiling_kb`) — for size work on one
/// module (with `QITONG_WASM_NAMES=1` for `twiggy`), without the minutes of all nine.
pub fn build_named(root: &Path, names: &[String]) -> Result<Vec<Built>> {
    let modules = names
        .iter()
        .map(|name| module_named(name).with_context(|| format!("no module `{name}`: the modules are {}", MODULES.map(|m| m.name).join(", "))))
        .collect::<Result<Vec<Module>>>()?;
    crate::setup::wasm_target(root)?;
    let out = pkg_dir(root);
    let mut built = Vec::with_capacity(modules.len());
    for module in modules {
        built.push(build_module(root, module, &out)?);
    }
    print_ceilings(&built);
    Ok(built)
}

/// Prints each module's gzipped size against its ceiling (`Module::ceiling_kb`, which
/// `cargo xtask test` enforces); says whether all are within.
pub fn print_ceilings(built: &[Built]) -> bool {
    let mut all_within = true;
    for one in built {
        let ceiling = one.module.ceiling_bytes();
        let within = one.size.gzip <= ceiling;
        all_within &= within;
        let verdict = if within { "within" } else { "OVER" };
        println!("{}: {} gzipped, {verdict} its ceiling of {}", one.module.wasm_file(), kilobytes(one.size.gzip), kilobytes(ceiling));
    }
    all_within
}

/// Builds the module's crate (`web/modules/`) for wasm32 in release mode, generates
/// `<out>/<name>.js` (+ `.d.ts`) and `<out>/<name>_bg.wasm` like `wasm-bindgen --target web`,
/// and prints the wasm's size.
fn build_module(root: &Path, module: Module, out: &Path) -> Result<Built> {
    let mut cmd = cargo(root);
    cmd.args(["build", "--package", module.package, "--lib", "--release", "--target", WASM_TARGET]);
    if let Some(level) = module.rules_opt_level {
        cmd.args(["--config", &format!("profile.release.package.qitong-rules.opt-level={level}")]);
    }
    let status = cmd.status().context("running cargo build")?;
    if !status.success() {
        bail!("cargo build of the release wasm `{}` failed ({status})", module.name);
    }
    let input = crate::target_dir(root)?.join(WASM_TARGET).join("release").join(module.cargo_wasm_file());
    Bindgen::new()
        .input_path(&input)
        .out_name(module.name)
        .web(true)?
        .typescript(true)
        // The library's defaults differ from the CLI's: keep `init()` able to find the wasm
        // next to the script, and drop the name and producers sections (a third of the size).
        .omit_default_module_path(false)
        // QITONG_WASM_NAMES=1 keeps the function names, for size work (see README).
        .remove_name_section(std::env::var_os("QITONG_WASM_NAMES").is_none())
        .remove_producers_section(true)
        .generate(out)
        .with_context(|| format!("generating the JS bindings of {}", input.display()))?;
    let path = out.join(module.wasm_file());
    // QITONG_NO_PASSES=1 leaves the module as wasm-bindgen wrote it, for comparing our passes
    // with others on the same input (binaryen's single passes: see `merge.rs`'s measurement).
    if std::env::var_os("QITONG_NO_PASSES").is_none() {
        shrink(out, module, &path)?;
    } else {
        println!("left {} as wasm-bindgen wrote it (QITONG_NO_PASSES)", module.wasm_file());
    }
    let size = measure(&path)?;
    println!("built {} ({size})", path.strip_prefix(root).unwrap_or(&path).display());
    Ok(Built { module, size })
}

/// Our three passes over the module wasm-bindgen wrote, in place: identical functions merged
/// (`merge.rs`), the functions laid out for gzip (`reorder.rs`), the import and export names
/// shortened in the wasm and its glue (`short_names.rs`).
fn shrink(out: &Path, module: Module, path: &Path) -> Result<()> {
    let wasm = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let (wasm, merged) =
        crate::merge::merge_identical_functions(&wasm).with_context(|| format!("merging the identical functions of {}", path.display()))?;
    println!("merged {merged} identical functions of {}", module.wasm_file());
    let (wasm, dropped) = crate::reorder::reorder_functions(&wasm).with_context(|| format!("reordering the functions of {}", path.display()))?;
    println!("reordered the functions of {} ({dropped} unused ones dropped)", module.wasm_file());
    // The glue and its two declaration files, whose names `short_names` rewrites with the wasm's.
    let files = [format!("{}.js", module.name), format!("{}.d.ts", module.name), format!("{}_bg.wasm.d.ts", module.name)].map(|f| out.join(f));
    let [js, types @ ..] = files.clone().map(|f| std::fs::read_to_string(&f).with_context(|| format!("reading {}", f.display())));
    let bindings = crate::short_names::Bindings { js: js?, types: types.into_iter().collect::<Result<_>>()? };
    let (wasm, bindings, count) = crate::short_names::shorten_names(&wasm, &bindings, &format!("./{}_bg.js", module.name))
        .with_context(|| format!("shortening the names of {}", path.display()))?;
    println!("shortened {} import and {} export names of {} and its bindings", count.imports, count.exports, module.wasm_file());
    std::fs::write(path, wasm).with_context(|| format!("writing {}", path.display()))?;
    for (file, text) in files.iter().zip(core::iter::once(bindings.js).chain(bindings.types)) {
        std::fs::write(file, text).with_context(|| format!("writing {}", file.display()))?;
    }
    Ok(())
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
