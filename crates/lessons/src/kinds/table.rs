//! The machinery behind the kind table in `kinds/mod.rs`: what a row says (`Kind`, `Needs`,
//! `Label`) and the `kind_table!` macro that turns the rows into `KINDS`, `StepKind`,
//! `Exercise` and the loader's dispatch, so that no other file lists the kinds.

use crate::lang::Lang;

/// A text in both languages, fixed in the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    /// The Chinese text.
    pub zh: &'static str,
    /// The English text.
    pub en: &'static str,
}

impl Label {
    /// No text: a kind without a default prompt.
    pub const NONE: Label = Label { zh: "", en: "" };

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &'static str {
        lang.pick(self.zh, self.en)
    }
}

/// What a kind needs of the step's board (the scene keys `fen`, `turn`, `drill`, `arrows`,
/// `highlight`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// No board unless `fen` is given.
    OptionalBoard,
    /// `fen` is required.
    Board,
    /// `fen` is required; a placement-only FEN's side to move is the colour of the piece on the
    /// step's `square` (find all moves).
    BoardOfSquarePiece,
    /// Without `fen`, the standard start position.
    BoardOrStart,
    /// The kind reads `fen` itself (the set-up board: a partly set board, not a position), and
    /// has no scene.
    OwnFen,
}

/// One row of the kind table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// The name written in `kind = "…"`.
    pub name: &'static str,
    /// What the kind needs of the board.
    pub needs: Needs,
    /// Does the step earn stars?
    pub scored: bool,
    /// Does the child move pieces on the board (the player sends `Event::Move`)?
    pub moves: bool,
    /// Does the child act on the board: move, place pieces, tap squares or press the clock
    /// (rather than read, watch or choose an answer)? The course's share is counted by
    /// `tests/course_doing.rs`.
    pub acts: bool,
    /// What the child does, for teachers (as in `lessons/FORMAT.md` §4). Natively only: no page
    /// shows it, and its texts cost every wasm module 0.6 KB gzipped (measured 2026-12-03).
    #[cfg(not(target_arch = "wasm32"))]
    pub label: Label,
    /// The instruction shown when the step has no `prompt` (the kind module's `PROMPT`).
    pub prompt: Label,
    /// Is it one of the course's basics (the row's group `basics`): a kind of the stages on the
    /// board, its set-up and how each piece moves, which the basics modules play (`KindSet`'s
    /// `Basics`, `qitong_course_basics`: what the first lesson page downloads, issue 27)?
    pub basic: bool,
}

/// A kind's spec or machine (`$wrap`: `MoreSpec` or `MoreMachine`) as the kind set `K` holds it:
/// itself for a row of the group `basics`, else as the set says ([`super::KindSet`]).
macro_rules! held {
    (basics, $wrap:ident, $t:ty) => { $t };
    (more, $wrap:ident, $t:ty) => { <K as $crate::kinds::KindSet>::$wrap<$t> };
}

/// `$load` for a row of the group `basics`; for one of the group `more`, `$load` if the kind set
/// `K` plays the kind (else it is not called, and so not compiled in).
macro_rules! load_in_set {
    (basics, $load:expr) => {
        $load
    };
    (more, $load:expr) => {
        <K as $crate::kinds::KindSet>::load_more(|| $load)
    };
}

/// The machine started from `$spec` by `$m::$machine`, as the kind set `K` holds it.
macro_rules! start_in_set {
    (basics, $spec:expr, $m:ident::$machine:ident) => {
        <$m::$machine as Machine>::new($spec.clone())
    };
    (more, $spec:expr, $m:ident::$machine:ident) => {
        <K as $crate::kinds::KindSet>::start_more::<$m::Spec, $m::$machine>($spec, |spec| <$m::$machine as Machine>::new(spec.clone()))
    };
}

/// Whether a row's group is `basics`.
macro_rules! is_basic {
    (basics) => {
        true
    };
    (more) => {
        false
    };
}

