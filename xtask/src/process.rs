//! Running other programs: cargo, rustup, node, npm, apt-get.

use anyhow::{Context, Result};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;

/// The cargo that runs this task (`$CARGO`), working in the project root.
pub fn cargo(root: &Path) -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(root);
    cmd
}

/// What a finished command printed (stdout and stderr, interleaved by line) and how it ended.
pub struct Captured {
    pub status: ExitStatus,
    pub output: String,
}

/// Runs `cmd`, echoing its output as it comes and keeping a copy to read the test counts from.
pub fn run_and_capture(cmd: &mut Command) -> Result<Captured> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    let mut child =
        cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().with_context(|| format!("starting `{program}`"))?;
    let output = Arc::new(Mutex::new(String::new()));
    let mut echoes = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        echoes.push(echo_lines(stdout, Arc::clone(&output), false));
    }
    if let Some(stderr) = child.stderr.take() {
        echoes.push(echo_lines(stderr, Arc::clone(&output), true));
    }
    let status = child.wait().with_context(|| format!("waiting for `{program}`"))?;
    for echo in echoes {
        // A panicking echo thread only loses echoed text, never the exit status.
        let _ = echo.join();
    }
    let output = output.lock().map(|text| text.clone()).unwrap_or_default();
    Ok(Captured { status, output })
}

fn echo_lines(stream: impl Read + Send + 'static, sink: Arc<Mutex<String>>, to_stderr: bool) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if to_stderr {
                let _ = writeln!(std::io::stderr(), "{line}");
            } else {
                let _ = writeln!(std::io::stdout(), "{line}");
            }
            if let Ok(mut text) = sink.lock() {
                text.push_str(&line);
                text.push('\n');
            }
        }
    })
}

/// Runs a command quietly and returns its trimmed stdout when it exits successfully.
pub fn output_of(cmd: &mut Command) -> Option<String> {
    let out = cmd.stdin(Stdio::null()).stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The first executable called `name` on `$PATH`.
pub fn find_on_path(name: &str) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().map(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_both_streams_and_the_status() {
        let captured = run_and_capture(Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"])).expect("sh runs");
        assert_eq!(captured.status.code(), Some(3));
        assert!(captured.output.contains("out\n"), "{}", captured.output);
        assert!(captured.output.contains("err\n"), "{}", captured.output);
    }

    #[test]
    fn finds_sh_on_the_path() {
        assert!(find_on_path("sh").is_some());
        assert!(find_on_path("surely-no-such-program-here").is_none());
    }
}
