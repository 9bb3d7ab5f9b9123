//! `cargo xtask serve`, and the small static file server it (and the browser tests) use.
//!
//! Only what a local page needs: GET/HEAD of files under one root folder, the right MIME
//! types (`application/wasm` matters: streaming compilation insists on it), no caching so
//! a rebuilt engine is picked up on reload, and nothing outside the root.

use crate::wasm_build;
use anyhow::{Context, Result};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const DEFAULT_PORT: u16 = 8000;
/// Longest request head accepted (request line plus headers).
const MAX_HEAD_BYTES: usize = 16 * 1024;

pub fn command(root: &Path, port: u16) -> Result<()> {
    wasm_build::build_pkg(root)?;
    if let Err(error) = crate::npm::install_and_vendor(root) {
        println!("warning: the page's npm modules are missing, so it cannot export animations ({error:#})");
    }
    let server = StaticServer::bind(root, port)?;
    println!("\nServing {} (Ctrl+C to stop)", root.display());
    println!("Open {}", server.url());
    server.run(true);
    Ok(())
}

pub struct StaticServer {
    listener: TcpListener,
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
        Ok(Self { listener, root })
    }

    pub fn address(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.address())
    }

    /// Serves forever, one thread per connection; `log` prints one line per request.
    pub fn run(self, log: bool) {
        for stream in self.listener.incoming().flatten() {
            let root = self.root.clone();
            std::thread::spawn(move || {
                // A client that hangs up mid-response is its own business.
                let _ = handle_connection(stream, &root, log);
            });
        }
    }

    /// Serves on a background thread for as long as this process lives.
    pub fn spawn(self) -> String {
        let url = self.url();
        std::thread::spawn(move || self.run(false));
        url
    }
}

fn handle_connection(mut stream: TcpStream, root: &Path, log: bool) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let request_line = match read_request_line(&stream)? {
        Some(line) => line,
        None => return respond_error(&mut stream, 400, "Bad Request", false),
    };
    let mut words = request_line.split(' ');
    let (method, target) = match (words.next(), words.next(), words.next()) {
        (Some(method), Some(target), Some(version)) if version.starts_with("HTTP/1.") => {
            (method, target)
        }
        _ => return respond_error(&mut stream, 400, "Bad Request", false),
    };
    let head_only = method == "HEAD";
    if method != "GET" && !head_only {
        return respond_error(&mut stream, 405, "Method Not Allowed", false);
    }
    let outcome = resolve(root, target);
    if log {
        let status = match &outcome {
            Resolved::File(_) => 200,
            Resolved::Redirect(_) => 301,
            Resolved::BadRequest => 400,
            Resolved::NotFound => 404,
        };
        println!("{method} {target} {status}");
    }
    match outcome {
        Resolved::File(path) => match std::fs::read(&path) {
            Ok(body) => {
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\n{}\r\n",
                    content_type(&path),
                    body.len(),
                    COMMON_HEADERS
                );
                stream.write_all(head.as_bytes())?;
                if !head_only {
                    stream.write_all(&body)?;
                }
                stream.flush()
            }
            Err(_) => respond_error(&mut stream, 404, "Not Found", head_only),
        },
        Resolved::Redirect(location) => {
            let head = format!(
                "HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\nContent-Length: 0\r\n{COMMON_HEADERS}\r\n"
            );
            stream.write_all(head.as_bytes())
        }
        Resolved::BadRequest => respond_error(&mut stream, 400, "Bad Request", head_only),
        Resolved::NotFound => respond_error(&mut stream, 404, "Not Found", head_only),
    }
}

const COMMON_HEADERS: &str =
    "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n";

/// Reads the request head and returns its first line; `None` if it is not a sane request.
fn read_request_line(stream: impl Read) -> std::io::Result<Option<String>> {
    let mut reader = BufReader::new(stream);
    let mut request_line = String::new();
    let mut head_bytes = 0;
    loop {
        let mut line = String::new();
        let read = (&mut reader)
            .take((MAX_HEAD_BYTES - head_bytes + 1) as u64)
            .read_line(&mut line)?;
        head_bytes += read;
        if read == 0 || head_bytes > MAX_HEAD_BYTES {
            return Ok(None);
        }
        if request_line.is_empty() {
            request_line = line.trim_end().to_string();
        } else if line == "\r\n" || line == "\n" {
            return Ok(Some(request_line));
        }
    }
}