/// Builds everything that lists the kinds from the rows
/// `"name" => Variant(module::Machine, loader, needs, scored, moves, acts, "zh label", "en label") group;`
/// (`group`: `basics` or `more`, see [`Kind::basic`]).
macro_rules! kind_table {
    ($($name:literal => $variant:ident($m:ident::$machine:ident, $load:ident, $needs:ident, $scored:expr, $moves:expr, $acts:expr, $zh:literal, $en:literal) $group:ident;)*) => {
        /// Every kind's row, in table order.
        pub const TABLE: &[Kind] = &[$(Kind {
            name: $name,
            needs: Needs::$needs,
            scored: $scored,
            moves: $moves,
            acts: $acts,
            #[cfg(not(target_arch = "wasm32"))]
            label: Label { zh: $zh, en: $en },
            prompt: $m::PROMPT,
            basic: is_basic!($group),
        },)*];

        /// Every step kind, as written in `kind = "…"`.
        pub const KINDS: &[&str] = &[$($name,)*];

        /// Each row's module's `SAMPLE`, in table order.
        #[cfg(test)]
        const SAMPLES: &[&str] = &[$($m::SAMPLE,)*];

        /// The kinds of step, each with what its lesson file says (of the kinds `K` plays).
        pub enum StepKind<K: KindSet = Every> {
            $(#[doc = concat!("`", $name, "`: ", $en, ".")] $variant(held!($group, MoreSpec, $m::Spec)),)*
        }

        /// A step being played: the state machine of its kind. The player sends it events and
        /// draws what the feedback and the kind's own accessors say.
        pub enum Exercise<K: KindSet = Every> {
            $(#[doc = concat!("`", $name, "`.")] $variant(held!($group, MoreMachine, $m::$machine)),)*
        }

        // What `derive` would write, which it cannot for types given by a macro (`held!`).
        impl<K: KindSet> Clone for StepKind<K> {
            fn clone(&self) -> Self {
                match self { $(StepKind::$variant(spec) => StepKind::$variant(spec.clone()),)* }
            }
        }

        impl<K: KindSet> PartialEq for StepKind<K> {
            fn eq(&self, other: &Self) -> bool {
                match (self, other) {
                    $((StepKind::$variant(a), StepKind::$variant(b)) => a == b,)*
                    _ => false,
                }
            }
        }

        impl<K: KindSet> core::fmt::Debug for StepKind<K> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self { $(StepKind::$variant(spec) => f.debug_tuple(stringify!($variant)).field(spec).finish(),)* }
            }
        }

        impl<K: KindSet> Clone for Exercise<K> {
            fn clone(&self) -> Self {
                match self { $(Exercise::$variant(machine) => Exercise::$variant(machine.clone()),)* }
            }
        }

        impl<K: KindSet> core::fmt::Debug for Exercise<K> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self { $(Exercise::$variant(machine) => f.debug_tuple(stringify!($variant)).field(machine).finish(),)* }
            }
        }

        /// A row's place in the table, as a type (so that the dispatch below is checked).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum Row {
            $($variant,)*
        }

        impl Row {
            fn named(name: &str) -> Option<Row> {
                match name {
                    $($name => Some(Row::$variant),)*
                    _ => None,
                }
            }

            fn kind(self) -> &'static Kind {
                &TABLE[self as usize]
            }

            /// Does the kind set `K` play the kind (every kind, or the basics alone)?
            fn in_set<K: KindSet>(self) -> bool {
                K::MORE || self.kind().basic
            }

            fn keys(self) -> &'static [&'static str] {
                match self {
                    $(Row::$variant => $m::KEYS,)*
                }
            }

            fn load<K: KindSet>(self, r: &mut Reader, start: &Start) -> Option<StepKind<K>> {
                match self {
                    $(Row::$variant => load_in_set!($group, $m::$load(r, start)).map(StepKind::$variant),)*
                }
            }
        }

        impl<K: KindSet> StepKind<K> {
            fn row(&self) -> Row {
                match self {
                    $(StepKind::$variant(_) => Row::$variant,)*
                }
            }
        }

        impl<K: KindSet> Exercise<K> {
            /// Starts `step`.
            pub fn new(step: &Step<K>) -> Exercise<K> {
                match &step.kind {
                    $(StepKind::$variant(spec) => Exercise::$variant(start_in_set!($group, spec, $m::$machine)),)*
                }
            }

            fn row(&self) -> Row {
                match self {
                    $(Exercise::$variant(_) => Row::$variant,)*
                }
            }

            fn react(&mut self, event: &Event) -> Feedback {
                match self {
                    $(Exercise::$variant(m) => m.handle(event),)*
                }
            }

            /// Back to the step's own start.
            pub fn retry(&mut self) {
                match self {
                    $(Exercise::$variant(m) => m.retry(),)*
                }
            }

            /// Where the step stands.
            pub fn status(&self) -> Status {
                match self {
                    $(Exercise::$variant(m) => m.status(),)*
                }
            }

            /// The position to draw now, for steps with a board.
            pub fn position(&self) -> Option<Position> {
                match self {
                    $(Exercise::$variant(m) => m.position(),)*
                }
            }

            /// The events that answer the step rightly, for a step whose answer the teacher
            /// can reveal (a quiz, legal-or-not, a class vote, find all moves).
            pub fn answer_events(&self) -> Option<Vec<Event<'static>>> {
                match self {
                    $(Exercise::$variant(m) => m.answer_events(),)*
                }
            }
        }
    };
}
