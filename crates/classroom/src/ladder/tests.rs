//! Unit tests of the ladder's roster and ledger (imports are tested in tests/class_points.rs).

use super::*;

fn p(s: &str) -> Points {
    s.parse().unwrap()
}

fn class() -> (Ladder, StudentId, StudentId, StudentId) {
    let mut ladder = Ladder::new();
    let a = ladder.add_student("小明").unwrap();
    let b = ladder.add_student("小红").unwrap();
    let c = ladder.add_student("Tom").unwrap();
    (ladder, a, b, c)
}

#[test]
fn ids_are_stable_and_names_are_checked() {
    let (mut ladder, a, b, c) = class();
    assert_eq!([a.get(), b.get(), c.get()], [1, 2, 3]);
    assert_eq!(ladder.add_student("  tom "), Err(LadderError::DuplicateName("Tom".into())));
    assert_eq!(ladder.add_student("   "), Err(LadderError::EmptyName));
    assert_eq!(ladder.add_student("a\nb"), Err(LadderError::ControlCharacter));
    for sneaky in ["abc\u{202E}gpj", "\u{2066}x", "x\u{202A}"] {
        assert_eq!(ladder.add_student(sneaky), Err(LadderError::ControlCharacter), "{sneaky:?}");
    }
    assert_eq!(ladder.add_student(&"长".repeat(41)), Err(LadderError::NameTooLong));
    assert!(ladder.add_student(&"长".repeat(40)).is_ok());
    ladder.rename_student(c, " Tommy ").unwrap();
    assert_eq!(ladder.student(c).unwrap().name(), "Tommy");
    assert_eq!(ladder.find_by_name("TOMMY").map(Student::id), Some(c));
    ladder.rename_student(c, "tommy").unwrap(); // renaming to itself, other case: allowed
    assert_eq!(ladder.rename_student(c, "小明"), Err(LadderError::DuplicateName("小明".into())));
    let ghost = StudentId::new(99).unwrap();
    assert_eq!(ladder.rename_student(ghost, "x"), Err(LadderError::UnknownStudent(ghost)));
}

#[test]
fn record_applies_the_table_and_counters() {
    let (mut ladder, a, b, _) = class();
    let record = ladder.record_game(a, b, Score::Win, " 2026-12-01 ").unwrap().clone();
    assert_eq!(record.date, "2026-12-01");
    assert_eq!((record.a_before, record.delta_a, record.a_after()), (p("0"), p("10"), p("10")));
    assert_eq!((record.b_before, record.delta_b, record.b_after()), (p("0"), p("-10"), p("-10")));
    // D = 20: a draw gives the lower player (10 + 2) / 2 = 6.
    ladder.record_game(b, a, Score::Draw, "2026-12-02").unwrap();
    let (sa, sb) = (ladder.student(a).unwrap(), ladder.student(b).unwrap());
    assert_eq!((sa.points(), sb.points()), (p("4"), p("-4")));
    assert_eq!((sa.games(), sa.wins(), sa.draws(), sa.losses()), (2, 1, 1, 0));
    assert_eq!((sb.games(), sb.wins(), sb.draws(), sb.losses()), (2, 0, 1, 1));
    assert_eq!(ladder.history().len(), 2);
    assert_eq!(ladder.history_of(a).count(), 2);
}

#[test]
fn preview_changes_nothing_and_matches_the_record() {
    let (mut ladder, a, b, _) = class();
    ladder.record_game(a, b, Score::Win, "d1").unwrap();
    let before = ladder.clone();
    let preview = ladder.preview_game(b, a, Score::Win).unwrap();
    assert_eq!(ladder, before);
    assert_eq!(preview.award.row, crate::award::Row::LowerWins);
    assert_eq!((preview.a_before, preview.a_after), (p("-10"), p("2")));
    let record = ladder.record_game(b, a, Score::Win, "d2").unwrap();
    assert_eq!((record.a_after(), record.b_after()), (preview.a_after, preview.b_after));
}

