//! Texts quoted from the handout that lessons cite: the 23 rules of tournament conduct
//! (比赛行为规范), as the handout writes them, with their meaning in English. A quiz item cites
//! one by number (`rule = 18`). One correction (issue 28): rule 15's second clause has lost its
//! 请勿 in the handout ("两只手同时摆正棋子"), which would contradict rule 9 (one hand only) and
//! the pattern of every other rule ("…，请勿…"); it is quoted with the 请勿 restored.

/// The tournament-conduct rules, rule `n` at index `n - 1`: the handout's Chinese and an
/// English meaning.
pub const TOURNAMENT_RULES: [(&str, &str); 23] = [
    ("进入赛场后服从组委会的安排，请勿带电子产品进场。", "Follow the organisers' arrangements; bring no electronic devices into the playing hall."),
    ("进入赛场后保持安静，请勿大声喧哗，请勿追跑打闹。", "Keep quiet in the playing hall; no shouting, running or horseplay."),
    (
        "比赛开始前可以与对手交流，尊重对手，请勿用言语干扰对手。",
        "Before the game you may talk with your opponent: respect them and never disturb them with words.",
    ),
    (
        "比赛开始前保持棋具棋钟整齐，请勿乱动棋钟，请勿偷拿棋子。",
        "Before the game keep the set and clock tidy; don't play with the clock or take pieces.",
    ),
    ("比赛开始时与对手握手致意，然后由黑方棋手开钟。", "At the start, shake hands with your opponent; then Black starts the clock."),
    ("比赛过程中请勿随意说话，有问题举手向裁判示意。", "During the game don't chat; raise your hand to call the arbiter if there is a problem."),
    ("比赛过程中去洗手间可以自行决定，不必裁判同意。", "You may go to the toilet during the game without asking the arbiter."),
    (
        "比赛过程中棋子轻拿轻放，碰倒棋子后，应摆好棋子再按棋钟。",
        "Put pieces down gently; if you knock a piece over, set it right before pressing the clock.",
    ),
    ("比赛过程中只能同一只手走棋、按钟，请勿两只手走棋、按钟。", "Move and press the clock with the same one hand, never with two hands."),
    ("比赛过程中请勿用棋子敲钟，请勿使劲拍钟。", "Never hit the clock with a piece or bang the clock."),
    ("比赛过程中请勿非法按钟，增加自己的时间。", "Never press the clock illegally to gain time."),
    ("比赛过程中字迹清晰认真记录，请勿不记、少记和乱记。", "Record the moves clearly and carefully; don't skip, miss or scribble moves."),
    ("比赛过程中只能摆正自己的棋子，请勿摆正对方的棋子。", "Adjust only your own pieces, never your opponent's."),
    ("比赛过程中在轮到自己走棋时摆正棋子，请勿在对方走棋时摆正棋子。", "Adjust pieces on your own turn, never while your opponent is to move."),
    (
        "比赛过程中摆正棋子时可以轻声提示对手，请勿两只手同时摆正棋子。",
        "When adjusting, quietly tell your opponent first; never adjust with both hands at once.",
    ),
    ("比赛过程中请勿长时间盯着对手，请勿用表情干扰对手。", "Don't stare at your opponent for a long time or pull faces to disturb them."),
    ("比赛过程中请勿给其他人支招、提示，请勿和其他人交流。", "Don't give others hints or advice, and don't talk with other people."),
    ("比赛过程中向对手提和使用国际通用手势，两手食指交叉。", "To offer a draw, use the international sign: cross your two index fingers."),
    (
        "比赛过程中遇到理论和棋或重复局面时，可以暂停棋钟，由裁判判决。",
        "For a theoretical draw or a repeated position you may stop the clock and let the arbiter decide.",
    ),
    ("比赛过程中服从裁判判决，对判决有异议时向仲裁申诉。", "Accept the arbiter's decision; if you disagree, appeal to the chief arbiter."),
    ("比赛结束时保留对局最终局面，示意裁判确认结果，记录成绩。", "At the end keep the final position, show the arbiter the result and record it."),
    ("比赛结束后摆好棋子，复原棋钟，签字确认结果。", "After the game set the pieces back, reset the clock and sign the result."),
    ("比赛结束后及时离场，带走垃圾，请勿在赛场逗留、围观。", "After the game leave promptly, take your rubbish and don't hang around watching."),
];

/// Rule `n` (1-23) of the tournament code: its Chinese and English text.
pub fn tournament_rule(n: u8) -> Option<(&'static str, &'static str)> {
    TOURNAMENT_RULES.get(usize::from(n).checked_sub(1)?).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_numbered_from_one() {
        assert_eq!(tournament_rule(5).map(|r| r.0), Some("比赛开始时与对手握手致意，然后由黑方棋手开钟。"));
        assert_eq!(tournament_rule(18).map(|r| r.0), Some("比赛过程中向对手提和使用国际通用手势，两手食指交叉。"));
        assert_eq!(tournament_rule(0), None);
        assert_eq!(tournament_rule(24), None);
    }

    #[test]
    fn adjusting_is_with_one_hand_as_rule_9_says() {
        // The handout's rule 15 without its 请勿 would allow both hands (issue 28).
        let (zh, en) = tournament_rule(15).expect("rule 15");
        assert!(zh.ends_with("请勿两只手同时摆正棋子。") && en.contains("never"), "{zh} / {en}");
        assert!(tournament_rule(9).is_some_and(|(zh, _)| zh.contains("同一只手")));
    }
}
