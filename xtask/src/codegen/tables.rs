//! The generated regions inside hand-written files: docs/embedding.md's and `www/embed.html`'s
//! reference tables, the mirrored property lists and observed attributes of the element
//! modules, and the language key of the pages' scripts.

use super::typescript::expand;
use qitong_words::element_api::{DefaultValue, Element, JsModule, Member, Property};
use std::fmt::Write;

/// `text` for a Markdown table cell: a `|` would end the cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// A default for people: `start`, not `"start"`.
fn plain_default(default: &DefaultValue) -> Option<String> {
    match default {
        DefaultValue::None => None,
        DefaultValue::Value(text) => Some(text.trim_matches('"').to_string()),
        DefaultValue::Described { .. } => None,
    }
}

/// docs/embedding.md's attribute table of `element`.
pub fn readme_attributes(element: &Element, module: &JsModule) -> String {
    let mut out = String::from("| attribute | property | values | default | what it does |\n| --- | --- | --- | --- | --- |\n");
    for a in element.attributes {
        let property = a.property.name().map(|p| format!("`{p}`")).unwrap_or_else(|| "—".into());
        let default = match (&a.default, plain_default(&a.default)) {
            (_, Some(value)) => format!("`{value}`"),
            (DefaultValue::Described { en, .. }, None) => en.to_string(),
            _ => "—".into(),
        };
        let values = cell(&format!("`{}`", expand(a.ty, module)));
        writeln!(out, "| `{}` | {property} | {values} | {default} | {} |", a.name, cell(a.description)).expect("write");
    }
    out
}

/// docs/embedding.md's method table of `element` (its fields are in the attribute table or the types),
/// with every type spelled out.
pub fn readme_methods(element: &Element, module: &JsModule) -> String {
    let mut out = String::from("| method | does |\n| --- | --- |\n");
    for member in element.members {
        if let Member::Method(method) = member {
            let params: Vec<String> =
                method.params.iter().map(|p| format!("{}{}: {}", p.name, if p.optional { "?" } else { "" }, expand(p.ty, module))).collect();
            let signature = format!("{}({}): {}", method.name, params.join(", "), expand(method.returns, module));
            writeln!(out, "| `{}` | {} |", cell(&signature), cell(method.description)).expect("write");
        }
    }
    out
}

/// docs/embedding.md's event table of `element`.
pub fn readme_events(element: &Element, module: &JsModule) -> String {
    let mut out = String::from("| event (bubbles, composed) | `detail` | when |\n| --- | --- | --- |\n");
    for event in element.events {
        writeln!(out, "| `{}` | {} | {} |", event.name, cell(&format!("`{}`", expand(event.detail, module))), cell(event.description))
            .expect("write");
    }
    out
}

/// Text as HTML, with `backticks` as `<code>`.
fn html(text: &str) -> String {
    let escaped = text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#x27;");
    let mut out = String::new();
    for (i, part) in escaped.split('`').enumerate() {
        if i % 2 == 1 {
            write!(out, "<code>{part}</code>").expect("write");
        } else {
            out.push_str(part);
        }
    }
    out
}

fn both(zh: &str, en: &str) -> String {
    format!("<span class=\"zh\">{}</span><span class=\"en\" lang=\"en\">{}</span>", html(zh), html(en))
}

/// One of the embed guide's reference tables: a caption, a header row, then one row per item
/// whose first cell (the item's name) is a row header.
fn embed_table(tag: &str, kind: &str, caption: String, headers: &[String], rows: impl Iterator<Item = [String; 2]>) -> String {
    let mut out = format!("<table class=\"ref\" data-element=\"{tag}\" data-kind=\"{kind}\">\n");
    writeln!(out, "  <caption>{caption}</caption>").expect("write");
    let head: String = headers.iter().map(|h| format!("<th scope=\"col\">{h}</th>")).collect();
    writeln!(out, "  <thead><tr>{head}</tr></thead>").expect("write");
    out.push_str("  <tbody>\n");
    for [name, cells] in rows {
        writeln!(out, "    <tr><th scope=\"row\"><code>{name}</code></th>{cells}</tr>").expect("write");
    }
    out.push_str("  </tbody>\n</table>\n");
    out
}

