//! `cargo xtask serve`: the site as a static host would serve it, from the working tree.
//!
//! `/` is `www/` (with the bindings in `www/pkg/`) and `/lessons/` is `lessons/`, the same layout
//! as `dist/`. A small HTTP/1.1 server of our own: one thread per connection and one request per
//! connection (`Connection: close`). tiny_http (under rouille), used before, could leave a
//! request unanswered: its thread pool queues a new connection behind idle keep-alive ones when
//! several arrive at once, and a page's load event then never came (seen in the browser tests).

use anyhow::{anyhow, Result};
use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

pub const DEFAULT_PORT: u16 = 8000;

/// What the server serves: the site, and optionally another directory under a URL prefix
/// (the tests mount `dist/` under a sub-path to prove it works there).
#[derive(Debug, Clone)]
pub struct Site {
    pub www: PathBuf,
    pub lessons: PathBuf,
    pub mount: Option<(String, PathBuf)>,
}

/// An answer: status, headers and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    fn new(status: u16, content_type: &str, body: Vec<u8>) -> Reply {
        Reply { status, headers: vec![("Content-Type", content_type.to_owned())], body }
    }

    fn not_found() -> Reply {
        Reply::new(404, "text/plain; charset=utf-8", b"not found".to_vec())
    }

    fn redirect(to: String) -> Reply {
        let mut reply = Reply::new(301, "text/plain; charset=utf-8", Vec::new());
        reply.headers.push(("Location", to));
        reply
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    fn reason(&self) -> &'static str {
        match self.status {
            200 => "OK",
            301 => "Moved Permanently",
            400 => "Bad Request",
            404 => "Not Found",
            405 => "Method Not Allowed",
            _ => "",
        }
    }
}

impl Site {
    pub fn of_project(root: &Path) -> Site {
        Site { www: root.join("www"), lessons: root.join("lessons"), mount: None }
    }

    /// Also serves `dir` under `prefix` (which starts and ends with `/`).
    pub fn with_mount(mut self, prefix: &str, dir: PathBuf) -> Site {
        self.mount = Some((prefix.to_string(), dir));
        self
    }

    /// The answer to `method target` (`target`: the request's path and query).
    pub fn respond(&self, method: &str, target: &str) -> Reply {
        let mut reply = if method == "GET" || method == "HEAD" { self.route(target) } else { Reply::new(405, "text/plain; charset=utf-8", Vec::new()) };
        // Never served stale: a rebuilt wasm must reach the browser at once.
        reply.headers.push(("Cache-Control", "no-cache".into()));
        // CORS for everyone, as static hosts commonly do: a class site on another origin embeds
        // the elements with one script tag, and they fetch their wasm and lessons from here.
        reply.headers.push(("Access-Control-Allow-Origin", "*".into()));
        reply
    }

    fn route(&self, target: &str) -> Reply {
        let raw = target.split(['?', '#']).next().unwrap_or("");
        let Some(path) = percent_decode(raw) else { return Reply::not_found() };
        if let Some((prefix, dir)) = &self.mount {
            if let Some(inner) = under(&path, prefix.trim_end_matches('/')) {
                return serve_dir(raw, inner, dir);
            }
        }
        if let Some(inner) = under(&path, "/lessons") {
            return serve_dir(raw, inner, &self.lessons);
        }
        serve_dir(raw, &path, &self.www)
    }
}

/// `path` without `prefix`, if the path is `prefix` or `prefix/...`.
fn under<'a>(path: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = path.strip_prefix(prefix)?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

