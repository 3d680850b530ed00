//! `cargo xtask serve`: the site as a static host would serve it, from the working tree.
//!
//! `/` is `www/` (with the bindings in `www/pkg/`) and `/lessons/` is `lessons/`, the same layout
//! as `dist/`. A small HTTP/1.1 server of our own: one thread per connection and one request per
//! connection (`Connection: close`), within limits (`connection::Limits`). tiny_http (under
//! rouille), used before, could leave a request unanswered: its thread pool queues a new
//! connection behind idle keep-alive ones when several arrive at once, and a page's load event
//! then never came (seen in the browser tests).

mod connection;
mod slots;

pub use connection::Limits;
use slots::Slots;

use anyhow::{anyhow, Result};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

pub const DEFAULT_PORT: u16 = 8000;

/// The pages' Content-Security-Policy, as each page's `<meta http-equiv>` states it (a test
/// keeps them equal). `style-src 'unsafe-inline'` stays: the board and the lesson player put
/// their stylesheets into shadow roots as `<style>` elements. `wasm-unsafe-eval` compiles the
/// wasm; nothing else is evaluated.
pub const PAGE_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'self'; object-src 'none'";

/// What only a header can say (a `<meta>` policy ignores it): who may frame a page. `frame.html`
/// is made to be framed by class sites; every other page only by the site itself.
pub fn frame_ancestors(file: &str) -> &'static str {
    if file == "frame.html" {
        "frame-ancestors *"
    } else {
        "frame-ancestors 'self'"
    }
}

/// What the server serves: the site, and optionally another directory under a URL prefix
/// (the tests mount `dist/` under a sub-path to prove it works there) and the test fixtures at
/// `/fixtures/` (the browser tests' own lesson files, compiled on request like `lessons/`).
#[derive(Debug, Clone)]
pub struct Site {
    pub www: PathBuf,
    pub lessons: PathBuf,
    pub mount: Option<(String, PathBuf)>,
    pub fixtures: Option<PathBuf>,
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

    #[cfg(test)]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.header_value(name)
    }

    fn header_value(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    fn reason(&self) -> &'static str {
        match self.status {
            200 => "OK",
            301 => "Moved Permanently",
            400 => "Bad Request",
            404 => "Not Found",
            405 => "Method Not Allowed",
            408 => "Request Timeout",
            414 => "URI Too Long",
            431 => "Request Header Fields Too Large",
            503 => "Service Unavailable",
            _ => "",
        }
    }
}

impl Site {
    pub fn of_project(root: &Path) -> Site {
        Site { www: root.join("www"), lessons: root.join("lessons"), mount: None, fixtures: None }
    }

    /// Also serves `dir` at `/fixtures/`, lesson files compiled on request (the browser tests).
    pub fn with_fixtures(mut self, dir: PathBuf) -> Site {
        self.fixtures = Some(dir);
        self
    }

    /// Also serves `dir` under `prefix` (which starts and ends with `/`).
    pub fn with_mount(mut self, prefix: &str, dir: PathBuf) -> Site {
        self.mount = Some((prefix.to_string(), dir));
        self
    }

    /// The answer to `method target` (`target`: the request's path and query).
    pub fn respond(&self, method: &str, target: &str) -> Reply {
        let mut reply =
            if method == "GET" || method == "HEAD" { self.route(target) } else { Reply::new(405, "text/plain; charset=utf-8", Vec::new()) };
        // Never served stale: a rebuilt wasm must reach the browser at once.
        reply.headers.push(("Cache-Control", "no-cache".into()));
        // CORS for everyone, as static hosts commonly do: a class site on another origin embeds
        // the elements with one script tag, and they fetch their wasm and lessons from here.
        reply.headers.push(("Access-Control-Allow-Origin", "*".into()));
        // The headers docs/embedding.md's hosting notes ask of a static host.
        reply.headers.push(("X-Content-Type-Options", "nosniff".into()));
        reply.headers.push(("Referrer-Policy", "no-referrer".into()));
        if reply.header_value("Content-Type").is_some_and(|t| t.starts_with("text/html")) {
            let path = target.split(['?', '#']).next().unwrap_or("");
            let file = path.rsplit('/').next().filter(|f| !f.is_empty()).unwrap_or("index.html");
            reply.headers.push(("Content-Security-Policy", format!("{PAGE_POLICY}; {}", frame_ancestors(file))));
        }
        reply
    }

