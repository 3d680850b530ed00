//! The kid-worded zh-CN / English texts of the lesson feedback codes ([`Code`], what
//! `Feedback::code` says in a lesson's own words) and the progress messages; templates filled
//! like `qitong_words`' (`{left}`, …). A code is a variant, declared with its words in one table: a
//! code without words, or a misspelt code, does not compile. The reasons of the rules core and the
//! classroom (`IllegalReason`, touch-move, end reasons) have their words in `qitong_words`.

use crate::lang::Lang;

/// Declares `pub enum Code` from the table: its variants, `ALL`, `as_str` (the stable kebab
/// name, for tests and messages) and `text` (the words, one `match` arm per variant).
macro_rules! codes {
    ($($variant:ident = $code:literal => ($zh:expr, $en:expr $(,)?)),* $(,)?) => {
        /// A lesson's feedback code or progress message: the words are [`Code::text`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $(#[doc = $code] $variant),*
        }

        impl Code {
            /// Every code, in the table's order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code's stable name (`star-collected`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $code),*
                }
            }

            /// The code's words in `lang`.
            pub fn text(self, lang: Lang) -> &'static str {
                match self {
                    $(Code::$variant => lang.pick($zh, $en)),*
                }
            }
        }
    };
}

codes! {
    PieceItself = "piece-itself" => ("这是要走的棋子。点它能走到的格子！", "That's the piece itself. Tap the squares it can go to!"),
    Retry = "retry" => ("再试一次！", "Let's try again!"),
    Read = "read" => ("读完啦！", "All read!"),
    StarsAll = "stars-all" => ("所有星星都拿到了！用了 {moves} 步。", "You got every star in {moves} moves!"),
    StarCollected = "star-collected" => ("拿到一颗星星！还剩 {left} 颗。", "A star! {left} left."),
    Moved = "moved" => ("走得好，继续！", "Good move, keep going!"),
    DrillNoCheck = "drill-no-check" => ("这个练习里不要将军哦：对方的王没法躲。", "No check in this drill: the other king can't get away."),
    DrillPieceLost = "drill-piece-lost" => ("哎呀，你的棋子被吃掉了！不要停在对方能吃到的格子上。", "Oh no, your piece was captured! Don't stop where it can be taken."),
    DrillOutOfMoves = "drill-out-of-moves" => ("{limit} 步用完了。再试一次吧！", "That's all {limit} moves. Try again!"),
    DrillMoverOnly = "drill-mover-only" => (
        "这个练习只走标出来的{piece}，别的棋子站着不动。",
        "In this drill only the marked {piece} moves. The other pieces stay where they are.",
    ),
    DrillMoversOnly = "drill-movers-only" => (
        "这个练习只走标出来的棋子，别的棋子站着不动。",
        "In this drill only the marked pieces move. The other pieces stay where they are.",
    ),
    DrillStuck = "drill-stuck" => ("没有棋可以走了。再试一次吧！", "No moves left. Try again!"),
    SetupPlaced = "setup-placed" => ("放好了！还有 {left} 个棋子。", "Placed! {left} pieces to go."),
    SetupLifted = "setup-lifted" => ("棋子放回盒子里了。", "The piece is back in the box."),
    SetupFixedPiece = "setup-fixed-piece" => ("这个棋子已经摆好了，不用动它。", "This piece is already in place."),
    SetupNoneLeft = "setup-none-left" => ("这种棋子已经用完了。", "There are no more of these pieces."),
    SetupIncomplete = "setup-incomplete" => ("还有 {left} 个棋子没摆呢：看标出的空格子。", "{left} pieces still to place: look at the marked empty squares."),
    SetupCorrect = "setup-correct" => ("摆对了！可以开始下棋了。", "All set up! Ready to play."),
    SetupWrong = "setup-wrong" => ("标出的格子摆错了。", "The marked square is wrong."),
    SetupWrongMany = "setup-wrong-many" => ("标出的 {n} 个格子摆错了。", "The {n} marked squares are wrong."),
    MoveFound = "move-found" => ("找到一个！还有 {left} 个。", "Found one! {left} to go."),
    MovesAllFound = "moves-all-found" => ("全都找到了！", "You found them all!"),
    SpecialDone = "special-done" => ("漂亮的特殊着法！", "A beautiful special move!"),
    SpecialOtherMove = "special-other-move" => ("这步可以走，但这里要练习特殊着法哦。", "That move is allowed, but try the special move."),
    MoveIsLegal = "move-is-legal" => ("这步棋合规则。", "This move is allowed."),
    MateYes = "mate-yes" => ("将杀！你赢了！", "Checkmate! You win!"),
    MateStalemate = "mate-stalemate" => ("哎呀，这是逼和：对方没被将军，却无路可走。", "Oops, that's stalemate: no check, but no move either."),
    MateCheckOnly = "mate-check-only" => ("是将军，但对方还能逃。看看它怎么逃的。", "Check, but the king can escape. See how."),
    MateNotCheck = "mate-not-check" => ("这步没有将军哦。", "That move doesn't give check."),
    EscapeKing = "escape-king" => ("对！把王走开了。还有 {left} 种方法。", "Yes! The king stepped away. {left} ways to go."),
    EscapeCapture = "escape-capture" => ("对！吃掉了将军的棋子。还有 {left} 种方法。", "Yes! You captured the checking piece. {left} ways to go."),
    EscapeBlock = "escape-block" => ("对！挡住了将军。还有 {left} 种方法。", "Yes! You blocked the check. {left} ways to go."),
    EscapeFoundAlready = "escape-found-already" => ("这种方法已经找到了，试试别的方法。", "You found that way already. Try another one."),
    PositionStalemate = "position-stalemate" => ("对，这是逼和：没有被将军，但一步也走不了。", "Right, stalemate: no check, but no move."),
    PositionCheckmate = "position-checkmate" => ("对，这是将杀：被将军，而且逃不掉。", "Right, checkmate: in check with no escape."),
    PositionNeither = "position-neither" => ("对，还有棋可以走。", "Right, there are still moves to play."),
    SaidStalemateIsCheckmate = "said-stalemate-is-checkmate" => (
        "王正被将军，又逃不掉：这是将杀，不是逼和。",
        "The king is in check and can't escape: that's checkmate, not stalemate.",
    ),
    SaidStalemateInCheck = "said-stalemate-in-check" => (
        "王正被将军，所以不是逼和；而且还有棋可以走。",
        "The king is in check, so it isn't stalemate, and there is a move.",
    ),
    SaidStalemateHasMoves = "said-stalemate-has-moves" => ("还有棋可以走，比如这一步，所以不是逼和。", "There's still a move, like this one, so it isn't stalemate."),
    SaidCheckmateCanEscape = "said-checkmate-can-escape" => ("是将军，但还能应将，比如这一步。", "It's check, but there is a way out, like this one."),
    SaidCheckmateNoCheck = "said-checkmate-no-check" => ("王没有被将军，所以不是将杀。", "The king isn't in check, so it isn't checkmate."),
    SaidNeitherIsStalemate = "said-neither-is-stalemate" => ("没有被将军，但一步也走不了：这是逼和。", "No check, but no move at all: that's stalemate."),
    SaidNeitherIsCheckmate = "said-neither-is-checkmate" => ("王被将军，又逃不掉：这是将杀。", "The king is in check with no escape: that's checkmate."),
    QuizCorrect = "quiz-correct" => ("答对了！", "Correct!"),
    QuizWrong = "quiz-wrong" => ("不对哦，再想想。", "Not quite. Think again."),
    QuizMissing = "quiz-missing" => ("还有正确的答案没选。", "There's another right answer to pick."),
    QuizTicked = "quiz-ticked" => ("选好了就按“完成”。", "Press \"done\" when you're ready."),
    SanAccepted = "san-accepted" => ("记得对！", "Well recorded!"),
    SanNotAccepted = "san-not-accepted" => ("“{typed}”不对，再看看是哪个棋子走到了哪个格子。", "\"{typed}\" isn't right. Which piece went to which square?"),
    PointsCorrect = "points-correct" => ("算对了！", "Correct!"),
    PointsWrong = "points-wrong" => ("再算算：分差 D = {d}，这一格的公式是 {formula}。", "Try again: D = {d}, and this cell's formula is {formula}."),
    PointsWrongSign = "points-wrong-sign" => ("数字对了，但是加分还是扣分呢？", "The number is right, but is it a gain or a loss?"),
    PointsUnreadable = "points-unreadable" => ("请写一个数字，比如 12.5 或 -12.5。", "Write a number, like 12.5 or -12.5."),
    DemoMove = "demo-move" => ("看这一步。", "Watch this move."),
    DemoBack = "demo-back" => ("退回一步。", "One move back."),
    DemoEnd = "demo-end" => ("演示结束。", "That's the end of the demo."),
    TouchedFree = "touched-free" => (
        "摸到的棋子没法走（也没法被吃掉），所以可以走任何一步合规则的棋。",
        "The touched piece can't move (or can't be taken), so any legal move is allowed.",
    ),
    Adjusted = "adjusted" => ("摆正了！先说了“我摆正”，就不算摸子。", "Straightened! You said \"I adjust\" first, so it isn't a touch."),
    AdjustSaid = "adjust-said" => ("你说了“我摆正”。现在点要摆正的棋子。", "You said \"I adjust\". Now tap the piece to straighten it."),
    AdjustForgot = "adjust-forgot" => (
        "没说“我摆正”就摸了{piece}：摸子走子，现在要走它了。",
        "You touched the {piece} without saying \"I adjust\": touch-move says you must move it now.",
    ),
    AdjustMoved = "adjust-moved" => (
        "走棋了，可是歪的棋子还没摆正。再试一次：先说“我摆正”，再点歪的棋子。",
        "You moved, but the crooked piece is still crooked. Try again: say \"I adjust\", then tap it.",
    ),
    DrawOffered = "draw-offered" => ("你提和了（两手食指交叉）。现在按钟。", "You offered a draw (index fingers crossed). Now press the clock."),
    DrawOfferBeforePress = "draw-offer-before-press" => (
        "先提和，再按钟：按了钟就轮到对方了。",
        "Offer first, then press the clock: after the press it is your partner's turn.",
    ),
    DrawOfferDone = "draw-offer-done" => ("做得对：走棋，提和，按钟！现在等对方回答。", "Just right: move, offer, press the clock! Now wait for the answer."),
    DrawPlayedOn = "draw-played-on" => (
        "对！提和被拒绝过，就不能再提。接着下棋，按钟。",
        "Right! Your offer was declined, so you don't offer again. Play on and press the clock.",
    ),
    HandshakeDone = "handshake-done" => ("握手，说“请指教”！现在黑方按钟。", "Shake hands and say \"please teach me\"! Now Black presses the clock."),
    ClockShakeFirst = "clock-shake-first" => ("先和对手握手，再按钟。", "Shake hands with your partner first, then press the clock."),
    ClockStarted = "clock-started" => ("黑方按了钟，白方的时间开始走了！", "Black pressed the clock: White's time is running!"),
    SanSign = "san-sign" => ("差一点！最后别忘了写 {sign}。", "Almost! Don't forget the {sign} at the end."),
    SanLineDone = "san-line-done" => ("整盘棋都记下来了！", "You wrote down the whole game!"),
    ClassPlayDone = "class-play-done" => ("下得好！", "Well played!"),
    ClassPlayOver = "class-play-over" => ("这盘棋结束了。", "The game is over."),
    VotePicked = "vote-picked" => ("选好了，等老师公布答案。", "Picked! Wait for the teacher's answer."),
    VoteRevealed = "vote-revealed" => ("答案在这里！", "Here's the answer!"),
    PaintAll = "paint-all" => ("全都涂满了！用了 {moves} 步。", "All painted in {moves} moves!"),
    Painted = "painted" => ("涂了 {n} 格！还要涂 {left} 格。", "{n} painted! {left} to go."),
    PaintOutside = "paint-outside" => ("{square} 在涂色的范围外面，留在范围里涂吧。", "{square} is outside the painting area. Stay inside it."),
    PaintNoCapture = "paint-no-capture" => ("这里不吃子：别的棋子都是墙。", "No taking here: the other pieces are walls."),
    TapNotNamed = "tap-not-named" => ("这是 {square}，不是 {want}。", "That is {square}, not {want}."),
    TapEmpty = "tap-empty" => ("{square} 上没有棋子。", "There is no piece on {square}."),
    TapFindWhite = "tap-find-white" => ("这是黑方的{piece}。要找的是白方的棋子。", "That is a black {piece}. Look at the white pieces."),
    TapFindBlack = "tap-find-black" => ("这是白方的{piece}。要找的是黑方的棋子。", "That is a white {piece}. Look at the black pieces."),
    TapKing = "tap-king" => ("王不算：王被攻击，就是被将军。", "Not the king: an attacked king is in check."),
    TapNotAttacked = "tap-not-attacked" => ("没有棋子在攻击 {square} 的{piece}。", "Nothing attacks the {piece} on {square}."),
    TapProtected = "tap-protected" => ("{square} 的{piece}有 {by} 的{by-piece}保护。", "The {piece} on {square} is protected by the {by-piece} on {by}."),
    VsThinking = "vs-thinking" => ("电脑在想……", "The computer is thinking…"),
    VsYourMove = "vs-your-move" => ("电脑走好了，轮到你！", "The computer has moved. Your turn!"),
    VsMate = "vs-mate" => ("将杀！你赢了电脑！用了 {moves} 步。", "Checkmate! You beat the computer in {moves} moves!"),
    VsWon = "vs-won" => ("吃到了！你赢了棋子。用了 {moves} 步。", "Got it! You won material in {moves} moves."),
    VsPromoted = "vs-promoted" => ("升变成功，新棋子保住了！用了 {moves} 步。", "Promoted, and the new piece is safe! {moves} moves."),
    VsSurvived = "vs-survived" => ("你坚持了 {moves} 步，王没有被将死！", "You lasted {moves} moves and your king is still free!"),
    VsPawnStopped = "vs-pawn-stopped" => ("挡住了！{moves} 步里兵一直没能升变。", "You stopped it! The pawn couldn't promote in {moves} moves."),
    VsPawnPromoted = "vs-pawn-promoted" => ("兵升变了。站到兵的前面挡住它，再试一次吧！", "The pawn promoted. Stand in front of it to stop it, and try again!"),
    VsDrawnGoal = "vs-drawn-goal" => ("和棋！你做到了。", "A draw! You did it."),
    VsMated = "vs-mated" => ("哎呀，你的王被将死了。再试一次吧！", "Oh no, your king is checkmated. Try again!"),
    VsDrawn = "vs-drawn" => ("和棋了，可是这里要赢哦。再试一次吧！", "It's a draw, but here you need to win. Try again!"),
    VsOutOfMoves = "vs-out-of-moves" => (
        "已经走了 {limit} 步，这一盘的步数用完啦。没关系，从头再来一次吧！",
        "That's {limit} moves, all this game has. No problem: start again from the beginning!",
    ),
    VsTakenBack = "vs-taken-back" => ("收回了一步。再想想，轮到你走！", "Move taken back. Think again: your turn!"),
    VsNoPawns = "vs-no-pawns" => ("没有兵可以升变了。再试一次吧！", "No pawn left to promote. Try again!"),
    VsNoAnswer = "vs-no-answer" => ("电脑没能走棋。按“再试一次”吧。", "The computer couldn't move. Press \"Try again\"."),
    PuzzleCheck = "puzzle-check" => ("将军！做得好！", "Check! Well done!"),
    PuzzleWon = "puzzle-won" => ("接着{reply}。你多赢了 {gain} 分！", "Then {reply}. You are {gain} points up!"),
    PuzzleSafe = "puzzle-safe" => ("接着{reply}。你一个棋子也没丢！", "Then {reply}. You lost nothing!"),
    PuzzleGoOn = "puzzle-go-on" => ("好棋！接着{reply}。该你走了！", "Good move! Then {reply}. Your turn!"),
    PuzzleNotCheck = "puzzle-not-check" => ("这步没有将军哦。", "That is not check."),
    PuzzleNoCheck = "puzzle-no-check" => ("这步没有将军。将杀一定要先将军哦。", "That is not check, and a checkmate must be check."),
    PuzzleNotMate = "puzzle-not-mate" => ("是将军，可是{reply}，没有被将死。", "Check, but then {reply}: not checkmate."),
    PuzzleStalemate = "puzzle-stalemate" => (
        "哎呀，逼和了：{them}没被将军，却一步也走不了。逼和不算赢。",
        "Oops, stalemate: {them} is not in check but cannot move. Stalemate is not a win.",
    ),
    PuzzleStalemated = "puzzle-stalemated" => ("看：{reply}，你就一步也走不了了：这是逼和，不算赢。", "Look: {reply}, and you cannot move: stalemate, not a win."),
    PuzzleMated = "puzzle-mated" => ("小心！{reply}，就将死你了。", "Watch out: {reply}, and that is checkmate against you."),
    PuzzleLose = "puzzle-lose" => ("看：{reply}，你的{piece}就被吃掉了。", "Look: {reply}, and you lose your {piece}."),
    PuzzleAlso = "puzzle-also" => (
        "好棋！这一步也能做到。不过这一课想让你用题目说的办法，再找一找！",
        "Good move! That works too. But this lesson asks for the way the question says: find that one!",
    ),
    PuzzleNoGain = "puzzle-no-gain" => ("看：{reply}。你没有多赢分哦。", "Look: {reply}. You have not won any points."),
    PuzzleTooLittle = "puzzle-too-little" => ("看：{reply}。你只多了 {gain} 分，要多 {value} 分才行。", "Look: {reply}. You are {gain} up, but you need {value}."),
    PuzzleThenNoCheck = "puzzle-then-no-check" => ("看：{reply}，然后你就将不了军了。", "Look: {reply}, and then you cannot give check."),
    PuzzleThenNoMate = "puzzle-then-no-mate" => ("看：{reply}，然后你就将不死了。", "Look: {reply}, and then there is no mate."),
    PuzzleThenNoWin = "puzzle-then-no-win" => ("看：{reply}，然后你就赢不到分了。", "Look: {reply}, and then you cannot win enough."),
    PuzzleThenNotSafe = "puzzle-then-not-safe" => ("看：{reply}，然后你就保不住你的棋子了。", "Look: {reply}, and then you cannot keep your pieces safe."),
    ProgressUnreadable = "progress-unreadable" => ("保存的进度坏了，只好从头开始。", "The saved progress was damaged, so it starts afresh."),
    ProgressUnknownFormat = "progress-unknown-format" => ("保存的数据不是棋童的进度，只好从头开始。", "The saved data wasn't Qitong progress, so it starts afresh."),
    ProgressNewerVersion = "progress-newer-version" => (
        "你的星星是新版本的棋童存的，这里读不了。它们会原样留着；今天的星星不会保存。",
        "Your stars were saved by a newer Qitong, which this one can't read. They are left just as they are; today's stars won't be saved.",
    ),
    ProgressOldFormat = "progress-old-format" => ("进度是旧格式的，已经转换好了。", "The progress was in an old format and has been converted."),
    ProgressLessonReset = "progress-lesson-reset" => ("有一课的进度坏了，那一课从头开始：{key}。", "One lesson's progress was damaged and starts afresh: {key}."),
    ProgressTruncated = "progress-truncated" => ("保存的进度缺了一截：能读的星星都留下了。", "The saved progress was cut short: every star that could be read is kept."),
    ProgressKeptAside = "progress-kept-aside" => ("原来的记录另外存了一份，老师可以找到它：{key}。", "The old record is kept as a copy for your teacher: {key}."),
    ProgressStuck = "progress-stuck" => (
        "原来的记录没地方另存，所以原样留着；今天的星星不会保存。",
        "There was no room to copy the old record, so it is left as it is; today's stars won't be saved.",
    ),
    ProgressNoStorage = "progress-no-storage" => (
        "这台电脑不能保存你的星星：关掉页面以后，星星就没有了。不过课还是可以照常上！",
        "This computer can't save your stars: when the page is closed, they are gone. You can still do the lessons!",
    ),
    ProgressCodeInvalid = "progress-code-invalid" => ("这不是进度码。", "That isn't a progress code."),
    ProgressCodeTypo = "progress-code-typo" => ("进度码有一个字符不对，请再检查一下。", "A character of the code is wrong. Please check it."),
    ProgressCodeOtherCourse = "progress-code-other-course" => ("这个进度码来自另一个版本的课程。", "This code is from another version of the course."),
    ProgressCodeTooLong = "progress-code-too-long" => ("这个进度码比课程还长，读不了。", "This code is longer than the course and can't be read."),
}

