//! The "Play a friend" page's words (zh-CN and English) and its small pure decisions: the time
//! controls offered, the result line, the PGN file name.

use qitong_lessons::lang::Lang;
use qitong_rules::Color;
use qitong_view::texts::texts;
use qitong_words::side_name;

/// The time controls the page offers (the first is chosen at the start).
pub const TIME_CONTROLS: [&str; 5] = ["10+5", "5+3", "15+10", "3+2", "5d3"];

/// The notations the sheet offers: the name its button's action carries, and its label.
pub const NOTATIONS: [(&str, PlayText); 3] = [("san", PlayText::San), ("figurine", PlayText::Figurine), ("chinese", PlayText::Chinese)];

texts! {
    /// The play page's fixed texts.
    pub enum PlayText {
        Title = "title" => ("和朋友下棋", "Play a friend"),
        PageTitle = "page-title" => ("和朋友下棋 · 棋童", "Play a friend · Qitong"),
        Home = "home" => ("← 棋童首页", "← Qitong home"),
        SwitchLang = "switch-lang" => ("English", "中文"),
        SwitchLangLabel = "switch-lang-label" => ("Switch to English", "切换到中文"),
        Intro = "intro" => (
            "两个人用一台电脑或投影下棋：摸子走子、落子无悔，和真正的比赛一样。",
            "Two players, one screen: touch-move and no take-backs, just like a real tournament.",
        ),
        TimeControl = "time-control" => ("棋钟时间", "Time control"),
        TcHint = "tc-hint" => (
            "10+5 = 每方10分钟，每走一步加5秒；5d3 = 每步先有3秒不计时。",
            "10+5 = 10 minutes each, plus 5 seconds per move; 5d3 = the first 3 seconds of each move are free.",
        ),
        WhiteName = "white-name" => ("白方名字", "White's name"),
        BlackName = "black-name" => ("黑方名字", "Black's name"),
        Ready = "ready" => ("先握手，说“请指教”。然后黑方按钟，比赛开始！", "Shake hands and say \"please teach me\". Then Black presses the clock to start!"),
        Start = "start" => ("黑方按钟开始", "Black: start the clock"),
        ToMove = "to-move" => ("轮到{side}走棋", "{side} to move"),
        Paused = "paused" => ("裁判暂停了棋钟，棋盘先不能走。", "The arbiter paused the clock: the board waits."),
        Offer = "offer" => ("提和（走完棋，按钟以前）", "Offer a draw (after your move, before the clock)"),
        Moved = "moved" => ("{side}走完了。想提和就现在提，然后按钟。", "{side} has moved. Offer a draw now if you like, then press the clock."),
        OfferMade = "offer-made" => ("{side}提和了（交叉食指）。现在按钟。", "{side} offers a draw (index fingers crossed). Now press the clock."),
        Press = "press" => ("{side}按钟", "{side}: press the clock"),
        OfferPending = "offer-pending" => ("{side}提和了。你同意和棋吗？（直接走棋也算不同意）", "{side} offers a draw. Do you agree? (Just moving means no.)"),
        Accept = "accept" => ("同意和棋", "Accept the draw"),
        Decline = "decline" => ("不同意，继续下", "No, play on"),
        Resign = "resign" => ("{side}认输", "{side} resigns"),
        ResignConfirm = "resign-confirm" => ("{side}真的要认输吗？", "Does {side} really resign?"),
        Yes = "yes" => ("是的，认输", "Yes, resign"),
        No = "no" => ("不，继续下", "No, play on"),
        Sheet = "sheet" => ("记录纸", "Score sheet"),
        Notation = "notation" => ("记法", "Notation"),
        San = "san" => ("字母 (SAN)", "Letters (SAN)"),
        Figurine = "figurine" => ("图形 ♘", "Figurines ♘"),
        Chinese = "chinese" => ("中文 马", "Chinese 马"),
        NoMoves = "no-moves" => ("还没有走棋。", "No moves yet."),
        MoveNo = "move-no" => ("回合", "Move"),
        White = "white" => ("白方", "White"),
        Black = "black" => ("黑方", "Black"),
        Pgn = "pgn" => ("下载 PGN 棋谱", "Download PGN"),
        Print = "print" => ("打印记录纸", "Print the score sheet"),
        NewGame = "new-game" => ("再下一盘", "New game"),
        ToLadder = "to-ladder" => ("记到班级积分榜", "Record in the class ladder"),
        ResultTitle = "result-title" => ("比赛结束", "Game over"),
        WhiteWins = "white-wins" => ("白方胜", "White wins"),
        BlackWins = "black-wins" => ("黑方胜", "Black wins"),
        Draw = "draw" => ("和棋", "Draw"),
        Etiquette = "etiquette" => (
            "记得握手，说“谢谢”。赢的一方说“承让”，然后一起把棋子摆好。",
            "Shake hands and say thank you. The winner stays kind, and you tidy up together.",
        ),
        Event = "event" => ("棋童 · 和朋友下棋", "Qitong · Play a friend"),
        Date = "date" => ("日期", "Date"),
        Result = "result" => ("结果", "Result"),
        SavedTitle = "saved-title" => ("继续上次的棋局？", "Continue the last game?"),
        SavedMoves = "saved-moves" => ("已经走了 {n} 步", "{n} moves played"),
        SavedContinue = "saved-continue" => ("继续这盘棋", "Continue this game"),
        SavedNew = "saved-new" => ("下新的一盘", "Start a new game"),
        SavedDiscardAsk = "saved-discard-ask" => ("上次的棋局会被删掉，再也找不回来。真的要下新的一盘吗？", "The last game will be deleted for good. Really start a new game?"),
        SavedDiscard = "saved-discard" => ("是的，删掉，下新的一盘", "Yes, delete it and start a new game"),
        SavedKeep = "saved-keep" => ("不，回去", "No, go back"),
        SavedPaused = "saved-paused" => (
            "棋局回来了，棋钟停着。两个人都准备好了，就按“继续计时”。",
            "The game is back and the clock is stopped. When you are both ready, press \"Resume the clock\".",
        ),
        SavedResume = "saved-resume" => ("继续计时", "Resume the clock"),
        NoStorage = "no-storage" => (
            "这台电脑不能保存棋局：如果刷新或关掉页面，这盘棋就没有了。不过棋还是可以照常下。",
            "This computer can't save the game: if the page is reloaded or closed, the game is gone. You can still play as usual.",
        ),
        SavedDamaged = "saved-damaged" => (
            "上次保存的棋局坏了，打不开。它没有被删掉，另存在了“{key}”里。",
            "The last saved game is damaged and can't be opened. It was not deleted: it is kept as \"{key}\".",
        ),
        SavedNewer = "saved-newer" => (
            "上次的棋局是新版本的棋童保存的，这里打不开。它没有被删掉，另存在了“{key}”里。",
            "The last game was saved by a newer version of Qitong and can't be opened here. It was not deleted: it is kept as \"{key}\".",
        ),
        PendingStuck = "pending-stuck" => (
            "这台电脑存不下这盘棋的结果，班级排名页拿不到它。请老师在班级排名页上手动记下这盘棋。",
            "This computer can't keep the result for the class ladder. Please enter this game on the class ladder page by hand.",
        ),
        TitleComputer = "title-computer" => ("和电脑下棋", "Play the computer"),
        PageTitleComputer = "page-title-computer" => ("和电脑下棋 · 棋童", "Play the computer · Qitong"),
        IntroComputer = "intro-computer" => (
            "选好你的颜色和电脑的级别，然后开始！想不出来的时候，可以按“提示”。",
            "Pick your colour and the computer's level, then start! Stuck? Press \"Hint\".",
        ),
        Opponent = "opponent" => ("你想和谁下棋？", "Who do you want to play?"),
        OpponentFriend = "opponent-friend" => ("和朋友下", "A friend"),
        OpponentComputer = "opponent-computer" => ("和电脑下", "The computer"),
        YourSide = "your-side" => ("你执", "You play"),
        SideWhite = "side-white" => ("白方（先走）", "White (moves first)"),
        SideBlack = "side-black" => ("黑方", "Black"),
        SideRandom = "side-random" => ("随机", "Surprise me"),
        Level = "level" => ("电脑的级别", "The computer's level"),
        LevelN = "level-n" => ("第 {n} 级", "Level {n}"),
        ClassRules = "class-rules" => ("按班级比赛规则下：摸子走子，不能悔棋", "Class rules: touch-move, no take-backs"),
        YourName = "your-name" => ("你的名字", "Your name"),
        DefaultChild = "default-child" => ("小棋手", "Young player"),
        Begin = "begin" => ("开始下棋", "Start the game"),
        YourTurn = "your-turn" => ("轮到你了（{side}）", "Your turn ({side})"),
        Thinking = "thinking" => ("{name}正在想", "{name} is thinking"),
        Hint = "hint" => ("提示", "Hint"),
        HintLooking = "hint-looking" => ("正在找一步好棋…", "Looking for a good move…"),
        HintGoes = "hint-goes" => ("提示：{piece}走到 {to}", "Hint: the {piece} goes to {to}"),
        HintTakes = "hint-takes" => ("提示：{piece}吃掉 {to} 的{captured}", "Hint: the {piece} takes the {captured} on {to}"),
        HintCastles = "hint-castles-move" => ("提示：王车易位", "Hint: castle"),
        TakeBack = "take-back" => ("悔棋", "Take back"),
        IResign = "i-resign" => ("认输", "Resign"),
        IResignConfirm = "i-resign-confirm" => ("真的要认输吗？", "Do you really resign?"),
        ComputerFailed = "computer-failed" => ("电脑出了点问题，没有走棋。", "The computer had a problem and did not move."),
        Retry = "retry" => ("再试一次", "Try again"),
        YouWon = "you-won" => ("你赢了！太棒了！", "You won! Well done!"),
        ComputerWon = "computer-won" => ("这一盘电脑赢了。没关系，再来一盘！", "The computer won this one. Never mind: play again!"),
        VsDrawn = "vs-drawn" => ("和棋：谁也没有赢。", "A draw: nobody won."),
        EventComputer = "event-computer" => ("棋童 · 和电脑下棋", "Qitong · Play the computer"),
        SavedStuck = "saved-stuck" => (
            "上次保存的棋局打不开，也没有地方另存它。为了不把它覆盖掉，这盘新棋不会被保存。",
            "The last saved game can't be opened, and there is no room to keep it aside. So that it is not overwritten, this game will not be saved.",
        ),
    }
}

