//! The ladder's roster (standings order, a school's found by name a page at a time, with rename
//! and remove) and the form that adds a student.

use super::{input, labelled, section, t};
use crate::action::Action;
use crate::state::{LadderState, ROSTER_PAGE};
use crate::words::{self as words, LadderText};
use qitong_view::node::{action_button, div, el, Node};

/// The roster's columns, with their classes (the actions are not printed; narrow screens hide
/// the wide ones).
const COLUMNS: [(LadderText, &str); 7] = [
    (LadderText::Rank, ""),
    (LadderText::Name, ""),
    (LadderText::Points, ""),
    (LadderText::Level, ""),
    (LadderText::Games, "wide"),
    (LadderText::Wdl, "wide"),
    (LadderText::Actions, "no-print"),
];

/// The roster in standings order, with rename and remove; `rename_text` fills the field of the
/// student being renamed.
pub fn roster(state: &LadderState, rename_text: &str) -> Node {
    let s = section("roster", None, t(state, LadderText::Roster), false);
    let students = state.ladder.students().len();
    if students == 0 {
        return s.child(el("p").class("hint").text(t(state, LadderText::NoStudents)));
    }
    let (standings, matching) = state.roster_rows();
    let shown = standings.len();
    let mut s = s;
    if students > ROSTER_PAGE || !state.roster_view.filter.is_empty() {
        s = s.child(labelled(t(state, LadderText::RosterFilter), input("roster-filter", "search", &state.roster_view.filter, "40"))).child(
            el("p")
                .class("hint roster-count")
                .attr("id", "roster-count")
                .attr("role", "status")
                .attr("tabindex", "-1")
                .text(words::roster_count(shown, matching, students, state.lang)),
        );
    }
    let head = el("tr").children(COLUMNS.map(|(code, class)| el("th").class(class).attr("scope", "col").text(t(state, code))));
    let rows = standings.into_iter().map(|r| {
        let st = r.student;
        let (name, actions) = (el("th").class("student").attr("scope", "row"), el("td").class("no-print actions"));
        let (name, actions) = if state.renaming == Some(st.id()) {
            let field =
                input("rename-input", "text", rename_text, "40").attr("aria-label", format!("{}：{}", t(state, LadderText::NewName), st.name()));
            (
                name.child(field),
                actions.child(action_button("primary", Action::RenameSave, t(state, LadderText::Save))).child(action_button(
                    "",
                    Action::RenameCancel,
                    t(state, LadderText::Cancel),
                )),
            )
        } else {
            let button =
                |action, code| action_button("quiet", action, t(state, code)).attr("aria-label", format!("{} {}", t(state, code), st.name()));
            (
                name.text(st.name()),
                actions.child(button(Action::Rename(st.id()), LadderText::Rename)).child(button(Action::Remove(st.id()), LadderText::Remove)),
            )
        };
        el("tr")
            .attr("data-id", st.id().to_string())
            .child(el("td").class("num").text(r.rank.to_string()))
            .child(name)
            .child(el("td").class("num points").text(st.points().to_string()))
            .child(el("td").class("level").text(words::standing_text(st.standing(), state.lang)))
            .child(el("td").class("num wide").text(st.games().to_string()))
            .child(el("td").class("num wide").text(format!("{}/{}/{}", st.wins(), st.draws(), st.losses())))
            .child(actions)
    });
    let table = el("table").class("ladder-table").child(el("thead").child(head)).child(el("tbody").children(rows));
    s = s.child(div("table-wrap").child(table));
    if matching > shown {
        s = s.child(action_button("no-print", Action::RosterMore, t(state, LadderText::RosterMore)));
    }
    s.child(el("p").class("hint").text(t(state, LadderText::ProvisionalNote))).child(action_button(
        "no-print",
        Action::Print,
        t(state, LadderText::Print),
    ))
}

