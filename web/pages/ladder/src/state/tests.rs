//! Unit tests of the class ladder page's state: opening from storage, the record form and its
//! preview, undo, removal, imports and the pending game from the play page.

use super::*;
use crate::store::PendingResult;

fn p(s: &str) -> Points {
    s.parse().unwrap()
}

fn page() -> LadderState {
    let mut state = LadderState::open(None, None, Lang::En, "2026-11-30");
    assert!(state.add_student("Ann", ""));
    assert!(state.add_student("Bo", "150"));
    state
}

fn id(state: &LadderState, name: &str) -> StudentId {
    state.ladder.find_by_name(name).unwrap().id()
}

#[test]
fn the_preview_shows_both_sides_before_anything_changes() {
    let mut state = page();
    assert!(state.preview().is_none());
    state.form.white = Some(id(&state, "Ann"));
    state.form.black = Some(id(&state, "Bo"));
    assert!(state.preview().is_none(), "no result chosen yet");
    state.form.score = Some(Score::Win);
    // Ann 0 beats Bo 150: D = 150, the lower-rated player wins and gains D/2 = 75.
    let [white, black] = state.preview().unwrap();
    assert_eq!((white.name.as_str(), white.before, white.after), ("Ann", p("0"), p("75")));
    assert_eq!((black.before, black.after), (p("150"), p("75")));
    assert_eq!(standing(&black.from), "Level 30 (provisional)");
    assert_eq!(standing(&black.to), "Unrated (provisional)");
    assert_eq!(state.ladder.history().len(), 0, "previewing records nothing");
    assert!(state.confirm_record());
    assert_eq!(state.ladder.find_by_name("Ann").unwrap().points(), p("75"));
    assert_eq!(state.history_lines(), vec!["2026-11-30 · Ann 1-0 Bo · +75 / -75".to_string()]);
    assert!(state.form.white.is_none() && state.form.score.is_none(), "the form is cleared");
    assert_eq!(state.form.date, "2026-11-30");
}

fn standing(s: &Standing) -> String {
    crate::words::standing_text(*s, Lang::En)
}

#[test]
fn an_incomplete_or_same_player_game_is_refused_with_a_reason() {
    let mut state = page();
    assert!(!state.confirm_record());
    assert!(state.notice.as_ref().unwrap().error);
    let ann = id(&state, "Ann");
    state.form = RecordForm { white: Some(ann), black: Some(ann), score: Some(Score::Draw), date: String::new() };
    assert!(state.same_student_chosen());
    assert!(state.preview().is_none());
    assert!(!state.confirm_record());
    assert_eq!(state.notice.as_ref().unwrap().text, "Choose two different students.");
    assert!(state.ladder.history().is_empty());
}

#[test]
fn undo_names_the_game_and_restores_both_players() {
    let mut state = page();
    let (ann, bo) = (id(&state, "Ann"), id(&state, "Bo"));
    state.form = RecordForm { white: Some(bo), black: Some(ann), score: Some(Score::Draw), date: "d1".into() };
    assert!(state.confirm_record());
    // Draw, D = 150: the lower-rated player (Ann) gains D/4 = 37.5.
    assert_eq!(state.ladder.student(ann).unwrap().points(), p("37.5"));
    let question = state.undo_question().unwrap();
    assert!(question.contains("d1 · Bo ½-½ Ann · -37.5 / +37.5"), "{question}");
    state.ask = Some(Ask::Undo);
    state.answer(false);
    assert_eq!(state.ladder.history().len(), 1, "no means no");
    state.ask = Some(Ask::Undo);
    state.answer(true);
    assert!(state.ladder.history().is_empty());
    assert_eq!(state.ladder.student(ann).unwrap().points(), p("0"));
    assert_eq!(state.ladder.student(bo).unwrap().points(), p("150"));
    assert!(state.notice.as_ref().unwrap().text.starts_with("Undone: d1 · Bo"));
    assert!(!state.undo());
}

