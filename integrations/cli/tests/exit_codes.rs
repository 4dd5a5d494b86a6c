//! Each exit code of the tables in `integrations/cli/README.md`, one case a
//! row (and the ways to reach it), so the table and the binary cannot
//! drift apart.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::sitemap;

/// A small Zola site.
fn site(dir: &Path) {
    fs::write(
        dir.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::write(dir.join("content/a.md"), "+++\ndate = 2024-01-01\n+++\nA\n").unwrap();
}

fn code(dir: &Path, args: &[&str]) -> Option<i32> {
    sitemap(dir, args).status.code()
}

#[test]
fn every_exit_code_of_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d);
    // 0: success.
    assert_eq!(code(d, &["scan", "-q", "--lastmod", "date"]), Some(0));
    // 3: `scan --check` on a stale sitemap; 0 once it is up to date.
    fs::write(d.join("content/b.md"), "+++\n+++\nB\n").unwrap();
    assert_eq!(code(d, &["scan", "--check", "--lastmod", "date"]), Some(3));
    assert_eq!(code(d, &["scan", "-q", "--lastmod", "date"]), Some(0));
    assert_eq!(code(d, &["scan", "--check", "--lastmod", "date"]), Some(0));
    // 2: usage errors: an unknown flag, a bad flag value, a missing value.
    assert_eq!(code(d, &["scan", "--gzipp"]), Some(2));
    assert_eq!(code(d, &["scan", "--max-urls", "0"]), Some(2));
    assert_eq!(code(d, &["scan", "--base-url", "notaurl"]), Some(2));
    assert_eq!(
        code(d, &["write", "-", "--base-url", "https://example.org/"]),
        Some(2)
    );
    // 1: bad configuration, bad input, I/O.
    fs::write(d.join("sitemap.toml"), "gzip = \"yes\"\n").unwrap();
    assert_eq!(code(d, &["scan"]), Some(1));
    fs::remove_file(d.join("sitemap.toml")).unwrap();
    fs::write(d.join("content/bad.md"), "+++\ndate = 2024-13-01\n+++\n").unwrap();
    assert_eq!(code(d, &["scan", "--dry-run"]), Some(1));
    fs::remove_file(d.join("content/bad.md")).unwrap();
    fs::write(d.join("out"), "a file where the output folder goes").unwrap();
    assert_eq!(code(d, &["scan", "-q", "--out", "out"]), Some(1));

    // `sitemap validate`: 0 valid, 1 invalid, 2 unreadable or usage.
    let sitemap_xml = d.join("public/sitemap.xml");
    assert_eq!(
        code(d, &["validate", sitemap_xml.to_str().unwrap()]),
        Some(0)
    );
    fs::write(d.join("bad.xml"), "<urlset><url></url></urlset>").unwrap();
    assert_eq!(code(d, &["validate", "bad.xml"]), Some(1));
    assert_eq!(code(d, &["validate", "missing.xml"]), Some(2));
    assert_eq!(code(d, &["validate", "--site", "missing-folder"]), Some(2));
    assert_eq!(code(d, &["validate", "--frobnicate", "bad.xml"]), Some(2));
}

/// `sitemap submit`: 4 when the endpoint refuses (here 403), 1 when it
/// refuses to send (no key), 2 for a bad flag value, 0 for a dry run.
#[test]
fn submit_exit_codes() {
    const KEY: &str = "abcdefgh12345678";
    let server = tiny_http::Server::http("127.0.0.1:0").unwrap();
    let port = server.server_addr().to_ip().unwrap().port();
    std::thread::spawn(move || {
        for request in server.incoming_requests() {
            let response = match request.url() {
                "/indexnow" => tiny_http::Response::from_string("forbidden").with_status_code(403),
                "/abcdefgh12345678.txt" => tiny_http::Response::from_string(KEY),
                _ => tiny_http::Response::from_string("<html><body>Hi</body></html>"),
            };
            let _ = request.respond(response);
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d);
    let base = format!("http://127.0.0.1:{port}/");
    let endpoint = format!("{base}indexnow");
    fs::write(d.join("sitemap.toml"), "ledger = \"sitemap.ledger\"\n").unwrap();
    assert_eq!(code(d, &["scan", "-q", "--base-url", &base]), Some(0));
    let submit = |extra: &[&str]| {
        let mut args = vec!["submit", "-q", "--base-url", &base, "--endpoint", &endpoint];
        args.extend(extra);
        let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
            .args(&args)
            .current_dir(d)
            .env_remove("ALL_PROXY")
            .env_remove("HTTPS_PROXY")
            .env_remove("HTTP_PROXY")
            .env_remove("all_proxy")
            .env_remove("https_proxy")
            .env_remove("http_proxy")
            .output()
            .unwrap();
        out.status.code()
    };
    assert_eq!(submit(&["--dry-run", "--key", KEY]), Some(0));
    assert_eq!(submit(&["--key", KEY]), Some(4));
    assert_eq!(submit(&[]), Some(1));
    assert_eq!(submit(&["--key", "short"]), Some(2));
}
