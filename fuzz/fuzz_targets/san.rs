//! SAN: text read as `San`/`SanPlus` writes back to text that reads the same; read strictly or
//! forgivingly on the fixed positions, any move accepted is legal, and the SAN we write for it
//! reads back strictly as the same move (and forgivingly in every score-sheet spelling).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::rules::{parse_move_text, parse_san_forgiving, Move, Position, San, SanFormat, SanPlus};

/// The move we write for `m` must be read back as `m`, strictly and forgivingly.
fn round_trip(pos: &Position, m: &Move, text: &str) {
    assert!(pos.is_legal(m), "{text} gave an illegal move {m:?}");
    let written = SanPlus::from_move(pos, m).to_string();
    let strict = written.parse::<SanPlus>().map(|plus| plus.to_move(pos));
    assert_eq!(strict, Ok(Ok(*m)), "{text}: wrote {written}");
    assert_eq!(parse_san_forgiving(pos, &written).map(|(read, _)| read), Ok(*m), "{text}: wrote {written}");
    // The score-sheet spellings (figurines, Chinese names, " e.p.") are read back forgivingly.
    for format in [SanFormat::FIGURINES, SanFormat::CHINESE, SanFormat::STANDARD.with_en_passant_suffix(true)] {
        let sheet = format.move_text(pos, m);
        assert_eq!(parse_san_forgiving(pos, &sheet).map(|(read, _)| read), Ok(*m), "{text}: wrote {sheet}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(san) = text.parse::<San>() {
        assert_eq!(san.to_string().parse::<San>(), Ok(san), "{text}");
    }
    let plus = text.parse::<SanPlus>();
    if let Ok(plus) = plus {
        assert_eq!(plus.to_string().parse::<SanPlus>(), Ok(plus), "{text}");
    }
    for pos in qitong_fuzz::positions() {
        if let Ok(plus) = plus {
            if let Ok(m) = plus.to_move(&pos) {
                round_trip(&pos, &m, text);
            }
        }
        for read in [parse_san_forgiving(&pos, text), parse_move_text(&pos, text)] {
            match read {
                Ok((m, corrections)) => {
                    round_trip(&pos, &m, text);
                    for c in corrections {
                        assert!(!c.to_string().is_empty());
                    }
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
});
