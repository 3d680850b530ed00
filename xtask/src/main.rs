//! Project tasks: `cargo xtask build | serve | dist | test`.
fn main() {}
