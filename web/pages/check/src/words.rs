//! The "Check my lesson" page's words (zh-CN and English): one [`Text`] per fixed text
//! (`texts!`, so that a text cannot be missing in either language), and the few sentences with
//! a number in them (how many problems, which line and step).
//!
//! `www/check.html` shows the page in Chinese before the wasm has loaded: each fixed text's
//! element names its [`Text`] in `data-t` (its [`Text::key`]); the tests here check that its
//! Chinese is this table's.

use qitong_lessons::lang::Lang;
use qitong_view::texts::texts;

texts! {
    /// Every fixed text of the page; its key is its name in `www/check.html`'s `data-t`.
    /// `Other` is the language switch's label: the other language's name, in that language.
    pub enum Text {
        Home = "home" => ("← 棋童首页", "← Qitong home"),
        Title = "title" => ("检查我的课", "Check my lesson"),
        Intro = "intro" => ("把一个课程文件（.toml）拖到下面，或者选择文件、粘贴文字。这里用的检查和 cargo xtask lessons 完全一样：每个问题都写出第几行。", "Drop a lesson file (.toml) below, pick one, or paste its text. The check is exactly the one of cargo xtask lessons: every problem names its line."),
        NoStorage = "noStorage" => (qitong_words::NO_STORAGE.0, qitong_words::NO_STORAGE.1),
        InputHeading = "inputHeading" => ("课程文件", "Lesson file"),
        Drop = "drop" => ("把 .toml 文件拖到这里", "Drop a .toml file here"),
        Pick = "pick" => ("选择文件…", "Choose a file…"),
        FileName = "fileName" => ("文件名（用来检查 id；粘贴时可以不填）", "File name (checks the id; may stay empty for pasted text)"),
        Paste = "paste" => ("或者把文件内容粘贴到这里：", "Or paste the file’s text here:"),
        Check = "check" => ("检查", "Check"),
        ResultHeading = "resultHeading" => ("检查结果", "Result"),
        PreviewHeading = "previewHeading" => ("预览", "Preview"),
        PreviewHint = "previewHint" => ("这就是孩子们看到的样子；可以直接试着做一做。", "This is what the children see; you can try it right here."),
        HelpHeading = "helpHeading" => ("怎样把新课放到网站上", "How to add a lesson to the site"),
        Help1 = "help1" => ("在这里检查，直到显示“没有发现问题”。", "Check it here until it says “No problems found”."),
        Help2 = "help2" => ("把文件放进网站的 lessons/<阶段>/ 文件夹，文件名就是课的 id，例如 lessons/rook/rook-moves.toml。", "Put the file into the site’s lessons/<stage>/ folder; the file name is the lesson id, e.g. lessons/rook/rook-moves.toml."),
        Help3 = "help3" => ("在 lessons/course.toml 里这个阶段的 lessons = [ … ] 中加上它的 id。", "Add its id to that stage’s lessons = [ … ] in lessons/course.toml."),
        Help4 = "help4" => ("重新上传网站；也可以在电脑上运行 cargo xtask lessons 一次检查整个课程。", "Upload the site again; on a computer, cargo xtask lessons checks the whole course at once."),
        Format = "format" => ("课程文件格式说明（lessons/FORMAT.md）", "The lesson file format (lessons/FORMAT.md)"),
        Empty = "empty" => ("还没有内容：拖入、选择或粘贴一个课程文件。", "Nothing yet: drop, choose or paste a lesson file."),
        Ok = "ok" => ("没有发现问题 ✓", "No problems found ✓"),
        NotProved = "not-proved" => ("和电脑下棋的目标、谜题的电脑证明，在建网站时检查（cargo xtask lessons），这个页面不会让电脑下完。", "The goals of the steps against the computer and the engine's proof of the puzzles are checked when the site is built (cargo xtask lessons); this page does not play them out."),
        WholeFile = "wholeFile" => ("整个文件", "whole file"),
        CourseNote = "courseNote" => ("这是 course.toml：只检查它自己（它列出的课文件不在这里）。", "This is course.toml: only the file itself is checked (the lesson files it lists are not here)."),
        Unreadable = "unreadable" => ("这个文件读不出来。", "This file could not be read."),
        OpenHeld = "openHeld" => ("在编辑框里打开（要等几秒）", "Open it in the box (takes a few seconds)"),
        Checking = "checking" => ("正在检查……（在后台检查，页面不会卡住）", "Checking… (in the background: the page stays responsive)"),
        WorkerFailed = "workerFailed" => ("没有检查：检查用的程序没能加载（网络断了？）。请再试一次。", "Not checked: the checking program could not be loaded (is the network down?). Please try again."),
        WorkerSlow = "workerSlow" => ("没有检查：20 秒内没有检查完。请再试一次。", "Not checked: the check did not finish within 20 seconds. Please try again."),
        Retry = "retry" => ("再试一次", "Try again"),
        ShowPreviewHint = "showPreviewHint" => ("这个文件很长：打开预览时，页面要停一下（大约半秒）来读它。", "This file is long: to show it, the page pauses for a moment (about half a second) to read it."),
        ShowPreview = "showPreview" => ("预览这一课", "Show the lesson"),
        Other = "other" => ("English", "中文"),
    }
}

