//! The ladder's recorded games (newest first, with undo) and its files (the exports and the
//! import picker).

use super::{download, section, t};
use crate::action::Action;
use crate::state::{LadderState, HISTORY_PAGE};
use crate::words::{self as words, LadderText};
use qitong_view::node::{action_button, div, el, Node};

/// The recorded games, newest first, and undo.
pub(super) fn history(state: &LadderState) -> Node {
    let s = section("history", Some("ladder-history no-print"), t(state, LadderText::History), true);
    let lines = state.history_lines();
    if lines.is_empty() {
        return s.child(el("p").class("hint").text(t(state, LadderText::NoHistory)));
    }
    let games = state.ladder.history().len();
    let s = if state.ask.is_none() { s.child(action_button("", Action::Undo, t(state, LadderText::Undo))) } else { s };
    let s = s.child(
        el("ol").class("history").attr("reversed", "").attr("start", games.to_string()).children(lines.into_iter().map(|line| el("li").text(line))),
    );
    if games > HISTORY_PAGE && !state.history_all {
        s.child(action_button("", Action::HistoryAll, words::history_all(games, state.lang)))
    } else {
        s
    }
}

/// Export links (named for `today`) and the import picker.
pub(super) fn files(state: &LadderState, today: &str) -> Node {
    let ladder = &state.ladder;
    let row = div("row")
        .child(download(t(state, LadderText::ExportJson), "application/json", &format!("qitong-ladder-{today}.json"), &ladder.to_json()))
        .child(download(t(state, LadderText::ExportRoster), "text/csv", &format!("qitong-ladder-roster-{today}.csv"), &ladder.roster_csv()))
        .child(download(t(state, LadderText::ExportHistory), "text/csv", &format!("qitong-ladder-games-{today}.csv"), &ladder.history_csv()));
    let picker =
        el("input").attr("id", "import-file").attr("type", "file").attr("accept", ".json,.csv,application/json,text/csv").attr("multiple", "");
    // The picker is its label, drawn as a button (as on the check page): the native control's
    // own words follow the browser's language, not the page's.
    let label = el("label").class("file-pick").child(el("span").text(t(state, LadderText::Import))).child(picker);
    section("files", Some("ladder-files no-print"), t(state, LadderText::Files), false)
        .child(el("p").class("privacy").text(t(state, LadderText::Privacy)))
        .child(row)
        .child(label)
        .child(el("p").class("hint").text(t(state, LadderText::ImportHint)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::encode_uri_component;
    use crate::render::tests::{actions, state_with};
    use crate::state::Ask;
    use qitong_classroom::points::Score;

    /// A class of two that played `games` games.
    fn played(games: usize) -> LadderState {
        let mut state = state_with(&["Ann", "Bo"]);
        let ids = [state.ladder.find_by_name("Ann"), state.ladder.find_by_name("Bo")].map(|s| s.map(|s| s.id()));
        for _ in 0..games {
            (state.form.white, state.form.black, state.form.score) = (ids[0], ids[1], Some(Score::Draw));
            assert!(state.confirm_record());
        }
        state
    }

    #[test]
    fn the_history_lists_the_newest_games_and_offers_undo_unless_asking() {
        assert!(actions(&history(&played(0))).is_empty());
        let mut state = played(HISTORY_PAGE + 1);
        let list = history(&state);
        let ol = list.walk().into_iter().find(|n| n.tag == "ol").expect("the list");
        assert_eq!((ol.children.len(), ol.get("start")), (HISTORY_PAGE, Some((HISTORY_PAGE + 1).to_string().as_str())));
        assert_eq!(actions(&list), ["undo", "history-all"]);
        state.history_all = true;
        state.ask = Some(Ask::Undo);
        assert!(actions(&history(&state)).is_empty());
    }

    #[test]
    fn the_exports_carry_the_ladder_and_are_named_for_the_day() {
        let state = played(1);
        let files = files(&state, "2026-11-30");
        let json = files.find("download", "qitong-ladder-2026-11-30.json").and_then(|a| a.get("href")).expect("the JSON export");
        assert_eq!(json, format!("data:application/json;charset=utf-8,{}", encode_uri_component(&state.ladder.to_json())));
        assert!(files.find("download", "qitong-ladder-games-2026-11-30.csv").is_some());
        assert_eq!(files.find("id", "import-file").and_then(|i| i.get("type")), Some("file"));
    }
}
