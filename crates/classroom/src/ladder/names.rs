//! When two names are one student: names are compared as a reader sees them, so that `Zoë`
//! (one character) and `Zoe` + U+0308, `Ann` and `Ann` + a zero-width space, `Ａnn` (full width)
//! and `Ann`, or `Ann Li` and `Ann  Li`, count as the same name and a roster cannot hold both.
//!
//! The comparison key folds, in this order: invisible characters (removed), full-width ASCII
//! and the ideographic space (to ASCII), accents (to their canonical decomposition, Unicode
//! NFD, for the precomposed Latin, Greek and Cyrillic letters), spaces (runs and no-break
//! spaces to one space) and the case of A-Z. Names keep the characters they were written with.
//!
//! Why a hand table and not the `unicode-normalization` crate: measured 2026-12-05 with
//! `cargo xtask build qitong_teacher` (KB gzipped of `qitong_teacher_bg.wasm`): the table of
//! 575 letters is 3.3 KB (365.7 with it, 362.4 with it emptied); `unicode-normalization`
//! 0.1.26's `nfd()` in its place (all of Unicode, with canonical reordering) is 54.3 KB (416.7),
//! more than the teacher pages' 400 KB budget can spare. What the table leaves out: marks typed
//! in another order than the canonical one, Hangul, and the CJK compatibility ideographs.

mod table;

use core::fmt;
use table::DECOMPOSITIONS;

/// Why two different texts look like the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookAlike {
    /// An invisible character (zero-width space, soft hyphen, byte-order mark, ...): the first
    /// one found in either name.
    Invisible(char),
    /// Full-width letters, digits or spaces (`Ａnn`), as a Chinese keyboard types them.
    Width,
    /// An accent written as a separate mark (`e` + U+0308) in one and as one letter (`ë`) in
    /// the other.
    Accent,
    /// Several spaces in a row, or a no-break space.
    Spacing,
    /// Only the case of the letters A-Z differs (`ann`, `Ann`).
    Case,
}

impl fmt::Display for LookAlike {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LookAlike::Invisible(c) => write!(f, "an invisible character, U+{:04X}", u32::from(*c)),
            LookAlike::Width => f.write_str("full-width letters"),
            LookAlike::Accent => f.write_str("an accent written as a separate mark"),
            LookAlike::Spacing => f.write_str("extra or no-break spaces"),
            LookAlike::Case => f.write_str("upper or lower case"),
        }
    }
}

/// The folding steps of [`name_key`], in the order [`look_alike`] names them.
const STEPS: [Step; 5] = [Step::Invisible, Step::Width, Step::Accent, Step::Spacing, Step::Case];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Invisible,
    Width,
    Accent,
    Spacing,
    Case,
}

/// The text two names share when they look the same (see the module docs).
pub fn name_key(name: &str) -> String {
    fold(name, None)
}

/// [`name_key`] written at the end of `out`: an import keeps all its keys in one buffer.
pub(crate) fn push_name_key(name: &str, out: &mut String) {
    fold_into(name, None, out);
}

/// Whether two names count as the same student.
pub fn same_name(x: &str, y: &str) -> bool {
    x == y || name_key(x) == name_key(y)
}

/// For two names that count as the same ([`same_name`]) but are not written the same: what
/// makes them look alike (the first of [`LookAlike`]'s kinds that is needed to tell them
/// apart). `None` when the two differ to a reader, or are the very same text.
pub fn look_alike(x: &str, y: &str) -> Option<LookAlike> {
    if x == y || name_key(x) != name_key(y) {
        return None;
    }
    for step in STEPS {
        if fold(x, Some(step)) != fold(y, Some(step)) {
            return Some(match step {
                Step::Invisible => {
                    let c = x.chars().chain(y.chars()).find(|c| invisible(*c)).unwrap_or('\u{200B}');
                    LookAlike::Invisible(c)
                }
                Step::Width => LookAlike::Width,
                Step::Accent => LookAlike::Accent,
                Step::Spacing => LookAlike::Spacing,
                Step::Case => LookAlike::Case,
            });
        }
    }
    // Not reached: two different texts with one key differ again when the step that made them
    // one is left out. Named as the likeliest kind rather than failing.
    Some(LookAlike::Accent)
}

/// The key with every step but `skip`.
fn fold(name: &str, skip: Option<Step>) -> String {
    let mut out = String::with_capacity(name.len());
    fold_into(name, skip, &mut out);
    out
}

