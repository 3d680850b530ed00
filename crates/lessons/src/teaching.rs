//! What the course teaches where (issue 28 §5): each stage of `course.toml` may say what it
//! teaches (`teaches = ["check", "checkmate"]`), and a step that asks for something a later stage
//! teaches — a promotion in the pawn's star drill, a rook mate before the basic mates, a move to
//! write down before notation — is reported at its step. What a step asks for is read from the
//! step itself (its kind, goal, position and answers), never from its words. A concept that no
//! stage declares is not checked: a course without `teaches` (a class's own) is left as it is.
//! Native only: the validator's, not the player's.

use super::course::{Course, COURSE_FILE};
use super::error::{ErrorKind, Expect, ValidationError};
use super::kinds::{puzzle, special_move::Special, vs_computer, Step, StepKind};
use qitong_format::toml::{self, ValueKind};
use qitong_rules::{Rank, Square};

/// The concepts a stage may declare, in the course's order.
pub const CONCEPTS: &[&str] = &["promotion", "castling", "en-passant", "check", "checkmate", "stalemate", "basic-mates", "notation"];

/// What `step` asks the child to do or know: the concepts of [`CONCEPTS`] it uses. Reading
/// steps (verse, narration, demo, quiz, vote) explain and may name anything.
pub fn uses(step: &Step) -> Vec<&'static str> {
    let mut used = Vec::new();
    let info = step.kind.info();
    // A position where the child must answer a check (king/safety 4 started so, issue 28).
    if info.acts && step.scene.position.is_some_and(|p| p.is_check()) {
        used.push("check");
    }
    match &step.kind {
        StepKind::EscapeCheck(_) => used.push("check"),
        StepKind::MateInOne(_) => used.push("checkmate"),
        StepKind::IsStalemate(_) => used.extend(["checkmate", "stalemate"]),
        StepKind::WriteSan(_) => used.push("notation"),
        StepKind::SpecialMove(spec) => match spec.special {
            Some(Special::Castle) => used.push("castling"),
            Some(Special::EnPassant) => used.push("en-passant"),
            Some(Special::Promotion) => used.push("promotion"),
            None => {}
        },
        StepKind::Puzzle(spec) => used.push(match spec.goal {
            puzzle::Goal::Check => "check",
            puzzle::Goal::Mate => "checkmate",
            puzzle::Goal::Win { .. } | puzzle::Goal::Safe => return used,
        }),
        StepKind::VsComputer(spec) => {
            let bare = spec.start.board().by_color(!spec.side).count() == 1;
            match spec.goal {
                vs_computer::Goal::Checkmate if bare => used.extend(["checkmate", "basic-mates"]),
                vs_computer::Goal::Checkmate => used.push("checkmate"),
                vs_computer::Goal::Promote => used.push("promotion"),
                vs_computer::Goal::Draw => used.push("stalemate"),
                _ => {}
            }
        }
        StepKind::StarDrill(spec) => {
            // A star on the last row that a pawn of the child's may reach: it must promote there.
            let side = spec.start.turn();
            let board = spec.start.board();
            let last = Rank::EIGHTH.relative(side);
            let pawns = board.pawns() & board.by_color(side);
            let movers = spec.movers.map_or(pawns, |m| m & pawns);
            if !movers.is_empty() && Iterator::any(&mut spec.stars.into_iter(), |sq: Square| sq.rank() == last) {
                used.push("promotion");
            }
        }
        _ => {}
    }
    used
}

/// Each stage's declared concepts with their lines, as `course.toml` (its text `src`) gives them;
/// unknown names are reported into `errors`.
fn declared(src: &str, errors: &mut Vec<ValidationError>) -> Vec<(String, Vec<&'static str>)> {
    let Ok(top) = toml::parse(src) else { return Vec::new() };
    let Some(ValueKind::Array(stages)) = top.get("stage").map(|v| &v.kind) else { return Vec::new() };
    let mut out = Vec::new();
    for stage in stages {
        let ValueKind::Table(table) = &stage.kind else { continue };
        let Some(ValueKind::String(id)) = table.get("id").map(|v| &v.kind) else { continue };
        let mut concepts = Vec::new();
        if let Some(ValueKind::Array(items)) = table.get("teaches").map(|v| &v.kind) {
            for item in items {
                let ValueKind::String(name) = &item.kind else {
                    errors.push(ValidationError::new(
                        COURSE_FILE,
                        item.line,
                        None,
                        ErrorKind::BadValue { key: "teaches", value: String::new(), expected: Expect::Concept },
                    ));
                    continue;
                };
                match CONCEPTS.iter().find(|c| **c == name.trim()) {
                    Some(c) => concepts.push(*c),
                    None => errors.push(ValidationError::new(
                        COURSE_FILE,
                        item.line,
                        None,
                        ErrorKind::BadValue { key: "teaches", value: name.clone(), expected: Expect::Concept },
                    )),
                }
            }
        }
        out.push((id.trim().to_owned(), concepts));
    }
    out
}

