//! `cargo xtask serve`, and the static file server it (and the browser tests) use.
//!
//! tiny_http speaks HTTP; what is ours is which file a path names and how it is sent: the
//! right MIME types (`application/wasm` matters: streaming compilation insists on it), no
//! caching so a rebuilt engine is picked up on reload, and nothing outside the root.

use crate::wasm_build;
use anyhow::{anyhow, Context, Result};
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tiny_http::{Header, Method, Request, Response, Server};

pub const DEFAULT_PORT: u16 = 8000;
/// Requests answered at once: the browser tests open several pages in parallel.
const WORKERS: usize = 4;

pub fn command(root: &Path, port: u16) -> Result<()> {
    wasm_build::build_pkg(root)?;
    // The libraries the page's import map points to.
    if let Err(error) = crate::npm::install(root) {
        println!(
            "warning: the page's npm libraries are missing, so it cannot export animations \
             ({error:#})"
        );
    }
    let server = StaticServer::bind(root, port)?;
    println!("\nServing {} (Ctrl+C to stop)", root.display());
    println!("Open {}", server.url());
    server.run(true);
    Ok(())
}

pub struct StaticServer {
    server: Arc<Server>,
    address: SocketAddr,
    root: PathBuf,
}

impl StaticServer {
    /// Listens on 127.0.0.1:`port` (0 picks a free port).
    pub fn bind(root: &Path, port: u16) -> Result<Self> {
        let root = root
            .canonicalize()
            .with_context(|| format!("cannot serve {}: folder not found", root.display()))?;
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).with_context(|| {
            format!("cannot listen on 127.0.0.1:{port} (in use?): pick another with --port N")
        })?;
        let address = listener.local_addr()?;
        let server = Server::from_listener(listener, None)
            .map_err(|error| anyhow!("cannot serve on {address}: {error}"))?;
        Ok(Self {
            server: Arc::new(server),
            address,
            root,
        })
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Serves forever; `log` prints one line per request.
    pub fn run(self, log: bool) {
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                let server = Arc::clone(&self.server);
                let root = self.root.clone();
                std::thread::spawn(move || {
                    for request in server.incoming_requests() {
                        // A client that hangs up mid-response is its own business.
                        let _ = answer(request, &root, log);
                    }
                })
            })
            .collect();
        for worker in workers {
            let _ = worker.join();
        }
    }

    /// Serves on background threads for as long as this process lives.
    pub fn spawn(self) -> String {
        let url = self.url();
        std::thread::spawn(move || self.run(false));
        url
    }
}

fn answer(request: Request, root: &Path, log: bool) -> std::io::Result<()> {
    let outcome = match request.method() {
        Method::Get | Method::Head => resolve(root, request.url()),
        _ => Resolved::MethodNotAllowed,
    };
    if log {
        println!(
            "{} {} {}",
            request.method(),
            request.url(),
            outcome.status()
        );
    }
    let no_cache = [
        header("Cache-Control", "no-cache"),
        header("X-Content-Type-Options", "nosniff"),
    ];
    match outcome {
        Resolved::File(path) => match std::fs::File::open(&path) {
            Ok(file) => {
                let mut response = Response::from_file(file)
                    .with_header(header("Content-Type", content_type(&path)));
                for extra in no_cache {
                    response.add_header(extra);
                }
                request.respond(response)
            }
            Err(_) => request.respond(error_response(Resolved::NotFound.status(), no_cache)),
        },
        Resolved::Redirect(location) => {
            let mut response = Response::empty(301).with_header(header("Location", &location));
            for extra in no_cache {
                response.add_header(extra);
            }
            request.respond(response)
        }
        other => request.respond(error_response(other.status(), no_cache)),
    }
}

fn error_response(
    status: u16,
    headers: impl IntoIterator<Item = Header>,
) -> Response<std::io::Cursor<Vec<u8>>> {
    let reason = match status {
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "Error",
    };
    let mut response = Response::from_string(format!("{status} {reason}\n"))
        .with_status_code(status)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"));
    for extra in headers {
        response.add_header(extra);
    }
    response
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name, value).expect("header names and values are ASCII")
}