#[test]
fn removing_is_asked_first_and_refused_for_students_with_games() {
    let mut state = page();
    assert!(state.add_student("Cy", "0"));
    let (ann, bo, cy) = (id(&state, "Ann"), id(&state, "Bo"), id(&state, "Cy"));
    state.form = RecordForm { white: Some(ann), black: Some(bo), score: Some(Score::Loss), date: String::new() };
    assert!(state.confirm_record());
    state.ask_remove(ann);
    assert!(state.ask.is_none());
    assert!(state.notice.as_ref().unwrap().text.starts_with("Ann: Cannot remove"));
    state.ask_remove(cy);
    assert_eq!(state.ask, Some(Ask::Remove(cy)));
    state.answer(true);
    assert!(state.ladder.student(cy).is_none());
    assert!(!state.add_student("ann", "0"), "names are unique ignoring case");
    assert!(!state.add_student("Dee", "ten"));
    assert!(state.notice.as_ref().unwrap().text.contains("number"));
    assert!(state.rename(ann, "Anna"));
    assert!(!state.rename(ann, "Bo"));
}

#[test]
fn a_failed_import_changes_nothing_and_says_where() {
    let mut state = page();
    let before = state.ladder.clone();
    state.read_import(&[("class.csv".into(), "name,points\nA,1\nB,x1\n".into())]);
    assert_eq!(state.ladder, before);
    assert!(state.ask.is_none());
    let notice = state.notice.clone().unwrap();
    assert!(notice.error && notice.text.contains("line 3"), "{notice:?}");
    state.lang = Lang::Zh;
    state.read_import(&[("class.csv".into(), "name,points\nA,1\nB,x1\n".into())]);
    assert!(state.notice.as_ref().unwrap().text.contains("第 3 行"));
    state.read_import(&[("notes.txt".into(), String::new())]);
    assert!(state.notice.as_ref().unwrap().text.contains(".json"));
    assert_eq!(state.ladder, before);
}

#[test]
fn imports_are_confirmed_and_json_and_csv_round_trip() {
    let mut state = page();
    let (ann, bo) = (id(&state, "Ann"), id(&state, "Bo"));
    state.form = RecordForm { white: Some(ann), black: Some(bo), score: Some(Score::Win), date: "x".into() };
    assert!(state.confirm_record());
    let saved = state.ladder.clone();
    let mut other = LadderState::open(None, None, Lang::En, "");
    other.read_import(&[("backup.JSON".into(), saved.to_json())]);
    assert!(other.import_question().unwrap().contains("2 students and 1 games"));
    other.answer(true);
    assert_eq!(other.ladder, saved);
    let mut csv = LadderState::open(None, None, Lang::En, "");
    csv.read_import(&[("games.csv".into(), saved.history_csv()), ("roster.csv".into(), saved.roster_csv())]);
    csv.answer(true);
    assert_eq!(csv.ladder, saved);
    csv.read_import(&[("a.csv".into(), saved.roster_csv()), ("b.csv".into(), saved.roster_csv())]);
    assert!(csv.notice.as_ref().unwrap().text.contains("Two roster"));
}

#[test]
fn unreadable_storage_is_kept_until_the_teacher_starts_fresh() {
    let state = LadderState::open(Some("{broken"), None, Lang::Zh, "");
    assert!(!state.may_save());
    assert_eq!(state.unreadable.as_ref().unwrap().0, "{broken");
    let mut state = state;
    state.ask = Some(Ask::FreshStart);
    state.answer(true);
    assert!(state.may_save());
    let stored = page().ladder.to_json();
    let state = LadderState::open(Some(&stored), None, Lang::En, "");
    assert!(state.may_save());
    assert_eq!(state.ladder.students().len(), 2);
}

#[test]
fn a_pending_game_prefills_the_form_and_offers_missing_students() {
    let stored = page().ladder.to_json();
    let pending = PendingResult { white: "bo".into(), black: "Cy".into(), score: Score::Loss, pgn: None }.to_json();
    let mut state = LadderState::open(Some(&stored), Some(&pending), Lang::En, "");
    let bo = id(&state, "Bo");
    assert_eq!((state.form.white, state.form.black, state.form.score), (Some(bo), None, Some(Score::Loss)));
    assert_eq!(state.missing_names(), vec!["Cy".to_string()]);
    assert!(state.add_student("Cy", ""));
    let cy = id(&state, "Cy");
    assert_eq!(state.form.black, Some(cy), "the added student takes their place");
    assert!(state.missing_names().is_empty());
    // Bo 150 loses to Cy 0: D = 150, the lower-rated player wins and gains 75.
    assert!(state.confirm_record());
    assert_eq!(state.ladder.student(cy).unwrap().points(), p("75"));
    assert!(state.pending.is_none());
    let broken = LadderState::open(None, Some("nonsense"), Lang::Zh, "");
    assert!(broken.pending.is_none() && broken.notice.as_ref().unwrap().error);
    let mut dismissed = LadderState::open(Some(&stored), Some(&pending), Lang::En, "");
    dismissed.dismiss_pending();
    assert!(dismissed.pending.is_none() && dismissed.form.score.is_none());
}

