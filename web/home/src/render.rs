//! The home page (the course map as a winding trail, "continue", the teachers' links) and a
//! stage's printable certificate, drawn as `qitong_view::node` trees from `state`'s data. Pure:
//! the DOM layer (`view`) only builds them. Names and lesson texts go in as text.

use crate::state::{certificate, continue_link, course_stars, stage_pieces, stage_stops, CertificateRefusal, StageStop};
use qitong_lessons::lang::Lang;
use qitong_lessons::{Course, Progress};
use qitong_view::node::{button, div, el, Node};
use qitong_view::pieces::piece_svg;
use qitong_view::texts::texts;

/// A padlock drawing for a stage that is still shut (constant markup, no text in it).
const LOCK_SVG: &str = "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><rect x=\"5\" y=\"10\" width=\"14\" height=\"11\" rx=\"2\" fill=\"currentColor\"/><path d=\"M8 10V7a4 4 0 0 1 8 0v3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\"/></svg>";

texts! {
    /// The home page's and the certificate's fixed texts.
    pub enum HomeWord {
        Title = "title" => ("棋童 · 国际象棋", "Qitong · Chess for kids"),
        Lang = "lang" => ("English", "中文"),
        LangLabel = "lang-label" => ("Switch to English", "切换到中文"),
        Teachers = "teachers" => ("给老师", "For teachers"),
        Hello = "hello" => ("你好！我们一起学下国际象棋吧！", "Hello! Let's learn chess together!"),
        Start = "start" => ("▶ 开始上课", "▶ Start"),
        Continue = "continue" => ("▶ 继续上课", "▶ Continue"),
        NextIs = "next-is" => ("下一课：", "Next: "),
        AllDone = "all-done" => ("全部学完了！真了不起！", "You finished everything! Amazing!"),
        SeeLessons = "see-lessons" => ("☰ 看所有的课", "☰ See all lessons"),
        MyStars = "my-stars" => ("我的星星", "My stars"),
        Map = "map" => ("课程地图", "Course map"),
        StageN = "stage-n" => ("第 {n} 站", "Stop {n}"),
        LessonsDone = "lessons-done" => ("{done} / {all} 课", "{done} / {all} lessons"),
        Locked = "locked" => ("还没打开", "Not open yet"),
        Certificate = "certificate" => ("★ 证书", "★ Certificate"),
        CertTitle = "cert-title" => ("证书", "Certificate"),
        CertificateOf = "certificate-of" => ("{stage}的证书", "Certificate: {stage}"),
        TeachersIntro = "teachers-intro" => ("上课、比赛和管理班级的工具：", "Tools for class, games and your class:"),
        TLessons = "t-lessons" => ("全部课程和进度（导出、导入）", "All lessons and progress (export, import)"),
        TPlay = "t-play" => ("和朋友下棋：棋钟、摸子走子、记录纸", "Play a friend: clock, touch-move, score sheet"),
        TPoints = "t-points" => ("积分计算器", "Points calculator"),
        TLadder = "t-ladder" => ("班级排名：名单、积分、级别", "Class ladder: roster, points, levels"),
        TCheck = "t-check" => ("检查我写的课", "Check my lesson file"),
        TEmbed = "t-embed" => ("把棋盘和课放进你的网页", "Put boards and lessons on your web page"),
        TPresent = "t-present" => ("投影模式：在大屏幕上带全班上课", "Projector mode: teach the whole class on a big screen"),
        TPlayPresent = "t-play-present" => ("投影模式：全班一起看一盘棋", "Projector mode: a game the whole class watches"),
        TPresentKeys = "t-present-keys" => (
            "投影模式（课和下棋页面上的“投影模式”按钮）：→、PageDown 或空格键翻到下一步，← 或 PageUp 翻回去（翻页笔也可以用）；R 或回车键显示答案；✎ 画笔在棋盘上画箭头和圆圈（也可以按住右键拖动）。",
            "Projector mode (the \"Projector\" button on the lessons and the play page): →, PageDown or Space pages forward, ← or PageUp goes back (a presenter clicker works too); R or Enter shows the answer; the ✎ pen draws arrows and circles on the board (or drag with the right mouse button).",
        ),
        TCertificates = "t-certificates" => (
            "证书：孩子完成一个阶段后，在地图上点“证书”，写上名字就能打印。",
            "Certificates: when a child finishes a stage, press \"Certificate\" on the map, type the name and print.",
        ),
        CourseBroken = "course-broken" => ("课程没能加载出来，请刷新页面再试一次。", "The course could not be loaded. Please reload the page."),
        Home = "home" => ("⌂ 回到课程地图", "⌂ Back to the course map"),
        NameLabel = "name-label" => ("名字（只保存在这台电脑上）", "Name (kept only on this computer)"),
        Print = "print" => ("打印证书", "Print the certificate"),
        NoStage = "no-stage" => (
            "没有找到这个阶段。请回到课程地图，点一个已完成阶段的“证书”。",
            "This stage was not found. Go back to the map and press \"Certificate\" on a finished stage.",
        ),
        NotYet = "not-yet" => (
            "这个阶段还没有完成哦：已经学了 {done} / {all} 课。学完全部的课，就能拿到证书！加油！",
            "This stage is not finished yet: {done} of {all} lessons done. Finish them all to get your certificate. You can do it!",
        ),
        GoOn = "go-on" => ("▶ 去上这个阶段的课", "▶ Go to this stage's lessons"),
        NoStorage = "no-storage" => (
            "这台电脑不能保存你的星星和名字：关掉页面以后就没有了。不过课还是可以照常上！",
            "This computer can't save your stars or your name: when the page is closed, they are gone. You can still do the lessons!",
        ),
        ProgressDamaged = "progress-damaged" => (
            "你的星星记录有一部分坏了：能读出来的星星都在这里。打开一课的时候，原来的记录会另外存一份。",
            "Part of your star record is damaged: every star that could be read is shown. When you open a lesson, the old record is kept as a copy.",
        ),
        ProgressNewer = "progress-newer" => (
            "你的星星是新版本的棋童存的，这里读不了。它们会原样留着，不会被改动。",
            "Your stars were saved by a newer Qitong, which this one can't read. They are left just as they are.",
        ),
    }
}

