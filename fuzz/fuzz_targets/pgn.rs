//! PGN: reading any text never panics; every game read writes back to PGN that reads as the
//! same game, and a whole file read writes back to a file that reads as the same games. Errors
//! name a line from 1.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::rules::{pgn_games, read_pgn, write_pgn, PgnGame};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match read_pgn(text) {
        Ok(games) => {
            let written = write_pgn(&games);
            assert_eq!(read_pgn(&written).as_ref(), Ok(&games), "{written}");
        }
        Err(e) => assert!(e.line >= 1 && !e.to_string().is_empty(), "{e:?}"),
    }
    for game in pgn_games(text).take(20) {
        match game {
            Ok(game) => {
                let written = game.to_pgn();
                assert_eq!(PgnGame::from_pgn(&written).as_ref(), Ok(&game), "{written}");
                qitong_fuzz::check_position(&game.end_position());
            }
            Err(e) => assert!(e.line >= 1 && !e.to_string().is_empty(), "{e:?}"),
        }
    }
});
