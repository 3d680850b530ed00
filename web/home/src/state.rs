//! The home page's course map and the certificates, as plain data from the course and the
//! child's progress: each stage's stars, whether it is open (and how many stars it still needs),
//! whether it is complete, where "continue" goes, and whether a stage's certificate may be given.

use qitong_lessons::{Course, Progress, Text};
use qitong_rules::{Color, Piece, Role};

/// One stop of the trail: a stage as the child sees it on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageStop {
    pub id: String,
    pub title: Text,
    /// Stars earned and the most there are.
    pub earned: u32,
    pub max: u32,
    pub lessons_done: usize,
    pub lessons: usize,
    /// `None` when the stage is open; else the stars still needed to open it.
    pub locked_need: Option<u32>,
    /// Every lesson of the stage is done.
    pub complete: bool,
}

/// Every stage of the course, in order, with the child's progress.
pub fn stage_stops(course: &Course, progress: &Progress) -> Vec<StageStop> {
    course
        .stages
        .iter()
        .enumerate()
        .map(|(i, stage)| {
            let (earned, max) = course.stage_stars(progress, i);
            let lessons_done = stage.lessons.iter().filter(|e| progress.is_done(e)).count();
            let locked_need = (!course.is_unlocked(progress, i)).then(|| {
                let have: u32 = (0..i).map(|s| course.stage_stars(progress, s).0).sum();
                stage.unlock_stars.unwrap_or(0).saturating_sub(have)
            });
            StageStop {
                id: stage.id.clone(),
                title: stage.title.clone(),
                earned,
                max,
                lessons_done,
                lessons: stage.lessons.len(),
                locked_need,
                complete: !stage.lessons.is_empty() && lessons_done == stage.lessons.len(),
            }
        })
        .collect()
}

/// The stars of the whole course: earned and the most there are.
pub fn course_stars(stops: &[StageStop]) -> (u32, u32) {
    stops.iter().fold((0, 0), |(e, m), s| (e + s.earned, m + s.max))
}

/// Where "continue" leads: the first step not done of the next unfinished lesson
/// (`lesson.html#/stage/lesson/step`, step from 1), or `None` when every open lesson is done.
pub fn continue_link(course: &Course, progress: &Progress) -> Option<String> {
    let (si, li) = course.next_lesson(progress)?;
    let stage = &course.stages[si];
    let entry = &stage.lessons[li];
    let steps = entry.outline.as_ref().map_or(1, |o| o.steps());
    let step = (0..steps).find(|&i| progress.step(entry.key(), i).is_none()).unwrap_or(0);
    Some(format!("lesson.html#/{}/{}/{}", stage.id, entry.id, step + 1))
}

/// Why a certificate cannot be given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CertificateRefusal {
    /// The course has no stage with this id.
    NoSuchStage,
    /// The stage is not finished yet: lessons done and the number of lessons.
    NotComplete { done: usize, lessons: usize },
}

/// What a stage's certificate shows (the child's name is added by the page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    pub stage: StageStop,
    /// The stage's number on the trail, from 1.
    pub number: usize,
}

/// The certificate of stage `id`, given only for a complete stage.
pub fn certificate(course: &Course, progress: &Progress, id: &str) -> Result<Certificate, CertificateRefusal> {
    let stops = stage_stops(course, progress);
    let index = stops.iter().position(|s| s.id == id).ok_or(CertificateRefusal::NoSuchStage)?;
    let stop = stops[index].clone();
    if !stop.complete {
        return Err(CertificateRefusal::NotComplete { done: stop.lessons_done, lessons: stop.lessons });
    }
    Ok(Certificate { stage: stop, number: index + 1 })
}

