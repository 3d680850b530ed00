//! The ladder's JSON and CSV files through the public API: lossless round trips, and every way
//! an import can be refused, each leaving the ladder unchanged.

use qitong::classroom::ladder::{CsvFile, ImportError, Ladder, LadderError, Location, Problem, StudentId};
use qitong::classroom::points::{Points, PointsError, Score};
use qitong::format::json::{Number, Value};

fn p(s: &str) -> Points {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// A ladder with a few games, some of them rounded, a negative total, and awkward names.
fn sample() -> Ladder {
    let mut ladder = Ladder::new();
    let names = ["小明", "Wang, \"Lei\"", "Ann", "李 小红"];
    let ids: Vec<StudentId> = names.iter().map(|n| ladder.add_student(n).unwrap()).collect();
    let games = [(0, 1, Score::Win), (1, 2, Score::Draw), (2, 0, Score::Loss), (3, 1, Score::Win)];
    for (i, (a, b, score)) in games.into_iter().enumerate() {
        ladder.record_game(ids[a], ids[b], score, &format!("2026-12-0{}", i + 1)).unwrap();
    }
    ladder.add_student("新同学").unwrap();
    ladder
}

#[test]
fn json_round_trip_is_lossless() {
    let ladder = sample();
    let text = ladder.to_json();
    assert!(text.starts_with("{\n  \"format\": \"qitong-ladder\",\n  \"version\": 1,"));
    assert_eq!(Ladder::from_json(&text), Ok(ladder.clone()));
    // With a byte-order mark, as some editors save it.
    assert_eq!(Ladder::from_json(&format!("\u{feff}{text}")), Ok(ladder.clone()));
    // Undo still works exactly on the imported copy.
    let mut copy = Ladder::from_json(&text).unwrap();
    let mut original = ladder;
    while original.undo_last().is_ok() {
        copy.undo_last().unwrap();
        assert_eq!(copy, original);
    }
}

#[test]
fn csv_round_trips_are_lossless() {
    let ladder = sample();
    let (roster, history) = (ladder.roster_csv(), ladder.history_csv());
    assert!(roster.starts_with("\u{feff}id,name,points,games,wins,draws,losses,level\r\n"));
    assert!(roster.contains("\r\n2,\"Wang, \"\"Lei\"\"\","));
    assert_eq!(Ladder::from_csv(&roster, Some(&history)), Ok(ladder.clone()));
    // A roster without games needs no history file.
    let mut fresh = Ladder::new();
    fresh.add_student("甲").unwrap();
    fresh.add_student("乙").unwrap();
    assert_eq!(Ladder::from_csv(&fresh.roster_csv(), None), Ok(fresh));
    // The roster alone keeps every student's numbers, without the history.
    let roster_only = Ladder::from_csv(&roster, None).unwrap();
    assert_eq!(roster_only.students(), ladder.students());
    assert!(roster_only.history().is_empty());
}

#[test]
fn a_teachers_minimal_roster_is_accepted() {
    let ladder = Ladder::from_csv("Name\n小明\n\n 小红 \n", None).unwrap();
    let names: Vec<(u32, &str)> = ladder.students().iter().map(|s| (s.id().get(), s.name())).collect();
    assert_eq!(names, [(1, "小明"), (2, "小红")]);
    let ladder = Ladder::from_csv("name,points,wins,games\nA,120.5,3,\nB,-3,,10\n", None).unwrap();
    let a = &ladder.students()[0];
    assert_eq!((a.points(), a.games(), a.wins()), (p("120.5"), 3, 3));
    assert_eq!(ladder.students()[1].standing().to_zh(), "无级别（暂定）");
}

/// Imports `text` into a ladder holding `sample()`, expects an error, and checks that the
/// ladder did not change.
fn refused_json(text: &str) -> ImportError {
    let mut ladder = sample();
    let err = ladder.import_json(text).expect_err("import should fail");
    assert_eq!(ladder, sample(), "a failed import changed the ladder");
    assert!(!err.to_string().is_empty());
    err
}

fn refused_csv(roster: &str, history: Option<&str>) -> ImportError {
    let mut ladder = sample();
    let err = ladder.import_csv(roster, history).expect_err("import should fail");
    assert_eq!(ladder, sample(), "a failed import changed the ladder");
    err
}

fn invalid(err: ImportError) -> (Location, Problem) {
    match err {
        ImportError::Invalid { at, problem } => (at, problem),
        other => panic!("expected an invalid ladder, got {other:?}"),
    }
}

fn json_at(path: &str) -> Location {
    Location::Json(path.to_string())
}

/// The sample's JSON after `edit`.
fn edited(edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = sample().to_json().parse().unwrap();
    edit(&mut v);
    v.to_pretty_string()
}

/// The value at a path of keys and array indices.
fn at<'a>(mut v: &'a mut Value, path: &[&str]) -> &'a mut Value {
    for step in path {
        v = match v {
            Value::Array(items) => &mut items[step.parse::<usize>().unwrap()],
            Value::Object(members) => &mut members.iter_mut().find(|(k, _)| k == step).unwrap().1,
            other => panic!("{other} has no {step}"),
        };
    }
    v
}

