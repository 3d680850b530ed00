//! `setup-board`: put the 32 pieces from a tray onto an empty (or partly set) board. On "check",
//! every wrong square is marked and the rhyme lines they break are quoted (SPEC §2); a board
//! not yet full marks the empty squares and quotes the lines of the pieces still to place.

use super::rhyme::{broken_line, line_of_role, RhymeLine};
use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::read::Reader;
use crate::text::Text;
use crate::words::Code;
use qitong_rules::{Bitboard, Board, Color, FenError, ParseFenError, Piece, Position, Role, Square};

/// The keys of a set-up step.
pub const KEYS: &[&str] = &["fen", "target"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label =
    Label { zh: "把棋子从盒子里摆到棋盘上，摆好了按“检查”。", en: "Set up the pieces from the box, then press \"Check\"." };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "";

/// A set-up exercise: the pieces already standing (all where the start position has them).
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The pieces placed before the child starts (often none).
    pub given: Board,
}

fn read_board(r: &mut Reader, key: &'static str) -> Option<Board> {
    let text = r.opt_str(key)?.trim();
    if key == "target" && text == "start" {
        return Some(Board::start());
    }
    let placement = text.split_whitespace().next().unwrap_or("");
    Board::from_placement(placement)
        .map_err(|e| r.report(r.line_of(key), ErrorKind::BadPosition { error: FenError::Parse(ParseFenError::Board(e)) }))
        .ok()
}

pub(crate) fn load(r: &mut Reader, _: &Start) -> Option<Spec> {
    let given = if r.get("fen").is_some() { read_board(r, "fen")? } else { Board::empty() };
    if let Some(target) = read_board(r, "target") {
        if target != Board::start() {
            r.report(r.line_of("target"), ErrorKind::SetupTargetNotStart);
        }
    }
    for (square, piece) in given.pieces() {
        if Board::start().piece_at(square) != Some(piece) {
            r.report(r.line_of("fen"), ErrorKind::SetupPieceMisplaced { square });
        }
    }
    Some(Spec { given })
}

/// A set-up exercise in progress.
#[derive(Debug, Clone)]
pub struct SetupBoard {
    spec: Spec,
    board: Board,
    tries: Tries,
    status: Status,
}

/// Every kind of piece, White first.
fn all_pieces() -> impl Iterator<Item = Piece> {
    Color::ALL.into_iter().flat_map(|color| Role::ALL.into_iter().map(move |role| role.of(color)))
}

impl SetupBoard {
    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many of `piece` are still in the tray.
    pub fn in_tray(&self, piece: Piece) -> usize {
        Board::start().by_piece(piece).count().saturating_sub(self.board.by_piece(piece).count())
    }

    /// The tray: every kind of piece the child sets up (one the step gives all of is not in
    /// it), with how many are left (zero counts included: a piece placed keeps its place).
    pub fn tray(&self) -> Vec<(Piece, usize)> {
        let sets_up = |p: Piece| Board::start().by_piece(p).count() > self.spec.given.by_piece(p).count();
        all_pieces().filter(|&p| sets_up(p)).map(|p| (p, self.in_tray(p))).collect()
    }

    /// The squares whose pieces were given and cannot be lifted.
    pub fn fixed(&self) -> Bitboard {
        self.spec.given.occupied()
    }

    fn place(&mut self, square: Square, piece: Piece) -> Feedback {
        if self.fixed().contains(square) {
            return Feedback::wrong(Code::SetupFixedPiece).with_squares(square.into());
        }
        if self.board.piece_at(square) == Some(piece) {
            return Feedback::ignored();
        }
        if self.in_tray(piece) == 0 {
            return Feedback::wrong(Code::SetupNoneLeft);
        }
        self.board.remove_piece_at(square);
        self.board.set_piece_at(square, piece);
        Feedback::accepted(Code::SetupPlaced).with_arg("left", self.tray().iter().map(|(_, n)| n).sum::<usize>())
    }

    fn lift(&mut self, square: Square) -> Feedback {
        if self.fixed().contains(square) {
            return Feedback::wrong(Code::SetupFixedPiece).with_squares(square.into());
        }
        match self.board.remove_piece_at(square) {
            Some(_) => Feedback::accepted(Code::SetupLifted),
            None => Feedback::ignored(),
        }
    }

    /// What is wrong now: the squares holding a piece the start position does not have there,
    /// each with the rhyme line it breaks and the side whose words of the line to quote.
    pub fn mistakes(&self) -> (Bitboard, Vec<(RhymeLine, Color)>) {
        let mut squares = Bitboard::EMPTY;
        let mut lines = Vec::new();
        for (square, piece) in self.board.pieces() {
            if let Some(line) = broken_line(square, piece) {
                squares.add(square);
                lines.push((line, piece.color));
            }
        }
        (squares, lines)
    }

    /// The empty squares the start position fills, each with the line of its missing piece.
    fn missing(&self) -> (Bitboard, Vec<(RhymeLine, Color)>) {
        let mut squares = Bitboard::EMPTY;
        let mut lines = Vec::new();
        for (square, piece) in Board::start().pieces().filter(|(sq, _)| self.board.piece_at(*sq).is_none()) {
            squares.add(square);
            lines.push((line_of_role(piece.role), piece.color));
        }
        (squares, lines)
    }

