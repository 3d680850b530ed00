//! The classroom ladder's import: the first byte picks JSON or CSV (the roster, then after a
//! 0xFF byte the optional history). Importing never panics; a failed import leaves the ladder
//! unchanged; an imported ladder exports losslessly to JSON and to CSV, ranks every student,
//! and undoes its whole history, and a game recorded on it and undone restores it exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::classroom::ladder::Ladder;
use qitong::classroom::points::Score;

/// A small ladder with a game in it, for the imports to replace (or, on error, to keep).
fn base() -> Ladder {
    let mut ladder = Ladder::new();
    let ids = (ladder.add_student("小明"), ladder.add_student("小红"));
    if let (Ok(a), Ok(b)) = ids {
        let recorded = ladder.record_game(a, b, Score::Draw, "2026-12-01");
        assert!(recorded.is_ok(), "{recorded:?}");
    }
    ladder
}

fn check_imported(ladder: &Ladder) {
    let json = ladder.to_json();
    assert_eq!(Ladder::from_json(&json).as_ref(), Ok(ladder), "{json}");
    let (roster, history) = (ladder.roster_csv(), ladder.history_csv());
    assert_eq!(Ladder::from_csv(&roster, Some(&history)).as_ref(), Ok(ladder), "{roster}\n{history}");
    assert_eq!(ladder.standings().len(), ladder.students().len());

    let ids: Vec<_> = ladder.students().iter().map(|s| s.id()).collect();
    if let [a, b, ..] = ids[..] {
        for score in [Score::Win, Score::Draw, Score::Loss] {
            let mut played = ladder.clone();
            if played.record_game(a, b, score, "2026-12-24").is_ok() {
                assert!(played.undo_last().is_ok());
                assert_eq!(&played, ladder);
            }
        }
    }

    let mut undone = ladder.clone();
    for _ in 0..ladder.history().len() {
        assert!(undone.undo_last().is_ok());
    }
    assert!(undone.history().is_empty() && undone.undo_last().is_err());
    for (s, was) in undone.students().iter().zip(ladder.students()) {
        let recorded = ladder.history_of(was.id()).count();
        assert_eq!(u64::from(s.games()) + recorded as u64, u64::from(was.games()), "{s:?} after undoing all of {was:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let [kind, rest @ ..] = data else { return };
    let mut ladder = base();
    let before = ladder.clone();
    let result = if kind % 2 == 0 {
        let Ok(text) = std::str::from_utf8(rest) else { return };
        ladder.import_json(text)
    } else {
        let (roster, history) = match rest.iter().position(|&b| b == 0xff) {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let Ok(roster) = std::str::from_utf8(roster) else { return };
        let history = match history.map(std::str::from_utf8) {
            Some(Ok(text)) => Some(text),
            Some(Err(_)) => return,
            None => None,
        };
        ladder.import_csv(roster, history)
    };
    match result {
        Ok(()) => check_imported(&ladder),
        Err(e) => {
            assert_eq!(ladder, before, "a failed import changed the ladder");
            assert!(!e.to_string().is_empty() && !e.code().is_empty());
        }
    }
});