#[test]
fn refused_games_change_nothing() {
    let (mut ladder, a, _, _) = class();
    let ghost = StudentId::new(42).unwrap();
    let before = ladder.clone();
    assert_eq!(ladder.record_game(a, a, Score::Win, "x"), Err(LadderError::SameStudent(a)));
    assert_eq!(ladder.record_game(a, ghost, Score::Win, "x"), Err(LadderError::UnknownStudent(ghost)));
    assert_eq!(ladder.record_game(ghost, a, Score::Draw, "x"), Err(LadderError::UnknownStudent(ghost)));
    assert_eq!(ladder.record_game(a, StudentId(2), Score::Win, "a\tb"), Err(LadderError::ControlCharacter));
    assert_eq!(ladder.record_game(a, StudentId(2), Score::Win, &"9".repeat(33)), Err(LadderError::DateTooLong));
    assert_eq!(ladder, before);
}

#[test]
fn undo_restores_exactly_the_state_before() {
    let (mut ladder, a, b, c) = class();
    ladder.record_game(a, b, Score::Win, "1").unwrap();
    ladder.record_game(c, a, Score::Draw, "2").unwrap();
    let snapshot = ladder.clone();
    let record = ladder.record_game(b, c, Score::Loss, "3").unwrap().clone();
    assert_ne!(ladder, snapshot);
    assert_eq!(ladder.undo_last(), Ok(record));
    assert_eq!(ladder, snapshot);
    ladder.undo_last().unwrap();
    ladder.undo_last().unwrap();
    assert_eq!(ladder, class().0);
    assert_eq!(ladder.undo_last(), Err(LadderError::NoGameToUndo));
}

#[test]
fn remove_is_refused_while_a_student_has_games() {
    let (mut ladder, a, b, c) = class();
    ladder.record_game(a, b, Score::Win, "1").unwrap();
    assert_eq!(ladder.remove_student(a), Err(LadderError::HasHistory { id: a, games: 1 }));
    assert_eq!(ladder.remove_student(c).map(|s| s.name().to_string()), Ok("Tom".to_string()));
    assert_eq!(ladder.remove_student(c), Err(LadderError::UnknownStudent(c)));
    ladder.undo_last().unwrap();
    assert!(ladder.remove_student(a).is_ok());
    // The largest id in use is 2, so the next student gets 3 (c's id, freed with no history).
    assert_eq!(ladder.add_student("新同学").unwrap().get(), 3);
}

#[test]
fn standings_sort_by_points_and_share_ranks() {
    let (mut ladder, a, b, c) = class();
    let d = ladder.add_student("Ann").unwrap();
    ladder.record_game(a, b, Score::Win, "1").unwrap(); // a 10, b -10
    ladder.record_game(c, d, Score::Draw, "2").unwrap(); // c 0, d 0
    let order: Vec<(usize, &str)> = ladder.standings().iter().map(|r| (r.rank, r.student.name())).collect();
    assert_eq!(order, [(1, "小明"), (2, "Ann"), (2, "Tom"), (4, "小红")]);
}

#[test]
fn student_ids_parse_strictly() {
    assert_eq!("7".parse::<StudentId>(), Ok(StudentId(7)));
    for bad in ["0", "", "-1", "+1", " 1", "1.0", "4294967296"] {
        assert!(bad.parse::<StudentId>().is_err(), "{bad:?}");
    }
}

#[test]
fn a_student_may_join_with_points_and_survives_a_json_round_trip() {
    let mut ladder = Ladder::new();
    let ming = ladder.add_student_with_points("小明", p("250")).unwrap();
    let hong = ladder.add_student("小红").unwrap();
    assert_eq!(ladder.student(ming).unwrap().points(), p("250"));
    assert_eq!(ladder.student(ming).unwrap().games(), 0);
    assert!(ladder.student(ming).unwrap().standing().provisional);
    // D = 250: the higher-rated player wins and gains nothing.
    ladder.record_game(ming, hong, Score::Win, "").unwrap();
    assert_eq!(ladder.student(ming).unwrap().points(), p("250"));
    assert_eq!(Ladder::from_json(&ladder.to_json()).unwrap(), ladder);
    assert_eq!(ladder.add_student_with_points(" 小明 ", p("0")), Err(LadderError::DuplicateName("小明".to_string())));
}