fn num(text: &str) -> Value {
    Value::Number(Number::from_text(text).unwrap())
}

fn members<'a>(v: &'a mut Value, path: &[&str]) -> &'a mut Vec<(String, Value)> {
    match at(v, path) {
        Value::Object(m) => m,
        other => panic!("{other} is not an object"),
    }
}

#[test]
fn malformed_json_imports_are_refused_and_change_nothing() {
    let good = sample().to_json();
    // A syntax error on line 7: `"name" "小明"`.
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    assert_eq!(lines[6], "      \"name\": \"小明\",");
    lines[6] = lines[6].replacen(':', "", 1);
    match refused_json(&lines.join("\n")) {
        ImportError::Json(e) => assert_eq!((e.line, e.column), (7, 14), "{e}"),
        other => panic!("{other:?}"),
    }
    let err = refused_json(&edited(|v| *at(v, &["version"]) = num("2")));
    assert_eq!(invalid(err), (json_at("version"), Problem::UnsupportedVersion { found: "2".into() }));
    let err = refused_json(&edited(|v| *at(v, &["version"]) = Value::String("1".into())));
    assert_eq!(invalid(err).1, Problem::UnsupportedVersion { found: "\"1\"".into() });
    let err = refused_json(r#"{"hello": "world"}"#);
    assert_eq!(invalid(err), (json_at("format"), Problem::NotALadder { found: "nothing".into() }));
    let err = refused_json("[]");
    assert_eq!(invalid(err).1, Problem::WrongType { expected: "an object", found: "array" });
    let err = refused_json(&edited(|v| members(v, &[]).retain(|(k, _)| k != "history")));
    assert_eq!(invalid(err), (json_at(""), Problem::MissingField("history")));
    let err = refused_json(&edited(|v| members(v, &["students", "0"]).retain(|(k, _)| k != "games")));
    assert_eq!(invalid(err), (json_at("students[0]"), Problem::MissingField("games")));
    let err = refused_json(&edited(|v| *at(v, &["students", "0", "points"]) = num("19.95")));
    assert_eq!(invalid(err), (json_at("students[0].points"), Problem::Points(PointsError::TooManyDecimals)));
    let err = refused_json(&edited(|v| *at(v, &["students", "0", "points"]) = num("1.99e1")));
    assert_eq!(invalid(err).1, Problem::Points(PointsError::InvalidCharacter('e')));
    let err = refused_json(&edited(|v| *at(v, &["students", "0", "points"]) = Value::String("19.9".into())));
    assert_eq!(invalid(err).1, Problem::WrongType { expected: "a number", found: "string" });
    let err = refused_json(&edited(|v| *at(v, &["students", "1", "id"]) = num("1")));
    assert_eq!(invalid(err), (json_at("students[1].id"), Problem::DuplicateId(StudentId::new(1).unwrap())));
    let err = refused_json(&edited(|v| *at(v, &["students", "1", "id"]) = num("0")));
    assert_eq!(invalid(err), (json_at("students[1].id"), Problem::Id("0".into())));
    let err = refused_json(&edited(|v| *at(v, &["students", "1", "games"]) = num("2.5")));
    assert_eq!(invalid(err), (json_at("students[1].games"), Problem::Count("2.5".into())));
    let err = refused_json(&edited(|v| *at(v, &["students", "2", "name"]) = Value::String("小明 ".into())));
    assert_eq!(invalid(err), (json_at("students[2].name"), Problem::DuplicateName("小明".into())));
    let err = refused_json(&edited(|v| *at(v, &["students", "2", "name"]) = Value::String(" ".into())));
    assert_eq!(invalid(err).1, Problem::Name(LadderError::EmptyName));
    let err = refused_json(&edited(|v| members(v, &["students", "3"]).push(("level".into(), num("3")))));
    assert_eq!(invalid(err), (json_at("students[3]"), Problem::UnknownField("level".into())));
    let err = refused_json(&edited(|v| *at(v, &["history", "0", "score"]) = num("2")));
    assert_eq!(invalid(err), (json_at("history[0].score"), Problem::Score("2".into())));
    let err = refused_json(&edited(|v| *at(v, &["students", "0", "games"]) = num("1")));
    assert_eq!(invalid(err), (json_at("students[0].games"), Problem::CountsExceedGames { results: 2, games: 1 }));
}

#[test]
fn tampered_json_history_is_refused() {
    let id = |n| StudentId::new(n).unwrap();
    // The first game: 小明 (1) beat Wang (2) at 0-0, +10/−10.
    let err = refused_json(&edited(|v| *at(v, &["history", "0", "delta_a"]) = num("12")));
    assert_eq!(invalid(err), (json_at("history[0].delta_a"), Problem::WrongDelta { expected: p("10"), found: p("12") }));
    let err = refused_json(&edited(|v| *at(v, &["history", "0", "a_after"]) = num("11")));
    assert_eq!(invalid(err), (json_at("history[0].a_after"), Problem::WrongAfter { expected: p("10"), found: p("11") }));
    let err = refused_json(&edited(|v| *at(v, &["history", "0", "a"]) = num("9")));
    assert_eq!(invalid(err), (json_at("history[0].a"), Problem::UnknownStudent(id(9))));
    let err = refused_json(&edited(|v| *at(v, &["history", "0", "b"]) = num("1")));
    assert_eq!(invalid(err), (json_at("history[0].b"), Problem::SameStudent(id(1))));
    // Without the second game (Wang −10 → −4.5), Wang's last game starts from a total he never had.
    let without_second = edited(|v| {
        if let Value::Array(games) = at(v, &["history"]) {
            games.remove(1);
        }
    });
    let problem = Problem::BrokenChain { id: id(2), previous_after: p("-10"), before: p("-4.5") };
    assert_eq!(invalid(refused_json(&without_second)), (json_at("history[2].b_before"), problem));
    // A roster total that the history does not end at.
    let err = refused_json(&edited(|v| *at(v, &["students", "0", "points"]) = num("20")));
    let problem = Problem::PointsDisagreeWithHistory { history: p("19.9"), roster: p("20") };
    assert_eq!(invalid(err), (json_at("students[0].points"), problem));
    // 李 小红 (4) won her recorded game, but her counters say she drew it.
    let err = refused_json(&edited(|v| {
        *at(v, &["students", "3", "wins"]) = num("0");
        *at(v, &["students", "3", "draws"]) = num("1");
    }));
    assert_eq!(invalid(err), (json_at("students[3]"), Problem::HistoryExceedsCounters { id: id(4) }));
    // Dropping the first game is fine: a ledger may start from imported totals.
    let without_first = edited(|v| {
        if let Value::Array(games) = at(v, &["history"]) {
            games.remove(0);
        }
    });
    assert_eq!(Ladder::from_json(&without_first).map(|l| l.history().len()), Ok(3));
}

#[test]
fn malformed_csv_imports_are_refused_and_change_nothing() {
    let ladder = sample();
    let (roster, history) = (ladder.roster_csv(), ladder.history_csv());
    // A stray quote on line 3.
    match refused_csv("name,points\nA,1\nB\"x,2\n", None) {
        ImportError::Csv { file, error } => {
            assert_eq!((file, error.line, error.column), (CsvFile::Roster, 3, 2))
        }
        other => panic!("{other:?}"),
    }
    match refused_csv(&roster, Some("date,a_id\n\"2026-12-01,1\n")) {
        ImportError::Csv { file, error } => assert_eq!((file, error.line), (CsvFile::History, 2)),
        other => panic!("{other:?}"),
    }
    let at = |file, line, column| Location::Csv { file, line, column };
    let err = refused_csv("name,points\nA,1\nB,1.25\n", None);
    assert_eq!(invalid(err), (at(CsvFile::Roster, 3, Some("points")), Problem::Points(PointsError::TooManyDecimals)));
    let err = refused_csv("name,points\nA,1\nB\n", None);
    assert_eq!(invalid(err), (at(CsvFile::Roster, 3, None), Problem::FieldCount { expected: 2, found: 1 }));
    let err = refused_csv("name,pionts\nA,1\n", None);
    assert_eq!(invalid(err), (at(CsvFile::Roster, 1, None), Problem::UnknownColumn("pionts".into())));
    let err = refused_csv("id,points\n1,1\n", None);
    assert_eq!(invalid(err).1, Problem::MissingColumn("name"));
    let err = refused_csv("name,Name\nA,B\n", None);
    assert_eq!(invalid(err).1, Problem::DuplicateColumn("Name".into()));
    let err = refused_csv("", None);
    assert_eq!(invalid(err).1, Problem::Empty);
    let err = refused_csv("id,name\n1,A\n1,B\n", None);
    assert_eq!(invalid(err), (at(CsvFile::Roster, 3, Some("id")), Problem::DuplicateId(StudentId::new(1).unwrap())));
    let err = refused_csv("name,games\nA,-1\n", None);
    assert_eq!(invalid(err), (at(CsvFile::Roster, 2, Some("games")), Problem::Count("-1".into())));
    let err = refused_csv("name,games,wins\nA,1,2\n", None);
    assert_eq!(invalid(err).1, Problem::CountsExceedGames { results: 2, games: 1 });
    // The history does not end where the roster says (the roster was edited by hand).
    let edited = roster.replacen("\r\n1,小明,19.9,", "\r\n1,小明,20,", 1);
    assert_ne!(edited, roster);
    let err = refused_csv(&edited, Some(&history));
    assert_eq!(invalid(err), (at(CsvFile::Roster, 2, Some("points")), Problem::PointsDisagreeWithHistory { history: p("19.9"), roster: p("20") }));
    let tampered = history.replacen(",0,0,10,-10,10,-10", ",0,0,10,-9,10,-10", 1);
    assert_ne!(tampered, history);
    let err = refused_csv(&roster, Some(&tampered));
    assert_eq!(invalid(err).0, at(CsvFile::History, 2, Some("delta_b")));
    let err = refused_csv(&roster, Some(&history.replacen("\r\n2026-12-01,1,", "\r\n2026-12-01,7,", 1)));
    assert_eq!(invalid(err), (at(CsvFile::History, 2, Some("a_id")), Problem::UnknownStudent(StudentId::new(7).unwrap())));
    let err = refused_csv(&roster, Some("date,a_id,b_id,score_a,a_before,b_before,delta_a,delta_b\n,1,2,draw,0,0,0,0\n"));
    assert_eq!(invalid(err), (at(CsvFile::History, 2, Some("score_a")), Problem::Score("draw".into())));
}

#[test]
fn large_rosters_import_quickly_and_duplicates_are_found() {
    let mut roster = String::from("name,points\n");
    for i in 0..20_000 {
        roster.push_str(&format!("学生{i},{}.{}\n", i % 300, i % 10));
    }
    let ladder = Ladder::from_csv(&roster, None).unwrap();
    assert_eq!(ladder.students().len(), 20_000);
    assert_eq!(Ladder::from_json(&ladder.to_json()), Ok(ladder));
    roster.push_str("学生7,0\n");
    let err = Ladder::from_csv(&roster, None).unwrap_err();
    let at = Location::Csv { file: CsvFile::Roster, line: 20_002, column: Some("name") };
    assert_eq!(invalid(err), (at, Problem::DuplicateName("学生7".into())));
}