/// The embed guide's attribute table of `element`, for teachers: zh-CN and English.
pub fn embed_attributes(element: &Element, module: &JsModule) -> String {
    let tag = element.tag;
    let headers = [both("属性", "attribute"), both("取值", "values"), both("默认", "default"), both("作用", "what it does")];
    let rows = element.attributes.iter().map(|a| {
        let default = match (&a.default, plain_default(&a.default)) {
            (_, Some(value)) => html(&format!("`{value}`")),
            (DefaultValue::Described { en, zh }, None) => both(zh, en),
            _ => "—".into(),
        };
        [html(a.name), format!("<td><code>{}</code></td><td>{default}</td><td>{}</td>", html(&expand(a.ty, module)), both(a.zh, a.en))]
    });
    embed_table(tag, "attributes", both(&format!("<{tag}> 的属性"), &format!("<{tag}> attributes")), &headers, rows)
}

/// The embed guide's event table of `element`.
pub fn embed_events(element: &Element, module: &JsModule) -> String {
    let tag = element.tag;
    let headers = [both("事件", "event"), "<code>detail</code>".to_string(), both("什么时候", "when")];
    let rows = element
        .events
        .iter()
        .map(|e| [html(e.name), format!("<td><code>{}</code></td><td>{}</td>", html(&expand(e.detail, module)), both(e.zh, e.en))]);
    let caption = both(&format!("<{tag}> 的事件（会传到网页上）"), &format!("<{tag}> events (they bubble up to the page)"));
    embed_table(tag, "events", caption, &headers, rows)
}

/// `const BOARD_PROPERTIES = [...mirror(ChessBoard, { switches, values }), 'position'];`: the
/// properties `mirror` defines from the attributes, then the class's own writable ones that
/// reflect an attribute, for `adoptEarlyProperties`.
pub fn mirrored_properties(element: &Element) -> String {
    let list = |want: fn(&Property) -> Option<&'static str>| {
        let pairs: Vec<String> = element.attributes.iter().filter_map(|a| want(&a.property).map(|p| format!("{p}: '{}'", a.name))).collect();
        format!("{{ {} }}", pairs.join(", "))
    };
    let switches = list(|p| if let Property::Switch(name) = p { Some(name) } else { None });
    let values = list(|p| if let Property::Value(name) = p { Some(name) } else { None });
    let constant = format!("{}_PROPERTIES", element.class.trim_start_matches("Chess").to_ascii_uppercase());
    let mut out = format!("const {constant} = [\n  ...mirror({}, {{\n    switches: {switches},\n    values: {values},\n  }}),\n", element.class);
    for member in element.members {
        if let Member::Field(f) = member {
            if f.attribute.is_some() && !f.readonly && !f.is_static {
                writeln!(out, "  '{}',", f.name).expect("write");
            }
        }
    }
    out.push_str("];\n");
    out
}

/// `static observedAttributes = [...];` of a class whose shell is JavaScript.
pub fn observed_attributes(element: &Element) -> String {
    let names: Vec<String> = element.attributes.iter().filter(|a| a.observed).map(|a| format!("'{}'", a.name)).collect();
    format!("static observedAttributes = [{}];\n", names.join(", "))
}

/// The values an attribute takes, from its type (`'a' | 'b'`, aliases expanded); panics when the
/// type is not a union of string literals, so a changed type fails the codegen test loudly.
pub fn attribute_values(element: &Element, name: &str, module: &JsModule) -> Vec<String> {
    let attribute = element.attributes.iter().find(|a| a.name == name).unwrap_or_else(|| panic!("{} has no attribute {name}", element.tag));
    expand(attribute.ty, module)
        .split('|')
        .map(|v| {
            let v = v.trim();
            assert!(v.len() > 2 && v.starts_with('\'') && v.ends_with('\''), "{}'s {name} is not a union of strings: {v}", element.tag);
            v[1..v.len() - 1].to_owned()
        })
        .collect()
}

