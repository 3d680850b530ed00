//! The lesson player's course map (stages, lessons and their stars, the progress panel, a
//! lesson file that could not be read) and a lesson's end screen.

use super::{notes, stars_text, stars_total, t, top_bar};
use crate::action::Action;
use crate::state::{Mode, Panel, Player};
use crate::words::{word, word_with, Word};
use qitong_lessons::lang::Lang;
use qitong_lessons::KindSet;
use qitong_view::node::{button, div, el, Node};

pub(super) fn map<K: KindSet>(p: &Player<K>) -> Vec<Node> {
    let lang = p.lang;
    let mut out = Vec::new();
    let Some(course) = &p.course else {
        out.push(top_bar(p, "棋童".into()));
        let error = p.course_error.clone().unwrap_or_default();
        out.push(div("lp-broken").attr("role", "alert").child(el("p").text(word(Word::CourseBroken, lang))).child(el("p").text(error)));
        return out;
    };
    out.push(top_bar(p, t(&course.title, lang)));
    out.extend(notes(p));
    let mut stages = el("ol").class("lp-map");
    for (si, stage) in course.stages.iter().enumerate() {
        let (earned, max) = course.stage_stars(&p.progress, si);
        let head = el("h2").text(t(&stage.title, lang)).child(el("span").class("lp-count").text(format!(" ★ {earned} / {max}")));
        let mut item = el("li").class("lp-stage").child(head);
        if !course.is_unlocked(&p.progress, si) {
            let have: u32 = (0..si).map(|i| course.stage_stars(&p.progress, i).0).sum();
            let need = stage.unlock_stars.unwrap_or(0).saturating_sub(have);
            item = item.class("lp-locked").child(el("p").text(qitong_words::stage_locked(need, lang)));
            stages = stages.child(item);
            continue;
        }
        let mut lessons = el("ul").class("lp-lessons");
        for (li, entry) in stage.lessons.iter().enumerate() {
            let node = match (&entry.outline, &entry.lesson) {
                (Some(outline), _) => {
                    let got = p.progress.lesson_stars(entry.key());
                    let done = p.progress.is_done(entry);
                    let b = button("lp-lesson", Action::Open { stage: si, lesson: li }, &t(&outline.title, lang));
                    let b = b.child(
                        el("span").class("lp-count").text(format!(" {}", stars_text(got.min(outline.max_stars()), outline.max_stars().min(30)))),
                    );
                    if done {
                        b.class("lp-done")
                    } else {
                        b
                    }
                }
                (None, Err(error)) => broken(&entry.id, error, lang),
                (None, Ok(_)) => continue,
            };
            lessons = lessons.child(el("li").child(node));
        }
        stages = stages.child(item.child(lessons));
    }
    out.push(stages);
    out.push(progress_panel(p, course));
    out
}

pub(super) fn broken(id: &str, error: &qitong_lessons::LessonError, lang: Lang) -> Node {
    let list = el("ul").children(crate::lesson_form::problems(error, lang).map(|line| el("li").text(line)));
    div("lp-broken").attr("role", "alert").attr("data-lesson", id).child(el("p").text(word(Word::BrokenLesson, lang))).child(list)
}