    /// A file of a lessons folder `dir`, or the compiled form of the lesson file that `inner`
    /// (`/rook/moves.json`) stands for: the working tree has only the sources.
    fn lesson_file(url: &str, inner: &str, dir: &Path) -> Reply {
        let reply = serve_dir(url, inner, dir);
        let relative = Path::new(inner.trim_start_matches('/'));
        if reply.status != 404 || !relative.components().all(|c| matches!(c, Component::Normal(_))) {
            return reply;
        }
        match crate::compiled::compile_on_request(&dir.join(relative)) {
            Some(body) => Reply::new(200, "application/json; charset=utf-8", body),
            None => reply,
        }
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
            return Site::lesson_file(raw, inner, &self.lessons);
        }
        if let (Some(dir), Some(inner)) = (&self.fixtures, under(&path, "/fixtures")) {
            return Site::lesson_file(raw, inner, dir);
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

fn accept_loop(listener: TcpListener, site: Arc<Site>, limits: Limits, stop: Arc<AtomicBool>) {
    let slots = Slots::new(limits.max_connections);
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Ok(stream) = stream else { continue };
        match Slots::take(&slots, &stream) {
            Some(slot) => {
                let site = Arc::clone(&site);
                std::thread::spawn(move || connection::handle(&site, stream, &limits, slot));
            }
            None => connection::refuse_busy(stream),
        }
    }
}

/// Starts serving `site` on `127.0.0.1:port` (port 0: any free port) in the background.
pub fn start(site: Site, port: u16) -> Result<RunningServer> {
    start_with_limits(site, port, Limits::default())
}

/// `start` with other limits (the tests use small ones).
pub fn start_with_limits(site: Site, port: u16, limits: Limits) -> Result<RunningServer> {
    let listener = listen(port)?;
    let addr = listener.local_addr()?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let thread = std::thread::spawn(move || accept_loop(listener, Arc::new(site), limits, flag));
    Ok(RunningServer { addr, stop, thread: Some(thread) })
}

/// `cargo xtask serve`: serves the project until the process is stopped.
pub fn serve_forever(root: &Path, port: u16) -> Result<()> {
    let listener = listen(port)?;
    println!("serving the site at http://{}/ (Ctrl-C to stop)", listener.local_addr()?);
    accept_loop(listener, Arc::new(Site::of_project(root)), Limits::default(), Arc::new(AtomicBool::new(false)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::io::{Read, Write};

    pub(super) fn site_in_temp_dir(name: &str) -> (PathBuf, Site) {
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
        // The working tree has only the source: its compiled form is made on request.
        let compiled = get(&site, "/lessons/course.json");
        assert_eq!((compiled.status, compiled.header("Content-Type")), (200, Some("application/json; charset=utf-8")));
        assert_eq!(String::from_utf8(compiled.body).ok(), Some(qitong::format::toml::compile("title = \"x\"")));
        assert_eq!(get(&site, "/lessons/other.json").status, 404);
        assert_eq!(get(&site, "/lessons/../lessons/course.json").status, 404);
        assert_eq!(get(&site, "/school/chess/").body, b"<!doctype html><title>dist</title>");
        let bare = get(&site, "/school/chess");
        assert_eq!((bare.status, bare.header("Location")), (301, Some("/school/chess/")));
        assert_eq!(get(&site, "/pkg").status, 301);
        assert_eq!(site.respond("POST", "/").status, 405);
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn serves_the_test_fixtures_only_when_mounted_compiling_their_lessons() {
        let (root, site) = site_in_temp_dir("fixtures");
        fs::create_dir_all(root.join("fixtures/broken")).expect("mkdir");
        fs::write(root.join("fixtures/broken/bad.toml"), "title = = 1").expect("write");
        assert_eq!(get(&site, "/fixtures/broken/bad.json").status, 404);
        let site = site.with_fixtures(root.join("fixtures"));
        assert_eq!(get(&site, "/fixtures/broken/bad.toml").body, b"title = = 1");
        let compiled = get(&site, "/fixtures/broken/bad.json");
        assert_eq!(String::from_utf8(compiled.body).ok(), Some(qitong::format::toml::compile("title = = 1")));
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn sends_the_headers_a_static_host_should() {
        let (root, site) = site_in_temp_dir("headers");
        fs::write(root.join("www/frame.html"), "<!doctype html><title>frame</title>").expect("write");
        let index = get(&site, "/");
        assert_eq!(index.header("X-Content-Type-Options"), Some("nosniff"));
        assert_eq!(index.header("Referrer-Policy"), Some("no-referrer"));
        assert_eq!(index.header("Content-Security-Policy"), Some(format!("{PAGE_POLICY}; frame-ancestors 'self'").as_str()));
        let frame = get(&site, "/frame.html?board");
        assert!(frame.header("Content-Security-Policy").is_some_and(|p| p.ends_with("; frame-ancestors *")));
        let wasm = get(&site, "/pkg/qitong_bg.wasm");
        assert_eq!(wasm.header("Content-Security-Policy"), None, "a policy is for pages");
        assert_eq!(wasm.header("X-Content-Type-Options"), Some("nosniff"));
        let _ = fs::remove_dir_all(root);
    }

    /// Each page states the same policy in its `<meta>` as the server sends (so that a host
    /// that sends no header still gets it, and the two never disagree).
    #[test]
    fn every_page_states_the_servers_policy() {
        let www = crate::project_root().join("www");
        let mut pages = 0;
        for entry in fs::read_dir(&www).expect("www/") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "html") {
                let text = fs::read_to_string(&path).expect("page");
                let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{PAGE_POLICY}\">");
                assert!(text.contains(&meta), "{} states another policy (or none): want {meta}", path.display());
                pages += 1;
            }
        }
        assert!(pages >= 9, "found {pages} pages");
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

    /// A client's answer: what the server wrote before it closed (bounded by the read timeout).
    pub(super) fn answer_of(mut stream: &TcpStream) -> String {
        stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).expect("timeout");
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    }

    pub(super) fn status_line(answer: &str) -> &str {
        answer.lines().next().unwrap_or("")
    }

    pub(super) fn small_limits() -> Limits {
        Limits { max_line: 1024, max_headers: 4096, deadline: std::time::Duration::from_millis(600), max_connections: 4, ..Limits::default() }
    }

    #[test]
    fn refuses_an_oversized_request_line_or_header_without_reading_it_whole() {
        let (root, site) = site_in_temp_dir("limits");
        let server = start_with_limits(site, 0, small_limits()).expect("server");
        // A request line longer than the cap, sent in pieces and never ended: refused at the cap.
        let mut long = TcpStream::connect(server.addr).expect("connect");
        long.write_all(b"GET /").expect("send");
        let mut refused = false;
        for _ in 0..64 {
            if long.write_all(&[b'a'; 512]).is_err() {
                refused = true;
                break;
            }
        }
        let answer = answer_of(&long);
        assert!(refused || status_line(&answer) == "HTTP/1.1 414 URI Too Long", "{answer}");
        // Headers larger than the cap.
        let mut big = TcpStream::connect(server.addr).expect("connect");
        let mut request = b"GET / HTTP/1.1\r\n".to_vec();
        for i in 0..100 {
            request.extend_from_slice(format!("X-Filler-{i}: {}\r\n", "b".repeat(60)).as_bytes());
        }
        request.extend_from_slice(b"\r\n");
        let _ = big.write_all(&request);
        assert_eq!(status_line(&answer_of(&big)), "HTTP/1.1 431 Request Header Fields Too Large");
        // A normal request is still served.
        let mut ok = TcpStream::connect(server.addr).expect("connect");
        ok.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").expect("send");
        assert_eq!(status_line(&answer_of(&ok)), "HTTP/1.1 200 OK");
        drop(server);
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn a_slow_client_is_cut_off_at_the_deadline() {
        let (root, site) = site_in_temp_dir("slow");
        let server = start_with_limits(site, 0, small_limits()).expect("server");
        let mut slow = TcpStream::connect(server.addr).expect("connect");
        let started = std::time::Instant::now();
        // One byte every 100 ms (each read alone is quick): the whole head has 600 ms.
        let mut cut = false;
        for byte in b"GET /index.html HTTP/1.1\r\nHost: x\r\n".iter().cycle().take(100) {
            if slow.write_all(&[*byte]).is_err() {
                cut = true;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
            if started.elapsed() > std::time::Duration::from_secs(5) {
                break;
            }
        }
        let answer = answer_of(&slow);
        assert!(cut || status_line(&answer) == "HTTP/1.1 408 Request Timeout", "{answer}");
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "cut off after {:?}", started.elapsed());
        drop(server);
        let _ = fs::remove_dir_all(root);
    }
}
