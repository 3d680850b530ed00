//! FEN: any text read as a `Setup` writes back to a FEN that reads as the same setup; a
//! `Position` read in either mode writes back to the same position, and every position read
//! satisfies the move-generation checks of `qitong_fuzz::check_position`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::rules::{Mode, Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(setup) = text.parse::<Setup>() {
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup), "{text}");
    }
    for mode in [Mode::Standard, Mode::Drill] {
        match Position::from_fen(text, mode) {
            Ok(pos) => qitong_fuzz::check_position(&pos),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
