//! The lesson player's own words (buttons, headings, labels) in zh-CN and English, and the
//! sentence a child reads for a step's feedback: the lesson code's words, or the rules core's
//! kid-worded reason for an illegal move — never just "wrong".

use qitong_classroom::class_game::Refusal;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Code, Feedback, Grade, Said, Verdict};
use qitong_rules::{Color, Move, Position, Square};
use qitong_view::texts::texts;
use qitong_words::{describe, ending, fill, role_name, side_name, Words};

texts! {
    /// The lesson player's fixed texts (buttons, headings, labels, feedback).
    pub enum Word {
        Next = "next" => ("下一步 ▶", "Next ▶"),
        Back = "back" => ("◀ 上一步", "◀ Back"),
        Retry = "retry" => ("↺ 再试一次", "↺ Try again"),
        Map = "map" => ("☰ 课程地图", "☰ Course map"),
        Lang = "lang" => ("English", "中文"),
        LangLabel = "lang-label" => ("Switch to English", "切换到中文"),
        PinyinOn = "pinyin-on" => ("显示拼音", "Show pinyin"),
        PinyinOff = "pinyin-off" => ("隐藏拼音", "Hide pinyin"),
        ReadAloud = "read-aloud" => ("🔊 读给我听", "🔊 Read aloud"),
        Check = "check" => ("✔ 检查", "✔ Check"),
        Done = "done" => ("✔ 完成", "✔ Done"),
        // The answers to the question "可以吗？" / "Is it allowed?".
        Legal = "legal" => ("✔ 可以", "✔ Allowed"),
        Illegal = "illegal" => ("✘ 不可以", "✘ Not allowed"),
        LegalRight = "legal-right" => ("对了！", "Right! "),
        LegalWrong = "legal-wrong" => ("不对哦：", "Not quite: "),
        LegalYes = "legal-yes" => ("这步棋可以走。", "this move is allowed."),
        LegalNo = "legal-no" => ("这步棋不可以走。", "this move is not allowed."),
        AnswerIs = "answer-is" => ("答案：{answer}", "The answer: {answer}"),
        MoveSaid = "move-said" => ("{side}的{piece}从 {from} 走到 {to}", "{side}'s {piece} goes from {from} to {to}"),
        Takes = "takes" => ("，吃掉{piece}", " and takes the {piece}"),
        Becomes = "becomes" => ("，变成{piece}", " and becomes a {piece}"),
        Route = "route" => ("答案：{piece}的路线 {route}。", "The answer: the {piece}'s route {route}."),
        Unreachable = "unreachable" => ("{squares} 去不了。", " It can never reach {squares}."),
        MovesShown = "moves-shown" => ("答案：它能走到这 {n} 个格子。", "The answer: it can go to these {n} squares."),
        MovesToFind = "moves-to-find" => ("还要找 {n} 个格子（共 {total} 个）", "{n} of {total} squares still to find"),
        Hands = "hands" => ("举手人数（可不填）", "Show of hands (optional)"),
        HandsCount = "hands-count" => ("{option}：{n} 人", "{option}: {n}"),
        Tally = "tally" => ("举手：{tally}", "Show of hands: {tally}"),
        Stalemate = "stalemate" => ("逼和", "Stalemate"),
        Checkmate = "checkmate" => ("将杀", "Checkmate"),
        Neither = "neither" => ("都不是", "Neither"),
        Reveal = "reveal" => ("公布答案", "Reveal the answer"),
        DemoNext = "demo-next" => ("走下一步 ▶", "Play next move ▶"),
        DemoBack = "demo-back" => ("◀ 退一步", "◀ Move back"),
        SanLabel = "san-label" => ("这步棋怎么记？", "How is this move written?"),
        SanLineLabel = "san-line-label" => ("这步棋怎么记？（第 {n} / {total} 步）", "How is this move written? (move {n} of {total})"),
        Sheet = "sheet" => ("记录纸", "Score sheet"),
        AdjustButton = "adjust-button" => ("我摆正", "I adjust"),
        OfferDraw = "offer-draw" => ("✕ 提和", "✕ Offer a draw"),
        PressClock = "press-clock" => ("按钟", "Press the clock"),
        Handshake = "handshake" => ("握手", "Shake hands"),
        PointsLabel = "points-label" => ("{a}的积分变化是多少？", "How do {a}'s points change?"),
        PointsQuestion = "points-question" => ("{a}（{pa} 分）对 {b}（{pb} 分）：{result}", "{a} ({pa} points) against {b} ({pb} points): {result}"),
        ResultWin = "result-win" => ("{a}赢了", "{a} won"),
        ResultLoss = "result-loss" => ("{b}赢了", "{b} won"),
        ResultDraw = "result-draw" => ("和棋", "a draw"),
        PlayerA = "player-a" => ("甲", "Player A"),
        PlayerB = "player-b" => ("乙", "Player B"),
        StepOf = "step-of" => ("第 {n} / {total} 步", "Step {n} of {total}"),
        StarsLabel = "stars-label" => ("{n} 颗星", "{n} stars"),
        MovesCount = "moves-count" => ("已走 {n} 步 · 三星：{par} 步以内", "{n} moves · 3 stars within {par}"),
        StarsLeft = "stars-left" => ("还有 {n} 颗星星", "{n} stars to go"),
        PaintLeft = "paint-left" => ("还要涂 {n} 格", "{n} squares left to paint"),
        LessonDone = "lesson-done" => ("这一课完成了！", "Lesson complete!"),
        StageDone = "stage-done" => ("太棒了！这个阶段全部完成！", "Hooray! You finished the whole stage!"),
        NextLesson = "next-lesson" => ("下一课 ▶", "Next lesson ▶"),
        Certificate = "certificate" => ("★ 领取证书", "★ Get your certificate"),
        Again = "again" => ("↺ 再上一次这一课", "↺ Do this lesson again"),
        BrokenLesson = "broken-lesson" => ("这一课的文件有问题，暂时不能上：", "This lesson's file has a problem and can't be played yet:"),
        CourseBroken = "course-broken" => ("课程文件读不出来：", "The course file could not be read:"),
        Loading = "loading" => ("正在加载……", "Loading…"),
        Progress = "progress" => ("我的进度", "My progress"),
        Reset = "reset" => ("清除我的进度", "Reset my progress"),
        ResetConfirm = "reset-confirm" => ("真的要清除所有星星吗？", "Really remove all your stars?"),
        YesReset = "yes-reset" => ("是的，清除", "Yes, reset"),
        NoKeep = "no-keep" => ("不，保留", "No, keep them"),
        ResetDone = "reset-done" => ("进度已经清除了。", "Your progress was reset."),
        Export = "export" => ("我的进度码", "My progress code"),
        ExportHelp = "export-help" => ("把这个码抄下来，在另一台电脑上输入，就能接着学。", "Copy this code and type it on another computer to carry on there."),
        Import = "import" => ("输入进度码", "Enter a progress code"),
        ImportButton = "import-button" => ("读入进度码", "Load the code"),
        ImportDone = "import-done" => ("进度码读好了！", "Progress code loaded!"),
        Close = "close" => ("关闭", "Close"),
        Rule = "rule" => ("比赛规范第 {n} 条", "Tournament rule {n}"),
        VoteHint = "vote-hint" => ("举手投票，老师公布答案。", "Vote by raising hands; the teacher reveals the answer."),
        TakeBackLine = "take-back-line" => ("↶ 收回这两步，再想想", "↶ Take them back and think again"),
        TakeBack = "take-back" => ("↶ 悔一步", "↶ Take back a move"),
        StartAgain = "start-again" => ("↺ 从头再来", "↺ Start again from the beginning"),
        Hint = "hint" => ("提示", "Hint"),
        HintLooking = "hint-looking" => ("正在找一步好棋……", "Looking for a good move…"),
        HintSays = "hint-says" => ("提示：{move}", "Hint: {move}"),
        MoveGoes = "move-goes" => ("{side}{piece}走到{to}", "the {side} {piece} goes to {to}"),
        MoveTakes = "move-takes" => ("{side}{piece}吃掉{to}上的{taken}", "the {side} {piece} takes the {taken} on {to}"),
        MovePromotes = "move-promotes" => ("，变成{piece}", " and becomes a {piece}"),
        Opponent = "opponent" => ("对手：{name}（{level} 级）· 已走 {n} 步", "Opponent: {name} (level {level}) · {n} moves"),
    }
}

