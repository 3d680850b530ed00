//! How much of the shipped course the child does on the board (issue 16): every step of every
//! lesson in `lessons/course.toml` counted by kind, printed as a table, with the share of steps
//! where the child acts on the board (moves, places, taps squares or presses the clock: the kind
//! table's `acts` column) held at 45 % or more, and every stage but history and the class points
//! holding at least one such step. Run with `--nocapture` to see the table.

use qitong::lessons::{read_file, Course};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The share of board steps the course keeps, in per cent.
const MIN_SHARE: usize = 45;

/// The stages that are about the game rather than on the board: the history and the class's
/// points and levels (issue 16 exempts them).
const WITHOUT_BOARD: &[&str] = &["history", "points"];

fn course() -> Course {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let course = Course::load(|name| read_file(&dir.join(name))).expect("lessons/course.toml loads");
    let broken: Vec<String> = course.entries().filter_map(|(_, e)| e.lesson.as_ref().err().map(|err| format!("{}: {err:?}", e.file))).collect();
    assert!(broken.is_empty(), "broken lessons: {broken:#?}");
    course
}

#[test]
fn at_least_45_per_cent_of_the_steps_are_done_on_the_board() {
    let course = course();
    let mut by_kind: BTreeMap<&str, (usize, bool)> = BTreeMap::new();
    let (mut steps, mut acting) = (0, 0);
    for (_, entry) in course.entries() {
        let Ok(lesson) = &entry.lesson else { continue };
        for step in &lesson.steps {
            let kind = step.kind.info();
            by_kind.entry(kind.name).or_insert((0, kind.acts)).0 += 1;
            steps += 1;
            acting += usize::from(kind.acts);
        }
    }
    let mut rows: Vec<_> = by_kind.into_iter().collect();
    rows.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
    println!("{:<20} {:>6} {:>7}  on the board", "kind", "steps", "share");
    for (name, (n, acts)) in &rows {
        println!("{name:<20} {n:>6} {:>6.1}%  {}", 100.0 * *n as f64 / steps as f64, if *acts { "yes" } else { "" });
    }
    let share = 100.0 * acting as f64 / steps as f64;
    println!("{:<20} {steps:>6}          {acting} on the board: {share:.1}%", "all");
    assert!(
        acting * 100 >= steps * MIN_SHARE,
        "only {acting} of {steps} steps ({share:.1}%) have the child act on the board; the course keeps {MIN_SHARE}%"
    );
}

#[test]
fn every_stage_but_history_and_points_has_a_step_on_the_board() {
    let course = course();
    let mut without = Vec::new();
    for stage in &course.stages {
        let acts = stage.lessons.iter().filter_map(|e| e.lesson.as_ref().ok()).flat_map(|l| &l.steps).filter(|s| s.kind.info().acts).count();
        println!("{:<14} {acts:>3} steps on the board", stage.id);
        if acts == 0 && !WITHOUT_BOARD.contains(&stage.id.as_str()) {
            without.push(stage.id.clone());
        }
    }
    assert!(without.is_empty(), "stages where the child never acts on the board: {without:?}");
}
