//! Random playouts checked against a naive reference: repetitions counted by comparing the
//! first four FEN fields of every earlier position (no Zobrist keys, no window), perpetual
//! check by scanning the cycle, and the game's end decided from those counts.

mod common;
use common::Rng;

use qitong::rules::{Color, DrawRule, DrawRules, Game, Mode, Position};

/// Few pieces and no pawns (mostly): random king and piece moves repeat positions often.
const STARTS: [&str; 5] = [
    "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
    "4k3/8/3n4/8/8/4N3/8/4K3 w - - 0 1",
    "1q2k3/8/8/8/8/8/8/3QK3 w - - 0 1",
    "4k3/3p4/8/4P3/8/8/8/R3K3 w Q - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
];

/// Placement, turn, castling and (legal) en passant: what makes positions the same.
fn identity(pos: &Position) -> String {
    pos.fen().split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// The repetition reason for a cycle from `first` to the last position: perpetual check (by
/// the last mover if both sides checked throughout) or `plain`.
fn repetition_reason(positions: &[Position], first: usize, plain: &str) -> String {
    let all_checks = |side: Color| (first..positions.len() - 1).filter(|&i| positions[i].turn() == side).all(|i| positions[i + 1].is_check());
    let last_mover = !positions[positions.len() - 1].turn();
    match [last_mover, !last_mover].into_iter().find(|&side| all_checks(side)) {
        Some(side) => format!("perpetual-check by {side}"),
        None => plain.to_string(),
    }
}

/// The game's end (winner, reason as displayed), worked out the slow and obvious way.
fn reference_outcome(positions: &[Position], identities: &[String], rules: DrawRules) -> Option<(Option<Color>, String)> {
    let pos = positions.last()?;
    if pos.legal_moves().is_empty() {
        return Some(if pos.is_check() { (Some(!pos.turn()), "checkmate".into()) } else { (None, "stalemate".into()) });
    }
    if pos.has_insufficient_material() {
        return Some((None, "insufficient-material".into()));
    }
    let me = identities.last()?;
    let occurrences: Vec<usize> = (0..identities.len()).filter(|&i| identities[i] == *me).collect();
    let (needed, plain) = match rules.repetition {
        DrawRule::Automatic => (3, "threefold-repetition"),
        DrawRule::Claimable => (5, "fivefold-repetition"),
    };
    if occurrences.len() >= needed {
        return Some((None, repetition_reason(positions, occurrences[0], plain)));
    }
    let (limit, counted) = match rules.fifty_moves {
        DrawRule::Automatic => (100, "fifty-moves"),
        DrawRule::Claimable => (150, "seventy-five-moves"),
    };
    (pos.halfmoves() >= limit).then(|| (None, counted.to_string()))
}

/// The draw a player could claim under claimable rules (the game not being over).
fn reference_claim(positions: &[Position], identities: &[String]) -> Option<String> {
    let me = identities.last()?;
    let occurrences: Vec<usize> = (0..identities.len()).filter(|&i| identities[i] == *me).collect();
    if occurrences.len() >= 3 {
        return Some(repetition_reason(positions, occurrences[0], "threefold-repetition"));
    }
    (positions.last()?.halfmoves() >= 100).then(|| "fifty-moves".to_string())
}

/// A random move; with `shuffle`, biased towards shuffles: often the reverse of the mover's previous move,
/// and mostly not a capture, so that positions come back.
fn pick(game: &Game, rng: &mut Rng, shuffle: bool) -> qitong::rules::Move {
    let moves = game.position().legal_moves();
    let history = game.history();
    if shuffle && history.len() >= 2 && rng.below(3) > 0 {
        let previous = history[history.len() - 2];
        if let Some(back) = moves.iter().find(|m| m.from == previous.to && m.to == previous.from && !m.is_zeroing()) {
            return *back;
        }
    }
    let quiet: Vec<_> = moves.iter().filter(|m| !m.is_capture()).copied().collect();
    if shuffle && !quiet.is_empty() && rng.below(5) > 0 {
        return quiet[rng.below(quiet.len())];
    }
    moves[rng.below(moves.len())]
}

#[test]
fn random_playouts_match_the_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut repeated = 0;
    let mut ends = std::collections::BTreeMap::new();
    for round in 0..240 {
        let fen = STARTS[round % STARTS.len()];
        let rules = if round % 2 == 0 { DrawRules::CLASS } else { DrawRules::TOURNAMENT };
        let start = Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut game = Game::with_draw_rules(start, rules);
        let mut identities = Vec::new();
        for _ in 0..400 {
            let positions = game.positions();
            identities.push(identity(game.position()));
            let me = &identities[identities.len() - 1];
            let count = identities.iter().filter(|id| *id == me).count();
            let context = || format!("{fen} {:?} after {:?}", rules, game.history().iter().map(|m| m.to_string()).collect::<Vec<_>>());
            assert_eq!(game.repetitions(), count, "{}", context());
            repeated += usize::from(count > 1);
            let expected = reference_outcome(positions, &identities, rules);
            let actual = game.outcome().map(|o| (o.winner, o.reason.to_string()));
            assert_eq!(actual, expected, "{}", context());
            let claim = if rules == DrawRules::TOURNAMENT && expected.is_none() { reference_claim(positions, &identities) } else { None };
            assert_eq!(game.claimable_draw().map(|d| d.to_string()), claim, "{}", context());
            if let Some(outcome) = game.outcome() {
                *ends.entry(outcome.code()).or_insert(0) += 1;
                break;
            }
            let m = pick(&game, &mut rng, round % 3 != 0);
            let refused = game.play(&m).err();
            assert_eq!(refused, None, "a generated move was refused");
        }
    }
    println!("positions seen again: {repeated}; endings: {ends:?}");
    assert!(repeated > 1000, "the playouts should repeat positions often ({repeated})");
    for code in ["threefold-repetition", "fivefold-repetition", "perpetual-check", "checkmate", "stalemate"] {
        assert!(ends.contains_key(code), "no {code} in {ends:?}");
    }
}
