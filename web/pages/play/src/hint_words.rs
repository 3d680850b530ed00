//! The hint's words (zh-CN and English): why the computer's good move is good, one kid-worded
//! sentence per [`HintReason`] of the rules core (`rules::hint`), and the hint line the page shows.

use crate::words::{play_text, PlayText};
use qitong_lessons::lang::Lang;
use qitong_rules::{hint_reasons, HintReason, Move, Position};
use qitong_words::{arg_text, fill, role_name};

/// The words of a reason, by its kind (its pieces and squares fill them).
fn template(reason: HintReason, lang: Lang) -> &'static str {
    let (zh, en) = match reason {
        HintReason::Checkmate => ("将死！对方的王被将军，而且无路可逃。", "Checkmate! The king is in check and has nowhere to go."),
        HintReason::OutOfCheck => ("你的王正被将军，这一步让王安全了。", "Your king is in check: this move makes it safe."),
        HintReason::Promotes { .. } => ("兵走到底线，变成{role}！", "Your pawn reaches the end and becomes a {role}!"),
        HintReason::TakesFree { .. } => {
            ("{square} 上的{piece}没有保护，可以白吃！", "The {piece} on {square} has no guard: you can take it for free!")
        }
        HintReason::WinsTrade { .. } => (
            "用{by}吃 {square} 上的{piece}：就算被吃回来，你也赚了。",
            "Take the {piece} on {square} with your {by}: even if it is taken back, you win the trade.",
        ),
        HintReason::SavesPiece { .. } => {
            ("你在 {from} 的{piece}有危险！走到 {to} 就安全了。", "Your {piece} on {from} is in danger! On {to} it is safe.")
        }
        HintReason::Check => ("将军！对方必须先救王。", "Check! Your partner has to save the king first."),
        HintReason::Castles => {
            ("王车易位：王躲到兵的后面更安全，车也出来了。", "Castle: the king hides safely behind its pawns, and the rook comes out.")
        }
        HintReason::Develops { .. } => ("把{piece}走出来到 {to}，让它参加战斗。", "Bring your {piece} out to {to} so it can join the game."),
        HintReason::Centre => ("占住或看住中心的格子（d4、e4、d5、e5）。", "It takes or watches the centre squares (d4, e4, d5, e5)."),
        HintReason::Solid => ("电脑觉得这一步最好。你能看出为什么吗？", "The computer thinks this is the best move here. Can you see why?"),
    };
    lang.pick(zh, en)
}

/// One reason as a sentence.
pub fn reason_sentence(reason: HintReason, lang: Lang) -> String {
    let values: Vec<(&str, String)> = reason.args().into_iter().map(|(name, arg)| (name, arg_text(name, arg, lang))).collect();
    let pairs: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
    fill(template(reason, lang), &pairs)
}

/// The hint as the page says it: `提示：Nf3` and the reasons, one sentence each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintText {
    pub title: String,
    pub reasons: Vec<String>,
}

/// The hint for `mv` in `pos`, in `lang`: the move in words (the piece and the square; the
/// children who play here have not all learnt notation, issue 28), then why.
pub fn hint_text(pos: &Position, mv: &Move, lang: Lang) -> HintText {
    let to = mv.to.to_string();
    let title = if mv.is_castle() {
        play_text(PlayText::HintCastles, lang).to_string()
    } else {
        let piece = role_name(mv.role, lang);
        match mv.capture {
            Some(captured) => fill(play_text(PlayText::HintTakes, lang), &[("piece", piece), ("to", &to), ("captured", role_name(captured, lang))]),
            None => fill(play_text(PlayText::HintGoes, lang), &[("piece", piece), ("to", &to)]),
        }
    };
    HintText { title, reasons: hint_reasons(pos, mv).into_iter().map(|r| reason_sentence(r, lang)).collect() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Mode, Role, Square};

    #[test]
    fn every_reason_has_words_in_both_languages_with_every_value_filled() {
        let all = [
            HintReason::Checkmate,
            HintReason::OutOfCheck,
            HintReason::Promotes { role: Role::Queen },
            HintReason::TakesFree { piece: Role::Knight, square: Square::D5 },
            HintReason::WinsTrade { piece: Role::Rook, square: Square::D5, by: Role::Pawn },
            HintReason::SavesPiece { piece: Role::Queen, from: Square::D1, to: Square::H5 },
            HintReason::Check,
            HintReason::Castles,
            HintReason::Develops { piece: Role::Bishop, to: Square::C4 },
            HintReason::Centre,
            HintReason::Solid,
        ];
        for reason in all {
            let (zh, en) = (template(reason, Lang::Zh), template(reason, Lang::En));
            assert_eq!(qitong_view::texts::placeholders(zh), qitong_view::texts::placeholders(en), "{}", reason.code());
            for lang in [Lang::Zh, Lang::En] {
                let said = reason_sentence(reason, lang);
                assert!(!said.contains('{'), "{said}");
            }
        }
        assert_eq!(
            reason_sentence(HintReason::SavesPiece { piece: Role::Queen, from: Square::D1, to: Square::H5 }, Lang::En),
            "Your queen on d1 is in danger! On h5 it is safe."
        );
        assert_eq!(reason_sentence(HintReason::TakesFree { piece: Role::Knight, square: Square::D5 }, Lang::Zh), "d5 上的马没有保护，可以白吃！");
    }

    #[test]
    fn the_hint_names_the_move_and_says_why() {
        let pos = Position::from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", Mode::Standard).unwrap_or_else(|e| panic!("{e}"));
        let mv = pos.move_from_uci(&"e4d5".parse().unwrap_or_else(|e| panic!("{e:?}"))).unwrap_or_else(|e| panic!("{e:?}"));
        let said = hint_text(&pos, &mv, Lang::En);
        assert_eq!(said.title, "Hint: the pawn takes the knight on d5");
        assert_eq!(said.reasons, ["The knight on d5 has no guard: you can take it for free!"]);
        assert_eq!(hint_text(&pos, &mv, Lang::Zh).title, "提示：兵吃掉 d5 的马");
        let quiet = pos.move_from_uci(&"e1d2".parse().unwrap_or_else(|e| panic!("{e:?}"))).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(hint_text(&pos, &quiet, Lang::Zh).title, "提示：王走到 d2");
        assert_eq!(hint_text(&pos, &quiet, Lang::En).title, "Hint: the king goes to d2");
    }
}