/// The page's fixed words.
pub fn home_word(key: HomeWord, lang: Lang) -> &'static str {
    key.text(lang)
}

fn fill(key: HomeWord, args: &[(&str, &str)], lang: Lang) -> String {
    qitong_words::fill(home_word(key, lang), args)
}

fn lang_button(lang: Lang) -> Node {
    button("hm-lang", "lang", home_word(HomeWord::Lang, lang))
        .attr("lang", lang.pick("en", "zh-CN"))
        .attr("aria-label", home_word(HomeWord::LangLabel, lang))
}

fn link(class: &str, href: String, text: &str) -> Node {
    el("a").class(class).attr("href", href).text(text)
}

/// The stage's picture: its pieces, or a little chequered square for the board stage.
fn picture(id: &str) -> Node {
    let pieces = stage_pieces(id);
    let pic = el("span").class("hm-pic").attr("aria-hidden", "true");
    if pieces.is_empty() {
        return pic.child(el("span").class("hm-checker").children((0..4).map(|_| el("span"))));
    }
    pic.children(pieces.iter().map(|&p| Node { svg: Some(piece_svg(p)), ..el("span").class("hm-piece") }))
}

/// The whole home page. `course` is the loaded course or why it could not be loaded.
/// The notes about this computer's storage (`no-storage`, `progress-damaged`,
/// `progress-newer`), in the flow of the page under its top bar; `None` when all is well.
pub fn storage_notes(lang: Lang, codes: &[HomeWord]) -> Option<Node> {
    if codes.is_empty() {
        return None;
    }
    Some(div("hm-note").attr("role", "status").children(codes.iter().map(|code| el("p").text(home_word(*code, lang)))))
}

