//! SAN writing and reading: famous games move by move, disambiguation, en passant and
//! promotion, check signs, every correction of the forgiving reader and every `SanError`.

mod common;
use common::Rng;

use qitong::rules::{
    parse_move_text, parse_san_forgiving, CastlingSide, Mode, Position, Role, San, SanCorrection as C, SanError, SanPlus, Square, Suffix,
    SyntaxProblem,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Mode::Standard).expect("test FEN is valid")
}

/// Plays a game given as SAN, checking that every move is read strictly and written back the
/// same; returns the final position.
fn replay(moves: &str) -> Position {
    let mut p = Position::new();
    for text in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = p.move_from_san(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.san(&m), text);
        p = p.play_unchecked(&m);
    }
    p
}

#[test]
fn opera_game() {
    let end = replay(
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 \
         9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 \
         15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#",
    );
    assert!(end.is_checkmate());
}

#[test]
fn immortal_game() {
    let end = replay(
        "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 \
         9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 \
         16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 \
         22. Qf6+ Nxf6 23. Be7#",
    );
    assert!(end.is_checkmate());
}

#[test]
fn fools_mate_and_a_plain_check() {
    assert!(replay("1. f3 e5 2. g4 Qh4#").is_checkmate());
    assert!(replay("1. e4 e5 2. Bc4 Nc6 3. Bxf7+").is_check());
}

fn san_of(p: &Position, from: Square, to: Square, promotion: Option<Role>) -> String {
    let m = p.legal_moves().iter().find(|m| m.from == from && m.to == to && m.promotion == promotion).copied();
    p.san(&m.expect("the test move is legal"))
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    // Knights on b1 and f3 both reach d2: the file tells them apart.
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san_of(&p, Square::B1, Square::D2, None), "Nbd2");
    assert_eq!(san_of(&p, Square::F3, Square::D2, None), "Nfd2");
    // Rooks on a1 and a5 share the file: the rank tells them apart.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&p, Square::A1, Square::A3, None), "R1a3");
    assert_eq!(san_of(&p, Square::A5, Square::A3, None), "R5a3");
    // Three queens: a1 shares a file with a3 and a rank with c1, so it needs the whole square.
    let p = pos("8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1");
    assert_eq!(san_of(&p, Square::A1, Square::B2, None), "Qa1b2");
    assert_eq!(san_of(&p, Square::A3, Square::B2, None), "Q3b2");
    assert_eq!(san_of(&p, Square::C1, Square::B2, None), "Qcb2");
    for text in ["Qa1b2", "Q3b2", "Qcb2"] {
        let m = p.move_from_san(text).expect("readable");
        assert_eq!(p.san(&m), text);
    }
}