/// The window's title: `检查我的课 · 棋童` (the site's name stays Chinese in both languages).
pub fn page_title(lang: Lang) -> String {
    format!("{} · 棋童", Text::Title.text(lang))
}

/// `发现 3 个问题：` / `3 problems found:`.
pub fn problems_found(n: usize, lang: Lang) -> String {
    match (lang, n) {
        (Lang::Zh, _) => format!("发现 {n} 个问题："),
        (Lang::En, 1) => "1 problem found:".to_string(),
        (Lang::En, _) => format!("{n} problems found:"),
    }
}

/// A file too large to check: `这个文件有 3.2 MB，太大了：…` with the limit in words (issue 29:
/// `MAX_FILE_BYTES`, 1 MB; the course's biggest lesson is 7.6 KB).
pub fn too_large(bytes: f64, lang: Lang) -> String {
    // Tenths of a MB, rounded up (so never "1.0 MB" for a file over 1 MB); integers only, since
    // formatting a float would link its code into the module (8 KB gzipped).
    let tenths = (bytes / 104_857.6).ceil() as u64;
    let size = format!("{}.{} MB", tenths / 10, tenths % 10);
    lang.pick(
        format!("这个文件有 {size}，太大了，没有检查：课程文件最多 1 MB，最大的一课也只有大约 8 KB。请看看选的是不是课程文件，或者把它分成几课。"),
        format!("This file is {size}: too large, not checked. A lesson file may have at most 1 MB, and the biggest lesson is about 8 KB. Check that this is a lesson file, or split it into several lessons."),
    )
}

/// A file too long for the text box, checked off the page's thread as it was read (issue 29: Chromium took 1-2 s to
/// lay out a box of 40,000 lines): `已读入 many.toml（913 KB，40004 行）…`.
pub fn held(name: &str, bytes: usize, lines: usize, lang: Lang) -> String {
    let size = bytes.div_ceil(1024);
    lang.pick(
        format!("已读入 {name}（{size} KB，{lines} 行）。它比一课长得多，所以在后台检查，没有放进下面的编辑框（放进去页面会卡住几秒）。点一个问题的行号，或者下面的按钮，就在编辑框里打开它。"),
        format!("Read {name} ({size} KB, {lines} lines). It is far longer than a lesson, so it is checked in the background and not put into the box below (that would freeze the page for seconds). A problem's line number, or the button below, opens it in the box."),
    )
}

