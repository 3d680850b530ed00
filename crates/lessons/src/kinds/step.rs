//! One `[[step]]` read: the keys every step has (`kind`, `prompt`, the scene), then the kind's
//! own keys by its row of the table.

use super::table::Needs;
use super::{Every, KindSet, Row, StepKind, KINDS};
use crate::error::ErrorKind;
use crate::read::{Reader, Sink};
use crate::scene::{read_scene, white, Need, Scene, SCENE_KEYS};
use crate::text::Text;
use qitong_format::toml::Table;
use qitong_rules::{Board, Color, Square};

/// One step of a lesson (of the kinds `K` plays).
#[derive(Debug, Clone, PartialEq)]
pub struct Step<K: KindSet = Every> {
    /// The step's number in the lesson, from 1.
    pub number: usize,
    /// The line of its `[[step]]`.
    pub line: usize,
    /// The instruction shown above the board, if any.
    pub prompt: Option<Text>,
    /// The board, arrows and highlights.
    pub scene: Scene,
    /// What kind of step, with its own data.
    pub kind: StepKind<K>,
}

/// What a kind's loader gets besides the reader: the step's scene and prompt, already read.
pub(crate) struct Start<'a> {
    /// The board, arrows and highlights (empty for `Needs::OwnFen`).
    pub scene: &'a Scene,
    /// The step's `prompt`, if any.
    pub prompt: Option<&'a Text>,
}

impl<K: KindSet> StepKind<K> {
    /// The kind's row of the table: its name, needs, label and default prompt.
    pub fn info(&self) -> &'static super::Kind {
        self.row().kind()
    }

    /// The kind's name as written in lesson files.
    pub fn name(&self) -> &'static str {
        self.info().name
    }

    /// Does the step earn stars (exercises do; readings, demos, class play and votes do not)?
    pub fn is_scored(&self) -> bool {
        self.info().scored
    }
}

/// The colour of the piece on the step's `square`, else White: the side to move of a
/// placement-only FEN in "find all moves".
fn piece_colour(table: &Table) -> impl Fn(&Board) -> Color + '_ {
    move |board: &Board| {
        let square = table.get("square").and_then(|v| v.as_str()).and_then(|s| Square::from_ascii(s.trim().as_bytes()));
        square.and_then(|sq| board.color_at(sq)).unwrap_or(Color::White)
    }
}

/// Reads step `number` from its table, reporting every problem to `sink`.
pub(crate) fn read_step<K: KindSet>(table: &Table, number: usize, sink: &mut Sink) -> Option<Step<K>> {
    let mut r = Reader::new(table, Some(number), &["kind", "prompt"], sink);
    let kind_name = r.str("kind").map(str::trim);
    let prompt = r.text("prompt", false);
    let kind_name = kind_name?;
    let Some(row) = Row::named(kind_name) else {
        // The closest kind is for the description, not found for a problem kept by place.
        let suggestion = r.sink.suggest(kind_name, KINDS);
        r.report(r.line_of("kind"), ErrorKind::UnknownKind { kind: kind_name.to_owned(), suggestion, known: KINDS });
        return None;
    };
    if !row.in_set::<K>() {
        // The kind set leaves this kind out (a basics module): the page's shell loads the module
        // that plays it (`need-module`).
        let line = r.line_of("kind");
        r.sink.left_out(line, Some(number), row.kind().name);
        return None;
    }
    r.allow(row.keys());
    let need = match row.kind().needs {
        Needs::OwnFen => None,
        Needs::OptionalBoard => Some(Need::Optional),
        Needs::Board | Needs::BoardOfSquarePiece => Some(Need::Required),
        Needs::BoardOrStart => Some(Need::StartByDefault),
    };
    let scene = match need {
        None => Scene::default(),
        Some(need) => {
            r.allow(SCENE_KEYS);
            if row.kind().needs == Needs::BoardOfSquarePiece {
                read_scene(&mut r, need, &piece_colour(table))
            } else {
                read_scene(&mut r, need, &white)
            }
        }
    };
    let kind = row.load(&mut r, &Start { scene: &scene, prompt: prompt.as_ref() });
    let line = table.line();
    r.finish();
    Some(Step { number, line, prompt, scene, kind: kind? })
}
