//! The class ladder page's words (zh-CN and English): fixed texts, and the sentences built from
//! the ladder — refusals, import errors with their line numbers, a game's points before it is
//! recorded, history lines. The English import errors are the core's own messages.

use crate::encoding::Encoding;
use crate::picked::import_limit;
use qitong_classroom::ladder::{size_in_words, CsvFile, ImportError, ImportFile, LadderError, Location, LookAlike, Problem};
use qitong_classroom::levels::Standing;
use qitong_classroom::points::{Points, Score};
use qitong_format::csv::CsvErrorKind;
use qitong_format::json::JsonErrorKind;
use qitong_view::lang::Lang;
use qitong_view::texts::texts;

texts! {
    /// The class ladder page's fixed texts.
    pub enum LadderText {
        Title = "title" => ("班级积分榜", "Class ladder"),
        PageTitle = "page-title" => ("班级积分榜 · 棋童", "Class ladder · Qitong"),
        Home = "home" => ("← 棋童首页", "← Qitong home"),
        SwitchLang = "switch-lang" => ("English", "中文"),
        SwitchLangLabel = "switch-lang-label" => ("Switch to English", "切换到中文"),
        Intro = "intro" => (
            "老师用的页面：记下同学们的对局，积分和级别按讲义的积分表计算。",
            "For teachers: record the class's games; points and levels follow the handout's table.",
        ),
        Privacy = "privacy" => (
            "数据只保存在这台电脑的这个浏览器里，不会上传。换电脑或清理浏览器前，请点“导出 JSON”备份；在别的电脑上用“导入”恢复。",
            "The data stays in this browser on this computer only; nothing is uploaded. Before changing computers or clearing the browser, back it up with “Export JSON”, and restore it elsewhere with “Import”.",
        ),
        Roster = "roster" => ("名单", "Roster"),
        RosterFilter = "roster-filter" => ("找学生（输入名字的一部分）", "Find a student (part of the name)"),
        RosterMore = "roster-more" => ("再显示 100 名", "Show 100 more"),
        TypeAName = "type-a-name" => ("输入名字", "Type a name"),
        Rank = "rank" => ("名次", "Rank"),
        Name = "name" => ("名字", "Name"),
        Points = "points" => ("积分", "Points"),
        Level = "level" => ("级别", "Level"),
        Games = "games" => ("对局", "Games"),
        Wdl = "wdl" => ("胜/和/负", "W/D/L"),
        Actions = "actions" => ("操作", "Actions"),
        NoStudents = "no-students" => ("名单还是空的：先在下面加入同学。", "The roster is empty: add students below."),
        ProvisionalNote = "provisional-note" => (
            "“暂定”：下满50盘以后级别才算定下来。100分 = 30级，每多100分升一级，3000分以上是1级。",
            "“Provisional”: a level settles after 50 games. 100 points = Level 30, each further 100 points one level up, 3000 and above Level 1.",
        ),
        Add = "add" => ("加入同学", "Add a student"),
        AddName = "add-name" => ("名字", "Name"),
        AddPoints = "add-points" => ("开始积分", "Starting points"),
        AddHint = "add-hint" => (
            "新同学从 0 分开始（无级别）。已经有级别的同学，填那个级别的分数，例如 30级 = 100 分。",
            "New students start at 0 points (unrated). A student who already has a level starts at its points, e.g. Level 30 = 100.",
        ),
        AddButton = "add-button" => ("加入名单", "Add to the roster"),
        Rename = "rename" => ("改名", "Rename"),
        NewName = "new-name" => ("新名字", "New name"),
        Save = "save" => ("保存", "Save"),
        Cancel = "cancel" => ("取消", "Cancel"),
        Remove = "remove" => ("删除", "Remove"),
        Record = "record" => ("记录一盘棋", "Record a game"),
        White = "white" => ("白方", "White"),
        Black = "black" => ("黑方", "Black"),
        Choose = "choose" => ("— 选择同学 —", "— choose a student —"),
        Result = "result" => ("结果", "Result"),
        WhiteWins = "white-wins" => ("1-0 白方胜", "1-0 White wins"),
        Draw = "draw" => ("½-½ 和棋", "½-½ Draw"),
        BlackWins = "black-wins" => ("0-1 黑方胜", "0-1 Black wins"),
        Date = "date" => ("日期", "Date"),
        Preview = "preview" => ("记录以后会这样变：", "Recording it will change:"),
        RecordHint = "record-hint" => ("选好白方、黑方和结果，先看积分怎么变，再确认。", "Choose White, Black and the result; see the points first, then confirm."),
        ConfirmRecord = "confirm-record" => ("确认，记录这盘棋", "Confirm: record this game"),
        NeedTwo = "need-two" => ("请选两位不同的同学。", "Choose two different students."),
        Undo = "undo" => ("撤销最后一盘", "Undo the last game"),
        UndoYes = "undo-yes" => ("是的，撤销", "Yes, undo it"),
        History = "history" => ("对局记录（最新的在上面）", "Games (newest first)"),
        NoHistory = "no-history" => ("还没有记录对局。", "No games recorded yet."),
        Files = "files" => ("备份和表格", "Backup and spreadsheets"),
        ExportJson = "export-json" => ("导出 JSON（完整备份）", "Export JSON (full backup)"),
        ExportRoster = "export-roster" => ("导出名单 CSV", "Export roster CSV"),
        ExportHistory = "export-history" => ("导出对局 CSV", "Export games CSV"),
        Import = "import" => ("导入文件（JSON，或名单 CSV + 对局 CSV）", "Import a file (JSON, or roster CSV + games CSV)"),
        ImportHint = "import-hint" => (
            "导入会替换现在的名单和记录，所以先导出备份。文件有错时什么都不会改变。",
            "Importing replaces the current roster and games, so export a backup first. A file with a mistake changes nothing.",
        ),
        ImportYes = "import-yes" => ("是的，替换", "Yes, replace"),
        ImportFailed = "import-failed" => ("没有导入，什么都没变。原因：", "Nothing was imported; nothing changed. Why:"),
        ImportTwoRosters = "import-two-rosters" => (
            "选了两个名单 CSV：请选一个名单 CSV，加上可选的一个对局 CSV。",
            "Two roster CSV files: choose one roster CSV and, optionally, one games CSV.",
        ),
        ImportKind = "import-kind" => ("只能导入 .json 或 .csv 文件。", "Only .json or .csv files can be imported."),
        ImportUnreadable = "import-unreadable" => ("这个文件读不出来。", "This file could not be read."),
        Print = "print" => ("打印积分榜", "Print the ladder"),
        StoredNewer = "stored-newer" => (
            "浏览器里保存的积分榜是新版网站写的，这个版本读不懂。数据还在，没有删掉。",
            "The ladder saved in this browser was written by a newer version of the site, which this one cannot read. The data is still there, untouched.",
        ),
        StoredDamaged = "stored-damaged" => (
            "浏览器里保存的积分榜坏了，读不出来。数据还在，没有删掉。",
            "The ladder saved in this browser is damaged and cannot be read. The data is still there, untouched.",
        ),
        StoredDownload = "stored-download" => ("先下载保存的原始文字", "First download the saved raw text"),
        StoredFresh = "stored-fresh" => ("重新开始一个空的积分榜", "Start a fresh, empty ladder"),
        StoredFreshConfirm = "stored-fresh-confirm" => (
            "真的要重新开始吗？保存的旧数据会被覆盖（请先下载）。",
            "Really start fresh? The old saved data will be overwritten (download it first).",
        ),
        FreshYes = "fresh-yes" => ("是的，重新开始", "Yes, start fresh"),
        NoStorage = "no-storage" => (
            "这台电脑不能保存班级排名：关掉页面以后，这次的改动就没有了。请在离开前导出 JSON 备份。",
            "This computer can't save the class ladder: when the page is closed, today's changes are gone. Please export a JSON backup before you leave.",
        ),
        SaveFailed = "save-failed" => (
            "保存失败：浏览器的存储满了或被关掉了。请导出 JSON 备份。",
            "Could not save: the browser's storage is full or turned off. Please export a JSON backup.",
        ),
        Pending = "pending" => ("刚下完的一盘棋", "A game just played"),
        PendingDismiss = "pending-dismiss" => ("不记录，丢掉这个结果", "Don't record it; discard"),
        PendingBad = "pending-bad" => ("刚下完的棋的结果读不出来，已经丢掉了。", "The result of the game just played could not be read; it was discarded."),
        PendingNoName = "pending-no-name" => ("下棋时没有填名字：请在下面选两位同学。", "No names were typed when playing: choose the two students below."),
        Yes = "yes" => ("是", "Yes"),
        No = "no" => ("不", "No"),
    }
}

