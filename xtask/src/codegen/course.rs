//! What the site's shell knows of the course before its wasm module arrives: the stages that the
//! basics module (`qitong_course_basics`, kind set `Basics`) plays whole, every step of every
//! lesson of a basic kind (`Kind::basic`), so that a deep link into another stage starts
//! `qitong_course` at once instead of both modules one after the other.

use anyhow::{anyhow, Result};
use std::path::Path;

/// `const BASIC_STAGES = ['board', …];` for `www/qitong-lesson-elements.js`, in course order.
pub fn basic_stages(root: &Path) -> Result<String> {
    let dir = root.join("lessons");
    let course = qitong_lessons::Course::load(|name| qitong_lessons::read_file(&dir.join(name))).map_err(|e| anyhow!("lessons/course.toml: {e}"))?;
    let basic = |stage: &qitong_lessons::Stage| {
        stage.lessons.iter().all(|entry| entry.lesson.as_ref().is_ok_and(|lesson| lesson.steps.iter().all(|step| step.kind.info().basic)))
    };
    let names: Vec<String> = course.stages.iter().filter(|s| basic(s)).map(|s| format!("'{}'", s.id)).collect();
    Ok(format!("const BASIC_STAGES = [{}];\n", names.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_and_piece_stages_are_basic_and_the_class_rules_and_mates_are_not() {
        let line = basic_stages(&crate::project_root()).expect("the course loads");
        for stage in ["'board'", "'setup'", "'rook'", "'pawn'"] {
            assert!(line.contains(stage), "{stage} in {line}");
        }
        assert!(!line.contains("'touch-move'") && !line.contains("'mates'"), "{line}");
    }
}
