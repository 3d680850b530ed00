//! Validates a lessons folder (default `lessons/`): prints every problem as
//! `file:line: step N: message` and exits with 1 if there is any. `--zh` prints the Chinese
//! messages. `cargo xtask lessons` runs this.

use qitong::lang::Lang;
use qitong::lessons::validate_dir;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut lang = Lang::En;
    let mut dir = PathBuf::from("lessons");
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--zh" => lang = Lang::Zh,
            "--en" => lang = Lang::En,
            _ => dir = PathBuf::from(arg),
        }
    }
    let errors = validate_dir(&dir);
    for error in &errors {
        println!("{}/{}", dir.display(), error.located(lang));
    }
    if errors.is_empty() {
        println!("{}: every lesson is fine", dir.display());
        ExitCode::SUCCESS
    } else {
        eprintln!("{} problem(s)", errors.len());
        ExitCode::FAILURE
    }
}
