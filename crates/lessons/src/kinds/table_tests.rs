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
