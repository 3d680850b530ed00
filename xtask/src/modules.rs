//! The one table of the wasm modules the site serves: each module's crate (`web/modules/`), what it
//! holds, which page loads it and its size ceiling. `cargo xtask build` builds from it, `cargo
//! xtask test` holds each module to its ceiling, and `cargo xtask codegen` writes README.md's
//! module table from it (issue 30: the README said six, eight and nine modules in three places).
//! How each ceiling came to be is in docs/size-history.md.

/// One of the wasm modules the site serves, each built from its own thin cdylib crate under
/// `web/modules/` (which export crates it links, the choices it passes at its start) and named by
/// its wasm-bindgen `out_name`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Module {
    /// `www/pkg/<name>.js` and `www/pkg/<name>_bg.wasm`.
    pub name: &'static str,
    /// Its crate's package name (`web/modules/<dir>`: `qitong-module-<dir>`).
    pub package: &'static str,
    /// The rules crate's opt-level when it is not the workspace's 3 (Cargo.toml), as a TOML value
    /// for cargo's `--config` (`"z"`, quotes included).
    pub rules_opt_level: Option<&'static str>,
    /// Its gzipped size may not pass this many KB (1 KB = 1024 bytes): the size measured when it
    /// last grew on purpose plus about 1 KB. The budgets that count are per page
    /// (`tests/e2e/budgets.test.mjs`).
    pub ceiling_kb: u64,
    /// What is in it, for the README's table.
    pub holds: &'static str,
    /// Who downloads it, for the README's table.
    pub loaded_by: &'static str,
}

impl Module {
    pub fn wasm_file(self) -> String {
        format!("{}_bg.wasm", self.name)
    }

    /// The file cargo writes for its package (`qitong_module_course.wasm`).
    pub fn cargo_wasm_file(self) -> String {
        format!("{}.wasm", self.package.replace('-', "_"))
    }

    pub fn ceiling_bytes(self) -> u64 {
        self.ceiling_kb * 1024
    }
}

const Z: Option<&str> = Some("\"z\"");

