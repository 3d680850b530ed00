//! `cargo xtask serve`: the site as a static host would serve it, from the working tree.
//!
//! `/` is `www/` (with the bindings in `www/pkg/`) and `/lessons/` is `lessons/`, the same layout
//! as `dist/`. The HTTP side is rouille's (already part of wasm-bindgen's test runner, so it
//! costs no extra build time); this module only maps URLs to directories.

use anyhow::{anyhow, Result};
use rouille::{Request, Response, Server};
use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

pub const DEFAULT_PORT: u16 = 8000;

/// What the server serves: the site, and optionally another directory under a URL prefix
/// (the tests mount `dist/` under a sub-path to prove it works there).
#[derive(Debug, Clone)]
pub struct Site {
    pub www: PathBuf,
    pub lessons: PathBuf,
    pub mount: Option<(String, PathBuf)>,
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

    pub fn respond(&self, request: &Request) -> Response {
        // Always revalidate (ETags make that cheap): a rebuilt wasm must never be served stale.
        // CORS for everyone, as static hosts commonly do: a class site on another origin embeds
        // the elements with one script tag, and they fetch their wasm and lessons from here.
        self.route(request)
            .with_unique_header("Cache-Control", "no-cache")
            .with_unique_header("Access-Control-Allow-Origin", "*")
    }

    fn route(&self, request: &Request) -> Response {
        if let Some((prefix, dir)) = &self.mount {
            if let Some(inner) = under(request, prefix.trim_end_matches('/')) {
                return serve_dir(request, &inner, dir);
            }
        }
        if let Some(inner) = under(request, "/lessons") {
            return serve_dir(request, &inner, &self.lessons);
        }
        serve_dir(request, request, &self.www)
    }
}

/// The request with `prefix` removed from its path, if the path is `prefix` or `prefix/...`.
fn under(request: &Request, prefix: &str) -> Option<Request> {
    let url = request.url();
    let rest = url.strip_prefix(prefix)?;
    if rest.is_empty() || rest.starts_with('/') {
        request.remove_prefix(prefix)
    } else {
        None
    }
}

/// The file that `inner` (the request's path inside `dir`) names: `index.html` for a path
/// ending in `/`, a redirect adding the `/` for a directory (so relative URLs resolve inside
/// it), `text/plain` for lesson files, 404 for anything else. rouille keeps requests inside
/// `dir`.
fn serve_dir(request: &Request, inner: &Request, dir: &Path) -> Response {
    let path = inner.url();
    if path.ends_with('/') {
        let index = Request::fake_http_from(
            *request.remote_addr(),
            request.method(),
            format!("{path}index.html"),
            request.headers().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            Vec::new(),
        );
        return rouille::match_assets(&index, dir);
    }
    if path.is_empty() || (is_plain_relative(&path) && dir.join(path.trim_start_matches('/')).is_dir()) {
        return Response::redirect_301(format!("{}/", request.url()));
    }
    let response = rouille::match_assets(inner, dir);
    if path.ends_with(".toml") && (response.is_success() || response.status_code == 304) {
        return response.with_unique_header("Content-Type", "text/plain; charset=utf-8");
    }
    response
}

/// A URL path without `..` (or other non-name) components.
fn is_plain_relative(url: &str) -> bool {
    Path::new(url.trim_start_matches('/')).components().all(|c| matches!(c, Component::Normal(_)))
}

/// A server running on a background thread; stops when dropped.
pub struct RunningServer {
    pub addr: SocketAddr,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl RunningServer {
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts serving `site` on `127.0.0.1:port` (port 0: any free port) in the background.
pub fn start(site: Site, port: u16) -> Result<RunningServer> {
    let server = Server::new(("127.0.0.1", port), move |request| site.respond(request))
        .map_err(|err| anyhow!("cannot listen on 127.0.0.1:{port}: {err}"))?;
    let addr = server.server_addr();
    let (thread, stop) = server.stoppable();
    Ok(RunningServer { addr, stop: Some(stop), thread: Some(thread) })
}

/// `cargo xtask serve`: serves the project until the process is stopped.
pub fn serve_forever(root: &Path, port: u16) -> Result<()> {
    let site = Site::of_project(root);
    let server = Server::new(("127.0.0.1", port), move |request| site.respond(request))
        .map_err(|err| anyhow!("cannot listen on 127.0.0.1:{port} ({err}); try `cargo xtask serve --port 8080`"))?;
    println!("serving the site at http://{}/ (Ctrl-C to stop)", server.server_addr());
    server.run();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

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

    fn get(site: &Site, url: &str) -> Response {
        site.respond(&Request::fake_http("GET", url, vec![], vec![]))
    }

    fn header<'a>(response: &'a Response, name: &str) -> Option<&'a str> {
        response.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_ref())
    }

    #[test]
    fn maps_urls_to_the_site_directories() {
        let (root, site) = site_in_temp_dir("map");
        let index = get(&site, "/");
        assert_eq!(index.status_code, 200);
        assert!(header(&index, "Content-Type").is_some_and(|t| t.starts_with("text/html")));
        let wasm = get(&site, "/pkg/qitong_bg.wasm");
        assert_eq!(wasm.status_code, 200);
        assert_eq!(header(&wasm, "Content-Type"), Some("application/wasm"));
        assert_eq!(header(&wasm, "Cache-Control"), Some("no-cache"));
        assert_eq!(header(&wasm, "Access-Control-Allow-Origin"), Some("*"));
        let lesson = get(&site, "/lessons/course.toml");
        assert_eq!(lesson.status_code, 200);
        assert_eq!(header(&lesson, "Content-Type"), Some("text/plain; charset=utf-8"));
        assert_eq!(get(&site, "/school/chess/").status_code, 200);
        assert_eq!(get(&site, "/school/chess").status_code, 301);
        assert_eq!(get(&site, "/pkg").status_code, 301);
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn never_serves_outside_the_site() {
        let (root, site) = site_in_temp_dir("outside");
        assert_eq!(get(&site, "/../secret.txt").status_code, 404);
        assert_eq!(get(&site, "/%2e%2e/secret.txt").status_code, 404);
        assert_eq!(get(&site, "/lessons/../../secret.txt").status_code, 404);
        assert_eq!(get(&site, "/missing.js").status_code, 404);
        let _ = fs::remove_dir_all(root);
    }
}
