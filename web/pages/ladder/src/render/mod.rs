//! The class ladder page as `qitong_view::node` trees (pure, tested natively), drawn from [`LadderState`]:
//! the top (title, warnings, the last message, the question asked) here, the record form in
//! `record`, the roster and the add form in `roster`, the history and the files in `history`.
//! Every name a teacher typed goes in as text.

mod history;
mod record;
mod roster;

pub use record::{roster_signature, student_names, uses_name_fields};
pub use roster::roster;

use crate::action::Action;
use crate::state::{Ask, LadderState};
use crate::store::StoredProblem;
use crate::words::{self as words, ladder_text, LadderText};
use qitong_view::node::{action_button, div, el, Node};

/// What was typed into the page's text boxes (the view keeps it across drawings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Typed {
    pub add_name: String,
    pub add_points: String,
    pub rename: String,
}

impl Default for Typed {
    fn default() -> Typed {
        Typed { add_name: String::new(), add_points: "0".to_string(), rename: String::new() }
    }
}

fn t(state: &LadderState, code: LadderText) -> &'static str {
    ladder_text(code, state.lang)
}

/// A `<section id="{id}">` labelled by its `<h2 id="{id}-title">`, its class `ladder-{id}`
/// unless `class` says otherwise; `focusable`: the heading takes the focus after an action.
fn section(id: &str, class: Option<&str>, title: &str, focusable: bool) -> Node {
    let heading = el("h2").attr("id", format!("{id}-title")).text(title);
    let heading = if focusable { heading.attr("tabindex", "-1") } else { heading };
    el("section").class(class.unwrap_or(&format!("ladder-{id}"))).attr("id", id).attr("aria-labelledby", format!("{id}-title")).child(heading)
}

/// A one-line text box (`kind`: `text` or `search`) holding `value`.
fn input(id: &str, kind: &str, value: &str, max: &str) -> Node {
    el("input").attr("id", id).attr("type", kind).attr("autocomplete", "off").attr("maxlength", max).attr("value", value)
}

fn labelled(text: &str, control: Node) -> Node {
    el("label").class("name").child(el("span").text(text)).child(control)
}

/// A download link for `text`: a `data:` URL, as the play page's PGN.
fn download(label: &str, mime: &str, file: &str, text: &str) -> Node {
    el("a").class("button").attr("href", format!("data:{mime};charset=utf-8,{}", encode_uri_component(text))).attr("download", file).text(label)
}

/// `text` as JavaScript's `encodeURIComponent` writes it: every byte of UTF-8 but the letters,
/// digits and `-_.!~*'()` as `%XX` (done here, so that the render stays plain Rust).
pub fn encode_uri_component(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.extend(['%', char::from(HEX[usize::from(byte >> 4)]), char::from(HEX[usize::from(byte & 15)])]);
        }
    }
    out
}

/// The whole page, in order (the view puts it in its root, then the suggested names, if any).
/// `today` names the export files.
pub fn page(state: &LadderState, typed: &Typed, today: &str) -> Vec<Node> {
    let nav = el("nav").class("play-nav").child(el("a").class("home").attr("href", "index.html").text(t(state, LadderText::Home))).child(
        action_button("lang", Action::Lang, t(state, LadderText::SwitchLang))
            .attr("lang", state.lang.pick("en", "zh-CN"))
            .attr("aria-label", t(state, LadderText::SwitchLangLabel)),
    );
    let mut nodes = vec![
        nav,
        el("h1").text(t(state, LadderText::Title)),
        el("p").class("intro").text(t(state, LadderText::Intro)),
        el("p").class("privacy").text(t(state, LadderText::Privacy)),
    ];
    if state.storage_refused || state.save_failing {
        nodes.push(el("p").class("message error storage-note").attr("role", "alert").text(t(state, LadderText::NoStorage)));
    }
    let notice = div("notice").attr("id", "ladder-notice").attr("tabindex", "-1").attr("role", "status");
    nodes.push(match &state.notice {
        Some(n) => notice.child(el("p").class(if n.error { "message error" } else { "message ok" }).text(n.text.as_str())),
        None => notice,
    });
    nodes.extend(ask_box(state));
    if let Some((raw, problem)) = &state.unreadable {
        nodes.push(unreadable(state, raw, problem));
        return nodes;
    }
    if state.pending.is_some() {
        nodes.push(record::pending(state));
    }
    nodes.push(record::record(state));
    nodes.push(roster(state, &typed.rename));
    nodes.push(roster::add_form(state, &typed.add_name, &typed.add_points));
    nodes.push(history::history(state));
    nodes.push(history::files(state, today));
    nodes
}

/// How many of an import's names its question shows.
const IMPORT_NAMES_SHOWN: usize = 12;