#[test]
fn names_a_spreadsheet_would_run_are_exported_as_text_and_read_back_the_same() {
    let mut ladder = Ladder::default();
    let names = ["=HYPERLINK(\"http://e.vil\",\"x\")", "+cmd", "-2+3", "@SUM(A1)", "'Tis", "小明"];
    for name in names {
        ladder.add_student(name).unwrap();
    }
    let (a, b) = (ladder.find_by_name("+cmd").map(Student::id).unwrap(), ladder.find_by_name("@SUM(A1)").map(Student::id).unwrap());
    ladder.record_game(a, b, Score::Win, "=1+1").unwrap();
    let roster = ladder.roster_csv();
    for line in roster.lines().skip(1) {
        let cell = line.split(',').nth(1).unwrap_or("").trim_start_matches('"');
        assert!(!cell.starts_with(['=', '+', '-', '@']), "a formula cell: {line}");
    }
    let history = ladder.history_csv();
    assert!(history.contains(",'+cmd,") && history.contains(",'@SUM(A1),") && history.contains("'=1+1,"), "{history}");
    let back = Ladder::from_csv(&roster, Some(&history)).expect("readable");
    let back_names: Vec<&str> = back.students().iter().map(Student::name).collect();
    assert_eq!(back_names, names);
    assert_eq!(back.history()[0].date, "=1+1");
}

/// Issue 29: names that look the same are one student, whether added, renamed or imported.
#[test]
fn look_alike_names_are_refused_saying_which_and_how() {
    let mut ladder = Ladder::new();
    let zoe = ladder.add_student("Zoë").unwrap();
    let ann = ladder.add_student("Ann").unwrap();
    assert_eq!(ladder.add_student("Zoe\u{308}"), Err(LadderError::LookAlikeName { existing: "Zoë".into(), how: LookAlike::Accent }));
    let e = ladder.add_student("Ann\u{200B}").unwrap_err();
    assert_eq!(e, LadderError::LookAlikeName { existing: "Ann".into(), how: LookAlike::Invisible('\u{200B}') });
    assert_eq!(e.code(), "ladder-look-alike-name");
    assert!(e.to_string().contains("U+200B"), "{e}");
    assert_eq!(ladder.rename_student(zoe, "\u{FF21}nn"), Err(LadderError::LookAlikeName { existing: "Ann".into(), how: LookAlike::Width }));
    assert_eq!(ladder.find_by_name("ＡＮＮ").map(Student::id), Some(ann));
    assert_eq!(ladder.add_student("Zoe"), Ok(StudentId(3)), "without the accent it is another name");

    for (roster, line, earlier, how) in [
        ("name\nZoë\nZoe\u{308}\n", 3, 2, LookAlike::Accent),
        ("name\nAnn\nBo\nAnn\u{200B}\n", 4, 2, LookAlike::Invisible('\u{200B}')),
        ("name\n\u{FF21}nn\nAnn\n", 3, 2, LookAlike::Width),
    ] {
        let e = Ladder::from_csv(roster, None).unwrap_err();
        let ImportError::Invalid { at, problem: Problem::LookAlikeName { other_at, how: found, .. } } = &e else {
            panic!("{roster:?}: {e:?}");
        };
        let line_of = |at: &Location| match at {
            Location::Csv { line, .. } => *line,
            Location::Json(_) => 0,
        };
        assert_eq!((line_of(at), line_of(other_at), *found), (line, earlier, how), "{e}");
    }
    // The same text twice, or only in case, stays a plain duplicate.
    let e = Ladder::from_csv("name\nAnn\nANN\n", None).unwrap_err();
    assert!(matches!(e, ImportError::Invalid { problem: Problem::DuplicateName(_), .. }), "{e:?}");
    let e = Ladder::from_csv("name\nZoë\nZoe\u{308}\n", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "roster CSV line 3, column name: the name \"Zoe\\u{308}\" looks the same as \"Zoë\" (roster CSV line 2, column name): \
         they differ only in an accent written as a separate mark, so they would be one student twice"
    );
}

