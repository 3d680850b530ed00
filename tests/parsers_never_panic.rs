//! Property tests: the SAN, UCI, PGN and FEN parsers never panic, whatever text they are given,
//! and whatever they accept is consistent (a move read is legal; a game read writes back to
//! text that reads as the same game).

use proptest::prelude::*;
use qitong::rules::{parse_move_text, parse_san_forgiving, pgn_games, read_pgn, Mode, PgnGame, Position, San, SanPlus, Setup, Uci};

/// Positions with castling, en passant, promotions and check available.
fn positions() -> Vec<Position> {
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1",
    ]
    .iter()
    .filter_map(|fen| Position::from_fen(fen, Mode::Standard).ok())
    .collect()
}

/// Move-like text: piece letters, squares, marks, figurines, Chinese names, annotations.
const MOVE_ALPHABET: &str = "[a-hNBRQKPnbrqkpxX0oO=+#!?:1-9 \\-♘♞♕马后车象王兵e.p()/]{0,14}";

/// PGN-like text built from the characters that matter to the reader.
const PGN_ALPHABET: &str = "[\\[\\]\"\\\\{}();$%a-h1-8NBRQKOx.\\-+#!?*/ \n]{0,300}";

/// FEN-like text.
const FEN_ALPHABET: &str = "[pnbrqkPNBRQK0-9/ wb\\-a-h]{0,90}";

/// PGN tokens, so that random sequences reach the deeper states of the reader.
const PGN_WORDS: [&str; 28] = [
    "1.",
    "2...",
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "d4",
    "exd4",
    "Bb5",
    "a6",
    "O-O",
    "0-0",
    "(",
    ")",
    "{note}",
    ";line\n",
    "$1",
    "$300",
    "!?",
    "1-0",
    "*",
    "1/2-1/2",
    "[Event \"x\"]",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]",
    "[SetUp \"1\"]",
    "\n",
    "e.p.",
    "Qxf7#",
];

fn pgn_words() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PGN_WORDS.to_vec()), 0..80).prop_map(|words| words.join(" "))
}

/// Reads every way we can; panics are the failure being looked for.
fn read_move_everywhere(text: &str) {
    let _ = text.parse::<San>();
    let _ = text.parse::<SanPlus>();
    let _ = text.parse::<Uci>();
    for pos in positions() {
        if let Ok(plus) = text.parse::<SanPlus>() {
            if let Ok(m) = plus.to_move(&pos) {
                assert!(pos.is_legal(&m), "{text} gave an illegal move");
            }
        }
        for read in [parse_san_forgiving(&pos, text), parse_move_text(&pos, text)] {
            match read {
                Ok((m, _)) => assert!(pos.is_legal(&m), "{text} gave an illegal move"),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
}

/// Reads a PGN; every game read must write back to text that reads as the same game.
fn read_pgn_everywhere(text: &str) {
    let _ = read_pgn(text);
    for game in pgn_games(text).take(50) {
        match game {
            Ok(game) => assert_eq!(PgnGame::from_pgn(&game.to_pgn()).as_ref(), Ok(&game), "{}", game.to_pgn()),
            Err(e) => assert!(e.line >= 1 && !e.to_string().is_empty()),
        }
    }
}

fn read_fen_everywhere(text: &str) {
    if let Ok(setup) = text.parse::<Setup>() {
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
    for mode in [Mode::Standard, Mode::Drill] {
        if let Ok(pos) = Position::from_fen(text, mode) {
            assert_eq!(Position::from_fen(&pos.fen(), mode).ok(), Some(pos));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_string_as_a_move(text in any::<String>()) {
        read_move_everywhere(&text);
    }

    #[test]
    fn move_like_strings(text in MOVE_ALPHABET) {
        read_move_everywhere(&text);
    }

    #[test]
    fn any_string_as_pgn(text in any::<String>()) {
        read_pgn_everywhere(&text);
    }

    #[test]
    fn pgn_like_strings(text in PGN_ALPHABET) {
        read_pgn_everywhere(&text);
    }

    #[test]
    fn pgn_token_soup(text in pgn_words()) {
        read_pgn_everywhere(&text);
    }

    #[test]
    fn any_string_as_fen(text in any::<String>()) {
        read_fen_everywhere(&text);
    }

    #[test]
    fn fen_like_strings(text in FEN_ALPHABET) {
        read_fen_everywhere(&text);
    }

    #[test]
    fn any_bytes_as_text(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        read_move_everywhere(&text);
        read_pgn_everywhere(&text);
        read_fen_everywhere(&text);
    }
}
