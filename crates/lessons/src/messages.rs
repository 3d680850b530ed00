//! The validator's messages: Chinese for teachers first, English second, both naming the key to
//! change and what to write instead.

use super::error::{ErrorKind, Expect, ValidationError};
use crate::lang::Lang;
use core::fmt;
use qitong_rules::{Color, FenError, ParseBoardError, ParseFenError, PositionError};

/// `say!(lang, "中文 {x}", "English {x}")`: the message in `lang`, formatting with the names in
/// scope.
macro_rules! say {
    ($lang:expr, $zh:literal, $en:literal) => {
        match $lang {
            Lang::Zh => format!($zh),
            Lang::En => format!($en),
        }
    };
}

impl Expect {
    /// How a message names this kind of value.
    pub fn name(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Expect::String => ("文字（用引号括起来）", "a string in quotes"),
            Expect::Integer => ("整数", "a whole number"),
            Expect::Number => ("数字", "a number"),
            Expect::Bool => ("true 或 false", "true or false"),
            Expect::Array => ("列表 [ ]", "a list [ ]"),
            Expect::Table => ("表 { }", "a table { }"),
            Expect::Text => ("中英文 { zh = \"…\", en = \"…\" }", "a text { zh = \"…\", en = \"…\" }"),
            Expect::Square => ("格子名，如 e4", "a square such as e4"),
            Expect::Move => ("着法，如 e2e4（升变写 e7e8q）", "a move such as e2e4 (e7e8q for a promotion)"),
            Expect::Turn => ("white 或 black", "white or black"),
            Expect::Special => ("castle、en-passant 或 promotion", "castle, en-passant or promotion"),
            Expect::Way => ("king、capture 或 block", "king, capture or block"),
            Expect::Verdict => ("stalemate、checkmate 或 neither", "stalemate, checkmate or neither"),
            Expect::Result => ("1-0、0-1 或 draw", "1-0, 0-1 or draw"),
            Expect::Points => ("最多一位小数的积分，如 12.5", "points with at most one decimal, such as 12.5"),
            Expect::EndCode => ("对局结束的代码（如 threefold-repetition）或 none", "an end code (such as threefold-repetition) or none"),
            Expect::Id => ("由小写字母、数字和 - 组成的名字", "a name of lower-case letters, digits and -"),
            Expect::Goal => ("checkmate、win-piece、promote、survive 或 draw", "checkmate, win-piece, promote, survive or draw"),
            Expect::PuzzleGoal => ("check、mate、win 或 safe", "check, mate, win or safe"),
            Expect::Area => ("一块长方形的格子，如 a1:d4", "a rectangle of squares such as a1:d4"),
            Expect::Find => ("named、hanging 或 attacked", "named, hanging or attacked"),
            Expect::Task => ("adjust、offer-draw 或 start-clock", "adjust, offer-draw or start-clock"),
            #[cfg(not(target_arch = "wasm32"))]
            Expect::Concept => (
                "promotion、castling、en-passant、check、checkmate、stalemate、basic-mates 或 notation",
                "promotion, castling, en-passant, check, checkmate, stalemate, basic-mates or notation",
            ),
        };
        lang.pick(zh, en)
    }
}

/// A file's size as `TooLargeToPlay` says it, in Chinese (with its verb) and in English: `有 300 KB` /
/// `300 KB` (rounded up, so never "128 KB" for a file over the limit), or `超过 1 MB` / `over 1 MB`
/// for a file of which the page handed over only the first 1 MB.
fn played_size(bytes: usize) -> (String, String) {
    if bytes > crate::MAX_FILE_BYTES {
        return ("超过 1 MB".to_string(), "over 1 MB".to_string());
    }
    let kb = bytes.div_ceil(1024);
    (format!("有 {kb} KB"), format!("{kb} KB"))
}

fn color_zh(color: Color) -> &'static str {
    color.fold("白方", "黑方")
}