/// The picture of a stage on the trail: the piece it teaches, or one that suits it (the board
/// stage has none: it shows a little chequered square).
pub fn stage_pieces(id: &str) -> &'static [Piece] {
    macro_rules! p {
        ($color:ident, $role:ident) => {
            Piece { color: $color, role: $role }
        };
    }
    use Color::{Black as B, White as W};
    use Role::*;
    match id {
        "board" => &[],
        "setup" => &[p!(W, King), p!(W, Queen)],
        "rook" => &[p!(W, Rook)],
        "bishop" => &[p!(W, Bishop)],
        "queen" => &[p!(W, Queen)],
        "king" => &[p!(W, King)],
        "knight" => &[p!(W, Knight)],
        "pawn" => &[p!(W, Pawn)],
        "capture" => &[p!(W, Knight), p!(B, Pawn)],
        "value" => &[p!(W, Queen), p!(W, Rook)],
        "protect" => &[p!(W, Bishop), p!(W, Knight)],
        "give-check" => &[p!(W, Knight), p!(B, King)],
        "special" => &[p!(W, King), p!(W, Rook)],
        "check" => &[p!(W, Queen), p!(B, King)],
        "endings" => &[p!(W, King), p!(B, King)],
        "mates" => &[p!(W, Rook), p!(W, Rook)],
        "pawn-games" => &[p!(W, Pawn), p!(W, Queen)],
        "touch-move" => &[p!(B, Knight)],
        "etiquette" => &[p!(W, Pawn), p!(B, Pawn)],
        "clock-sheet" => &[p!(B, Rook)],
        "points" => &[p!(B, Queen)],
        "history" => &[p!(B, Bishop)],
        _ => &[p!(W, Pawn)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COURSE: &str = "title = { zh = \"课\", en = \"Course\" }\ngate_stages = true\n\
[[stage]]\nid = \"one\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"a\", \"b\"]\n\
[[stage]]\nid = \"two\"\ntitle = { zh = \"二\", en = \"Two\" }\nlessons = [\"c\"]\nunlock_stars = 4\n";

    /// A reading and two scored quizzes: 6 stars at most.
    const LESSON: &str = "title = { zh = \"课\", en = \"Lesson\" }\n\
[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n\
[[step]]\nkind = \"legal-or-not\"\nfen = \"start\"\nmove = \"e2e4\"\n\
[[step]]\nkind = \"legal-or-not\"\nfen = \"start\"\nmove = \"e2e5\"\n";

    fn course() -> Course {
        Course::load(|name: &str| match name {
            "course.toml" => Some(COURSE.to_string()),
            "one/a.toml" | "one/b.toml" | "two/c.toml" => Some(LESSON.to_string()),
            _ => None,
        })
        .expect("course")
    }

    fn finish(progress: &mut Progress, key: &str, stars: u8) {
        progress.record(key, 0, None);
        progress.record(key, 1, Some(stars));
        progress.record(key, 2, Some(stars));
    }

    #[test]
    fn a_fresh_child_starts_at_the_first_step_and_the_gated_stage_is_shut() {
        let (course, progress) = (course(), Progress::new());
        assert_eq!(continue_link(&course, &progress).as_deref(), Some("lesson.html#/one/a/1"));
        let stops = stage_stops(&course, &progress);
        assert_eq!((stops[0].earned, stops[0].max, stops[0].locked_need), (0, 12, None));
        assert_eq!((stops[1].max, stops[1].locked_need, stops[1].complete), (6, Some(4), false));
        assert_eq!(course_stars(&stops), (0, 18));
    }

    #[test]
    fn continue_goes_to_the_first_step_not_done_of_the_next_lesson() {
        let course = course();
        let mut progress = Progress::new();
        progress.record("one/a", 0, None);
        assert_eq!(continue_link(&course, &progress).as_deref(), Some("lesson.html#/one/a/2"));
        finish(&mut progress, "one/a", 1);
        assert_eq!(continue_link(&course, &progress).as_deref(), Some("lesson.html#/one/b/1"));
        finish(&mut progress, "one/b", 1);
        // Stage one complete with 4 stars, which opens stage two exactly.
        let stops = stage_stops(&course, &progress);
        assert_eq!((stops[0].earned, stops[0].complete, stops[0].lessons_done), (4, true, 2));
        assert_eq!(stops[1].locked_need, None);
        assert_eq!(continue_link(&course, &progress).as_deref(), Some("lesson.html#/two/c/1"));
        finish(&mut progress, "two/c", 3);
        assert_eq!(continue_link(&course, &progress), None);
        assert_eq!(course_stars(&stage_stops(&course, &progress)), (10, 18));
    }

    #[test]
    fn too_few_stars_keep_the_next_stage_shut_and_say_how_many_are_missing() {
        let course = course();
        let mut progress = Progress::new();
        finish(&mut progress, "one/a", 0);
        finish(&mut progress, "one/b", 1);
        let stops = stage_stops(&course, &progress);
        assert!(stops[0].complete);
        assert_eq!(stops[1].locked_need, Some(2));
        assert_eq!(continue_link(&course, &progress), None, "nothing open is left to do");
    }

    #[test]
    fn a_certificate_only_for_a_complete_stage() {
        let course = course();
        let mut progress = Progress::new();
        finish(&mut progress, "one/a", 2);
        assert_eq!(certificate(&course, &progress, "one"), Err(CertificateRefusal::NotComplete { done: 1, lessons: 2 }));
        assert_eq!(certificate(&course, &progress, "nope"), Err(CertificateRefusal::NoSuchStage));
        finish(&mut progress, "one/b", 3);
        let cert = certificate(&course, &progress, "one").expect("complete");
        assert_eq!((cert.number, cert.stage.earned, cert.stage.max), (1, 10, 12));
        assert_eq!(certificate(&course, &progress, "two"), Err(CertificateRefusal::NotComplete { done: 0, lessons: 1 }));
    }

    #[test]
    fn every_stage_of_the_real_course_has_a_picture_of_its_own_kind() {
        assert!(stage_pieces("board").is_empty());
        assert_eq!(stage_pieces("knight"), &[Piece { color: Color::White, role: Role::Knight }]);
        assert_eq!(stage_pieces("something-new").len(), 1);
    }
}