/// Issue 29: U+FFFD is what a wrong decoding leaves; such a name is refused, not imported.
#[test]
fn names_with_the_replacement_character_are_refused() {
    let mut ladder = Ladder::new();
    assert_eq!(ladder.add_student("Zo\u{FFFD}"), Err(LadderError::UnreadableCharacter));
    let e = Ladder::from_csv("name\nZo\u{FFFD}\nJos\u{FFFD}\n", None).unwrap_err();
    assert!(matches!(e, ImportError::Invalid { problem: Problem::Name(LadderError::UnreadableCharacter), .. }), "{e:?}");
    assert!(e.to_string().starts_with("roster CSV line 2, column name"), "{e}");
}

/// Issue 29: a file over the stated size is refused before it is read, with both sizes in words.
#[test]
fn files_over_the_limit_are_refused_at_once() {
    let row = "Student with a long name,0\n";
    let mut big = String::from("name,points\n");
    while big.len() <= MAX_CSV_BYTES {
        big.push_str(row);
    }
    let e = Ladder::from_csv(&big, None).unwrap_err();
    assert_eq!(e, ImportError::TooLarge { file: ImportFile::Csv(CsvFile::Roster), bytes: big.len() });
    assert_eq!(e.code(), "import-too-large");
    assert_eq!(e.to_string(), "roster CSV: 4 MB is more than a ladder file can be (4 MB at most); no class has that much");
    let e = Ladder::from_csv("name\nA\n", Some(&big)).unwrap_err();
    assert!(matches!(e, ImportError::TooLarge { file: ImportFile::Csv(CsvFile::History), .. }), "{e:?}");
    // A JSON backup may be larger: any ladder the browser can keep reads back.
    assert!(matches!(Ladder::from_json(&big), Err(ImportError::Json(_))));
    let huge = " ".repeat(MAX_JSON_BYTES + 1);
    assert!(matches!(Ladder::from_json(&huge), Err(ImportError::TooLarge { file: ImportFile::Json, bytes }) if bytes == huge.len()));
    // Just under the limit is read (and refused only for what it holds).
    let under: String = big.chars().take(MAX_CSV_BYTES).collect();
    assert!(!matches!(Ladder::from_csv(&under, None), Err(ImportError::TooLarge { .. })));
    assert_eq!(size_in_words(50 * 1024 * 1024 + 300 * 1024), "50.3 MB");
    assert_eq!(size_in_words(900 * 1024), "900 KB");
}

/// Ids in file order skip the sorts (issue 29's big files); ids out of order are still sorted
/// and checked.
#[test]
fn ids_in_any_order_are_sorted_and_checked() {
    let ladder = Ladder::from_csv("id,name\n7,A\n2,B\n5,C\n", None).unwrap();
    let ids: Vec<u32> = ladder.students().iter().map(|s| s.id().get()).collect();
    assert_eq!(ids, [2, 5, 7]);
    let e = Ladder::from_csv("id,name\n7,A\n2,B\n7,C\n", None).unwrap_err();
    assert!(matches!(e, ImportError::Invalid { problem: Problem::DuplicateId(id), .. } if id.get() == 7), "{e:?}");
    let ladder = Ladder::from_csv("id,name\n1,A\n2,B\n9,C\n", None).unwrap();
    assert_eq!(ladder.students().iter().map(|s| s.id().get()).collect::<Vec<_>>(), [1, 2, 9]);
}

/// Runs an import `budget` steps at a time; the result and how many calls it took.
fn in_steps(roster: &str, history: Option<&str>, budget: usize) -> (Result<Ladder, ImportError>, usize) {
    let mut import = match CsvImport::new(roster.to_string(), history.map(str::to_string)) {
        Ok(import) => import,
        Err(e) => return (Err(e), 0),
    };
    for calls in 1.. {
        match import.step(budget) {
            Ok(None) => {}
            Ok(Some(ladder)) => return (Ok(ladder), calls),
            Err(e) => return (Err(e), calls),
        }
    }
    unreachable!("the loop ends by returning")
}

