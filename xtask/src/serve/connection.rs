//! One HTTP connection of the dev server, within limits: the request line and the headers have
//! a size cap (414 / 431 past it), the first byte a short deadline (a connection that sends
//! nothing is closed), the whole request head a deadline (408 past it, however slowly the client
//! trickles bytes), and the number of connections served at once a cap (`slots`: a new one takes
//! the place of the one waiting longest for its head; 503 when every place is answering). A
//! static site needs nothing bigger, and a stuck or hostile client must not hold memory or
//! threads.

use super::slots::Slot;
use super::{Reply, Site};
use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

/// The server's limits.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The longest request line, in bytes (the URL of a lesson or a FEN is far shorter).
    pub max_line: usize,
    /// The most bytes of headers after the request line.
    pub max_headers: usize,
    /// How long a new connection may stay silent: a browser's spare connection is closed (it
    /// opens another when it needs one), and a client that says nothing holds no place.
    pub first_byte: Duration,
    /// How long a client may take to send its request head, in all.
    pub deadline: Duration,
    /// How long writing the answer may stall.
    pub write_timeout: Duration,
    /// Connections served at once; past it a new one takes the place of the one that has waited
    /// longest for its head, or is answered 503 at once when every place is answering.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line: 8 * 1024,
            max_headers: 32 * 1024,
            first_byte: Duration::from_secs(2),
            deadline: Duration::from_secs(20),
            write_timeout: Duration::from_secs(30),
            max_connections: 64,
        }
    }
}

/// Why a request head could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeadError {
    /// The client closed the connection (or sent nothing) before a whole head.
    Closed,
    LineTooLong,
    HeadersTooLarge,
    TooSlow,
}

/// Reads lines from `reader`, each a `Vec<u8>` without its line end, never more than `budget`
/// bytes in all, and never past `deadline` (nor past `first_byte` while nothing came).
struct HeadReader<'a> {
    reader: BufReader<&'a TcpStream>,
    deadline: Instant,
    first_byte: Option<Instant>,
}

impl HeadReader<'_> {
    fn line(&mut self, budget: usize) -> Result<Vec<u8>, HeadError> {
        let mut line = Vec::new();
        loop {
            let until = self.first_byte.map_or(self.deadline, |first| first.min(self.deadline));
            // Silent since it connected: closed without an answer, as a spare connection is.
            let late = if self.first_byte.is_some() { HeadError::Closed } else { HeadError::TooSlow };
            let left = until.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()).ok_or(late)?;
            // Each read waits at most for what is left of the deadline: a client trickling one
            // byte at a time cannot hold the connection longer than the deadline.
            let _ = self.reader.get_ref().set_read_timeout(Some(left));
            let available = match self.reader.fill_buf() {
                Ok([]) => return Err(HeadError::Closed),
                Ok(bytes) => bytes,
                Err(err) if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return Err(late),
                Err(err) if err.kind() == ErrorKind::Interrupted => continue,
                Err(_) => return Err(HeadError::Closed),
            };
            self.first_byte = None;
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
    let now = Instant::now();
    let mut head = HeadReader { reader: BufReader::new(stream), deadline: now + limits.deadline, first_byte: Some(now + limits.first_byte) };
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

/// Reads one request's head and writes its answer; the connection then closes. `slot` is its
/// place, which a new connection may take while the head is awaited.
pub fn handle(site: &Site, stream: TcpStream, limits: &Limits, slot: Slot) {
    let _ = stream.set_write_timeout(Some(limits.write_timeout));
    let head = read_head(&stream, limits);
    slot.answering();
    let (method, reply) = match head {
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
    // The place is free before the client can see the end of its answer: a client that asks
    // again at once must find it free, however late this thread runs after the close (a test
    // of five requests in a row found four finished ones still holding the places).
    drop(slot);
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