/// Where a problem is: `第 7 行 · 第 1 步` / `line 7 · step 1`, or the whole file's label.
pub fn place(line: Option<usize>, step: Option<usize>, lang: Lang) -> String {
    let Some(line) = line else { return Text::WholeFile.text(lang).to_string() };
    let line = lang.pick(format!("第 {line} 行"), format!("line {line}"));
    match step {
        Some(step) => format!("{line} · {}", lang.pick(format!("第 {step} 步"), format!("step {step}"))),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chinese(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    fn every_text_has_both_languages() {
        for &text in Text::ALL {
            let (zh, en) = (text.text(Lang::Zh), text.text(Lang::En));
            assert!(!zh.is_empty() && !en.is_empty(), "{text:?}");
            assert_ne!(zh, en, "{text:?} is translated");
            // The language switch names the other language, so the two are the other way round.
            assert_eq!(chinese(zh), text != Text::Other, "{text:?} in Chinese: {zh}");
            assert_eq!(chinese(en), text == Text::Other, "{text:?} in English: {en}");
        }
    }

    /// The Chinese that `www/check.html` shows before the wasm has loaded is this table's, and
    /// each fixed text is there once (the others are the view's to write).
    #[test]
    fn the_pages_markup_names_every_fixed_text() {
        let html = include_str!("../../../../www/check.html");
        let mut found = Vec::new();
        for (_, rest) in html.match_indices("data-t=\"").map(|(i, _)| html.split_at(i + 8)) {
            let (code, after) = rest.split_once('"').expect("a closed attribute");
            let text = Text::from_key(code).unwrap_or_else(|| panic!("data-t=\"{code}\" names no text"));
            let shown = after.split_once('>').and_then(|(_, t)| t.split_once('<')).map(|(t, _)| t).expect("the element's text");
            assert_eq!(shown.replace("&lt;", "<").replace("&gt;", ">"), text.text(Lang::Zh), "data-t=\"{code}\"");
            found.push(text);
        }
        let written = [
            Text::Empty,
            Text::Ok,
            Text::NotProved,
            Text::WholeFile,
            Text::CourseNote,
            Text::Unreadable,
            Text::Checking,
            Text::WorkerFailed,
            Text::WorkerSlow,
            Text::Other,
        ];
        for &text in Text::ALL {
            assert_eq!(found.iter().filter(|t| **t == text).count(), usize::from(!written.contains(&text)), "{text:?}");
            assert_eq!(Text::from_key(text.key()), Some(text));
        }
        assert_eq!(Text::from_key("nothing"), None);
    }

    #[test]
    fn counts_and_places() {
        assert_eq!(problems_found(1, Lang::En), "1 problem found:");
        assert_eq!(problems_found(2, Lang::En), "2 problems found:");
        assert_eq!(problems_found(1, Lang::Zh), "发现 1 个问题：");
        assert_eq!(place(Some(7), Some(1), Lang::En), "line 7 · step 1");
        assert_eq!(place(Some(7), Some(1), Lang::Zh), "第 7 行 · 第 1 步");
        assert_eq!(place(Some(2), None, Lang::En), "line 2");
        assert_eq!(place(None, Some(3), Lang::Zh), "整个文件");
        assert_eq!(page_title(Lang::En), "Check my lesson · 棋童");
        assert!(too_large(3_355_443.0, Lang::En).starts_with("This file is 3.2 MB: too large, not checked. A lesson file may have at most 1 MB"));
        assert!(too_large(3_355_443.0, Lang::Zh).starts_with("这个文件有 3.2 MB，太大了，没有检查：课程文件最多 1 MB"));
        assert!(too_large(1_048_577.0, Lang::En).starts_with("This file is 1.1 MB"));
        assert!(held("many.toml", 934_912, 40_004, Lang::En)
            .starts_with("Read many.toml (913 KB, 40004 lines). It is far longer than a lesson, so it is checked in the background"));
        assert!(held("many.toml", 934_912, 40_004, Lang::Zh).starts_with("已读入 many.toml（913 KB，40004 行）。它比一课长得多，所以在后台检查"));
    }
}
