//! How long one slice of a ladder import's steps takes natively, for the biggest files the
//! ladder page accepts (issue 29 §5): the page does 256 steps between two looks at the clock and
//! stops a slice after 10 ms, so no 256 steps may take much more than a few milliseconds, whatever
//! the file. Timing on a shared machine is not a test: run it by hand, in release,
//! `cargo test --release --test ladder_step_times -- --ignored --nocapture`; the
//! browser's own bound is tests/e2e/ladder_import.test.mjs.

use qitong::classroom::ladder::{CsvImport, ImportError, JsonImport, Ladder, MAX_CSV_BYTES, MAX_JSON_BYTES};
use qitong::classroom::points::Score;
use std::time::{Duration, Instant};

/// Steps the page does between two looks at the clock (`IMPORT_STEP` in the ladder's view).
const STEP: usize = 256;

/// Runs `step` until it gives a ladder or an error; the longest call, the calls and the result.
fn timed(mut step: impl FnMut() -> Result<Option<Ladder>, ImportError>) -> (Duration, usize, Result<Ladder, ImportError>) {
    let (mut longest, mut calls) = (Duration::ZERO, 0);
    loop {
        let started = Instant::now();
        let read = step();
        longest = longest.max(started.elapsed());
        calls += 1;
        match read {
            Ok(None) => {}
            Ok(Some(ladder)) => return (longest, calls, Ok(ladder)),
            Err(e) => return (longest, calls, Err(e)),
        }
    }
}

/// A roster just under the CSV limit, ids in order or not.
fn roster(with_ids: bool) -> String {
    let mut text = String::from(if with_ids { "id,name\n" } else { "name\n" });
    for i in 0.. {
        let row = if with_ids { format!("{},Student {i:06}\n", 1_000_000 - i) } else { format!("Student {i:06}\n") };
        if text.len() + row.len() > MAX_CSV_BYTES {
            break;
        }
        text.push_str(&row);
    }
    text
}

/// The biggest real ladder under the JSON limit: 2,000 students and as many games (draws and
/// wins between equals) as fit.
fn backup() -> String {
    let mut ladder = Ladder::new();
    let ids: Vec<_> = (0..2_000).filter_map(|i| ladder.add_student(&format!("学生 {i:04}")).ok()).collect();
    let per_game = 300;
    let games = (MAX_JSON_BYTES - 2_000 * 160) / per_game;
    for (i, pair) in ids.chunks(2).cycle().take(games).enumerate() {
        let score = if i % 7 == 0 { Score::Win } else { Score::Draw };
        if ladder.record_game(pair[0], pair[1], score, "2026-12-05").is_err() {
            break;
        }
    }
    let text = ladder.to_json();
    assert!(text.len() <= MAX_JSON_BYTES, "{} bytes", text.len());
    text
}

#[test]
#[ignore = "a measurement: run by hand in release (see the module docs)"]
fn no_slice_of_steps_takes_long_for_the_biggest_files() {
    let mut report = Vec::new();
    for (what, roster) in [
        ("4 MiB of names", roster(false)),
        ("4 MiB of ids out of order and names", roster(true)),
        ("4 MiB in one field", format!("name\n\"{}\"\n", "x".repeat(MAX_CSV_BYTES - 10))),
    ] {
        let mut import = CsvImport::new(roster, None).expect("under the limit");
        let (longest, calls, read) = timed(|| import.step(STEP));
        report.push(format!("{what}: {calls} slices, the longest {longest:?}, {:?}", read.map(|l| l.students().len())));
    }
    let backup = backup();
    let bytes = backup.len();
    for (what, text) in [
        (format!("a backup of {bytes} bytes"), backup),
        ("8 MiB in one string".to_string(), format!("{{\"format\": \"{}\"}}", "x".repeat(MAX_JSON_BYTES - 20))),
    ] {
        let mut import = JsonImport::new(text).expect("under the limit");
        let (longest, calls, read) = timed(|| import.step(STEP));
        report.push(format!("{what}: {calls} slices, the longest {longest:?}, {:?}", read.map(|l| (l.students().len(), l.history().len()))));
    }
    for line in &report {
        println!("{line}");
    }
}