/// `tree` (a page drawn by `render_home` or `render_certificate`) with the storage notes under
/// its top bar.
pub fn with_storage_notes(mut tree: Node, lang: Lang, codes: &[HomeWord]) -> Node {
    if let Some(note) = storage_notes(lang, codes) {
        let at = tree.children.len().min(1);
        tree.children.insert(at, note);
    }
    tree
}

pub fn render_home(lang: Lang, course: Result<&Course, &str>, progress: &Progress) -> Node {
    let top = el("header").class("hm-top").child(el("h1").text(home_word(HomeWord::Title, lang))).child(
        el("nav")
            .class("hm-top-links")
            .attr("aria-label", home_word(HomeWord::Teachers, lang))
            .child(link("hm-teach-link", "#teachers".into(), home_word(HomeWord::Teachers, lang)))
            .child(lang_button(lang)),
    );
    let root = div("hm").attr("lang", lang.tag()).child(top);
    let course = match course {
        Ok(course) => course,
        Err(why) => {
            let alert = div("hm-broken").attr("role", "alert").child(el("p").text(home_word(HomeWord::CourseBroken, lang))).child(el("p").text(why));
            return root.child(el("main").child(alert)).child(teachers(lang));
        }
    };
    let stops = stage_stops(course, progress);
    let main = el("main").child(hero(lang, course, progress, &stops)).child(trail(lang, course, progress, &stops));
    root.child(main).child(teachers(lang))
}

fn hero(lang: Lang, course: &Course, progress: &Progress, stops: &[StageStop]) -> Node {
    let (earned, max) = course_stars(stops);
    let stars = el("p")
        .class("hm-total")
        .child(el("span").text(format!("{} ", home_word(HomeWord::MyStars, lang))))
        .child(el("strong").text(format!("★ {earned} / {max}")));
    let mut hero = el("section")
        .class("hm-hero")
        .attr("aria-label", home_word(HomeWord::Continue, lang))
        .child(el("p").class("hm-hello").text(home_word(HomeWord::Hello, lang)))
        .child(stars);
    match continue_link(course, progress) {
        Some(href) => {
            let label = if progress.lessons().next().is_none() { HomeWord::Start } else { HomeWord::Continue };
            hero = hero.child(link("hm-continue", href, home_word(label, lang)).attr("id", "hm-continue"));
            if let Some((si, li)) = course.next_lesson(progress) {
                let stage = &course.stages[si];
                let title = stage.lessons[li].outline.as_ref().map(|o| o.title.get(lang).to_owned()).unwrap_or_default();
                hero =
                    hero.child(el("p").class("hm-next").text(format!("{}{} · {}", home_word(HomeWord::NextIs, lang), stage.title.get(lang), title)));
            }
        }
        None => {
            hero = hero
                .child(el("p").class("hm-next").text(home_word(HomeWord::AllDone, lang)))
                .child(link("hm-continue", "lesson.html".into(), home_word(HomeWord::SeeLessons, lang)).attr("id", "hm-continue"));
        }
    }
    hero
}

