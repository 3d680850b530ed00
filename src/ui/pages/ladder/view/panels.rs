//! The class ladder page's panels, each built from the page state: the question box, the
//! unreadable-storage warning, the game from the play page, the record form with its preview,
//! the roster table, the add form, the history and the files. Every name is set as text.

use crate::ui::pages::ladder::words::LadderText;
use crate::ui::pages::ladder::state::{Ask, LadderState, HISTORY_PAGE, ROSTER_PAGE};
use crate::ui::pages::ladder::store::StoredProblem;
use crate::ui::pages::ladder::words::{self as words, ladder_text};
use crate::ui::dom::page::{button, el, set_attr};
use crate::classroom::ladder::StudentId;
use crate::classroom::points::Score;
use web_sys::{Document, Element, HtmlInputElement};
use wasm_bindgen::JsCast;

fn t(state: &LadderState, code: LadderText) -> &'static str {
    ladder_text(code, state.lang)
}

fn add(parent: &Element, child: &Element) {
    let _ = parent.append_child(child);
}

fn action_button(doc: &Document, class: &str, text: &str, action: &str) -> Element {
    let b = button(doc, class, text);
    set_attr(&b, "data-action", action);
    b
}

/// A `<section>` labelled by its `<h2>`.
fn section(doc: &Document, id: &str, title: &str) -> Element {
    let s = el(doc, "section", &format!("ladder-{id}"), "");
    set_attr(&s, "id", id);
    let h = el(doc, "h2", "", title);
    set_attr(&h, "id", &format!("{id}-title"));
    set_attr(&s, "aria-labelledby", &format!("{id}-title"));
    add(&s, &h);
    s
}

fn input(doc: &Document, id: &str, value: &str, max: &str) -> Element {
    let i = el(doc, "input", "", "");
    for (name, v) in [("id", id), ("type", "text"), ("autocomplete", "off"), ("maxlength", max)] {
        set_attr(&i, name, v);
    }
    if let Some(i) = i.dyn_ref::<HtmlInputElement>() {
        i.set_value(value);
    }
    i
}

fn labelled(doc: &Document, text: &str, control: &Element) -> Element {
    let label = el(doc, "label", "name", "");
    add(&label, &el(doc, "span", "", text));
    add(&label, control);
    label
}

/// A download link for `text` (a data: URL, as the play page's PGN).
fn download(doc: &Document, label: &str, mime: &str, file: &str, text: &str) -> Element {
    let a = el(doc, "a", "button", label);
    let href = format!("data:{mime};charset=utf-8,{}", String::from(js_sys::encode_uri_component(text)));
    set_attr(&a, "href", &href);
    set_attr(&a, "download", file);
    a
}

/// The question waiting for yes or no, if any.
pub(super) fn ask_box(doc: &Document, state: &LadderState) -> Option<Element> {
    let ask = state.ask.as_ref()?;
    let (question, yes) = match ask {
        Ask::Undo => (state.undo_question()?, t(state, LadderText::UndoYes)),
        Ask::Remove(id) => {
            let name = state.ladder.student(*id)?.name().to_string();
            (words::remove_question(&name, state.lang), t(state, LadderText::Remove))
        }
        Ask::Import(_) => (state.import_question()?, t(state, LadderText::ImportYes)),
        Ask::FreshStart => (t(state, LadderText::StoredFreshConfirm).to_string(), t(state, LadderText::FreshYes)),
    };
    let box_ = el(doc, "div", "confirm ask", "");
    set_attr(&box_, "role", "group");
    set_attr(&box_, "aria-labelledby", "ask-text");
    let p = el(doc, "p", "", &question);
    set_attr(&p, "id", "ask-text");
    add(&box_, &p);
    add(&box_, &action_button(doc, "danger", yes, "yes"));
    add(&box_, &action_button(doc, "", t(state, LadderText::Cancel), "no"));
    Some(box_)
}

/// The warning when the stored ladder cannot be read: download it, then maybe start fresh.
pub(super) fn unreadable(doc: &Document, state: &LadderState, raw: &str, problem: &StoredProblem) -> Element {
    let s = section(doc, "stored", t(state, LadderText::Title));
    let (code, detail) = match problem {
        StoredProblem::NewerVersion(v) => (LadderText::StoredNewer, state.lang.pick(format!("（版本 {v}）"), format!("(version {v})"))),
        StoredProblem::Damaged(e) => (LadderText::StoredDamaged, words::import_error_text(e, state.lang)),
    };
    let warn = el(doc, "p", "message error", t(state, code));
    set_attr(&warn, "role", "alert");
    add(&s, &warn);
    add(&s, &el(doc, "p", "hint", &detail));
    let row = el(doc, "div", "row", "");
    add(&row, &download(doc, t(state, LadderText::StoredDownload), "text/plain", "qitong-ladder-saved.txt", raw));
    if state.ask.is_none() {
        add(&row, &action_button(doc, "", t(state, LadderText::StoredFresh), "fresh"));
    }
    add(&s, &row);
    s
}

