//! The one table of the wasm modules the site serves: each module's cargo features, what it
//! holds, which page loads it and its size ceiling. `cargo xtask build` builds from it, `cargo
//! xtask test` holds each module to its ceiling, and `cargo xtask codegen` writes README.md's
//! module table from it (issue 30: the README said six, eight and nine modules in three places).
//! How each ceiling came to be is in docs/size-history.md.

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

    pub fn ceiling_bytes(self) -> u64 {
        self.ceiling_kb * 1024
    }
}

const Z: Option<&str> = Some("\"z\"");

/// `<chess-board>` alone: what a class site's page with an embedded board downloads. Its rules
/// are built for size: a board asks for one position's moves at a time.
pub const ELEMENTS: Module = Module {
    name: "qitong_elements",
    features: &["elements"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 107,
    holds: "rules, classroom play, `<chess-board>` (`BoardWidget`) and nothing else",
    loaded_by: "`qitong-elements.js`: a class site's page with an embedded board, the embed guide, `frame.html?board`",
};
/// `<chess-clock>` alone, so that a page with only boards never downloads it and a page with
/// only a clock downloads no board.
pub const CLOCK: Module = Module {
    name: "qitong_clock",
    features: &["clock"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 45,
    holds: "`<chess-clock>` (`ClockElement`) alone",
    loaded_by: "`qitong-elements.js`, for a page with a clock; `frame.html?clock`",
};
/// The students' app: rules, classroom play, the boards and the pages' views (play, points).
pub const APP: Module = Module {
    name: "qitong",
    features: &[],
    no_default_features: false,
    rules_opt_level: None,
    ceiling_kb: 193,
    holds: "the board and clock plus `Game`, `ClassGame`, `Clock`, `mountBoard`, the play and points pages",
    loaded_by: "`play.html`, `points.html` and page scripts that use the JS API",
};
/// The lesson player for teachers' TOML files (`<chess-lesson>`, `<chess-quiz>` on a class page).
/// Its rules are built for size: a lesson asks for a few positions' moves, never a perft.
pub const LESSONS: Module = Module {
    name: "qitong_lessons",
    features: &["lessons"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 221,
    holds: "the lessons loader with its TOML reader and the lesson player on the board (`LessonPlayer`)",
    loaded_by: "`qitong-lesson-elements.js`, when the first lesson or quiz connects on a class page",
};
/// The lesson player of the site's own course: it reads the compiled lesson files the site ships
/// (`xtask/src/compiled.rs`), so it has no TOML reader.
pub const COURSE: Module = Module {
    name: "qitong_course",
    features: &["lessons", "compiled"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 204,
    holds: "the same player reading the site's compiled lesson files (no TOML reader), and the course index",
    loaded_by: "`lesson.html`, for a lesson with a step kind the basics module leaves out",
};
/// The course's basics: `qitong_course` with only the step kinds of the board, set-up and piece
/// stages, what `lesson.html` loads first (issue 27: the first lesson page within 200 KB).
pub const COURSE_BASICS: Module = Module {
    name: "qitong_course_basics",
    features: &["lessons", "compiled", "basics"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 178,
    holds: "the course's player with only the basic step kinds (the others are `LeftOut`); another kind fires `need-module`",
    loaded_by: "`lesson.html` first: the stage map and the stages in `BASIC_STAGES`",
};
/// The boards and the lesson player in one module, for a class page with both in its markup:
/// one copy of the rules and of the board instead of two. Its lesson problems are shown by their
/// place only (`places`): the teacher reads why on check.html.
pub const BOARD_LESSONS: Module = Module {
    name: "qitong_board_lessons",
    features: &["lessons", "elements", "places"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 229,
    holds: "`LessonPlayer` and `BoardWidget` sharing one copy of the rules and of the board",
    loaded_by: "a class page with both `<chess-board>` and a lesson element in its markup",
};
/// `qitong_board_lessons` with only the basic step kinds: what a class page with a board and a
/// lesson element starts with (issue 30: a board and a quiz within 230 KB). A lesson with another
/// kind makes the player ask for `qitong_board_lessons` (`need-module`); the boards stay here.
pub const BOARD_LESSONS_BASICS: Module = Module {
    name: "qitong_board_lessons_basics",
    features: &["lessons", "elements", "places", "basics"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 204,
    holds: "`qitong_board_lessons` with only the basic step kinds; another kind fires `need-module`",
    loaded_by: "a class page with both `<chess-board>` and a lesson element in its markup, first",
};
/// The home page's and the certificates' module: the course map without the board or the player.
pub const HOME: Module = Module {
    name: "qitong_home",
    features: &["home", "compiled"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 93,
    holds: "the course map and certificates drawn from the course index (`mountHome`)",
    loaded_by: "`index.html`, `certificate.html`",
};
/// The class ladder page alone: classroom points, levels and CSV without the teacher module.
pub const LADDER: Module = Module {
    name: "qitong_ladder",
    features: &["ladder"],
    no_default_features: true,
    rules_opt_level: Z,
    ceiling_kb: 82,
    holds: "the class ladder page (`mountLadder`: points, levels, CSV and its encodings)",
    loaded_by: "`ladder.html`",
};
/// The teacher pages' module: the app's and the lesson player's exports plus the teacher ones.
/// Without the play page (`play`, a default feature): no teacher page mounts it.
pub const TEACHER: Module = Module {
    name: "qitong_teacher",
    features: &["teacher"],
    no_default_features: true,
    rules_opt_level: None,
    ceiling_kb: 384,
    holds: "everything above but the play page, plus `Ladder`, `pointsAward`, `Game.loadPgn`, `perft`, `mountCheck`",
    loaded_by: "the teacher pages (`check.html` and its `check-worker.js`, `perft-worker.js`) and scripts",
};
/// The computer opponent: the engine's search alone, run by `www/computer-worker.js` off the
/// page's thread. Its rules are built for speed, as the engine is.
pub const COMPUTER: Module = Module {
    name: "qitong_computer",
    features: &["computer"],
    no_default_features: true,
    rules_opt_level: None,
    ceiling_kb: 49,
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
    let mut out = String::from("| module (`www/pkg/`) | cargo features | holds | loaded by | ceiling (gzipped) |\n| --- | --- | --- | --- | --- |\n");
    for m in MODULES {
        let mut features: Vec<String> = m.features.iter().map(|f| format!("`{f}`")).collect();
        if !m.no_default_features {
            features.insert(0, "default".into());
        }
        out.push_str(&format!(
            "| `{}.js` + `{}` | {} | {} | {} | {} KB |\n",
            m.name,
            m.wasm_file(),
            features.join(", "),
            m.holds,
            m.loaded_by,
            m.ceiling_kb
        ));
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
        assert!(table.contains("| `qitong.js` + `qitong_bg.wasm` | default |"));
        assert!(table.contains("`lessons`, `compiled`, `basics`"));
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
        assert_eq!(
            BOARD_LESSONS.features,
            ["lessons", "elements", "places"],
            "the lesson player and the board, in one module, lesson problems by their place"
        );
        const { assert!(BOARD_LESSONS.no_default_features) };
        assert_eq!(CLOCK.wasm_file(), "qitong_clock_bg.wasm");
        assert!(CLOCK.features == ["clock"] && CLOCK.no_default_features, "the clock's module has nothing else");
        // Teachers' own TOML files get the full messages in the lessons module and the teacher
        // pages'; the site's own modules and the boards-and-lessons one show places only.
        for module in [LESSONS, TEACHER] {
            assert!(!module.features.contains(&"places") && !module.features.contains(&"compiled"), "{}", module.name);
        }
        for module in [COURSE, COURSE_BASICS, HOME, BOARD_LESSONS, BOARD_LESSONS_BASICS] {
            assert!(module.features.iter().any(|f| ["places", "compiled"].contains(f)), "{}", module.name);
        }
        assert_eq!(module_named("qitong_course"), Some(COURSE));
        // Only the two basics modules leave kinds out, each with the module a lesson of another
        // kind asks for (`need-module`) beside it; every other plays a teacher's own lessons.
        assert!(MODULES.iter().all(|m| m.features.contains(&"basics") == [COURSE_BASICS, BOARD_LESSONS_BASICS].contains(m)));
        for (basics, every_kind) in [(COURSE_BASICS, COURSE), (BOARD_LESSONS_BASICS, BOARD_LESSONS)] {
            assert_eq!(basics.features.iter().filter(|f| **f != "basics").collect::<Vec<_>>(), every_kind.features.iter().collect::<Vec<_>>());
        }
        assert_eq!(module_named("qitong_course_bg.wasm"), None);
    }
}