/// The player's fixed texts by key.
pub fn word(key: Word, lang: Lang) -> &'static str {
    key.text(lang)
}

/// `word` with its `{name}` values filled in.
pub fn word_with(key: Word, args: &[(&str, &str)], lang: Lang) -> String {
    fill(word(key, lang), args)
}

/// A move said in words, before the course has taught notation (黑兵吃掉c4上的马, "the black
/// pawn takes the knight on c4"): the piece, its colour and the squares.
pub fn move_words(m: &Move, color: Color, lang: Lang) -> String {
    let side = match (color, lang) {
        (Color::White, Lang::Zh) => "白",
        (Color::Black, Lang::Zh) => "黑",
        (Color::White, Lang::En) => "white",
        (Color::Black, Lang::En) => "black",
    };
    let piece = role_name(m.role, lang);
    let mut text = match (m.capture, m.captured_square()) {
        (Some(taken), Some(sq)) => {
            word_with(Word::MoveTakes, &[("side", side), ("piece", piece), ("taken", role_name(taken, lang)), ("to", &sq.to_string())], lang)
        }
        _ => word_with(Word::MoveGoes, &[("side", side), ("piece", piece), ("to", &m.to.to_string())], lang),
    };
    if let Some(role) = m.promotion {
        text.push_str(&word_with(Word::MovePromotes, &[("piece", role_name(role, lang))], lang));
    }
    text
}