/// Issue 29 §5: `CsvImport` does `from_csv`'s work a few steps at a time (the ladder page reads
/// a 4 MiB roster so, between frames), with `from_csv`'s ladder or error for every file.
#[test]
fn a_csv_import_in_small_steps_gives_what_from_csv_gives() {
    let (mut ladder, a, b, c) = class();
    ladder.record_game(a, b, Score::Win, "2026-12-01").unwrap();
    ladder.record_game(c, a, Score::Draw, "2026-12-02").unwrap();
    let (roster, history) = (ladder.roster_csv(), ladder.history_csv());
    let shuffled = "id,name,points\n7,A,0\n2,B,0\n5,C,0\n";
    let cases: Vec<(&str, Option<&str>)> = vec![
        (&roster, Some(&history)),
        (&roster, None),
        (shuffled, None),
        ("id,name\n7,A\n2,B\n7,C\n", None),
        ("name\nAnn\nB\nZoë\nZoe\u{308}\n", None),
        ("name,points\nA,1\nB\"x,2\n", None),
        ("name,points\nA,1\nB\n", None),
        ("", None),
        ("name,games,wins\nA,1,2\n", None),
        (&roster, Some("date,a_id\n\"2026-12-01,1\n")),
        (&roster, Some("date,a_id,b_id,score_a,a_before,b_before,delta_a,delta_b\n,1,2,draw,0,0,0,0\n")),
        ("id,name,points\n2,B,0\n1,A,0\n", Some("date,a_id,b_id,score_a,a_before,b_before,delta_a,delta_b\n2026-12-01,1,2,1,0,0,1,-1\n")),
        // Several repeats: the one whose later line comes first is said, across the scan's steps.
        ("name\nB\nA\nC\nD\nE\nF\nb\nA\nC\n", None),
        ("id,name\n3,A\n1,B\n4,C\n1,D\n3,E\n", None),
        (&roster, Some("date,a_id,b_id,score_a,a_before,b_before,delta_a,delta_b\n2026-12-01,1,2,1,5,0,10,-10\n")),
    ];
    for (roster, history) in cases {
        let whole = Ladder::from_csv(roster, history);
        for budget in [1, 2, 7, 1000] {
            assert_eq!(in_steps(roster, history, budget).0, whole, "{roster:?} {history:?} in steps of {budget}");
        }
    }
    assert_eq!(in_steps(&roster, Some(&history), 1).0, Ok(ladder));
}

/// A big roster is many small steps, whatever its order: no step does more than its budget of
/// rows, names or sifts (each a few microseconds).
#[test]
fn a_big_roster_takes_many_steps() {
    let mut roster = String::from("id,name\n");
    let rows = 20_000usize;
    for i in 0..rows {
        // Ids out of order, so that the ids and the students are sorted too.
        roster.push_str(&format!("{},学生{i}\n", (i * 7919) % rows + 1));
    }
    let (read, calls) = in_steps(&roster, None, 100);
    assert_eq!(read.map(|l| l.students().len()), Ok(rows));
    // Read, made students, cleaned, keyed, and three sorts of ~1.5 n sifts each.
    assert!(calls >= 8 * rows / 100, "{calls} calls");
    let (once, calls) = in_steps(&roster, None, usize::MAX);
    assert_eq!(once.map(|l| l.students().len()), Ok(rows));
    assert!(calls <= 8, "{calls} calls with no limit");
}

/// Runs a JSON import `budget` steps at a time; the result and how many calls it took.
fn json_in_steps(text: &str, budget: usize) -> (Result<Ladder, ImportError>, usize) {
    let mut import = match JsonImport::new(text.to_string()) {
        Ok(import) => import,
        Err(e) => return (Err(e), 0),
    };
    for calls in 1.. {
        match import.step(budget) {
            Ok(None) => {}
            Ok(Some(ladder)) => return (Ok(ladder), calls),
            Err(e) => return (Err(e), calls),
        }
    }
    unreachable!("the loop ends by returning")
}