/// Adding a student: a name and the starting points, as typed.
pub(super) fn add_form(state: &LadderState, name: &str, points: &str) -> Node {
    let form = div("record-form")
        .child(labelled(t(state, LadderText::AddName), input("add-name", "text", name, "40")))
        .child(labelled(t(state, LadderText::AddPoints), input("add-points", "text", points, "7").attr("inputmode", "decimal")))
        .child(action_button("primary", Action::Add, t(state, LadderText::AddButton)));
    section("add", Some("ladder-add no-print"), t(state, LadderText::Add), false)
        .child(form)
        .child(el("p").class("hint").text(t(state, LadderText::AddHint)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::{actions, state_with};

    fn rows(roster: &Node) -> Vec<&Node> {
        roster.walk().into_iter().filter(|n| n.tag == "tr" && n.get("data-id").is_some()).collect()
    }

    #[test]
    fn an_empty_roster_says_so_and_a_class_is_listed_without_a_filter() {
        assert_eq!(
            roster(&state_with(&[]), "").all_text(),
            format!("{} {}", t(&state_with(&[]), LadderText::Roster), t(&state_with(&[]), LadderText::NoStudents))
        );
        let state = state_with(&["Ann", "<i>Bo</i>"]);
        let table = roster(&state, "");
        assert_eq!(rows(&table).len(), 2);
        assert!(table.find("id", "roster-filter").is_none());
        let names: Vec<&str> = table.walk().into_iter().filter(|n| n.get("class") == Some("student")).filter_map(|n| n.text.as_deref()).collect();
        assert!(names.contains(&"<i>Bo</i>"), "a name is text: {names:?}");
        let bo = state.ladder.find_by_name("<i>Bo</i>").map(|s| s.id()).expect("Bo");
        let remove = table.find("data-act", &Action::Remove(bo).to_string()).expect("Bo's remove button");
        assert_eq!(remove.get("aria-label"), Some(format!("{} <i>Bo</i>", t(&state, LadderText::Remove)).as_str()));
    }

    #[test]
    fn renaming_puts_a_field_with_the_typed_name_in_the_students_row() {
        let mut state = state_with(&["Ann", "Bo"]);
        let ann = state.ladder.find_by_name("Ann").map(|s| s.id());
        state.renaming = ann;
        let table = roster(&state, "Annie");
        assert_eq!(table.find("id", "rename-input").and_then(|f| f.get("value")), Some("Annie"));
        let row = rows(&table).into_iter().find(|r| r.find("id", "rename-input").is_some()).expect("Ann's row");
        assert_eq!(actions(row), ["rename-save", "rename-cancel"]);
    }

    #[test]
    fn a_school_is_found_by_name_and_shown_a_page_at_a_time() {
        let names: Vec<String> = (0..ROSTER_PAGE + 5).map(|i| format!("s{i}")).collect();
        let mut state = state_with(&names.iter().map(String::as_str).collect::<Vec<_>>());
        let table = roster(&state, "");
        assert_eq!(rows(&table).len(), ROSTER_PAGE);
        assert_eq!(table.find("id", "roster-filter").and_then(|f| f.get("type")), Some("search"));
        assert!(table.find("data-act", "roster-more").is_some());
        state.roster_view.filter = "s10".into();
        let found = roster(&state, "");
        assert_eq!(rows(&found).len(), 6, "s10, s100 … s104");
        assert!(found.find("data-act", "roster-more").is_none());
    }

    #[test]
    fn the_add_form_keeps_what_was_typed() {
        let form = add_form(&state_with(&[]), "Cy", "12.5");
        assert_eq!(form.find("id", "add-name").and_then(|f| f.get("value")), Some("Cy"));
        assert_eq!(form.find("id", "add-points").and_then(|f| f.get("value")), Some("12.5"));
        assert_eq!(form.get("class"), Some("ladder-add no-print"));
        assert_eq!(actions(&form), ["add"]);
    }
}
