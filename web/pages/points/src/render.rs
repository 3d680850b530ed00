//! The points page as `qitong_view::node` trees (pure, tested natively): the form for what the teacher
//! chose, and the answer for what is typed. `view` builds them and keeps the page's state.

use crate::action::Action;
use crate::words::{calculate, player_line, points_text, PointsText, RESULTS};
use qitong_classroom::points::{Points, Score};
use qitong_view::lang::Lang;
use qitong_view::node::{action_button, choice_group, div, el, Node};

/// What the page shows: its language, whether storage works, the result chosen, the totals typed.
#[derive(Debug, Clone, Copy)]
pub struct Form<'a> {
    pub lang: Lang,
    /// False once this computer's storage refused to remember the language: the page says so.
    pub remembers: bool,
    pub score: Score,
    pub typed: (&'a str, &'a str),
}

/// The page's elements, in order (the view puts them in its root).
pub fn page(form: &Form) -> Vec<Node> {
    let t = |code| points_text(code, form.lang);
    let pick = |zh: &'static str, en: &'static str| form.lang.pick(zh, en).to_string();
    let nav = el("nav").class("play-nav").child(el("a").class("home").attr("href", "index.html").text(pick("← 棋童首页", "← Qitong home"))).child(
        action_button("lang", Action::Lang, pick("English", "中文"))
            .attr("lang", pick("en", "zh-CN"))
            .attr("aria-label", pick("Switch to English", "切换到中文")),
    );
    let mut nodes = vec![nav, el("h1").text(t(PointsText::Title)), el("p").class("intro").text(t(PointsText::Intro))];
    if !form.remembers {
        nodes.push(el("p").class("play-note").attr("role", "status").text(t(PointsText::NoStorage)));
    }
    let totals = [("points-a", PointsText::PlayerA, form.typed.0), ("points-b", PointsText::PlayerB, form.typed.1)].map(|(id, code, value)| {
        el("label").class("name").child(el("span").text(t(code))).child(
            el("input")
                .attr("id", id)
                .attr("type", "text")
                .attr("inputmode", "decimal")
                .attr("autocomplete", "off")
                .attr("maxlength", "9")
                .attr("value", value),
        )
    });
    let choices = choice_group(
        "choices",
        t(PointsText::Result),
        RESULTS.map(|(code, score)| (Action::Result(score).to_string(), t(code), score == form.score)),
    );
    nodes.push(div("points-form").children(totals).child(choices));
    nodes.push(
        el("section")
            .class("points-answer")
            .attr("aria-labelledby", "points-answer-title")
            .child(el("h2").attr("id", "points-answer-title").text(t(PointsText::Answer)))
            .child(div("points-live").attr("aria-live", "polite").attr("id", "points-live").children(answer(form)))
            .child(el("p").class("hint").text(t(PointsText::Rule))),
    );
    nodes
}

/// The answer for the totals typed: both new totals and the steps, or what to type instead.
pub fn answer(form: &Form) -> Vec<Node> {
    let t = |code| points_text(code, form.lang);
    let (Ok(a), Ok(b)) = (form.typed.0.trim().parse::<Points>(), form.typed.1.trim().parse::<Points>()) else {
        return vec![el("p").class("message").text(t(PointsText::BadPoints))];
    };
    let calc = calculate(a, b, form.score, form.lang);
    let totals = [(t(PointsText::A), &calc.a, "points-after-a"), (t(PointsText::B), &calc.b, "points-after-b")]
        .map(|(name, player, id)| el("p").class("total").attr("id", id).text(player_line(name, player, form.lang)));
    vec![div("totals").children(totals), el("ol").class("steps").children(calc.steps.iter().map(|step| el("li").text(step.as_str())))]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(typed: (&'static str, &'static str)) -> Form<'static> {
        Form { lang: Lang::En, remembers: true, score: Score::Win, typed }
    }

    #[test]
    fn the_form_keeps_what_was_typed_and_marks_the_chosen_result() {
        let nodes = page(&Form { score: Score::Draw, ..form(("50", "150")) });
        let root = div("root").children(nodes);
        assert_eq!(root.find("id", "points-a").and_then(|n| n.get("value")), Some("50"));
        assert_eq!(root.find("id", "points-b").and_then(|n| n.get("value")), Some("150"));
        let pressed: Vec<&str> =
            root.walk().into_iter().filter(|n| n.get("aria-pressed") == Some("true")).filter_map(|n| n.get("data-act")).collect();
        assert_eq!(pressed, ["draw"]);
        assert!(root.find("role", "status").is_none(), "no storage note while storage works");
    }

    #[test]
    fn a_computer_that_cannot_save_is_told_so() {
        let root = div("root").children(page(&Form { remembers: false, lang: Lang::Zh, ..form(("50", "150")) }));
        let note = root.find("role", "status").expect("the note");
        assert_eq!(note.text.as_deref(), Some(points_text(PointsText::NoStorage, Lang::Zh)));
        assert_eq!(root.find("data-act", "lang").and_then(|n| n.text.as_deref()), Some("English"));
    }

    #[test]
    fn the_answer_shows_both_totals_and_the_steps_or_asks_for_points() {
        let live = div("live").children(answer(&form(("50", "150"))));
        assert!(live.find("id", "points-after-a").is_some() && live.find("id", "points-after-b").is_some());
        let steps = live.walk().into_iter().filter(|n| n.tag == "li").count();
        assert!(steps >= 2, "{}", live.all_text());
        let bad = div("live").children(answer(&form(("fifty", "150"))));
        assert_eq!(bad.all_text(), points_text(PointsText::BadPoints, Lang::En));
    }
}
