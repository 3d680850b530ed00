//! What the class ladder page keeps in the browser's storage, and how it reads it back.
//!
//! The ladder is stored under [`LADDER_KEY`] as its own JSON export (`"format":
//! "qitong-ladder", "version": 1`), so the stored text and the backup file are the same thing.
//! A stored text that cannot be read — damaged, or written by a newer version of the site — is
//! never overwritten silently: [`read_stored`] says why and keeps the raw text for download.
//!
//! The play page leaves a finished game under [`PENDING_KEY`] for the ladder to pick up:
//! `{"version":1,"white":"小明","black":"小红","result":"1-0","pgn":"..."}`.

use qitong_classroom::ladder::{ImportError, Ladder, Problem};
use qitong_classroom::points::Score;
use qitong_format::json::{write_string, Value};

/// The localStorage key of the ladder.
pub const LADDER_KEY: &str = "qitong-ladder";
/// The localStorage key of a game result waiting to be recorded, and the version of that record:
/// the class rules' own, so that the play page writes it without depending on this page.
pub use qitong_classroom::ladder::{PENDING_KEY, PENDING_VERSION};
/// The longest PGN carried along with a pending result (longer ones are dropped, not cut).
pub const MAX_PENDING_PGN: usize = 100_000;

/// Why the stored ladder could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoredProblem {
    /// Written by a newer version of the site (`found` is its version).
    NewerVersion(String),
    /// Damaged: not a ladder this site can read.
    Damaged(ImportError),
}

/// The stored ladder as found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// Nothing stored yet: a fresh ladder.
    Nothing,
    Ladder(Ladder),
    /// Something is stored but cannot be used; `raw` is kept for the teacher to download.
    Unreadable {
        raw: String,
        problem: StoredProblem,
    },
}

/// Reads the stored text (`None` when the key is absent).
pub fn read_stored(raw: Option<&str>) -> Stored {
    let Some(raw) = raw else { return Stored::Nothing };
    if raw.trim().is_empty() {
        return Stored::Nothing;
    }
    match Ladder::from_json(raw) {
        Ok(ladder) => Stored::Ladder(ladder),
        Err(ImportError::Invalid { problem: Problem::UnsupportedVersion { found }, .. }) => {
            Stored::Unreadable { raw: raw.to_string(), problem: StoredProblem::NewerVersion(found) }
        }
        Err(e) => Stored::Unreadable { raw: raw.to_string(), problem: StoredProblem::Damaged(e) },
    }
}

/// A finished game from the play page, waiting to be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingResult {
    /// The names as typed on the play page (may be empty).
    pub white: String,
    pub black: String,
    /// What White scored.
    pub score: Score,
    pub pgn: Option<String>,
}

/// The PGN result text for what White scored.
pub fn result_text(white_score: Score) -> &'static str {
    match white_score {
        Score::Win => "1-0",
        Score::Draw => "1/2-1/2",
        Score::Loss => "0-1",
    }
}

fn score_of_result(text: &str) -> Option<Score> {
    match text {
        "1-0" => Some(Score::Win),
        "1/2-1/2" | "½-½" => Some(Score::Draw),
        "0-1" => Some(Score::Loss),
        _ => None,
    }
}

/// Why a pending result could not be read (it is then dropped with a message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PendingError {
    NotJson,
    NewerVersion,
    /// A field is missing or wrong (an unfinished game has result `*`).
    BadField(&'static str),
}

