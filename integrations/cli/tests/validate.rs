//! `sitemap validate` on hostile input (issue #12) and on the CLI's own
//! robots.txt (issue #14): each test runs the built binary and compares
//! its whole output. Runs that could hang or grow are run under
//! `timeout` and `prlimit`, so a regression fails the test instead of
//! stopping the suite or the machine.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::{sitemap, text};

/// `sitemap ARGS` in `dir` under a 512 MiB address-space limit and a
/// watchdog of 120 s (a bound on a hang, not a timing assertion).
fn bounded(dir: &Path, args: &[&str]) -> Output {
    Command::new("prlimit")
        .arg("--as=536870912")
        .args(["timeout", "120"])
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("prlimit and timeout (util-linux, coreutils) are installed")
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

/// `sitemap validate` on a FIFO, or on a folder holding a FIFO named
/// `sitemap.xml`, blocked forever: special files are never opened for
/// reading; each is an error naming it and what it is, and the rest is
/// checked.
#[test]
fn fifo_socket_and_device_are_reported_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    fs::create_dir(&site).unwrap();
    mkfifo(&site.join("sitemap.xml"));
    let _socket = std::os::unix::net::UnixListener::bind(site.join("sitemap-2.xml")).unwrap();
    fs::write(
        site.join("robots.txt"),
        "User-agent: *\nSitemap: https://example.org/sitemap.xml\n",
    )
    .unwrap();
    let out = bounded(dir.path(), &["validate", "site"]);
    assert_eq!(
        (out.status.code(), text(&out.stdout, dir.path()).as_str()),
        (
            Some(2),
            "site/sitemap.xml: error: a FIFO (named pipe), not a regular file: not read, since reading it could block or never end; skipped\n\
             site/sitemap-2.xml: error: a socket, not a regular file: not read, since reading it could block or never end; skipped\n\
             site/robots.txt: valid (robots.txt, 1 sitemaps, 55 bytes; 0 errors, 0 warnings)\n\
             1 files checked: 1 valid, 0 invalid, 2 unreadable; 0 errors, 0 warnings\n"
        )
    );
    let out = bounded(dir.path(), &["validate", "site/sitemap.xml", "/dev/zero"]);
    assert_eq!(
        (out.status.code(), text(&out.stdout, dir.path()).as_str()),
        (
            Some(2),
            "site/sitemap.xml: error: a FIFO (named pipe), not a regular file: not read, since reading it could block or never end; skipped\n\
             /dev/zero: error: a character device, not a regular file: not read, since reading it could block or never end; skipped\n\
             0 files checked: 0 valid, 0 invalid, 2 unreadable; 0 errors, 0 warnings\n"
        )
    );
}

/// What validate reads is bounded: a 10 GB sparse file, a text sitemap
/// whose one line is 1 GB, a 60 MB urlset and XML nested a million deep
/// are each refused at the byte limit or the depth limit, in bounded
/// memory (the run is under a 512 MiB address-space limit), naming the
/// file and the place.
#[test]
fn huge_sparse_long_line_and_deep_files_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::File::create(root.join("sparse.xml"))
        .unwrap()
        .set_len(10 << 30)
        .unwrap();
    fs::write(root.join("line.txt"), "https://example.org/").unwrap();
    fs::OpenOptions::new()
        .append(true)
        .open(root.join("line.txt"))
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let mut big = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut i = 0;
    while big.len() <= 60 << 20 {
        big.push_str(&format!(
            "<url><loc>https://example.org/{i:0>1000}</loc></url>\n"
        ));
        i += 1;
    }
    big.push_str("</urlset>\n");
    fs::write(root.join("big.xml"), big).unwrap();
    fs::write(
        root.join("deep.xml"),
        format!(
            "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">{}",
            "<a>".repeat(1_000_000)
        ),
    )
    .unwrap();
    let out = bounded(
        root,
        // The sitemaps.org profile's 50 MB bound (the default is legacy's 10 MB).
        &[
            "validate",
            "--limits",
            "sitemaps-org",
            "sparse.xml",
            "line.txt",
            "big.xml",
            "deep.xml",
        ],
    );
    assert_eq!(
        (out.status.code(), text(&out.stdout, root).as_str()),
        (
            Some(1),
            "sparse.xml:1:1: error: not well-formed XML: U+0000 is not allowed in XML\n\
             sparse.xml:1:52428802: error: file size passes the limit of 52,428,800 bytes (sitemaps.org profile); stopped reading at byte 52,428,801\n\
             line.txt:1:1: error: line longer than 8192 bytes; a URL may have at most 2048 characters\n\
             line.txt:1:52428802: error: file size passes the limit of 52,428,800 bytes (sitemaps.org profile); stopped reading at byte 52,428,801\n\
             big.xml:50003:1: error: more than 50,000 URLs in one file (sitemaps.org profile); split the set and list the files in a sitemap index\n\
             big.xml:50270:221: error: file size passes the limit of 52,428,800 bytes (sitemaps.org profile); stopped reading at byte 52,428,801\n\
             deep.xml:2:61: error: unexpected <a> in <urlset>: expected <url>\n\
             deep.xml:2:250: error: elements nested deeper than 64 levels; this is no sitemap\n\
             sparse.xml: invalid (unrecognised, 0 URLs, 52428801 bytes; 2 errors, 0 warnings)\n\
             line.txt: invalid (text sitemap, 0 URLs, 52428801 bytes; 2 errors, 0 warnings)\n\
             big.xml: invalid (urlset, 50268 URLs, 52428801 bytes; 2 errors, 0 warnings)\n\
             deep.xml: invalid (urlset, 0 URLs, 274 bytes; 2 errors, 0 warnings)\n\
             4 files checked: 0 valid, 4 invalid; 8 errors, 0 warnings\n"
        )
    );
}