/// The rules core's FEN or position error, in Chinese for the common cases (the English
/// wording of the core in brackets for the rest).
fn fen_error_zh(error: &FenError) -> String {
    match error {
        FenError::Parse(ParseFenError::Empty) => "FEN 是空的".into(),
        FenError::Parse(ParseFenError::Board(ParseBoardError::RankCount { found })) => {
            format!("棋子位置要写 8 横排，用 / 分开，这里有 {found} 排")
        }
        FenError::Parse(ParseFenError::Board(ParseBoardError::RankWidth { rank, width })) => {
            format!("第 {rank} 横排有 {width} 格，应该是 8 格")
        }
        FenError::Parse(ParseFenError::Board(ParseBoardError::BadChar { rank, c })) => {
            format!("第 {rank} 横排的“{c}”不是棋子字母（KQRBNP kqrbnp）也不是 1-8 的数字")
        }
        FenError::Position(PositionError::MissingKing { color }) => {
            format!("{}没有王；没有王的练习局面请加上 drill = true", color_zh(*color))
        }
        FenError::Position(PositionError::TooManyKings { color, .. }) => format!("{}有不止一个王", color_zh(*color)),
        FenError::Position(PositionError::PawnsOnBackRank { .. }) => "兵不能站在第一排或第八排".into(),
        FenError::Position(PositionError::OppositeCheck { color, .. }) => {
            format!("{}正被将军，却轮到对方走棋", color_zh(*color))
        }
        other => format!("FEN 局面有问题（{other}）"),
    }
}

