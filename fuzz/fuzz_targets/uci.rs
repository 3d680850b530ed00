//! UCI: a `Uci` read writes back to text that reads as the same move; a move found for it on
//! the fixed positions is legal and writes back to the same `Uci`. The input, split at
//! whitespace, is also played as a game from each fixed position until the first refusal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::rules::Uci;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let positions = qitong_fuzz::positions();
    match text.parse::<Uci>() {
        Ok(uci) => {
            assert_eq!(uci.to_string().parse::<Uci>(), Ok(uci), "{text}");
            for pos in positions {
                if let Ok(m) = pos.move_from_uci(&uci) {
                    assert!(pos.is_legal(&m), "{text}");
                    assert_eq!(Uci::from_move(&m), uci, "{text}");
                    assert_eq!(m.to_uci(), uci.to_string(), "{text}");
                }
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    for start in positions {
        let mut pos = *start;
        let mut played = 0;
        for word in text.split_whitespace().take(200) {
            let Ok(uci) = word.parse::<Uci>() else { break };
            let Ok(m) = pos.move_from_uci(&uci) else { break };
            pos = pos.play(&m).unwrap_or_else(|e| panic!("{word}: move_from_uci gave an unplayable move: {e}"));
            played += 1;
        }
        // The fixed positions themselves are checked once, by the fen target's seeds.
        if played > 0 {
            qitong_fuzz::check_position(&pos);
        }
    }
});