    fn check(&mut self) -> Feedback {
        let (wrong, lines) = self.mistakes();
        if wrong.any() {
            let code = if wrong.more_than_one() { Code::SetupWrongMany } else { Code::SetupWrong };
            let feedback = Feedback::wrong(code).with_squares(wrong).with_arg("n", wrong.count()).with_text(Some(&quotes(lines)));
            return self.tries.miss(feedback);
        }
        let (empty, lines) = self.missing();
        if empty.any() {
            // Checking early is no mistake: say what is left and which lines place it.
            return Feedback::wrong(Code::SetupIncomplete).with_squares(empty).with_arg("left", empty.count()).with_text(Some(&quotes(lines)));
        }
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        Feedback::complete(Code::SetupCorrect, Some(stars))
    }
}

/// "记住口诀：白皇后白，白王黑。": the words of each line broken, once each, in the rhyme's order
/// (白方 before 黑方 in the ranks line, 黑 before 白 in the others). No sort: it costs wasm.
fn quotes(lines: Vec<(RhymeLine, Color)>) -> Text {
    let (mut zh, mut en): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
    for line in RhymeLine::ALL {
        let colours = if line == RhymeLine::Ranks { [Color::White, Color::Black] } else { [Color::Black, Color::White] };
        for color in colours.into_iter().filter(|&c| lines.contains(&(line, c))) {
            let (words, meaning) = line.quote(color);
            if !zh.contains(&words) {
                zh.push(words);
                en.push(meaning);
            }
        }
    }
    Text::new(format!("记住口诀：{}。", zh.join("，")), format!("Remember the rhyme: {}", en.join(" ")))
}

impl Machine for SetupBoard {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> SetupBoard {
        SetupBoard { board: spec.given, spec, tries: Tries::default(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Place { square, piece } => self.place(square, piece),
            Event::Lift(square) => self.lift(square),
            Event::Check => self.check(),
            _ => Feedback::ignored(),
        }
    }

    /// The board as a drill position when it is one (for drawing; the set-up board's own
    /// accessor [`SetupBoard::board`] always works).
    fn position(&self) -> Option<Position> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::rhyme::{broken_line, line_of_role, RhymeLine};
    use super::super::testing::{errors_of, one_step, play, sq};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    fn place(square: &str, piece: char) -> Event<'static> {
        Event::Place { square: sq(square), piece: Piece::from_char(piece).expect("piece") }
    }