/// The message of `kind` in `lang`.
pub(super) fn message(kind: &ErrorKind, lang: Lang) -> String {
    match kind {
        ErrorKind::FileMissing { path } => say!(lang, "找不到文件 {path}：请检查文件名和文件夹", "the file {path} is missing: check its name and folder"),
        ErrorKind::NotInCourse { stage } => say!(
            lang,
            "course.toml 的阶段 \"{stage}\" 没有列出这个课文件，它不会显示出来；请把它加进 lessons = [ … ]",
            "course.toml does not list this lesson in stage \"{stage}\", so it is never shown; add it to lessons = [ … ]"
        ),
        ErrorKind::Toml { column, message } => match lang {
            Lang::Zh if *column > 0 => format!("TOML 格式错误（第 {column} 个字符）：{message}"),
            Lang::Zh => format!("TOML 格式错误：{message}"),
            Lang::En => message.clone(),
        },
        ErrorKind::Unreadable { column } => say!(
            lang,
            "第 {column} 个字是读不出来的字符 �（U+FFFD）：文件里有不是 UTF-8 的字节，或者一个落单的代理项（比如 \\uD800）。请把文件存成 UTF-8，再把这个字重新打一遍",
            "column {column}: an unreadable character � (U+FFFD): the file has bytes that are not UTF-8, or a lone surrogate (like \\uD800). Save the file as UTF-8 and type this character again"
        ),
        ErrorKind::MissingKey { key } => say!(lang, "缺少 {key}", "\"{key}\" is missing"),
        ErrorKind::UnknownKey { key, suggestion: Some(s) } => say!(lang, "不认识的键 \"{key}\"，是不是想写 \"{s}\"？", "unknown key \"{key}\" — did you mean \"{s}\"?"),
        ErrorKind::UnknownKey { key, suggestion: None } => say!(lang, "不认识的键 \"{key}\"，这里用不到它", "unknown key \"{key}\": it has no use here"),
        ErrorKind::WrongType { key, expected, found } => {
            let (e, f) = (expected.name(lang), found.name(lang));
            say!(lang, "{key} 应该是 {e}，这里写的是{f}", "\"{key}\" must be {e}, found {f}")
        }
        ErrorKind::MissingText { key, lang: missing } => match (lang, missing) {
            (Lang::Zh, Lang::Zh) => format!("{key} 缺少中文（zh = \"…\"，不能为空）"),
            (Lang::Zh, Lang::En) => format!("{key} 缺少英文（en = \"…\"，不能为空）"),
            (Lang::En, Lang::Zh) => format!("\"{key}\" has no Chinese text (zh = \"…\", not empty)"),
            (Lang::En, Lang::En) => format!("\"{key}\" has no English text (en = \"…\", not empty)"),
        },
        ErrorKind::BadValue { key, value, expected } => {
            let e = expected.name(lang);
            say!(lang, "{key} = \"{value}\" 看不懂：应该是 {e}", "\"{key}\" = \"{value}\" cannot be read: expected {e}")
        }
        ErrorKind::UnknownKind { kind, suggestion: Some(s), .. } => say!(lang, "没有 \"{kind}\" 这种步骤，是不是想写 \"{s}\"？", "there is no step kind \"{kind}\" — did you mean \"{s}\"?"),
        ErrorKind::UnknownKind { kind, suggestion: None, known } => {
            let list = known.join(", ");
            say!(lang, "没有 \"{kind}\" 这种步骤；可用的有：{list}", "there is no step kind \"{kind}\"; the kinds are: {list}")
        }
        ErrorKind::OutOfRange { key, value, min, max } => say!(lang, "{key} = {value} 超出范围，应该在 {min} 到 {max} 之间", "\"{key}\" = {value} is out of range: use {min} to {max}"),
        ErrorKind::EmptyList { key } => say!(lang, "{key} 不能是空的", "\"{key}\" must not be empty"),
        ErrorKind::Duplicate { key, value } => say!(lang, "{key} 里的 \"{value}\" 重复了", "\"{value}\" appears twice in \"{key}\""),
        ErrorKind::IdMismatch { id, expected } => say!(lang, "id = \"{id}\" 和文件名不一样，应该是 \"{expected}\"", "id = \"{id}\" differs from the file name: it should be \"{expected}\""),
        ErrorKind::NoSteps => say!(lang, "这一课没有任何步骤：请加上 [[step]]", "the lesson has no steps: add a [[step]]"),
        ErrorKind::BadPosition { error } => match lang {
            Lang::Zh => fen_error_zh(error),
            Lang::En => match error {
                FenError::Position(PositionError::MissingKing { color }) => {
                    format!("the position is wrong: {color} has no king (for a drill without kings, add drill = true)")
                }
                _ => format!("the position is wrong: {error}"),
            },
        },
        ErrorKind::TurnWithFullFen => say!(lang, "完整的 FEN 已经写了轮到谁走，请删掉 turn", "a full FEN already says who moves: remove \"turn\""),
        ErrorKind::NeedsPosition => say!(lang, "这种步骤需要一个局面：请写 fen = \"…\"", "this kind of step needs a position: add fen = \"…\""),
        ErrorKind::IllegalMove { key, uci, reason } => {
            let code = reason.code();
            say!(lang, "{key} 里的 {uci} 在这个局面不合规则（{code}）", "\"{key}\": {uci} is not legal here ({code})")
        }
        ErrorKind::MissingPinyin => say!(lang, "口诀的每一行都要写拼音：pinyin = \"…\"", "every verse line needs its pinyin: pinyin = \"…\""),
        ErrorKind::PinyinCount { characters, syllables } => say!(
            lang,
            "拼音要一个字一个音节、用空格分开：这一行有 {characters} 个汉字，却有 {syllables} 个音节",
            "the pinyin needs one syllable per character, separated by spaces: {characters} characters but {syllables} syllables"
        ),
        ErrorKind::StarOnOwnPiece { square } => say!(lang, "星星 {square} 在自己的棋子上，吃不到", "the star on {square} sits under the player's own piece"),
        ErrorKind::StarsUnreachable { limit: Some(limit) } => say!(lang, "在 {limit} 步以内不可能吃到所有星星（已用规则搜索证明）", "the stars cannot all be collected within {limit} moves (proved by search)"),
        ErrorKind::StarsUnreachable { limit: None } => say!(lang, "不可能吃到所有星星（已用规则搜索证明）", "the stars can never all be collected (proved by search)"),
        ErrorKind::ParTooLow { par, fewest } => say!(lang, "par = {par} 太少：最少也要 {fewest} 步，请写 par = {fewest}", "par = {par} is too low: it takes at least {fewest} moves; write par = {fewest}"),
        ErrorKind::ParAboveLimit { par, limit } => say!(lang, "par = {par} 比步数限制 limit = {limit} 还多", "par = {par} is above the move limit limit = {limit}"),
        ErrorKind::MoverUnsaid { roles } => {
            let names = roles.iter().map(|r| lang.pick(r.zh_name(), r.name())).collect::<Vec<_>>().join(lang.pick("、", ", "));
            say!(
                lang,
                "孩子有好几种棋子（{names}），要说清楚走哪个：写 mover = [\"格子\"]，提示里也写出它的名字",
                "the player has several kinds of pieces ({names}): say which the child moves with mover = [\"square\"], and name it in the prompt"
            )
        }
        ErrorKind::MoverNotOwnPiece { square } => say!(lang, "mover 里的 {square} 上没有孩子的棋子", "\"mover\": there is no piece of the player's on {square}"),
        ErrorKind::PromptMissesMover { role, lang: missing } => {
            let name = lang.pick(role.zh_name(), role.name());
            match (lang, missing) {
                (Lang::Zh, Lang::Zh) => format!("mover 只让{name}走，中文提示（prompt 的 zh）却没有说是{name}"),
                (Lang::Zh, Lang::En) => format!("mover 只让{name}走，英文提示（prompt 的 en）却没有说 {}", role.name()),
                (Lang::En, Lang::Zh) => format!("\"mover\" moves only the {name}, but the Chinese prompt (zh) does not name it ({})", role.zh_name()),
                (Lang::En, Lang::En) => format!("\"mover\" moves only the {name}, but the English prompt (en) does not name it"),
            }
        }
        ErrorKind::SearchTooLarge { states } => say!(lang, "练习太大，检查了 {states} 个局面还没有结果：请加上 limit 或减少棋子", "the drill is too big to check ({states} positions searched): add a limit or use fewer pieces"),
        ErrorKind::ReplyIllegal { index, reply, after } => say!(
            lang,
            "第 {index} 个对方应着 {reply} 在走了 {after} 之后不合规则",
            "scripted reply {index} ({reply}) is not legal after the player's moves {after}"
        ),
        ErrorKind::SetupTargetNotStart => say!(lang, "摆棋练习的目标必须是开局的标准位置", "the target of a set-up exercise must be the standard start position"),
        ErrorKind::SetupPieceMisplaced { square } => say!(lang, "已经摆好的 {square} 上的棋子不在开局位置上", "the piece already placed on {square} is not where the start position has it"),
        ErrorKind::NoPieceOnSquare { square } => say!(lang, "{square} 上没有棋子", "there is no piece on {square}"),
        ErrorKind::PieceCannotMove { square } => say!(lang, "{square} 上的棋子一步也走不了，没有格子可点", "the piece on {square} has no legal move: there is nothing to tap"),
        ErrorKind::NotSpecialMove { uci, special } => say!(lang, "{uci} 合规则，但不是 {special}", "{uci} is legal but it is not {special}"),
        ErrorKind::LegalAnswerWrong { uci, stated, reason } => match (lang, stated, reason) {
            (Lang::Zh, true, Some(r)) => format!("answer = true 写错了：{uci} 不合规则（{}）", r.code()),
            (Lang::Zh, _, _) => format!("answer = false 写错了：{uci} 是合规则的着法"),
            (Lang::En, true, Some(r)) => format!("answer = true is wrong: {uci} is not legal ({})", r.code()),
            (Lang::En, _, _) => format!("answer = false is wrong: {uci} is a legal move"),
        },
        ErrorKind::NoMateInOne => say!(lang, "这个局面没有一步将杀", "there is no mate in one in this position"),
        ErrorKind::NoLegalMoves => say!(lang, "轮到走棋的一方一步也走不了", "the side to move has no legal move"),
        ErrorKind::NotInCheck => say!(lang, "轮到走棋的一方没有被将军", "the side to move is not in check"),
        ErrorKind::EscapeWayImpossible { way } => say!(lang, "这个局面不能用 \"{way}\" 的方法应将", "this position offers no way out of check by \"{way}\""),
        ErrorKind::VerdictWrong { stated, actual } => say!(lang, "answer = \"{stated}\" 写错了，按规则是 \"{actual}\"", "answer = \"{stated}\" is wrong: the rules say \"{actual}\""),
        ErrorKind::TooFewOptions { found } => say!(lang, "至少要有 2 个选项（[[step.option]]），这里有 {found} 个", "at least 2 options ([[step.option]]) are needed, found {found}"),
        ErrorKind::AnswerNotAnOption { answer, options } => say!(lang, "答案 {answer} 不存在：只有 {options} 个选项（从 1 数起）", "answer {answer} does not exist: there are {options} options (counted from 1)"),
        ErrorKind::NoCorrectAnswer => say!(lang, "没有写正确答案：answer = 选项编号", "no correct answer: write answer = the option's number"),
        ErrorKind::SanMissesSquare { spelling, square } => say!(lang, "\"{spelling}\" 没有写出这步棋到达的格子 {square}", "\"{spelling}\" does not name {square}, where the move goes"),
        ErrorKind::DemoEndDiffers { expected, actual: Some(actual) } => say!(lang, "expect = \"{expected}\"，但演示结束时是 \"{actual}\"", "expect = \"{expected}\", but the demo ends with \"{actual}\""),
        ErrorKind::DemoEndDiffers { expected, actual: None } => say!(lang, "expect = \"{expected}\"，但演示结束时棋局还没有结束", "expect = \"{expected}\", but the game is not over at the end of the demo"),
        ErrorKind::EmptyStage { stage } => say!(lang, "阶段 \"{stage}\" 没有任何课", "stage \"{stage}\" has no lessons"),
        ErrorKind::NeedsKings => say!(lang, "和电脑下棋，双方都要有王（不能用 drill）", "a game against the computer needs both kings (no drill position)"),
        ErrorKind::NoPawnToPromote => say!(lang, "goal = \"promote\"，孩子却没有兵", "goal = \"promote\", but the child has no pawn"),
        ErrorKind::GoalUnproved { goal, moves, reached: Some(n), .. } => say!(
            lang,
            "没能证明 \"{goal}\" 能在 moves = {moves} 步以内做到：电脑替孩子走、对方全力防守，用了 {n} 步。请写 moves = {n} 或换一个局面",
            "cannot prove \"{goal}\" within moves = {moves}: the engine playing the child's side against its best defence needed {n} moves; write moves = {n} or change the position"
        ),
        ErrorKind::GoalUnproved { goal, moves, reached: None, tried } => say!(
            lang,
            "没能证明 \"{goal}\" 能在 moves = {moves} 步以内做到：电脑替孩子走、对方全力防守，{tried} 步也没做到。请换一个局面或目标",
            "cannot prove \"{goal}\" within moves = {moves}: the engine playing the child's side against its best defence did not get there in {tried} moves; change the position or the goal"
        ),
        // Found only by the native proofs (`cargo xtask lessons`): the browser's modules have
        // neither these errors nor their words.
        #[cfg(not(target_arch = "wasm32"))]
        ErrorKind::TaughtLater { concept, stage } => say!(
            lang,
            "这一步要用到 {concept}，可是阶段 \"{stage}\" 在后面才教：把这一步放到那个阶段以后，或者把那个阶段往前移",
            "this step asks for {concept}, which stage \"{stage}\" teaches later: move the step after it, or the stage before"
        ),
        #[cfg(not(target_arch = "wasm32"))]
        ErrorKind::HintMisleads { what, answers } => say!(
            lang,
            "提示里说到 {what}，可是和答案（{answers}）对不上。请改提示或局面",
            "the prompt speaks of {what}, which does not fit the answers ({answers}); change the prompt or the position"
        ),
        #[cfg(not(target_arch = "wasm32"))]
        ErrorKind::MateParTooLow { moves, perfect, least } => say!(
            lang,
            "moves = {moves} 对孩子太少：最好的走法要 {perfect} 步，孩子的方法（车的框子、后的马步影子）要两倍的步数。请写 moves = {least} 或更多",
            "moves = {moves} is too few for a child's method: perfect play needs {perfect} moves, and a child's method (the rook's box, the queen's knight-move shadow) twice as many; write moves = {least} or more"
        ),
        ErrorKind::PuzzleUnsolvable { goal, moves } => say!(
            lang,
            "这个谜题没有解：对方怎么应都算上，{moves} 步之内做不到 goal = \"{goal}\"（已用规则搜索证明）",
            "the puzzle has no solution: goal = \"{goal}\" cannot be reached within moves = {moves} against every reply (proved by search)"
        ),
        ErrorKind::PuzzleGoalMet { goal } => say!(
            lang,
            "还没走棋就已经做到 goal = \"{goal}\" 了（\"safe\"：对方吃不到便宜），请换一个局面",
            "goal = \"{goal}\" is met before any move (for \"safe\": the other side can win nothing); change the position"
        ),
        ErrorKind::PuzzleRefuted { goal, mv, line, gain } => say!(
            lang,
            "谜题会接受 {mv}，但电脑全力防守时 goal = \"{goal}\" 做不到：{mv} 之后 {line}，孩子最后是 {gain} 分。请换一个局面",
            "the puzzle accepts {mv}, but against the engine's best defence goal = \"{goal}\" fails: after {mv}, {line} leaves the child {gain} points; change the position"
        ),
        ErrorKind::PuzzleAlsoMissing { moves } => say!(
            lang,
            "电脑证明 {moves} 也能做到目标，孩子走了却会被说错：把它写进 also（UCI），孩子会得到表扬，再被请去找题目要的走法",
            "the engine proves {moves} meets the goal too, and the child would be told it is wrong: list it in also (UCI), so the child is praised and then asked for the lesson's way"
        ),
        ErrorKind::PuzzleAlsoUnproved { mv } => say!(
            lang,
            "also 里的 {mv} 不对：谜题本来就接受它，或者电脑证明不了它能做到目标",
            "{mv} in also does not belong: the puzzle accepts it anyway, or the engine cannot prove it meets the goal"
        ),
        ErrorKind::PuzzleShorter { goal } => say!(
            lang,
            "一步就能做到 goal = \"{goal}\"：请写 moves = 1，或者换一个局面",
            "one move is enough for goal = \"{goal}\": write moves = 1 or change the position"
        ),
        ErrorKind::ValueNeedsWin { goal } => say!(
            lang,
            "value 只用于 goal = \"win\"，这一步的目标是 \"{goal}\"",
            "\"value\" is only for goal = \"win\"; this step's goal is \"{goal}\""
        ),
        ErrorKind::PaintOnePiece => say!(
            lang,
            "涂格子要走一个车、象、后、马或王：孩子有几个棋子时，写 mover = \"格子\" 说出走哪一个",
            "a paint drill moves one rook, bishop, queen, knight or king: when the child has several pieces, say which with mover = \"square\""
        ),
        ErrorKind::AreaMissesPiece { square } => say!(lang, "area 里没有 {square} 上要走的棋子", "the area does not contain the piece on {square}"),
        ErrorKind::NothingToPaint { square } => say!(lang, "{square} 上的棋子（在 area 里）一步也走不了，没有格子可涂", "the piece on {square} cannot go anywhere (inside the area): there is nothing to paint"),
        ErrorKind::ParBelowSolution { par, moves } => say!(
            lang,
            "par = {par} 太少：检查器找到的走法要 {moves} 步，请写 par = {moves} 或更多",
            "par = {par} is too low: the validator's solution takes {moves} moves; write par = {moves} or more"
        ),
        ErrorKind::NothingToTap { find } => say!(lang, "find = \"{find}\"：这里没有这样的棋子，没有格子可点", "find = \"{find}\": no piece here is {find}, so there is nothing to tap"),
        ErrorKind::KeyOnlyWith { key, task: Some(task) } => say!(lang, "\"{key}\" 只能用在 task = \"{task}\" 的步骤里", "\"{key}\" goes only with task = \"{task}\""),
        ErrorKind::KeyOnlyWith { key, task: None } => say!(lang, "\"{key}\" 不能和 task 一起写", "\"{key}\" does not go with a task"),
        ErrorKind::ClockStartNeedsWhite => say!(lang, "task = \"start-clock\" 要轮到白方走：黑方按钟，白方的时间开始走", "task = \"start-clock\" needs White to move: Black's press starts White's time"),
        ErrorKind::LineAfterEnd { end } => say!(lang, "棋局已经结束了（{end}），line 后面不能再有着法", "the game is over ({end}): \"line\" cannot go on after that"),
        ErrorKind::KeysExclusive { key, other } => say!(lang, "\"{key}\" 和 \"{other}\" 只能写一个", "write either \"{key}\" or \"{other}\", not both"),
        ErrorKind::TooLarge => say!(
            lang,
            "这个文件太大了：课程文件最多 1 MB（1,048,576 字节），最大的一课也只有大约 8 KB。请看看选的是不是课程文件，或者把它分成几课",
            "this file is too large: a lesson file may have at most 1 MB (1,048,576 bytes), and the biggest lesson is about 8 KB. Check that this is a lesson file, or split it into several lessons"
        ),
        ErrorKind::TooLargeToPlay { bytes } => {
            let (has, size) = played_size(*bytes);
            say!(
                lang,
                "这个文件{has}，太大了，没有打开：页面上播放的课程文件最多 128 KB，最大的一课也只有大约 8 KB。请在“检查我的课”（check.html）里检查它，或者把它分成几课",
                "this file is {size}: too large to play, not opened. A lesson file played on a page may have at most 128 KB, and the biggest lesson is about 8 KB. Check it on \"check my lesson\" (check.html), or split it into several lessons"
            )
        }
        ErrorKind::More { count: 1 } => say!(lang, "还有 1 个问题没有列出：先改好上面这些，再检查一次", "and 1 more problem, not listed: fix the ones above and check again"),
        ErrorKind::More { count } => say!(lang, "还有 {count} 个问题没有列出：先改好上面这些，再检查一次", "and {count} more problems, not listed: fix the ones above and check again"),
        ErrorKind::Unexplained => say!(lang, "原因请在“检查我的课”（check.html）里看", "see why on \"check my lesson\" (check.html)"),
        ErrorKind::KindElsewhere { kind } => say!(lang, "\"{kind}\" 这种步骤在完整的课程模块里，正在加载", "a \"{kind}\" step is played by the full lesson module, which is loading"),
    }
}

// Here, beside the words of each kind, so that `error.rs` needs no messages and the two do
// not import each other.
impl ValidationError {
    /// The message in `lang`, without the place.
    pub fn message(&self, lang: Lang) -> String {
        message(&self.kind, lang)
    }

    /// `rook/moves.toml:12: step 3: message` (the place and the message in `lang`).
    pub fn located(&self, lang: Lang) -> String {
        let mut out = format!("{}:{}", self.file, self.line);
        if let Some(step) = self.step {
            out.push_str(&match lang {
                Lang::Zh => format!(": 第 {step} 步"),
                Lang::En => format!(": step {step}"),
            });
        }
        out.push_str(": ");
        out.push_str(&self.message(lang));
        out
    }
}

impl fmt::Display for ValidationError {
    /// `file:line: step N: message` in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.located(Lang::En))
    }
}
