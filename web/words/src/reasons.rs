//! The words of the rules core's reasons and endings, keyed by the types themselves: an
//! exhaustive `match` per type, so a new variant without words does not compile. [`Words`] is
//! what [`crate::describe`] reads of any of them (these, the class rules' refusals and the foul).

use qitong_lessons::lang::Lang;
use qitong_rules::{EndReason, IllegalReason};

/// Something a child may be told in kid words: a refused move, a refusal of the class rules, an
/// ending. Its words are a template of `{name}` placeholders, found by its type (no string key);
/// its code is for the page's script only.
pub trait Words {
    /// Its words in `lang`, or `None` for what only the page's script meets (a misused clock, a
    /// `claimDraw()` with nothing to claim): the script reads the code.
    fn template(&self, lang: Lang) -> Option<&'static str>;

    /// Its stable code (`path-blocked`): the page's script reads it, and it stands in for the
    /// words it has none.
    fn code(&self) -> &'static str;
}

/// Why a move is refused, in kid words: by the reason's kind (its squares and pieces fill the
/// template, from `IllegalReason::args`).
pub fn illegal(reason: &IllegalReason, lang: Lang) -> &'static str {
    let (zh, en) = match reason {
        IllegalReason::NoPiece { .. } => ("{from} 上没有棋子哦。先点一个你的棋子吧！", "There is no piece on {from}. Pick one of your pieces first!"),
        IllegalReason::NotYourTurn { .. } => ("还没轮到这个颜色走呢，等一等对手吧。", "It is not this colour's turn yet. Wait for your partner!"),
        IllegalReason::SameSquare { .. } => ("棋子要走到另一个格子上才算一步哦。", "A move has to go to a different square."),
        IllegalReason::CannotMoveThatWay { .. } => ("{piece}不能这样走。记住口诀：{verse}", "The {piece} can't move like that. Remember: {verse}"),
        IllegalReason::PathBlocked { .. } => (
            "路被挡住啦！{blocker} 上的棋子挡住了{piece}的路。只有马可以跳过去。",
            "The way is blocked! The piece on {blocker} is in the {piece}'s way. Only the knight can jump.",
        ),
        IllegalReason::OwnPieceOnTarget { .. } => {
            ("{to} 上是你自己的棋子，不能吃自己人哦。", "Your own piece is on {to}. You can't capture your own team!")
        }
        IllegalReason::PawnCapturesDiagonally { .. } => (
            "兵直着走，但要斜着吃。{to} 上有棋子挡着，兵不能往前走。",
            "Pawns walk straight but capture on the slant. The piece on {to} blocks this pawn.",
        ),
        IllegalReason::PawnMovesStraight { .. } => (
            "兵只有吃子的时候才斜着走。{to} 上没有可以吃的棋子。",
            "A pawn only goes on the slant when it captures. There is nothing to capture on {to}.",
        ),
        IllegalReason::PawnBackwards { .. } => ("兵只能向前走，不能后退哦。", "Pawns only go forward, never back."),
        IllegalReason::PawnTwoStepOnlyFromStart { .. } => {
            ("兵只有第一步（还在起始格时）才能一次走两格。", "A pawn may go two squares only on its very first move, from its starting square.")
        }
        IllegalReason::KingIntoCheck { .. } => (
            "不能送王！{to} 被对方的 {attackers} 控制着，王走过去会被吃掉。",
            "The king can't go there! {to} is watched by the piece on {attackers}.",
        ),
        IllegalReason::Pinned { .. } => (
            "这个棋子被牵制住了：它一走开，{pinner} 上的棋子就能直接攻击你的王（{king}）。",
            "This piece is pinned: if it moves away, the piece on {pinner} attacks your king on {king}.",
        ),
        IllegalReason::InCheckDoesNotHelp { .. } => (
            "你的王正被将军（{attackers}）！这一步没有解除将军。可以走开王、吃掉将军的子，或者挡住它。",
            "Your king is in check from {attackers}! This move doesn't help. Move the king, capture the checker, or block it.",
        ),
        IllegalReason::LeavesKingInCheck { .. } => {
            ("这一步会让你的王被 {attackers} 攻击，不可以哦。", "This move would leave your king attacked by {attackers}.")
        }
        IllegalReason::CastleKingMoved { .. } => {
            ("王已经走动过了，这盘棋不能再王车易位了。", "The king has already moved, so it can't castle any more in this game.")
        }
        IllegalReason::CastleRookMoved { .. } => {
            ("{square} 的车已经走动过了，不能和它易位。", "The rook from {square} has already moved, so you can't castle with it.")
        }
        IllegalReason::CastlePiecesBetween { .. } => (
            "王和车中间还有棋子（{squares}），先把路让开才能易位。",
            "There are pieces between the king and the rook ({squares}). Clear the way first.",
        ),
        IllegalReason::CastleInCheck { .. } => ("王正被将军的时候不能王车易位。", "You can't castle while your king is in check."),
        IllegalReason::CastleThroughAttack { .. } => {
            ("王要经过的 {square} 被对方控制着，不能易位。", "The king would pass over {square}, which is attacked. No castling now.")
        }
        IllegalReason::CastleIntoAttack { .. } => {
            ("王要到达的 {square} 被对方控制着，不能易位。", "The king would land on {square}, which is attacked. No castling now.")
        }
        IllegalReason::EnPassantExpired { .. } => {
            ("吃过路兵必须在对方兵刚走两格后立刻吃，现在已经晚了。", "En passant must be played right after the pawn's two-step. It's too late now.")
        }
        IllegalReason::PromotionMissing { .. } => {
            ("兵走到底线了！请选择它要变成后、车、象还是马。", "Your pawn reached the end! Choose: queen, rook, bishop or knight.")
        }
        IllegalReason::PromotionNotAllowed { .. } => {
            ("兵不能变成王，也不能还是兵。请选后、车、象或马。", "A pawn can't become a king or stay a pawn. Choose queen, rook, bishop or knight.")
        }
        IllegalReason::PromotionNotAPromotion { .. } => ("只有走到底线的兵才能升变。", "Only a pawn reaching the last row can be promoted."),
    };
    lang.pick(zh, en)
}

