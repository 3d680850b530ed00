//! `LeftOut`: a step kind's spec or machine in a set that leaves the kind out ([`super::Basics`],
//! see `kind_set.rs`).

/// A kind's spec or machine in a set that leaves the kind out: no value of it can exist, so code
/// handling it is unreachable and compiled away. It derefs to what it stands for only so that the
/// code naming the kind compiles unchanged.
pub struct LeftOut<T>(Never, core::marker::PhantomData<T>);

/// The type with no values behind [`LeftOut`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Never {}

impl<T> LeftOut<T> {
    /// Anything at all: this is never called, as no `LeftOut` exists.
    pub fn absurd<U>(&self) -> U {
        match self.0 {}
    }
}

impl<T> core::ops::Deref for LeftOut<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.absurd()
    }
}

impl<T> core::ops::DerefMut for LeftOut<T> {
    fn deref_mut(&mut self) -> &mut T {
        match self.0 {}
    }
}

impl<T> Clone for LeftOut<T> {
    fn clone(&self) -> Self {
        self.absurd()
    }
}

impl<T> PartialEq for LeftOut<T> {
    fn eq(&self, _: &Self) -> bool {
        self.absurd()
    }
}

impl<T> core::fmt::Debug for LeftOut<T> {
    fn fmt(&self, _: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.absurd()
    }
}
