//! Perft command line: `cargo run --release --example perft -- [--divide] <depth> [<fen>]`.
//!
//! Prints, with `--divide`, one `<uci> <count>` line per legal root move (sorted by the UCI
//! text; castling as the king's move `e1g1`, promotion as `e7e8q`), and always a last line
//! `nodes <N>`. The FEN defaults to the start position and may be given as one argument or as
//! several (unquoted). The time taken goes to standard error.

use qitong::rules::{Mode, Position};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: perft [--divide] <depth> [<fen>]\n  \
    --divide   print the node count under each legal root move\n  \
    <depth>    number of plies, 0 or more\n  \
    <fen>      position to count from (default: the start position)";

struct Args {
    divide: bool,
    depth: u32,
    fen: Option<String>,
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut divide = false;
    let mut depth = None;
    let mut fen_parts: Vec<String> = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--divide" | "-d" => divide = true,
            flag if flag.starts_with("--") => return Err(format!("unknown option '{flag}'")),
            text if depth.is_none() => {
                let parsed = text.parse::<u32>().map_err(|_| format!("the depth must be a whole number, not '{text}'"))?;
                if parsed > 64 {
                    return Err(format!("depth {parsed} is too deep to finish; use at most 64"));
                }
                depth = Some(parsed);
            }
            text => fen_parts.push(text.to_string()),
        }
    }
    let depth = depth.ok_or_else(|| "missing <depth>".to_string())?;
    let fen = if fen_parts.is_empty() { None } else { Some(fen_parts.join(" ")) };
    Ok(Some(Args { divide, depth, fen }))
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("perft: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let pos = match &args.fen {
        None => Position::new(),
        Some(fen) => match Position::from_fen(fen, Mode::Standard) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("perft: bad FEN '{fen}': {e}");
                return ExitCode::from(1);
            }
        },
    };
    let started = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> = pos.legal_moves().iter().map(|m| (m.to_uci(), pos.play_unchecked(m).perft(args.depth - 1))).collect();
        lines.sort();
        for (uci, count) in &lines {
            println!("{uci} {count}");
        }
        lines.iter().map(|(_, count)| count).sum()
    } else {
        pos.perft(args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    eprintln!("{:.3} s, {:.1} M nodes/s", seconds, nodes as f64 / seconds.max(1e-9) / 1e6);
    ExitCode::SUCCESS
}
