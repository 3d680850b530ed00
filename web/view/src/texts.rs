//! One way to write a view's fixed texts: `texts!` turns a table (a variant, its key, its zh-CN
//! and English text per row) into an enum, so a text the code uses exists in both languages —
//! the compiler checks it — and a key that arrives as data (a core code, a stored note) is read
//! back with `from_key`, which says when it names nothing.

/// Declares `pub enum Name { Variant, … }` with `ALL`, `text(lang)`, `key()` and `from_key`
/// (`qitong_view::texts::texts!`).
#[doc(hidden)]
#[macro_export]
macro_rules! __texts {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($variant:ident = $key:literal => ($zh:expr, $en:expr $(,)?)),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $(#[doc = $key] $variant),*
        }

        impl $name {
            /// Every text, in the table's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The text in `lang`.
            pub fn text(self, lang: $crate::lang::Lang) -> &'static str {
                match self {
                    $($name::$variant => lang.pick($zh, $en)),*
                }
            }

            /// The text's key, as codes and stored notes name it (`next-lesson`).
            pub const fn key(self) -> &'static str {
                match self {
                    $($name::$variant => $key),*
                }
            }

            /// The text `key` names, or None when it names none.
            pub fn from_key(key: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|t| t.key() == key)
            }
        }
    };
}

pub use crate::__texts as texts;

/// The `{name}` placeholders of a template, sorted: both languages of a text must have the same
/// (for the tables' tests).
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut names: Vec<&str> = text.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(name, _)| name)).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Test helper of the tables' tests in every crate: every text of a table is there in both
/// languages, with the same placeholders.
pub fn assert_complete<T: Copy + core::fmt::Debug>(all: &[T], text: impl Fn(T, crate::lang::Lang) -> &'static str) {
    use crate::lang::Lang;
    for &t in all {
        let (zh, en) = (text(t, Lang::Zh), text(t, Lang::En));
        assert!(!zh.trim().is_empty() && !en.trim().is_empty(), "{t:?} is empty in a language");
        assert_eq!(placeholders(zh), placeholders(en), "{t:?}: the languages fill different values");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    texts! {
        /// A table for the test.
        pub enum Sample {
            Hello = "hello" => ("你好，{name}", "Hello, {name}"),
            NextLesson = "next-lesson" => ("下一课", "Next lesson"),
        }
    }

    #[test]
    fn a_table_is_an_enum_with_both_languages_and_its_keys() {
        assert_eq!(Sample::Hello.text(Lang::En), "Hello, {name}");
        assert_eq!(Sample::NextLesson.text(Lang::Zh), "下一课");
        assert_eq!(Sample::from_key("next-lesson"), Some(Sample::NextLesson));
        assert_eq!(Sample::from_key("nope"), None);
        assert_eq!(Sample::ALL.iter().map(|t| t.key()).collect::<Vec<_>>(), ["hello", "next-lesson"]);
        assert_complete(Sample::ALL, Sample::text);
    }

    #[test]
    fn placeholders_are_the_names_in_braces() {
        assert_eq!(placeholders("{b} and {a}, {b}"), ["a", "b"]);
        assert!(placeholders("none").is_empty());
    }
}