#[test]
fn en_passant_and_promotions() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(san_of(&p, Square::E5, Square::D6, None), "exd6");
    assert!(p.move_from_san("exd6").expect("legal").is_en_passant());
    let p = pos("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&p, Square::E7, Square::E8, Some(Role::Queen)), "e8=Q+");
    assert_eq!(san_of(&p, Square::E7, Square::D8, Some(Role::Knight)), "exd8=N");
    assert_eq!(san_of(&p, Square::E7, Square::D8, Some(Role::Rook)), "exd8=R+");
    let p = pos("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    assert_eq!(san_of(&p, Square::A2, Square::A1, Some(Role::Queen)), "a1=Q+");
}

#[test]
fn checkmate_and_check_signs() {
    let scholar = pos("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4");
    assert_eq!(san_of(&scholar, Square::H5, Square::F7, None), "Qxf7#");
    assert_eq!(san_of(&scholar, Square::C4, Square::F7, None), "Bxf7+");
    let plus: SanPlus = "Qxf7#".parse().expect("valid");
    assert_eq!(plus.suffix, Some(Suffix::Checkmate));
}

/// (FEN, input, the move's UCI, the corrections expected).
fn corrected(fen: &str, input: &str) -> (String, Vec<C>) {
    let (m, corrections) = parse_san_forgiving(&pos(fen), input).unwrap_or_else(|e| panic!("{input}: {e}"));
    (m.to_uci(), corrections)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const SCHOLAR: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4";
const AFTER_E4_D5: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
const PROMOTE: &str = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";

#[test]
fn every_correction_kind() {
    let s = |x: &str| x.to_string();
    let cases: Vec<(&str, &str, &str, Vec<C>)> = vec![
        (START, "Nf3", "g1f3", vec![]),
        (START, "  e4 ", "e2e4", vec![]),
        (START, "nf3", "g1f3", vec![C::LowercasePiece]),
        (START, "♘f3", "g1f3", vec![C::Figurine]),
        (START, "马f3", "g1f3", vec![C::ChinesePiece]),
        (START, "骑士f3", "g1f3", vec![C::ChinesePiece]),
        (START, "Pe4", "e2e4", vec![C::PawnLetter]),
        (START, "马ｆ３", "g1f3", vec![C::FullWidth, C::ChinesePiece]),
        (START, "N f3", "g1f3", vec![C::Spaces]),
        (START, "e4!?", "e2e4", vec![C::Annotation { glyph: s("!?") }]),
        (START, "Ngf3", "g1f3", vec![C::OverSpecified { written: s("g"), needed: s("") }]),
        (START, "Ng1-f3", "g1f3", vec![C::Hyphen, C::OverSpecified { written: s("g1"), needed: s("") }]),
        (START, "Nxf3", "g1f3", vec![C::CaptureMarkExtra]),
        (START, "Nf3+", "g1f3", vec![C::CheckSuffixWrong { written: s("+"), correct: None }]),
        (CASTLES, "0-0", "e1g1", vec![C::CastlingZeros]),
        (CASTLES, "o-o-o", "e1c1", vec![C::CastlingLowercase]),
        (CASTLES, "O-O", "e1g1", vec![]),
        (SCHOLAR, "Qxf7", "h5f7", vec![C::CheckSuffixMissing { correct: Suffix::Checkmate }]),
        (SCHOLAR, "Bxf7", "c4f7", vec![C::CheckSuffixMissing { correct: Suffix::Check }]),
        (SCHOLAR, "Qxf7+", "h5f7", vec![C::CheckSuffixWrong { written: s("+"), correct: Some(Suffix::Checkmate) }]),
        (SCHOLAR, "Bxf7#", "c4f7", vec![C::CheckSuffixWrong { written: s("#"), correct: Some(Suffix::Check) }]),
        (SCHOLAR, "Qxf7++", "h5f7", vec![C::CheckSuffixWrong { written: s("++"), correct: Some(Suffix::Checkmate) }]),
        (SCHOLAR, "Qf7#", "h5f7", vec![C::CaptureMarkMissing]),
        (AFTER_E4_D5, "ed5", "e4d5", vec![C::CaptureMarkMissing]),
        (AFTER_E4_D5, "d5", "e4d5", vec![C::CaptureMarkMissing]),
        (AFTER_E4_D5, "e4xd5", "e4d5", vec![C::OverSpecified { written: s("e4"), needed: s("e") }]),
        (PROMOTE, "e8Q", "e7e8q", vec![C::PromotionEqualsMissing]),
        (PROMOTE, "e8q", "e7e8q", vec![C::LowercasePiece, C::PromotionEqualsMissing]),
        (PROMOTE, "e8=后", "e7e8q", vec![C::ChinesePiece]),
        (PROMOTE, "e8=♕", "e7e8q", vec![C::Figurine]),
        (EN_PASSANT, "exd6 e.p.", "e5d6", vec![C::EnPassantSuffix]),
        (EN_PASSANT, "exd6ep", "e5d6", vec![C::EnPassantSuffix]),
        (EN_PASSANT, "exd6 e.p.!", "e5d6", vec![C::Annotation { glyph: s("!") }, C::EnPassantSuffix]),
    ];
    for (fen, input, uci, expected) in cases {
        assert_eq!(corrected(fen, input), (uci.to_string(), expected), "{input}");
    }
}

#[test]
fn lower_case_b_is_a_pawn_when_a_pawn_can() {
    let both = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1";
    assert_eq!(corrected(both, "bxc3"), ("b2c3".to_string(), vec![]));
    assert_eq!(corrected(both, "Bxc3"), ("d2c3".to_string(), vec![]));
    let bishop_only = "4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1";
    assert_eq!(corrected(bishop_only, "bxc3"), ("d2c3".to_string(), vec![C::LowercasePiece]));
    assert_eq!(corrected(START, "b4"), ("b2b4".to_string(), vec![]));
}

#[test]
fn typed_moves_take_uci_too() {
    let start = Position::new();
    let (m, corrections) = parse_move_text(&start, "g1f3").expect("legal");
    assert_eq!((m.to_uci(), corrections), ("g1f3".to_string(), vec![C::UciNotation]));
    let castles = pos(CASTLES);
    let (m, _) = parse_move_text(&castles, "e1g1").expect("legal");
    assert!(m.is_castle());
    let (m, corrections) = parse_move_text(&start, "Nf3").expect("legal");
    assert_eq!((m.to_uci(), corrections), ("g1f3".to_string(), vec![]));
    assert_eq!(parse_move_text(&start, "e2e5").map_err(|e| e.to_string()), Err("e2e5 is not a legal move in this position".to_string()));
}

#[test]
fn corrections_read_like_a_teacher() {
    assert_eq!(C::CastlingZeros.to_string(), "castling is written with the letter O, not zero (O-O)");
    assert_eq!(
        C::OverSpecified { written: "g1".into(), needed: String::new() }.to_string(),
        "no other piece can make this move: \"g1\" is not needed"
    );
    assert_eq!(C::CheckSuffixMissing { correct: Suffix::Checkmate }.to_string(), "the move is checkmate: add #");
}

fn error(fen: &str, input: &str) -> SanError {
    match parse_san_forgiving(&pos(fen), input) {
        Ok((m, _)) => panic!("{input} was read as {m}"),
        Err(e) => e,
    }
}

#[test]
fn every_san_error() {
    let start = Position::new();
    assert!(matches!(error(START, "   "), SanError::Syntax { problem: SyntaxProblem::Empty, .. }));
    assert_eq!(error(START, "hello"), SanError::Syntax { text: "hello".into(), problem: SyntaxProblem::Unexpected { c: 'l', at: 2 } });
    assert_eq!(error(START, "hello").to_string(), "\"hello\" is not a move: 'l' (character 3) does not belong there");
    assert!(matches!(error(START, "N"), SanError::Syntax { problem: SyntaxProblem::NoTarget, .. }));
    assert!(matches!(error(START, &"e4".repeat(30)), SanError::Syntax { problem: SyntaxProblem::TooLong { len: 60 }, .. }));
    assert!(matches!(error(PROMOTE, "e8="), SanError::Syntax { problem: SyntaxProblem::PromotionPieceMissing, .. }));

    let illegal = error(START, "Nf4");
    assert!(matches!(
        &illegal,
        SanError::IllegalMove { role: Role::Knight, to: Square::F4, pieces, .. } if pieces == &vec![Square::B1, Square::G1]
    ));
    assert_eq!(illegal.to_string(), "no knight can reach f4");
    assert_eq!(error(START, "Ngd2").to_string(), "no knight on the g-file can reach d2");
    let castle = error(START, "O-O");
    assert!(matches!(&castle, SanError::IllegalMove { san: San::Castle(CastlingSide::KingSide), role: Role::King, to: Square::G1, .. }));
    assert_eq!(castle.to_string(), "castling O-O is not possible here");

    let ambiguous = error("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rc1");
    assert!(matches!(&ambiguous, SanError::Ambiguous { candidates, .. } if candidates == &vec![Square::A1, Square::F1]));
    assert_eq!(ambiguous.to_string(), "Rc1 is ambiguous: the rooks on a1 and f1 can all go there; add the file or rank the rook comes from");

    assert!(matches!(error(START, "e4=Q"), SanError::NotAPromotion { .. }));
    assert!(matches!(error(PROMOTE, "e8"), SanError::MissingPromotion { .. }));
    assert_eq!(error(PROMOTE, "e8").to_string(), "e8: a pawn reaching the last rank must be promoted; add =Q, =R, =B or =N");
    assert_eq!(error(PROMOTE, "e8=K"), SanError::PromotionNotAllowed { role: Role::King });
    assert_eq!(
        "e8=P".parse::<San>().map_err(|e| e.to_string()),
        Err("a pawn cannot become a pawn, only a queen, rook, bishop or knight".to_string())
    );

    // Strict reading insists on the right capture mark; the forgiving reader corrects it.
    let mismatch = start.move_from_san("Nxf3");
    assert!(matches!(mismatch, Err(SanError::CaptureMismatch { captures: false, .. })));
    let p = pos(AFTER_E4_D5);
    assert_eq!(p.move_from_san("ed5").map_err(|e| e.to_string()), Err("ed5 takes a piece, so it is written with x".to_string()));
    assert!(matches!(parse_move_text(&start, "e2e5"), Err(SanError::IllegalUci { .. })));
    let codes = [illegal.code(), ambiguous.code(), castle.code()];
    assert_eq!(codes, ["illegal_move", "ambiguous_move", "illegal_move"]);
}

#[test]
fn every_move_of_random_games_round_trips() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _game in 0..60 {
        let mut p = Position::new();
        for _ply in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in moves.iter() {
                let text = p.san(m);
                assert_eq!(p.move_from_san(&text), Ok(*m), "{} in {}", text, p.fen());
                assert_eq!(parse_san_forgiving(&p, &text), Ok((*m, vec![])), "{} in {}", text, p.fen());
            }
            p = p.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn san_agrees_with_shakmaty() {
    use shakmaty::{fen::Fen, san::SanPlus as TheirSan, CastlingMode, Chess, Position as _};
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _game in 0..60 {
        let mut p = Position::new();
        for _ply in 0..150 {
            let fen: Fen = p.fen().parse().expect("our FEN parses in shakmaty");
            let theirs: Chess = fen.into_position(CastlingMode::Standard).expect("legal in shakmaty");
            let moves = p.legal_moves();
            let their_moves = theirs.legal_moves();
            assert_eq!(moves.len(), their_moves.len(), "{}", p.fen());
            for m in their_moves {
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                let ours = moves.iter().find(|o| o.to_uci() == uci).expect("same legal moves");
                assert_eq!(p.san(ours), TheirSan::from_move(theirs.clone(), m).to_string(), "{}", p.fen());
            }
            if moves.is_empty() {
                break;
            }
            p = p.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
}
