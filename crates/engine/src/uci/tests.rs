//! The UCI session line by line, and the whole loop over a reader and a writer as a GUI drives
//! it (the example binary is only this loop over stdin and stdout).

use super::*;
use crate::limits::NoClock;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

fn replies(events: &[Event]) -> Vec<String> {
    events.iter().flat_map(|e| if let Event::Reply(lines) = e { lines.clone() } else { Vec::new() }).collect()
}

fn go(session: &mut Session, line: &str) -> GoRequest {
    match session.handle(line).pop() {
        Some(Event::Go(request)) => request,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn handshake_options_and_errors() {
    let mut s = Session::new();
    let hello = replies(&s.handle("uci"));
    assert_eq!(hello.last().map(String::as_str), Some("uciok"));
    assert!(hello.iter().any(|l| l.starts_with("option name Skill type spin default 8 min 1 max 8")));
    assert_eq!(replies(&s.handle("isready")), ["readyok"]);
    assert_eq!(s.handle("setoption name Skill value 3"), [Event::Reply(vec![])]);
    assert_eq!(go(&mut s, "go depth 2").level, Level::new(3).expect("3"));
    assert_eq!(s.handle("setoption name Hash value 64"), [Event::Hash(64)]);
    assert_eq!(s.handle("setoption name Threads value 1"), [Event::Reply(vec![])]);
    for bad in
        ["setoption name Skill value 9", "setoption name Threads value 2", "position fen nonsense", "position startpos moves e2e5", "frobnicate"]
    {
        let lines = replies(&s.handle(bad));
        assert!(lines.len() == 1 && lines[0].starts_with("info string"), "{bad}: {lines:?}");
    }
    assert_eq!(s.handle("stop"), [Event::Stop]);
    assert_eq!(s.handle("quit"), [Event::Quit]);
    assert!(s.handle("   ").is_empty());
}

#[test]
fn positions_moves_and_clocks() {
    let mut s = Session::new();
    s.handle("position startpos moves e2e4 e7e5 g1f3");
    let request = go(&mut s, "go wtime 60000 btime 30000 winc 0 binc 1000");
    assert_eq!(request.position.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    assert_eq!(request.history.len(), 3);
    assert_eq!(request.limits.movetime_ms, Some(1800.0));
    s.handle("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    let request = go(&mut s, "go nodes 5000 depth 3");
    assert_eq!((request.limits.nodes, request.limits.depth, request.history.len()), (Some(5000), Some(3), 0));
    assert!(go(&mut s, "go infinite").infinite);
    let mut lines = Vec::new();
    let stop = AtomicBool::new(false);
    let best = request.run(&mut Engine::new(1), &NoClock, &stop, &mut |l| lines.push(l));
    assert_eq!(best, "bestmove f7g7");
    assert!(lines.iter().any(|l| l.starts_with("info depth 1 ") && l.contains(" score mate 1 ") && l.ends_with("pv f7g7")), "{lines:?}");
    s.handle("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1 moves f7g7");
    let mated = go(&mut s, "go depth 1").run(&mut Engine::new(1), &NoClock, &stop, &mut |_| {});
    assert_eq!(mated, "bestmove 0000");
}

/// A writer the test can read after the loop has written to it from its threads.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn session(script: &str) -> Vec<String> {
    let out = Shared::default();
    run(Cursor::new(script.to_string()), out.clone());
    let bytes = out.0.lock().map(|b| b.clone()).unwrap_or_default();
    String::from_utf8_lossy(&bytes).lines().map(str::to_string).collect()
}

#[test]
fn the_loop_answers_searches_and_stops_an_infinite_one() {
    let lines = session("uci\nucinewgame\nisready\nposition startpos moves e2e4\ngo depth 3\nisready\ngo infinite\nstop\nquit\n");
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(bestmoves.len(), 2, "{lines:?}");
    let after_e4 = Position::new().play_unchecked(&Position::new().move_from_uci(&"e2e4".parse().expect("uci")).expect("legal"));
    for line in bestmoves {
        let uci: Uci = line["bestmove ".len()..].parse().expect("a UCI move");
        assert!(after_e4.move_from_uci(&uci).is_ok(), "{line}");
    }
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:?}");
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2);
}

#[test]
fn a_seed_gives_each_game_its_own_searches_and_zero_keeps_the_count() {
    let mut s = Session::new();
    assert!(replies(&s.handle("uci")).iter().any(|l| l.starts_with("option name Seed type spin default 0 min 0 ")));
    assert_eq!([go(&mut s, "go depth 1").seed, go(&mut s, "go depth 1").seed], [0, 1]);
    let seeds = |seed: u64| {
        let mut s = Session::new();
        assert_eq!(s.handle(&format!("setoption name Seed value {seed}")), [Event::Reply(vec![])]);
        s.handle("ucinewgame");
        [go(&mut s, "go depth 1").seed, go(&mut s, "go depth 1").seed]
    };
    assert_eq!(seeds(7), seeds(7));
    let (one, two) = (seeds(1), seeds(2));
    assert!(one.iter().all(|a| !two.contains(a)), "{one:?} {two:?}");
    for bad in ["setoption name Seed value -1", "setoption name Seed value x", "setoption name Seed value 2147483648"] {
        let lines = replies(&s.handle(bad));
        assert!(lines.len() == 1 && lines[0].starts_with("info string Seed"), "{bad}: {lines:?}");
    }
}

#[test]
fn a_line_that_is_not_utf8_is_said_and_skipped() {
    // Issue 29: `printf 'uci\n\xff\nisready\n'` ended the loop with no `readyok`.
    let out = Shared::default();
    run(Cursor::new(b"uci\r\n\xff\nisready\r\nquit\n".to_vec()), out.clone());
    let bytes = out.0.lock().map(|b| b.clone()).unwrap_or_default();
    let lines: Vec<String> = String::from_utf8_lossy(&bytes).lines().map(str::to_string).collect();
    assert!(lines.iter().any(|l| l == "uciok"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "info string ignored a line of 1 bytes that is not UTF-8"), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"), "{lines:?}");
}
