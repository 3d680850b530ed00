//! Which step kinds a build plays, as a type its module crate chooses (issue 30: not a cargo
//! feature): [`Every`] kind, the default of `Lesson`, `Step`, `StepKind` and `Exercise`, or the
//! course's [`Basics`] alone, for the basics modules (`web/modules/*-basics`), which the first
//! lesson page downloads. A module instantiates one set only, so the choice costs no copies.

use super::left_out::LeftOut;
use core::fmt::Debug;
use core::ops::{Deref, DerefMut};

/// A set of step kinds: the rows of the group `basics` always, those of the group `more` (see
/// `Kind::basic`) as the set holds them: themselves ([`Kept`]), or [`LeftOut`], a type with no
/// values, so that every match arm and function handling them is dead to the compiler, which
/// drops it (33 KB gzipped of the course's module, measured 2026-12-05), while the code naming
/// them still compiles through the wrappers' `Deref`.
pub trait KindSet: Copy + Debug + PartialEq + 'static {
    /// Does the set play the kinds of the group `more`? A lesson with one of them is refused
    /// otherwise (`ErrorKind::KindElsewhere`).
    const MORE: bool;
    /// A spec of a kind of the group `more`, as the set holds it.
    type MoreSpec<T: Clone + Debug + PartialEq>: Deref<Target = T> + Clone + Debug + PartialEq;
    /// A machine of a kind of the group `more`, as the set holds it.
    type MoreMachine<T: Clone + Debug>: Deref<Target = T> + DerefMut + Clone + Debug;

    /// What `load` reads, if the set holds the kind (`load` is not called otherwise).
    fn load_more<T: Clone + Debug + PartialEq>(load: impl FnOnce() -> Option<T>) -> Option<Self::MoreSpec<T>>;

    /// The machine `start` makes of `spec`.
    fn start_more<S: Clone + Debug + PartialEq, M: Clone + Debug>(spec: &Self::MoreSpec<S>, start: impl FnOnce(&S) -> M) -> Self::MoreMachine<M>;
}

/// Every step kind: the native tools, the validator, the check page and the full modules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Every;

/// The course's basic step kinds alone (the rows of the group `basics`: the board, its set-up and
/// how each piece moves): the basics modules, `qitong_course_basics` and
/// `qitong_board_lessons_basics`, whose pages load the full module for a lesson of another kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Basics;

impl KindSet for Every {
    const MORE: bool = true;
    type MoreSpec<T: Clone + Debug + PartialEq> = Kept<T>;
    type MoreMachine<T: Clone + Debug> = Kept<T>;

    fn load_more<T: Clone + Debug + PartialEq>(load: impl FnOnce() -> Option<T>) -> Option<Kept<T>> {
        load().map(Kept)
    }

    fn start_more<S: Clone + Debug + PartialEq, M: Clone + Debug>(spec: &Kept<S>, start: impl FnOnce(&S) -> M) -> Kept<M> {
        Kept(start(&spec.0))
    }
}

impl KindSet for Basics {
    const MORE: bool = false;
    type MoreSpec<T: Clone + Debug + PartialEq> = LeftOut<T>;
    type MoreMachine<T: Clone + Debug> = LeftOut<T>;

    fn load_more<T: Clone + Debug + PartialEq>(_: impl FnOnce() -> Option<T>) -> Option<LeftOut<T>> {
        None
    }

    fn start_more<S: Clone + Debug + PartialEq, M: Clone + Debug>(spec: &LeftOut<S>, _: impl FnOnce(&S) -> M) -> LeftOut<M> {
        spec.absurd()
    }
}

/// A spec or machine of a kind the set plays: the value itself, reached through `Deref`.
#[derive(Clone, PartialEq)]
pub struct Kept<T>(pub T);

impl<T> Deref for Kept<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Kept<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Debug> Debug for Kept<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorKind, Exercise, Lesson, Problems};
    use qitong_format::toml;

    const STARS: &str = include_str!("../../../../lessons/examples/star-drill.toml");
    const DEMO: &str = include_str!("../../../../lessons/examples/demo.toml");

    /// The basics play a basic kind as every kind does, and refuse a lesson with another kind
    /// as the module's problem (`KindElsewhere`, whichever way problems are kept), where every
    /// kind plays it.
    #[test]
    fn the_basics_play_their_kinds_and_refuse_the_others() {
        let basics = Lesson::<Basics>::read("examples/star-drill.toml", STARS, toml::parse, Problems::BY_PLACE).expect("a basic kind");
        let every = Lesson::parse("examples/star-drill.toml", STARS).expect("a basic kind");
        assert_eq!(basics.steps.len(), every.steps.len());
        assert_eq!(Exercise::new(&basics.steps[0]).position(), Exercise::new(&every.steps[0]).position());
        assert!(Lesson::parse("examples/demo.toml", DEMO).is_ok());
        for problems in [Problems::DESCRIBED, Problems::BY_PLACE] {
            let refused = Lesson::<Basics>::read("examples/demo.toml", DEMO, toml::parse, problems).expect_err("not a basic kind");
            assert!(refused.needs_every_kind());
            assert!(refused.errors.iter().all(|e| e.kind == ErrorKind::KindElsewhere { kind: "demo" }), "{:?}", refused.errors);
        }
    }
}
