//! A folder served by a real nginx, read by real sitemap consumers.
//!
//! Users publish what we write: a web server serves the output folder,
//! crawlers find the sitemap through `/robots.txt` and fetch every URL.
//! [`Nginx`] starts Debian's nginx on 127.0.0.1 and a free port, its
//! configuration, logs and pid file in a folder of the test's, with
//! workers as `www-data` when the tests run as root (as on CI), so a file
//! the web server's user cannot read answers 403 as it would in
//! production. [`usp`] and [`scrapy`] run ultimate-sitemap-parser and
//! Scrapy's `SitemapSpider` (`tests/e2e/consumers.py`) from the virtual
//! environment `cargo xtask setup` makes.
//!
//! Everything stays on loopback: the consumers refuse any other host
//! before a request is made.

use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;

/// How nginx maps a request path to a file: the `try_files` forms of the
/// URL styles a site may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlForm {
    /// `/dir/` serves `dir/index.html` (Hugo, Zola, mdBook folders):
    /// `try_files $uri $uri/ =404`.
    Pretty,
    /// `/dir` serves `dir/index.html` without a redirect (`--trailing-slash
    /// never`): `try_files $uri $uri/index.html =404`.
    NoTrailingSlash,
    /// `/page` serves `page.html` (`--clean-urls`, as VitePress, Cloudflare
    /// Pages and Vercel serve them): `try_files $uri $uri.html
    /// $uri/index.html =404`.
    Clean,
}

impl UrlForm {
    fn try_files(self) -> &'static str {
        match self {
            UrlForm::Pretty => "$uri $uri/ =404",
            UrlForm::NoTrailingSlash => "$uri $uri/index.html =404",
            UrlForm::Clean => "$uri $uri.html $uri/index.html =404",
        }
    }
}

/// A free TCP port on 127.0.0.1 (the site is built for its URL before
/// nginx binds it; [`Nginx::start`] fails clearly if another process took
/// it meanwhile).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("no free port on 127.0.0.1")
}

/// A running nginx; stopped when dropped.
#[derive(Debug)]
pub struct Nginx {
    child: Child,
    port: u16,
    conf_dir: PathBuf,
}

