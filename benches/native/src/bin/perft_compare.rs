//! Times our perft against cozy-chess and shakmaty on the benchmark cells and prints the speed
//! ratios: `cargo run --profile bench -p qitong-bench --bin perft_compare -- [runs]` (default 3 runs, the
//! best counts). The same table ends `cargo bench -p qitong-bench`.
//!
//! `-- --only <qitong|cozy|shakmaty> <cell 0-2> [depth]` runs a single perft once, for profilers
//! (instruction counts, e.g. from `valgrind --tool=cachegrind --cache-sim=no`, compare the
//! libraries independently of the load on a busy machine).

use qitong_bench as peers;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--only") {
        let cell = match args.get(2).and_then(|a| a.parse::<usize>().ok()).and_then(|i| peers::CELLS.get(i)) {
            Some(cell) => cell,
            None => {
                eprintln!("usage: perft_compare --only <qitong|cozy|shakmaty> <cell 0-2> [depth]");
                return ExitCode::from(2);
            }
        };
        let p = cell.positions();
        let depth = args.get(3).and_then(|a| a.parse::<u32>().ok()).unwrap_or(cell.depth);
        let nodes = match args.get(1).map(String::as_str) {
            Some("qitong") => p.ours.perft(depth),
            Some("cozy") => peers::cozy_perft(&p.cozy, depth),
            Some("shakmaty") => shakmaty::perft(&p.shakmaty, depth),
            _ => {
                eprintln!("usage: perft_compare --only <qitong|cozy|shakmaty> <cell 0-2> [depth]");
                return ExitCode::from(2);
            }
        };
        println!("{} {nodes}", cell.name);
        return ExitCode::SUCCESS;
    }
    let runs = args.first().and_then(|a| a.parse::<usize>().ok()).unwrap_or(3).max(1);
    peers::print_ratios(runs);
    ExitCode::SUCCESS
}
