//! `dist/package.json`: makes `dist/` an npm package (`npm publish dist/`): ES-module exports for
//! the custom elements and the JS API, their `.d.ts` types, and `custom-elements.json`.
//!
//! The name, version, description and license are the `qitong` crate's (Cargo.toml), read with
//! `cargo metadata`, so the two never disagree.

use crate::process;
use anyhow::{bail, Context, Result};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// What package.json takes from the crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrateInfo {
    pub version: String,
    pub description: String,
    pub license: String,
}

impl CrateInfo {
    /// The `qitong` package in `cargo metadata --no-deps` output.
    pub fn from_metadata(metadata: &Value) -> Result<CrateInfo> {
        let packages = metadata["packages"].as_array().context("`cargo metadata` lists no packages")?;
        let Some(package) = packages.iter().find(|p| p["name"] == "qitong") else {
            bail!("`cargo metadata` has no `qitong` package");
        };
        let text = |key: &str| package[key].as_str().map(str::to_string).with_context(|| format!("Cargo.toml of qitong has no `{key}`"));
        Ok(CrateInfo { version: text("version")?, description: text("description")?, license: text("license")? })
    }

    pub fn of_project(root: &Path) -> Result<CrateInfo> {
        let metadata =
            process::output_of(process::cargo(root).args(["metadata", "--no-deps", "--format-version", "1"])).context("`cargo metadata` failed")?;
        CrateInfo::from_metadata(&serde_json::from_str(&metadata).context("reading `cargo metadata`")?)
    }
}

/// An export: a module with its types (`types` first: Node and TypeScript take the first
/// condition that matches), or a plain path.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum Export {
    Typed { types: &'static str, default: &'static str },
    Path(&'static str),
}