/// The page's fixed text for `code` in `lang`.
pub fn ladder_text(code: LadderText, lang: Lang) -> &'static str {
    code.text(lang)
}

/// `30级（暂定）` / `Level 30 (provisional)`.
pub fn standing_text(standing: Standing, lang: Lang) -> String {
    match lang {
        Lang::Zh => standing.to_zh(),
        Lang::En => standing.to_en(),
    }
}

/// `+10`, `-2.5`, `0`.
pub fn signed(p: Points) -> String {
    if p.tenths() > 0 {
        format!("+{p}")
    } else {
        p.to_string()
    }
}

/// `1-0`, `½-½`, `0-1` for what the first player scored.
pub fn score_text(score_a: Score) -> &'static str {
    match score_a {
        Score::Win => "1-0",
        Score::Draw => "½-½",
        Score::Loss => "0-1",
    }
}

/// One player's line of a game's effect: `小明：0 → 10（+10），无级别（暂定）→ 无级别（暂定）`.
pub fn change_line(name: &str, before: Points, after: Points, from: Standing, to: Standing, lang: Lang) -> String {
    let delta = signed(after - before);
    let (from, to) = (standing_text(from, lang), standing_text(to, lang));
    match lang {
        Lang::Zh => format!("{name}：{before} → {after}（{delta}），{from} → {to}"),
        Lang::En => format!("{name}: {before} → {after} ({delta}), {from} → {to}"),
    }
}

