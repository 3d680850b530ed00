//! What the validator reports: `ValidationError` (file, line, step, kind) with a message in
//! Chinese for teachers and in English, and `LessonError`, the errors that stop one lesson.

use crate::lang::Lang;
use core::fmt;
use qitong_rules::{FenError, IllegalReason, Role, Square, Uci};

/// One problem in a lesson or course file, with where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidationError {
    /// The file, relative to the lessons folder (`course.toml`, `rook/moves.toml`).
    pub file: String,
    /// The line, from 1 (0 when the problem concerns the whole file, e.g. a missing file).
    pub line: usize,
    /// The step, from 1, for problems inside a `[[step]]`.
    pub step: Option<usize>,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// The kind of value a key needs, named in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// A string in quotes.
    String,
    /// A whole number.
    Integer,
    /// A number, maybe with decimals.
    Number,
    /// `true` or `false`.
    Bool,
    /// A list `[ ]`.
    Array,
    /// A table `{ }`.
    Table,
    /// `{ zh = "…", en = "…" }`.
    Text,
    /// A square such as `e4`.
    Square,
    /// A move in UCI such as `e2e4` or `e7e8q`.
    Move,
    /// `white` or `black`.
    Turn,
    /// `castle`, `en-passant` or `promotion`.
    Special,
    /// `king`, `capture` or `block`.
    Way,
    /// `stalemate`, `checkmate` or `neither`.
    Verdict,
    /// `1-0`, `0-1` or `draw`.
    Result,
    /// Class points with at most one decimal, such as `12.5`.
    Points,
    /// A code of how a game ends (`threefold-repetition`, `checkmate`, …) or `none`.
    EndCode,
    /// An id for files and folders: lower-case letters, digits, `-` and `_`.
    Id,
    /// A vs-computer goal: `checkmate`, `win-piece`, `promote`, `survive` or `draw`.
    Goal,
    /// A puzzle goal: `check`, `mate`, `win` or `safe`.
    PuzzleGoal,
    /// A rectangle of squares such as `a1:d4`.
    Area,
    /// What to tap: `named`, `hanging` or `attacked`.
    Find,
    /// A class-play task: `adjust`, `offer-draw` or `start-clock`.
    Task,
    /// What a stage teaches: `promotion`, `check`, `notation`, … (`teaching::CONCEPTS`; native
    /// only, like the check).
    #[cfg(not(target_arch = "wasm32"))]
    Concept,
}

