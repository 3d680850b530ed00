//! The ladder's record form (White, Black, the result, the date, the preview and the confirm
//! button), the game the play page left to record, and the names a school's form suggests.

use super::{input, labelled, section, t};
use crate::action::Action;
use crate::state::{LadderState, ROSTER_PAGE};
use crate::words::{self as words, LadderText};
use qitong_classroom::ladder::StudentId;
use qitong_classroom::points::Score;
use qitong_view::node::{action_button, choice_group, div, el, Node};

/// The game from the play page: what it was, missing students, dismiss.
pub(super) fn pending(state: &LadderState) -> Node {
    let s = section("pending", None, t(state, LadderText::Pending), false);
    let Some(p) = &state.pending else { return s };
    let mut s = s.child(el("p").class("big").text(words::pending_line(&p.white, &p.black, p.score, state.lang)));
    if p.white.is_empty() || p.black.is_empty() {
        s = s.child(el("p").class("hint").text(t(state, LadderText::PendingNoName)));
    }
    s.children(state.missing_names().into_iter().map(|name| {
        div("row").child(el("span").text(words::missing_student(&name, state.lang))).child(action_button(
            "",
            Action::AddMissing(name.clone()),
            words::add_missing(&name, state.lang),
        ))
    }))
    .child(action_button("quiet", Action::DismissPending, t(state, LadderText::PendingDismiss)))
}

/// A list of the students by name, `chosen` selected.
fn student_select(state: &LadderState, id: &str, chosen: Option<StudentId>) -> Node {
    let mut students: Vec<_> = state.ladder.students().iter().collect();
    qitong_rules::sort::sort_by(&mut students, |a, b| (a.name(), a.id()) < (b.name(), b.id()));
    let options = students.into_iter().map(|s| {
        let option = el("option").attr("value", s.id().to_string());
        let option = if chosen == Some(s.id()) { option.attr("selected", "") } else { option };
        option.text(s.name())
    });
    el("select").attr("id", id).child(el("option").attr("value", "").text(t(state, LadderText::Choose))).children(options)
}

/// The White and Black choosers. A class's roster is a list to pick from; a school's (more
/// than a roster page) is a field that suggests names as they are typed: a list of 2,000 names
/// costs the browser more to lay out than every other part of the page together.
fn student_choosers(state: &LadderState) -> [Node; 2] {
    let chosen = [("rec-white", state.form.white), ("rec-black", state.form.black)];
    if !uses_name_fields(state) {
        return chosen.map(|(id, student)| student_select(state, id, student));
    }
    let name = |id: Option<StudentId>| id.and_then(|id| state.ladder.student(id)).map_or("", |s| s.name());
    chosen
        .map(|(id, student)| input(id, "text", name(student), "40").attr("list", "rec-students").attr("placeholder", t(state, LadderText::TypeAName)))
}

/// The names a school's name fields suggest (`<datalist id="rec-students">`). The view keeps it
/// between drawings and builds it again only when the roster changed (see [`roster_signature`]).
pub fn student_names(state: &LadderState) -> Node {
    el("datalist").attr("id", "rec-students").children(state.ladder.students().iter().map(|s| el("option").attr("value", s.name())))
}

