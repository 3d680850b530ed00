//! Every shipped class-rules step can be done: each class-play board (touch-move cases, adjust,
//! draw offers, the clock) and each write-san line of the course is completed here the way a
//! child would do it, and the content has the board and clock steps the course promises.

use qitong::lessons::kinds::class_play::{ClassPlay, Task};
use qitong::lessons::{Course, Event, Exercise, Machine, Status, StepKind};
use std::path::PathBuf;

fn course() -> Course {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("lessons");
    Course::load(|name: &str| std::fs::read_to_string(dir.join(name)).ok()).expect("the course")
}

fn class(ex: &Exercise) -> &ClassPlay {
    match ex {
        Exercise::ClassPlay(c) => c,
        _ => panic!("a class-play step"),
    }
}

/// Some move the touches allow now: each legal move is tried on a copy until one is taken.
fn allowed_move(ex: &Exercise) -> Option<Event<'static>> {
    let pos = *class(ex).game().position();
    pos.legal_moves()
        .iter()
        .map(|m| Event::Move { from: m.from, to: m.to, promotion: m.promotion })
        .find(|e| ex.clone().handle(e).grade != qitong::lessons::Grade::Wrong)
}

/// Does the class-play step the way its goal asks; true when it ends complete.
fn do_class_play(ex: &mut Exercise) -> bool {
    let task = class(ex).spec().task;
    match task {
        None => {
            for _ in 0..class(ex).spec().moves.unwrap_or(1) {
                let Some(m) = allowed_move(ex) else { return false };
                ex.handle(&m);
            }
        }
        Some(Task::Adjust { square }) => {
            if class(ex).side() != Some(class(ex).game().position().turn()) {
                let Some(m) = allowed_move(ex) else { return false };
                ex.handle(&m);
            }
            ex.handle(&Event::AdjustMode);
            ex.handle(&Event::Touch(square));
        }
        Some(Task::OfferDraw { declined }) => {
            let Some(m) = allowed_move(ex) else { return false };
            ex.handle(&m);
            if !declined {
                ex.handle(&Event::OfferDraw);
            }
            ex.handle(&Event::PressClock);
        }
        Some(Task::StartClock { handshake }) => {
            if handshake {
                ex.handle(&Event::Handshake);
            }
            ex.handle(&Event::PressClock);
        }
    }
    matches!(ex.status(), Status::Complete { .. })
}

/// Writes a line's moves as their SAN; true when it ends complete with three stars.
fn write_line(ex: &mut Exercise) -> bool {
    while let Exercise::WriteSan(w) = &*ex {
        let (Some(m), Some(pos)) = (w.shown(), w.position()) else { break };
        let san = pos.san(&m);
        ex.handle(&Event::Text(&san));
    }
    ex.status() == Status::Complete { stars: Some(3) }
}

#[test]
fn every_class_rules_step_of_the_course_can_be_done() {
    let course = course();
    let (mut boards, mut lines, mut clocks) = (0, 0, 0);
    for (stage, entry) in course.entries() {
        let lesson = entry.lesson.as_ref().unwrap_or_else(|e| panic!("{e}"));
        for step in &lesson.steps {
            let mut ex = Exercise::new(step);
            let place = format!("{} step {}", entry.file, step.number);
            match &step.kind {
                StepKind::ClassPlay(spec) if spec.task.is_some() || !spec.touched.is_empty() => {
                    assert!(do_class_play(&mut ex), "{place}: not completed");
                    boards += 1;
                    clocks += usize::from(class(&ex).clock().is_some());
                    assert!(["touch-move", "etiquette", "clock-sheet"].contains(&stage.id.as_str()), "{place}");
                }
                StepKind::WriteSan(spec) if !spec.line.is_empty() => {
                    assert!(write_line(&mut ex), "{place}: the line was not written to its end");
                    lines += 1;
                }
                _ => {}
            }
        }
    }
    assert!(boards + lines >= 15, "{boards} boards and {lines} lines");
    assert!(lines >= 2 && clocks >= 4, "{lines} lines, {clocks} clock steps");
}

#[test]
fn the_score_sheet_lines_have_en_passant_castling_and_promotion() {
    let course = course();
    let moves: Vec<_> = course
        .entries()
        .filter_map(|(_, e)| e.lesson.as_ref().ok())
        .flat_map(|l| l.steps.iter())
        .filter_map(|s| match &s.kind {
            StepKind::WriteSan(spec) => Some(spec.line.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(moves.iter().any(|m| m.is_en_passant()), "en passant");
    assert!(moves.iter().any(|m| m.is_castle()), "castling");
    assert!(moves.iter().any(|m| m.is_promotion()), "promotion");
}