fn respond_error(
    stream: &mut TcpStream,
    code: u16,
    reason: &str,
    head_only: bool,
) -> std::io::Result<()> {
    let body = format!("{code} {reason}\n");
    let head = format!(
        "HTTP/1.1 {code} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n{COMMON_HEADERS}\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(body.as_bytes())?;
    }
    stream.flush()
}

#[derive(Debug, PartialEq)]
enum Resolved {
    File(PathBuf),
    /// A folder asked for without its trailing slash: relative links inside need it.
    Redirect(String),
    BadRequest,
    NotFound,
}

/// Maps a request target (`/www/app.js?v=2`) to a file under `root` (already canonical).
/// Segments starting with a dot are refused, which rules out `..` as well as `.git`;
/// symbolic links may not lead outside the root either.
fn resolve(root: &Path, target: &str) -> Resolved {
    let path = target.split(['?', '#']).next().unwrap_or_default();
    if !path.starts_with('/') {
        return Resolved::BadRequest;
    }
    let Some(decoded) = percent_decode(path) else {
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

/// Decodes `%XX` escapes; `None` for a broken escape or a path that is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = std::str::from_utf8(bytes.get(index + 1..index + 3)?).ok()?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            decoded.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(decoded).ok()
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
        assert_eq!(resolve(root, "/bad%zzescape"), Resolved::BadRequest);
        assert_eq!(resolve(root, "/trailing%2"), Resolved::BadRequest);
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

    fn fetch(url_address: SocketAddr, request: &str) -> String {
        let mut stream = TcpStream::connect(url_address).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        String::from_utf8_lossy(&response).into_owned()
    }

    #[test]
    fn answers_over_http() {
        let site = Site::new("http");
        let server = StaticServer::bind(&site.0, 0).unwrap();
        let address = server.address();
        server.spawn();

        let page = fetch(address, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
        assert!(page.contains("Content-Type: text/html; charset=utf-8\r\n"));
        assert!(page.ends_with("<!doctype html><p>hi</p>"));

        let wasm = fetch(address, "GET /engine_bg.wasm HTTP/1.1\r\n\r\n");
        assert!(wasm.contains("Content-Type: application/wasm\r\nContent-Length: 8\r\n"));

        let head = fetch(address, "HEAD /www/app.js HTTP/1.1\r\n\r\n");
        assert!(head.contains("Content-Length: 20\r\n"), "{head}");
        assert!(head.ends_with("\r\n\r\n"), "HEAD has no body: {head}");

        let missing = fetch(address, "GET /nope.js HTTP/1.1\r\n\r\n");
        assert!(missing.starts_with("HTTP/1.1 404 Not Found\r\n"));
        let secret = fetch(address, "GET /.git/config HTTP/1.1\r\n\r\n");
        assert!(secret.starts_with("HTTP/1.1 404 Not Found\r\n"));
        assert!(!secret.contains("secret"));
        let post = fetch(address, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
        assert!(post.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"));
        let garbage = fetch(address, "hello\r\n\r\n");
        assert!(garbage.starts_with("HTTP/1.1 400 Bad Request\r\n"));
    }

    #[test]
    fn reads_only_a_bounded_request_head() {
        let request = "GET /x HTTP/1.1\r\nHost: a\r\n\r\nbody";
        assert_eq!(
            read_request_line(request.as_bytes()).unwrap().as_deref(),
            Some("GET /x HTTP/1.1")
        );
        let unfinished = "GET /x HTTP/1.1\r\nHost: a\r\n";
        assert_eq!(read_request_line(unfinished.as_bytes()).unwrap(), None);
        let huge = format!(
            "GET / HTTP/1.1\r\nX: {}\r\n\r\n",
            "a".repeat(MAX_HEAD_BYTES)
        );
        assert_eq!(read_request_line(huge.as_bytes()).unwrap(), None);
    }
}