/// The page's text for `code` in `lang`.
pub fn play_text(code: PlayText, lang: Lang) -> &'static str {
    code.text(lang)
}

/// A text with `{side}` filled in.
pub fn side_text(code: PlayText, side: Color, lang: Lang) -> String {
    play_text(code, lang).replace("{side}", side_name(side, lang))
}

/// The big result line: `1-0 白方胜`.
pub fn result_line(result: &str, lang: Lang) -> String {
    let words = match result {
        "1-0" => play_text(PlayText::WhiteWins, lang),
        "0-1" => play_text(PlayText::BlackWins, lang),
        _ => play_text(PlayText::Draw, lang),
    };
    let shown = if result == "1/2-1/2" { "½-½" } else { result };
    format!("{shown} {words}")
}

/// `qitong-2026-11-30-white-black.pgn`, only characters safe in a file name.
pub fn pgn_file_name(date: &str, white: &str, black: &str) -> String {
    let mut name = format!("qitong-{}", date.replace('.', "-"));
    for player in [white, black] {
        let clean: String = player.chars().filter(|c| c.is_alphanumeric()).take(20).collect();
        if !clean.is_empty() {
            name.push('-');
            name.push_str(&clean);
        }
    }
    name.push_str(".pgn");
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_exists_in_both_languages() {
        qitong_view::texts::assert_complete(PlayText::ALL, play_text);
        assert!(TIME_CONTROLS.iter().all(|tc| tc.parse::<qitong_classroom::clock::TimeControl>().is_ok()));
    }

    #[test]
    fn result_lines_and_file_names() {
        assert_eq!(result_line("1/2-1/2", Lang::En), "½-½ Draw");
        assert_eq!(result_line("0-1", Lang::Zh), "0-1 黑方胜");
        assert_eq!(side_text(PlayText::Resign, Color::White, Lang::Zh), "白方认输");
        assert_eq!(pgn_file_name("2026.11.30", "小明", "Ann <b>"), "qitong-2026-11-30-小明-Annb.pgn");
    }
}
