//! `cargo xtask dist`: the whole site as plain files in `dist/`, for any static host.
//!
//! `dist/` holds `www/` (with the wasm modules' bindings in `pkg/`) and `lessons/` (with each lesson
//! file's compiled form beside it, `compiled.rs`). Every URL in the
//! site is relative, so the folder works at a domain's root and under a sub-path alike. The
//! service worker gets the offline manifest (`offline.rs`), and `package.json` makes the folder
//! an npm package (`package.rs`). Its JavaScript and CSS are minified (`minify.rs`).

use crate::build::{pkg_dir, MODULES};
use crate::compiled;
use crate::minify::{self, Minified};
use crate::offline::{self, Manifest};
use crate::package::{self, CrateInfo};
use anyhow::{bail, Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

/// What `write_dist` wrote.
#[derive(Debug)]
pub struct Dist {
    pub dir: PathBuf,
    pub offline: Manifest,
    /// None when written with [`Code::AsWritten`].
    pub minified: Option<Minified>,
}

/// How `dist/` gets its JavaScript and CSS.
pub enum Code {
    /// Minified by this esbuild (see `minify::esbuild`): what a host serves.
    Minified(PathBuf),
    /// Copied as in `www/` (this module's own tests, which have no npm packages).
    #[cfg(test)]
    AsWritten,
}

/// Copies the built site into `dist/` (replacing what was there), writes the offline manifest
/// into its service worker, and returns where. Expects `www/pkg/` to have been built.
pub fn write_dist(root: &Path, info: &CrateInfo, code: Code) -> Result<Dist> {
    for module in MODULES {
        if !pkg_dir(root).join(module.wasm_file()).is_file() {
            bail!("www/pkg/ has no {}: run `cargo xtask build` first", module.wasm_file());
        }
    }
    let out = root.join("dist");
    if out.exists() {
        fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    copy_tree(&root.join("www"), &out)?;
    let lessons = root.join("lessons");
    if lessons.is_dir() {
        copy_tree(&lessons, &out.join("lessons"))?;
        compiled::compile_site(&out.join("lessons"))?;
    }
    let minified = match code {
        Code::Minified(esbuild) => Some(minify::minify_site(&esbuild, &out)?),
        #[cfg(test)]
        Code::AsWritten => None,
    };
    // After minifying: the manifest's version is a hash of the files as served.
    let offline = offline::write_manifest(&out)?;
    package::write_package_json(info, &out)?;
    Ok(Dist { dir: out, offline, minified })
}

/// Copies the files under `from` to `to`, creating directories; skips hidden files
/// (editor swap files, `.DS_Store`) and symbolic links.
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    for entry in fs::read_dir(from).with_context(|| format!("reading {}", from.display()))? {
        let entry = entry?;
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            fs::copy(entry.path(), &target).with_context(|| format!("copying {} to {}", entry.path().display(), target.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crate_info() -> CrateInfo {
        CrateInfo { version: "0.1.0".into(), description: "chess".into(), license: "MIT".into() }
    }

    #[test]
    fn copies_the_site_and_the_lessons_without_hidden_files() {
        let root = std::env::temp_dir().join(format!("qitong-dist-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for dir in ["www/pkg", "lessons/stage1"] {
            fs::create_dir_all(root.join(dir)).expect("temp dir");
        }
        fs::write(root.join("www/index.html"), "page").expect("write");
        fs::write(root.join("www/sw.js"), offline::MANIFEST_LINE).expect("write");
        fs::write(root.join("www/.index.html.swp"), "swap").expect("write");
        write_modules(&root, None);
        fs::write(root.join("lessons/stage1/rook.toml"), "lesson").expect("write");
        fs::create_dir_all(root.join("dist/stale")).expect("temp dir");

        let dist = write_dist(&root, &crate_info(), Code::AsWritten).expect("dist");
        let out = dist.dir;
        assert_eq!(fs::read_to_string(out.join("index.html")).ok().as_deref(), Some("page"));
        for module in MODULES {
            assert!(out.join("pkg").join(module.wasm_file()).is_file(), "{}", module.name);
        }
        assert!(out.join("lessons/stage1/rook.toml").is_file());
        assert!(out.join("lessons/stage1/rook.json").is_file(), "the compiled form beside the source");
        assert!(!out.join(".index.html.swp").exists());
        assert!(!out.join("stale").exists());
        assert!(dist.offline.files.contains(&"lessons/stage1/rook.toml".to_string()));
        assert!(out.join("offline.json").is_file());
        assert!(fs::read_to_string(out.join("package.json")).is_ok_and(|p| p.contains("\"name\": \"qitong\"")));
        let _ = fs::remove_dir_all(root);
    }

    /// A stand-in file for every module's wasm but `missing`.
    fn write_modules(root: &Path, missing: Option<crate::build::Module>) {
        for module in MODULES.into_iter().filter(|m| Some(*m) != missing) {
            fs::write(root.join("www/pkg").join(module.wasm_file()), module.name).expect("write");
        }
    }

    #[test]
    fn refuses_to_write_a_site_without_the_teacher_wasm() {
        let root = std::env::temp_dir().join(format!("qitong-dist-no-teacher-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("www/pkg")).expect("temp dir");
        write_modules(&root, Some(crate::modules::TEACHER));
        let err = write_dist(&root, &crate_info(), Code::AsWritten).expect_err("the teacher module is missing");
        assert!(err.to_string().contains("qitong_teacher_bg.wasm"), "{err}");
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn refuses_to_write_a_site_without_its_wasm() {
        let root = std::env::temp_dir().join(format!("qitong-dist-empty-{}", std::process::id()));
        fs::create_dir_all(root.join("www")).expect("temp dir");
        assert!(write_dist(&root, &crate_info(), Code::AsWritten).is_err());
        let _ = fs::remove_dir_all(root);
    }
}