/// The steps of `course` that use a concept before the stage that teaches it, and the course
/// file's unknown concepts. `src`: the text of `course.toml`.
pub fn check(course: &Course, src: &str) -> Vec<ValidationError> {
    let mut errors = Vec::new();
    let declared = declared(src, &mut errors);
    let teacher = |concept: &str| declared.iter().position(|(_, c)| c.contains(&concept));
    for stage in &course.stages {
        let here = declared.iter().position(|(id, _)| *id == stage.id);
        for entry in &stage.lessons {
            let Ok(lesson) = &entry.lesson else { continue };
            for step in &lesson.steps {
                for concept in uses(step) {
                    let Some(taught) = teacher(concept) else { continue };
                    if here.is_some_and(|h| h < taught) {
                        let stage = declared[taught].0.clone();
                        errors.push(ValidationError::new(&entry.file, step.line, Some(step.number), ErrorKind::TaughtLater { concept, stage }));
                    }
                }
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    const COURSE: &str = "title = { zh = \"课\", en = \"Course\" }\n[[stage]]\nid = \"a\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"mate\"]\n[[stage]]\nid = \"b\"\ntitle = { zh = \"二\", en = \"Two\" }\nteaches = [\"checkmate\", \"castles\"]\nlessons = [\"more\"]\n";
    const MATE: &str = "title = { zh = \"将杀\", en = \"Mate\" }\n[[step]]\nkind = \"mate-in-one\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\n";

    #[test]
    fn a_step_before_its_concept_is_taught_is_reported_and_unknown_names_too() {
        let files = |name: &str| match name {
            "course.toml" => Some(COURSE.to_string()),
            "a/mate.toml" | "b/more.toml" => Some(MATE.to_string()),
            _ => None,
        };
        let course = Course::load(files).expect("course");
        let shown: Vec<String> = check(&course, COURSE).iter().map(ToString::to_string).collect();
        assert_eq!(shown, [
            "course.toml:9: \"teaches\" = \"castles\" cannot be read: expected promotion, castling, en-passant, check, checkmate, stalemate, basic-mates or notation",
            "a/mate.toml:2: step 1: this step asks for checkmate, which stage \"b\" teaches later: move the step after it, or the stage before",
        ]);
    }

    #[test]
    fn the_steps_issue_28_found_say_what_they_use() {
        use crate::kinds::testing::one_step;
        // pawn/dodge 3 as it was: the star on g8 makes the pawn promote.
        let pawn = one_step("kind = \"star-drill\"\nfen = \"k7/8/8/8/8/8/6P1/8\"\ndrill = true\nstars = [\"g8\"]\nreplies = [\"a8b8\", \"b8a8\", \"a8b8\", \"b8a8\", \"a8b8\"]\n");
        assert_eq!(uses(&pawn), ["promotion"]);
        let fixed = one_step("kind = \"star-drill\"\nfen = \"k7/8/8/8/8/8/6P1/8\"\ndrill = true\nstars = [\"g7\"]\nreplies = [\"a8b8\", \"b8a8\", \"a8b8\", \"b8a8\", \"a8b8\"]\n");
        assert!(uses(&fixed).is_empty());
        // king/safety 4 as it was: the knight on g1 checks the king.
        let king = one_step("kind = \"find-all-moves\"\nfen = \"8/8/8/8/1b6/8/4K3/6n1\"\ndrill = true\nsquare = \"e2\"\n");
        assert_eq!(uses(&king), ["check"]);
        // endings/computer's queen mate: a basic mate.
        let queen = one_step("kind = \"vs-computer\"\nfen = \"8/8/8/4k3/8/8/8/4K2Q w - - 0 1\"\ngoal = \"checkmate\"\nmoves = 14\n");
        assert_eq!(uses(&queen), ["checkmate", "basic-mates"]);
    }
}
