//! Perft on the published positions (chessprogramming wiki, "Perft Results"), and perft-like
//! sanity counts for drill positions (no kings, one king).

use qitong::rules::{Bitboard, Color, Mode, Piece, Position, Role, Setup, Square};

fn pos(fen: &str, mode: Mode) -> Position {
    Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn check(fen: &str, counts: &[u64]) {
    let p = pos(fen, Mode::Standard);
    for (i, &expected) in counts.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(p.perft(depth), expected, "{fen} depth {depth}");
    }
}

#[test]
fn start_position() {
    check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8_902, 197_281, 4_865_609]);
}

#[test]
fn kiwipete() {
    check("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2_039, 97_862, 4_085_603]);
}

#[test]
fn position_3() {
    check("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2_812, 43_238, 674_624, 11_030_083]);
}

#[test]
fn position_4_and_mirror() {
    let counts = [6, 264, 9_467, 422_333, 15_833_292];
    check("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &counts);
    check("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", &counts);
}

#[test]
fn position_5() {
    check("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1_486, 62_379, 2_103_487, 89_941_194]);
}

#[test]
fn position_6() {
    check("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", &[46, 2_079, 89_890, 3_894_594]);
}

#[test]
fn en_passant_and_promotion_corner_cases() {
    // Well-known tricky positions with their published counts.
    for (fen, depth, nodes) in [
        ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1_134_888),
        ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1_015_133),
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1_440_467),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661_072),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803_711),
        ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1_274_206),
        ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1_720_476),
        ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3_821_001),
        ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1_004_658),
        ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217_342),
        ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92_683),
        ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2_217),
        ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567_584),
        ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23_527),
    ] {
        assert_eq!(pos(fen, Mode::Standard).perft(depth), nodes, "{fen}");
    }
}

#[test]
fn perft_zero_and_one() {
    let p = Position::new();
    assert_eq!(p.perft(0), 1);
    assert_eq!(p.perft(1), p.legal_moves().len() as u64);
}

fn lone(piece: Piece, sq: Square) -> Position {
    let mut setup = Setup::empty();
    setup.board.set_piece_at(sq, piece);
    setup.turn = piece.color;
    Position::from_setup(setup, Mode::Drill).unwrap_or_else(|e| panic!("{sq}: {e}"))
}

#[test]
fn drill_lone_pieces() {
    for sq in Square::all() {
        let rook = lone(Role::Rook.of(Color::White), sq);
        assert_eq!(rook.count_legal_moves(), 14, "rook on {sq}");
        assert_eq!(rook.legal_moves().len(), 14);
        assert_eq!(rook.dests(sq).count(), 14);
        assert_eq!(rook.perft(2), 0, "the other side has nothing to move");
        let ring = sq.file().index().min(7 - sq.file().index()).min(sq.rank().index()).min(7 - sq.rank().index());
        let queen = lone(Role::Queen.of(Color::Black), sq);
        assert_eq!(queen.count_legal_moves(), 21 + 2 * ring as usize, "queen on {sq}");
        let bishop = lone(Role::Bishop.of(Color::White), sq);
        assert_eq!(bishop.count_legal_moves(), 7 + 2 * ring as usize, "bishop on {sq}");
        let knight = lone(Role::Knight.of(Color::White), sq);
        assert_eq!(knight.count_legal_moves(), qitong::rules::attacks::knight_attacks(sq).count());
        let king = lone(Role::King.of(Color::White), sq);
        assert_eq!(king.count_legal_moves(), qitong::rules::attacks::king_attacks(sq).count());
        assert!(!rook.is_check() && !rook.is_checkmate() && !rook.is_stalemate());
    }
    let knight_tour = lone(Role::Knight.of(Color::White), Square::A1);
    assert_eq!(knight_tour.legal_moves().iter().map(|m| m.to.to_string()).collect::<Vec<_>>(), ["c2", "b3"]);
}

#[test]
fn drill_pawns_move_as_in_chess() {
    let p = pos("8/8/8/8/8/8/PPPPPPPP/8 w - - 0 1", Mode::Drill);
    assert_eq!(p.count_legal_moves(), 16);
    let promo = pos("8/P7/8/8/8/8/8/8 w - - 0 1", Mode::Drill);
    assert_eq!(promo.count_legal_moves(), 4);
}

#[test]
fn drill_one_king_keeps_check_rules_for_it() {
    // White king alone against a black rook: the king may not step onto the rook's lines.
    let p = pos("r7/8/8/8/8/8/8/4K3 w - - 0 1", Mode::Drill);
    assert_eq!(p.count_legal_moves(), 5);
    // The rook side has no king: no check or pin restricts it, it may even give "check".
    let black = pos("r7/8/8/8/8/8/8/4K3 b - - 0 1", Mode::Drill);
    assert_eq!(black.count_legal_moves(), 14);
    assert!(!black.is_check());
    // A pinned rook may only slide along the pin line.
    let pinned = pos("4r3/8/8/8/4R3/8/8/4K3 w - - 0 1", Mode::Drill);
    assert_eq!(pinned.pinned(), Bitboard::from_square(Square::E4));
    assert_eq!(pinned.pinner_of(Square::E4), Some(Square::E8));
    assert_eq!(pinned.dests(Square::E4).count(), 6);
    // In check in a drill: only moves that answer the check.
    let check = pos("4r3/8/8/8/8/8/3R4/4K3 w - - 0 1", Mode::Drill);
    assert!(check.is_check());
    let mut answers: Vec<String> = check.legal_moves().iter().map(|m| m.to_uci()).collect();
    answers.sort();
    assert_eq!(answers, ["d2e2", "e1d1", "e1f1", "e1f2"]);
    // Mated in a drill.
    let mate = pos("8/8/8/8/8/8/r7/r3K3 w - - 0 1", Mode::Drill);
    assert!(mate.is_checkmate());
    // Drill positions with two kings behave exactly like standard ones.
    let both = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1", Mode::Drill);
    assert_eq!(both.perft(3), pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1", Mode::Standard).perft(3));
}

#[test]
fn divide_sums_to_perft() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Mode::Standard);
    let sum: u64 = p.legal_moves().iter().map(|m| p.play_unchecked(m).perft(2)).sum();
    assert_eq!(sum, 97_862);
    let castles: Vec<String> = p.legal_moves().iter().filter(|m| m.is_castle()).map(|m| m.to_uci()).collect();
    assert_eq!(castles, ["e1g1", "e1c1"]);
}

#[test]
fn a_bounded_perft_counts_exactly_within_its_budget_and_stops_past_it() {
    let kiwipete = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Mode::Standard);
    // Depth 3 generates the moves of 1 + 48 + 2,039 positions (the root, after each move, after
    // each two moves); the third ply is counted, not played.
    assert_eq!(kiwipete.perft_within(3, 2_088), Some(97_862));
    assert_eq!(kiwipete.perft_within(3, 2_087), None);
    assert_eq!(kiwipete.perft_within(0, 0), Some(1));
    assert_eq!(kiwipete.perft_within(1, 0), None);
    let start = Position::new();
    assert_eq!(start.perft_within(4, 9_323), Some(197_281), "1 + 20 + 400 + 8,902 positions");
    assert_eq!(start.perft_within(6, 1_000_000), None, "depth 6 visits ~5 million positions");
}