#[derive(Debug, PartialEq)]
enum Resolved {
    File(PathBuf),
    /// A folder asked for without its trailing slash: relative links inside need it.
    Redirect(String),
    BadRequest,
    NotFound,
    MethodNotAllowed,
}

impl Resolved {
    fn status(&self) -> u16 {
        match self {
            Self::File(_) => 200,
            Self::Redirect(_) => 301,
            Self::BadRequest => 400,
            Self::NotFound => 404,
            Self::MethodNotAllowed => 405,
        }
    }
}

/// Maps a request target (`/www/app.js?v=2`) to a file under `root` (already canonical).
/// Segments starting with a dot are refused, which rules out `..` as well as `.git`;
/// symbolic links may not lead outside the root either.
fn resolve(root: &Path, target: &str) -> Resolved {
    let path = target.split(['?', '#']).next().unwrap_or_default();
    if !path.starts_with('/') {
        return Resolved::BadRequest;
    }
    let Ok(decoded) = percent_encoding::percent_decode_str(path).decode_utf8() else {
        return Resolved::BadRequest;
    };
    let mut file = root.to_path_buf();
    for segment in decoded.split('/').filter(|segment| !segment.is_empty()) {
        if segment.contains(['\\', '\0']) {
            return Resolved::BadRequest;
        }
        if segment.starts_with('.') {
            return Resolved::NotFound;
        }
        file.push(segment);
    }
    if file.is_dir() {
        if !path.ends_with('/') {
            return Resolved::Redirect(format!("{path}/"));
        }
        file.push("index.html");
    }
    match file.canonicalize() {
        Ok(real) if real.starts_with(root) && real.is_file() => Resolved::File(real),
        _ => Resolved::NotFound,
    }
}