/// The game from the play page: what it was, missing students, dismiss.
pub(super) fn pending(doc: &Document, state: &LadderState) -> Element {
    let s = section(doc, "pending", t(state, LadderText::Pending));
    let Some(p) = &state.pending else { return s };
    add(&s, &el(doc, "p", "big", &words::pending_line(&p.white, &p.black, p.score, state.lang)));
    if p.white.is_empty() || p.black.is_empty() {
        add(&s, &el(doc, "p", "hint", t(state, LadderText::PendingNoName)));
    }
    for name in state.missing_names() {
        let row = el(doc, "div", "row", "");
        add(&row, &el(doc, "span", "", &words::missing_student(&name, state.lang)));
        add(&row, &action_button(doc, "", &words::add_missing(&name, state.lang), &format!("add-missing:{name}")));
        add(&s, &row);
    }
    add(&s, &action_button(doc, "quiet", t(state, LadderText::PendingDismiss), "dismiss-pending"));
    s
}

fn student_select(doc: &Document, state: &LadderState, id: &str) -> Element {
    let select = el(doc, "select", "", "");
    set_attr(&select, "id", id);
    let none = el(doc, "option", "", t(state, LadderText::Choose));
    set_attr(&none, "value", "");
    add(&select, &none);
    let mut students: Vec<_> = state.ladder.students().iter().collect();
    crate::sort::sort_by(&mut students, |a, b| (a.name(), a.id()) < (b.name(), b.id()));
    for s in students {
        let o = el(doc, "option", "", s.name());
        set_attr(&o, "value", &s.id().to_string());
        add(&select, &o);
    }
    select
}

/// The White and Black choosers. A class's roster is a list to pick from; a school's (more
/// than a roster page) is a field that suggests names as they are typed: a list of 2,000 names
/// costs the browser more to lay out than every other part of the page together.
fn student_choosers(doc: &Document, state: &LadderState) -> [Element; 2] {
    let chosen = [state.form.white, state.form.black];
    if !uses_name_fields(state) {
        let white = student_select(doc, state, "rec-white");
        let black = white.clone_node_with_deep(true).ok().and_then(|n| n.dyn_into::<Element>().ok()).unwrap_or_else(|| student_select(doc, state, "rec-black"));
        set_attr(&black, "id", "rec-black");
        for (select, chosen) in [(&white, chosen[0]), (&black, chosen[1])] {
            if let (Some(select), Some(chosen)) = (select.dyn_ref::<web_sys::HtmlSelectElement>(), chosen) {
                select.set_value(&chosen.to_string());
            }
        }
        return [white, black];
    }
    let name = |id: Option<StudentId>| id.and_then(|id| state.ladder.student(id)).map_or(String::new(), |s| s.name().to_string());
    let fields = [("rec-white", name(chosen[0])), ("rec-black", name(chosen[1]))].map(|(id, value)| {
        let field = input(doc, id, &value, "40");
        set_attr(&field, "list", "rec-students");
        set_attr(&field, "placeholder", t(state, LadderText::TypeAName));
        field
    });
    fields
}

/// The names a school's name fields suggest (`<datalist id="rec-students">`). The page keeps it
/// between drawings and builds it again only when the roster changed (see [`roster_signature`]).
pub(super) fn student_names(doc: &Document, state: &LadderState) -> Element {
    let names = el(doc, "datalist", "", "");
    set_attr(&names, "id", "rec-students");
    for s in state.ladder.students() {
        let o = el(doc, "option", "", "");
        set_attr(&o, "value", s.name());
        add(&names, &o);
    }
    names
}