#[test]
fn a_school_sized_roster_is_found_by_name_and_shown_a_page_at_a_time() {
    let mut state = LadderState::open(None, None, Lang::En, "2026-12-01");
    for i in 0..250 {
        assert!(state.add_student(&format!("Pupil {i:03}"), ""));
    }
    assert!(state.add_student("Zoe", "500"));
    let (rows, matching) = state.roster_rows();
    assert_eq!((rows.len(), matching), (ROSTER_PAGE, 251));
    assert_eq!(rows[0].student.name(), "Zoe", "by rank: the most points first");
    state.roster_view.shown += ROSTER_PAGE;
    assert_eq!(state.roster_rows().0.len(), 2 * ROSTER_PAGE);
    state.roster_view.filter = " pupil 24".into();
    let (rows, matching) = state.roster_rows();
    let names: Vec<&str> = rows.iter().map(|r| r.student.name()).collect();
    assert_eq!(matching, 10, "Pupil 240 … 249: {names:?}");
    assert_eq!(names[0], "Pupil 240");
    state.roster_view.filter = "nobody".into();
    assert_eq!(state.roster_rows().1, 0);
}

#[test]
fn the_history_lists_the_newest_games_until_all_are_asked_for() {
    let mut state = page();
    let (ann, bo) = (id(&state, "Ann"), id(&state, "Bo"));
    for _ in 0..(HISTORY_PAGE + 5) {
        state.ladder.record_game(ann, bo, Score::Draw, "2026-12-01").unwrap();
    }
    assert_eq!(state.history_lines().len(), HISTORY_PAGE);
    state.history_all = true;
    assert_eq!(state.history_lines().len(), HISTORY_PAGE + 5);
}

/// Issue 29: files are read from their bytes in the encoding that reads them cleanly, the
/// question says which and shows the names; a file no encoding reads, or over the limit, is
/// refused by name and changes nothing.
#[test]
fn imported_bytes_are_decoded_named_and_shown_or_refused() {
    let no_gbk = |_: &[u8]| None;
    let mut state = page();
    let before = state.ladder.clone();
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain("name\r\n小明\r\nZoë\r\n".encode_utf16().flat_map(u16::to_le_bytes)).collect();
    state.notice = Some(Notice { text: words::reading(72.0, Lang::En), error: false });
    state.read_import_bytes(&[("class.csv".into(), utf16)], no_gbk);
    assert_eq!(state.notice, None, "the reading message is gone");
    assert!(
        state.import_question().unwrap().starts_with("Read as UTF-16 (Unicode text). The file holds 2 students"),
        "{:?}",
        state.import_question()
    );
    assert_eq!(state.import_names(12).unwrap(), "Names: 小明, Zoë");
    state.read_import_bytes(&[("class.csv".into(), b"name\nZo\xEB\nJos\xE9\nAnn\n".to_vec())], no_gbk);
    assert!(state.import_question().unwrap().starts_with("Read as Windows-1252"));
    assert_eq!(state.import_names(2).unwrap(), "Names: Zoë, José … and 1 more");
    state.lang = Lang::Zh;
    assert_eq!(state.import_names(2).unwrap(), "名单：Zoë、José……还有 1 位");
    state.lang = Lang::En;

    // GBK bytes, with the browser's decoder standing in.
    let gbk = |bytes: &[u8]| (bytes == b"name\n\xD5\xC5\xC8\xFD\n").then(|| "name\n张三\n".to_string());
    state.read_import_bytes(&[("class.csv".into(), b"name\n\xD5\xC5\xC8\xFD\n".to_vec())], gbk);
    assert!(state.import_question().unwrap().starts_with("Read as GBK (GB18030, Chinese Excel's CSV)."));
    assert_eq!(state.import_names(12).unwrap(), "Names: 张三");

    state.read_import_bytes(&[("bad.csv".into(), b"name\n\xFF\xFE\xFF\n".to_vec())], no_gbk);
    assert!(state.ask.is_none());
    let notice = state.notice.clone().unwrap();
    assert!(notice.error && notice.text.contains("The text of “bad.csv” cannot be read"), "{notice:?}");
    let big = vec![b'a'; import_limit("big.csv") + 1];
    assert_eq!(import_limit("Backup.JSON"), 8 * 1024 * 1024);
    state.read_import_bytes(&[("roster.csv".into(), b"name\nA\n".to_vec()), ("big.csv".into(), big)], no_gbk);
    assert!(state.notice.as_ref().unwrap().text.contains("“big.csv” is 4 MB; a ladder CSV file is 4 MB at most"), "{:?}", state.notice);
    assert!(state.ask.is_none());
    assert_eq!(state.ladder, before);
}

