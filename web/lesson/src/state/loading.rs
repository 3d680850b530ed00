//! How the player's course arrives: one lesson file (`src=`), the whole course, or the course
//! index whose lessons' files are asked for one at a time as the child opens them.

use super::{Out, Player, Screen};
use qitong_lessons::{Course, ErrorKind, KindSet, Lesson, LessonEntry, LessonError, Stage, Text, ValidationError, MAX_PLAYED_BYTES};

impl<K: KindSet> Player<K> {
    /// A single lesson file as a one-lesson course (`src=`), keyed `stage/<id>` in the progress
    /// when the address ends like a course's lesson (`…/rook/moves.toml`), else `file/<id>`.
    pub fn single_lesson(file: &str, text: Option<&str>) -> Course<K> {
        let name = file.rsplit('/').next().unwrap_or(file);
        let lesson = match text {
            // Refused before it is read: the player reads a file in one task of the page, and
            // one near 1 MB took up to half a second (issue 29).
            Some(text) if text.len() > MAX_PLAYED_BYTES => {
                Err(LessonError { errors: vec![ValidationError::new(name, 0, None, ErrorKind::TooLargeToPlay { bytes: text.len() })] })
            }
            Some(text) => Lesson::read(name, text, crate::lesson_form::READ, crate::lesson_form::problems_kept()),
            None => Err(qitong_lessons::LessonError {
                errors: vec![qitong_lessons::ValidationError::new(name, 0, None, qitong_lessons::ErrorKind::FileMissing { path: file.to_owned() })],
            }),
        };
        Player::lesson_course(file, lesson)
    }

    /// [`Player::single_lesson`] of a lesson already read (check.html's preview reads the file
    /// once, for its problems and the player: issue 29).
    pub fn lesson_course(file: &str, lesson: Result<Lesson<K>, qitong_lessons::LessonError>) -> Course<K> {
        let name = file.rsplit('/').next().unwrap_or(file);
        let id = qitong_lessons::id_from_file(name).to_owned();
        let folder = file.rsplit('/').nth(1).unwrap_or("");
        let simple = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        let stage_id = if simple(folder) && simple(&id) && name.ends_with(".toml") { folder } else { "file" };
        let title = lesson.as_ref().map(|l| l.title.clone()).unwrap_or_else(|_| Text::new(id.clone(), id.clone()));
        let entry = LessonEntry::new(id.clone(), format!("{stage_id}/{id}.toml"), lesson);
        let stage = Stage { id: stage_id.into(), title: title.clone(), unlock_stars: None, lessons: vec![entry] };
        Course { title, gate_stages: false, stages: vec![stage], problems: Vec::new() }
    }

    /// Waits for the whole course (asked for once), then goes to `hash`.
    pub(super) fn need_course(&mut self, hash: &str) {
        self.wait_at(hash);
        if !self.asked_course {
            self.asked_course = true;
            self.out.push(Out::NeedCourse);
        }
    }

    /// Waits for the file of the outlined lesson `file` (asked for once), then goes to `hash`.
    pub(super) fn need_lesson(&mut self, file: String, hash: &str) {
        self.wait_at(hash);
        if !self.asked_lessons.contains(&file) {
            self.asked_lessons.push(file.clone());
            self.out.push(Out::NeedLesson(file));
        }
    }

    /// The lesson at `hash` has a step of a kind this module leaves out: waits for the shell to
    /// start the module that plays every kind (asked for once), which opens `hash`.
    pub(super) fn need_module(&mut self, hash: &str) {
        self.wait_at(hash);
        if !self.asked_module {
            self.asked_module = true;
            self.out.push(Out::NeedModule);
        }
    }

    /// Leaves the step for "loading" at `hash` while the shell brings what the player needs.
    fn wait_at(&mut self, hash: &str) {
        self.cancel_computer();
        self.screen = Screen::Loading;
        self.exercise = None;
        self.out.push(Out::Hash(hash.to_owned()));
    }

    /// The file of the outlined lesson `file` arrived (`text`: None when it could not be
    /// fetched): it is read, and a child still waiting goes to `hash` (the address: a lesson
    /// that turned out broken shows its errors there), or to the map when it names nothing.
    pub fn lesson_arrived(&mut self, file: &str, text: Option<&str>, hash: &str) {
        self.asked_lessons.retain(|f| f != file);
        let Some(course) = self.course.as_mut() else { return };
        let Some(entry) = course.stages.iter_mut().flat_map(|s| s.lessons.iter_mut()).find(|e| e.file == file && e.is_pending()) else { return };
        entry.set_text(text, crate::lesson_form::READ, crate::lesson_form::problems_kept());
        if self.screen == Screen::Loading && !self.route(hash) {
            self.screen = Screen::Map;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_lessons::lang::Lang;

    /// Issue 29 §1: a file over `MAX_PLAYED_BYTES` is refused unread, with its size in words in
    /// both languages; one of exactly that size is read.
    #[test]
    fn a_lesson_file_over_the_players_limit_is_refused_with_its_size() {
        let good = include_str!("../../../../lessons/examples/star-drill.toml");
        let padded = |bytes: usize| format!("{good}#{}\n", "x".repeat(bytes - good.len() - 2));
        let lesson = |course: &Course| course.stages[0].lessons[0].lesson.clone();
        let within = Player::single_lesson("a/star-drill.toml", Some(&padded(MAX_PLAYED_BYTES)));
        assert!(lesson(&within).is_ok(), "{:?}", lesson(&within).err());
        let over = Player::single_lesson("a/star-drill.toml", Some(&padded(300 * 1024 + 1)));
        let errors = lesson(&over).err().map(|e| e.errors).unwrap_or_default();
        let [refused] = &errors[..] else { panic!("{errors:?}") };
        assert_eq!((refused.line, &refused.kind), (0, &ErrorKind::TooLargeToPlay { bytes: 300 * 1024 + 1 }));
        assert!(refused
            .message(Lang::En)
            .starts_with("this file is 301 KB: too large to play, not opened. A lesson file played on a page may have at most 128 KB"));
        assert!(refused.message(Lang::Zh).starts_with("这个文件有 301 KB，太大了，没有打开：页面上播放的课程文件最多 128 KB"));
        assert_eq!(refused.located(Lang::En).split(':').next(), Some("star-drill.toml"));
        // A file the page cut at 1 MB (it hands over no more) is "over 1 MB".
        let cut = ErrorKind::TooLargeToPlay { bytes: qitong_lessons::MAX_FILE_BYTES + 1 };
        let cut = ValidationError::new("x.toml", 0, None, cut);
        assert!(cut.message(Lang::En).starts_with("this file is over 1 MB: too large to play"));
        assert!(cut.message(Lang::Zh).starts_with("这个文件超过 1 MB，太大了"));
    }
}