/// `sitemap scan --robots` kept our line under the old scheme and
/// `sitemap validate public/` then failed on the tool's own output,
/// mapping another host's line to the local sitemap (issue #14): our line
/// is updated in place whatever its scheme or name, other hosts' lines
/// stay, and validate passes, saying what it did not check.
#[test]
fn scan_robots_then_validate_passes_on_its_own_output() {
    let dir = tempfile::tempdir().unwrap();
    crate::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../adapters/zola/tests/fixtures/zola-rules"),
        dir.path(),
    );
    fs::create_dir_all(dir.path().join("public")).unwrap();
    fs::write(
        dir.path().join("public/robots.txt"),
        "User-agent: *\r\nDisallow: /private/\r\nSitemap: https://cdn.example.net/sitemap.xml\r\nSitemap: http://example.org/blog/sitemap.xml.gz\r\nSitemap: https://www.example.org/blog/sitemap.xml",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &["scan", "--robots", "--lastmod", "front-matter,date"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("public/robots.txt")).unwrap(),
        "User-agent: *\r\nDisallow: /private/\r\nSitemap: https://cdn.example.net/sitemap.xml\r\nSitemap: https://example.org/blog/sitemap.xml\r\nSitemap: https://www.example.org/blog/sitemap.xml"
    );
    let out = sitemap(dir.path(), &["validate", "public"]);
    assert_eq!(
        (out.status.code(), text(&out.stdout, dir.path()).as_str()),
        (
            Some(0),
            "public/robots.txt:3:1: warning: `https://cdn.example.net/sitemap.xml` not checked: another host (the local public/sitemap.xml lists URLs of `https://example.org`)\n\
             public/robots.txt:5:1: warning: `https://www.example.org/blog/sitemap.xml` not checked: another host (the local public/sitemap.xml lists URLs of `https://example.org`)\n\
             public/robots.txt: valid (robots.txt, 3 sitemaps, 178 bytes; 0 errors, 2 warnings)\n\
             public/sitemap.xml: valid (urlset, 27 URLs, 4766 bytes; 0 errors, 0 warnings; listed in public/robots.txt:4:1)\n\
             2 files checked: 2 valid, 0 invalid; 0 errors, 2 warnings\n"
        )
    );
}

/// A base URL with credentials was copied into every `<loc>`: it is
/// refused before anything is written, and the password is not echoed.
#[test]
fn base_url_with_credentials_is_refused_without_echoing_the_password() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("dist")).unwrap();
    fs::write(
        dir.path().join("dist/index.html"),
        "<html><head><title>x</title></head></html>",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "dist",
            "--base-url",
            "https://user:secret@example.org/",
        ],
    );
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path()).as_str()),
        (
            Some(2),
            "error: --base-url: URL `https://user:…@example.org/` has credentials (user:password@); a sitemap URL is public: remove them\n"
        )
    );
    assert!(!dir.path().join("dist/sitemap.xml").exists());
}

/// `validate --site` on a built folder with no sitemap asked for
/// `--base-url` first, as if that were the problem: the missing set is
/// said first, with the command that writes it (the built-HTML scan for a
/// folder built elsewhere, the project's scan beside a generator's
/// configuration), before any base URL is looked for.
#[test]
fn validate_site_without_a_sitemap_says_so_first_with_the_command_that_writes_one() {
    let dir = tempfile::tempdir().unwrap();
    // A Jekyll build: pages and the site's own robots.txt, no sitemap.
    crate::copy_tree(
        &crate::example("html-site").join("_site"),
        &dir.path().join("_site"),
    );
    let out = sitemap(dir.path(), &["validate", "--site", "_site"]);
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
error: no sitemap found in _site (no sitemap*.xml, sitemap*.xml.gz or sitemap*.txt, and no robots.txt `Sitemap:` line): there is no set to check the site against
  hint: run `sitemap scan --html _site --base-url https://example.org/` first (your site's address), then validate
"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(out.status.code(), Some(2));
    // Beside a Hugo site's configuration: its scan.
    let hugo = tempfile::tempdir().unwrap();
    fs::write(
        hugo.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    fs::create_dir(hugo.path().join("public")).unwrap();
    fs::write(
        hugo.path().join("public/index.html"),
        "<html><title>Home</title></html>\n",
    )
    .unwrap();
    let out = sitemap(hugo.path(), &["validate", "--site", "public"]);
    assert_eq!(
        text(&out.stderr, hugo.path()),
        "\
error: no sitemap found in public (no sitemap*.xml, sitemap*.xml.gz or sitemap*.txt, and no robots.txt `Sitemap:` line): there is no set to check the site against
  hint: run `sitemap scan` first, then validate
"
    );
    assert_eq!(out.status.code(), Some(2));
}
