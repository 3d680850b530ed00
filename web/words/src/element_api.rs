//! The public API of the site's custom elements — attributes, properties, methods, events, CSS
//! custom properties and parts — defined once, as plain data: each element's `api` module
//! (`qitong_board::api`, `qitong_clock::api`, `qitong_lesson_player::api`) fills one [`Element`] in, the elements
//! take their observed attributes from it, and `cargo xtask codegen` renders
//! `www/custom-elements.json`, the `.d.ts` files, the mirrored property lists of
//! `www/qitong-elements.js` and the reference tables of docs/embedding.md and `www/embed.html` from it.
//! The two ES modules that define the elements are the root crate's `ui::element_modules`.
//!
//! Types are TypeScript text; they may name the [`TypeDecl`]s of their [`JsModule`], which the
//! manifest spells out in full. The texts are only read by xtask and by `const` evaluation
//! ([`observed_names`]), so none of them ends up in the wasm.

/// A type, in TypeScript.
pub type Ts = &'static str;

/// One custom element.
pub struct Element {
    pub tag: &'static str,
    /// Its class, exported by its module.
    pub class: &'static str,
    /// `HTMLElement`, or the class of another element of the same module.
    pub extends: &'static str,
    /// One sentence for editors and the manifest.
    pub summary: &'static str,
    pub description: Option<&'static str>,
    pub attributes: &'static [Attribute],
    /// Methods and fields beyond the attributes' mirrored properties, in documentation order.
    pub members: &'static [Member],
    pub events: &'static [Event],
    pub css_properties: &'static [CssProperty],
    pub css_parts: &'static [CssPart],
}

/// An HTML attribute of an element.
pub struct Attribute {
    pub name: &'static str,
    /// The values it takes.
    pub ty: Ts,
    pub default: DefaultValue,
    pub property: Property,
    /// Whether the element is told when it changes (`observedAttributes`); an attribute that
    /// only the element's CSS reads is not.
    pub observed: bool,
    /// For developers (the manifest, the types, the README), in English.
    pub description: &'static str,
    /// For teachers (the embed guide): one short line in each language. Backticks mark code.
    pub zh: &'static str,
    pub en: &'static str,
}

/// The value an attribute or field has when nothing sets it.
pub enum DefaultValue {
    None,
    /// As JavaScript text: `"\"start\""`, `"false"`.
    Value(&'static str),
    /// Not a literal: said in words.
    Described {
        en: &'static str,
        zh: &'static str,
    },
}

/// The JavaScript property that goes with an attribute.
pub enum Property {
    None,
    /// A boolean property, true when the attribute is present (`mirror`'s `switches`).
    Switch(&'static str),
    /// A string property, `null` when the attribute is absent (`mirror`'s `values`).
    Value(&'static str),
    /// A property the class (or `HTMLElement`) defines itself; documented as a [`Member`].
    Own(&'static str),
}

impl Property {
    /// The property's name, if the attribute has one.
    pub const fn name(&self) -> Option<&'static str> {
        match self {
            Property::None => None,
            Property::Switch(name) | Property::Value(name) | Property::Own(name) => Some(name),
        }
    }
}

/// A method or a field of an element's class.
pub enum Member {
    Field(Field),
    Method(Method),
}

pub struct Field {
    pub name: &'static str,
    pub ty: Ts,
    pub default: DefaultValue,
    pub readonly: bool,
    /// A field of the class itself rather than of its instances.
    pub is_static: bool,
    /// The attribute it reflects.
    pub attribute: Option<&'static str>,
    pub description: &'static str,
}

pub struct Method {
    pub name: &'static str,
    pub params: &'static [Param],
    pub returns: Ts,
    pub description: &'static str,
}

pub struct Param {
    pub name: &'static str,
    pub ty: Ts,
    pub optional: bool,
    pub description: Option<&'static str>,
}

/// A `CustomEvent` the element fires.
pub struct Event {
    pub name: &'static str,
    /// The type of its `detail`.
    pub detail: Ts,
    pub description: &'static str,
    /// When it fires, for teachers (the embed guide).
    pub zh: &'static str,
    pub en: &'static str,
}

pub struct CssProperty {
    pub name: &'static str,
    pub default: &'static str,
    pub description: &'static str,
}

pub struct CssPart {
    pub name: &'static str,
    pub description: &'static str,
}

/// An ES module of `www/` that defines elements, with its `.d.ts` beside it.
pub struct JsModule {
    /// Relative to `www/`.
    pub path: &'static str,
    pub types_path: &'static str,
    /// What the `.d.ts` says first.
    pub about: &'static str,
    pub elements: &'static [&'static Element],
    /// Modules whose elements and types this one re-exports.
    pub reexports: &'static [&'static JsModule],
    pub types: &'static [TypeDecl],
}

/// A named TypeScript type of a module's `.d.ts`.
pub enum TypeDecl {
    Alias { name: &'static str, doc: Option<&'static str>, ty: Ts },
    Interface { name: &'static str, doc: Option<&'static str>, extends: Option<&'static str>, fields: &'static [InterfaceField] },
}

impl TypeDecl {
    pub const fn name(&self) -> &'static str {
        match self {
            TypeDecl::Alias { name, .. } | TypeDecl::Interface { name, .. } => name,
        }
    }
}

pub struct InterfaceField {
    pub name: &'static str,
    pub ty: Ts,
    pub optional: bool,
    pub doc: Option<&'static str>,
}

/// How many of `attributes` the element observes.
pub const fn observed_count(attributes: &[Attribute]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < attributes.len() {
        if attributes[i].observed {
            count += 1;
        }
        i += 1;
    }
    count
}

/// The names of the observed attributes, in order, for `observedAttributes` (`N` must be
/// [`observed_count`]; evaluated at compile time, so only the names reach the wasm).
pub const fn observed_names<const N: usize>(attributes: &[Attribute]) -> [&'static str; N] {
    let mut names = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < attributes.len() {
        if attributes[i].observed {
            names[n] = attributes[i].name;
            n += 1;
        }
        i += 1;
    }
    assert!(n == N, "N is not the number of observed attributes");
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn observed_names_keep_the_order_and_skip_the_unobserved() {
        const LIST: &[Attribute] = &[
            Attribute {
                name: "a",
                ty: "string",
                default: DefaultValue::None,
                property: Property::None,
                observed: true,
                description: "",
                zh: "",
                en: "",
            },
            Attribute {
                name: "b",
                ty: "string",
                default: DefaultValue::None,
                property: Property::None,
                observed: false,
                description: "",
                zh: "",
                en: "",
            },
            Attribute {
                name: "c",
                ty: "string",
                default: DefaultValue::None,
                property: Property::None,
                observed: true,
                description: "",
                zh: "",
                en: "",
            },
        ];
        const NAMES: [&str; observed_count(LIST)] = observed_names(LIST);
        assert_eq!(NAMES, ["a", "c"]);
    }
}
