//! `www/custom-elements.json`, the Custom Elements Manifest (schema 1.0.0, as
//! chessboard-element publishes one) that editors read, from the elements' definitions.

use super::typescript::expand;
use qitong_words::element_api::{Attribute, DefaultValue, Element, JsModule, Member, Property};
use serde::Serialize;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Manifest {
    schema_version: &'static str,
    readme: &'static str,
    modules: Vec<Module>,
}

#[derive(Serialize)]
struct Module {
    kind: &'static str,
    path: &'static str,
    declarations: Vec<Declaration>,
    exports: Vec<Export>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Declaration {
    kind: &'static str,
    name: &'static str,
    tag_name: &'static str,
    custom_element: bool,
    superclass: Superclass,
    summary: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'static str>,
    attributes: Vec<AttributeDoc>,
    members: Vec<MemberDoc>,
    events: Vec<EventDoc>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    css_properties: Vec<CssPropertyDoc>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    css_parts: Vec<Named>,
}

#[derive(Serialize)]
struct Superclass {
    name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    module: Option<&'static str>,
}

#[derive(Serialize)]
struct Type {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AttributeDoc {
    name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    field_name: Option<&'static str>,
    #[serde(rename = "type")]
    ty: Type,
    #[serde(skip_serializing_if = "Option::is_none")]
    default: Option<&'static str>,
    description: &'static str,
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum MemberDoc {
    Field {
        name: &'static str,
        #[serde(rename = "type")]
        ty: Type,
        #[serde(skip_serializing_if = "Option::is_none")]
        default: Option<&'static str>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        readonly: bool,
        #[serde(rename = "static", skip_serializing_if = "std::ops::Not::not")]
        is_static: bool,
        description: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        attribute: Option<&'static str>,
    },
    Method {
        name: &'static str,
        parameters: Vec<ParameterDoc>,
        #[serde(rename = "return")]
        returns: Returns,
        description: &'static str,
    },
}

#[derive(Serialize)]
struct ParameterDoc {
    name: &'static str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    optional: bool,
    #[serde(rename = "type")]
    ty: Type,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'static str>,
}

#[derive(Serialize)]
struct Returns {
    #[serde(rename = "type")]
    ty: Type,
}

#[derive(Serialize)]
struct EventDoc {
    name: &'static str,
    #[serde(rename = "type")]
    ty: Type,
    description: &'static str,
}

#[derive(Serialize)]
struct CssPropertyDoc {
    name: &'static str,
    default: &'static str,
    description: &'static str,
}

#[derive(Serialize)]
struct Named {
    name: &'static str,
    description: &'static str,
}

#[derive(Serialize)]
struct Export {
    kind: &'static str,
    name: &'static str,
    declaration: Reference,
}

#[derive(Serialize)]
struct Reference {
    name: &'static str,
    module: &'static str,
}

/// The manifest's text (two-space JSON, a newline at the end).
pub fn render(modules: &[&JsModule]) -> String {
    let manifest =
        Manifest { schema_version: "1.0.0", readme: "docs/embedding.md#embedding-a-board", modules: modules.iter().map(|m| module(m)).collect() };
    let mut text = serde_json::to_string_pretty(&manifest).expect("plain data always serialises");
    text.push('\n');
    text
}

fn module(module: &JsModule) -> Module {
    let mut exports = Vec::new();
    let own = module.elements.iter().map(|e| (e, module.path));
    let reexported = module.reexports.iter().flat_map(|m| m.elements.iter().map(|e| (e, m.path)));
    for (element, path) in own.chain(reexported) {
        let declaration = || Reference { name: element.class, module: path };
        exports.push(Export { kind: "js", name: element.class, declaration: declaration() });
        exports.push(Export { kind: "custom-element-definition", name: element.tag, declaration: declaration() });
    }
    Module { kind: "javascript-module", path: module.path, declarations: module.elements.iter().map(|e| declaration(e, module)).collect(), exports }
}

fn default_text(default: &DefaultValue) -> Option<&'static str> {
    match default {
        DefaultValue::None => None,
        DefaultValue::Value(text) => Some(text),
        DefaultValue::Described { en, .. } => Some(en),
    }
}

fn declaration(element: &Element, module: &JsModule) -> Declaration {
    let ty = |text: &str| Type { text: expand(text, module) };
    let same_module = module.elements.iter().any(|e| e.class == element.extends);
    let mut members: Vec<MemberDoc> = element.attributes.iter().filter_map(|a| mirrored_field(a, module)).collect();
    members.extend(element.members.iter().map(|member| match member {
        Member::Field(f) => MemberDoc::Field {
            name: f.name,
            ty: ty(f.ty),
            default: default_text(&f.default),
            readonly: f.readonly,
            is_static: f.is_static,
            description: f.description,
            attribute: f.attribute,
        },
        Member::Method(m) => MemberDoc::Method {
            name: m.name,
            parameters:
                m.params.iter().map(|p| ParameterDoc { name: p.name, optional: p.optional, ty: ty(p.ty), description: p.description }).collect(),
            returns: Returns { ty: ty(m.returns) },
            description: m.description,
        },
    }));
    Declaration {
        kind: "class",
        name: element.class,
        tag_name: element.tag,
        custom_element: true,
        superclass: Superclass { name: element.extends, module: same_module.then_some(module.path) },
        summary: element.summary,
        description: element.description,
        attributes: element
            .attributes
            .iter()
            .map(|a| AttributeDoc {
                name: a.name,
                field_name: a.property.name(),
                ty: ty(a.ty),
                default: default_text(&a.default),
                description: a.description,
            })
            .collect(),
        members,
        events: element
            .events
            .iter()
            .map(|e| EventDoc { name: e.name, ty: Type { text: format!("CustomEvent<{}>", expand(e.detail, module)) }, description: e.description })
            .collect(),
        css_properties: element
            .css_properties
            .iter()
            .map(|c| CssPropertyDoc { name: c.name, default: c.default, description: c.description })
            .collect(),
        css_parts: element.css_parts.iter().map(|p| Named { name: p.name, description: p.description }).collect(),
    }
}

/// The field of an attribute's mirrored property (`mirror` in `qitong-elements.js`).
fn mirrored_field(attribute: &Attribute, module: &JsModule) -> Option<MemberDoc> {
    let (name, ty) = match attribute.property {
        Property::Switch(name) => (name, "boolean".to_string()),
        Property::Value(name) => (name, expand(attribute.ty, module)),
        Property::None | Property::Own(_) => return None,
    };
    Some(MemberDoc::Field {
        name,
        ty: Type { text: ty },
        default: default_text(&attribute.default),
        readonly: false,
        is_static: false,
        description: attribute.description,
        attribute: Some(attribute.name),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong::ui::element_modules::MODULES;

    #[test]
    fn the_manifest_declares_every_element_with_its_exports() {
        let manifest: serde_json::Value = serde_json::from_str(&render(&MODULES)).expect("valid JSON");
        let modules = manifest["modules"].as_array().expect("modules");
        let tags: Vec<&str> = modules[0]["exports"]
            .as_array()
            .expect("exports")
            .iter()
            .filter(|e| e["kind"] == "custom-element-definition")
            .filter_map(|e| e["name"].as_str())
            .collect();
        assert_eq!(tags, ["chess-board", "chess-clock", "chess-lesson", "chess-quiz"]);
        let board = &modules[0]["declarations"][0];
        assert_eq!(board["tagName"], "chess-board");
        let orientation = board["members"].as_array().expect("members").iter().find(|m| m["name"] == "orientation").expect("mirrored");
        assert_eq!(orientation["type"]["text"], "'white' | 'black'");
        assert_eq!(orientation["attribute"], "orientation");
        let quiz = &modules[1]["declarations"][1];
        assert_eq!(quiz["superclass"]["module"], "qitong-lesson-elements.js");
    }
}
