//! The lesson player's stored progress (plain Rust, tested natively): reading the stored record
//! (a damaged one is kept aside before anything is written over it, a newer version's is left
//! exactly as it is), and what the player says and stops doing when the browser's storage
//! refuses, is full, or cannot keep a damaged record aside.

use super::{Out, Player};
use qitong_lessons::words::template;
use qitong_lessons::{Code, KindSet, Progress, ResetNote};
use qitong_words::fill;

/// Whether the player writes its progress to the browser's storage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Saving {
    /// It does.
    #[default]
    On,
    /// The last write failed (a full or refused storage): said once, tried again at the next change.
    Failing,
    /// Never on this visit: the stored record could not be read (so writing might destroy it),
    /// is a newer version's, or is damaged and could not be kept aside.
    Off,
}

impl<K: KindSet> Player<K> {
    /// Reads the stored progress, keeping what can be read and saying what was reset. A record
    /// not read as it stands is kept aside first (`Out::Backup`, then `Out::Save`); a newer
    /// version's record is not used and never written over.
    pub fn load_progress(&mut self, stored: Option<&str>) {
        let Some(text) = stored else { return };
        let recovered = Progress::from_json(text);
        for note in &recovered.reset {
            let key = match note {
                ResetNote::LessonDropped { key } => key.as_str(),
                _ => "",
            };
            self.say(note.code(), key);
        }
        if recovered.is_newer() {
            self.saving = Saving::Off;
            return;
        }
        let backup = recovered.needs_backup();
        self.progress = recovered.progress;
        if backup {
            self.out.push(Out::Backup(text.to_owned()));
            self.out.push(Out::Save);
        }
    }

    /// The storage could not even be read (blocked, private mode): nothing is written either,
    /// so that a record this visit cannot see is never replaced.
    pub fn storage_refused(&mut self) {
        if self.saving != Saving::Off {
            self.say(Code::ProgressNoStorage, "");
        }
        self.saving = Saving::Off;
    }

    /// May the progress be written now?
    pub fn may_save(&self) -> bool {
        self.saving != Saving::Off
    }

    /// The page tried to write the progress: `ok` or refused (full, blocked).
    pub fn saved(&mut self, ok: bool) {
        match (ok, self.saving) {
            (_, Saving::Off) => {}
            (true, _) => self.saving = Saving::On,
            (false, Saving::On) => {
                self.saving = Saving::Failing;
                self.say(Code::ProgressNoStorage, "");
            }
            (false, Saving::Failing) => {}
        }
    }

    /// The page kept the damaged record aside under `key`, or found nowhere to keep it (then
    /// nothing is written over it).
    pub fn kept_aside(&mut self, key: Option<&str>) {
        match key {
            Some(key) => self.say(Code::ProgressKeptAside, key),
            None => {
                self.saving = Saving::Off;
                self.say(Code::ProgressStuck, "");
            }
        }
    }

    /// Adds a note about the stored progress (once), with the storage key it names (`{key}`, or
    /// empty); it is worded when drawn, so that it follows a change of language.
    fn say(&mut self, code: Code, key: &str) {
        if !self.storage_notes.iter().any(|(c, k)| *c == code && k == key) {
            self.storage_notes.push((code, key.to_owned()));
        }
    }

    /// Every note to show, in the player's language: the stored progress's first.
    pub fn shown_notes(&self) -> Vec<String> {
        let stored = self.storage_notes.iter().map(|(code, key)| fill(template(*code, self.lang), &[("key", key)]));
        stored.chain(self.notes.iter().map(|n| n.text(self.lang).to_owned())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Mode;
    use qitong_lessons::lang::Lang;

    fn player() -> Player {
        Player::new(Mode::Course, Lang::En)
    }

    #[test]
    fn a_good_record_is_read_and_not_rewritten() {
        let mut p = player();
        p.load_progress(Some(r#"{"format":"qitong-progress","version":1,"lessons":{"a/b":[3]}}"#));
        assert_eq!((p.progress.step("a/b", 0), p.shown_notes().len(), p.out.len()), (Some(3), 0, 0));
        assert!(p.may_save());
    }

    #[test]
    fn damaged_records_are_kept_aside_before_the_readable_part_is_saved() {
        let cut = r#"{"format":"qitong-progress","version":1,"lessons":{"a/b":[3,2],"c/d":[1"#;
        for (raw, kept) in [(cut, Some(2)), ("42", None), ("null", None), ("{\"format\":\"qitong-progress\",", None), ("<xml/>", None)] {
            let mut p = player();
            p.load_progress(Some(raw));
            assert_eq!(p.out, [Out::Backup(raw.to_owned()), Out::Save], "{raw}");
            assert_eq!(p.progress.step("a/b", 1), kept, "{raw}");
            assert!(!p.shown_notes().is_empty(), "{raw}");
            p.kept_aside(Some("qitong-progress-v1-backup-1"));
            assert!(p.shown_notes().last().is_some_and(|n| n.contains("qitong-progress-v1-backup-1")), "{:?}", p.shown_notes());
            assert!(p.may_save());
        }
        let mut p = player();
        p.load_progress(Some("42"));
        p.kept_aside(None);
        assert!(!p.may_save(), "with nowhere to keep it, the damaged record stays as it is");
        assert!(p.shown_notes().iter().any(|n| n.contains("left as it is")), "{:?}", p.shown_notes());
    }

    #[test]
    fn a_newer_version_is_neither_used_nor_written_and_says_so_in_both_languages() {
        let newer = r#"{"format":"qitong-progress","version":99,"lessons":{"a/b":[3]}}"#;
        let mut p = player();
        p.load_progress(Some(newer));
        assert_eq!((p.progress.step("a/b", 0), p.out.clone(), p.may_save()), (None, vec![], false));
        assert!(p.shown_notes()[0].contains("newer"), "{:?}", p.shown_notes());
        p.saved(true);
        assert!(!p.may_save(), "a write elsewhere does not turn saving back on");
        p.lang = Lang::Zh;
        assert!(p.shown_notes()[0].contains("新版本"), "a note follows the language: {:?}", p.shown_notes());
        let mut zh = Player::new(Mode::Course, Lang::Zh);
        zh.load_progress(Some(newer));
        assert!(zh.shown_notes()[0].contains("新版本"), "{:?}", zh.shown_notes());
    }

    #[test]
    fn storage_that_fails_is_said_once_in_kid_words() {
        let mut p = player();
        p.saved(false);
        p.saved(false);
        assert_eq!(p.shown_notes().len(), 1, "{:?}", p.shown_notes());
        assert!(p.shown_notes()[0].contains("can't save your stars"), "{:?}", p.shown_notes());
        assert!(p.may_save(), "a full storage is tried again at the next star");
        p.saved(true);
        p.act(crate::action::Action::CloseNotes, None);
        p.saved(false);
        assert_eq!(p.shown_notes().len(), 1, "failing again after a good save is said again");
        let mut refused = Player::new(Mode::Course, Lang::Zh);
        refused.storage_refused();
        refused.storage_refused();
        assert!(!refused.may_save());
        assert_eq!(refused.shown_notes().len(), 1);
        assert!(refused.shown_notes()[0].contains("这台电脑"), "{:?}", refused.shown_notes());
    }
}
