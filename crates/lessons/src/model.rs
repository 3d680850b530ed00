//! The lesson model and its loader: a lesson file read into `Lesson` (id, title, steps), each
//! step checked completely, so that a lesson that loads can be played.

use super::error::{ErrorKind, Expect, LessonError};
use super::kinds::{
    class_play, class_vote, demo, escape_check, find_moves, legal_or_not, mate_in_one, points, quiz, reading, setup_board,
    special_move, stalemate, star_drill, write_san,
};
use super::read::{found, Reader, Sink};
use super::scene::{read_scene, white, Need, Scene, SCENE_KEYS};
use super::text::Text;
use qitong_format::toml::{self, closest, Table, ValueKind};
use qitong_rules::{Board, Color, Square};

/// Every step kind, as written in `kind = "…"`.
pub const KINDS: [&str; 16] = [
    "verse",
    "narration",
    "star-drill",
    "setup-board",
    "find-all-moves",
    "special-move",
    "legal-or-not",
    "mate-in-one",
    "escape-check",
    "is-stalemate",
    "quiz",
    "write-san",
    "points-calculator",
    "demo",
    "class-play",
    "class-vote",
];

/// One lesson: a title and its steps in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The lesson's id (its file name without `.toml`).
    pub id: String,
    /// The title shown in the stage map.
    pub title: Text,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One step of a lesson.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The step's number in the lesson, from 1.
    pub number: usize,
    /// The line of its `[[step]]`.
    pub line: usize,
    /// The instruction shown above the board, if any.
    pub prompt: Option<Text>,
    /// The board, arrows and highlights.
    pub scene: Scene,
    /// What kind of step, with its own data.
    pub kind: StepKind,
}

/// The kinds of step, each with what its lesson file says.
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs)] // Each variant holds the spec of the kind of the same name.
pub enum StepKind {
    Verse(reading::Spec),
    Narration(reading::Spec),
    StarDrill(star_drill::Spec),
    SetupBoard(setup_board::Spec),
    FindAllMoves(find_moves::Spec),
    SpecialMove(special_move::Spec),
    LegalOrNot(legal_or_not::Spec),
    MateInOne(mate_in_one::Spec),
    EscapeCheck(escape_check::Spec),
    IsStalemate(stalemate::Spec),
    Quiz(quiz::Spec),
    WriteSan(write_san::Spec),
    PointsCalculator(points::Spec),
    Demo(demo::Spec),
    ClassPlay(class_play::Spec),
    ClassVote(class_vote::Spec),
}

impl StepKind {
    /// The kind's name as written in lesson files.
    pub fn name(&self) -> &'static str {
        let index = match self {
            StepKind::Verse(_) => 0,
            StepKind::Narration(_) => 1,
            StepKind::StarDrill(_) => 2,
            StepKind::SetupBoard(_) => 3,
            StepKind::FindAllMoves(_) => 4,
            StepKind::SpecialMove(_) => 5,
            StepKind::LegalOrNot(_) => 6,
            StepKind::MateInOne(_) => 7,
            StepKind::EscapeCheck(_) => 8,
            StepKind::IsStalemate(_) => 9,
            StepKind::Quiz(_) => 10,
            StepKind::WriteSan(_) => 11,
            StepKind::PointsCalculator(_) => 12,
            StepKind::Demo(_) => 13,
            StepKind::ClassPlay(_) => 14,
            StepKind::ClassVote(_) => 15,
        };
        KINDS[index]
    }

    /// Does the step earn stars (exercises do; readings, demos, class play and votes do not)?
    pub fn is_scored(&self) -> bool {
        !matches!(self, StepKind::Verse(_) | StepKind::Narration(_) | StepKind::Demo(_) | StepKind::ClassPlay(_) | StepKind::ClassVote(_))
    }
}

/// The id a lesson file must have: its file name without folders and `.toml`.
pub fn id_from_file(file: &str) -> &str {
    let name = file.rsplit('/').next().unwrap_or(file);
    name.strip_suffix(".toml").unwrap_or(name)
}

impl Lesson {
    /// Reads and checks a lesson file. `file` is its path relative to the lessons folder
    /// (`rook/moves.toml`), used in messages and for the expected id.
    ///
    /// # Errors
    ///
    /// Every problem found, with line and step; see [`super::validate_lesson`].
    pub fn parse(file: &str, src: &str) -> Result<Lesson, LessonError> {
        let mut sink = Sink::new(file);
        let lesson = read_lesson(file, src, &mut sink);
        match lesson {
            Some(lesson) if sink.errors.is_empty() => Ok(lesson),
            _ => Err(LessonError { errors: sink.errors }),
        }
    }

    /// The most stars the lesson can give (3 per scored step).
    pub fn max_stars(&self) -> u32 {
        3 * self.steps.iter().filter(|s| s.kind.is_scored()).count() as u32
    }
}

/// Parses the TOML text, reporting a syntax error as a `Toml` error and every unreadable
/// character (U+FFFD) where it stands.
pub(crate) fn parse_toml(src: &str, sink: &mut Sink) -> Option<Table> {
    report_unreadable(src, sink);
    toml::parse(src)
        .map_err(|e| sink.report(e.line, None, ErrorKind::Toml { column: e.column, message: e.message }))
        .ok()
}

