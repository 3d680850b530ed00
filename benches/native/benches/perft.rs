//! `cargo bench -p qitong-bench`: criterion timings of our perft beside cozy-chess and shakmaty on
//! start d6, Kiwipete d5 and position 3 d7 (bulk counting everywhere), then a table of the
//! speed ratios (best of 3 runs each).

use qitong_bench as peers;

use criterion::{criterion_group, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn perft_cells(c: &mut Criterion) {
    qitong_rules::attacks::init();
    for cell in &peers::CELLS {
        let p = cell.positions();
        let mut group = c.benchmark_group(cell.name);
        group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
        group.bench_function("qitong", |b| b.iter(|| black_box(&p.ours).perft(cell.depth)));
        group.bench_function("cozy-chess", |b| b.iter(|| peers::cozy_perft(black_box(&p.cozy), cell.depth)));
        group.bench_function("shakmaty", |b| b.iter(|| shakmaty::perft(black_box(&p.shakmaty), cell.depth)));
        group.finish();
    }
}

criterion_group!(benches, perft_cells);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    peers::print_ratios(3);
}
