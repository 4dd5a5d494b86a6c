//! Regressions of issue 12 (hostile input and faults) and issue 13 item 3
//! (every bad page reported) in `sitemap scan`: each asserts the whole
//! message the user sees and the exit code.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::text;

/// A Hugo site in a temp folder every user can enter (the unreadable-folder
/// tests run the binary as `nobody`).
fn hugo_site(pages: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    for (path, body) in pages {
        let file = dir.path().join("content").join(path);
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(file, body).unwrap();
    }
    dir
}

/// `sitemap ARGS` in `dir`, under `timeout` so that a hang fails the
/// test instead of stalling the suite, as `nobody` when `as_nobody`.
fn run(dir: &Path, args: &[&str], prefix: &[&str]) -> Output {
    let mut cmd = Command::new(prefix.first().copied().unwrap_or("timeout"));
    if prefix.is_empty() {
        cmd.arg("60");
    } else {
        cmd.args(&prefix[1..]).args(["timeout", "60"]);
    }
    cmd.arg(if prefix.is_empty() {
        PathBuf::from(env!("CARGO_BIN_EXE_sitemap"))
    } else {
        binary_for_nobody()
    })
    .args(args)
    .current_dir(dir)
    .env("NO_COLOR", "1")
    .output()
    .unwrap()
}

const LASTMOD: [&str; 2] = ["--lastmod", "front-matter,date"];

