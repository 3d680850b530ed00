//! The UCI loop over a reader and a writer: lines in, lines out, the search on a thread so that
//! `stop`, `isready` and `quit` are answered while it thinks. Native only (threads and
//! `Instant`).

use super::{Event, GoRequest, Session};
use crate::engine::Engine;
use crate::tt::DEFAULT_MB;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Writes whole lines, flushed at once (a GUI waits for each); a failed write (the GUI has gone)
/// is ignored, as `quit` or the end of the input follows.
fn send<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// The running search, if any: stopping it means raising the flag and waiting for its
/// `bestmove`.
struct Searching {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    infinite: bool,
}

impl Searching {
    /// Before the next search: a bounded one may finish (a GUI should have sent `stop`, but a
    /// script may not), an infinite one is stopped.
    fn settle(&mut self) {
        if self.infinite {
            self.finish();
        } else if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    fn finish(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Plays UCI until `quit` or the end of `input`.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let out = Arc::new(Mutex::new(output));
    let engine = Arc::new(Mutex::new(Engine::new(DEFAULT_MB)));
    let mut session = Session::new();
    let mut searching = Searching { stop: Arc::new(AtomicBool::new(false)), thread: None, infinite: false };
    for line in lines(input) {
        let line = match line {
            Ok(line) => line,
            // A line that is not UTF-8 (one stray byte from a GUI or a pipe) is said and skipped,
            // not taken for the end of the input.
            Err(bytes) => {
                send(&out, &format!("info string ignored a line of {} bytes that is not UTF-8", bytes.len()));
                continue;
            }
        };
        for event in session.handle(&line) {
            match event {
                Event::Reply(lines) => lines.iter().for_each(|l| send(&out, l)),
                Event::NewGame => {
                    searching.finish();
                    engine.lock().unwrap_or_else(PoisonError::into_inner).clear();
                }
                Event::Hash(mb) => {
                    searching.finish();
                    engine.lock().unwrap_or_else(PoisonError::into_inner).set_hash_mb(mb);
                }
                Event::Go(request) => {
                    searching.settle();
                    let infinite = request.infinite;
                    let stop = Arc::new(AtomicBool::new(false));
                    let thread = spawn(request, Arc::clone(&engine), Arc::clone(&stop), Arc::clone(&out));
                    searching = Searching { stop, thread: Some(thread), infinite };
                }
                Event::Stop => searching.finish(),
                Event::Quit => {
                    searching.finish();
                    return;
                }
            }
        }
    }
    searching.finish();
}

/// The input's lines without their `\n` or `\r\n`: each as text, or its bytes when it is not
/// UTF-8; ends with the input (or a read error: the GUI has gone).
fn lines<R: BufRead>(mut input: R) -> impl Iterator<Item = Result<String, Vec<u8>>> {
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                    if bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                }
                Some(String::from_utf8(bytes).map_err(|e| e.into_bytes()))
            }
        }
    })
}

fn spawn<W: Write + Send + 'static>(request: GoRequest, engine: Arc<Mutex<Engine>>, stop: Arc<AtomicBool>, out: Arc<Mutex<W>>) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let start = Instant::now();
        let clock = move || start.elapsed().as_secs_f64() * 1000.0;
        let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
        let best = request.run(&mut engine, &clock, &stop, &mut |line| send(&out, &line));
        // `go infinite` answers only when told to stop, even if it has searched all it can.
        while request.infinite && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        send(&out, &best);
    })
}