/// `frame.js`'s lists of the values it lets an address give a board and a clock: the elements'
/// own, so that the frame accepts exactly what they do.
pub fn frame_choices(board: &Element, clock: &Element, module: &JsModule) -> String {
    let list = |values: Vec<String>| values.iter().map(|v| format!("'{v}'")).collect::<Vec<_>>().join(", ");
    let mut out = String::from("const BOARD_CHOICES = {\n");
    for name in ["orientation", "coordinates", "theme", "side"] {
        writeln!(out, "  {name}: [{}],", list(attribute_values(board, name, module))).expect("write");
    }
    out.push_str("};\n");
    // `?board&computer=N`: the board's `level` values.
    writeln!(out, "const COMPUTER_LEVELS = [{}];", list(attribute_values(board, "level", module))).expect("write");
    writeln!(out, "const CLOCK_THEMES = [{}];", list(attribute_values(clock, "theme", module))).expect("write");
    out
}

/// `www/storage.js`'s copy of the storage note (`qitong_words::NO_STORAGE`).
pub fn no_storage((zh, en): (&str, &str)) -> String {
    let quote = |text: &str| format!("{text:?}");
    format!("export const NO_STORAGE = {{\n  'zh-CN': {},\n  en: {},\n}};\n", quote(zh), quote(en))
}

/// The pages' scripts' copy of the language key.
pub fn lang_key(key: &str) -> String {
    format!("const LANG_KEY = '{key}';\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong::ui::board::api::CHESS_BOARD;
    use qitong::ui::clock::api::CHESS_CLOCK;
    use qitong::ui::element_modules::ELEMENTS_MODULE;

    #[test]
    fn html_escapes_and_marks_code() {
        assert_eq!(html("`'a' | <b>` & co"), "<code>&#x27;a&#x27; | &lt;b&gt;</code> &amp; co");
    }

    #[test]
    fn markdown_cells_keep_their_bars() {
        let table = readme_attributes(&CHESS_BOARD, &ELEMENTS_MODULE);
        assert!(table.contains("| `orientation` | `orientation` | `'white' \\| 'black'` | `white` |"), "{table}");
    }

    #[test]
    fn frame_choices_are_the_elements_own_values() {
        let choices = frame_choices(&CHESS_BOARD, &CHESS_CLOCK, &ELEMENTS_MODULE);
        assert!(choices.contains("  orientation: ['white', 'black'],\n"), "{choices}");
        assert!(choices.contains("  coordinates: ['inside', 'outside', 'off'],\n"), "{choices}");
        assert!(choices.contains("  theme: ['default', 'high-contrast', 'projector'],\n"), "{choices}");
        assert!(choices.ends_with("const CLOCK_THEMES = ['high-contrast', 'projector'];\n"), "{choices}");
    }

    #[test]
    #[should_panic(expected = "not a union of strings")]
    fn a_value_list_needs_a_union_of_strings() {
        attribute_values(&CHESS_BOARD, "readonly", &ELEMENTS_MODULE);
    }

    #[test]
    fn mirrored_properties_are_the_switches_and_values_then_own_accessors() {
        let board = mirrored_properties(&CHESS_BOARD);
        assert!(board.starts_with("const BOARD_PROPERTIES = [\n  ...mirror(ChessBoard, {\n    switches: { readonly: 'readonly', classPlay: 'class-play', sound: 'sound' },"), "{board}");
        assert!(board.ends_with("  'position',\n];\n"), "{board}");
        let clock = mirrored_properties(&CHESS_CLOCK);
        assert!(clock.contains("values: { timeControl: 'time-control', theme: 'theme', fen: 'fen' }"), "{clock}");
        assert!(!clock.contains("'state'"), "read-only fields are not adopted");
    }
}