/// The roster's count line: `显示 100 / 2000 名学生`, or with a filter `找到 3 名，共 2000 名`.
pub fn roster_count(shown: usize, matching: usize, students: usize, lang: Lang) -> String {
    if matching == students {
        lang.pick(format!("显示 {shown} / {students} 名学生"), format!("Showing {shown} of {students} students"))
    } else if matching == 0 {
        lang.pick(format!("没有名字里有这几个字的学生（共 {students} 名）"), format!("No student's name has that in it ({students} students)"))
    } else {
        lang.pick(
            format!("找到 {matching} 名，显示 {shown} 名（共 {students} 名）"),
            format!("{matching} found, {shown} shown ({students} students)"),
        )
    }
}

/// The button that lists every recorded game.
pub fn history_all(games: usize, lang: Lang) -> String {
    lang.pick(format!("显示全部 {games} 盘"), format!("Show all {games} games"))
}

/// A history line: `2026-11-30 · 小明 1-0 小红 · +10 / -10`.
pub fn game_line(date: &str, a: &str, b: &str, score_a: Score, delta_a: Points) -> String {
    let date = if date.is_empty() { String::new() } else { format!("{date} · ") };
    format!("{date}{a} {} {b} · {} / {}", score_text(score_a), signed(delta_a), signed(Points::ZERO - delta_a))
}

/// What undo would take back, as a question.
pub fn undo_question(game: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("撤销最后记录的这盘棋吗？{game}。两个人的积分会回到这盘之前。"),
        Lang::En => format!("Undo the last recorded game? {game}. Both players' points go back to before it."),
    }
}

pub fn undone(game: &str, lang: Lang) -> String {
    lang.pick(format!("已撤销：{game}"), format!("Undone: {game}"))
}

pub fn recorded(game: &str, lang: Lang) -> String {
    lang.pick(format!("已记录：{game}"), format!("Recorded: {game}"))
}

pub fn added(name: &str, lang: Lang) -> String {
    lang.pick(format!("{name} 加入了名单。"), format!("{name} joined the roster."))
}

pub fn removed(name: &str, lang: Lang) -> String {
    lang.pick(format!("{name} 已从名单删除。"), format!("{name} was removed from the roster."))
}

pub fn remove_question(name: &str, lang: Lang) -> String {
    lang.pick(format!("真的要把 {name} 从名单删除吗？"), format!("Really remove {name} from the roster?"))
}

/// The import's confirmation: what the file holds and what it replaces.
pub fn import_question(students: usize, games: usize, now_students: usize, now_games: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("文件里有 {students} 位同学、{games} 盘对局。导入会替换现在的 {now_students} 位同学、{now_games} 盘对局。确定吗？"),
        Lang::En => format!("The file holds {students} students and {games} games. Importing replaces the current {now_students} students and {now_games} games. Go ahead?"),
    }
}

/// Which encoding the import's files were read in.
pub fn read_as(encodings: &[Encoding], lang: Lang) -> String {
    let names: Vec<&str> = encodings.iter().map(|e| e.name(lang)).collect();
    match lang {
        Lang::Zh => format!("读取的编码：{}。", names.join("、")),
        Lang::En => format!("Read as {}.", names.join(", ")),
    }
}