/// 439 bytes of nested YAML aliases (`a8` stands for 9^9 values).
fn alias_bomb() -> String {
    let mut s = String::from(
        "---\ntitle: bomb\na0: &a0 [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n",
    );
    for i in 1..=8 {
        let refs = vec![format!("*a{}", i - 1); 9].join(",");
        s.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    s.push_str("---\nbody\n");
    s
}

/// Issue 12 #1: a YAML alias bomb grew `sitemap scan` to gigabytes and
/// aborted naming no file; it is refused at the alias, within 100 MB of
/// address space (a hard limit: were it expanded, the run would abort).
#[test]
fn alias_bomb_is_refused_with_file_and_line_in_bounded_memory() {
    let bomb = alias_bomb();
    assert_eq!(bomb.len(), 439);
    let dir = hugo_site(&[
        ("posts/bomb.md", &bomb),
        ("posts/ok.md", "---\ntitle: ok\n---\n"),
    ]);
    let out = run(
        dir.path(),
        &["scan", "--dry-run", LASTMOD[0], LASTMOD[1]],
        &["prlimit", "--as=100000000", "--"],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "content/posts/bomb.md:8:10: error: invalid YAML front matter: its aliases expand to more than 100000 values (\"excessive aliasing\", which Hugo refuses too); write the values out, or use fewer aliases\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A binary `.adoc`, `.rst`, `.pdc` or `.html` (no front matter) was
/// refused with "front matter is not UTF-8" and a hint about `+++`/`---`
/// fences (or, its first line text, `%PDF-1.7`, listed as a page): each
/// is named as no UTF-8 text, at its first byte that is not UTF-8 or is
/// NUL, with where such a file belongs; nothing is written.
#[test]
fn binary_content_files_are_named_as_not_text() {
    let dir = hugo_site(&[("posts/ok.md", "---\ntitle: ok\n---\n")]);
    let content = dir.path().join("content/posts");
    for (name, bytes) in [
        ("image.adoc", &b"\x89PNG\r\n\x1a\n\x00\x00"[..]),
        ("notes.rst", b"\n\n\xff\xfe\x00x"),
        (
            "paper.pdc",
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 4 >>\nstream\n\x00\x01\x02\x03\n",
        ),
        ("page.html", b"\x1f\x8b\x08\x00"),
    ] {
        fs::write(content.join(name), bytes).unwrap();
    }
    let out = run(dir.path(), &["scan", LASTMOD[0], LASTMOD[1]], &[]);
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
content/posts/image.adoc: error: not UTF-8 text: byte 1 is not UTF-8 (a binary file, or text in another encoding)
content/posts/notes.rst: error: not UTF-8 text: byte 3 is not UTF-8 (a binary file, or text in another encoding)
content/posts/page.html: error: not UTF-8 text: byte 2 is not UTF-8 (a binary file, or text in another encoding)
content/posts/paper.pdc: error: not UTF-8 text: byte 47 is a NUL byte (a binary file, or text in another encoding)
error: 4 pages could not be read
  hint: save text as UTF-8; a binary file (an image, a PDF) belongs in static/ or beside its page in a bundle, or leave it out with an `exclude` pattern
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.path().join("public").exists());
}

/// Issue 12 #2 and issue 13 #3: a `---` block never closed (with
/// `draft: true` in it) was published; and only the first bad page was
/// ever reported. Now each bad page is an `error:` line with its
/// `file:line`, then the count, exit 1.
#[test]
fn every_bad_page_is_reported_then_counted() {
    let dir = hugo_site(&[
        (
            "posts/draft.md",
            "---\ntitle: Soon\ndraft: true\n\nNot yet.\n",
        ),
        (
            "posts/json.md",
            "{\n  \"title\": \"x\",\n  \"draft\": true\n\nbody\n",
        ),
        ("posts/ok.md", "---\ntitle: ok\n---\n"),
        ("posts/priority.md", "+++\n[sitemap]\npriority = 1.5\n+++\n"),
    ]);
    let out = run(
        dir.path(),
        &["scan", "--dry-run", LASTMOD[0], LASTMOD[1]],
        &[],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
content/posts/draft.md:1: error: YAML front matter opened with `---` is never closed; expected a line `---` after it
content/posts/json.md:1: error: JSON front matter opened with `{` is never closed; expected the `}` that closes its object
content/posts/priority.md:3: error: `sitemap.priority`: priority `1.5`: expected a number from 0.0 to 1.0
error: 3 pages could not be read
  hint: fix each file named above, or leave it out with an `exclude` pattern
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

/// A copy of the binary that `nobody` can run: the build's own may sit
/// under a folder only root can enter (a checkout in `/root`, as on a
/// fresh CI machine), where `nobody` gets "Permission denied" before the
/// binary even starts.
///
/// The copy has one fixed name per user, replaced on each run: a
/// temporary folder held in a `static` is never dropped, so each run left
/// a copy of the binary (about 180 MB) in the temporary folder.
fn binary_for_nobody() -> PathBuf {
    static COPY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    COPY.get_or_init(|| {
        use std::os::unix::fs::MetadataExt;
        let uid = fs::metadata("/proc/self").unwrap().uid();
        let dir = std::env::temp_dir().join(format!("sitemap-tests-binary-{uid}"));
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        // Copied beside and renamed over, so that a second test run at the
        // same time never starts a half-written binary.
        let part = tempfile::NamedTempFile::new_in(&dir).unwrap();
        fs::copy(env!("CARGO_BIN_EXE_sitemap"), part.path()).unwrap();
        fs::set_permissions(part.path(), fs::Permissions::from_mode(0o755)).unwrap();
        let copy = dir.join("sitemap");
        part.persist(&copy).unwrap();
        copy
    })
    .clone()
}

/// The prefix that runs the binary as an unprivileged user when the tests
/// run as root (root reads a folder of mode 000 anyway, so the test would
/// prove nothing); empty otherwise.
fn unprivileged() -> &'static [&'static str] {
    use std::os::unix::fs::MetadataExt;
    if fs::metadata("/proc/self").unwrap().uid() == 0 {
        &[
            "setpriv",
            "--reuid=nobody",
            "--regid=nogroup",
            "--clear-groups",
            "--",
        ]
    } else {
        &[]
    }
}

/// Issue 12 #6: a content folder that cannot be read was a warning and
/// exit 0, its whole section silently missing from the sitemap. Now it
/// is an error naming it, with an unreadable page beside it; an
/// `--exclude` pattern covering both makes the scan succeed.
#[test]
fn unreadable_folder_and_page_are_errors_unless_excluded() {
    let dir = hugo_site(&[
        ("docs/secret/a.md", "---\ntitle: a\n---\n"),
        ("docs/locked.md", "---\ntitle: b\n---\n"),
        ("docs/open.md", "---\ntitle: c\n---\n"),
    ]);
    let content = dir.path().join("content");
    for d in [&content, &content.join("docs")] {
        fs::set_permissions(d, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::set_permissions(
        content.join("docs/open.md"),
        fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    fs::set_permissions(
        content.join("docs/secret"),
        fs::Permissions::from_mode(0o000),
    )
    .unwrap();
    fs::set_permissions(
        content.join("docs/locked.md"),
        fs::Permissions::from_mode(0o000),
    )
    .unwrap();
    fs::set_permissions(
        dir.path().join("hugo.toml"),
        fs::Permissions::from_mode(0o644),
    )
    .unwrap();

    let args = ["scan", "--dry-run", "--lastmod", "front-matter"];
    let out = run(dir.path(), &args, unprivileged());
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
content/docs/locked.md: error: Permission denied (os error 13)
content/docs/secret: error: Permission denied (os error 13)
error: 2 pages could not be read
  hint: fix each file named above, or leave it out with an `exclude` pattern
"
    );
    assert_eq!(out.status.code(), Some(1));

    let mut excluded = args.to_vec();
    excluded.extend([
        "--exclude",
        "content/docs/secret/**",
        "--exclude",
        "content/docs/locked.md",
    ]);
    let out = run(dir.path(), &excluded, unprivileged());
    assert_eq!(
        text(&out.stderr, dir.path()),
        "public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan\n\
         sitemap: 1 files read as Hugo 0.111.3 (the hugo on PATH), 5 URLs, none excluded; dry run, nothing written\n"
    );
    // Hugo's default taxonomies are listed, as Hugo lists them.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "https://example.org/\nhttps://example.org/categories/\nhttps://example.org/docs/\nhttps://example.org/docs/open/\tsource=content/docs/open.md\nhttps://example.org/tags/\n"
    );
    assert_eq!(out.status.code(), Some(0));
    // So the temp folder can be removed.
    fs::set_permissions(
        content.join("docs/secret"),
        fs::Permissions::from_mode(0o755),
    )
    .unwrap();
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

/// Issue 12 (hangs): a FIFO named like a page blocked the scan forever.
/// FIFOs in the content tree and in a built HTML folder are warned about
/// and skipped, never opened; a FIFO as the configuration file is refused.
#[test]
fn fifos_are_skipped_with_a_warning_never_opened() {
    let dir = hugo_site(&[("posts/ok.md", "---\ntitle: ok\n---\n")]);
    mkfifo(&dir.path().join("content/posts/post.md"));
    let out = run(
        dir.path(),
        &["scan", "--dry-run", LASTMOD[0], LASTMOD[1]],
        &[],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
content/posts/post.md: warning: a FIFO (named pipe), not a file: skipped, never opened
public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan
sitemap: 1 files read as Hugo 0.111.3 (the hugo on PATH), 5 URLs, none excluded; dry run, nothing written
"
    );
    assert_eq!(out.status.code(), Some(0));

    let html = tempfile::tempdir().unwrap();
    fs::write(
        html.path().join("about.html"),
        "<html><head><title>a</title></head></html>",
    )
    .unwrap();
    mkfifo(&html.path().join("index.html"));
    let out = run(
        html.path(),
        &[
            "scan",
            "--html",
            ".",
            "--base-url",
            "https://example.org/",
            "--dry-run",
        ],
        &[],
    );
    assert_eq!(
        text(&out.stderr, html.path()),
        "\
index.html: warning: a FIFO (named pipe), not a file: skipped, never opened
sitemap: 1 files read, 1 URLs, none excluded; dry run, nothing written
"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "https://example.org/about.html\n"
    );
    assert_eq!(out.status.code(), Some(0));

    let fifo_config = tempfile::tempdir().unwrap();
    mkfifo(&fifo_config.path().join("hugo.toml"));
    let out = run(
        fifo_config.path(),
        &["scan", "--flavor", "hugo", "--dry-run"],
        &[],
    );
    assert_eq!(
        text(&out.stderr, fifo_config.path()),
        "hugo.toml: error: a FIFO (named pipe), not a regular file: not read\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 12 #6, for built HTML: a folder of the built site that cannot be
/// read was a warning and its pages vanished from the sitemap; an
/// unreadable page was left out as "unreadable". Both are errors naming
/// them, unless an `--exclude` pattern leaves them out.
#[test]
fn unreadable_html_folder_and_page_are_errors_unless_excluded() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path();
    fs::set_permissions(site, fs::Permissions::from_mode(0o755)).unwrap();
    for page in [
        "index.html",
        "docs/open.html",
        "docs/locked.html",
        "docs/secret/a.html",
    ] {
        let path = site.join(page);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "<html><head><title>t</title></head></html>").unwrap();
    }
    fs::set_permissions(site.join("docs"), fs::Permissions::from_mode(0o755)).unwrap();
    fs::set_permissions(
        site.join("docs/locked.html"),
        fs::Permissions::from_mode(0o000),
    )
    .unwrap();
    fs::set_permissions(site.join("docs/secret"), fs::Permissions::from_mode(0o000)).unwrap();

    let args = [
        "scan",
        "--html",
        ".",
        "--base-url",
        "https://example.org/",
        "--dry-run",
    ];
    let out = run(site, &args, unprivileged());
    assert_eq!(
        text(&out.stderr, site),
        "\
docs/locked.html: error: cannot read: Permission denied (os error 13)
docs/secret: error: cannot read: Permission denied (os error 13)
error: 2 files or folders of the built site could not be read; fix their permissions or leave them out with an `exclude` pattern
"
    );
    assert_eq!(out.status.code(), Some(1));

    let mut excluded = args.to_vec();
    excluded.extend([
        "--exclude",
        "docs/secret/**",
        "--exclude",
        "docs/locked.html",
    ]);
    let out = run(site, &excluded, unprivileged());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "https://example.org/\nhttps://example.org/docs/open.html\n",
        "{}",
        text(&out.stderr, site)
    );
    assert_eq!(out.status.code(), Some(0));
    fs::set_permissions(site.join("docs/secret"), fs::Permissions::from_mode(0o755)).unwrap();
}

/// Issue 13 #3: a repeated key in a Hugo YAML configuration stopped the
/// scan; Hugo 0.111.3 builds the site with the last value (its sitemap
/// lists `https://b.example/`), and refuses a repeated key in TOML
/// ("toml: key baseURL is already defined"), as this does.
#[test]
fn config_repeated_key_as_hugo_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(
        dir.path().join("hugo.yaml"),
        "baseURL: \"https://a.example/\"\ntitle: t\nbaseURL: \"https://b.example/\"\n",
    )
    .unwrap();
    let out = run(dir.path(), &["scan", "--dry-run", "--quiet"], &[]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "https://b.example/\nhttps://b.example/categories/\nhttps://b.example/tags/\n"
    );
    assert_eq!(out.status.code(), Some(0));

    fs::remove_file(dir.path().join("hugo.yaml")).unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://a.example/\"\nbaseURL = \"https://b.example/\"\n",
    )
    .unwrap();
    let out = run(dir.path(), &["scan", "--dry-run"], &[]);
    assert_eq!(
        text(&out.stderr, dir.path()),
        "hugo.toml:2: error: invalid TOML: duplicate key\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 25 item 2: a FIFO as `sitemap.toml` (`scan`, `submit --init`),
/// as `book.toml` or among `index`'s sitemaps blocked forever, and
/// `--config /dev/zero` was read until memory ran out. Each is refused by
/// name, never opened for a blocking read.
#[test]
fn special_settings_book_and_index_files_are_refused_not_read() {
    let site = hugo_site(&[("a.md", "---\ntitle: a\n---\n")]);
    mkfifo(&site.path().join("sitemap.toml"));
    let fifo_settings = "\
sitemap.toml: error: cannot read: a FIFO (named pipe), not a regular file: not read
  hint: a settings file must be a regular file
";
    for args in [&["scan", "--dry-run"][..], &["submit", "--init"][..]] {
        let out = run(site.path(), args, &[]);
        assert_eq!(text(&out.stderr, site.path()), fifo_settings, "{args:?}");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
    fs::remove_file(site.path().join("sitemap.toml")).unwrap();

    let out = run(
        site.path(),
        &["scan", "--dry-run", "--config", "/dev/zero"],
        &[],
    );
    assert_eq!(
        text(&out.stderr, site.path()),
        "\
/dev/zero: error: cannot read: a character device, not a regular file: not read
  hint: a settings file must be a regular file
"
    );
    assert_eq!(out.status.code(), Some(1));
    std::os::unix::fs::symlink("/dev/zero", site.path().join("sitemap.toml")).unwrap();
    let out = run(site.path(), &["scan", "--dry-run"], &[]);
    assert_eq!(
        text(&out.stderr, site.path()),
        "\
sitemap.toml: error: cannot read: a character device, not a regular file: not read
  hint: a settings file must be a regular file
"
    );
    assert_eq!(out.status.code(), Some(1));

    let book = tempfile::tempdir().unwrap();
    mkfifo(&book.path().join("book.toml"));
    let out = run(book.path(), &["mdbook", "."], &[]);
    assert_eq!(
        text(&out.stderr, book.path()),
        "book.toml: error: a FIFO (named pipe), not a regular file: not read\n"
    );
    assert_eq!(out.status.code(), Some(1));

    let public = tempfile::tempdir().unwrap();
    mkfifo(&public.path().join("child.xml"));
    let out = run(
        public.path(),
        &[
            "index",
            "--base-url",
            "https://example.org/",
            "--out",
            ".",
            "child.xml",
        ],
        &[],
    );
    assert_eq!(
        text(&out.stderr, public.path()),
        "\
child.xml: error: a FIFO (named pipe), not a regular file: not read
error: 1 of 1 sitemap(s) cannot be listed; nothing written
  hint: `sitemap validate FILE` shows every finding of a sitemap
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(fs::read_dir(public.path()).unwrap().count(), 1);
}

/// Issue 25 item 9: a page left out for its URL (longer than 2,048
/// characters; a name that is not UTF-8, which `validate --site` could not
/// map back to its file) was counted, never named. A name with a space or
/// `%` is listed at its percent-encoded URL; one with a tab or a line
/// break, once listed at `%09`/`%0A`, is left out and named: URL parsers
/// strip those characters from a link, so no link reaches the file.
#[test]
fn awkward_html_file_names_are_listed_escaped_and_bad_urls_named() {
    use std::os::unix::ffi::OsStrExt;
    let html = tempfile::tempdir().unwrap();
    let page = "<html><head><title>t</title></head><body>x</body></html>";
    for name in [&b"a b"[..], b"e\tf", b"g\nh", b"i\xffj", b"k%l"] {
        let mut file = name.to_vec();
        file.extend_from_slice(b".html");
        fs::write(html.path().join(std::ffi::OsStr::from_bytes(&file)), page).unwrap();
    }
    let deep = vec!["d".repeat(240); 9].join("/");
    fs::create_dir_all(html.path().join(&deep)).unwrap();
    fs::write(html.path().join(&deep).join("p.html"), page).unwrap();
    let out = run(
        html.path(),
        &[
            "scan",
            "--html",
            ".",
            "--base-url",
            "https://example.org/",
            "--dry-run",
        ],
        &[],
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "\
https://example.org/a%20b.html
https://example.org/k%25l.html
"
    );
    assert_eq!(
        text(&out.stderr, html.path()),
        format!(
            "\
{}… ({} more characters): warning: no valid URL: loc `{}… (2055 more characters)`: 2195 characters once percent-encoded; the protocol allows at most 2048; left out
e\\tf.html: warning: no valid URL: its path holds a tab (`\\t`), which URL parsers strip from a link, so no link reaches it; rename the file to list it; left out
g\\nh.html: warning: no valid URL: its path holds a line break (`\\n`), which URL parsers strip from a link, so no link reaches it; rename the file to list it; left out
i\u{fffd}j.html: warning: no valid URL: the file name is not UTF-8, so it has no URL; left out
sitemap: 6 files read, 2 URLs, 4 excluded (4 no valid URL); dry run, nothing written
",
            &deep[..200],
            deep.len() + "/p.html".len() - 200,
            &deep[..120]
        )
    );
    assert_eq!(out.status.code(), Some(0));

    // The escaped locs name their files for `validate --site` too.
    let out = run(
        html.path(),
        &[
            "scan",
            "--html",
            ".",
            "--base-url",
            "https://example.org/",
            "-q",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(0));
    let out = run(html.path(), &["validate", "--site", "."], &[]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "\
./sitemap.xml: valid (urlset, 2 URLs, 236 bytes; 0 errors, 0 warnings)
site ./ at https://example.org/ (inferred from the locs; give --base-url to set it): 2 locs, 2 name files of the site; 2 indexable pages, 0 not in the sitemap
1 files checked: 1 valid, 0 invalid; 0 errors, 0 warnings
"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Issue 25 item 2: `scan --check` read the sitemap on disk with a plain
/// read, so a FIFO in its place blocked forever. It is refused by name and
/// counts as out of date: nothing on disk was read, so every URL is one
/// the write would add.
#[test]
fn check_against_a_fifo_sitemap_is_out_of_date_not_a_hang() {
    let html = tempfile::tempdir().unwrap();
    fs::write(
        html.path().join("index.html"),
        "<html><head><title>t</title></head></html>",
    )
    .unwrap();
    mkfifo(&html.path().join("sitemap.xml"));
    let out = run(
        html.path(),
        &[
            "scan",
            "--html",
            ".",
            "--base-url",
            "https://example.org/",
            "--check",
        ],
        &[],
    );
    assert_eq!(
        text(&out.stderr, html.path()),
        "\
sitemap.xml: warning: a FIFO (named pipe), not a regular file: not read
would add: https://example.org/
sitemap: out of date in . (1 file(s) differ); run `sitemap scan` to update
"
    );
    assert_eq!(out.status.code(), Some(3));
}

/// With an empty or relative entry in `PATH` (`:/usr/bin`, `bin:…`), the
/// `git` a scanned site ships was run (git runs in the site's folder).
/// Programs are looked up in absolute entries only, as Go's `os/exec`
/// refuses such a result since Go 1.19: the site's `git` never runs, and
/// the real one later in `PATH` gives the commit's date.
#[test]
fn a_git_the_site_ships_is_never_run_through_a_relative_path_entry() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("zola.toml"), "base_url = \"https://example.org\"\n").unwrap();
    fs::create_dir_all(d.join("content")).unwrap();
    fs::write(d.join("content/a.md"), "+++\ntitle = \"A\"\n+++\nA\n").unwrap();
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(["-c", "init.defaultBranch=main"])
            .args(args)
            .current_dir(d)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_COMMITTER_DATE", "2024-05-01T10:00:00Z")
            .env("GIT_AUTHOR_DATE", "2024-05-01T10:00:00Z")
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&[
        "-c",
        "user.name=A",
        "-c",
        "user.email=a@example.org",
        "commit",
        "-qm",
        "a",
    ]);
    // The site's own `git`, at the top and in `bin/`: it would leave a
    // mark, and fail.
    let marker = d.join("ran");
    let script = format!("#!/bin/sh\ntouch '{}'\nexit 1\n", marker.display());
    fs::create_dir(d.join("bin")).unwrap();
    for path in [d.join("git"), d.join("bin/git")] {
        fs::write(&path, &script).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    }
    // Where the real programs are: the child's `PATH` is the one tried,
    // so `timeout` is run by its full path.
    let which = |name: &str| {
        let out = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            .unwrap();
        PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
    };
    let real_dir = which("git").parent().unwrap().to_owned();
    let timeout = which("timeout");
    for path in [
        format!(":{}", real_dir.display()),
        format!("bin:.:{}:", real_dir.display()),
    ] {
        let out = Command::new(&timeout)
            .arg("60")
            .arg(env!("CARGO_BIN_EXE_sitemap"))
            .args(["scan", "--dry-run", "--lastmod", "git"])
            .current_dir(d)
            .env("NO_COLOR", "1")
            .env("PATH", &path)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .output()
            .unwrap();
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).into_owned(),
                text(&out.stderr, d)
            ),
            (
                Some(0),
                "https://example.org/\tlastmod=2024-05-01T10:00:00Z\nhttps://example.org/a/\tlastmod=2024-05-01T10:00:00Z\tsource=content/a.md\n".to_owned(),
                "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
                 sitemap: 1 files read, 2 URLs, none excluded; dry run, nothing written\n"
                    .to_owned()
            ),
            "PATH={path}"
        );
        assert!(!marker.exists(), "PATH={path}: the site's git ran");
    }
}

/// A sites matrix of 300 languages × 300 versions × 2 roles made 180,000
/// sites, each page worked out for each: over a minute before the first
/// page. Past 10,000 sites the settings are refused, naming the file and
/// the counts, in well under the test's minute.
#[test]
fn a_sites_matrix_of_too_many_sites_is_refused_naming_the_counts() {
    let dir = hugo_site(&[("a.md", "---\ntitle: a\n---\n")]);
    let mut config = String::from("baseURL = \"https://example.org/\"\n");
    for l in 0..300 {
        config.push_str(&format!("[languages.l{l}]\nweight = {}\n", l + 1));
    }
    for v in 0..300 {
        config.push_str(&format!("[versions.\"v{v}.0.0\"]\n"));
    }
    config.push_str("[roles.guest]\n[roles.member]\n");
    fs::write(dir.path().join("hugo.toml"), config).unwrap();
    let out = run(
        dir.path(),
        &["scan", "--dry-run", "--hugo-version", "0.168.0"],
        &[],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "hugo.toml: error: the sites matrix makes 180000 sites (300 language(s) × 300 version(s) × \
         2 role(s)), more than the 10000 the scan reads: each page is worked out for each site; \
         drop the versions or roles no longer built\n"
    );
}