/// Issue 29 §5: `JsonImport` reads a backup a few tokens, rows or checks at a time, with
/// `from_json`'s ladder or error (and the same place for it) for every file.
#[test]
fn a_json_import_in_small_steps_gives_what_from_json_gives() {
    let (mut ladder, a, b, c) = class();
    ladder.record_game(a, b, Score::Win, "2026-12-01").unwrap();
    ladder.record_game(c, a, Score::Draw, "2026-12-02").unwrap();
    let good = ladder.to_json();
    let student = r#"{"id": 1, "name": "A", "points": 0, "games": 0, "wins": 0, "draws": 0, "losses": 0}"#;
    let root =
        |students: &str, history: &str| format!(r#"{{"format": "qitong-ladder", "version": 1, "students": [{students}], "history": {history}}}"#);
    let cases = [
        good.clone(),
        format!("\u{feff}{good}"),
        good.replace("\"history\"", "\"histories\""),
        good.replace("小红", "小明"),
        good.replace("\"version\": 1", "\"version\": 2"),
        good.replace("qitong-ladder", "other"),
        good[..good.len() / 2].to_string(),
        "[1, 2]".into(),
        "{}".into(),
        r#"{"format": "qitong-ladder", "version": 1}"#.into(),
        root(student, "[]"),
        root(&format!("{student}, {student}"), "[]"),
        root(&student.replace("\"A\"", "7"), "3"),
        root(student, "3"),
        root(student, r#"[{"date": "d"}]"#),
        root(&format!("{student}, {}", student.replace("\"id\": 1", "\"id\": 2").replace("\"A\"", "\"Ａ\"")), "[]"),
    ];
    for text in &cases {
        let whole = Ladder::from_json(text);
        for budget in [1, 2, 7, 1000] {
            assert_eq!(json_in_steps(text, budget).0, whole, "{text:?} in steps of {budget}");
        }
    }
    assert_eq!(json_in_steps(&good, 1).0, Ok(ladder));
}

/// A big backup is many small steps: a school's 2,000 students and ~4,000 games.
#[test]
fn a_big_backup_takes_many_steps() {
    let mut ladder = Ladder::new();
    let ids: Vec<StudentId> = (0..2_000).map(|i| ladder.add_student(&format!("学生{i}")).unwrap()).collect();
    for (i, pair) in ids.chunks(2).cycle().take(4_000).enumerate() {
        ladder.record_game(pair[0], pair[1], [Score::Win, Score::Draw, Score::Loss][i % 3], "2026-12-05").unwrap();
    }
    let text = ladder.to_json();
    let (read, calls) = json_in_steps(&text, 100);
    assert_eq!(read.as_ref().map(|l| (l.students().len(), l.history().len())), Ok((2_000, 4_000)));
    assert_eq!(read, Ok(ladder));
    // Tokens (~20 a student, ~30 a game), rows, checks: each call does at most 100.
    assert!(calls >= (2_000 * 20 + 4_000 * 30) / 100, "{calls} calls");
    // In one go: a call to read, then one for the rows and checks up to each sort and scan.
    assert!(json_in_steps(&text, usize::MAX).1 <= 8, "{} calls with no limit", json_in_steps(&text, usize::MAX).1);
}

/// A hostile file's huge `"format"` or `"version"` is not said back whole (nor written out).
#[test]
fn a_huge_wrong_format_is_said_back_short() {
    let long = "x".repeat(100_000);
    let e = Ladder::from_json(&format!(r#"{{"format": "{long}"}}"#)).unwrap_err();
    assert!(matches!(&e, ImportError::Invalid { problem: Problem::NotALadder { found }, .. } if found.chars().count() == 43), "{e:?}");
    let e = Ladder::from_json(&format!(r#"{{"format": "qitong-ladder", "version": [{}1]}}"#, "1,".repeat(50_000))).unwrap_err();
    assert!(matches!(&e, ImportError::Invalid { problem: Problem::UnsupportedVersion { found }, .. } if found == "array"), "{e:?}");
}