/// The first names of an import and how many more there are.
pub fn import_names(names: &[&str], all: usize, lang: Lang) -> String {
    let more = all.saturating_sub(names.len());
    match (lang, more) {
        (Lang::Zh, 0) => format!("名单：{}", names.join("、")),
        (Lang::Zh, _) => format!("名单：{}……还有 {more} 位", names.join("、")),
        (Lang::En, 0) => format!("Names: {}", names.join(", ")),
        (Lang::En, _) => format!("Names: {} … and {more} more", names.join(", ")),
    }
}

/// A file refused for its size, before it is read (`bytes` as `File.size` gives it).
pub fn too_large(name: &str, bytes: f64, lang: Lang) -> String {
    // A file's size is below 2^53: a whole number that `usize` holds in wasm32 up to 4 GB.
    let size = size_in_words(bytes.min(usize::MAX as f64) as usize);
    let limit = size_in_words(import_limit(name));
    let kind = if import_limit(name) == ImportFile::Json.limit() { "JSON" } else { "CSV" };
    match lang {
        Lang::Zh => format!("“{name}” 有 {size}，积分榜的 {kind} 文件最多 {limit}（一个班、一所学校都没有这么多），所以没有读它。"),
        Lang::En => format!("“{name}” is {size}; a ladder {kind} file is {limit} at most (no class or school has more), so it was not read."),
    }
}

/// Said while the picked files are read.
pub fn reading(bytes: f64, lang: Lang) -> String {
    let size = size_in_words(bytes.min(usize::MAX as f64) as usize);
    lang.pick(format!("正在读取文件（{size}）……"), format!("Reading the file ({size})…"))
}

/// A file whose bytes no encoding reads cleanly.
pub fn unreadable_text(name: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("“{name}” 的文字读不出来：它不是 UTF-8、UTF-16、GBK 或 Windows-1252 编码的文字，导入会把名字变成乱码。请在 Excel 里“另存为”“CSV UTF-8（逗号分隔）”，再导入那个文件。"),
        Lang::En => format!("The text of “{name}” cannot be read: it is not UTF-8, UTF-16, GBK or Windows-1252 text, and importing it would garble the names. In Excel, “Save as” “CSV UTF-8 (Comma delimited)” and import that file."),
    }
}

/// What makes two names look alike, in Chinese.
fn look_alike_zh(how: &LookAlike) -> String {
    match how {
        LookAlike::Invisible(c) => format!("一个看不见的字符（U+{:04X}）", u32::from(*c)),
        LookAlike::Width => "全角字母".to_string(),
        LookAlike::Accent => "重音符号的写法".to_string(),
        LookAlike::Spacing => "多余的空格或不换行空格".to_string(),
        LookAlike::Case => "大小写".to_string(),
    }
}

pub fn imported(students: usize, games: usize, lang: Lang) -> String {
    lang.pick(format!("导入好了：{students} 位同学、{games} 盘对局。"), format!("Imported: {students} students and {games} games."))
}

/// A pending game's summary: `Ann（白）1-0 Bo（黑）`.
pub fn pending_line(white: &str, black: &str, score: Score, lang: Lang) -> String {
    let (w, b) = (if white.is_empty() { "?" } else { white }, if black.is_empty() { "?" } else { black });
    match lang {
        Lang::Zh => format!("{w}（白）{} {b}（黑）", score_text(score)),
        Lang::En => format!("{w} (White) {} {b} (Black)", score_text(score)),
    }
}

pub fn missing_student(name: &str, lang: Lang) -> String {
    lang.pick(format!("{name} 还不在名单上。"), format!("{name} is not on the roster yet."))
}

pub fn add_missing(name: &str, lang: Lang) -> String {
    lang.pick(format!("把 {name} 加入名单"), format!("Add {name} to the roster"))
}

