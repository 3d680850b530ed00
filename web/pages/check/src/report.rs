//! A check made off the page's thread: a text longer than `BOX_BYTES` is checked by
//! `www/check-worker.js` (the teacher module's `checkReport`), which sends back this [`Report`]
//! (issue 29: a 1 MB file was read in one task of 80-540 ms). It holds the summary and the
//! problem list in both languages, so a language switch redraws it without checking again, and
//! crosses between the two threads as one string (`encode` / `decode`, length-prefixed fields:
//! a problem's message may quote any text of the file).

use super::state::{read, shown, Preview, Shown, Summary};
use qitong_lessons::lang::Lang;

/// What the preview offers after a check made elsewhere (the lesson itself is read on the
/// page only when the teacher asks for it: the player lives on the page's thread).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    Nothing,
    /// `course.toml`: the note that it has no lesson to play.
    CourseNote,
    /// A lesson: the button that shows it.
    Lesson,
}

/// The summary line and the problems, in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub summary: String,
    pub problems: Vec<Shown>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The summary's classes (`summary ok`, `summary bad`).
    pub class: String,
    pub offer: Offer,
    /// Chinese, then English.
    said: [Said; 2],
}

impl Report {
    /// The check of `text` (not blank: an empty one says so) as the file `file_name`.
    pub fn of(file_name: &str, text: &str) -> Report {
        let (summary, found, preview) = if text.trim().is_empty() { (Summary::Empty, Vec::new(), Preview::Nothing) } else { read(file_name, text) };
        let offer = match preview {
            Preview::Nothing => Offer::Nothing,
            Preview::CourseNote => Offer::CourseNote,
            Preview::Lesson(..) => Offer::Lesson,
        };
        let said = |lang| Said { summary: summary.text(lang), problems: found.iter().map(|e| shown(e, lang)).collect() };
        Report { class: summary.class().to_string(), offer, said: [said(Lang::Zh), said(Lang::En)] }
    }

    /// The summary and problems in `lang`.
    pub fn said(&self, lang: Lang) -> &Said {
        &self.said[lang.pick(0, 1)]
    }

    /// The report as one string: each field `<bytes>:<text>`, in the order `decode` reads them.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        let mut field = |text: &str| {
            out.push_str(&text.len().to_string());
            out.push(':');
            out.push_str(text);
        };
        let offer = match self.offer {
            Offer::Nothing => "",
            Offer::CourseNote => "course",
            Offer::Lesson => "lesson",
        };
        field(&self.class);
        field(offer);
        for said in &self.said {
            field(&said.summary);
            field(&said.problems.len().to_string());
            for problem in &said.problems {
                field(&problem.line.map(|l| l.to_string()).unwrap_or_default());
                field(&problem.place);
                field(&problem.message);
            }
        }
        out
    }

    /// The report `encode` made, or `None` for any other string.
    pub fn decode(text: &str) -> Option<Report> {
        let mut rest = text;
        let mut field = || -> Option<&str> {
            let (length, after) = rest.split_once(':')?;
            let length: usize = length.parse().ok()?;
            let value = after.get(..length)?;
            rest = &after[length..];
            Some(value)
        };
        let class = field()?.to_string();
        let offer = match field()? {
            "" => Offer::Nothing,
            "course" => Offer::CourseNote,
            "lesson" => Offer::Lesson,
            _ => return None,
        };
        let mut said = || -> Option<Said> {
            let summary = field()?.to_string();
            let count: usize = field()?.parse().ok()?;
            // Each problem takes at least 6 bytes: a count past that is not this encoding's.
            let mut problems = Vec::with_capacity(count.min(text.len() / 6));
            for _ in 0..count {
                let line = match field()? {
                    "" => None,
                    line => Some(line.parse().ok()?),
                };
                problems.push(Shown { line, place: field()?.to_string(), message: field()?.to_string() });
            }
            Some(Said { summary, problems })
        };
        let said = [said()?, said()?];
        rest.is_empty().then_some(Report { class, offer, said })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BAD_FEN: &str =
        "title = { zh = \"星星\", en = \"Stars\" }\n\n[[step]]\nkind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R6\"\nstars = [\"a5\"]\n";

    #[test]
    fn a_report_says_the_check_in_both_languages_and_survives_its_encoding() {
        let mut text = BAD_FEN.to_string();
        for i in 0..300 {
            // A key that quotes the encoding's own separator and digits.
            text.push_str(&format!("\"k:{i}:9\" = 1\n"));
        }
        let report = Report::of("bad-fen.toml", &text);
        assert_eq!((report.class.as_str(), report.offer), ("summary bad", Offer::Lesson));
        assert_eq!(report.said(Lang::En).summary, "301 problems found:");
        assert_eq!(report.said(Lang::Zh).summary, "发现 301 个问题：");
        let en = &report.said(Lang::En).problems;
        assert_eq!(en.len(), qitong_lessons::MAX_PROBLEMS + 1);
        assert_eq!((en[0].line, en[0].place.as_str()), (Some(6), "line 6 · step 1"));
        assert_eq!(report.said(Lang::Zh).problems[0].place, "第 6 行 · 第 1 步");
        assert_eq!((en[100].line, en[100].place.as_str()), (None, "…"));
        // The same as the page's own check says.
        let mut state = crate::state::CheckState::new(Lang::En);
        assert_eq!(&state.check("bad-fen.toml", &text).problems, en);
        let encoded = report.encode();
        assert_eq!(Report::decode(&encoded), Some(report));
        assert_eq!(Report::decode(&encoded[..encoded.len() - 1]), None);
        assert_eq!(Report::decode(&format!("{encoded}0:")), None);
        assert_eq!(Report::decode(""), None);
        assert_eq!(Report::decode("3:abc0:1:x99999999999:"), None);
    }

    #[test]
    fn a_good_lesson_a_course_file_and_blank_text() {
        let good = include_str!("../../../../lessons/examples/star-drill.toml");
        let report = Report::of("star-drill.toml", good);
        assert_eq!((report.class.as_str(), report.offer), ("summary ok", Offer::Lesson));
        assert_eq!(report.said(Lang::En).summary, "No problems found ✓");
        assert!(report.said(Lang::En).problems.is_empty());
        assert_eq!(Report::decode(&report.encode()).as_ref(), Some(&report));
        let course = Report::of("lessons/course.toml", "[[stage]]\nid = \"one\"\n");
        assert_eq!(course.offer, Offer::CourseNote);
        assert_eq!(Report::decode(&course.encode()), Some(course));
        let blank = Report::of("x.toml", " \n ");
        assert_eq!((blank.offer, blank.said(Lang::Zh).summary.as_str()), (Offer::Nothing, "还没有内容：拖入、选择或粘贴一个课程文件。"));
        let huge = Report::of("x.toml", &"#\n".repeat(600_000));
        assert!(huge.said(Lang::En).summary.starts_with("This file is 1.2 MB: too large"), "{}", huge.said(Lang::En).summary);
    }
}
