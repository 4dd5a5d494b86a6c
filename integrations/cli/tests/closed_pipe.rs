//! A reader that stops early (`sitemap scan --dry-run | head`, `sitemap
//! validate DIR | head`, `sitemap scan --output json | head -c 10`)
//! closes the pipe under the listing: the run ends
//! there quietly, as `cat` and ripgrep do, instead of printing a
//! broken-pipe error and failing.

use std::fs;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// `scan --dry-run` into a pipe whose reader takes one line and closes it:
/// exit 0, and stderr says nothing of the pipe. The listing is far larger
/// than a pipe's buffer, so the write after the close does fail.
#[test]
fn dry_run_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("zola.toml"), "base_url = \"https://example.org\"\n").unwrap();
    fs::create_dir_all(d.join("content")).unwrap();
    fs::write(d.join("content/_index.md"), "+++\n+++\n").unwrap();
    for i in 0..3000 {
        fs::write(
            d.join(format!("content/page-{i:04}.md")),
            "+++\ndate = 2024-01-01\n+++\nA\n",
        )
        .unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--dry-run", "--lastmod", "date"])
        .current_dir(d)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        first,
        "https://example.org/\tlastmod=2024-01-01\tsource=content/_index.md\n"
    );
    // Only what the scan had to say (the site is not built): no error.
    assert_eq!(
        (out.status.code(), stderr.as_ref()),
        (
            Some(0),
            "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n"
        ),
        "a closed pipe ends the run quietly"
    );
}

/// `validate DIR | head -n 2` (and `--output json`) printed "error: Broken
/// pipe (os error 32)" and exited 2. The report's reader closing the pipe
/// ends the run quietly with status 0, as for `scan --dry-run`; the
/// report is far larger than a pipe's buffer, so the write after the
/// close does fail.
#[test]
fn validate_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..3000 {
        fs::write(
            dir.path().join(format!("sitemap{i:04}.xml")),
            format!(
                "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.org/{i}</loc></url></urlset>\n"
            ),
        )
        .unwrap();
    }
    for (args, first) in [
        (
            &["validate", "."][..],
            "./sitemap0000.xml: valid (urlset, 1 URLs, 113 bytes; 0 errors, 0 warnings)\n",
        ),
        (&["validate", "--output", "json", "."][..], "{\n"),
    ] {
        let mut child = Command::new("timeout")
            .arg("60")
            .arg(env!("CARGO_BIN_EXE_sitemap"))
            .args(args)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // The reader is dropped here: the pipe is closed.
        let out = child.wait_with_output().unwrap();
        assert_eq!(line, first, "{args:?}");
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).as_ref()
            ),
            (Some(0), ""),
            "{args:?}: a closed pipe ends the run quietly"
        );
    }
}

/// `scan --output json | head -c 10` printed "error: Broken pipe (os error
/// 32)" and exited 1, where the text listing and `validate` end quietly.
/// The pipe's reader is gone before the report is written (its read end
/// closed before the run starts), so the write always fails; the set is
/// written all the same.
#[test]
fn scan_json_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("index.html"),
        "<html><head><title>h</title></head><body><main>h</main></body></html>\n",
    )
    .unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--html", ".", "--base-url", "https://example.org/"])
        .args(["--out", ".", "--lastmod", "date", "--output", "json"])
        .current_dir(d)
        .env("NO_COLOR", "1")
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).as_ref()
        ),
        (Some(0), ""),
        "a closed pipe ends the run quietly"
    );
    let sitemap = fs::read_to_string(d.join("sitemap.xml")).unwrap();
    assert_eq!(
        sitemap,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url>\n    <loc>https://example.org/</loc>\n  </url>\n</urlset>\n"
    );
    sitemap_testkit::assert_all_valid(d);
}