fn content_type(path: &Path) -> &'static str {
    let extension = path
        .extension()
        .and_then(|ext| ext.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    match extension.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        // Text maps and scenarios (Moving AI `.map`/`.scen`), docs and type declarations.
        "txt" | "md" | "map" | "scen" | "ts" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;

    /// A throwaway folder with a small site in it, removed when dropped.
    struct Site(PathBuf);

    impl Site {
        fn new(name: &str) -> Self {
            let dir =
                std::env::temp_dir().join(format!("xtask-serve-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("www")).unwrap();
            std::fs::create_dir_all(dir.join(".git")).unwrap();
            std::fs::write(dir.join("index.html"), "<!doctype html><p>hi</p>").unwrap();
            std::fs::write(dir.join("www/app.js"), "export const x = 1;\n").unwrap();
            std::fs::write(dir.join("www/a b.css"), "p{}").unwrap();
            std::fs::write(dir.join("engine_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
            std::fs::write(dir.join(".git/config"), "secret").unwrap();
            Self(dir.canonicalize().unwrap())
        }
    }

    impl Drop for Site {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn resolves_files_folders_and_queries() {
        let site = Site::new("resolve");
        let root = &site.0;
        assert_eq!(resolve(root, "/"), Resolved::File(root.join("index.html")));
        assert_eq!(
            resolve(root, "/www/app.js?cache=1#top"),
            Resolved::File(root.join("www/app.js"))
        );
        assert_eq!(
            resolve(root, "/www/a%20b.css"),
            Resolved::File(root.join("www/a b.css"))
        );
        assert_eq!(resolve(root, "/www"), Resolved::Redirect("/www/".into()));
        // A folder without index.html is not listed.
        assert_eq!(resolve(root, "/www/"), Resolved::NotFound);
        assert_eq!(resolve(root, "/missing.js"), Resolved::NotFound);
    }

    #[test]
    fn refuses_to_leave_the_root_or_show_hidden_files() {
        let site = Site::new("escape");
        let root = &site.0;
        assert_eq!(resolve(root, "/../etc/passwd"), Resolved::NotFound);
        assert_eq!(
            resolve(root, "/www/%2e%2e/%2e%2e/etc/passwd"),
            Resolved::NotFound
        );
        assert_eq!(resolve(root, "/.git/config"), Resolved::NotFound);
        assert_eq!(resolve(root, "/www/..%5c..%5cetc"), Resolved::BadRequest);
        // A broken escape stays as it is written, and names no file.
        assert_eq!(resolve(root, "/bad%zzescape"), Resolved::NotFound);
        assert_eq!(resolve(root, "/not-utf8%ff"), Resolved::BadRequest);
        assert_eq!(resolve(root, "http://example.com/"), Resolved::BadRequest);
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/etc", root.join("www/etc")).unwrap();
            assert_eq!(resolve(root, "/www/etc/hostname"), Resolved::NotFound);
        }
    }

    #[test]
    fn names_the_types_browsers_insist_on() {
        assert_eq!(content_type(Path::new("pkg/x_bg.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("www/app.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("a.MJS")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("index.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("www/style.css")),
            "text/css; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("LICENSE")),
            "application/octet-stream"
        );
    }

    /// Sends a raw request and returns the status line, the headers (names in lower case)
    /// and the body.
    fn fetch(address: SocketAddr, request_line: &str) -> (String, Vec<(String, String)>, String) {
        let mut stream = TcpStream::connect(address).unwrap();
        let request = format!("{request_line}\r\nHost: x\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let response = String::from_utf8_lossy(&response).into_owned();
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        let mut lines = head.split("\r\n");
        let status = lines.next().unwrap().to_string();
        let headers = lines
            .map(|line| {
                let (name, value) = line.split_once(':').unwrap();
                (name.to_ascii_lowercase(), value.trim().to_string())
            })
            .collect();
        (status, headers, body.to_string())
    }

    fn header_value<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
        headers
            .iter()
            .find(|(header, _)| header == name)
            .map(|(_, value)| value.as_str())
    }

    #[test]
    fn answers_over_http() {
        let site = Site::new("http");
        let server = StaticServer::bind(&site.0, 0).unwrap();
        let address = server.address;
        server.spawn();

        let (status, headers, body) = fetch(address, "GET / HTTP/1.1");
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert_eq!(
            header_value(&headers, "content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(header_value(&headers, "cache-control"), Some("no-cache"));
        assert_eq!(body, "<!doctype html><p>hi</p>");

        let (_, headers, body) = fetch(address, "GET /engine_bg.wasm HTTP/1.1");
        assert_eq!(
            header_value(&headers, "content-type"),
            Some("application/wasm")
        );
        assert_eq!(body.len(), 8);

        let (status, headers, body) = fetch(address, "HEAD /www/app.js HTTP/1.1");
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert_eq!(header_value(&headers, "content-length"), Some("20"));
        assert_eq!(body, "", "HEAD has no body");

        let (status, headers, _) = fetch(address, "GET /www HTTP/1.1");
        assert!(status.starts_with("HTTP/1.1 301"), "{status}");
        assert_eq!(header_value(&headers, "location"), Some("/www/"));

        for outside in [
            "/nope.js",
            "/.git/config",
            "/../etc/passwd",
            "/www/%2e%2e/%2e%2e/etc/passwd",
            "/www/../../etc/passwd",
        ] {
            let (status, _, body) = fetch(address, &format!("GET {outside} HTTP/1.1"));
            assert_eq!(status, "HTTP/1.1 404 Not Found", "{outside}");
            assert_eq!(body, "404 Not Found\n", "{outside}");
        }
        let (status, _, _) = fetch(address, "GET /www/..%5c..%5cetc HTTP/1.1");
        assert_eq!(status, "HTTP/1.1 400 Bad Request");
        let (status, _, _) = fetch(address, "POST / HTTP/1.1");
        assert_eq!(status, "HTTP/1.1 405 Method Not Allowed");
    }
}
