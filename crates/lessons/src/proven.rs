//! How each step of a course was proven (issue 28 §5: `cargo xtask lessons` prints, per kind, how
//! many steps were proven and how): the search, the engine, the exact mate table or the rules
//! core, by what the validator ran on the step. Steps of the reading kinds (and quizzes, votes,
//! points) have words to check, nothing to prove. Native only, like the proofs themselves.

use super::course::Course;
use super::error::ValidationError;
use super::kinds::{puzzle, vs_computer, Step, StepKind};

/// The way one step was proven, or `None` for a step with nothing to prove.
pub fn how(step: &Step) -> Option<&'static str> {
    Some(match &step.kind {
        StepKind::StarDrill(_) => "search of every move order (stars within par and limit)",
        StepKind::Paint(_) => "search of the piece's routes (par)",
        StepKind::Puzzle(spec) => match spec.goal {
            puzzle::Goal::Safe | puzzle::Goal::Win { .. } => "search of every reply, then the engine's line at depth 7",
            puzzle::Goal::Check | puzzle::Goal::Mate => "search of every reply",
        },
        StepKind::VsComputer(spec) => {
            let bare = spec.start.board().by_color(!spec.side).count() == 1;
            match spec.goal {
                vs_computer::Goal::Checkmate if bare && vs_computer::distance::perfect_mate(&spec.start, spec.side).is_some() => {
                    "engine against engine, par against the exact mate table"
                }
                vs_computer::Goal::Checkmate if bare => "engine against engine, par against the engine's count",
                vs_computer::Goal::Draw => "engine against a stubborn engine defence",
                _ => "engine against engine at full strength",
            }
        }
        StepKind::MateInOne(_) | StepKind::EscapeCheck(_) | StepKind::IsStalemate(_) | StepKind::LegalOrNot(_) => "rules core: every legal move",
        StepKind::SpecialMove(_) | StepKind::FindAllMoves(_) | StepKind::TapSquares(_) | StepKind::SetupBoard(_) => {
            "rules core: the squares and moves asked for"
        }
        StepKind::WriteSan(_) | StepKind::Demo(_) | StepKind::ClassPlay(_) => "rules core: every move played, its notation",
        StepKind::Verse(_) | StepKind::Narration(_) | StepKind::Quiz(_) | StepKind::ClassVote(_) | StepKind::PointsCalculator(_) => return None,
    })
}

/// Per kind, in the kinds' table order: the steps proven (no error reported at them) by each
/// way, and the steps with nothing to prove or with errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindCount {
    /// The kind's name (`puzzle`).
    pub kind: &'static str,
    /// Each way and its steps.
    pub proven: Vec<(&'static str, usize)>,
    /// Steps with nothing to prove.
    pub unproven: usize,
    /// Steps the validator reported.
    pub failed: usize,
}

/// The count of `course`'s lessons that loaded, with `errors` (the validator's) marking failures.
pub fn by_kind(course: &Course, errors: &[ValidationError]) -> Vec<KindCount> {
    let mut counts: Vec<KindCount> = Vec::new();
    for (_, entry) in course.entries() {
        let Ok(lesson) = &entry.lesson else { continue };
        for step in &lesson.steps {
            let kind = step.kind.info().name;
            let i = counts.iter().position(|c| c.kind == kind).unwrap_or_else(|| {
                counts.push(KindCount { kind, proven: Vec::new(), unproven: 0, failed: 0 });
                counts.len() - 1
            });
            let count = &mut counts[i];
            if errors.iter().any(|e| e.file == entry.file && e.step == Some(step.number)) {
                count.failed += 1;
            } else if let Some(way) = how(step) {
                match count.proven.iter_mut().find(|(w, _)| *w == way) {
                    Some((_, n)) => *n += 1,
                    None => count.proven.push((way, 1)),
                }
            } else {
                count.unproven += 1;
            }
        }
    }
    let order = |kind: &str| super::kinds::KINDS.iter().position(|k| *k == kind);
    counts.sort_by_key(|c| order(c.kind));
    counts
}

impl core::fmt::Display for KindCount {
    /// `puzzle: 31 proven (20 by search of every reply, …), 2 with errors`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let proven: usize = self.proven.iter().map(|(_, n)| n).sum();
        let mut parts = Vec::new();
        if proven > 0 {
            let ways: Vec<String> = self.proven.iter().map(|(w, n)| format!("{n} by {w}")).collect();
            parts.push(format!("{proven} proven ({})", ways.join("; ")));
        }
        if self.unproven > 0 {
            parts.push(format!("{} with nothing to prove (words)", self.unproven));
        }
        if self.failed > 0 {
            parts.push(format!("{} with errors", self.failed));
        }
        write!(f, "{}: {}", self.kind, parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_counts_its_steps_by_the_way_they_were_proven() {
        let course = "title = { zh = \"课\", en = \"Course\" }\n[[stage]]\nid = \"a\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"l\"]\n";
        let lesson = "title = { zh = \"课\", en = \"L\" }\n[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n[[step]]\nkind = \"mate-in-one\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\n[[step]]\nkind = \"vs-computer\"\nfen = \"8/8/6k1/8/8/5R2/8/1K6 w - - 0 1\"\ngoal = \"checkmate\"\nmoves = 24\n";
        let files = |name: &str| match name {
            "course.toml" => Some(course.to_string()),
            "a/l.toml" => Some(lesson.to_string()),
            _ => None,
        };
        let loaded = Course::load(files).expect("course");
        let shown: Vec<String> = by_kind(&loaded, &[]).iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "narration: 1 with nothing to prove (words)",
                "mate-in-one: 1 proven (1 by rules core: every legal move)",
                "vs-computer: 1 proven (1 by engine against engine, par against the exact mate table)",
            ]
        );
        let error = ValidationError::new("a/l.toml", 8, Some(2), crate::ErrorKind::NoMateInOne);
        assert_eq!(by_kind(&loaded, &[error])[1].to_string(), "mate-in-one: 1 with errors");
    }
}
