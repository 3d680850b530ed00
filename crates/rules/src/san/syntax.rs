//! Strict SAN syntax: `[NBRQK][file][rank][x]<square>[=QRBN][+#]` and `O-O`/`O-O-O`, nothing
//! else (no spaces, no annotations, no zeros in castling).

use super::{San, SanError, SanPlus, Suffix, SyntaxProblem};
use crate::{CastlingSide, File, Rank, Role, Square};

/// No SAN is longer than this (`Qa1xb2+` has 7 characters, `exd8=Q#` too).
const LONGEST: usize = 8;

pub(super) fn parse_strict(text: &str) -> Result<SanPlus, SanError> {
    let chars: Vec<char> = text.chars().take(LONGEST + 1).collect();
    let err = |problem| SanError::syntax(text, problem);
    if chars.is_empty() {
        return Err(err(SyntaxProblem::Empty));
    }
    if chars.len() > LONGEST {
        return Err(err(SyntaxProblem::TooLong { len: text.chars().count() }));
    }
    let (body, suffix) = match chars.split_last() {
        Some((&'+', body)) => (body, Some(Suffix::Check)),
        Some((&'#', body)) => (body, Some(Suffix::Checkmate)),
        _ => (&chars[..], None),
    };
    let san = match body {
        ['O', '-', 'O'] => San::Castle(CastlingSide::KingSide),
        ['O', '-', 'O', '-', 'O'] => San::Castle(CastlingSide::QueenSide),
        _ => parse_normal(body).map_err(err)?,
    };
    if let San::Normal { promotion: Some(role @ (Role::King | Role::Pawn)), .. } = san {
        return Err(SanError::PromotionNotAllowed { role });
    }
    Ok(SanPlus { san, suffix })
}

/// A piece or pawn move without suffix. Errors carry character positions within `body`, which
/// starts at the first character of the text.
fn parse_normal(body: &[char]) -> Result<San, SyntaxProblem> {
    let (role, start) = match body.first().copied() {
        Some(c @ ('N' | 'B' | 'R' | 'Q' | 'K')) => (Role::from_char(c).unwrap_or(Role::Pawn), 1),
        _ => (Role::Pawn, 0),
    };
    let (end, promotion) = match body.iter().position(|&c| c == '=') {
        None => (body.len(), None),
        Some(eq) => (eq, Some(promotion_piece(body, eq)?)),
    };
    let core = body.get(start..end).unwrap_or(&[]);
    if let Some(at) = core.iter().position(|&c| !matches!(c, 'a'..='h' | '1'..='8' | 'x')) {
        return Err(SyntaxProblem::Unexpected { c: core[at], at: start + at });
    }
    let Some((target, hint)) = core.len().checked_sub(2).map(|split| (&core[split..], &core[..split])) else {
        return Err(SyntaxProblem::NoTarget);
    };
    let mut j = 0;
    let file = hint.first().and_then(|&c| File::from_char(c));
    j += usize::from(file.is_some());
    let rank = hint.get(j).and_then(|&c| Rank::from_char(c));
    j += usize::from(rank.is_some());
    let capture = hint.get(j) == Some(&'x');
    j += usize::from(capture);
    if let Some(&c) = hint.get(j) {
        return Err(SyntaxProblem::Unexpected { c, at: start + j });
    }
    let to = match (File::from_char(target[0]), Rank::from_char(target[1])) {
        (Some(f), Some(r)) => Square::from_coords(f, r),
        (None, _) => return Err(SyntaxProblem::Unexpected { c: target[0], at: start + hint.len() }),
        (Some(_), None) => return Err(SyntaxProblem::Unexpected { c: target[1], at: start + hint.len() + 1 }),
    };
    Ok(San::Normal { role, file, rank, capture, to, promotion })
}

/// The piece after `=` at `eq`, which must end the move.
fn promotion_piece(body: &[char], eq: usize) -> Result<Role, SyntaxProblem> {
    let role = match body.get(eq + 1).copied() {
        None => return Err(SyntaxProblem::PromotionPieceMissing),
        Some(c @ ('Q' | 'R' | 'B' | 'N' | 'K' | 'P')) => Role::from_char(c).unwrap_or(Role::Queen),
        Some(c) => return Err(SyntaxProblem::Unexpected { c, at: eq + 1 }),
    };
    if let Some(&c) = body.get(eq + 2) {
        return Err(SyntaxProblem::Unexpected { c, at: eq + 2 });
    }
    Ok(role)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(role: Role, file: Option<File>, rank: Option<Rank>, capture: bool, to: Square) -> San {
        San::Normal { role, file, rank, capture, to, promotion: None }
    }

    #[test]
    fn reads_standard_san() {
        let cases = [
            ("e4", normal(Role::Pawn, None, None, false, Square::E4)),
            ("exd5", normal(Role::Pawn, Some(File::E), None, true, Square::D5)),
            ("Nf3", normal(Role::Knight, None, None, false, Square::F3)),
            ("R1a3", normal(Role::Rook, None, Some(Rank::FIRST), false, Square::A3)),
            ("Qh4xe1", normal(Role::Queen, Some(File::H), Some(Rank::FOURTH), true, Square::E1)),
            ("O-O", San::Castle(CastlingSide::KingSide)),
            ("O-O-O", San::Castle(CastlingSide::QueenSide)),
        ];
        for (text, san) in cases {
            assert_eq!(text.parse::<San>(), Ok(san), "{text}");
            assert_eq!(san.to_string(), text);
        }
        let promo: SanPlus = "exd8=N#".parse().expect("valid SAN");
        assert_eq!(promo.suffix, Some(Suffix::Checkmate));
        assert_eq!(promo.to_string(), "exd8=N#");
    }

    #[test]
    fn rejects_non_standard_spellings() {
        let problem = |text: &str| match text.parse::<San>() {
            Err(SanError::Syntax { problem, .. }) => Some(problem),
            _ => None,
        };
        assert_eq!(problem(""), Some(SyntaxProblem::Empty));
        assert_eq!(problem("Nf3 Nc6 Bb5"), Some(SyntaxProblem::TooLong { len: 11 }));
        assert_eq!(problem("0-0"), Some(SyntaxProblem::Unexpected { c: '0', at: 0 }));
        assert_eq!(problem("nf3"), Some(SyntaxProblem::Unexpected { c: 'n', at: 0 }));
        assert_eq!(problem("Nz3"), Some(SyntaxProblem::Unexpected { c: 'z', at: 1 }));
        assert_eq!(problem("Nf"), Some(SyntaxProblem::NoTarget));
        assert_eq!(problem("e8="), Some(SyntaxProblem::PromotionPieceMissing));
        assert_eq!(problem("e8=Qx"), Some(SyntaxProblem::Unexpected { c: 'x', at: 4 }));
        assert_eq!(problem("Nf3+!"), Some(SyntaxProblem::Unexpected { c: '+', at: 3 }));
        assert_eq!(problem("Nxxf3"), Some(SyntaxProblem::Unexpected { c: 'x', at: 2 }));
        assert_eq!(problem("Nf3f"), Some(SyntaxProblem::Unexpected { c: '3', at: 2 }));
        assert_eq!("e8=K".parse::<San>(), Err(SanError::PromotionNotAllowed { role: Role::King }));
    }
}