/// A fingerprint of the roster's ids and names (FNV-1a): equal, the suggested names still hold.
pub(super) fn roster_signature(state: &LadderState) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for s in state.ladder.students() {
        for byte in s.id().get().to_le_bytes().into_iter().chain(s.name().bytes()).chain([0xff]) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Whether the record form uses name fields (a school) rather than lists (a class).
pub(super) fn uses_name_fields(state: &LadderState) -> bool {
    state.ladder.students().len() > ROSTER_PAGE
}

/// The record form: White, Black, the result, the date; the preview and the confirm button.
pub(super) fn record(doc: &Document, state: &LadderState) -> Element {
    let s = section(doc, "record", t(state, LadderText::Record));
    if let Some(h) = s.first_element_child() {
        set_attr(&h, "tabindex", "-1");
    }
    add(&s, &el(doc, "p", "hint", t(state, LadderText::RecordHint)));
    let form = el(doc, "div", "record-form", "");
    let [white, black] = student_choosers(doc, state);
    add(&form, &labelled(doc, t(state, LadderText::White), &white));
    add(&form, &labelled(doc, t(state, LadderText::Black), &black));
    let group = el(doc, "div", "choices", "");
    set_attr(&group, "role", "group");
    set_attr(&group, "aria-label", t(state, LadderText::Result));
    add(&group, &el(doc, "span", "choices-label", t(state, LadderText::Result)));
    for (code, score, arg) in [(LadderText::WhiteWins, Score::Win, "1"), (LadderText::Draw, Score::Draw, "0.5"), (LadderText::BlackWins, Score::Loss, "0")] {
        let b = action_button(doc, "choice", t(state, code), &format!("score:{arg}"));
        set_attr(&b, "aria-pressed", if state.form.score == Some(score) { "true" } else { "false" });
        add(&group, &b);
    }
    add(&form, &group);
    add(&form, &labelled(doc, t(state, LadderText::Date), &input(doc, "rec-date", &state.form.date, "32")));
    add(&s, &form);
    let preview = el(doc, "div", "record-preview", "");
    set_attr(&preview, "id", "record-preview");
    set_attr(&preview, "aria-live", "polite");
    if state.same_student_chosen() {
        add(&preview, &el(doc, "p", "message error", t(state, LadderText::NeedTwo)));
    } else if let Some(sides) = state.preview() {
        add(&preview, &el(doc, "p", "", t(state, LadderText::Preview)));
        for (i, side) in sides.iter().enumerate() {
            let line = words::change_line(&side.name, side.before, side.after, side.from, side.to, state.lang);
            let p = el(doc, "p", "change", &line);
            set_attr(&p, "id", if i == 0 { "change-white" } else { "change-black" });
            add(&preview, &p);
        }
        add(&preview, &action_button(doc, "primary", t(state, LadderText::ConfirmRecord), "confirm-record"));
    }
    add(&s, &preview);
    s
}

/// The roster in standings order, with rename and remove.
pub(super) fn roster(doc: &Document, state: &LadderState, rename_text: &str) -> Element {
    let s = section(doc, "roster", t(state, LadderText::Roster));
    let students = state.ladder.students().len();
    if students == 0 {
        add(&s, &el(doc, "p", "hint", t(state, LadderText::NoStudents)));
        return s;
    }
    let (standings, matching) = state.roster_rows();
    let shown = standings.len();
    if students > ROSTER_PAGE || !state.roster_view.filter.is_empty() {
        let find = input(doc, "roster-filter", &state.roster_view.filter, "40");
        set_attr(&find, "type", "search");
        add(&s, &labelled(doc, t(state, LadderText::RosterFilter), &find));
        let count = words::roster_count(shown, matching, students, state.lang);
        let p = el(doc, "p", "hint roster-count", &count);
        set_attr(&p, "id", "roster-count");
        set_attr(&p, "role", "status");
        set_attr(&p, "tabindex", "-1");
        add(&s, &p);
    }
    let wrap = el(doc, "div", "table-wrap", "");
    let table = el(doc, "table", "ladder-table", "");
    let head = el(doc, "tr", "", "");
    for code in [LadderText::Rank, LadderText::Name, LadderText::Points, LadderText::Level, LadderText::Games, LadderText::Wdl, LadderText::Actions] {
        let class = match code {
            LadderText::Actions => "no-print",
            LadderText::Games | LadderText::Wdl => "wide",
            _ => "",
        };
        let th = el(doc, "th", class, t(state, code));
        set_attr(&th, "scope", "col");
        add(&head, &th);
    }
    let thead = el(doc, "thead", "", "");
    add(&thead, &head);
    add(&table, &thead);
    let body = el(doc, "tbody", "", "");
    for r in standings {
        let st = r.student;
        let row = el(doc, "tr", "", "");
        set_attr(&row, "data-id", &st.id().to_string());
        add(&row, &el(doc, "td", "num", &r.rank.to_string()));
        let name = el(doc, "th", "student", "");
        set_attr(&name, "scope", "row");
        let actions = el(doc, "td", "no-print actions", "");
        if state.renaming == Some(st.id()) {
            let field = input(doc, "rename-input", rename_text, "40");
            set_attr(&field, "aria-label", &format!("{}：{}", t(state, LadderText::NewName), st.name()));
            add(&name, &field);
            add(&actions, &action_button(doc, "primary", t(state, LadderText::Save), "rename-save"));
            add(&actions, &action_button(doc, "", t(state, LadderText::Cancel), "rename-cancel"));
        } else {
            name.set_text_content(Some(st.name()));
            for (code, class) in [(LadderText::Rename, "quiet"), (LadderText::Remove, "quiet")] {
                let b = action_button(doc, class, t(state, code), &format!("{}:{}", code.key(), st.id()));
                set_attr(&b, "aria-label", &format!("{} {}", t(state, code), st.name()));
                add(&actions, &b);
            }
        }
        add(&row, &name);
        add(&row, &el(doc, "td", "num points", &st.points().to_string()));
        add(&row, &el(doc, "td", "level", &words::standing_text(st.standing(), state.lang)));
        add(&row, &el(doc, "td", "num wide", &st.games().to_string()));
        add(&row, &el(doc, "td", "num wide", &format!("{}/{}/{}", st.wins(), st.draws(), st.losses())));
        add(&row, &actions);
        add(&body, &row);
    }
    add(&table, &body);
    add(&wrap, &table);
    add(&s, &wrap);
    if matching > shown {
        add(&s, &action_button(doc, "no-print", t(state, LadderText::RosterMore), "roster-more"));
    }
    add(&s, &el(doc, "p", "hint", t(state, LadderText::ProvisionalNote)));
    add(&s, &action_button(doc, "no-print", t(state, LadderText::Print), "print"));
    s
}

/// Adding a student: a name and the starting points.
pub(super) fn add_form(doc: &Document, state: &LadderState, name: &str, points: &str) -> Element {
    let s = section(doc, "add", t(state, LadderText::Add));
    set_attr(&s, "class", "ladder-add no-print");
    let form = el(doc, "div", "record-form", "");
    add(&form, &labelled(doc, t(state, LadderText::AddName), &input(doc, "add-name", name, "40")));
    let points = input(doc, "add-points", points, "7");
    set_attr(&points, "inputmode", "decimal");
    add(&form, &labelled(doc, t(state, LadderText::AddPoints), &points));
    add(&form, &action_button(doc, "primary", t(state, LadderText::AddButton), "add"));
    add(&s, &form);
    add(&s, &el(doc, "p", "hint", t(state, LadderText::AddHint)));
    s
}

/// The recorded games, newest first, and undo.
pub(super) fn history(doc: &Document, state: &LadderState) -> Element {
    let s = section(doc, "history", t(state, LadderText::History));
    set_attr(&s, "class", "ladder-history no-print");
    if let Some(h) = s.first_element_child() {
        set_attr(&h, "tabindex", "-1");
    }
    let lines = state.history_lines();
    if lines.is_empty() {
        add(&s, &el(doc, "p", "hint", t(state, LadderText::NoHistory)));
        return s;
    }
    if state.ask.is_none() {
        add(&s, &action_button(doc, "", t(state, LadderText::Undo), "undo"));
    }
    let list = el(doc, "ol", "history", "");
    set_attr(&list, "reversed", "");
    set_attr(&list, "start", &state.ladder.history().len().to_string());
    for line in lines {
        add(&list, &el(doc, "li", "", &line));
    }
    add(&s, &list);
    let games = state.ladder.history().len();
    if games > HISTORY_PAGE && !state.history_all {
        add(&s, &action_button(doc, "", &words::history_all(games, state.lang), "history-all"));
    }
    s
}

/// Export links and the import picker.
pub(super) fn files(doc: &Document, state: &LadderState, today: &str) -> Element {
    let s = section(doc, "files", t(state, LadderText::Files));
    set_attr(&s, "class", "ladder-files no-print");
    add(&s, &el(doc, "p", "privacy", t(state, LadderText::Privacy)));
    let row = el(doc, "div", "row", "");
    let ladder = &state.ladder;
    add(&row, &download(doc, t(state, LadderText::ExportJson), "application/json", &format!("qitong-ladder-{today}.json"), &ladder.to_json()));
    add(&row, &download(doc, t(state, LadderText::ExportRoster), "text/csv", &format!("qitong-ladder-roster-{today}.csv"), &ladder.roster_csv()));
    add(&row, &download(doc, t(state, LadderText::ExportHistory), "text/csv", &format!("qitong-ladder-games-{today}.csv"), &ladder.history_csv()));
    add(&s, &row);
    let picker = el(doc, "input", "", "");
    for (name, v) in [("id", "import-file"), ("type", "file"), ("accept", ".json,.csv,application/json,text/csv"), ("multiple", "")] {
        set_attr(&picker, name, v);
    }
    // The picker is its label, drawn as a button (as on the check page): the native control's
    // own words follow the browser's language, not the page's.
    let label = el(doc, "label", "file-pick", "");
    add(&label, &el(doc, "span", "", t(state, LadderText::Import)));
    add(&label, &picker);
    add(&s, &label);
    add(&s, &el(doc, "p", "hint", t(state, LadderText::ImportHint)));
    s
}
