//! The UCI protocol, so that GUIs and match tools (cutechess, fastchess, python-chess) can play
//! the engine: [`Session`] turns each line a GUI sends into [`Event`]s (pure, tested line by
//! line), [`GoRequest::run`] searches and writes `info` and `bestmove` lines, and [`run`] ties
//! them to a reader and a writer with the search on a thread of its own, so `stop` is heard.

use crate::engine::{Engine, Job, SearchError};
use crate::level::Level;
use crate::limits::{Clock, SearchLimits};
use crate::tt::DEFAULT_MB;
use core::sync::atomic::AtomicBool;
use qitong_rules::{Color, Mode, Position, Uci};

/// The largest `Seed`: GUIs read spin bounds as 32-bit integers.
const MAX_SEED: u64 = 2_147_483_647;

/// What the front end must do for a line.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Lines to write back.
    Reply(Vec<String>),
    /// `ucinewgame`: forget earlier searches.
    NewGame,
    /// `setoption name Hash`: a new table of this many megabytes.
    Hash(usize),
    /// `go`: start searching.
    Go(GoRequest),
    /// `stop`: end the search and answer with its move.
    Stop,
    /// `quit`.
    Quit,
}

/// A search to run: the position with its history, the limits, the level, the seed.
#[derive(Debug, Clone, PartialEq)]
pub struct GoRequest {
    pub position: Position,
    /// Zobrist keys of the positions before it, oldest first.
    pub history: Vec<u64>,
    pub limits: SearchLimits,
    pub level: Level,
    pub seed: u64,
    /// `go infinite`: `bestmove` waits for `stop` even when the search ends by itself.
    pub infinite: bool,
}

/// The protocol state between lines: the position and the options.
#[derive(Debug, Clone)]
pub struct Session {
    position: Position,
    history: Vec<u64>,
    level: Level,
    /// `setoption name Seed`: a match runner gives each game its own, so that games from the
    /// same opening differ at the levels that choose among moves; 0 by default.
    seed: u64,
    /// Counts the searches so that each gets its own seed, reproducibly from a new session.
    searches: u64,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

fn info(text: impl Into<String>) -> Event {
    Event::Reply(vec![format!("info string {}", text.into())])
}

impl Session {
    pub fn new() -> Session {
        Session { position: Position::new(), history: Vec::new(), level: Level::MAX, seed: 0, searches: 0 }
    }