/// `<chess-board>` alone: what a class site's page with an embedded board downloads. Its rules
/// are built for size: a board asks for one position's moves at a time.
pub const ELEMENTS: Module = Module {
    name: "qitong_elements",
    package: "qitong-module-elements",
    rules_opt_level: Z,
    ceiling_kb: 101,
    holds: "rules, classroom play, `<chess-board>` (`BoardWidget`) and nothing else",
    loaded_by: "`qitong-elements.js`: a class site's page with an embedded board, the embed guide, `frame.html?board`",
};
/// `<chess-clock>` alone, so that a page with only boards never downloads it and a page with
/// only a clock downloads no board.
pub const CLOCK: Module = Module {
    name: "qitong_clock",
    package: "qitong-module-clock",
    rules_opt_level: Z,
    ceiling_kb: 36,
    holds: "`<chess-clock>` (`ClockElement`) alone",
    loaded_by: "`qitong-elements.js`, for a page with a clock; `frame.html?clock`",
};
/// The students' app: rules, classroom play, the boards and the pages' views (play, points).
pub const APP: Module = Module {
    name: "qitong",
    package: "qitong-module-app",
    rules_opt_level: None,
    ceiling_kb: 190,
    holds: "the board and clock plus `Game`, `ClassGame`, `Clock`, `mountBoard`, the play and points pages",
    loaded_by: "`play.html`, `points.html` and page scripts that use the JS API",
};
/// The lesson player for teachers' TOML files (`<chess-lesson>`, `<chess-quiz>` on a class page).
/// Its rules are built for size: a lesson asks for a few positions' moves, never a perft.
pub const LESSONS: Module = Module {
    name: "qitong_lessons",
    package: "qitong-module-lessons",
    rules_opt_level: Z,
    ceiling_kb: 216,
    holds: "the lessons loader with its TOML reader and the lesson player on the board (`LessonPlayer`)",
    loaded_by: "`qitong-lesson-elements.js`, when the first lesson or quiz connects on a class page",
};
/// The lesson player of the site's own course: it reads the compiled lesson files the site ships
/// (`xtask/src/compiled.rs`), so it has no TOML reader.
pub const COURSE: Module = Module {
    name: "qitong_course",
    package: "qitong-module-course",
    rules_opt_level: Z,
    ceiling_kb: 197,
    holds: "the same player reading the site's compiled lesson files (no TOML reader), and the course index",
    loaded_by: "`lesson.html`, for a lesson with a step kind the basics module leaves out",
};
/// The course's basics: `qitong_course` with only the step kinds of the board, set-up and piece
/// stages, what `lesson.html` loads first (issue 27: the first lesson page within 200 KB).
pub const COURSE_BASICS: Module = Module {
    name: "qitong_course_basics",
    package: "qitong-module-course-basics",
    rules_opt_level: Z,
    ceiling_kb: 173,
    holds: "the course's player with only the basic step kinds (the others are `LeftOut`); another kind fires `need-module`",
    loaded_by: "`lesson.html` first: the stage map and the stages in `BASIC_STAGES`",
};
/// The boards and the lesson player in one module, for a class page with both in its markup:
/// one copy of the rules and of the board instead of two. Its lesson problems are shown by their
/// place only (`LessonForm::TEACHERS_BY_PLACE`): the teacher reads why on check.html.
pub const BOARD_LESSONS: Module = Module {
    name: "qitong_board_lessons",
    package: "qitong-module-board-lessons",
    rules_opt_level: Z,
    ceiling_kb: 226,
    holds: "`LessonPlayer` and `BoardWidget` sharing one copy of the rules and of the board",
    loaded_by: "a class page with both `<chess-board>` and a lesson element in its markup",
};
/// `qitong_board_lessons` with only the basic step kinds: what a class page with a board and a
/// lesson element starts with (issue 30: a board and a quiz within 230 KB). A lesson with another
/// kind makes the player ask for `qitong_board_lessons` (`need-module`); the boards stay here.
pub const BOARD_LESSONS_BASICS: Module = Module {
    name: "qitong_board_lessons_basics",
    package: "qitong-module-board-lessons-basics",
    rules_opt_level: Z,
    ceiling_kb: 202,
    holds: "`qitong_board_lessons` with only the basic step kinds; another kind fires `need-module`",
    loaded_by: "a class page with both `<chess-board>` and a lesson element in its markup, first",
};
/// The home page's and the certificates' module: the course map without the board or the player.
pub const HOME: Module = Module {
    name: "qitong_home",
    package: "qitong-module-home",
    rules_opt_level: Z,
    ceiling_kb: 89,
    holds: "the course map and certificates drawn from the course index (`mountHome`)",
    loaded_by: "`index.html`, `certificate.html`",
};
/// The class ladder page alone: classroom points, levels and CSV without the teacher module.
pub const LADDER: Module = Module {
    name: "qitong_ladder",
    package: "qitong-module-ladder",
    rules_opt_level: Z,
    ceiling_kb: 77,
    holds: "the class ladder page (`mountLadder`: points, levels, CSV and its encodings)",
    loaded_by: "`ladder.html`",
};
/// The teacher pages' module: the app's and the lesson player's exports plus the teacher ones.
/// Without the play page (`play`, a default feature): no teacher page mounts it.
pub const TEACHER: Module = Module {
    name: "qitong_teacher",
    package: "qitong-module-teacher",
    rules_opt_level: None,
    ceiling_kb: 376,
    holds: "everything above but the play page, plus `Ladder`, `pointsAward`, `Game.loadPgn`, `perft`, `mountCheck`",
    loaded_by: "the teacher pages (`check.html` and its `check-worker.js`, `perft-worker.js`) and scripts",
};
/// The computer opponent: the engine's search alone, run by `www/computer-worker.js` off the
/// page's thread. Its rules are built for speed, as the engine is.
pub const COMPUTER: Module = Module {
    name: "qitong_computer",
    package: "qitong-module-computer",
    rules_opt_level: None,
    ceiling_kb: 45,
    holds: "the engine's search alone (`computerMove`, `newGame`)",
    loaded_by: "`computer-worker.js`, on a page's first question to the computer",
};

/// Every module, in the order they are built and listed.
pub const MODULES: [Module; 12] =
    [ELEMENTS, CLOCK, APP, LESSONS, COURSE, COURSE_BASICS, BOARD_LESSONS, BOARD_LESSONS_BASICS, HOME, LADDER, TEACHER, COMPUTER];

/// The module of that name (`qitong_course`), if any.
pub fn module_named(name: &str) -> Option<Module> {
    MODULES.into_iter().find(|m| m.name == name)
}