/// A row of stars, ★★☆.
pub(crate) fn stars_text(n: u32, max: u32) -> String {
    (0..max).map(|i| if i < n { '★' } else { '☆' }).collect()
}

/// The answer button's text for a verdict.
pub(crate) fn verdict_word(verdict: Verdict) -> Word {
    match verdict {
        Verdict::Stalemate => Word::Stalemate,
        Verdict::Checkmate => Word::Checkmate,
        Verdict::Neither => Word::Neither,
    }
}

/// How the feedback looks: praise, a mistake to learn from, or neutral news.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Good,
    Oops,
    Info,
}

/// The tone of a grade.
pub fn tone(grade: Grade) -> Tone {
    match grade {
        Grade::Correct | Grade::Complete => Tone::Good,
        Grade::Wrong | Grade::Failed => Tone::Oops,
        Grade::Accepted | Grade::Ignored => Tone::Info,
    }
}

/// The words of what a feedback says: a lesson code's own, or the rules' and the classroom's
/// worded by `qitong_words`, keyed by their types (every one has them: the types say so).
pub(crate) fn feedback_template(said: Said, lang: Lang) -> Option<&'static str> {
    match said {
        Said::Nothing => None,
        Said::Lesson(code) => Some(code.text(lang)),
        Said::Illegal(reason) => reason.template(lang),
        Said::Touch(refusal) => refusal.template(lang),
        Said::DrawOffer(error) => error.template(lang),
        Said::Clock(error) => error.template(lang),
        Said::WaitForPress => Refusal::WaitForPress.template(lang),
    }
}