/// Why the ladder said no, for a teacher.
pub fn ladder_error_text(e: &LadderError, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match e {
        LadderError::DuplicateName(n) if zh => format!("名单上已经有 {n} 了，换一个名字（例如加上姓）。"),
        LadderError::DuplicateName(n) => format!("There is already a student named {n}: choose another name (add a family name)."),
        LadderError::LookAlikeName { existing, how } if zh => {
            format!("这个名字看起来和名单上的 {existing} 一样（只差{}），会被当成同一个人，换一个名字。", look_alike_zh(how))
        }
        LadderError::LookAlikeName { existing, how } => {
            format!("This name looks the same as {existing}, already on the roster (they differ only in {how}): choose another name.")
        }
        LadderError::UnreadableCharacter => lang
            .pick("名字里有 “\u{FFFD}”：这是读错编码留下的乱码，请用正确的编码重新保存文件。", "The name contains “\u{FFFD}”, left by reading text in the wrong encoding: save the file again in the right one.")
            .to_string(),
        LadderError::EmptyName => lang.pick("请填名字。", "Please type a name.").to_string(),
        LadderError::NameTooLong => lang.pick("名字太长了（最多40个字）。", "The name is too long (40 characters at most).").to_string(),
        LadderError::ControlCharacter => lang.pick("名字里不能有换行、制表符或文字方向符号。", "Names cannot contain line breaks, tabs or text-direction characters.").to_string(),
        LadderError::DateTooLong => lang.pick("日期太长了（最多32个字）。", "The date is too long (32 characters at most).").to_string(),
        LadderError::HasHistory { games, .. } if zh => {
            format!("不能删除：已经记录了 {games} 盘这位同学的对局，别人的积分也来自这些对局。可以改名；真要删除，请先撤销这些对局。")
        }
        LadderError::HasHistory { games, .. } => format!(
            "Cannot remove: {games} recorded games involve this student, and other players' points came from them. Rename instead, or undo those games first."
        ),
        LadderError::SameStudent(_) => ladder_text(LadderText::NeedTwo, lang).to_string(),
        LadderError::NoGameToUndo => lang.pick("没有可以撤销的对局。", "There is no game to undo.").to_string(),
        other if zh => format!("做不到：{other}"),
        other => format!("Not possible: {other}"),
    }
}

/// Why an import was refused, with the file, line and column, in `lang`.
pub fn import_error_text(e: &ImportError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        ImportError::Json(j) => {
            let what = match &j.kind {
                JsonErrorKind::UnexpectedEnd { .. } => "文件在这里就结束了，后面缺了内容".to_string(),
                JsonErrorKind::Unexpected { found, .. } => format!("这里不应该有 “{found}”"),
                JsonErrorKind::DuplicateKey(k) => format!("“{k}” 写了两次"),
                JsonErrorKind::TooDeep => "嵌套太深".to_string(),
                _ => "写法不对".to_string(),
            };
            format!("JSON 第 {} 行第 {} 列：{what}。", j.line, j.column)
        }
        ImportError::Csv { file, error } => {
            let what = match error.kind {
                CsvErrorKind::QuoteInUnquotedField => "字段中间有引号（整个字段要用引号括起来，引号写两次）",
                CsvErrorKind::TextAfterClosingQuote(_) => "引号结束后还有文字",
                CsvErrorKind::UnterminatedQuote => "引号没有结束",
            };
            format!("{}第 {} 行第 {} 列：{what}。", file_zh(*file), error.line, error.column)
        }
        ImportError::Invalid { at, problem } => format!("{}：{}。", location_zh(at), problem_zh(problem)),
        ImportError::TooLarge { file, bytes } => {
            format!("文件有 {}，积分榜的这种文件最多 {}（一个班、一所学校都没有这么多）。", size_in_words(*bytes), size_in_words(file.limit()))
        }
    }
}

fn file_zh(file: CsvFile) -> &'static str {
    match file {
        CsvFile::Roster => "名单 CSV ",
        CsvFile::History => "对局 CSV ",
    }
}

fn location_zh(at: &Location) -> String {
    match at {
        Location::Json(path) if path.is_empty() => "JSON 文件".to_string(),
        Location::Json(path) => format!("JSON 的 {path}"),
        Location::Csv { file, line, column: None } => format!("{}第 {line} 行", file_zh(*file)),
        Location::Csv { file, line, column: Some(c) } => format!("{}第 {line} 行（{c} 列）", file_zh(*file)),
    }
}

