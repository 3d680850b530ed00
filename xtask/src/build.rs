//! `cargo xtask build`: the release wasm modules and their ES-module bindings in `www/pkg/`:
//! the custom elements' module (`qitong_elements.js`), the students' app (`qitong.js`), the
//! lesson player's module (`qitong_lessons.js`) and the teacher pages' module (`qitong_teacher.js`).

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

/// One of the wasm modules the site serves, each built from the `qitong` crate with its own
/// cargo features and named by its wasm-bindgen `out_name`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Module {
    /// `www/pkg/<name>.js` and `www/pkg/<name>_bg.wasm`.
    pub name: &'static str,
    /// Cargo features: with the crate's default (`app`) unless `no_default_features`.
    pub features: &'static [&'static str],
    pub no_default_features: bool,
    /// The rules crate's opt-level when it is not the workspace's 3 (Cargo.toml), as a TOML value
    /// for cargo's `--config` (`"z"`, quotes included).
    pub rules_opt_level: Option<&'static str>,
}

impl Module {
    pub fn wasm_file(self) -> String {
        format!("{}_bg.wasm", self.name)
    }
}

/// `<chess-board>` alone (`BoardWidget`): what a class site's page with an embedded board
/// downloads (`qitong-elements.js` loads it). Its rules are built for size, as the lessons
/// module's: a board asks for one position's moves at a time.
pub const ELEMENTS: Module = Module { name: "qitong_elements", features: &["elements"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// `<chess-clock>` alone (`ClockElement`): `qitong-elements.js` loads it when a clock is in the
/// page's markup or the first clock connects, so that a page with only boards never downloads it
/// and a page with only a clock (frame.html?clock) downloads no board.
pub const CLOCK: Module = Module { name: "qitong_clock", features: &["clock"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// The students' app: rules, classroom play, the boards and the pages' views (play, points).
pub const APP: Module = Module { name: "qitong", features: &[], no_default_features: false, rules_opt_level: None };
/// The lesson player's module: `LessonPlayer` alone (rules, the lessons loader, exercises,
/// progress, the player's views on the board widget of the `board` feature), without the app's
/// exports. `<chess-lesson>` and `<chess-quiz>` load it lazily; `lesson.html` loads only it.
/// Its rules are built for size: a lesson asks for a few positions' moves, never a perft, and
/// the first lesson page is the one a whole class downloads at once (issue 14).
pub const LESSONS: Module = Module { name: "qitong_lessons", features: &["lessons"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// The lesson player of the site's own course (`lesson.html`): `LessonPlayer` reading the
/// compiled lesson files the site ships (`xtask/src/compiled.rs`), so without a TOML reader; the
/// page says so with `<meta name="qitong-lessons" content="compiled">` (issue 14: the first lesson
/// page's budget).
pub const COURSE: Module = Module { name: "qitong_course", features: &["lessons", "compiled"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// The course's basics (`qitong-lessons/basics`): `qitong_course` with only the step kinds of the
/// stages on the board, its set-up and how each piece moves — what `lesson.html` loads first
/// (issue 27: the first lesson page within its 200 KB). A lesson with another kind makes the
/// player ask for `qitong_course` (`need-module`), which the shell then starts instead.
pub const COURSE_BASICS: Module = Module { name: "qitong_course_basics", features: &["lessons", "compiled", "basics"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// The boards and the lesson player (`BoardWidget`, `LessonPlayer`) in one module: what a class
/// site's page with both in its markup (`<chess-board>` beside a `<chess-quiz>`) downloads, one
/// copy of the rules and of the board instead of the elements' and the lessons module's two
/// (`qitong-lesson-elements.js` picks it).
/// Its lesson problems are shown by their place only (`places`): the class's teacher reads why on
/// check.html.
pub const BOARD_LESSONS: Module = Module { name: "qitong_board_lessons", features: &["lessons", "elements", "places"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// The home page's and the certificates' module (`mountHome`): the course map drawn from the
/// lessons crate, without the board and the lesson player, which the first lesson page then does
/// not download either way (issue 14). Its rules are built for size: the map reads positions only
/// to check the lesson files.
pub const HOME: Module = Module { name: "qitong_home", features: &["home", "compiled"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// The teacher pages' module: the app's and the lesson player's exports plus the `teacher` ones
/// (class ladder, PGN reading, perft).
/// Without the play page (`play`, a default feature): no teacher page mounts it.
pub const TEACHER: Module = Module { name: "qitong_teacher", features: &["teacher"], no_default_features: true, rules_opt_level: None };
/// The class ladder page (`mountLadder`): classroom points, levels and CSV without the boards, the
/// lessons or the validator of the teacher module, which ladder.html downloaded before (issue 27).
pub const LADDER: Module = Module { name: "qitong_ladder", features: &["ladder"], no_default_features: true, rules_opt_level: Some("\"z\"") };
/// The computer opponent (`computerMove`): the engine's search alone, which `www/computer-worker.js`
/// runs off the page's thread; only a page that plays the computer downloads it (issue 15). Its
/// rules are built for speed, as the engine is: it searches millions of positions.
pub const COMPUTER: Module = Module { name: "qitong_computer", features: &["computer"], no_default_features: true, rules_opt_level: None };
pub const MODULES: [Module; 11] = [ELEMENTS, CLOCK, APP, LESSONS, COURSE, COURSE_BASICS, BOARD_LESSONS, HOME, LADDER, TEACHER, COMPUTER];

/// A module as built into `www/pkg/`.
#[derive(Debug, Clone)]
pub struct Built {
    pub module: Module,
    pub size: WasmSize,
}

/// Builds every module (see [`MODULES`]) into a fresh `www/pkg/` and prints their sizes.
/// The dependencies are shared: only `qitong` itself compiles once per module.
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
/// others, each size printed with its ceiling (`test::WASM_GZIP_BUDGETS`) — for size work on one
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

/// Prints each module's gzipped size against its ceiling (`test::WASM_GZIP_BUDGETS`, which
/// `cargo xtask test` enforces); says whether all are within.
pub fn print_ceilings(built: &[Built]) -> bool {
    let mut all_within = true;
    for one in built {
        let Some(&(_, ceiling)) = crate::test::WASM_GZIP_BUDGETS.iter().find(|(m, _)| *m == one.module) else { continue };
        let within = one.size.gzip <= ceiling;
        all_within &= within;
        let verdict = if within { "within" } else { "OVER" };
        println!("{}: {} gzipped, {verdict} its ceiling of {}", one.module.wasm_file(), kilobytes(one.size.gzip), kilobytes(ceiling));
    }
    all_within
}

/// The module of that name (`qitong_course`), if any.
pub fn module_named(name: &str) -> Option<Module> {
    MODULES.into_iter().find(|m| m.name == name)
}

/// Builds `qitong` with the module's features for wasm32 in release mode, generates
/// `<out>/<name>.js` (+ `.d.ts`) and `<out>/<name>_bg.wasm` like `wasm-bindgen --target web`,
/// and prints the wasm's size.
fn build_module(root: &Path, module: Module, out: &Path) -> Result<Built> {
    let mut cmd = cargo(root);
    cmd.args(["build", "--package", "qitong", "--lib", "--release", "--target", WASM_TARGET]);
    if module.no_default_features {
        cmd.arg("--no-default-features");
    }
    if !module.features.is_empty() {
        cmd.args(["--features", &module.features.join(",")]);
    }
    if let Some(level) = module.rules_opt_level {
        cmd.args(["--config", &format!("profile.release.package.qitong-rules.opt-level={level}")]);
    }
    let status = cmd.status().context("running cargo build")?;
    if !status.success() {
        bail!("cargo build of the release wasm `{}` failed ({status})", module.name);
    }
    // Every module comes out of cargo under this one name: generate the bindings before the
    // next build overwrites it.
    let input = crate::target_dir(root)?.join(WASM_TARGET).join("release").join("qitong.wasm");
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
    let (wasm, merged) = crate::merge::merge_identical_functions(&wasm).with_context(|| format!("merging the identical functions of {}", path.display()))?;
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
    fn the_modules_differ_in_name_and_features() {
        assert_eq!(ELEMENTS.wasm_file(), "qitong_elements_bg.wasm");
        const { assert!(ELEMENTS.no_default_features, "the elements' module leaves the app's exports out") };
        assert_eq!(APP.wasm_file(), "qitong_bg.wasm");
        assert_eq!(LESSONS.wasm_file(), "qitong_lessons_bg.wasm");
        assert_eq!(TEACHER.wasm_file(), "qitong_teacher_bg.wasm");
        assert!(APP.features.is_empty() && !APP.no_default_features);
        assert_eq!(LESSONS.features, ["lessons"]);
        const { assert!(LESSONS.no_default_features, "the lesson player's module leaves the app's exports out") };
        assert_eq!(TEACHER.features, ["teacher"]);
        assert_eq!(BOARD_LESSONS.wasm_file(), "qitong_board_lessons_bg.wasm");
        assert_eq!(BOARD_LESSONS.features, ["lessons", "elements", "places"], "the lesson player and the board, in one module, lesson problems by their place");
        const { assert!(BOARD_LESSONS.no_default_features) };
        assert_eq!(CLOCK.wasm_file(), "qitong_clock_bg.wasm");
        assert!(CLOCK.features == ["clock"] && CLOCK.no_default_features, "the clock's module has nothing else");
        // Teachers' own TOML files get the full messages in the lessons module and the teacher
        // pages'; the site's own modules and the boards-and-lessons one show places only.
        for module in [LESSONS, TEACHER] {
            assert!(!module.features.contains(&"places") && !module.features.contains(&"compiled"), "{}", module.name);
        }
        for module in [COURSE, COURSE_BASICS, HOME, BOARD_LESSONS] {
            assert!(module.features.iter().any(|f| ["places", "compiled"].contains(f)), "{}", module.name);
        }
        assert_eq!(module_named("qitong_course"), Some(COURSE));
        // Only the basics module leaves kinds out: every other plays a teacher's own lessons.
        assert!(MODULES.iter().all(|m| m.features.contains(&"basics") == (*m == COURSE_BASICS)));
        assert_eq!(module_named("qitong_course_bg.wasm"), None);
    }

    #[test]
    fn sizes_print_in_kilobytes() {
        assert_eq!(kilobytes(1024), "1.0 KB");
        assert_eq!(WasmSize { raw: 81_920, gzip: 30_720 }.to_string(), "80.0 KB raw, 30.0 KB gzipped");
    }
}