impl Nginx {
    /// Serves `root` on `127.0.0.1:port`, keeping nginx's files in
    /// `conf_dir` (created), and waits until it accepts connections.
    ///
    /// `root` and every folder above it must be searchable by `www-data`;
    /// a temporary folder is 0700, so the test makes it 0755.
    ///
    /// # Panics
    ///
    /// When nginx is missing (`apt-get install nginx`, or `cargo xtask
    /// setup`) or does not start; the message carries its error log.
    pub fn start(root: &Path, port: u16, form: UrlForm, conf_dir: &Path) -> Nginx {
        std::fs::create_dir_all(conf_dir).expect("create nginx's folder");
        let d = conf_dir.display();
        // Root's workers become www-data, as a packaged nginx's are; any
        // other user cannot switch, so its workers stay that user.
        let user = if crate::is_root() {
            "user www-data;"
        } else {
            ""
        };
        let conf = format!(
            "{user}
worker_processes 1;
daemon off;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 64; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {d}/access.log;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
        index index.html;
        location / {{ try_files {try_files}; }}
    }}
}}
",
            root = root.display(),
            try_files = form.try_files(),
        );
        let conf_path = conf_dir.join("nginx.conf");
        std::fs::write(&conf_path, conf).expect("write nginx.conf");
        let child = Command::new("nginx")
            .arg("-p")
            .arg(conf_dir)
            .arg("-c")
            .arg(&conf_path)
            .arg("-e")
            .arg(conf_dir.join("error.log"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start nginx ({e}); install it: apt-get install nginx (or run `cargo xtask setup`)")
            });
        let mut nginx = Nginx {
            child,
            port,
            conf_dir: conf_dir.to_owned(),
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = nginx.child.try_wait() {
                let mut stderr = String::new();
                if let Some(mut err) = nginx.child.stderr.take() {
                    let _ = err.read_to_string(&mut stderr);
                }
                panic!(
                    "nginx exited ({status}) before serving:\n{stderr}\n{}",
                    nginx.error_log()
                );
            }
            assert!(
                Instant::now() < deadline,
                "nginx did not listen on 127.0.0.1:{port} within 10 s:\n{}",
                nginx.error_log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        nginx
    }

    /// `http://127.0.0.1:PORT/`.
    pub fn home(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The HTTP status nginx answers for `GET path` (HTTP/1.0, so the
    /// server closes the connection after its answer).
    ///
    /// # Panics
    ///
    /// When the request cannot be made or the answer has no status line.
    pub fn status(&self, path: &str) -> u16 {
        use std::io::Write;
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect to nginx");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("set a timeout");
        write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").expect("send");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("read the answer");
        let head = String::from_utf8_lossy(&answer[..answer.len().min(64)]).into_owned();
        head.split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no HTTP status line in {head:?}"))
    }

    /// nginx's error log so far.
    pub fn error_log(&self) -> String {
        std::fs::read_to_string(self.conf_dir.join("error.log")).unwrap_or_default()
    }

    /// The request lines and statuses nginx logged so far.
    pub fn access_log(&self) -> String {
        std::fs::read_to_string(self.conf_dir.join("access.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // TERM makes the master stop its workers too; a KILL would leave
        // them running with the port bound.
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What ultimate-sitemap-parser found from a home page.
#[derive(Debug, Deserialize)]
#[non_exhaustive]
pub struct UspFound {
    /// Every sitemap it read (robots.txt itself left out), sorted.
    pub sitemaps: Vec<String>,
    /// Sitemaps it could not read, with its reason.
    pub invalid: Vec<(String, String)>,
    /// Every page URL, sorted and without repeats.
    pub pages: Vec<String>,
}

/// One page Scrapy fetched.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fetched {
    /// Its URL.
    pub url: String,
    /// The HTTP status nginx answered.
    pub status: u16,
    /// Whether the page or its headers say `noindex` (or `none`).
    pub noindex: bool,
}

/// What Scrapy's `SitemapSpider` found and fetched from a home page.
#[derive(Debug, Deserialize)]
#[non_exhaustive]
pub struct ScrapyFound {
    /// Every sitemap it read, sorted.
    pub sitemaps: Vec<String>,
    /// Every page it fetched, sorted by URL.
    pub pages: Vec<Fetched>,
}

/// The Python of the consumers' virtual environment:
/// `$SITEMAP_E2E_VENV/bin/python`, else `target/e2e-venv/bin/python` of
/// this repository.
///
/// # Panics
///
/// When it is missing, naming the command that makes it.
pub fn python() -> PathBuf {
    let venv = std::env::var_os("SITEMAP_E2E_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-venv"));
    let python = venv.join("bin/python");
    assert!(
        python.exists(),
        "the sitemap consumers' Python environment is missing ({}); run `cargo xtask setup`",
        python.display()
    );
    python
}

fn consumer<T: for<'de> Deserialize<'de>>(which: &str, home: &str) -> T {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../e2e/consumers.py");
    let out = Command::new(python())
        .arg(&script)
        .arg(which)
        .arg(home)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    assert!(
        out.status.success(),
        "{which} failed ({}):\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{which} printed no JSON ({e}):\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Runs ultimate-sitemap-parser from `home`, sitemaps from robots.txt only.
pub fn usp(home: &str) -> UspFound {
    consumer("usp", home)
}

/// Runs Scrapy's `SitemapSpider` from `home`'s robots.txt; it fetches
/// every page it finds.
pub fn scrapy(home: &str) -> ScrapyFound {
    consumer("scrapy", home)
}

/// Runs both consumers from `nginx`'s home page and asserts that each
/// found exactly `sitemaps` and `pages` (both sorted), read every sitemap
/// without complaint, and that every page answered 200 with no
/// `noindex`.
///
/// # Panics
///
/// On any difference, with nginx's access log for a failed fetch.
pub fn assert_crawled(nginx: &Nginx, sitemaps: &[String], pages: &[String]) {
    let home = nginx.home();
    let usp = usp(&home);
    assert_eq!(
        usp.invalid,
        Vec::<(String, String)>::new(),
        "usp could not read a sitemap"
    );
    assert_eq!(
        usp.sitemaps, sitemaps,
        "sitemaps ultimate-sitemap-parser found"
    );
    assert_eq!(usp.pages, pages, "pages ultimate-sitemap-parser found");

    let scrapy = scrapy(&home);
    assert_eq!(scrapy.sitemaps, sitemaps, "sitemaps Scrapy found");
    let fetched: Vec<&str> = scrapy.pages.iter().map(|p| p.url.as_str()).collect();
    assert_eq!(fetched, pages, "pages Scrapy fetched");
    for page in &scrapy.pages {
        assert!(
            page.status == 200 && !page.noindex,
            "{} answered {} (noindex: {}); access log:\n{}",
            page.url,
            page.status,
            page.noindex,
            nginx.access_log()
        );
    }
}