fn problem_zh(p: &Problem) -> String {
    match p {
        Problem::NotALadder { .. } => "这不是棋童积分榜的文件".to_string(),
        Problem::UnsupportedVersion { found } => format!("文件版本是 {found}，这个网站只认识版本 1"),
        Problem::MissingField(f) => format!("缺少 “{f}”"),
        Problem::UnknownField(f) => format!("不认识 “{f}”"),
        Problem::WrongType { .. } => "这里的内容类型不对".to_string(),
        Problem::Points(_) => "积分要写成数字，最多一位小数，例如 12.5".to_string(),
        Problem::Count(s) => format!("“{s}” 不是对局盘数（要写整数）"),
        Problem::Id(s) => format!("“{s}” 不是编号（1、2、3……）"),
        Problem::Score(s) => format!("“{s}” 不是结果（要写 1、0.5 或 0）"),
        Problem::Name(e) | Problem::Date(e) => ladder_error_text(e, Lang::Zh).trim_end_matches('。').to_string(),
        Problem::DuplicateId(id) => format!("编号 {id} 用了两次"),
        Problem::DuplicateName(n) => format!("名字 {n} 出现了两次"),
        Problem::LookAlikeName { name, other, other_at, how } => {
            format!("名字 “{name}” 看起来和{}的 “{other}” 一样，只差{}：会成为同一个人的两行", location_zh(other_at), look_alike_zh(how))
        }
        Problem::CountsExceedGames { results, games } => format!("胜+和+负 = {results}，比对局数 {games} 还多"),
        Problem::UnknownStudent(id) => format!("没有编号 {id} 的同学"),
        Problem::SameStudent(id) => format!("编号 {id} 的同学不能和自己下棋"),
        Problem::WrongDelta { expected, found } => format!("按积分表这盘应该是 {expected}，文件里写的是 {found}"),
        Problem::WrongAfter { expected, found } => format!("赛前积分加变化是 {expected}，文件里写的是 {found}"),
        Problem::BrokenChain { id, previous_after, before } => {
            format!("编号 {id} 的同学上一盘之后是 {previous_after} 分，这一盘之前却是 {before} 分")
        }
        Problem::PointsDisagreeWithHistory { history, roster } => {
            format!("积分是 {roster}，但最后一盘对局之后应该是 {history}")
        }
        Problem::HistoryExceedsCounters { id } => format!("对局记录里编号 {id} 的胜/和/负比名单上的多"),
        Problem::Empty => "文件是空的（第一行要写列名）".to_string(),
        Problem::MissingColumn(c) => format!("缺少 “{c}” 这一列"),
        Problem::UnknownColumn(c) => format!("不认识 “{c}” 这一列"),
        Problem::DuplicateColumn(c) => format!("“{c}” 这一列出现了两次"),
        Problem::FieldCount { expected, found } => format!("这一行有 {found} 个字段，第一行有 {expected} 个"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_classroom::ladder::Ladder;

    #[test]
    fn every_fixed_text_exists_in_both_languages() {
        qitong_view::texts::assert_complete(LadderText::ALL, ladder_text);
        assert_ne!(ladder_text(LadderText::Privacy, Lang::Zh), ladder_text(LadderText::Privacy, Lang::En));
    }

    #[test]
    fn import_errors_name_the_line_in_both_languages() {
        let roster = "name,points\n小明,10\n小红,abc\n";
        let e = Ladder::from_csv(roster, None).unwrap_err();
        let zh = import_error_text(&e, Lang::Zh);
        assert!(zh.contains("名单 CSV 第 3 行") && zh.contains("points"), "{zh}");
        let en = import_error_text(&e, Lang::En);
        assert!(en.contains("line 3"), "{en}");
        let e = Ladder::from_json("{\n  \"format\": \"qitong-ladder\",\n  ]").unwrap_err();
        let zh = import_error_text(&e, Lang::Zh);
        assert!(zh.starts_with("JSON 第 3 行"), "{zh}");
        let e = Ladder::from_csv("name,colour\nA,red\n", None).unwrap_err();
        assert!(import_error_text(&e, Lang::Zh).contains("不认识 “colour”"));
    }

    #[test]
    fn lines_show_both_sides_and_signs() {
        let (a, b) = (Points::from_whole(0), Points::from_whole(10));
        let line = change_line("小明", a, b, Standing::new(a, 0), Standing::new(b, 1), Lang::Zh);
        assert_eq!(line, "小明：0 → 10（+10），无级别（暂定） → 无级别（暂定）");
        assert_eq!(game_line("2026-11-30", "A", "B", Score::Draw, Points::from_tenths(-25)), "2026-11-30 · A ½-½ B · -2.5 / +2.5");
        assert_eq!(pending_line("Ann", "", Score::Win, Lang::En), "Ann (White) 1-0 ? (Black)");
        let e = LadderError::HasHistory { id: qitong_classroom::ladder::StudentId::new(1).unwrap(), games: 2 };
        assert!(ladder_error_text(&e, Lang::Zh).contains("2 盘"));
        assert!(ladder_error_text(&e, Lang::En).starts_with("Cannot remove"));
    }
}
