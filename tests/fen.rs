//! FEN reading and writing: every `ParseFenError` with its message, round trips, the optional
//! move counters, and arbitrary input that must give an error, never a panic.

use qitong::rules::{FenError, FenField, Mode, ParseBoardError, ParseCastlingError, ParseFenError, Position, Rank, Setup, Uci};

fn parse_error(fen: &str) -> ParseFenError {
    match fen.parse::<Setup>() {
        Err(e) => e,
        Ok(s) => panic!("{fen}: accepted as {s}"),
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn empty() {
    assert_eq!(parse_error(""), ParseFenError::Empty);
    assert_eq!(parse_error("   \n"), ParseFenError::Empty);
    assert_eq!(ParseFenError::Empty.to_string(), "the FEN is empty");
}

#[test]
fn placement_errors_name_rank_and_character() {
    let e = parse_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1");
    assert_eq!(e, ParseFenError::Board(ParseBoardError::RankCount { found: 7 }));
    assert_eq!(e.to_string(), "FEN field 1 (piece placement): the board needs 8 ranks separated by '/', found 7");
    let e = parse_error("rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(e, ParseFenError::Board(ParseBoardError::BadChar { rank: Rank::FOURTH, c: 'X' }));
    assert_eq!(e.to_string(), "FEN field 1 (piece placement): rank 4: 'X' is not a piece letter (KQRBNP kqrbnp) or a digit 1-8");
    let e = parse_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(e, ParseFenError::Board(ParseBoardError::BadChar { rank: Rank::SIXTH, c: '9' }));
    let e = parse_error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(e, ParseFenError::Board(ParseBoardError::RankWidth { rank: Rank::SEVENTH, width: 7 }));
    assert_eq!(e.to_string(), "FEN field 1 (piece placement): rank 7 has 7 squares instead of 8");
    assert_eq!(e.field(), Some(FenField::Placement));
}

#[test]
fn missing_fields() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(parse_error(board), ParseFenError::MissingField { field: FenField::Turn });
    assert_eq!(parse_error(&format!("{board} w")), ParseFenError::MissingField { field: FenField::Castling });
    let e = parse_error(&format!("{board} w KQkq"));
    assert_eq!(e, ParseFenError::MissingField { field: FenField::EnPassant });
    assert_eq!(e.to_string(), "FEN ends before field 4 (en-passant square)");
}

#[test]
fn turn() {
    let e = parse_error("8/8/8/8/8/8/8/8 x - - 0 1");
    assert_eq!(e, ParseFenError::Turn { found: "x".into() });
    assert_eq!(e.to_string(), "FEN field 2 (side to move): expected 'w' or 'b', found 'x'");
    assert!(matches!(parse_error("8/8/8/8/8/8/8/8 W - - 0 1"), ParseFenError::Turn { .. }));
    assert!(matches!(parse_error("8/8/8/8/8/8/8/8 white - - 0 1"), ParseFenError::Turn { .. }));
}

#[test]
fn castling() {
    let e = parse_error("8/8/8/8/8/8/8/8 w KQxq - 0 1");
    assert_eq!(e, ParseFenError::Castling(ParseCastlingError::BadChar { c: 'x', index: 2 }));
    assert_eq!(
        e.to_string(),
        "FEN field 3 (castling rights): castling field, character 3: 'x' is not one of K Q k q or '-' (Chess960 castling is not supported)"
    );
    let e = parse_error("8/8/8/8/8/8/8/8 w KQkk - 0 1");
    assert_eq!(e, ParseFenError::Castling(ParseCastlingError::Repeated { c: 'k', index: 3 }));
    assert_eq!(e.field(), Some(FenField::Castling));
}

#[test]
fn en_passant() {
    let e = parse_error("8/8/8/8/8/8/8/8 w - e9 0 1");
    assert_eq!(e, ParseFenError::EnPassant { found: "e9".into() });
    assert_eq!(e.to_string(), "FEN field 4 (en-passant square): expected '-' or a square like e3, found 'e9'");
}

#[test]
fn counters() {
    let e = parse_error("8/8/8/8/8/8/8/8 w - - -1 1");
    assert_eq!(e, ParseFenError::HalfmoveClock { found: "-1".into() });
    assert_eq!(e.to_string(), "FEN field 5 (halfmove clock): expected a whole number (0 or more), found '-1'");
    assert!(matches!(parse_error("8/8/8/8/8/8/8/8 w - - 99999999999 1"), ParseFenError::HalfmoveClock { .. }));
    assert!(matches!(parse_error("8/8/8/8/8/8/8/8 w - - +3 1"), ParseFenError::HalfmoveClock { .. }));
    let e = parse_error("8/8/8/8/8/8/8/8 w - - 0 0");
    assert_eq!(e, ParseFenError::FullmoveNumber { found: "0".into() });
    assert_eq!(e.to_string(), "FEN field 6 (fullmove number): expected a whole number (1 or more), found '0'");
    assert!(matches!(parse_error("8/8/8/8/8/8/8/8 w - - 0 one"), ParseFenError::FullmoveNumber { .. }));
}

#[test]
fn too_many_fields() {
    let e = parse_error(&format!("{START} extra"));
    assert_eq!(e, ParseFenError::TooManyFields { extra: "extra".into() });
    assert_eq!(e.to_string(), "FEN has text after its six fields: 'extra'");
    assert_eq!(e.field(), None);
}

#[test]
fn long_fields_are_cut_in_messages() {
    let long = "x".repeat(1000);
    let e = parse_error(&format!("8/8/8/8/8/8/8/8 {long} - - 0 1"));
    assert!(e.to_string().len() < 100, "{e}");
}

#[test]
fn fen_error_combines_parse_and_position() {
    assert!(matches!(Position::from_fen("junk", Mode::Standard), Err(FenError::Parse(ParseFenError::Board(_)))));
    assert!(matches!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", Mode::Standard), Err(FenError::Position(_))));
    let e = Position::from_fen("8/8/8/8/8/8/8/8 q - - 0 1", Mode::Standard).unwrap_err();
    assert_eq!(e.to_string(), "FEN field 2 (side to move): expected 'w' or 'b', found 'q'");
}

#[test]
fn round_trips() {
    for fen in [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let pos = Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen);
        assert_eq!(pos.to_string(), fen);
        assert_eq!(Position::from_setup(pos.to_setup(), Mode::Standard), Ok(pos));
    }
}

#[test]
fn played_positions_round_trip() {
    let mut pos = Position::new();
    for uci in ["e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "e7f6", "g1f3", "f8b4", "f1c4", "g8e7", "e1g1"] {
        let m = pos.move_from_uci(&uci.parse::<Uci>().expect("uci")).expect("legal");
        pos = pos.play(&m).expect("legal");
        let again = Position::from_fen(&pos.fen(), Mode::Standard).expect("own FEN is valid");
        assert_eq!(again, pos, "after {uci}");
        assert_eq!(again.zobrist(), pos.zobrist());
    }
    assert_eq!(pos.fen(), "rnbqk2r/ppp1n1pp/5p2/3p4/1bB5/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 6");
}

/// A small xorshift generator, so that the test is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn arbitrary_input_never_panics() {
    let alphabet: Vec<char> = "rnbqkpRNBQKP12345678/ -wbKQkqe3609x\u{00e9}\u{4e2d}\t".chars().collect();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..20_000 {
        let len = rng.below(80);
        let s: String = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
        let _ = Position::from_fen(&s, Mode::Standard);
        let _ = Position::from_fen(&s, Mode::Drill);
        let _ = s.parse::<Uci>();
    }
    // Mutations of real FENs reach deeper into validation.
    let seeds: Vec<Vec<char>> =
        [START, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"].iter().map(|s| s.chars().collect()).collect();
    for _ in 0..20_000 {
        let mut chars = seeds[rng.below(seeds.len())].clone();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len());
            chars[i] = alphabet[rng.below(alphabet.len())];
        }
        let s: String = chars.into_iter().collect();
        for mode in [Mode::Standard, Mode::Drill] {
            if let Ok(pos) = Position::from_fen(&s, mode) {
                // Anything accepted must survive move generation and its own FEN.
                let _ = pos.perft(2);
                assert_eq!(Position::from_fen(&pos.fen(), mode), Ok(pos), "{s}");
            }
        }
    }
}
