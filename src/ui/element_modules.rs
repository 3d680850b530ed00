//! The two ES modules that define the elements, `qitong-elements.js` and
//! `qitong-lesson-elements.js`, with the named TypeScript types their `.d.ts` files export.

use crate::ui::board::api::CHESS_BOARD;
use crate::ui::clock::api::CHESS_CLOCK;
use crate::ui::element_api::{InterfaceField, JsModule, TypeDecl};
use crate::ui::lesson::api::{CHESS_LESSON, CHESS_QUIZ};

/// A field of an interface, without a comment.
const fn field(name: &'static str, ty: &'static str) -> InterfaceField {
    InterfaceField { name, ty, optional: false, doc: None }
}

/// `qitong-elements.js`: `<chess-board>`, `<chess-clock>`, and the lesson elements re-exported.
pub const ELEMENTS_MODULE: JsModule = JsModule {
    path: "qitong-elements.js",
    types_path: "qitong-elements.d.ts",
    about: "qitong-elements.js (`<chess-board>`, `<chess-clock>`, and the lesson elements it re-exports)",
    elements: &[&CHESS_BOARD, &CHESS_CLOCK],
    reexports: &[&LESSON_ELEMENTS_MODULE],
    types: &[
        TypeDecl::Alias { name: "Side", doc: None, ty: "'white' | 'black'" },
        TypeDecl::Alias { name: "GameResult", doc: None, ty: "'1-0' | '0-1' | '1/2-1/2'" },
        TypeDecl::Interface {
            name: "MoveDetail",
            doc: Some("`move` (cancelable: `preventDefault()` vetoes the move) and the `played` that follows it."),
            extends: None,
            fields: &[
                field("san", "string"),
                field("uci", "string"),
                InterfaceField { name: "fen", ty: "string", optional: false, doc: Some("The position after the move.") },
                field("from", "string"),
                field("to", "string"),
            ],
        },
        TypeDecl::Interface { name: "PlayedDetail", doc: None, extends: Some("MoveDetail"), fields: &[field("side", "Side")] },
        TypeDecl::Interface {
            name: "IllegalMoveDetail",
            doc: Some("`illegal-move`: the rules core's reason, the squares it names, and the kid-worded message."),
            extends: None,
            fields: &[field("code", "string"), field("squares", "string[]"), field("message", "string")],
        },
        TypeDecl::Interface {
            name: "GameOverDetail",
            doc: None,
            extends: None,
            fields: &[field("result", "GameResult"), field("reason", "string"), field("winner", "Side | null"), field("message", "string")],
        },
        TypeDecl::Interface {
            name: "SelectDetail",
            doc: None,
            extends: None,
            fields: &[field("square", "string | null"), field("dests", "string[]")],
        },
        TypeDecl::Interface {
            name: "Shape",
            doc: Some("An arrow (`orig` to `dest`) or a circle (no `dest`)."),
            extends: None,
            fields: &[
                field("orig", "string"),
                InterfaceField { name: "dest", ty: "string", optional: true, doc: None },
                InterfaceField { name: "brush", ty: "'green' | 'red' | 'blue' | 'yellow'", optional: true, doc: None },
            ],
        },
        TypeDecl::Interface {
            name: "ClassState",
            doc: None,
            extends: None,
            fields: &[
                field("fouls", "{ white: number, black: number }"),
                field("drawOffer", "Side | null"),
                field("offerBarred", "{ white: boolean, black: boolean }"),
                field("result", "string | null"),
                field("reason", "string | null"),
            ],
        },
        TypeDecl::Interface {
            name: "ScoreSheetRow",
            doc: None,
            extends: None,
            fields: &[field("number", "number"), field("white", "string | null"), field("black", "string | null")],
        },
        TypeDecl::Interface {
            name: "ClockPressDetail",
            doc: Some("Milliseconds left on both clocks after a press."),
            extends: None,
            fields: &[field("side", "Side"), field("white", "number"), field("black", "number")],
        },
        TypeDecl::Interface {
            name: "ClockFlagDetail",
            doc: None,
            extends: None,
            fields: &[field("side", "Side"), field("opponentCanMate", "boolean | null"), field("result", "GameResult"), field("message", "string")],
        },
    ],
};

/// `qitong-lesson-elements.js`: `<chess-lesson>` and `<chess-quiz>`, with their own wasm module.
pub const LESSON_ELEMENTS_MODULE: JsModule = JsModule {
    path: "qitong-lesson-elements.js",
    types_path: "qitong-lesson-elements.d.ts",
    about: "qitong-lesson-elements.js (`<chess-lesson>`, `<chess-quiz>`)",
    elements: &[&CHESS_LESSON, &CHESS_QUIZ],
    reexports: &[],
    types: &[TypeDecl::Interface {
        name: "LessonCompleteDetail",
        doc: Some("`complete`: a lesson (or the quiz's step) is finished."),
        extends: None,
        fields: &[
            InterfaceField { name: "stars", ty: "number", optional: false, doc: Some("0-3.") },
            InterfaceField {
                name: "lesson",
                ty: "string",
                optional: false,
                doc: Some("The lesson's id (`stage/lesson`, or the file's name for `src`)."),
            },
        ],
    }],
};

/// Every module, the re-exported ones after those that re-export them.
pub const MODULES: [&JsModule; 2] = [&ELEMENTS_MODULE, &LESSON_ELEMENTS_MODULE];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_element_is_documented() {
        for module in [&ELEMENTS_MODULE, &LESSON_ELEMENTS_MODULE] {
            for element in module.elements {
                let mut names: Vec<&str> = element.attributes.iter().map(|a| a.name).collect();
                names.sort_unstable();
                names.dedup();
                assert_eq!(names.len(), element.attributes.len(), "{}: an attribute twice", element.tag);
                for a in element.attributes {
                    assert!(!a.description.is_empty() && !a.zh.is_empty() && !a.en.is_empty(), "{} {}", element.tag, a.name);
                }
                for e in element.events {
                    assert!(!e.description.is_empty() && !e.zh.is_empty() && !e.en.is_empty(), "{} {}", element.tag, e.name);
                }
            }
        }
    }
}
