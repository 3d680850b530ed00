//! The kind table is complete: every row's name loads a step of its kind from the module's
//! sample, the sample validates as a lesson, the row's facts agree with its machine, and its
//! labels are there in both languages (and in `lessons/FORMAT.md` §4).

use super::testing::one_step;
use super::{Exercise, Needs, KINDS, SAMPLES, TABLE};
use crate::feedback::Status;
use crate::text::is_han;
use crate::validate::validate_lesson;

const FORMAT: &str = include_str!("../../../../lessons/FORMAT.md");

fn lesson(name: &str, sample: &str) -> String {
    format!("title = {{ zh = \"测试\", en = \"Test\" }}\n[[step]]\nkind = \"{name}\"\n{sample}")
}

#[test]
fn every_row_loads_validates_and_is_labelled() {
    assert_eq!((TABLE.len(), SAMPLES.len()), (KINDS.len(), KINDS.len()));
    for (row, sample) in TABLE.iter().zip(SAMPLES) {
        let name = row.name;
        let step = one_step(&format!("kind = \"{name}\"\n{sample}"));
        assert_eq!(step.kind.name(), name);
        assert_eq!(step.kind.info(), row);
        assert_eq!(step.kind.is_scored(), row.scored, "{name}");
        let board_needed = !matches!(row.needs, Needs::OwnFen | Needs::OptionalBoard);
        assert!(step.scene.position.is_some() || !board_needed, "{name}: no board");
        let exercise = Exercise::new(&step);
        assert_eq!((exercise.info(), exercise.status()), (row, Status::Active), "{name}");
        assert!(validate_lesson("test/test.toml", &lesson(name, sample)).is_empty(), "{name}: the sample does not validate");
        for (label, what) in [(row.label, "label"), (row.prompt, "prompt")] {
            let both = !label.zh.is_empty() && !label.en.is_empty();
            assert!(both || (what == "prompt" && label.en.is_empty() && label.zh.is_empty()), "{name}: {what} in one language only");
            assert!(label.zh.is_empty() || label.zh.chars().any(is_han), "{name}: the zh {what} is not Chinese");
        }
        assert!(!row.label.zh.is_empty(), "{name}: no label");
        let doc = format!("| `{name}` | {} | {} |", row.label.zh, row.label.en);
        assert!(FORMAT.contains(&doc), "lessons/FORMAT.md §4 lacks the row {doc}");
    }
}

#[test]
fn a_misspelt_kind_is_refused_with_the_closest_name() {
    let errors = super::testing::errors_of("kind = \"star-dril\"\n");
    assert_eq!(errors, ["1: step 1: there is no step kind \"star-dril\" — did you mean \"star-drill\"?"]);
    let errors = super::testing::errors_of("kind = \"zzzzzzzzzzzz\"\n");
    assert_eq!(errors, [format!("1: step 1: there is no step kind \"zzzzzzzzzzzz\"; the kinds are: {}", KINDS.join(", "))]);
}

/// The code of a source file without its `mod tests` (tests may use the whole crate).
fn code_of(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

#[test]
fn imports_go_one_way_from_the_loader_to_the_kinds() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let loader = ["model", "course", "validate", "messages", "progress", "Lesson"];
    let mut kinds: Vec<_> = std::fs::read_dir(src.join("kinds")).expect("src/kinds").filter_map(Result::ok).map(|e| e.path()).collect();
    kinds.retain(|p| p.extension().is_some_and(|x| x == "rs") && !p.ends_with("testing.rs") && !p.ends_with("table_tests.rs"));
    assert!(kinds.len() > TABLE.len() / 2, "{kinds:?}");
    for path in &kinds {
        let code = code_of(path);
        for name in loader {
            for prefix in ["crate::", "super::", "super::super::"] {
                assert!(!code.contains(&format!("{prefix}{name}")), "{} imports {prefix}{name}", path.display());
            }
        }
    }
    for below in ["error.rs", "read.rs", "scene.rs", "text.rs", "feedback.rs", "messages.rs"] {
        let code = code_of(&src.join(below));
        assert!(!code.contains("kinds::") && !code.contains("model::"), "{below} imports the kinds or the loader");
    }
}