/// package.json, field by field in the order written (a struct keeps its order; a JSON map
/// here would be sorted).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Package {
    name: &'static str,
    version: String,
    description: String,
    license: String,
    #[serde(rename = "type")]
    kind: &'static str,
    main: &'static str,
    types: &'static str,
    exports: BTreeMap<&'static str, Export>,
    custom_elements: &'static str,
    side_effects: [&'static str; 2],
    files: Vec<String>,
    keywords: [&'static str; 7],
}

const ELEMENTS: Export = Export::Typed { types: "./qitong-elements.d.ts", default: "./qitong-elements.js" };

/// The package.json for a site folder whose top-level entries are `top_level` (file and
/// folder names; everything is published, so that the package is also a complete static site).
pub fn package_json(info: &CrateInfo, top_level: &[String]) -> Package {
    let exports = BTreeMap::from([
        (".", ELEMENTS),
        ("./elements", ELEMENTS),
        ("./lesson-elements", Export::Typed { types: "./qitong-lesson-elements.d.ts", default: "./qitong-lesson-elements.js" }),
        ("./pkg/qitong_elements.js", Export::Typed { types: "./pkg/qitong_elements.d.ts", default: "./pkg/qitong_elements.js" }),
        ("./pkg/qitong_clock.js", Export::Typed { types: "./pkg/qitong_clock.d.ts", default: "./pkg/qitong_clock.js" }),
        ("./pkg/qitong.js", Export::Typed { types: "./pkg/qitong.d.ts", default: "./pkg/qitong.js" }),
        ("./pkg/qitong_lessons.js", Export::Typed { types: "./pkg/qitong_lessons.d.ts", default: "./pkg/qitong_lessons.js" }),
        ("./pkg/qitong_board_lessons.js", Export::Typed { types: "./pkg/qitong_board_lessons.d.ts", default: "./pkg/qitong_board_lessons.js" }),
        (
            "./pkg/qitong_board_lessons_basics.js",
            Export::Typed { types: "./pkg/qitong_board_lessons_basics.d.ts", default: "./pkg/qitong_board_lessons_basics.js" },
        ),
        ("./pkg/qitong_course.js", Export::Typed { types: "./pkg/qitong_course.d.ts", default: "./pkg/qitong_course.js" }),
        ("./pkg/qitong_course_basics.js", Export::Typed { types: "./pkg/qitong_course_basics.d.ts", default: "./pkg/qitong_course_basics.js" }),
        ("./pkg/qitong_home.js", Export::Typed { types: "./pkg/qitong_home.d.ts", default: "./pkg/qitong_home.js" }),
        ("./pkg/qitong_ladder.js", Export::Typed { types: "./pkg/qitong_ladder.d.ts", default: "./pkg/qitong_ladder.js" }),
        ("./pkg/qitong_teacher.js", Export::Typed { types: "./pkg/qitong_teacher.d.ts", default: "./pkg/qitong_teacher.js" }),
        ("./computer", Export::Typed { types: "./qitong-computer.d.ts", default: "./qitong-computer.js" }),
        ("./pkg/qitong_computer.js", Export::Typed { types: "./pkg/qitong_computer.d.ts", default: "./pkg/qitong_computer.js" }),
        ("./teacher", Export::Typed { types: "./pkg/qitong_teacher.d.ts", default: "./pkg/qitong_teacher.js" }),
        // The wasm files, the lessons and the rest, for bundlers and self-hosting.
        ("./pkg/*", Export::Path("./pkg/*")),
        ("./lessons/*", Export::Path("./lessons/*")),
        ("./custom-elements.json", Export::Path("./custom-elements.json")),
        ("./package.json", Export::Path("./package.json")),
    ]);
    let mut files: Vec<String> =
        top_level.iter().filter(|name| !matches!(name.as_str(), "package.json" | "node_modules") && !name.starts_with('.')).cloned().collect();
    files.sort();
    Package {
        name: "qitong",
        version: info.version.clone(),
        description: info.description.clone(),
        license: info.license.clone(),
        kind: "module",
        main: "./qitong-elements.js",
        types: "./qitong-elements.d.ts",
        exports,
        custom_elements: "custom-elements.json",
        // Importing the element modules registers the elements.
        side_effects: ["./qitong-elements.js", "./qitong-lesson-elements.js"],
        files,
        keywords: ["chess", "kids", "education", "web-components", "custom-elements", "webassembly", "chinese"],
    }
}

/// Writes `package.json` into the site folder `dir`.
pub fn write_package_json(info: &CrateInfo, dir: &Path) -> Result<()> {
    let mut top_level = Vec::new();
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        top_level.push(entry?.file_name().to_string_lossy().into_owned());
    }
    let text = serde_json::to_string_pretty(&package_json(info, &top_level)).context("writing package.json")?;
    fs::write(dir.join("package.json"), text + "\n").context("writing package.json")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn info() -> CrateInfo {
        CrateInfo { version: "1.2.3".into(), description: "chess for kids".into(), license: "MIT OR Apache-2.0".into() }
    }

    #[test]
    fn the_package_is_the_crate_with_module_exports_and_types() {
        let names = ["index.html", "qitong-elements.js", "pkg", "lessons", "package.json", ".DS_Store", "sw.js"];
        let text = serde_json::to_string_pretty(&package_json(&info(), &names.map(String::from))).expect("json");
        let package: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(package["name"], "qitong");
        assert_eq!(package["version"], "1.2.3");
        assert_eq!(package["license"], "MIT OR Apache-2.0");
        assert_eq!(package["type"], "module");
        assert_eq!(package["customElements"], "custom-elements.json");
        assert_eq!(package["types"], "./qitong-elements.d.ts");
        let exports = &package["exports"];
        assert_eq!(exports["./elements"]["default"], "./qitong-elements.js");
        assert_eq!(exports["./elements"]["types"], "./qitong-elements.d.ts");
        assert_eq!(exports["./lesson-elements"]["default"], "./qitong-lesson-elements.js");
        assert_eq!(exports["./pkg/qitong.js"]["types"], "./pkg/qitong.d.ts");
        assert_eq!(exports["./teacher"]["default"], "./pkg/qitong_teacher.js");
        assert_eq!(exports["./pkg/*"], "./pkg/*");
        // Conditions in the order Node and TypeScript read them: types first.
        let teacher = &text[text.find("\"./teacher\"").expect("teacher export")..];
        assert!(teacher.find("\"types\"") < teacher.find("\"default\""), "{teacher}");
        assert_eq!(package["files"], json!(["index.html", "lessons", "pkg", "qitong-elements.js", "sw.js"]));
    }

    #[test]
    fn the_crate_info_comes_from_cargo_metadata() {
        let metadata = json!({ "packages": [
            { "name": "xtask", "version": "0.1.0" },
            { "name": "qitong", "version": "0.4.0", "description": "棋童", "license": "MIT" },
        ] });
        let info = CrateInfo::from_metadata(&metadata).expect("qitong is there");
        assert_eq!(info, CrateInfo { version: "0.4.0".into(), description: "棋童".into(), license: "MIT".into() });
        let err = CrateInfo::from_metadata(&json!({ "packages": [{ "name": "qitong", "version": "1.0.0" }] })).expect_err("no license");
        assert!(err.to_string().contains("description"), "{err}");
    }

    #[test]
    fn reads_the_real_cargo_toml() {
        let info = CrateInfo::of_project(&crate::project_root()).expect("cargo metadata");
        assert!(info.version.split('.').count() == 3, "{}", info.version);
        assert!(!info.license.is_empty());
    }
}
