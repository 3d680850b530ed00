//! The words checked against the types and their sources, not against themselves: one sample of
//! every class rules' refusal, held to the codes the classroom crate's `code()` functions return
//! (so a new variant is missed here only if it has no code), each with words in both languages
//! and every placeholder filled — or none, for the refusals only the page's script meets. And
//! the lessons' feedback codes: each is a `lessons::Code` variant declared with its words, so
//! what is read here is only that every one is still said by some source.

use crate::{describe, Words};
use qitong_classroom::class_game::Refusal;
use qitong_classroom::clock::ClockError;
use qitong_classroom::draw_offer::DrawOfferError;
use qitong_classroom::touch::TouchRefusal;
use qitong_lessons::lang::Lang;
use qitong_lessons::Code;
use qitong_rules::{Color, EndReason, IllegalReason, Outcome, ReasonArg, Role, Square};
use qitong_view::texts::placeholders;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root: the nearest folder above this crate's with `crates/` in it.
fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.ancestors().find(|dir| dir.join("crates").is_dir()).map_or(here.clone(), PathBuf::from)
}

/// A source file's code: without its `//` comments and its test module (`#[cfg(test)] mod … {`,
/// at the file's end).
fn code_of(text: &str) -> String {
    let tests = text.match_indices("#[cfg(test)]").map(|(at, _)| at).find(|&at| {
        let after = text[at + "#[cfg(test)]".len()..].trim_start();
        after.starts_with("mod ") && after.lines().next().is_some_and(|line| line.trim_end().ends_with('{'))
    });
    let text = &text[..tests.unwrap_or(text.len())];
    text.lines().map(|line| if line.trim_start().starts_with("//") { "" } else { line }).collect::<Vec<_>>().join("\n")
}

/// The string literals of `code` (escapes kept as written), each with the code before it.
fn literals(code: &str) -> Vec<(&str, &str)> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'"' {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < bytes.len() && bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        let end = end.min(bytes.len());
        out.push((&code[..i], &code[i + 1..end]));
        i = end + 1;
    }
    out
}

/// The Rust files under `dir`, test files left out.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else { return files };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") && !path.file_stem().is_some_and(|s| s.to_string_lossy().contains("test")) {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Holds `what`'s words in `lang` to the house rules: Chinese in Chinese, plain English in
/// English, the same placeholders in both, and every one filled by `args`.
pub(crate) fn assert_kid_words(what: &dyn Words, args: &[(&str, ReasonArg)]) {
    let code = what.code();
    let (Some(zh), Some(en)) = (what.template(Lang::Zh), what.template(Lang::En)) else {
        panic!("{code} has no words in a language");
    };
    assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{code} zh has Chinese");
    assert!(en.is_ascii(), "{code} en is plain English");
    assert_eq!(placeholders(zh), placeholders(en), "{code}: the same placeholders in both languages");
    for lang in [Lang::Zh, Lang::En] {
        let text = describe(what, args, lang);
        assert!(!text.contains('{'), "{code} {lang}: {text}");
    }
}

/// Class rules' codes that never reach a child: misuse of the clock by the page's own script, and
/// refusals thrown to the page's script as `REFUSED` (the board's `claimDraw()`, `undo()`).
const API_ONLY: [&str; 5] = ["clock-not-paused", "clock-not-running", "clock-time-went-backwards", "no-draw-to-claim", "nothing-to-undo"];