impl Code {
    /// The code named `name` ([`Code::as_str`]), or `None`.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == name)
    }

    /// A code of the game against the computer (`vs-…`): its words say how the game ended, so
    /// the player adds no end of its own.
    pub const fn is_vs_computer(self) -> bool {
        matches!(
            self,
            Code::VsThinking
                | Code::VsYourMove
                | Code::VsMate
                | Code::VsWon
                | Code::VsPromoted
                | Code::VsSurvived
                | Code::VsPawnStopped
                | Code::VsPawnPromoted
                | Code::VsDrawnGoal
                | Code::VsMated
                | Code::VsDrawn
                | Code::VsOutOfMoves
                | Code::VsNoPawns
                | Code::VsNoAnswer
                | Code::VsTakenBack
        )
    }
}

/// The template for a lesson code in `lang`.
pub fn template(code: Code, lang: Lang) -> &'static str {
    code.text(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_both_languages_with_the_same_placeholders() {
        let names = |t: &str| {
            let mut v: Vec<String> = t.split('{').skip(1).filter_map(|s| s.split_once('}')).map(|(n, _)| n.to_string()).collect();
            v.sort();
            v
        };
        for &code in Code::ALL {
            let (zh, en) = (template(code, Lang::Zh), template(code, Lang::En));
            assert!(zh.chars().any(crate::text::is_han), "{code:?}");
            assert!(!en.trim().is_empty(), "{code:?}");
            assert_eq!(names(zh), names(en), "{code:?}");
        }
    }

    #[test]
    fn the_names_round_trip_and_are_distinct() {
        for &code in Code::ALL {
            assert_eq!(Code::from_name(code.as_str()), Some(code));
            assert!(code.as_str().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{code:?}");
        }
        assert_eq!(Code::from_name("no-such-code"), None);
        let vs = Code::ALL.iter().filter(|c| c.as_str().starts_with("vs-"));
        assert!(vs.clone().all(|c| c.is_vs_computer()));
        assert_eq!(vs.count(), Code::ALL.iter().filter(|c| c.is_vs_computer()).count());
    }
}