/// How a game ended, in kid words. `{winner}` is 白方/黑方 or White/Black (the checking side of a
/// perpetual check).
pub fn ending(reason: EndReason, lang: Lang) -> &'static str {
    let (zh, en) = match reason {
        EndReason::Checkmate => ("将死！{winner}赢了。", "Checkmate! {winner} wins."),
        EndReason::Stalemate => ("逼和：没有被将军，但是无路可走。和棋！", "Stalemate: not in check, but no move to make. It's a draw!"),
        EndReason::InsufficientMaterial => ("双方都没有足够的子力将死对方，和棋。", "Nobody has enough pieces left to checkmate. It's a draw."),
        EndReason::ThreefoldRepetition => ("同一个局面出现了三次，和棋。", "The same position came up three times. It's a draw."),
        EndReason::FivefoldRepetition => ("同一个局面出现了五次，和棋。", "The same position came up five times. It's a draw."),
        EndReason::PerpetualCheck { .. } => {
            ("长将和：{winner}一直将军，对方躲不开，和棋。", "Perpetual check: {winner} keeps giving check and it can't be stopped. It's a draw.")
        }
        EndReason::FiftyMoves => ("双方连续50回合没有吃子也没有走兵，和棋。", "Fifty moves each with no capture and no pawn move. It's a draw."),
        EndReason::SeventyFiveMoves => {
            ("双方连续75回合没有吃子也没有走兵，和棋。", "Seventy-five moves each with no capture and no pawn move. It's a draw.")
        }
        EndReason::Agreement => ("双方同意和棋。", "Both players agreed to a draw."),
        EndReason::Resignation => ("认输了，{winner}赢了。记得说“谢谢”和“承让”哦。", "A player resigned: {winner} wins. Remember to say thank you!"),
        EndReason::TimeForfeit => ("时间用完了，{winner}赢了。", "Time ran out: {winner} wins."),
        EndReason::TimeForfeitNoMatingMaterial => {
            ("时间用完了，但对方没有能将死的子力，所以是和棋。", "Time ran out, but the other side can't possibly checkmate, so it's a draw.")
        }
        EndReason::Fouls => ("送王犯规满三次，判负：{winner}赢了。", "Three fouls of putting the king in danger: {winner} wins."),
    };
    lang.pick(zh, en)
}

impl Words for IllegalReason {
    fn template(&self, lang: Lang) -> Option<&'static str> {
        Some(illegal(self, lang))
    }

    fn code(&self) -> &'static str {
        IllegalReason::code(self)
    }
}

impl Words for EndReason {
    fn template(&self, lang: Lang) -> Option<&'static str> {
        Some(ending(*self, lang))
    }

    fn code(&self) -> &'static str {
        EndReason::code(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::assert_kid_words;
    use qitong_rules::{Color, ReasonArg};

    #[test]
    fn every_illegal_reason_has_words_for_all_its_placeholders() {
        // One of each kind: the rules core holds its samples to its codes.
        let samples = IllegalReason::samples();
        assert_eq!(samples.iter().map(|r| r.code()).collect::<Vec<_>>(), IllegalReason::CODES);
        for reason in samples {
            assert_kid_words(&reason, &reason.args());
        }
    }

    #[test]
    fn every_ending_has_words_naming_the_winner() {
        let endings = EndReason::SAMPLES;
        assert_eq!(endings.map(EndReason::code), EndReason::CODES, "one of each ending");
        for ending in endings {
            assert_kid_words(&ending, &[("winner", ReasonArg::Color(Color::Black))]);
        }
        assert_eq!(super::ending(EndReason::Checkmate, Lang::En), "Checkmate! {winner} wins.");
    }
}