/// The file that `inner` (the path inside `dir`) names: `index.html` for a path ending in `/`,
/// a redirect adding the `/` for a directory (so relative URLs resolve inside it), 404 for
/// anything else, and never a file outside `dir`.
fn serve_dir(url: &str, inner: &str, dir: &Path) -> Reply {
    if inner.is_empty() {
        return Reply::redirect(format!("{url}/"));
    }
    let relative = inner.trim_start_matches('/');
    if !Path::new(relative).components().all(|c| matches!(c, Component::Normal(_))) {
        return Reply::not_found();
    }
    let mut file = dir.join(relative);
    if inner.ends_with('/') {
        file = file.join("index.html");
    } else if file.is_dir() {
        return Reply::redirect(format!("{url}/"));
    }
    match std::fs::read(&file) {
        Ok(body) if file.is_file() => Reply::new(200, content_type(&file), body),
        _ => Reply::not_found(),
    }
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "toml" | "txt" | "md" | "ts" | "csv" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `%XX` escapes decoded; `None` for a bad escape or a path that is not UTF-8.
fn percent_decode(raw: &str) -> Option<String> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Reads one request's head and writes its answer; the connection then closes.
fn handle(site: &Site, stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    // The headers are read and ignored (no request needs one).
    let mut header = String::new();
    while reader.read_line(&mut header).map(|n| n > 0).unwrap_or(false) && header.trim_end() != "" {
        header.clear();
    }
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let reply = if target.starts_with('/') { site.respond(method, target) } else { Reply::new(400, "text/plain; charset=utf-8", Vec::new()) };
    let mut head = format!("HTTP/1.1 {} {}\r\nContent-Length: {}\r\nConnection: close\r\n", reply.status, reply.reason(), reply.body.len());
    for (name, value) in &reply.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut out = &stream;
    let _ = out.write_all(head.as_bytes());
    if method != "HEAD" {
        let _ = out.write_all(&reply.body);
    }
    let _ = out.flush();
    let _ = stream.shutdown(Shutdown::Write);
}

/// A server running on a background thread; stops when dropped.
pub struct RunningServer {
    pub addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl RunningServer {
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so that it sees the flag.
        let _ = TcpStream::connect(self.addr);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn listen(port: u16) -> Result<TcpListener> {
    TcpListener::bind(("127.0.0.1", port)).map_err(|err| anyhow!("cannot listen on 127.0.0.1:{port} ({err}); try `cargo xtask serve --port 8080`"))
}

fn accept_loop(listener: TcpListener, site: Arc<Site>, stop: Arc<AtomicBool>) {
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        if let Ok(stream) = stream {
            let site = Arc::clone(&site);
            std::thread::spawn(move || handle(&site, stream));
        }
    }
}

/// Starts serving `site` on `127.0.0.1:port` (port 0: any free port) in the background.
pub fn start(site: Site, port: u16) -> Result<RunningServer> {
    let listener = listen(port)?;
    let addr = listener.local_addr()?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let thread = std::thread::spawn(move || accept_loop(listener, Arc::new(site), flag));
    Ok(RunningServer { addr, stop, thread: Some(thread) })
}

/// `cargo xtask serve`: serves the project until the process is stopped.
pub fn serve_forever(root: &Path, port: u16) -> Result<()> {
    let listener = listen(port)?;
    println!("serving the site at http://{}/ (Ctrl-C to stop)", listener.local_addr()?);
    accept_loop(listener, Arc::new(Site::of_project(root)), Arc::new(AtomicBool::new(false)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::io::Read;

    fn site_in_temp_dir(name: &str) -> (PathBuf, Site) {
        let root = std::env::temp_dir().join(format!("qitong-serve-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for dir in ["www/pkg", "lessons", "dist/pkg"] {
            fs::create_dir_all(root.join(dir)).expect("temp dir");
        }
        fs::write(root.join("www/index.html"), "<!doctype html><title>site</title>").expect("write");
        fs::write(root.join("www/pkg/qitong_bg.wasm"), b"\0asm\x01\0\0\0").expect("write");
        fs::write(root.join("lessons/course.toml"), "title = \"x\"").expect("write");
        fs::write(root.join("dist/index.html"), "<!doctype html><title>dist</title>").expect("write");
        fs::write(root.join("secret.txt"), "not served").expect("write");
        let site = Site::of_project(&root).with_mount("/school/chess/", root.join("dist"));
        (root, site)
    }

    fn get(site: &Site, url: &str) -> Reply {
        site.respond("GET", url)
    }

    #[test]
    fn maps_urls_to_the_site_directories() {
        let (root, site) = site_in_temp_dir("map");
        let index = get(&site, "/");
        assert_eq!(index.status, 200);
        assert!(index.header("Content-Type").is_some_and(|t| t.starts_with("text/html")));
        let wasm = get(&site, "/pkg/qitong_bg.wasm?v=1");
        assert_eq!(wasm.status, 200);
        assert_eq!(wasm.header("Content-Type"), Some("application/wasm"));
        assert_eq!(wasm.header("Cache-Control"), Some("no-cache"));
        assert_eq!(wasm.header("Access-Control-Allow-Origin"), Some("*"));
        let lesson = get(&site, "/lessons/course.toml");
        assert_eq!(lesson.status, 200);
        assert_eq!(lesson.header("Content-Type"), Some("text/plain; charset=utf-8"));
        assert_eq!(get(&site, "/school/chess/").body, b"<!doctype html><title>dist</title>");
        let bare = get(&site, "/school/chess");
        assert_eq!((bare.status, bare.header("Location")), (301, Some("/school/chess/")));
        assert_eq!(get(&site, "/pkg").status, 301);
        assert_eq!(site.respond("POST", "/").status, 405);
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn never_serves_outside_the_site() {
        let (root, site) = site_in_temp_dir("outside");
        assert_eq!(get(&site, "/../secret.txt").status, 404);
        assert_eq!(get(&site, "/%2e%2e/secret.txt").status, 404);
        assert_eq!(get(&site, "/%2E%2E%2Fsecret.txt").status, 404);
        assert_eq!(get(&site, "/lessons/../../secret.txt").status, 404);
        assert_eq!(get(&site, "/%zz").status, 404);
        assert_eq!(get(&site, "/missing.js").status, 404);
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn answers_many_connections_at_once_and_stops() {
        let (root, site) = site_in_temp_dir("http");
        let server = start(site, 0).expect("server");
        let addr = server.addr;
        let clients: Vec<_> = (0..12)
            .map(|_| {
                std::thread::spawn(move || {
                    let mut stream = TcpStream::connect(addr).expect("connect");
                    stream.write_all(b"GET /pkg/qitong_bg.wasm HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n").expect("send");
                    let mut answer = Vec::new();
                    stream.read_to_end(&mut answer).expect("read");
                    answer
                })
            })
            .collect();
        for client in clients {
            let answer = client.join().expect("client");
            let text = String::from_utf8_lossy(&answer);
            assert!(text.starts_with("HTTP/1.1 200 OK\r\n"), "{text}");
            assert!(text.contains("Content-Length: 8\r\n") && text.contains("Connection: close\r\n"));
            assert!(answer.ends_with(b"\0asm\x01\0\0\0"));
        }
        drop(server);
        assert!(TcpStream::connect(addr).is_err(), "dropped, the server no longer listens");
        let _ = fs::remove_dir_all(root);
    }
}