fn trail(lang: Lang, course: &Course, progress: &Progress, stops: &[StageStop]) -> Node {
    let mut trail = el("ol").class("hm-trail").attr("aria-label", home_word(HomeWord::Map, lang));
    let here = course.next_lesson(progress).map(|(s, _)| s);
    for (i, stop) in stops.iter().enumerate() {
        let number = (i + 1).to_string();
        let title = stop.title.get(lang).to_owned();
        let mut item = el("li").class("hm-stop").attr("data-stage", stop.id.clone());
        let head = el("span").class("hm-num").text(fill(HomeWord::StageN, &[("n", &number)], lang));
        let name = el("span").class("hm-name").text(title.clone());
        let stars = el("span").class("hm-stars").text(format!("★ {} / {}", stop.earned, stop.max));
        if let Some(need) = stop.locked_need {
            let lock = Node { svg: Some(LOCK_SVG), ..el("span").class("hm-lock") };
            let why = el("span").class("hm-why").text(qitong_words::stage_locked(need, lang));
            let card = div("hm-card")
                .attr("aria-disabled", "true")
                .child(head)
                .child(lock)
                .child(name)
                .child(el("span").class("hm-sr").text(home_word(HomeWord::Locked, lang)))
                .child(why);
            trail = trail.child(item.class("hm-locked").child(card));
            continue;
        }
        let stage = &course.stages[i];
        let lesson = stage.lessons.iter().find(|e| e.outline.is_some() && !progress.is_done(e)).or(stage.lessons.first());
        let href = lesson.map_or("lesson.html".into(), |e| format!("lesson.html#/{}/{}", stage.id, e.id));
        let done = el("span").class("hm-done").text(fill(
            HomeWord::LessonsDone,
            &[("done", &stop.lessons_done.to_string()), ("all", &stop.lessons.to_string())],
            lang,
        ));
        let mut card = el("a").class("hm-card").attr("href", href).child(head).child(picture(&stop.id)).child(name).child(stars).child(done);
        if here == Some(i) {
            item = item.class("hm-here");
            card = card.attr("aria-current", "step");
        }
        item = item.child(card);
        if stop.complete {
            item = item.class("hm-complete");
            let cert = link("hm-cert", format!("certificate.html#{}", stop.id), home_word(HomeWord::Certificate, lang));
            item = item.child(cert.attr("aria-label", fill(HomeWord::CertificateOf, &[("stage", &title)], lang)));
        }
        trail = trail.child(item);
    }
    trail
}

fn teachers(lang: Lang) -> Node {
    let links = [
        ("lesson.html", HomeWord::TLessons),
        ("play.html", HomeWord::TPlay),
        ("points.html", HomeWord::TPoints),
        ("ladder.html", HomeWord::TLadder),
        ("check.html", HomeWord::TCheck),
        ("embed.html", HomeWord::TEmbed),
        ("lesson.html?present", HomeWord::TPresent),
        ("play.html?present", HomeWord::TPlayPresent),
    ];
    let list = el("ul").children(links.iter().map(|(href, key)| el("li").child(link("hm-tool", (*href).into(), home_word(*key, lang)))));
    el("section")
        .class("hm-teachers")
        .attr("id", "teachers")
        .attr("aria-labelledby", "hm-teachers-h")
        .child(el("h2").attr("id", "hm-teachers-h").text(home_word(HomeWord::Teachers, lang)))
        .child(el("p").text(home_word(HomeWord::TeachersIntro, lang)))
        .child(list)
        .child(el("p").class("hm-present-keys").text(home_word(HomeWord::TPresentKeys, lang)))
        .child(el("p").class("hm-cert-note").text(home_word(HomeWord::TCertificates, lang)))
}

/// A date for the certificate: year, month (1-12), day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day {
    pub year: u32,
    pub month: u32,
    pub day: u32,
}

const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

impl Day {
    pub fn zh(self) -> String {
        format!("{}年{}月{}日", self.year, self.month, self.day)
    }

    pub fn en(self) -> String {
        let month = MONTHS.get(self.month.saturating_sub(1) as usize).copied().unwrap_or("");
        format!("{} {month} {}", self.day, self.year)
    }
}

