//! `setup-board`: put the 32 pieces from a tray onto an empty (or partly set) board. On "check",
//! the first wrong placement (in the order the child made them) is named by the rhyme line it
//! breaks (SPEC §2).

use super::rhyme::broken_line;
use super::Machine;
use crate::lessons::error::ErrorKind;
use crate::lessons::feedback::{Event, Feedback, Status, Tries};
use crate::lessons::read::Reader;
use crate::lessons::text::Text;
use crate::rules::{Bitboard, Board, Color, FenError, ParseFenError, Piece, Position, Role, Square};

/// The keys of a set-up step.
pub const KEYS: &[&str] = &["fen", "target"];

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

pub(crate) fn load(r: &mut Reader) -> Option<Spec> {
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
    /// The squares the child has filled, in the order of placing.
    placed: Vec<Square>,
    tries: Tries,
    status: Status,
}

/// Every kind of piece, White first.
fn all_pieces() -> impl Iterator<Item = Piece> {
    Color::ALL.into_iter().flat_map(|color| Role::ALL.into_iter().map(move |role| role.of(color)))
}

impl SetupBoard {
    /// Starts the step at its beginning.
    pub fn new(spec: Spec) -> SetupBoard {
        SetupBoard { board: spec.given, spec, placed: Vec::new(), tries: Tries::default(), status: Status::Active }
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many of `piece` are still in the tray.
    pub fn in_tray(&self, piece: Piece) -> usize {
        Board::start().by_piece(piece).count().saturating_sub(self.board.by_piece(piece).count())
    }

    /// The tray: every kind of piece with how many are left (zero counts included).
    pub fn tray(&self) -> Vec<(Piece, usize)> {
        all_pieces().map(|p| (p, self.in_tray(p))).collect()
    }

    /// The squares whose pieces were given and cannot be lifted.
    pub fn fixed(&self) -> Bitboard {
        self.spec.given.occupied()
    }

    fn place(&mut self, square: Square, piece: Piece) -> Feedback {
        if self.fixed().contains(square) {
            return Feedback::wrong("setup-fixed-piece").with_squares(square.into());
        }
        if self.board.piece_at(square) == Some(piece) {
            return Feedback::ignored();
        }
        if self.in_tray(piece) == 0 {
            return Feedback::wrong("setup-none-left");
        }
        self.board.remove_piece_at(square);
        self.board.set_piece_at(square, piece);
        self.placed.retain(|&sq| sq != square);
        self.placed.push(square);
        Feedback::accepted("setup-placed").with_arg("left", self.tray().iter().map(|(_, n)| n).sum::<usize>())
    }

    fn lift(&mut self, square: Square) -> Feedback {
        if self.fixed().contains(square) {
            return Feedback::wrong("setup-fixed-piece").with_squares(square.into());
        }
        match self.board.remove_piece_at(square) {
            Some(_) => {
                self.placed.retain(|&sq| sq != square);
                Feedback::accepted("setup-lifted")
            }
            None => Feedback::ignored(),
        }
    }

    fn check(&mut self) -> Feedback {
        let first_wrong = self.placed.iter().find_map(|&sq| {
            let piece = self.board.piece_at(sq)?;
            broken_line(&self.board, sq, piece).map(|line| (sq, line))
        });
        if let Some((square, line)) = first_wrong {
            let text = Text::new(line.zh(), line.en());
            return self.tries.miss(Feedback::wrong(line.code()).with_squares(square.into()).with_text(Some(&text)));
        }
        let left: usize = self.tray().iter().map(|(_, n)| n).sum();
        if left > 0 {
            return Feedback::wrong("setup-incomplete").with_arg("left", left);
        }
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        Feedback::complete("setup-correct", Some(stars))
    }
}

impl Machine for SetupBoard {
    fn handle(&mut self, event: &Event) -> Feedback {
        if self.status != Status::Active {
            return Feedback::ignored();
        }
        match *event {
            Event::Place { square, piece } => self.place(square, piece),
            Event::Lift(square) => self.lift(square),
            Event::Check => self.check(),
            _ => Feedback::ignored(),
        }
    }

    fn retry(&mut self) {
        *self = SetupBoard::new(self.spec.clone());
    }

    fn status(&self) -> Status {
        self.status
    }

    /// The board as a drill position when it is one (for drawing; the set-up board's own
    /// accessor [`SetupBoard::board`] always works).
    fn position(&self) -> Option<Position> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step, play, sq};
    use super::super::Exercise;
    use super::*;
    use crate::lessons::feedback::Grade;

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
    fn check_names_the_line_of_the_first_wrong_placement_and_retry_clears_the_board() {
        let mut ex = Exercise::new(&one_step("kind = \"setup-board\"\nfen = \"rnbqkbnr/pppppppp/8/8/8/8/8/8\""));
        play(&mut ex, &[place("e4", 'P'), place("e1", 'Q')]);
        let fb = ex.handle(&Event::Check);
        assert_eq!((fb.grade, fb.code), (Grade::Wrong, "rhyme-ranks"));
        assert_eq!(fb.text.map(|t| t.zh), Some("白方一二两横排，黑方七八排上摆".to_string()));
        ex.handle(&Event::Lift(sq("e4")));
        assert_eq!(ex.handle(&Event::Check).code, "rhyme-queen");
        assert_eq!(ex.handle(&Event::Lift(sq("e8"))).code, "setup-fixed-piece");
        ex.handle(&Event::Retry);
        let Exercise::SetupBoard(s) = &ex else { panic!() };
        assert_eq!(s.board().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/8/8");
        assert_eq!(s.in_tray(Piece::from_char('P').expect("pawn")), 8);
        let mut events = set_up(Color::White, true);
        events.push(Event::Check);
        assert_eq!(play(&mut ex, &events).code, "rhyme-corner");
    }

    #[test]
    fn stars_drop_with_wrong_checks_and_an_early_check_is_not_a_mistake() {
        let mut ex = Exercise::new(&one_step("kind = \"setup-board\"\nfen = \"rnbqkbnr/pppppppp/8/8/8/8/8/8\""));
        assert_eq!(ex.handle(&Event::Check).code, "setup-incomplete");
        play(&mut ex, &[place("a1", 'N'), Event::Check]);
        let mut events = set_up(Color::White, false);
        events.push(Event::Check);
        assert_eq!(play(&mut ex, &events).stars, Some(2));
        assert_eq!(ex.handle(&place("a3", 'P')).grade, Grade::Ignored);
    }

    #[test]
    fn targets_and_given_pieces_are_checked() {
        assert_eq!(errors_of("kind = \"setup-board\"\ntarget = \"8/8/8/8/8/8/8/8\""), ["2: step 1: the target of a set-up exercise must be the standard start position"]);
        assert!(errors_of("kind = \"setup-board\"\ntarget = \"start\"").is_empty());
        assert_eq!(errors_of("kind = \"setup-board\"\nfen = \"8/8/8/8/8/8/8/Q7\""), ["2: step 1: the piece already placed on a1 is not where the start position has it"]);
    }
}
