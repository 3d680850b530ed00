//! The places of the connections the dev server serves at once, and who gives one up when they
//! are all taken: the connection that has waited longest for its request head. A hundred clients
//! trickling their heads (slowloris) held all 64 places for 20 s each and 52 of 61 normal
//! requests were answered 503 (issue 29); now each new client takes the place of the slowest
//! waiting one, and 503 is left for a server whose every place is busy answering.

use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// One connection holding a place.
struct Held {
    id: u64,
    since: Instant,
    /// A handle on the connection while its head is still awaited (None once it is answered):
    /// closing it is how its place is taken back.
    waiting: Option<TcpStream>,
}

#[derive(Default)]
struct Places {
    next: u64,
    held: Vec<Held>,
}

/// The connections being served, at most `max` at once.
pub struct Slots {
    max: usize,
    places: Mutex<Places>,
}

/// One connection's place, given back when dropped.
pub struct Slot {
    slots: Arc<Slots>,
    id: u64,
}

impl Slots {
    pub fn new(max: usize) -> Arc<Slots> {
        Arc::new(Slots { max, places: Mutex::new(Places::default()) })
    }

    fn places(&self) -> MutexGuard<'_, Places> {
        // A thread that panicked holding the lock left the list whole: each change is one call.
        self.places.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for `stream`: a free one, else the place of the connection that has waited
    /// longest for its request head (that connection is closed); None when every place is
    /// answering a request.
    pub fn take(this: &Arc<Slots>, stream: &TcpStream) -> Option<Slot> {
        let mut places = this.places();
        if places.held.len() >= this.max.max(1) {
            let oldest = places.held.iter().enumerate().filter(|(_, h)| h.waiting.is_some()).min_by_key(|(_, h)| h.since).map(|(i, _)| i)?;
            let evicted = places.held.swap_remove(oldest);
            if let Some(waiting) = evicted.waiting {
                // Its thread's read returns at once and the thread ends without answering.
                let _ = waiting.shutdown(Shutdown::Both);
            }
        }
        let id = places.next;
        places.next += 1;
        places.held.push(Held { id, since: Instant::now(), waiting: stream.try_clone().ok() });
        Some(Slot { slots: Arc::clone(this), id })
    }
}

impl Slot {
    /// The request head was read (or refused): from now on this place is not taken back.
    pub fn answering(&self) {
        if let Some(held) = self.slots.places().held.iter_mut().find(|h| h.id == self.id) {
            held.waiting = None;
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut places = self.slots.places();
        if let Some(at) = places.held.iter().position(|h| h.id == self.id) {
            places.held.swap_remove(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{answer_of, site_in_temp_dir, small_limits, status_line};
    use super::super::{start_with_limits, Limits};
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};

    fn get(addr: std::net::SocketAddr, path: &str) -> String {
        let mut stream = TcpStream::connect(addr).expect("connect");
        stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes()).expect("send");
        answer_of(&stream)
    }

    #[test]
    fn idle_and_trickling_connections_never_keep_a_new_client_out() {
        let (root, site) = site_in_temp_dir("slowloris");
        // Long deadlines: only giving up the slowest waiting place lets a new client in.
        let limits = Limits { first_byte: Duration::from_secs(20), deadline: Duration::from_secs(20), ..small_limits() };
        let server = start_with_limits(site, 0, limits).expect("server");
        // Three times as many connections as places: half silent, half halfway through a head.
        let idle: Vec<TcpStream> = (0..12)
            .map(|i| {
                let mut s = TcpStream::connect(server.addr).expect("connect");
                if i % 2 == 0 {
                    s.write_all(b"GET / HT").expect("send");
                }
                s
            })
            .collect();
        // The server accepts in order: each normal request comes after all of them.
        for _ in 0..5 {
            assert_eq!(status_line(&get(server.addr, "/")), "HTTP/1.1 200 OK");
        }
        drop(idle);
        drop(server);
        let _ = std::fs::remove_dir_all(root);
    }

    #[test]
    fn a_silent_connection_is_closed_at_the_first_byte_deadline() {
        let (root, site) = site_in_temp_dir("silent");
        let limits = Limits { first_byte: Duration::from_millis(300), deadline: Duration::from_secs(20), ..small_limits() };
        let server = start_with_limits(site, 0, limits).expect("server");
        let mut silent = TcpStream::connect(server.addr).expect("connect");
        silent.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        let started = Instant::now();
        let mut answer = Vec::new();
        // Closed by the server (the end of the stream, no answer), long before the head's deadline.
        assert_eq!(silent.read_to_end(&mut answer).map_err(|e| e.kind()), Ok(0));
        assert!(started.elapsed() < Duration::from_secs(5), "closed after {:?}", started.elapsed());
        // A client that speaks is served as before.
        assert_eq!(status_line(&get(server.addr, "/")), "HTTP/1.1 200 OK");
        drop(server);
        let _ = std::fs::remove_dir_all(root);
    }

    #[test]
    fn busy_only_when_every_place_is_answering_and_served_again_once_they_close() {
        let (root, site) = site_in_temp_dir("cap");
        // Bigger than what the kernel buffers on both sides: a client that stops reading keeps
        // its connection's thread writing.
        std::fs::write(root.join("www/big.bin"), vec![7u8; 48 << 20]).expect("write");
        let limits = Limits { max_connections: 2, write_timeout: Duration::from_secs(20), ..small_limits() };
        let server = start_with_limits(site, 0, limits).expect("server");
        let stuck: Vec<TcpStream> = (0..2)
            .map(|_| {
                let mut s = TcpStream::connect(server.addr).expect("connect");
                s.write_all(b"GET /big.bin HTTP/1.1\r\n\r\n").expect("send");
                // The answer has begun: its place is answering, not waiting.
                s.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
                let mut start = [0u8; 12];
                s.read_exact(&mut start).expect("answer begins");
                assert_eq!(&start, b"HTTP/1.1 200");
                s
            })
            .collect();
        let answer = answer_of(&TcpStream::connect(server.addr).expect("connect"));
        assert_eq!(status_line(&answer), "HTTP/1.1 503 Service Unavailable", "{answer}");
        assert!(answer.contains("Retry-After: 1\r\n"));
        // Closing them ends their writes and frees the places.
        drop(stuck);
        let until = Instant::now() + Duration::from_secs(15);
        let mut served = String::new();
        while Instant::now() < until && !status_line(&served).contains("200") {
            served = get(server.addr, "/");
        }
        assert_eq!(status_line(&served), "HTTP/1.1 200 OK");
        drop(server);
        let _ = std::fs::remove_dir_all(root);
    }
}
