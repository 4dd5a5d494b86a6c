//! Headless Chromium on pages served from a folder: what people see of
//! the files we write (`sitemap.html`, `sitemap.xml` through
//! `sitemap.xsl`), as the rendered DOM and as screenshots.
//!
//! [`serve`] answers from a folder on 127.0.0.1 with the content types a
//! real server sends (`.xsl` as `text/xsl`, which nginx's `mime.types`
//! lacks): browsers run XSLT only over HTTP, never from `file://`.
//! [`Chromium`] needs Debian's `chromium` package (`cargo xtask setup`);
//! a test fails, not skips, without it, since a skipped browser test
//! would assert nothing.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Serves `root` on 127.0.0.1 until the test process ends; the port.
pub fn serve(root: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let port = listener.local_addr().expect("local address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || respond(stream, &root));
        }
    });
    port
}

fn respond(mut stream: TcpStream, root: &Path) {
    let mut request = String::new();
    if BufReader::new(&stream).read_line(&mut request).is_err() {
        return;
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split('?').next().unwrap_or("/");
    let mut file = root.join(path.trim_start_matches('/'));
    if path.ends_with('/') {
        file = file.join("index.html");
    }
    let (status, body, kind) = match std::fs::read(&file) {
        Ok(body) if !path.contains("..") => {
            let kind = match file.extension().and_then(|e| e.to_str()) {
                Some("xml") => "application/xml",
                Some("xsl") => "text/xsl",
                Some("png") => "image/png",
                Some("css") => "text/css",
                _ => "text/html; charset=utf-8",
            };
            ("200 OK", body, kind)
        }
        _ => ("404 Not Found", b"not found".to_vec(), "text/plain"),
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(&body);
}

/// Headless Chromium with a fresh profile of its own.
pub struct Chromium {
    profile: tempfile::TempDir,
}

impl Default for Chromium {
    fn default() -> Self {
        Chromium::new()
    }
}

impl Chromium {
    /// A browser with an empty profile (removed when dropped).
    pub fn new() -> Chromium {
        Chromium {
            profile: tempfile::tempdir().expect("a profile folder"),
        }
    }

    /// Runs Chromium headless with `args` after the flags every run
    /// needs (no sandbox, GPU, network chatter or first-run pages; pixels
    /// one to one, so screenshots are the window's size).
    ///
    /// # Panics
    ///
    /// When `chromium` is not installed, or exits with an error.
    pub fn run(&self, args: &[&str]) -> Output {
        let out = Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
            ])
            .arg(format!("--user-data-dir={}", self.profile.path().display()))
            .args(args)
            .output()
            .unwrap_or_else(|e| {
                panic!("cannot run chromium ({e}); install Debian's `chromium` package")
            });
        assert!(
            out.status.success(),
            "chromium {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// The DOM of `url` once loaded in a window `size` (width, height)
    /// pixels wide, after its scripts ran.
    pub fn dump_dom(&self, url: &str, size: (u32, u32)) -> String {
        let window = format!("--window-size={},{}", size.0, size.1);
        let out = self.run(&[&window, "--dump-dom", url]);
        String::from_utf8(out.stdout).expect("the DOM is UTF-8")
    }

    /// A PNG of `url` in a window `size` pixels, written to `file`; its
    /// bytes, checked to be a PNG of that size.
    pub fn screenshot(&self, url: &str, size: (u32, u32), file: &Path) -> Vec<u8> {
        let window = format!("--window-size={},{}", size.0, size.1);
        let shot = format!("--screenshot={}", file.display());
        self.run(&[&window, &shot, url]);
        let png = std::fs::read(file).expect("chromium wrote the screenshot");
        assert_eq!(png_size(&png), Some(size), "{}", file.display());
        png
    }
}

/// A PNG's width and height, from its header.
pub fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    if png.get(..8)? != b"\x89PNG\r\n\x1a\n" {
        return None;
    }
    let width = u32::from_be_bytes(png.get(16..20)?.try_into().ok()?);
    let height = u32::from_be_bytes(png.get(20..24)?.try_into().ok()?);
    Some((width, height))
}