/// Everything the validator can find wrong. Each has an English and a Chinese message.
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs)] // The fields are what each variant's words name.
pub enum ErrorKind {
    /// A lesson file the course lists could not be read.
    FileMissing { path: String },
    /// A lesson file that the course file does not list (it will never be shown).
    NotInCourse { stage: String },
    /// The text is not valid TOML; `message` is the reader's (English) explanation.
    Toml { column: usize, message: String },
    /// U+FFFD (�) in the text, at `column` (from 1, in characters): what bytes that are not
    /// UTF-8, or a lone UTF-16 surrogate (`\uD800` in a JS string), become on the way in.
    Unreadable { column: usize },
    /// A required key is missing.
    MissingKey { key: &'static str },
    /// A key this place does not know, with the closest known key.
    UnknownKey { key: String, suggestion: Option<&'static str> },
    /// A value of the wrong type.
    WrongType { key: &'static str, expected: Expect, found: Expect },
    /// A text without its Chinese or English part (empty counts as missing).
    MissingText { key: &'static str, lang: Lang },
    /// A value that cannot be read as what the key needs.
    BadValue { key: &'static str, value: String, expected: Expect },
    /// `kind = "…"` names no step kind (`known`: the kinds there are).
    UnknownKind { kind: String, suggestion: Option<&'static str>, known: &'static [&'static str] },
    /// A number outside its range.
    OutOfRange { key: &'static str, value: i64, min: i64, max: i64 },
    /// A list that must not be empty.
    EmptyList { key: &'static str },
    /// The same value twice where each must be different (ids, squares).
    Duplicate { key: &'static str, value: String },
    /// The lesson's `id` differs from its file name.
    IdMismatch { id: String, expected: String },
    /// A lesson without any `[[step]]`.
    NoSteps,
    /// The FEN cannot be read or is not a legal position (the rules core's error).
    BadPosition { error: FenError },
    /// `turn` given with a full FEN, which already says who moves.
    TurnWithFullFen,
    /// This kind of step needs a position (`fen = "…"`).
    NeedsPosition,
    /// A move that is not legal where it is played, with the core's reason.
    IllegalMove { key: &'static str, uci: Uci, reason: IllegalReason },
    /// A verse line without pinyin.
    MissingPinyin,
    /// The pinyin does not have one syllable per Chinese character.
    PinyinCount { characters: usize, syllables: usize },
    /// A star under one of the player's own pieces.
    StarOnOwnPiece { square: Square },
    /// The search proved that the stars cannot all be collected (within `limit` moves).
    StarsUnreachable { limit: Option<u32> },
    /// `par` is below the fewest moves that collect every star, so 3 stars are impossible.
    ParTooLow { par: u32, fewest: u32 },
    /// `par` is above the move limit.
    ParAboveLimit { par: u32, limit: u32 },
    /// The player has several kinds of pieces and `mover` does not say which the child moves.
    MoverUnsaid { roles: Vec<Role> },
    /// A `mover` square without a piece of the player's.
    MoverNotOwnPiece { square: Square },
    /// `mover` keeps some pieces still, but the prompt (in `lang`) does not name the `role` moved.
    PromptMissesMover { role: Role, lang: Lang },
    /// The drill is too big for the search to check; add a `limit` or use fewer pieces.
    SearchTooLarge { states: usize },
    /// The scripted reply number `index` (from 1) is not legal after the player's `after` moves.
    ReplyIllegal { index: usize, reply: Uci, after: String },
    /// A set-up exercise whose `target` is not the standard start position.
    SetupTargetNotStart,
    /// A piece already on the board is not where the start position has it.
    SetupPieceMisplaced { square: Square },
    /// No piece on the square the step is about.
    NoPieceOnSquare { square: Square },
    /// The piece has no legal move at all.
    PieceCannotMove { square: Square },
    /// A target move is legal but not the special move the step names.
    NotSpecialMove { uci: Uci, special: &'static str },
    /// The stated answer to "legal or not?" disagrees with the rules.
    LegalAnswerWrong { uci: Uci, stated: bool, reason: Option<IllegalReason> },
    /// No move mates in one.
    NoMateInOne,
    /// The side to move has no legal move: nothing to play.
    NoLegalMoves,
    /// An escape-check position where the side to move is not in check.
    NotInCheck,
    /// A way out of check the step asks for that this position does not offer.
    EscapeWayImpossible { way: &'static str },
    /// The stated answer to "is it stalemate?" disagrees with the rules.
    VerdictWrong { stated: &'static str, actual: &'static str },
    /// Fewer than two options.
    TooFewOptions { found: usize },
    /// An answer number with no such option.
    AnswerNotAnOption { answer: i64, options: usize },
    /// No answer marked correct.
    NoCorrectAnswer,
    /// An accepted spelling that does not name the square the move goes to.
    SanMissesSquare { spelling: String, square: Square },
    /// The demo ends differently from what `expect` says.
    DemoEndDiffers { expected: String, actual: Option<&'static str> },
    /// A course stage without lessons.
    EmptyStage { stage: String },
    /// A game against the computer needs both kings (no drill position).
    NeedsKings,
    /// `goal = "promote"` but the child has no pawn.
    NoPawnToPromote,
    /// The validator could not prove the vs-computer goal reachable within `moves` against the
    /// engine's best defence: the engine playing the child's side `reached` it in that many
    /// moves (more than `moves`), or not within `tried` moves.
    GoalUnproved { goal: &'static str, moves: u32, reached: Option<u32>, tried: u32 },
    /// A step that asks for `concept`, which `stage`, later in the course, teaches. (This and
    /// the next two: found only by the native proofs, never in the browser's modules.)
    #[cfg(not(target_arch = "wasm32"))]
    TaughtLater { concept: &'static str, stage: String },
    /// The prompt names `what` (the long diagonal, a square, the piece to move with), which does
    /// not fit the step's `answers` (SAN): no first answer goes to the long diagonal, no answer
    /// touches or sees the square, moves the piece.
    #[cfg(not(target_arch = "wasm32"))]
    HintMisleads { what: String, answers: String },
    /// A basic mate (checkmate against a bare king) whose `moves` is below `least`: perfect play
    /// needs `perfect` moves, and a child's method twice as many.
    #[cfg(not(target_arch = "wasm32"))]
    MateParTooLow { moves: u32, perfect: u32, least: u32 },
    /// A puzzle move the player accepts, which the engine's best defence refutes: `mv` (SAN),
    /// then `line`, leave the child `gain` points (a goal of "safe" needs 0, "win" its value).
    PuzzleRefuted { goal: &'static str, mv: String, line: String, gain: i32 },
    /// A first move the engine proves meets the puzzle's goal, which the player would call wrong:
    /// it belongs in `also` (SAN, every such move).
    PuzzleAlsoMissing { moves: String },
    /// A move in `also` that the player accepts anyway, or that the engine does not prove.
    PuzzleAlsoUnproved { mv: String },
    /// A puzzle whose goal the search proved out of reach within `moves` against every reply.
    PuzzleUnsolvable { goal: &'static str, moves: u32 },
    /// A puzzle whose goal is met before the child moves.
    PuzzleGoalMet { goal: &'static str },
    /// A puzzle of two moves whose goal one move reaches.
    PuzzleShorter { goal: &'static str },
    /// `value` on a puzzle whose goal is not `win`.
    ValueNeedsWin { goal: &'static str },
    /// A paint drill needs one piece to move, a rook, bishop, queen, knight or king: named by
    /// `mover` when the child has several.
    PaintOnePiece,
    /// The paint drill's `area` does not contain the piece on `square`.
    AreaMissesPiece { square: Square },
    /// The piece on `square` cannot go anywhere (inside the area): nothing to paint.
    NothingToPaint { square: Square },
    /// `par` is below the length of the solution the validator found (`moves`).
    ParBelowSolution { par: u32, moves: u32 },
    /// No piece is what `find` asks for (`hanging`, `attacked`): nothing to tap.
    NothingToTap { find: &'static str },
    /// A class-play key that goes only with `task` (`Some`) or only without a task (`None`).
    KeyOnlyWith { key: &'static str, task: Option<&'static str> },
    /// `task = "start-clock"` in a position where White is not to move (Black's press starts
    /// White's time).
    ClockStartNeedsWhite,
    /// A written line that goes on after the game has ended (`end`: how it ended).
    LineAfterEnd { end: &'static str },
    /// Two keys of which a step may have only one.
    KeysExclusive { key: &'static str, other: &'static str },
    /// A file over `MAX_FILE_BYTES` (1 MB), refused before it is read.
    TooLarge,
    /// A file over `MAX_PLAYED_BYTES` (128 KB) given to a page's player, refused before it is
    /// read: `bytes` of UTF-8, or `MAX_FILE_BYTES + 1` for any file over 1 MB (the page hands
    /// the player no more of it than that).
    TooLargeToPlay { bytes: usize },
    /// `count` more problems were found than the `MAX_PROBLEMS` listed before this one.
    More { count: usize },
    /// A problem kept by its place only (`Problems::BY_PLACE`: the site's own modules, whose pages
    /// show where a problem is and send teachers to "check my lesson", check.html, for why).
    Unexplained,
    /// A step of a kind that the reader's kind set leaves out (`KindSet`'s `Basics`, the basics
    /// modules'): the page loads the module that plays every kind. Never made by the validator.
    KindElsewhere { kind: &'static str },
}

impl ValidationError {
    /// An error at `line` of `file`, in `step` if given.
    pub fn new(file: &str, line: usize, step: Option<usize>, kind: ErrorKind) -> ValidationError {
        ValidationError { file: file.to_owned(), line, step, kind }
    }
}

impl std::error::Error for ValidationError {}

/// Why a lesson (or the course file) could not be loaded: every problem found in it.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonError {
    /// At least one error, in file order.
    pub errors: Vec<ValidationError>,
}

impl LessonError {
    /// Does the lesson need a module that plays every kind (it has a step of a kind this build
    /// leaves out, `ErrorKind::KindElsewhere`), rather than a mended file?
    pub fn needs_every_kind(&self) -> bool {
        self.errors.iter().any(|e| matches!(e.kind, ErrorKind::KindElsewhere { .. }))
    }
}

impl fmt::Display for LessonError {
    /// The first error, and how many more there are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.errors.split_first() {
            Some((first, [])) => write!(f, "{first}"),
            Some((first, rest)) => write!(f, "{first} (and {} more)", rest.len()),
            None => f.write_str("the lesson could not be loaded"),
        }
    }
}

impl std::error::Error for LessonError {}