/// The sentence for `feedback`: the rules core's reason for an illegal move, else the lesson
/// code's words with their values; `{square}`/`{piece}` of a touch-move reason come from the
/// marked square in `pos`.
pub fn feedback_message(feedback: &Feedback, pos: Option<&Position>, lang: Lang) -> String {
    if let Said::Illegal(reason) = feedback.code {
        return describe(&reason, &reason.args(), lang);
    }
    let mut args: Vec<(&str, String)> = feedback.args.iter().map(|(n, v)| (*n, v.clone())).collect();
    // A puzzle's other side comes as its code (`white`/`black`): said in `lang`.
    if let Some((_, side)) = args.iter_mut().find(|(n, _)| *n == "them") {
        let them = if side == "white" { Color::White } else { Color::Black };
        *side = side_name(them, lang).to_owned();
        // The other side's reply in words: every puzzle comes before notation is taught.
        if let (Some(m), Some((_, reply))) = (feedback.reply, args.iter_mut().find(|(n, _)| *n == "reply")) {
            *reply = move_words(&m, them, lang);
        }
    }
    if let Some(sq) = feedback.squares.into_iter().next() {
        args.push(("square", sq.to_string()));
        if let Some(piece) = pos.and_then(|p| p.board().piece_at(sq)) {
            args.push(("piece", role_name(piece.role, lang).to_owned()));
        }
    }
    // A protector named by its square ("protected by the pawn on g2"): its piece, worded here.
    let by = feedback.args.iter().find(|(n, _)| *n == "by").and_then(|(_, v)| v.parse::<Square>().ok());
    if let Some(piece) = by.and_then(|sq| pos?.board().piece_at(sq)) {
        args.push(("by-piece", role_name(piece.role, lang).to_owned()));
    }
    let pairs: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let mut text = match feedback_template(feedback.code, lang) {
        Some(t) => fill(t, &pairs),
        None => String::new(),
    };
    // The end of a demo or a class game: say how it ended (a game against the computer says
    // it once, as won or lost, in its own words).
    if let Some(end) = feedback.end.filter(|_| !feedback.code.lesson().is_some_and(Code::is_vs_computer)) {
        text.push(' ');
        text.push_str(&fill(ending(end, lang), &[("winner", lang.pick("一方", "one side"))]));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_lessons::Feedback;
    use qitong_rules::{IllegalReason, Square};

    #[test]
    fn an_illegal_move_is_explained_by_the_rules_core() {
        let reason = IllegalReason::PawnBackwards { from: Square::E4, to: Square::E3 };
        let text = feedback_message(&Feedback::illegal(reason), None, Lang::En);
        assert!(text.contains("forward"), "{text}");
    }

    #[test]
    fn lesson_codes_fill_their_values_and_touch_move_names_the_square() {
        let fb = Feedback::accepted(Code::StarCollected).with_arg("left", 2);
        assert_eq!(feedback_message(&fb, None, Lang::En), "A star! 2 left.");
        let pos = Position::new();
        let fb = Feedback::wrong(qitong_classroom::touch::TouchRefusal::MustMove { square: Square::G1, role: qitong_rules::Role::Knight })
            .with_squares(Square::G1.into());
        let text = feedback_message(&fb, Some(&pos), Lang::En);
        assert!(text.contains("knight") && text.contains("g1"), "{text}");
        let end = Feedback::complete(Code::DemoEnd, None).with_end(qitong_rules::EndReason::ThreefoldRepetition);
        assert!(feedback_message(&end, None, Lang::Zh).contains("三次"));
    }

    #[test]
    fn a_puzzle_names_the_other_side_and_the_piece_lost_in_the_language() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", qitong_rules::Mode::Standard).expect("fen");
        let reply = Move {
            from: Square::D8,
            to: Square::D1,
            role: qitong_rules::Role::Queen,
            capture: Some(qitong_rules::Role::Rook),
            promotion: None,
            kind: qitong_rules::MoveKind::Normal,
        };
        let fb = Feedback::wrong(Code::PuzzleLose)
            .with_arg("them", "black")
            .with_arg("reply", "♛xd1")
            .with_squares(Square::D1.into())
            .with_reply(Some(reply));
        assert_eq!(feedback_message(&fb, Some(&pos), Lang::En), "Look: the black queen takes the rook on d1, and you lose your rook.");
        assert_eq!(feedback_message(&fb, Some(&pos), Lang::Zh), "看：黑后吃掉d1上的车，你的车就被吃掉了。");
        let push = Move {
            from: Square::E7,
            to: Square::E8,
            role: qitong_rules::Role::Pawn,
            capture: None,
            promotion: Some(qitong_rules::Role::Queen),
            kind: qitong_rules::MoveKind::Normal,
        };
        assert_eq!(move_words(&push, Color::White, Lang::Zh), "白兵走到e8，变成后");
        assert_eq!(move_words(&push, Color::White, Lang::En), "the white pawn goes to e8 and becomes a queen");
    }

    #[test]
    fn a_protector_is_named_by_its_piece() {
        let pos = Position::from_fen("4k3/8/2b5/8/8/5N2/6P1/4K3 w - - 0 1", qitong_rules::Mode::Standard).expect("fen");
        let fb = Feedback::wrong(Code::TapProtected).with_squares(Square::F3.into()).with_arg("by", "g2");
        assert_eq!(feedback_message(&fb, Some(&pos), Lang::En), "The knight on f3 is protected by the pawn on g2.");
        assert_eq!(feedback_message(&fb, Some(&pos), Lang::Zh), "f3 的马有 g2 的兵保护。");
    }

    #[test]
    fn every_word_exists_in_both_languages() {
        qitong_view::texts::assert_complete(Word::ALL, word);
        assert_eq!(word_with(Word::Rule, &[("n", "5")], Lang::En), "Tournament rule 5");
    }
}