/// A fingerprint of the roster's ids and names (FNV-1a): equal, the suggested names still hold.
pub fn roster_signature(state: &LadderState) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for s in state.ladder.students() {
        for byte in s.id().get().to_le_bytes().into_iter().chain(s.name().bytes()).chain([0xff]) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Whether the record form uses name fields (a school) rather than lists (a class).
pub fn uses_name_fields(state: &LadderState) -> bool {
    state.ladder.students().len() > ROSTER_PAGE
}

/// The record form: White, Black, the result, the date; the preview and the confirm button.
pub(super) fn record(state: &LadderState) -> Node {
    let [white, black] = student_choosers(state);
    let results = [(LadderText::WhiteWins, Score::Win), (LadderText::Draw, Score::Draw), (LadderText::BlackWins, Score::Loss)]
        .map(|(code, score)| (Action::Score(score).to_string(), t(state, code), state.form.score == Some(score)));
    let form = div("record-form")
        .child(labelled(t(state, LadderText::White), white))
        .child(labelled(t(state, LadderText::Black), black))
        .child(choice_group("choices", t(state, LadderText::Result), results))
        .child(labelled(t(state, LadderText::Date), input("rec-date", "text", &state.form.date, "32")));
    let preview = div("record-preview").attr("id", "record-preview").attr("aria-live", "polite");
    let preview = if state.same_student_chosen() {
        preview.child(el("p").class("message error").text(t(state, LadderText::NeedTwo)))
    } else if let Some(sides) = state.preview() {
        let lines = sides.iter().zip(["change-white", "change-black"]).map(|(side, id)| {
            el("p").class("change").attr("id", id).text(words::change_line(&side.name, side.before, side.after, side.from, side.to, state.lang))
        });
        preview.child(el("p").text(t(state, LadderText::Preview))).children(lines).child(action_button(
            "primary",
            Action::ConfirmRecord,
            t(state, LadderText::ConfirmRecord),
        ))
    } else {
        preview
    };
    section("record", None, t(state, LadderText::Record), true)
        .child(el("p").class("hint").text(t(state, LadderText::RecordHint)))
        .child(form)
        .child(preview)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::{actions, root, state_with};
    use crate::store::PendingResult;

    #[test]
    fn a_class_picks_from_lists_and_the_preview_waits_for_both_players_and_a_result() {
        let mut state = state_with(&["Bo", "Ann"]);
        let form = record(&state);
        let white = form.find("id", "rec-white").expect("White's list");
        assert_eq!(white.tag, "select");
        let names: Vec<&str> = white.children.iter().filter_map(|o| o.text.as_deref()).collect();
        assert_eq!(names, [t(&state, LadderText::Choose), "Ann", "Bo"], "by name");
        assert_eq!(actions(&form), ["score:1", "score:0.5", "score:0"]);
        let (ann, bo) = (state.ladder.find_by_name("Ann").map(|s| s.id()), state.ladder.find_by_name("Bo").map(|s| s.id()));
        state.form.white = ann;
        state.form.black = bo;
        state.form.score = Some(Score::Draw);
        let form = record(&state);
        let selected = form.find("id", "rec-black").and_then(|b| b.find("selected", "")).and_then(|o| o.text.as_deref());
        assert_eq!(selected, Some("Bo"));
        assert_eq!(form.find("aria-pressed", "true").and_then(|b| b.get("data-act")), Some("score:0.5"));
        assert!(form.find("id", "change-white").and_then(|p| p.text.as_deref()).is_some_and(|l| l.starts_with("Ann")));
        assert_eq!(actions(&form).last().map(String::as_str), Some("confirm-record"));
    }

    #[test]
    fn the_same_student_twice_is_refused_in_the_preview() {
        let mut state = state_with(&["Ann", "Bo"]);
        let ann = state.ladder.find_by_name("Ann").map(|s| s.id());
        (state.form.white, state.form.black, state.form.score) = (ann, ann, Some(Score::Win));
        let preview = record(&state).find("id", "record-preview").cloned().expect("the preview");
        assert_eq!(preview.all_text(), t(&state, LadderText::NeedTwo));
        assert!(actions(&preview).is_empty());
    }

    #[test]
    fn a_school_types_names_that_one_list_suggests() {
        let names: Vec<String> = (0..=ROSTER_PAGE).map(|i| format!("学生{i}")).collect();
        let state = state_with(&names.iter().map(String::as_str).collect::<Vec<_>>());
        let page = root(&state);
        let white = page.find("id", "rec-white").expect("White's field");
        assert_eq!((white.tag, white.get("list")), ("input", Some("rec-students")));
        assert!(page.find("id", "rec-students").is_none(), "the view adds the kept list");
        assert_eq!(student_names(&state).children.len(), ROSTER_PAGE + 1);
        let before = roster_signature(&state);
        let mut renamed = state_with(&names.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(roster_signature(&renamed), before, "the same roster, the same signature");
        let first = renamed.ladder.students()[0].id();
        assert!(renamed.rename(first, "新名字"));
        assert_ne!(roster_signature(&renamed), before);
        assert_eq!(roster_signature(&state), before);
    }

    #[test]
    fn a_game_from_the_play_page_offers_to_add_who_is_missing() {
        let state = state_with(&["Ann"]);
        let pending = PendingResult { white: "Ann".into(), black: "Bo: 2".into(), score: Score::Win, pgn: None }.to_json();
        let opened = LadderState::open(Some(&state.ladder.to_json()), Some(&pending), qitong_view::lang::Lang::En, "2026-11-30");
        let page = root(&opened);
        let Some(section) = page.find("id", "pending") else { panic!("no pending game in {}", page.all_text()) };
        assert_eq!(actions(section), ["add-missing:Bo: 2", "dismiss-pending"]);
        assert!(section.all_text().contains("Bo: 2"));
    }
}