/// One class game refusal of each kind (touch-move, draw offers and the clock inside).
fn class_refusals() -> Vec<Refusal> {
    use Square as S;
    let touch = [
        TouchRefusal::MustMove { square: S::G1, role: Role::Knight },
        TouchRefusal::MustCapture { square: S::D5, role: Role::Pawn },
        TouchRefusal::MustCaptureWith { piece: S::B5, target: S::C6 },
        TouchRefusal::NoCastlingRookTouchedFirst { rook: S::H1 },
        TouchRefusal::AdjustNotYourTurn,
        TouchRefusal::AdjustNotYourPiece { square: S::E7 },
        TouchRefusal::AdjustEmptySquare { square: S::E4 },
    ];
    use DrawOfferError as D;
    let draw =
        [D::NotYourTurn, D::MoveFirst, D::OfferedBefore, D::AlreadyOffered, D::AnswerPendingOffer, D::NoOffer, D::WaitForYourTurn, D::CannotWithdraw];
    use ClockError as C;
    let clock = [
        C::BlackStartsTheClock,
        C::NotYourClock { pressed_by: Color::White },
        C::Paused,
        C::Stopped,
        C::NotPaused,
        C::NotRunning,
        C::TimeWentBackwards,
    ];
    let mut all: Vec<Refusal> = touch.into_iter().map(Refusal::Touch).collect();
    all.extend(draw.into_iter().map(Refusal::DrawOffer));
    all.extend(clock.into_iter().map(Refusal::Clock));
    all.extend([
        Refusal::GameOver(Outcome::win(Color::Black, EndReason::Checkmate)),
        Refusal::NoTakeBacks,
        Refusal::NothingToClaim,
        Refusal::WaitForPress,
        Refusal::ClaimNotYourTurn,
        Refusal::NothingToUndo,
    ]);
    all
}

/// Every string a `fn code` of the classroom crate's refusal types returns.
fn classroom_codes() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for file in ["touch.rs", "draw_offer.rs", "clock.rs", "class_game.rs"] {
        let text = fs::read_to_string(root().join("crates/classroom/src").join(file)).unwrap_or_default();
        let code = code_of(&text);
        assert!(code.contains("fn code("), "crates/classroom/src/{file} has a code() function");
        for (at, _) in code.match_indices("fn code(") {
            // The function's body: up to the next function, enough for a match of literals.
            let body = &code[at..];
            let end = body[1..].find("fn ").map_or(body.len(), |i| i + 1);
            codes.extend(literals(&body[..end]).into_iter().map(|(_, lit)| lit.to_string()));
        }
    }
    codes
}

#[test]
fn the_samples_are_every_refusal_the_classroom_has_a_code_for() {
    let sampled: BTreeSet<String> = class_refusals().iter().map(|r| r.code().to_string()).collect();
    assert_eq!(sampled, classroom_codes(), "one sample of each refusal the classroom's code() functions name");
    for code in API_ONLY {
        assert!(sampled.contains(code), "{code} is still a classroom code");
    }
}

#[test]
fn every_class_refusal_has_words_unless_only_the_page_script_sees_it() {
    for refusal in class_refusals() {
        let code = refusal.code();
        if API_ONLY.contains(&code) {
            assert_eq!((refusal.template(Lang::Zh), refusal.template(Lang::En)), (None, None), "{code} is for the page's script only");
            assert_eq!(describe(&refusal, &refusal.args(), Lang::En), code);
        } else {
            assert_kid_words(&refusal, &refusal.args());
        }
        // The refusal inside says the same by itself.
        let inner = match refusal {
            Refusal::Touch(t) => Some(Words::template(&t, Lang::En)),
            Refusal::DrawOffer(d) => Some(Words::template(&d, Lang::En)),
            Refusal::Clock(c) => Some(Words::template(&c, Lang::En)),
            _ => None,
        };
        assert!(inner.is_none_or(|words| words == refusal.template(Lang::En)), "{code}");
    }
    let illegal = IllegalReason::PawnBackwards { from: Square::E4, to: Square::E3 };
    assert_eq!(Refusal::Illegal { reason: illegal, foul: Some(1) }.template(Lang::Zh), Words::template(&illegal, Lang::Zh));
    for lang in [Lang::Zh, Lang::En] {
        assert!(!crate::foul(1, Some(3), lang).contains('{'), "the foul in {lang}");
    }
}

#[test]
fn every_lesson_code_with_words_is_used_by_the_sources() {
    let mut used = String::new();
    for dir in ["crates/lessons/src", "src", "web"] {
        for file in sources(&root().join(dir)) {
            // Not the table itself, nor this reading.
            let table = file.ends_with("words.rs") && file.parent().is_some_and(|p| p.ends_with("lessons/src"));
            if !table && !file.ends_with("web/words/src/sources.rs") {
                used.push_str(&code_of(&fs::read_to_string(&file).unwrap_or_default()));
            }
        }
    }
    let unused: Vec<&Code> = Code::ALL.iter().filter(|c| !used.contains(&format!("Code::{c:?}"))).collect();
    assert!(unused.is_empty(), "lessons::words has words for codes no source says: {unused:?}");
}
