//! One HTTP connection of the dev server, within limits: the request line and the headers have
//! a size cap (414 / 431 past it), the whole request head a deadline (408 past it, however
//! slowly the client trickles bytes), and the number of connections served at once a cap
//! (503 past it). A static site needs nothing bigger, and a stuck or hostile client must not
//! hold memory or threads.

use super::{Reply, Site};
use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The server's limits.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The longest request line, in bytes (the URL of a lesson or a FEN is far shorter).
    pub max_line: usize,
    /// The most bytes of headers after the request line.
    pub max_headers: usize,
    /// How long a client may take to send its request head, in all.
    pub deadline: Duration,
    /// How long writing the answer may stall.
    pub write_timeout: Duration,
    /// Connections served at once; more are answered 503 at once.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line: 8 * 1024,
            max_headers: 32 * 1024,
            deadline: Duration::from_secs(20),
            write_timeout: Duration::from_secs(30),
            max_connections: 64,
        }
    }
}

/// Counts the connections being served; a `Slot` holds one place until it is dropped.
#[derive(Debug, Default)]
pub struct Slots(AtomicUsize);

pub struct Slot(Arc<Slots>);

impl Slots {
    /// A place for one more connection, if fewer than `max` are being served.
    pub fn take(this: &Arc<Slots>, max: usize) -> Option<Slot> {
        this.0.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < max).then_some(n + 1)).ok().map(|_| Slot(Arc::clone(this)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0 .0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Why a request head could not be read.
#[derive(Debug, PartialEq, Eq)]
enum HeadError {
    /// The client closed the connection (or sent nothing) before a whole head.
    Closed,
    LineTooLong,
    HeadersTooLarge,
    TooSlow,
}

/// Reads lines from `reader`, each a `Vec<u8>` without its line end, never more than `budget`
/// bytes in all, and never past `deadline`.
struct HeadReader<'a> {
    reader: BufReader<&'a TcpStream>,
    deadline: Instant,
}

impl HeadReader<'_> {
    fn line(&mut self, budget: usize) -> Result<Vec<u8>, HeadError> {
        let mut line = Vec::new();
        loop {
            let left = self.deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()).ok_or(HeadError::TooSlow)?;
            // Each read waits at most for what is left of the deadline: a client trickling one
            // byte at a time cannot hold the connection longer than the deadline.
            let _ = self.reader.get_ref().set_read_timeout(Some(left));
            let available = match self.reader.fill_buf() {
                Ok([]) => return Err(HeadError::Closed),
                Ok(bytes) => bytes,
                Err(err) if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return Err(HeadError::TooSlow),
                Err(err) if err.kind() == ErrorKind::Interrupted => continue,
                Err(_) => return Err(HeadError::Closed),
            };
            let (taken, done) = match available.iter().position(|&b| b == b'\n') {
                Some(end) => (end + 1, true),
                None => (available.len(), false),
            };
            if line.len() + taken > budget {
                return Err(HeadError::LineTooLong);
            }
            line.extend_from_slice(&available[..taken]);
            self.reader.consume(taken);
            if done {
                while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    line.pop();
                }
                return Ok(line);
            }
        }
    }
}

/// The request line, after the headers (read and dropped: no request needs one) were read
/// within the limits.
fn read_head(stream: &TcpStream, limits: &Limits) -> Result<String, HeadError> {
    let mut head = HeadReader { reader: BufReader::new(stream), deadline: Instant::now() + limits.deadline };
    let line = head.line(limits.max_line)?;
    let mut left = limits.max_headers;
    loop {
        let header = head.line(left).map_err(|err| if err == HeadError::LineTooLong { HeadError::HeadersTooLarge } else { err })?;
        if header.is_empty() {
            break;
        }
        left = left.saturating_sub(header.len() + 2);
    }
    Ok(String::from_utf8_lossy(&line).into_owned())
}

fn plain(status: u16) -> Reply {
    Reply::new(status, "text/plain; charset=utf-8", Vec::new())
}

/// Reads one request's head and writes its answer; the connection then closes.
pub fn handle(site: &Site, stream: TcpStream, limits: &Limits) {
    let _ = stream.set_write_timeout(Some(limits.write_timeout));
    let (method, reply) = match read_head(&stream, limits) {
        Ok(line) => {
            let mut parts = line.split_whitespace();
            let (method, target) = (parts.next().unwrap_or("").to_owned(), parts.next().unwrap_or(""));
            let reply = if target.starts_with('/') { site.respond(&method, target) } else { plain(400) };
            (method, reply)
        }
        Err(HeadError::Closed) => return,
        Err(HeadError::LineTooLong) => (String::new(), plain(414)),
        Err(HeadError::HeadersTooLarge) => (String::new(), plain(431)),
        Err(HeadError::TooSlow) => (String::new(), plain(408)),
    };
    write_reply(&stream, &reply, method != "HEAD");
    // Whatever the client still sends (an oversized head) is not read: closing both ways.
    let _ = stream.shutdown(Shutdown::Both);
}

/// The answer to a connection over the cap, written from the accept loop: it must not block.
pub fn refuse_busy(stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(Duration::from_millis(500)));
    let mut reply = plain(503);
    reply.headers.push(("Retry-After", "1".into()));
    write_reply(&stream, &reply, true);
    let _ = stream.shutdown(Shutdown::Both);
}

fn write_reply(stream: &TcpStream, reply: &Reply, with_body: bool) {
    let mut head = format!("HTTP/1.1 {} {}\r\nContent-Length: {}\r\nConnection: close\r\n", reply.status, reply.reason(), reply.body.len());
    for (name, value) in &reply.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut out = stream;
    let _ = out.write_all(head.as_bytes());
    if with_body {
        let _ = out.write_all(&reply.body);
    }
    let _ = out.flush();
}