    /// Events placing the start position's pieces of `color`, king and queen swapped if asked.
    fn set_up(color: Color, swap_king_and_queen: bool) -> Vec<Event<'static>> {
        Board::start()
            .pieces()
            .filter(|(_, p)| p.color == color)
            .map(|(square, piece)| {
                let square = match (swap_king_and_queen, piece.role) {
                    (true, Role::King) => square.offset(-1, 0).expect("d-file"),
                    (true, Role::Queen) => square.offset(1, 0).expect("e-file"),
                    _ => square,
                };
                Event::Place { square, piece }
            })
            .collect()
    }

    #[test]
    fn the_whole_set_up_from_an_empty_board() {
        let mut ex = Exercise::new(&one_step("kind = \"setup-board\""));
        let mut events = set_up(Color::White, false);
        events.extend(set_up(Color::Black, false));
        assert_eq!(play(&mut ex, &events).grade, Grade::Accepted);
        let fb = ex.handle(&Event::Check);
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(3)));
    }

    #[test]
    fn check_marks_every_wrong_square_quotes_its_line_and_retry_clears_the_board() {
        let mut ex = Exercise::new(&one_step("kind = \"setup-board\"\nfen = \"rnbqkbnr/pppppppp/8/8/8/8/8/8\""));
        play(&mut ex, &[place("e4", 'P'), place("e1", 'Q')]);
        let fb = ex.handle(&Event::Check);
        assert_eq!((fb.grade, fb.code.as_str(), fb.squares), (Grade::Wrong, "setup-wrong-many", Bitboard::from(sq("e4")) | sq("e1")));
        assert_eq!(fb.text.map(|t| t.zh), Some("记住口诀：白方一二两横排，白皇后白。".to_string()));
        ex.handle(&Event::Lift(sq("e4")));
        assert_eq!(ex.handle(&Event::Check).code.as_str(), "setup-wrong");
        assert_eq!(ex.handle(&Event::Lift(sq("e8"))).code.as_str(), "setup-fixed-piece");
        ex.handle(&Event::Retry);
        let Exercise::SetupBoard(s) = &ex else { panic!() };
        assert_eq!(s.board().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/8/8");
        assert_eq!(s.in_tray(Piece::from_char('P').expect("pawn")), 8);
        let tray = s.tray();
        assert!(
            tray.len() == 6 && tray.iter().all(|(p, _)| p.color == Color::White),
            "Black is given whole: only White's pieces in the tray: {tray:?}"
        );
        // The commonest mistake: king and queen swapped. Both lines' words, both squares.
        let mut events = set_up(Color::White, true);
        events.push(Event::Check);
        let fb = play(&mut ex, &events);
        assert_eq!((fb.code.as_str(), fb.squares), ("setup-wrong-many", Bitboard::from(sq("d1")) | sq("e1")));
        let text = fb.text.expect("quote");
        assert_eq!(text.zh, "记住口诀：白皇后白，白王黑。");
        assert_eq!(text.en, "Remember the rhyme: The white queen stands on a light square. The white king stands on a dark square.");
    }

    /// The feedback of "check" on `board`, set up piece by piece from an empty board.
    fn check(board: &Board) -> Feedback {
        let mut ex = SetupBoard::new(Spec { given: Board::empty() });
        for (square, piece) in board.pieces() {
            let fb = ex.handle(&Event::Place { square, piece });
            assert_eq!(fb.code.as_str(), "setup-placed", "{board}: {square} {piece:?}");
        }
        ex.handle(&Event::Check)
    }

    /// The hint for `board` marks exactly its wrong squares (else its empty ones) and quotes,
    /// in both languages, the rhyme's words for each.
    fn assert_hint(board: &Board) {
        let fb = check(board);
        let wrong: Vec<(Square, RhymeLine, Color)> =
            board.pieces().filter_map(|(sq, p)| broken_line(sq, p).map(|line| (sq, line, p.color))).collect();
        let missing: Vec<(Square, RhymeLine, Color)> =
            Board::start().pieces().filter(|(sq, _)| board.piece_at(*sq).is_none()).map(|(sq, p)| (sq, line_of_role(p.role), p.color)).collect();
        let (expected, code) = if wrong.is_empty() { (&missing, "setup-incomplete") } else { (&wrong, "setup-wrong") };
        assert!(fb.code.as_str().starts_with(code), "{board}: {}", fb.code.as_str());
        assert_eq!(fb.squares, expected.iter().map(|(sq, _, _)| *sq).collect::<Bitboard>(), "{board}: every wrong square marked");
        let text = fb.text.unwrap_or_else(|| panic!("{board}: no quote"));
        assert!(text.zh.starts_with("记住口诀：") && text.en.starts_with("Remember the rhyme: "), "{board}");
        for (sq, line, color) in expected {
            let (zh, en) = line.quote(*color);
            assert!(text.zh.contains(zh) && text.en.contains(en), "{board}: {sq} {line:?} not quoted: {text:?}");
        }
    }

    #[test]
    fn every_kind_of_wrong_placement_is_marked_and_quoted() {
        let start = Board::start();
        let mut boards = Vec::new();
        for (from, piece) in start.pieces() {
            // A missing piece.
            let mut missing = start;
            missing.remove_piece_at(from);
            boards.push(missing);
            // The piece on any other square: an empty one (on its own rows or off them) or
            // another piece's (that piece back in the tray).
            for to in Square::all().filter(|&to| to != from) {
                let mut moved = missing;
                moved.remove_piece_at(to);
                moved.set_piece_at(to, piece);
                boards.push(moved);
            }
            // Swapped with each other piece, of its own side or the other (a wrong colour).
            for (other_square, other) in start.pieces().filter(|&(sq, p)| sq != from && p != piece) {
                let mut swapped = start;
                swapped.set_piece_at(from, other);
                swapped.set_piece_at(other_square, piece);
                boards.push(swapped);
            }
        }
        assert!(boards.len() > 32 * 64, "{}", boards.len());
        for board in &boards {
            assert_hint(board);
        }
    }

    #[test]
    fn no_more_pieces_than_the_start_position_has() {
        let mut ex = SetupBoard::new(Spec { given: Board::start() });
        assert_eq!(ex.handle(&place("e4", 'P')).code.as_str(), "setup-none-left");
        assert_eq!(ex.handle(&Event::Check).stars, Some(3));
    }

    #[test]
    fn stars_drop_with_wrong_checks_and_an_early_check_is_not_a_mistake() {
        let mut ex = Exercise::new(&one_step("kind = \"setup-board\"\nfen = \"rnbqkbnr/pppppppp/8/8/8/8/8/8\""));
        assert_eq!(ex.handle(&Event::Check).code.as_str(), "setup-incomplete");
        play(&mut ex, &[place("a1", 'N'), Event::Check]);
        let mut events = set_up(Color::White, false);
        events.push(Event::Check);
        assert_eq!(play(&mut ex, &events).stars, Some(2));
        assert_eq!(ex.handle(&place("a3", 'P')).grade, Grade::Ignored);
    }

    #[test]
    fn targets_and_given_pieces_are_checked() {
        assert_eq!(
            errors_of("kind = \"setup-board\"\ntarget = \"8/8/8/8/8/8/8/8\""),
            ["2: step 1: the target of a set-up exercise must be the standard start position"]
        );
        assert!(errors_of("kind = \"setup-board\"\ntarget = \"start\"").is_empty());
        assert_eq!(
            errors_of("kind = \"setup-board\"\nfen = \"8/8/8/8/8/8/8/Q7\""),
            ["2: step 1: the piece already placed on a1 is not where the start position has it"]
        );
    }
}