fn progress_panel<K: KindSet>(p: &Player<K>, course: &qitong_lessons::Course<K>) -> Node {
    let lang = p.lang;
    let code = p.progress.to_code(course);
    let mut panel =
        el("section").class("lp-progress").attr("aria-label", word(Word::Progress, lang)).child(el("h2").text(word(Word::Progress, lang)));
    panel = panel
        .child(el("p").text(word(Word::ExportHelp, lang)))
        .child(el("p").child(el("span").text(format!("{}: ", word(Word::Export, lang)))).child(el("code").class("lp-code").text(code)));
    let input = el("input")
        .attr("id", "lp-import")
        .attr("type", "text")
        .attr("autocomplete", "off")
        .attr("spellcheck", "false")
        .attr("data-enter", Action::Import.to_string());
    panel = panel.child(
        div("lp-row")
            .child(el("label").attr("for", "lp-import").text(word(Word::Import, lang)))
            .child(input)
            .child(button("lp-small", Action::Import, word(Word::ImportButton, lang)).attr("data-input", "lp-import")),
    );
    match p.panel {
        Panel::None => panel.child(button("lp-small lp-danger", Action::Reset, word(Word::Reset, lang))),
        Panel::ConfirmReset => panel.child(
            div("lp-confirm")
                .attr("role", "alertdialog")
                .attr("aria-label", word(Word::ResetConfirm, lang))
                .child(el("p").text(word(Word::ResetConfirm, lang)))
                .child(button("lp-small lp-danger", Action::ResetYes, word(Word::YesReset, lang)))
                .child(button("lp-small", Action::ResetNo, word(Word::NoKeep, lang))),
        ),
    }
}

// ---- the end of a lesson -------------------------------------------------------------------

pub(super) fn done<K: KindSet>(p: &Player<K>) -> Vec<Node> {
    let lang = p.lang;
    let Some((_, entry)) = p.lesson() else { return Vec::new() };
    let Ok(lesson) = &entry.lesson else { return Vec::new() };
    let got = p.progress.lesson_stars(entry.key());
    let stage_done = p.stage_complete() && p.mode == Mode::Course;
    let heading = if stage_done { word(Word::StageDone, lang) } else { word(Word::LessonDone, lang) };
    let mut card = div("lp-done").attr("role", "status").child(el("h2").text(heading));
    if stage_done {
        card = card.class("lp-celebrate").child(div("lp-burst").attr("aria-hidden", "true").children((0..12).map(|_| el("span").text("★"))));
    }
    let max = lesson.max_stars();
    let label = word_with(Word::StarsLabel, &[("n", &format!("{} / {max}", got.min(max)))], lang);
    card = card.child(el("p").class("lp-big-stars").attr("role", "img").attr("aria-label", label).text(stars_total(got, max)));
    let mut row = div("lp-nav");
    row = row.child(button("lp-main", Action::Again, word(Word::Again, lang)));
    if p.mode == Mode::Course {
        row = row.child(button("lp-main", Action::Map, word(Word::Map, lang))).child(button(
            "lp-main lp-go",
            Action::NextLesson,
            word(Word::NextLesson, lang),
        ));
    }
    if let (true, Some((stage, _))) = (stage_done, p.lesson()) {
        row = row.child(el("a").class("lp-main").attr("href", format!("certificate.html#{}", stage.id)).text(word(Word::Certificate, lang)));
    }
    vec![top_bar(p, t(&lesson.title, lang)), card.child(row)]
}

// ---- a step --------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::render::render;
    use crate::state::{Mode, Player, Screen};
    use qitong_lessons::lang::Lang;
    use qitong_lessons::Course;

    #[test]
    fn the_players_end_of_stage_screen_links_the_certificate_and_a_lesson_end_does_not() {
        let root = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/examples/");
        let course = "title = { zh = \"课\", en = \"Course\" }\n[[stage]]\nid = \"poems\"\ntitle = { zh = \"诗\", en = \"Poems\" }\nlessons = [\"verse\", \"narration\"]\n";
        let course = Course::load(|name| {
            if name == "course.toml" {
                Some(course.to_owned())
            } else {
                std::fs::read_to_string(format!("{root}{}", name.rsplit('/').next().unwrap_or(name))).ok()
            }
        })
        .expect("course");
        let mut p = Player::new(Mode::Course, Lang::En);
        p.set_course(Ok(course), "");
        for lesson in ["verse", "narration"] {
            assert!(p.route(&format!("#/poems/{lesson}/1")));
            while p.screen == Screen::Step {
                p.act(Action::Next, None);
            }
            assert_eq!(p.screen, Screen::Done);
            let link = render(&p).find("href", "certificate.html#poems").cloned();
            assert_eq!(link.is_some(), lesson == "narration", "{lesson}");
        }
    }
}
