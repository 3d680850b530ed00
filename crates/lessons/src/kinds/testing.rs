//! Helpers for the step kinds' unit tests: a lesson of one step written inline, read by the
//! kinds' own step reader (not the lesson loader, which imports the kinds).

use super::{read_step, Exercise, Step};
use crate::error::ValidationError;
use crate::feedback::{Event, Feedback};
use crate::lang::Lang;
use crate::read::{Problems, Sink};
use qitong_format::toml;
use qitong_rules::{Role, Square};

/// The lines a test lesson puts before the step's own text.
const HEADER: &str = "title = { zh = \"测试\", en = \"Test\" }\n[[step]]\n";

/// Reads the one step of a lesson whose `[[step]]` holds `step`.
fn read(step: &str) -> Result<Step, Vec<ValidationError>> {
    let mut sink = Sink::new("test/test.toml", Problems::DESCRIBED);
    let top = toml::parse(&format!("{HEADER}{step}")).unwrap_or_else(|e| panic!("{e}"));
    let table = top.get("step").and_then(|v| v.as_array()).and_then(|a| a.first()).and_then(|v| v.as_table()).expect("a [[step]] table");
    match read_step(table, 1, &mut sink) {
        Some(step) if sink.errors.is_empty() => Ok(step),
        _ => Err(sink.errors),
    }
}

/// The one step of a lesson whose `[[step]]` holds `step`; panics with the errors if it does
/// not load.
pub(crate) fn one_step(step: &str) -> Step {
    match read(step) {
        Ok(step) => step,
        Err(errors) => panic!("{}", errors.iter().map(|e| e.message(Lang::En)).collect::<Vec<_>>().join("\n")),
    }
}

/// The errors of such a lesson as `line: step N: message` (English), with lines counted in
/// `step`'s own text.
pub(crate) fn errors_of(step: &str) -> Vec<String> {
    let offset = HEADER.lines().count();
    match read(step) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .iter()
            .map(|e| {
                let step = e.step.map(|n| format!(" step {n}:")).unwrap_or_default();
                format!("{}:{step} {}", e.line.saturating_sub(offset), e.message(Lang::En))
            })
            .collect(),
    }
}

/// A move event from UCI-like text (`e2e4`, `e7e8q`).
pub(crate) fn mv(uci: &str) -> Event<'static> {
    let sq = |s: &str| s.parse::<Square>().expect("square");
    let promotion = uci.get(4..5).and_then(|c| c.chars().next()).and_then(Role::from_char);
    Event::Move { from: sq(&uci[0..2]), to: sq(&uci[2..4]), promotion }
}

/// A square from its name.
pub(crate) fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

/// Plays `events` and returns the last feedback.
pub(crate) fn play(ex: &mut Exercise, events: &[Event]) -> Feedback {
    let mut last = Feedback::ignored();
    for e in events {
        last = ex.handle(e);
    }
    last
}
