//! The engine as a UCI program on stdin and stdout, for GUIs and match tools:
//! `cargo run --release -p qitong-engine --example uci`. All the protocol is in
//! `qitong_engine::uci`; this is only the console around it.

fn main() {
    qitong_engine::uci::run(std::io::stdin().lock(), std::io::stdout());
}
