//! The words of the class rules' refusals (touch-move, draw offers, the clock, a class game's
//! own) and of the "送王" foul, keyed by the classroom's types: an exhaustive `match` per type.
//! The refusals only the page's script meets have no words, said so variant by variant.

use crate::reasons::{illegal, Words};
use qitong_classroom::class_game::Refusal;
use qitong_classroom::clock::ClockError;
use qitong_classroom::draw_offer::DrawOfferError;
use qitong_classroom::touch::TouchRefusal;
use qitong_lessons::lang::Lang;

/// A touch-move or adjusting refusal (SPEC §6): `{square}`, `{piece}`, `{target}`.
pub fn touch(refusal: TouchRefusal, lang: Lang) -> &'static str {
    let (zh, en) = match refusal {
        TouchRefusal::MustMove { .. } => {
            ("摸子走子：你先摸了 {square} 的{piece}，就要走它。", "Touch-move: you touched your {piece} on {square} first, so you must move it.")
        }
        TouchRefusal::MustCapture { .. } => {
            ("摸子走子：你摸了对方 {square} 的{piece}，就要吃掉它。", "Touch-move: you touched the {piece} on {square}, so you must capture it.")
        }
        TouchRefusal::MustCaptureWith { .. } => (
            "摸子走子：你摸了自己 {square} 的棋子，也摸了对方 {target} 的棋子，要用这个棋子吃掉它。",
            "Touch-move: you touched your piece on {square} and the enemy piece on {target}, so take {target} with it.",
        ),
        TouchRefusal::NoCastlingRookTouchedFirst { .. } => (
            "你先摸了 {square} 的车再摸王，这一步不能用这个车易位。",
            "You touched the rook on {square} before the king, so you can't castle with it now.",
        ),
        TouchRefusal::AdjustNotYourTurn => {
            ("只有轮到自己走棋时才能摆正棋子（先说“我摆正”）。", "You may adjust pieces only on your own turn (say \"I adjust\" first).")
        }
        TouchRefusal::AdjustNotYourPiece { .. } => {
            ("只能摆正自己的棋子，{square} 是对方的。", "Adjust only your own pieces: the piece on {square} is your partner's.")
        }
        TouchRefusal::AdjustEmptySquare { .. } => ("{square} 上没有棋子可以摆正。", "There is no piece on {square} to adjust."),
    };
    lang.pick(zh, en)
}

/// A draw offer refused (SPEC §7).
pub fn draw_offer(error: DrawOfferError, lang: Lang) -> &'static str {
    let (zh, en) = match error {
        DrawOfferError::NotYourTurn => (
            "只能在自己走棋的时间里提和：走完你的棋，按钟以前。",
            "You may offer a draw only on your own time: after your move, before you press the clock.",
        ),
        DrawOfferError::MoveFirst => ("先走你的棋，再提和，最后按钟。", "First make your move, then offer the draw, then press the clock."),
        DrawOfferError::OfferedBefore => (
            "你的提和被拒绝过了。要等对方也提和、被你拒绝以后，你才能再提和。",
            "Your draw offer was declined. You may offer again only after your partner offers and you decline.",
        ),
        DrawOfferError::AlreadyOffered => ("你已经提和了，等对方回答吧。", "You already offered a draw. Wait for the answer."),
        DrawOfferError::AnswerPendingOffer => ("对方向你提和了：先说同意还是不同意。", "Your partner offered a draw: say yes or no first."),
        DrawOfferError::NoOffer => ("现在没有对方的提和。", "There is no draw offer from your partner."),
        DrawOfferError::WaitForYourTurn => {
            ("等对方按了钟，轮到你时再回答提和。", "Answer the draw offer on your own turn, once your partner has pressed the clock.")
        }
        DrawOfferError::CannotWithdraw => ("提和说出口就不能收回啦。", "A draw offer can't be taken back."),
    };
    lang.pick(zh, en)
}

/// A press of the clock refused, or `None` for the arbiter's and the page's misuses, which the
/// `<chess-clock>` words itself or the page's script reads as a code.
pub fn clock(error: ClockError, lang: Lang) -> Option<&'static str> {
    let (zh, en) = match error {
        ClockError::BlackStartsTheClock => ("握手以后，由黑方按钟开始比赛。", "After the handshake, Black starts the clock."),
        ClockError::NotYourClock { .. } => ("只有刚走完棋的一方才能按钟。", "Only the player who just moved presses the clock."),
        ClockError::Paused => ("裁判暂停了棋钟。", "The arbiter has paused the clock."),
        ClockError::Stopped => ("棋钟已经停了，这盘棋结束了。", "The clock has stopped: the game is over."),
        ClockError::NotPaused | ClockError::NotRunning | ClockError::TimeWentBackwards => return None,
    };
    Some(lang.pick(zh, en))
}

/// A class game's refusal; `None` for those thrown only to the page's script (`REFUSED` from the
/// board's `claimDraw()` and `undo()`).
pub fn refusal(refusal: &Refusal, lang: Lang) -> Option<&'static str> {
    let (zh, en) = match refusal {
        Refusal::Illegal { reason, .. } => return Some(illegal(reason, lang)),
        Refusal::Touch(t) => return Some(touch(*t, lang)),
        Refusal::DrawOffer(d) => return Some(draw_offer(*d, lang)),
        Refusal::Clock(c) => return clock(*c, lang),
        Refusal::GameOver(_) => ("这盘棋已经结束了。", "This game is already over."),
        Refusal::NoTakeBacks => ("落子无悔：棋子放下就不能再收回了。", "A move, once made, can't be taken back."),
        Refusal::ClaimNotYourTurn => ("只有轮到你走棋的时候，你才可以声称和棋。", "You may claim a draw only when it is your turn to move."),
        Refusal::WaitForPress => ("等对方按了钟，再走你的棋。", "Wait until your partner has pressed the clock, then make your move."),
        Refusal::NothingToClaim | Refusal::NothingToUndo => return None,
    };
    Some(lang.pick(zh, en))
}

/// The "送王" foul counted (said after the refused move's reason): the foul's number of the limit.
pub fn foul(count: u8, limit: Option<u8>, lang: Lang) -> String {
    let (zh, en) = (
        "送王犯规！这是第 {count} 次，满 {limit} 次就判负。",
        "Foul: that would put your king in danger! Foul {count} of {limit}: at {limit} the game is lost.",
    );
    let limit = limit.map_or_else(String::new, |l| l.to_string());
    crate::fill(lang.pick(zh, en), &[("count", &count.to_string()), ("limit", &limit)])
}

impl Words for TouchRefusal {
    fn template(&self, lang: Lang) -> Option<&'static str> {
        Some(touch(*self, lang))
    }

    fn code(&self) -> &'static str {
        TouchRefusal::code(*self)
    }
}

impl Words for DrawOfferError {
    fn template(&self, lang: Lang) -> Option<&'static str> {
        Some(draw_offer(*self, lang))
    }

    fn code(&self) -> &'static str {
        DrawOfferError::code(*self)
    }
}

impl Words for ClockError {
    fn template(&self, lang: Lang) -> Option<&'static str> {
        clock(*self, lang)
    }

    fn code(&self) -> &'static str {
        ClockError::code(*self)
    }
}

impl Words for Refusal {
    fn template(&self, lang: Lang) -> Option<&'static str> {
        refusal(self, lang)
    }

    fn code(&self) -> &'static str {
        Refusal::code(self)
    }
}