/// Reports U+FFFD, the mark of text damaged on its way in (a file that is not UTF-8, a lone
/// surrogate): the first one of each line, with its column, for the first few lines.
fn report_unreadable(src: &str, sink: &mut Sink) {
    const MOST: usize = 10;
    let found = src.split('\n').enumerate().filter_map(|(i, line)| Some((i + 1, line.find('\u{FFFD}').map(|at| line[..at].chars().count() + 1)?)));
    for (line, column) in found.take(MOST) {
        sink.report(line, None, ErrorKind::Unreadable { column });
    }
}

fn read_lesson(file: &str, src: &str, sink: &mut Sink) -> Option<Lesson> {
    let top = parse_toml(src, sink)?;
    let mut r = Reader::new(&top, None, &["id", "title", "step"], sink);
    let expected = id_from_file(file);
    let id = r.opt_str("id").map(str::trim);
    if let Some(id) = id.filter(|id| *id != expected) {
        r.report(r.line_of("id"), ErrorKind::IdMismatch { id: id.to_owned(), expected: expected.to_owned() });
    }
    let title = r.text("title", true);
    let step_values = r.opt_list("step").unwrap_or_default();
    if step_values.is_empty() {
        r.report(r.line_of("step"), ErrorKind::NoSteps);
    }
    r.finish();
    let mut steps = Vec::new();
    for (index, value) in step_values.iter().enumerate() {
        let number = index + 1;
        match &value.kind {
            ValueKind::Table(table) => steps.extend(read_step(table, number, sink)),
            _ => {
                let kind = ErrorKind::WrongType { key: "step", expected: Expect::Table, found: found(value) };
                sink.report(value.line, Some(number), kind);
            }
        }
    }
    Some(Lesson { id: expected.to_owned(), title: title?, steps })
}

/// The colour of the piece on the step's `square`, else White: the side to move of a
/// placement-only FEN in "find all moves".
fn piece_colour(table: &Table) -> impl Fn(&Board) -> Color + '_ {
    move |board: &Board| {
        let square = table.get("square").and_then(|v| v.as_str()).and_then(|s| Square::from_ascii(s.trim().as_bytes()));
        square.and_then(|sq| board.color_at(sq)).unwrap_or(Color::White)
    }
}

fn read_step(table: &Table, number: usize, sink: &mut Sink) -> Option<Step> {
    let mut r = Reader::new(table, Some(number), &["kind", "prompt"], sink);
    let kind_name = r.str("kind").map(str::trim);
    let prompt = r.text("prompt", false);
    let kind_name = kind_name?;
    let Some(index) = KINDS.iter().position(|k| *k == kind_name) else {
        let suggestion = closest(kind_name, &KINDS);
        r.report(r.line_of("kind"), ErrorKind::UnknownKind { kind: kind_name.to_owned(), suggestion });
        return None;
    };
    let (keys, need): (&[&str], Need) = match index {
        0 | 1 => (reading::KEYS, Need::Optional),
        2 => (star_drill::KEYS, Need::Required),
        3 => (setup_board::KEYS, Need::Optional),
        4 => (find_moves::KEYS, Need::Required),
        5 => (special_move::KEYS, Need::Required),
        6 => (legal_or_not::KEYS, Need::Required),
        7 => (mate_in_one::KEYS, Need::Required),
        8 => (escape_check::KEYS, Need::Required),
        9 => (stalemate::KEYS, Need::Required),
        10 => (quiz::KEYS, Need::Optional),
        11 => (write_san::KEYS, Need::Required),
        12 => (points::KEYS, Need::Optional),
        13 => (demo::KEYS, Need::StartByDefault),
        14 => (class_play::KEYS, Need::StartByDefault),
        _ => (class_vote::KEYS, Need::Optional),
    };
    r.allow(keys);
    let scene = if index == 3 {
        // The set-up board reads `fen` itself: a partly set board, not a position.
        Scene::default()
    } else {
        r.allow(SCENE_KEYS);
        if index == 4 {
            read_scene(&mut r, need, &piece_colour(table))
        } else {
            read_scene(&mut r, need, &white)
        }
    };
    let kind = match index {
        0 => reading::load(&mut r, true, scene.position).map(StepKind::Verse),
        1 => reading::load(&mut r, false, scene.position).map(StepKind::Narration),
        2 => star_drill::load(&mut r, &scene, prompt.as_ref()).map(StepKind::StarDrill),
        3 => setup_board::load(&mut r).map(StepKind::SetupBoard),
        4 => find_moves::load(&mut r, &scene).map(StepKind::FindAllMoves),
        5 => special_move::load(&mut r, &scene).map(StepKind::SpecialMove),
        6 => legal_or_not::load(&mut r, &scene).map(StepKind::LegalOrNot),
        7 => mate_in_one::load(&mut r, &scene).map(StepKind::MateInOne),
        8 => escape_check::load(&mut r, &scene).map(StepKind::EscapeCheck),
        9 => stalemate::load(&mut r, &scene).map(StepKind::IsStalemate),
        10 => quiz::load(&mut r, scene.position).map(StepKind::Quiz),
        11 => write_san::load(&mut r, &scene).map(StepKind::WriteSan),
        12 => points::load(&mut r).map(StepKind::PointsCalculator),
        13 => demo::load(&mut r, &scene).map(StepKind::Demo),
        14 => class_play::load(&mut r, &scene).map(StepKind::ClassPlay),
        _ => class_vote::load(&mut r, scene.position).map(StepKind::ClassVote),
    };
    let line = table.line();
    r.finish();
    Some(Step { number, line, prompt, scene, kind: kind? })
}