/// The certificate page of stage `stage_id`: the controls (home, language, the name, print)
/// and the certificate itself in both languages, zh-CN first — or a kind refusal.
pub fn render_certificate(lang: Lang, course: Result<&Course, &str>, progress: &Progress, stage_id: &str, name: &str, day: Day) -> Node {
    let mut bar = el("nav")
        .class("hm-bar")
        .attr("aria-label", home_word(HomeWord::Title, lang))
        .child(link("hm-home", "index.html".into(), home_word(HomeWord::Home, lang)))
        .child(lang_button(lang));
    let root = div("hm hm-cert-page").attr("lang", lang.tag());
    let course = match course {
        Ok(course) => course,
        Err(why) => {
            let alert = div("hm-broken").attr("role", "alert").child(el("p").text(home_word(HomeWord::CourseBroken, lang))).child(el("p").text(why));
            return root.child(bar).child(el("main").child(el("h1").class("hm-page-title").text(home_word(HomeWord::CertTitle, lang))).child(alert));
        }
    };
    let cert = match certificate(course, progress, stage_id) {
        Ok(cert) => cert,
        Err(refusal) => {
            let text = match refusal {
                CertificateRefusal::NoSuchStage => home_word(HomeWord::NoStage, lang).to_owned(),
                CertificateRefusal::NotComplete { done, lessons } => {
                    fill(HomeWord::NotYet, &[("done", &done.to_string()), ("all", &lessons.to_string())], lang)
                }
            };
            let mut refuse = div("hm-refuse").attr("role", "status").child(el("p").text(text));
            if let Some(i) = course.stages.iter().position(|s| s.id == stage_id).filter(|&i| course.is_unlocked(progress, i)) {
                let first = course.stages[i].lessons.iter().find(|e| !progress.is_done(e)).map(|e| e.id.clone()).unwrap_or_default();
                refuse = refuse.child(link("hm-continue", format!("lesson.html#/{stage_id}/{first}"), home_word(HomeWord::GoOn, lang)));
            }
            return root.child(bar).child(el("main").child(el("h1").class("hm-page-title").text(home_word(HomeWord::CertTitle, lang))).child(refuse));
        }
    };
    let input = el("input").attr("id", "hm-name").attr("type", "text").attr("autocomplete", "off").attr("maxlength", "40").attr("value", name);
    bar = bar
        .child(div("hm-name-field").child(el("label").attr("for", "hm-name").text(home_word(HomeWord::NameLabel, lang))).child(input))
        .child(button("hm-print", "print", home_word(HomeWord::Print, lang)));
    let stage = &cert.stage;
    let (zh_title, en_title) = (stage.title.get(Lang::Zh), stage.title.get(Lang::En));
    let stars = format!("★ {} / {}", stage.earned, stage.max);
    let paper = el("article")
        .class("hm-paper")
        .attr("aria-label", fill(HomeWord::CertificateOf, &[("stage", stage.title.get(lang))], lang))
        .child(picture(&stage.id))
        .child(el("p").class("hm-paper-kicker").text("棋童国际象棋 · Qitong Chess"))
        .child(
            el("h1")
                .class("hm-paper-title")
                .child(el("span").attr("lang", "zh-CN").text("证书"))
                .child(el("span").class("hm-en").attr("lang", "en").text("Certificate")),
        )
        .child(el("p").class("hm-paper-name").child(el("span").class("hm-name-text").text(name_or_line(name))))
        .child(el("p").class("hm-paper-line").attr("lang", "zh-CN").text(format!("完成了第 {} 阶段「{zh_title}」的全部课程", cert.number)))
        .child(
            el("p")
                .class("hm-paper-line hm-en")
                .attr("lang", "en")
                .text(format!("has completed every lesson of stage {}, \u{201c}{en_title}\u{201d}", cert.number)),
        )
        .child(
            el("p")
                .class("hm-paper-stars")
                .attr("aria-label", format!("{} {} / {}", home_word(HomeWord::MyStars, lang), stage.earned, stage.max))
                .text(stars),
        )
        .child(
            el("p")
                .class("hm-paper-date")
                .child(el("span").attr("lang", "zh-CN").text(day.zh()))
                .child(el("span").text(" · "))
                .child(el("span").attr("lang", "en").text(day.en())),
        );
    root.child(bar).child(el("main").child(paper))
}

/// The name as shown on the certificate: a line to write on when none was typed.
pub fn name_or_line(name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        "＿＿＿＿＿＿".to_owned()
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests;