    /// The events for one line from the GUI. Unknown or malformed lines get an `info string`
    /// saying why, and change nothing.
    pub fn handle(&mut self, line: &str) -> Vec<Event> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => Vec::new(),
            Some("uci") => vec![Event::Reply(vec![
                "id name qitong 0.1".into(),
                "id author the qitong authors".into(),
                "option name Skill type spin default 8 min 1 max 8".into(),
                format!("option name Hash type spin default {DEFAULT_MB} min 1 max 1024"),
                "option name Threads type spin default 1 min 1 max 1".into(),
                format!("option name Seed type spin default 0 min 0 max {MAX_SEED}"),
                "uciok".into(),
            ])],
            Some("isready") => vec![Event::Reply(vec!["readyok".into()])],
            Some("ucinewgame") => {
                self.searches = 0;
                vec![Event::NewGame]
            }
            Some("position") => match self.set_position(&words[1..]) {
                Ok(()) => Vec::new(),
                Err(why) => vec![info(why)],
            },
            Some("go") => vec![self.go(&words[1..])],
            Some("stop") => vec![Event::Stop],
            Some("quit") => vec![Event::Quit],
            Some("setoption") => vec![self.set_option(&words[1..])],
            Some(other) => vec![info(format!("unknown command {other}"))],
        }
    }

    /// `position startpos|fen <fen> [moves <uci>...]`; on any error the old position stays.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
        let mut position = match words.first().copied() {
            Some("startpos") => Position::new(),
            Some("fen") => {
                let fen = words.get(1..moves_at).map(|w| w.join(" ")).unwrap_or_default();
                Position::from_fen(&fen, Mode::Standard).map_err(|e| format!("bad fen: {e}"))?
            }
            _ => return Err("position needs startpos or fen".into()),
        };
        let mut history = Vec::new();
        for word in words.iter().skip(moves_at + 1) {
            let uci: Uci = word.parse().map_err(|e| format!("bad move {word}: {e}"))?;
            let m = position.move_from_uci(&uci).map_err(|e| e.to_string())?;
            history.push(position.zobrist());
            position = position.play_unchecked(&m);
        }
        self.position = position;
        self.history = history;
        Ok(())
    }

    fn go(&mut self, words: &[&str]) -> Event {
        let mut limits = SearchLimits::default();
        let mut infinite = false;
        let (mut wtime, mut btime, mut winc, mut binc, mut moves_to_go) = (None, None, 0.0, 0.0, None);
        let number = |i: usize| words.get(i + 1).and_then(|w| w.parse::<f64>().ok());
        for (i, word) in words.iter().enumerate() {
            match *word {
                "depth" => limits.depth = number(i).map(|d| d.clamp(1.0, 64.0) as u32),
                "nodes" => limits.nodes = number(i).map(|n| n.max(1.0) as u64),
                "movetime" => limits.movetime_ms = number(i),
                "wtime" => wtime = number(i),
                "btime" => btime = number(i),
                "winc" => winc = number(i).unwrap_or(0.0),
                "binc" => binc = number(i).unwrap_or(0.0),
                "movestogo" => moves_to_go = number(i).map(|n| n.max(1.0) as u32),
                "infinite" => infinite = true,
                _ => {}
            }
        }
        let (time, inc) = match self.position.turn() {
            Color::White => (wtime, winc),
            Color::Black => (btime, binc),
        };
        if let (Some(time), None) = (time, limits.movetime_ms) {
            limits = limits.and(SearchLimits::from_game_clock(time, inc, moves_to_go));
        }
        // Seed 0 keeps the plain count; another seed scatters it (SplitMix's odd constant), so
        // that nearby seeds (game 1, game 2, ...) do not share searches' seeds.
        let seed = self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(self.searches);
        self.searches += 1;
        Event::Go(GoRequest { position: self.position, history: self.history.clone(), limits, level: self.level, seed, infinite })
    }

    /// `setoption name <Skill|Hash|Threads|Seed> value <n>`.
    fn set_option(&mut self, words: &[&str]) -> Event {
        let value_at = words.iter().position(|w| *w == "value");
        let name = words.get(1..value_at.unwrap_or(words.len())).map(|w| w.join(" ")).unwrap_or_default();
        let value = value_at.and_then(|i| words.get(i + 1)).copied().unwrap_or("");
        match name.to_ascii_lowercase().as_str() {
            "skill" => match value.parse::<Level>() {
                Ok(level) => {
                    self.level = level;
                    Event::Reply(Vec::new())
                }
                Err(e) => info(e.to_string()),
            },
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=1024).contains(&mb) => Event::Hash(mb),
                _ => info(format!("Hash must be 1 to 1024 MB, not '{value}'")),
            },
            "seed" => match value.parse::<u64>() {
                Ok(seed) if seed <= MAX_SEED => {
                    self.seed = seed;
                    Event::Reply(Vec::new())
                }
                _ => info(format!("Seed must be 0 to {MAX_SEED}, not '{value}'")),
            },
            "threads" if value == "1" => Event::Reply(Vec::new()),
            "threads" => info("only Threads 1 is supported"),
            _ => info(format!("unknown option {name}")),
        }
    }
}

impl GoRequest {
    /// Searches, writing an `info` line per finished depth through `write`, and returns the
    /// `bestmove` line (`bestmove 0000` when there is no legal move).
    pub fn run(&self, engine: &mut Engine, clock: &dyn Clock, stop: &AtomicBool, write: &mut dyn FnMut(String)) -> String {
        let job = Job { position: &self.position, history: &self.history, limits: self.limits, level: self.level, seed: self.seed };
        let mut report = |r: &crate::SearchResult| {
            let nps = if r.time_ms > 0.0 { (r.nodes as f64 * 1000.0 / r.time_ms) as u64 } else { 0 };
            let pv: Vec<String> = r.pv.iter().map(|m| m.to_uci()).collect();
            write(format!(
                "info depth {} seldepth {} score {} nodes {} nps {nps} time {} pv {}",
                r.depth,
                r.seldepth,
                r.score,
                r.nodes,
                r.time_ms as u64,
                pv.join(" ")
            ));
        };
        match engine.search(&job, clock, stop, &mut report) {
            Ok(result) => format!("bestmove {}", result.uci),
            Err(SearchError::NoLegalMoves | SearchError::GameOver(_)) => "bestmove 0000".into(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod runner;
#[cfg(not(target_arch = "wasm32"))]
pub use runner::run;

#[cfg(test)]
mod tests;
