//! `cargo xtask serve`, and the static file server it (and the browser tests) use.
//!
//! axum speaks HTTP, each connection in a task of its own, so a browser's idle keep-alive
//! connections never hold up its next requests; tower-http sends the files (HEAD and ranges
//! included). What is ours is which file a path names and how it is sent: the right MIME
//! types (`application/wasm` matters: streaming compilation insists on it), no caching so a
//! rebuilt engine is picked up on reload, and nothing outside the root or in a dot-folder.

use crate::cli::Serve;
use crate::wasm_build;
use anyhow::{bail, Context, Result};
use axum::extract::{Request, State};
use axum::http::header::{HeaderValue, CACHE_CONTROL, CONTENT_TYPE, LOCATION};
use axum::http::{HeaderName, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::services::ServeFile;

pub fn command(root: &Path, options: &Serve) -> Result<()> {
    if !options.no_build {
        wasm_build::build_pkg(root)?;
        // The libraries the page's import map points to.
        if let Err(error) = crate::npm::install(root, crate::npm::PAGE) {
            println!(
                "warning: the page's npm libraries are missing, so it cannot export animations \
                 or draw QR codes ({error:#})"
            );
        }
    } else if !root.join("pkg").is_dir() {
        bail!("pkg/ is not built yet: run `cargo xtask serve` without --no-build once");
    }
    let server = StaticServer::bind(root, options.port)?;
    println!("\nServing {} (Ctrl+C to stop)", root.display());
    println!("Open {}", server.url());
    server.run(true)
}

pub struct StaticServer {
    listener: TcpListener,
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
        // tokio takes the socket over, and polls it rather than blocking on it.
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        Ok(Self {
            listener,
            address,
            root,
        })
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Serves until the process ends; `log` prints one line per request.
    pub fn run(self, log: bool) -> Result<()> {
        let site = Arc::new(Site {
            root: self.root,
            log,
        });
        let app = Router::new().fallback(answer).with_state(site);
        // One thread is plenty for a few browsers: each connection is a task that waits on
        // the network without holding the thread, and tokio reads files on its blocking pool.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .context("starting the server's runtime")?;
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::from_std(self.listener)?;
            axum::serve(listener, app).await
        })?;
        Ok(())
    }

    /// Serves on a background thread for as long as this process lives.
    pub fn spawn(self) -> String {
        let url = self.url();
        let address = self.address;
        std::thread::spawn(move || {
            if let Err(error) = self.run(false) {
                eprintln!("the static file server at {address} stopped: {error:#}");
            }
        });
        url
    }
}

struct Site {
    root: PathBuf,
    log: bool,
}

async fn answer(State(site): State<Arc<Site>>, request: Request) -> Response {
    let method = request.method().clone();
    let target = request
        .uri()
        .path_and_query()
        .map_or_else(|| "/".to_owned(), |target| target.as_str().to_owned());
    let outcome = if method == Method::GET || method == Method::HEAD {
        // A few metadata look-ups: quick enough to make in place.
        resolve(&site.root, &target)
    } else {
        Resolved::MethodNotAllowed
    };
    let mut response = match outcome {
        Resolved::File(path) => {
            let content_type = content_type(&path);
            let Ok(mut response) = ServeFile::new(path).oneshot(request).await;
            if response.status().is_success() {
                let headers = response.headers_mut();
                headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
            }
            response.into_response()
        }
        Resolved::Redirect(location) => {
            (StatusCode::MOVED_PERMANENTLY, [(LOCATION, location)]).into_response()
        }
        Resolved::BadRequest => error_response(StatusCode::BAD_REQUEST),
        Resolved::NotFound => error_response(StatusCode::NOT_FOUND),
        Resolved::MethodNotAllowed => error_response(StatusCode::METHOD_NOT_ALLOWED),
    };
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        HeaderName::from_static("x-content-type-options"),
        HeaderValue::from_static("nosniff"),
    );
    if site.log {
        println!("{method} {target} {}", response.status().as_u16());
    }
    response
}

fn error_response(status: StatusCode) -> Response {
    let text = format!("{status}\n");
    (status, [(CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

/// Where a request target leads.
#[derive(Debug, PartialEq)]
enum Resolved {
    File(PathBuf),
    /// A folder asked for without its trailing slash: relative links inside need it.
    Redirect(String),
    BadRequest,
    NotFound,
    MethodNotAllowed,
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

        /// Serves the site on a free port for the rest of the test run.
        fn serve(&self) -> SocketAddr {
            let server = StaticServer::bind(&self.0, 0).unwrap();
            let address = server.address;
            server.spawn();
            address
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

    /// Sends a raw request on a connection of its own and returns the status line, the
    /// headers (names in lower case) and the body.
    fn fetch(address: SocketAddr, request_line: &str) -> (String, Vec<(String, String)>, String) {
        let mut stream = TcpStream::connect(address).unwrap();
        let request = format!("{request_line}\r\nHost: x\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let response = String::from_utf8_lossy(&response).into_owned();
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        let (status, headers) = parse_head(head);
        (status, headers, body.to_string())
    }

    fn parse_head(head: &str) -> (String, Vec<(String, String)>) {
        let mut lines = head.split("\r\n");
        let status = lines.next().unwrap().to_string();
        let headers = lines
            .map(|line| {
                let (name, value) = line.split_once(':').unwrap();
                (name.to_ascii_lowercase(), value.trim().to_string())
            })
            .collect();
        (status, headers)
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
        let address = site.serve();

        let (status, headers, body) = fetch(address, "GET / HTTP/1.1");
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert_eq!(
            header_value(&headers, "content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(header_value(&headers, "cache-control"), Some("no-store"));
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

    /// Reads one response off a connection that stays open: the head, then as many bytes
    /// as its Content-Length says.
    fn read_response(stream: &mut TcpStream) -> std::io::Result<(String, String)> {
        let mut head = Vec::new();
        let mut byte = [0];
        while !head.ends_with(b"\r\n\r\n") {
            stream.read_exact(&mut byte)?;
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        let (status, headers) = parse_head(head.trim_end());
        let length = header_value(&headers, "content-length").map_or(0, |n| n.parse().unwrap());
        let mut body = vec![0; length];
        stream.read_exact(&mut body)?;
        Ok((status, String::from_utf8_lossy(&body).into_owned()))
    }

    /// A browser opens several connections at once and keeps each open for its next
    /// requests: every one must be answered while the others stay open. (tiny_http handed
    /// each connection to a pool thread for as long as it lived, and a burst larger than the
    /// idle threads it counted waited behind connections that were never closed.)
    #[test]
    fn answers_a_burst_of_keep_alive_connections() {
        let site = Site::new("keep-alive");
        let address = site.serve();
        let mut connections: Vec<TcpStream> = (0..16)
            .map(|_| TcpStream::connect(address).unwrap())
            .collect();
        let request = "GET /www/app.js HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n";
        for round in 0..3 {
            for connection in &mut connections {
                connection.write_all(request.as_bytes()).unwrap();
            }
            for (index, connection) in connections.iter_mut().enumerate() {
                // Far longer than an answer takes; short enough to fail rather than hang.
                connection
                    .set_read_timeout(Some(std::time::Duration::from_secs(10)))
                    .unwrap();
                let (status, body) = read_response(connection).unwrap_or_else(|error| {
                    panic!("connection {index}, request {round}: no answer ({error})")
                });
                assert_eq!(status, "HTTP/1.1 200 OK");
                assert_eq!(body, "export const x = 1;\n");
            }
        }
    }
}