/// The question waiting for yes or no, if any.
fn ask_box(state: &LadderState) -> Option<Node> {
    let (question, yes) = match state.ask.as_ref()? {
        Ask::Undo => (state.undo_question()?, t(state, LadderText::UndoYes)),
        Ask::Remove(id) => (words::remove_question(state.ladder.student(*id)?.name(), state.lang), t(state, LadderText::Remove)),
        Ask::Import(..) => (state.import_question()?, t(state, LadderText::ImportYes)),
        Ask::FreshStart => (t(state, LadderText::StoredFreshConfirm).to_string(), t(state, LadderText::FreshYes)),
    };
    Some(
        div("confirm ask")
            .attr("role", "group")
            .attr("aria-labelledby", "ask-text")
            .child(el("p").attr("id", "ask-text").text(question))
            // An import shows whom it holds: a file read in the wrong encoding shows its mojibake here.
            .children(state.import_names(IMPORT_NAMES_SHOWN).map(|names| el("p").attr("id", "ask-names").class("import-names").text(names)))
            .child(action_button("danger", Action::Yes, yes))
            .child(action_button("", Action::No, t(state, LadderText::Cancel))),
    )
}

/// The warning when the stored ladder cannot be read: download it, then maybe start fresh.
fn unreadable(state: &LadderState, raw: &str, problem: &StoredProblem) -> Node {
    let (code, detail) = match problem {
        StoredProblem::NewerVersion(v) => (LadderText::StoredNewer, state.lang.pick(format!("（版本 {v}）"), format!("(version {v})"))),
        StoredProblem::Damaged(e) => (LadderText::StoredDamaged, words::import_error_text(e, state.lang)),
    };
    let row = div("row").child(download(t(state, LadderText::StoredDownload), "text/plain", "qitong-ladder-saved.txt", raw));
    let row = if state.ask.is_none() { row.child(action_button("", Action::Fresh, t(state, LadderText::StoredFresh))) } else { row };
    section("stored", None, t(state, LadderText::Title), false)
        .child(el("p").class("message error").attr("role", "alert").text(t(state, code)))
        .child(el("p").class("hint").text(detail))
        .child(row)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use qitong_view::lang::Lang;

    /// A page with `names` on the roster (in English, today 2026-11-30).
    pub(crate) fn state_with(names: &[&str]) -> LadderState {
        let mut state = LadderState::open(None, None, Lang::En, "2026-11-30");
        for name in names {
            assert!(state.add_student(name, "0"), "{name}");
        }
        state.notice = None;
        state
    }

    pub(crate) fn root(state: &LadderState) -> Node {
        div("root").children(page(state, &Typed::default(), "2026-11-30"))
    }

    pub(crate) fn actions(node: &Node) -> Vec<String> {
        node.walk().into_iter().filter_map(|n| n.get("data-act")).map(str::to_string).collect()
    }

    #[test]
    fn encodes_as_encode_uri_component_does() {
        assert_eq!(encode_uri_component("a-b_c.d!e~f*g'h(i)j"), "a-b_c.d!e~f*g'h(i)j");
        assert_eq!(encode_uri_component("{\"a\": 1}\n#%&"), "%7B%22a%22%3A%201%7D%0A%23%25%26");
        assert_eq!(encode_uri_component("小"), "%E5%B0%8F");
    }

    #[test]
    fn a_fresh_page_offers_the_language_and_every_panel_but_no_question() {
        let page = root(&state_with(&[]));
        let ids: Vec<&str> = page.children.iter().filter(|n| n.tag == "section").filter_map(|n| n.get("id")).collect();
        assert_eq!(ids, ["record", "roster", "add", "history", "files"]);
        assert_eq!(page.find("data-act", "lang").and_then(|n| n.text.as_deref()), Some("中文"));
        assert!(page.find("role", "group").is_none_or(|g| g.get("class") != Some("confirm ask")));
        assert!(page.find("role", "alert").is_none(), "no warning while storage works");
        assert_eq!(page.find("id", "ladder-notice").map(|n| n.children.len()), Some(0));
    }

    #[test]
    fn a_question_asks_with_the_students_name_as_text_and_waits_for_yes_or_no() {
        let mut state = state_with(&["<b>Ann</b>"]);
        let id = state.ladder.students()[0].id();
        state.ask_remove(id);
        let page = root(&state);
        let ask = page.find("aria-labelledby", "ask-text").expect("the question");
        assert!(ask.all_text().contains("<b>Ann</b>"), "{}", ask.all_text());
        assert_eq!(actions(ask), ["yes", "no"]);
        assert!(page.walk().iter().all(|n| n.svg.is_none()), "no markup anywhere");
    }

    #[test]
    fn an_unreadable_ladder_shows_only_the_warning_and_its_download() {
        let state = LadderState::open(Some("{not json"), None, Lang::Zh, "2026-11-30");
        let page = root(&state);
        let ids: Vec<&str> = page.children.iter().filter(|n| n.tag == "section").filter_map(|n| n.get("id")).collect();
        assert_eq!(ids, ["stored"]);
        let link = page.find("download", "qitong-ladder-saved.txt").expect("the download");
        assert_eq!(link.get("href"), Some(format!("data:text/plain;charset=utf-8,{}", encode_uri_component("{not json")).as_str()));
        assert_eq!(actions(&page), ["lang", "fresh"]);
    }
}
