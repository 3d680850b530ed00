//! The course index: `course.toml` with an outline of every lesson that loads (its title and the
//! kinds of its steps), made from the lesson files when the site is built or served. The maps
//! (the home page, the stage map) draw from it alone; a lesson's own file is read when it is
//! opened, so the first visit does not download and read the whole course.

use super::course::{file_entry, read_course, Course};
use super::error::{ErrorKind, LessonError};
use super::kinds::{kind_named, Kind, KindSet, KINDS};
use super::model::{read_document, Lesson, ReadDocument};
use super::read::{Problems, Reader, Sink};
use super::text::Text;
use qitong_format::toml::ValueKind;

/// The index's name in the lessons folder, in its compiled form (the only form the site ships).
pub const INDEX_FILE: &str = "course-index.json";

/// What the maps need of a lesson: its title and its steps' kinds.
#[derive(Debug, Clone, PartialEq)]
pub struct Outline {
    /// The title shown in the stage map.
    pub title: Text,
    /// Each step's kind, in order.
    pub kinds: Vec<&'static Kind>,
}

impl Outline {
    /// The outline of a loaded lesson.
    pub fn of<K: KindSet>(lesson: &Lesson<K>) -> Outline {
        Outline { title: lesson.title.clone(), kinds: lesson.steps.iter().map(|s| s.kind.info()).collect() }
    }

    /// How many steps the lesson has.
    pub fn steps(&self) -> usize {
        self.kinds.len()
    }

    /// The most stars the lesson can give (3 per scored step, as [`Lesson::max_stars`]).
    pub fn max_stars(&self) -> u32 {
        3 * self.kinds.iter().filter(|k| k.scored).count() as u32
    }
}

/// `text` as a TOML basic string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn text_toml(text: &Text) -> String {
    format!("{{ zh = {}, en = {} }}", quoted(&text.zh), quoted(&text.en))
}

impl<K: KindSet> Course<K> {
    /// The index of this course, as TOML text (the build compiles it like a lesson file):
    /// `course.toml`'s stages as read, and an outline `[[lesson]]` for every lesson that loaded.
    /// A lesson that did not load has none: the pages fetch its file to show its errors.
    pub fn index_toml(&self) -> String {
        let mut out = format!("title = {}\ngate_stages = {}\n", text_toml(&self.title), self.gate_stages);
        for stage in &self.stages {
            out += &format!("\n[[stage]]\nid = {}\ntitle = {}\n", quoted(&stage.id), text_toml(&stage.title));
            if let Some(stars) = stage.unlock_stars {
                out += &format!("unlock_stars = {stars}\n");
            }
            let ids: Vec<String> = stage.lessons.iter().map(|l| quoted(&l.id)).collect();
            out += &format!("lessons = [{}]\n", ids.join(", "));
        }
        for (_, entry) in self.entries() {
            let Ok(lesson) = &entry.lesson else { continue };
            let kinds: Vec<String> = lesson.steps.iter().map(|s| quoted(s.kind.info().name)).collect();
            out += &format!("\n[[lesson]]\nfile = {}\ntitle = {}\nkinds = [{}]\n", quoted(&entry.file), text_toml(&lesson.title), kinds.join(", "));
        }
        out
    }

    /// The course from its index (in the form `read` reads) and whichever lesson files `files`
    /// gives (by their source names, `rook/moves.toml`): those are read, the others that the
    /// index outlines wait for their file ([`super::LessonEntry::is_pending`]), and a lesson
    /// neither outlined nor given is missing; the problems kept as `problems` says.
    ///
    /// # Errors
    ///
    /// As [`Course::load`], for the index.
    pub fn load_indexed(
        index: &str,
        files: impl Fn(&str) -> Option<String>,
        read: ReadDocument,
        problems: Problems,
    ) -> Result<Course<K>, LessonError> {
        let mut sink = Sink::new(INDEX_FILE, problems);
        let files: &dyn Fn(&str) -> Option<String> = &files;
        let course = read_document(index, read, &mut sink).and_then(|top| {
            let outlines = outlines(&top, &mut sink);
            read_course(&top, &["lesson"], &mut sink, &|file, line| match (files(file), outlines.iter().find(|(f, _)| f == file)) {
                (None, Some((_, outline))) => (Err(LessonError { errors: Vec::new() }), Some(outline.clone())),
                _ => file_entry(files, file, line, read, problems),
            })
        });
        match course {
            Some(course) => Ok(Course { problems: sink.errors, ..course }),
            None => Err(LessonError { errors: sink.errors }),
        }
    }

    /// The lesson files a page must fetch with the index before it draws: `target`'s (a lesson
    /// `stage/id` or a deep link `#/stage/id/step`) and those the index has no outline of.
    pub fn index_needs(&self, target: &str) -> Vec<String> {
        let mut parts = target.trim_start_matches('#').trim_start_matches('/').split('/');
        let wanted = match (parts.next(), parts.next()) {
            (Some(stage), Some(id)) => self.lesson(stage, id).map(|e| e.file.as_str()),
            _ => None,
        };
        self.entries().filter(|(_, e)| Some(e.file.as_str()) == wanted || e.outline.is_none()).map(|(_, e)| e.file.clone()).collect()
    }
}

/// The index's `[[lesson]]` outlines by file. One it cannot read is reported and left out (its
/// lesson's file is then fetched like a broken one's).
fn outlines(top: &qitong_format::toml::Table, sink: &mut Sink) -> Vec<(String, Outline)> {
    let Some(ValueKind::Array(items)) = top.get("lesson").map(|v| &v.kind) else { return Vec::new() };
    let mut out = Vec::new();
    for item in items {
        let ValueKind::Table(table) = &item.kind else { continue };
        let mut r = Reader::new(table, None, &["file", "title", "kinds"], sink);
        let file = r.str("file").map(str::to_owned);
        let title = r.text("title", true);
        let words = r.words("kinds").unwrap_or_default();
        let mut kinds = Some(Vec::with_capacity(words.len()));
        for (name, line) in words {
            match (kind_named(name), kinds.as_mut()) {
                (Some(kind), Some(list)) => list.push(kind),
                (None, _) => {
                    r.report(line, ErrorKind::UnknownKind { kind: name.to_owned(), suggestion: None, known: KINDS });
                    kinds = None;
                }
                _ => {}
            }
        }
        r.finish();
        if let (Some(file), Some(title), Some(kinds)) = (file, title, kinds) {
            out.push((file, Outline { title, kinds }));
        }
    }
    out
}

#[cfg(test)]
mod tests;
