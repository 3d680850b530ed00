//! PGN import and export: tags, comments, NAGs, variations, results, FEN starts, several games,
//! errors that name the line and move, 80-column wrapping, and round trips.

mod common;
use common::Rng;

use qitong::rules::{
    pgn_games, read_pgn, write_pgn, Color, Mode, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnResult, PgnVariation, Position, MAX_VARIATION_DEPTH,
};

const OPERA: &str = r#"[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8.
Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14.
Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
"#;

fn sans(moves: &[PgnMove]) -> Vec<&str> {
    moves.iter().map(|m| m.san.as_str()).collect()
}

#[test]
fn the_opera_game_reads_and_writes_back_exactly() {
    let game = PgnGame::from_pgn(OPERA).expect("valid PGN");
    assert_eq!(game.tag("White"), Some("Paul Morphy"));
    assert_eq!(game.moves.len(), 33);
    assert_eq!(game.result, Some(PgnResult::WhiteWins));
    assert!(game.end_position().is_checkmate());
    assert_eq!(game.to_pgn(), OPERA);
}

#[test]
fn comments_nags_and_variations_are_kept_as_a_tree() {
    let text = "[Event \"Test\"]\n{Start} 1. e4 {best by\n   test} e5 $1 2. Nf3 (2. f4!? exf4 (2... d5) 3. Nf3) 2... Nc6! ; a line comment\n3. Bb5 *";
    let game = PgnGame::from_pgn(text).expect("valid PGN");
    assert_eq!(game.comments, vec!["Start".to_string()]);
    assert_eq!(sans(&game.moves), vec!["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(game.moves[0].comments, vec!["best by test".to_string()]);
    assert_eq!(game.moves[1].nags, vec![1]);
    let gambit = &game.moves[2].variations[0];
    assert_eq!(sans(&gambit.moves), vec!["f4", "exf4", "Nf3"]);
    assert_eq!(gambit.moves[0].nags, vec![5]);
    assert_eq!(sans(&gambit.moves[1].variations[0].moves), vec!["d5"]);
    assert_eq!(game.moves[3].nags, vec![1]);
    assert_eq!(game.moves[3].comments, vec!["a line comment".to_string()]);
    assert_eq!(game.result, Some(PgnResult::Unknown));
    let written = game.to_pgn();
    assert_eq!(
        written,
        "[Event \"Test\"]\n\n{Start} 1. e4 {best by test} 1... e5 $1 2. Nf3 (2. f4 $5 exf4 (2... d5) 3. Nf3)\n2... Nc6 $1 {a line comment} 3. Bb5 *\n"
    );
    assert_eq!(PgnGame::from_pgn(&written), Ok(game));
}

#[test]
fn results_several_games_and_fen_starts() {
    let text = "[Event \"One\"]\n1. e4 1-0\n\n[Event \"Two\"]\n1. d4 0-1\n[Event \"Three\"]\n1. c4 1/2-1/2\n\
                [Event \"Four\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n12... Kd7 13. e4\n\n[Event \"Five\"]\n1. Nf3";
    let games = read_pgn(text).expect("valid PGN");
    let results: Vec<Option<PgnResult>> = games.iter().map(|g| g.result).collect();
    assert_eq!(results, vec![Some(PgnResult::WhiteWins), Some(PgnResult::BlackWins), Some(PgnResult::Draw), None, None]);
    let fen_game = &games[3];
    assert_eq!(fen_game.start.turn(), Color::Black);
    assert_eq!(fen_game.tags, vec![("Event".to_string(), "Four".to_string())]);
    assert_eq!(sans(&fen_game.moves), vec!["Kd7", "e4"]);
    let written = fen_game.to_pgn();
    assert_eq!(written, "[Event \"Four\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4\n");
    assert_eq!(read_pgn(&write_pgn(&games)), Ok(games));
}

#[test]
fn tags_are_escaped_and_ordered() {
    let mut game = PgnGame::default();
    game.set_tag("Annotator", "Teacher \"Wang\" \\ class 2");
    game.set_tag("Black", "小红");
    game.set_tag("Event", "棋童 class game");
    assert_eq!(game.to_pgn(), "[Event \"棋童 class game\"]\n[Black \"小红\"]\n[Annotator \"Teacher \\\"Wang\\\" \\\\ class 2\"]\n");
    assert_eq!(PgnGame::from_pgn(&game.to_pgn()), Ok(game));
}

#[test]
fn real_file_spellings_are_forgiven() {
    let game = PgnGame::from_pgn("1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.0-0 Nxe4 5.Re1 d5 6.Bxd5 Qxd5 7.Nc3 Qa5 8.Rxe4+ Be7 *").expect("valid PGN");
    assert_eq!(game.moves[6].san, "O-O");
    assert_eq!(game.moves[14].san, "Rxe4");
    let spaced = PgnGame::from_pgn("1 . e4 1 ... e5 2 Nf3 2. .. Nc6 *").expect("valid PGN");
    assert_eq!(sans(&spaced.moves), vec!["e4", "e5", "Nf3", "Nc6"]);
    let ep = PgnGame::from_pgn("1. e4 Nf6 2. e5 d5 3. exd6 e.p. *").expect("valid PGN");
    assert!(ep.moves[4].mv.is_some_and(|m| m.is_en_passant()));
}

fn error_of(text: &str) -> PgnError {
    match PgnGame::from_pgn(text) {
        Ok(game) => panic!("read {} moves", game.moves.len()),
        Err(e) => e,
    }
}

#[test]
fn errors_name_the_line_and_the_move() {
    let e = error_of("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Nf4 Nf6");
    assert_eq!(e.to_string(), "line 5, move 3. Nf4: no knight can reach f4");
    let e = error_of("1. e4 e5 2. Nf3\n\n  Nf3 3. Bc4");
    assert_eq!(e.to_string(), "line 3, move 2... Nf3: no knight can reach f3");
    assert!(matches!(e.kind, PgnErrorKind::Move { number: 2, color: Color::Black, .. }));
    let cases: Vec<(&str, usize, PgnErrorKind)> = vec![
        ("1. e4 {open\n\ncomment", 1, PgnErrorKind::UnterminatedComment),
        ("[Event \"x]\n1. e4", 1, PgnErrorKind::UnterminatedString),
        ("[Event x]", 1, PgnErrorKind::BadTag { found: "[Event".into() }),
        ("\n1. e4 $999", 2, PgnErrorKind::BadNag { found: "$999".into() }),
        ("1. e4 ] e5", 1, PgnErrorKind::Unexpected { found: "]".into() }),
        ("1. e4 } e5", 1, PgnErrorKind::Unexpected { found: "}".into() }),
        ("(1. d4) 1. e4", 1, PgnErrorKind::VariationWithoutMove),
        ("1. e4 e5)", 1, PgnErrorKind::UnmatchedParen),
        ("1. e4 (1. d4\n\n", 1, PgnErrorKind::UnclosedVariation),
        ("", 1, PgnErrorKind::NoGame),
    ];
    for (text, line, kind) in cases {
        assert_eq!(error_of(text), PgnError { line, kind }, "{text}");
    }
    let e = error_of("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4");
    assert!(matches!(e.kind, PgnErrorKind::Fen { .. }));
    assert!(e.to_string().starts_with("line 1: the FEN tag is not a legal position: "), "{e}");
    let deep = format!("1. e4 {}", "(1. d4 ".repeat(MAX_VARIATION_DEPTH + 1));
    assert_eq!(error_of(&deep).kind, PgnErrorKind::TooDeep);
    assert_eq!(error_of("1. e4 e5)").to_string(), "line 1: ) closes a variation that was never opened");
}

/// A ChessBase export with a null move in the main line (`41... Z0`), and the other spellings
/// python-chess reads: the turn passes, and the move is written back as `--`.
#[test]
fn null_moves_pass_the_turn_and_are_written_back_as_dashes() {
    let text = "[Event \"Analysis\"]\n\n1. e4 e5 2. Nf3 Z0 3. Bc4 -- 4. d3 0000 5. O-O (5. Nc3 --) *\n";
    let game = PgnGame::from_pgn(text).expect("readable");
    assert_eq!(sans(&game.moves), ["e4", "e5", "Nf3", "--", "Bc4", "--", "d3", "--", "O-O"]);
    assert!(game.moves[3].mv.is_none());
    assert_eq!(sans(&game.moves[8].variations[0].moves), ["Nc3", "--"]);
    // White moved five times, Black twice: Black to move after White's fifth move.
    let end = game.end_position();
    assert_eq!(end.turn(), Color::Black);
    assert_eq!(end.fen(), "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1 b kq - 2 5", "the passes count towards the fifty moves");
    let written = game.to_pgn();
    assert!(written.contains("2. Nf3 -- 3. Bc4 -- 4. d3 -- 5. O-O (5. Nc3 --) *"), "{written}");
    assert_eq!(PgnGame::from_pgn(&written), Ok(game));
    // A side in check cannot pass: its king could be taken.
    let in_check = error_of("1. e4 f5 2. Qh5+ -- *");
    assert_eq!(in_check.kind, PgnErrorKind::NullMoveInCheck { number: 2, color: Color::Black });
    assert_eq!(in_check.to_string(), "line 1, move 2... --: a side in check cannot pass (a null move)");
}

#[test]
fn reading_goes_on_after_a_bad_game() {
    let text =
        "[Event \"good\"]\n1. e4 *\n\n[Event \"bad\"]\n[Date \"x\" junk]\n1. e4 *\n\n[Event \"bad too\"]\n1. e5 e4 *\n\n[Event \"last\"]\n1. d4 *\n";
    let read: Vec<Result<String, usize>> = pgn_games(text).map(|g| g.map(|g| g.tag("Event").unwrap_or("").to_string()).map_err(|e| e.line)).collect();
    assert_eq!(read, vec![Ok("good".to_string()), Err(5), Err(9), Ok("last".to_string())]);
}

const WORDS: [&str; 8] = ["good", "a}b", "马 跳", "{", "see (the) line", "%", ";x", "\"quoted\""];

fn random_comments(rng: &mut Rng) -> Vec<String> {
    (0..rng.below(4).saturating_sub(2)).map(|_| (0..rng.below(4)).map(|_| WORDS[rng.below(WORDS.len())]).collect::<Vec<_>>().join(" ")).collect()
}

/// A random line of up to `len` moves from `pos`, with comments, NAGs and variations.
fn random_line(rng: &mut Rng, pos: Position, len: usize, depth: usize) -> Vec<PgnMove> {
    let mut moves = Vec::new();
    let mut pos = pos;
    for _ in 0..len {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Now and then a null move (`--`), where the side to move may pass.
        let mut m = if rng.below(12) == 0 && !pos.is_check() { PgnMove::null() } else { PgnMove::new(&pos, legal[rng.below(legal.len())]) };
        m.nags = (0..rng.below(5).saturating_sub(3)).map(|_| rng.below(256) as u8).collect();
        m.comments = random_comments(rng);
        if depth < 3 && rng.below(6) == 0 {
            let len = rng.below(6);
            let moves = random_line(rng, pos, len, depth + 1);
            m.variations.push(PgnVariation { comments: random_comments(rng), moves });
        }
        pos = m.after(&pos);
        moves.push(m);
    }
    moves
}

#[test]
fn random_games_round_trip_and_wrap_at_80_columns() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let results = [None, Some(PgnResult::WhiteWins), Some(PgnResult::BlackWins), Some(PgnResult::Draw), Some(PgnResult::Unknown)];
    let mut games = Vec::new();
    for i in 0..80 {
        let start = if i % 5 == 0 {
            Position::from_fen("r3k2r/1pp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 15", Mode::Standard).expect("valid")
        } else {
            Position::new()
        };
        let mut game = PgnGame::new(start);
        game.set_tag("Event", &format!("Random {i}"));
        game.set_tag("White", "Robot \"A\"");
        game.comments = random_comments(&mut rng);
        let len = 20 + rng.below(60);
        game.moves = random_line(&mut rng, start, len, 0);
        game.result = results[1 + rng.below(4)];
        let text = game.to_pgn();
        assert!(text.lines().all(|l| l.chars().count() <= 80 || !l.contains(' ') || l.starts_with(['[', ';'])), "{text}");
        let back = PgnGame::from_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let normalised = |g: &PgnGame| write_pgn(std::slice::from_ref(g));
        assert_eq!(normalised(&back), text);
        assert_eq!(back, game);
        games.push(back);
    }
    let all = write_pgn(&games);
    assert_eq!(read_pgn(&all), Ok(games));
    assert_eq!(results[0], None);
}