/// Issue 29 §5: the page reads a CSV import in steps; the reading message stays until the
/// question, a new pick drops an import being read, and the ladder changes only on yes.
#[test]
fn a_csv_import_is_read_in_steps_and_then_asked() {
    let no_gbk = |_: &[u8]| None;
    let mut state = page();
    let before = state.ladder.clone();
    let roster: String = std::iter::once("name\n".to_string()).chain((0..500).map(|i| format!("学生{i}\n"))).collect();
    state.notice = Some(Notice { text: words::reading(roster.len() as f64, Lang::En), error: false });
    state.start_import_bytes(&[("class.csv".into(), roster.clone().into_bytes())], no_gbk);
    let mut steps = 0;
    while state.continue_import(10) {
        steps += 1;
        assert!(state.ask.is_none() && state.notice.as_ref().is_some_and(|n| !n.error), "still reading, and saying so");
    }
    assert!(steps > 100, "{steps} steps");
    assert!(!state.continue_import(10), "nothing more to read");
    assert_eq!(state.notice, None);
    assert!(state.import_question().unwrap().starts_with("Read as UTF-8. The file holds 500 students"), "{:?}", state.import_question());
    assert_eq!(state.ladder, before, "nothing replaced before yes");
    // A file refused for what it holds is said when its reading gets there.
    state.start_import_bytes(&[("class.csv".into(), format!("{roster}学生7\n").into_bytes())], no_gbk);
    assert!(state.ask.is_none() && state.importing.is_some());
    while state.continue_import(10) {}
    assert!(state.notice.as_ref().is_some_and(|n| n.error && n.text.contains("学生7")), "{:?}", state.notice);
    state.start_import_bytes(&[("class.csv".into(), roster.into_bytes())], no_gbk);
    state.answer(true);
    assert_eq!(state.ladder, before, "no question yet, so no yes");
    while state.continue_import(10) {}
    state.answer(true);
    assert_eq!(state.ladder.students().len(), 500);
}

/// Issue 29 §5: a JSON backup is read in steps too, with what reading it in one go gives.
#[test]
fn a_json_backup_is_read_in_steps_and_then_asked() {
    let mut saved = page();
    for i in 0..200 {
        saved.add_student(&format!("学生{i}"), "");
    }
    let backup = saved.ladder.to_json();
    let mut state = page();
    let before = state.ladder.clone();
    state.start_import_bytes(&[("backup.json".into(), backup.clone().into_bytes())], |_: &[u8]| None);
    assert!(state.ask.is_none() && state.importing.is_some(), "not read at once");
    let mut steps = 0;
    while state.continue_import(10) {
        steps += 1;
    }
    assert!(steps > 100, "{steps} steps");
    assert!(state.import_question().unwrap().starts_with("Read as UTF-8. The file holds 202 students"), "{:?}", state.import_question());
    assert_eq!(state.ladder, before, "nothing replaced before yes");
    state.answer(true);
    assert_eq!(state.ladder, saved.ladder);
    // Refused for what it holds, when its reading gets there.
    state.start_import_bytes(&[("backup.json".into(), backup.replace("学生7\"", "学生8\"").into_bytes())], |_: &[u8]| None);
    while state.continue_import(10) {}
    assert!(state.notice.as_ref().is_some_and(|n| n.error && n.text.contains("学生8")), "{:?}", state.notice);
    assert_eq!(state.ladder, saved.ladder);
}

#[test]
fn the_roster_filter_finds_a_part_of_a_name_in_any_script() {
    assert!(has_text("小明明", "明明") && has_text("zoë smith", "ë s") && has_text("abc", ""));
    assert!(!has_text("小明", "小明明") && !has_text("ab", "ba") && !has_text("", "a"));
    // "明" (E6 98 8E) and U+6608 (E6 98 88) share their first two bytes: no partial match.
    assert!(!has_text("明", "\u{6608}"));
}