/// [`fold`] written at the end of `out`.
fn fold_into(name: &str, skip: Option<Step>, out: &mut String) {
    let doing = |step| skip != Some(step);
    let start = out.len();
    let push = |c: char, out: &mut String| {
        let c = if doing(Step::Case) { c.to_ascii_lowercase() } else { c };
        if doing(Step::Spacing) && c == ' ' && (out.len() == start || out.ends_with(' ')) {
            return;
        }
        out.push(c);
    };
    for c in name.chars() {
        if doing(Step::Invisible) && invisible(c) {
            continue;
        }
        let c = if doing(Step::Width) { narrow(c) } else { c };
        let c = if doing(Step::Spacing) && matches!(c, '\u{A0}' | '\u{202F}' | '\t') { ' ' } else { c };
        match decomposition(c).filter(|_| doing(Step::Accent)) {
            Some(parts) => {
                for part in parts.iter().take_while(|p| **p != 0).filter_map(|p| char::from_u32(u32::from(*p))) {
                    push(part, out);
                }
            }
            None => push(c, out),
        }
    }
    if doing(Step::Spacing) && out.len() > start && out.ends_with(' ') {
        out.pop();
    }
}

/// Characters that show as nothing: Unicode's default-ignorable code points that a name can
/// pick up from a copy and paste (format characters, variation selectors, fillers, tags).
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// A full-width ASCII character or the ideographic space as its ordinary ASCII one.
fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

fn decomposition(c: char) -> Option<&'static [u16; 3]> {
    let code = u16::try_from(u32::from(c)).ok()?;
    DECOMPOSITIONS.binary_search_by_key(&code, |(from, _)| *from).ok().map(|i| &DECOMPOSITIONS[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issues_look_alikes_are_the_same_name_and_say_why() {
        for (x, y, how) in [
            ("Zoë", "Zoe\u{308}", LookAlike::Accent),
            ("Ann", "Ann\u{200B}", LookAlike::Invisible('\u{200B}')),
            ("Ann", "\u{FF21}nn", LookAlike::Width),
            ("Ann Li", "Ann  Li", LookAlike::Spacing),
            ("Ann Li", "Ann\u{A0}Li", LookAlike::Spacing),
            ("ann", "ANN", LookAlike::Case),
            ("\u{FEFF}小明", "小明", LookAlike::Invisible('\u{FEFF}')),
            ("小明", "小\u{200D}明", LookAlike::Invisible('\u{200D}')),
            ("Lǚ Bù", "Lu\u{308}\u{30C} Bu\u{300}", LookAlike::Accent),
            ("José", "JOSE\u{301}", LookAlike::Accent),
            ("Ａｎｎ\u{3000}Ｌｉ", "ann li", LookAlike::Width),
        ] {
            assert!(same_name(x, y), "{x:?} {y:?}");
            assert_eq!(look_alike(x, y), Some(how), "{x:?} {y:?}");
            assert_eq!(look_alike(y, x), Some(how), "{y:?} {x:?}");
        }
    }

    #[test]
    fn different_names_stay_different() {
        for (x, y) in [("Zoe", "Zoë"), ("Ann", "Anne"), ("小明", "小名"), ("Li", "Lí"), ("Ann Li", "AnnLi"), ("Ａ", "B")] {
            assert!(!same_name(x, y), "{x:?} {y:?}");
            assert_eq!(look_alike(x, y), None);
        }
        assert_eq!(look_alike("Ann", "Ann"), None, "the same text is a plain duplicate");
    }

    #[test]
    fn the_key_is_the_plain_lower_case_decomposed_name() {
        assert_eq!(name_key(" \u{200B}Ｚoë\u{3000} Ｌi "), "zoe\u{308} li");
        assert_eq!(name_key("Ǖ"), "u\u{308}\u{304}");
        assert_eq!(name_key("小明"), "小明");
        // Keys written one after another are each the name's own key.
        let mut keys = String::from("x ");
        for name in [" Ann ", "Ｚoë", "  "] {
            let start = keys.len();
            push_name_key(name, &mut keys);
            assert_eq!(&keys[start..], name_key(name), "{name:?}");
        }
    }

    #[test]
    fn the_table_is_sorted_and_decomposes_fully() {
        assert!(DECOMPOSITIONS.windows(2).all(|w| w[0].0 < w[1].0));
        // Each part is itself not decomposable again (the table holds full NFD).
        for (_, parts) in DECOMPOSITIONS {
            for p in parts.iter().filter(|p| **p != 0) {
                assert!(DECOMPOSITIONS.binary_search_by_key(p, |(f, _)| *f).is_err(), "{p:04X}");
            }
        }
    }
}