/// README.md's table of the modules (a generated region).
pub fn readme_table() -> String {
    let mut out =
        String::from("| module (`www/pkg/`) | crate (`web/modules/`) | holds | loaded by | ceiling (gzipped) |\n| --- | --- | --- | --- | --- |\n");
    for m in MODULES {
        out.push_str(&format!("| `{}.js` + `{}` | `{}` | {} | {} | {} KB |\n", m.name, m.wasm_file(), m.package, m.holds, m.loaded_by, m.ceiling_kb));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for m in MODULES {
            assert_eq!(module_named(m.name), Some(m));
            assert_eq!(MODULES.iter().filter(|o| o.name == m.name).count(), 1, "{}", m.name);
        }
        assert_eq!(module_named("nope"), None);
    }

    #[test]
    fn the_readme_table_has_a_row_per_module() {
        let table = readme_table();
        assert_eq!(table.lines().count(), 2 + MODULES.len());
        assert!(table.contains("| `qitong.js` + `qitong_bg.wasm` | `qitong-module-app` |"));
    }

    #[test]
    fn each_module_is_its_own_crate() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace");
        for m in MODULES {
            assert_eq!(MODULES.iter().filter(|o| o.package == m.package).count(), 1, "{}", m.name);
            let dir = m.package.strip_prefix("qitong-module-").expect("named qitong-module-<dir>");
            let manifest = std::fs::read_to_string(root.join("web/modules").join(dir).join("Cargo.toml")).expect("its Cargo.toml");
            assert!(manifest.contains(&format!("name = \"{}\"", m.package)), "{}", m.name);
            assert!(manifest.contains("crate-type = [\"cdylib\"]"), "{}", m.name);
        }
        assert_eq!(COURSE.cargo_wasm_file(), "qitong_module_course.wasm");
        assert_eq!(BOARD_LESSONS.wasm_file(), "qitong_board_lessons_bg.wasm");
        assert_eq!(APP.wasm_file(), "qitong_bg.wasm");
        assert_eq!(module_named("qitong_course"), Some(COURSE));
        assert_eq!(module_named("qitong_course_bg.wasm"), None);
    }

    /// The choices the features made are each module's own now, passed at its start: its lesson
    /// form and the step kinds its lesson player plays (issue 30: no cargo feature).
    #[test]
    fn the_modules_choose_their_lesson_form_and_kinds() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace");
        let read = |m: Module, file: &str| {
            let dir = m.package.strip_prefix("qitong-module-").expect("named qitong-module-<dir>");
            std::fs::read_to_string(root.join("web/modules").join(dir).join(file)).expect("its file")
        };
        // Teachers' own TOML files get the full messages in the lessons module and the teacher
        // pages'; the site's own modules and the boards-and-lessons ones show places only, and
        // keep them so (the form's `Problems::BY_PLACE`): no cargo feature says it.
        for (m, form) in [(LESSONS, "TEACHERS)"), (TEACHER, "TEACHERS)"), (COURSE, "SITE)"), (COURSE_BASICS, "SITE)"), (HOME, "SITE)")]
            .into_iter()
            .chain([BOARD_LESSONS, BOARD_LESSONS_BASICS].map(|m| (m, "TEACHERS_BY_PLACE)")))
        {
            assert!(read(m, "src/lib.rs").contains(&format!("LessonForm::{form}")), "{}", m.name);
            assert!(!read(m, "Cargo.toml").contains("features"), "{}", m.name);
        }
        // Only the two basics modules leave kinds out, each with the module a lesson of another
        // kind asks for (`need-module`) beside it; every module with the lesson player chooses.
        for m in MODULES {
            let (source, manifest) = (read(m, "src/lib.rs"), read(m, "Cargo.toml"));
            let kinds =
                ["Basics", "Every"].into_iter().find(|k| source.contains(&format!("qitong_lesson_element::play::<qitong_lesson_element::{k}>()")));
            let basics = [COURSE_BASICS, BOARD_LESSONS_BASICS].contains(&m);
            let player = manifest.contains("qitong-lesson-element");
            assert_eq!(kinds, player.then_some(if basics { "Basics" } else { "Every" }), "{}", m.name);
            assert!(!manifest.contains("features"), "{}", m.name);
        }
    }
}