impl PendingResult {
    /// Reads the record written by the play page (or by [`PendingResult::to_json`]).
    pub fn from_json(text: &str) -> Result<PendingResult, PendingError> {
        let root: Value = text.parse().map_err(|_| PendingError::NotJson)?;
        match root.get("version").and_then(Value::as_number).and_then(|n| n.as_u64()) {
            Some(PENDING_VERSION) => {}
            Some(_) => return Err(PendingError::NewerVersion),
            None => return Err(PendingError::BadField("version")),
        }
        let text_field = |name: &'static str| -> Result<String, PendingError> {
            match root.get(name) {
                Some(Value::String(s)) => Ok(s.trim().to_string()),
                _ => Err(PendingError::BadField(name)),
            }
        };
        let (white, black) = (text_field("white")?, text_field("black")?);
        let score = score_of_result(&text_field("result")?).ok_or(PendingError::BadField("result"))?;
        let pgn = match root.get("pgn") {
            Some(Value::String(s)) if !s.is_empty() && s.len() <= MAX_PENDING_PGN => Some(s.clone()),
            _ => None,
        };
        Ok(PendingResult { white, black, score, pgn })
    }

    /// The record as the play page writes it.
    pub fn to_json(&self) -> String {
        let mut out = format!("{{\"version\":{PENDING_VERSION},\"white\":");
        write_string(&self.white, &mut out);
        out.push_str(",\"black\":");
        write_string(&self.black, &mut out);
        out.push_str(",\"result\":");
        write_string(result_text(self.score), &mut out);
        if let Some(pgn) = &self.pgn {
            out.push_str(",\"pgn\":");
            write_string(pgn, &mut out);
        }
        out.push('}');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class() -> Ladder {
        let mut ladder = Ladder::new();
        let a = ladder.add_student("小明").unwrap();
        let b = ladder.add_student("Bo").unwrap();
        ladder.record_game(a, b, Score::Draw, "2026-11-30").unwrap();
        ladder
    }

    #[test]
    fn nothing_stored_is_a_fresh_ladder_and_a_stored_ladder_comes_back_whole() {
        assert_eq!(read_stored(None), Stored::Nothing);
        assert_eq!(read_stored(Some("  ")), Stored::Nothing);
        let ladder = class();
        assert_eq!(read_stored(Some(&ladder.to_json())), Stored::Ladder(ladder));
    }

    #[test]
    fn damaged_or_newer_texts_are_kept_raw_with_the_reason() {
        let newer = class().to_json().replace("\"version\": 1", "\"version\": 2");
        assert!(newer.contains("\"version\": 2"), "{newer}");
        match read_stored(Some(&newer)) {
            Stored::Unreadable { raw, problem: StoredProblem::NewerVersion(v) } => {
                assert_eq!(raw, newer);
                assert_eq!(v, "2");
            }
            other => panic!("{other:?}"),
        }
        for damaged in ["{\"format\":\"qitong-ladder\",", "[1,2]", "hello", "{\"format\":\"other\",\"version\":1}"] {
            match read_stored(Some(damaged)) {
                Stored::Unreadable { raw, problem: StoredProblem::Damaged(_) } => assert_eq!(raw, damaged),
                other => panic!("{damaged}: {other:?}"),
            }
        }
        // A points total that disagrees with the history is damage too, not a silent fix.
        let edited = class().to_json().replacen("\"points\": 0", "\"points\": 5", 1);
        assert!(matches!(read_stored(Some(&edited)), Stored::Unreadable { .. }));
    }

    #[test]
    fn pending_results_round_trip_and_refuse_what_they_cannot_read() {
        let pending = PendingResult {
            white: "小明".to_string(),
            black: "Bo \"the rook\"".to_string(),
            score: Score::Draw,
            pgn: Some("[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n".to_string()),
        };
        let text = pending.to_json();
        assert!(text.starts_with("{\"version\":1,"), "{text}");
        assert!(text.contains("\"result\":\"1/2-1/2\""), "{text}");
        assert_eq!(PendingResult::from_json(&text), Ok(pending.clone()));
        let no_pgn = PendingResult { pgn: None, ..pending };
        assert_eq!(PendingResult::from_json(&no_pgn.to_json()), Ok(no_pgn));
        // The play page's own record: names are trimmed, the result may use ½.
        let from_play = r#"{"version":1,"white":" Ann ","black":"","result":"0-1","pgn":"","reason":"mate"}"#;
        let read = PendingResult::from_json(from_play).unwrap();
        assert_eq!((read.white.as_str(), read.black.as_str(), read.score, read.pgn), ("Ann", "", Score::Loss, None));
        assert_eq!(PendingResult::from_json("{"), Err(PendingError::NotJson));
        assert_eq!(PendingResult::from_json(r#"{"version":2}"#), Err(PendingError::NewerVersion));
        let unfinished = r#"{"version":1,"white":"a","black":"b","result":"*"}"#;
        assert_eq!(PendingResult::from_json(unfinished), Err(PendingError::BadField("result")));
        assert_eq!(PendingResult::from_json(r#"{"white":"a"}"#), Err(PendingError::BadField("version")));
    }
}
