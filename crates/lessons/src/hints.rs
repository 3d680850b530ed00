//! A prompt's hint checked against the answer (issue 28 §5: give-check/mate-two step 8 said "the
//! long diagonal" where the only solution, Ba6, is not on it). Where the validator knows the
//! answers — the mates of a mate-in-one, the moves a puzzle accepts — a prompt that names the long
//! diagonal, a square or the piece to move with must agree with at least one of them: the long
//! diagonal is where a first answer goes; a square is where an answer starts or goes, what a piece of
//! the child's sees after it, a piece's square, or where the other king may step; "with the rook"
//! (用车) is the piece an answer moves. Native only, like the proofs.

use super::error::ErrorKind;
use super::kinds::{puzzle, Step, StepKind};
use qitong_rules::{Move, Position, Role, Square};

/// The roles in English and Chinese, as prompts name them.
const ROLES: [(Role, &str, char); 6] = [
    (Role::King, "king", '王'),
    (Role::Queen, "queen", '后'),
    (Role::Rook, "rook", '车'),
    (Role::Bishop, "bishop", '象'),
    (Role::Knight, "knight", '马'),
    (Role::Pawn, "pawn", '兵'),
];

/// Is `sq` on one of the two long diagonals (a1-h8, h1-a8)?
fn on_long_diagonal(sq: Square) -> bool {
    let (file, rank) = (sq.file().index(), sq.rank().index());
    file == rank || file + rank == 7
}

/// The squares `text` names (`e4`, not inside a longer word).
fn named_squares(text: &str) -> Vec<Square> {
    let bytes = text.as_bytes();
    let word = |i: usize| bytes.get(i).is_some_and(|b| b.is_ascii_alphanumeric());
    (0..bytes.len().saturating_sub(1))
        .filter(|&i| (i == 0 || !word(i - 1)) && !word(i + 2))
        .filter_map(|i| text.get(i..i + 2)?.parse().ok())
        .collect()
}

/// The roles the prompt says the child moves with: "with the rook", "with your queen", 用车
/// (several when it offers a choice: "with the pawn or with the queen?").
fn named_movers(en: &str, zh: &str) -> Vec<Role> {
    let en = en.to_lowercase();
    let english = |name: &str| ["the", "your"].iter().any(|w| en.contains(&format!("with {w} {name}")));
    ROLES.iter().filter(|(_, name, ch)| english(name) || zh.contains(&format!("用{ch}"))).map(|(role, _, _)| *role).collect()
}

/// The answers of `step` with the position each is played in, for the kinds whose answers the
/// validator knows.
fn answers(step: &Step) -> Option<Vec<(Position, Move)>> {
    match &step.kind {
        StepKind::MateInOne(spec) => Some(spec.mates.iter().map(|m| (spec.position, *m)).collect()),
        StepKind::Puzzle(spec) => Some(puzzle::prove::answers(spec)),
        _ => None,
    }
}

/// Does the square `sq` a prompt names belong to the answer `m` (played in `pos`)?
fn square_fits(pos: &Position, m: &Move, sq: Square) -> bool {
    let us = pos.turn();
    let Ok(after) = pos.play(m) else { return false };
    let occupied = after.board().occupied();
    let king_steps = pos.king_of(!us).is_some_and(|k| k.distance(sq) == 1);
    m.from == sq || m.to == sq || pos.board().occupied().contains(sq) || after.is_attacked(sq, us, occupied) || king_steps
}

/// The validator's error for a step whose prompt names what none of its answers does, if any.
pub(crate) fn check(step: &Step) -> Option<ErrorKind> {
    let prompt = step.prompt.as_ref()?;
    let (zh, en) = (prompt.zh.as_str(), prompt.en.as_str());
    let answers = answers(step)?;
    if answers.is_empty() {
        return None;
    }
    let misleads = |what: String| {
        let mut sans: Vec<String> = answers.iter().map(|(pos, m)| pos.san(m)).collect();
        sans.dedup();
        Some(ErrorKind::HintMisleads { what, answers: sans.join(", ") })
    };
    // The long diagonal is where the move to find goes: the first.
    let first = |pos: &Position| step.scene.position.is_none_or(|start| start == *pos);
    if (en.to_lowercase().contains("long diagonal") || zh.contains("长斜线")) && !answers.iter().any(|(pos, m)| first(pos) && on_long_diagonal(m.to))
    {
        return misleads("the long diagonal".into());
    }
    let mut squares = named_squares(en);
    squares.extend(named_squares(zh));
    if let Some(sq) = squares.into_iter().find(|&sq| !answers.iter().any(|(pos, m)| square_fits(pos, m, sq))) {
        return misleads(sq.to_string());
    }
    let roles = named_movers(en, zh);
    if !roles.is_empty() && !answers.iter().any(|(pos, m)| pos.board().role_at(m.from).is_some_and(|r| roles.contains(&r))) {
        let names: Vec<&str> = ROLES.iter().filter(|r| roles.contains(&r.0)).map(|r| r.1).collect();
        return misleads(format!("the {}", names.join(" or the ")));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::testing::one_step;

    fn found(keys: &str) -> Option<ErrorKind> {
        check(&one_step(keys))
    }

    #[test]
    fn a_hint_that_names_what_no_answer_does_is_reported() {
        // give-check/mate-two step 8 as it was: Ba6 is the only way, not on the long diagonal.
        let mate_two = "kind = \"puzzle\"\nfen = \"k7/2K5/2N5/7p/8/8/4B3/8 w - - 0 1\"\ngoal = \"mate\"\nmoves = 2\n";
        let long = format!("{mate_two}prompt = {{ zh = \"象走到长斜线上，下一步将杀！\", en = \"Bishop to the long diagonal, then mate!\" }}\n");
        assert!(
            matches!(found(&long), Some(ErrorKind::HintMisleads { what, answers }) if what == "the long diagonal" && answers.starts_with("Ba6")),
            "{:?}",
            found(&long)
        );
        let seen = format!("{mate_two}prompt = {{ zh = \"象先走到能看住 b7 的格子！\", en = \"Bishop first to a square that sees b7!\" }}\n");
        assert_eq!(found(&seen), None);
        let wrong_square = format!("{mate_two}prompt = {{ zh = \"象先走到 h3！\", en = \"Bishop first to h3!\" }}\n");
        assert!(matches!(found(&wrong_square), Some(ErrorKind::HintMisleads { what, .. }) if what == "h3"));
        // A mate in one with the rook, said to be with the queen.
        let rook = "kind = \"mate-in-one\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\n";
        let said = format!("{rook}prompt = {{ zh = \"用后一步将杀！\", en = \"Checkmate with the queen in one!\" }}\n");
        assert!(matches!(found(&said), Some(ErrorKind::HintMisleads { what, .. }) if what == "the queen"));
        let right = format!("{rook}prompt = {{ zh = \"用车一步将杀！\", en = \"Checkmate with the rook in one!\" }}\n");
        assert_eq!(found(&right), None);
    }
}
