//! `sitemap write` given a hostile or broken sitemap to repair, or a file
//! that is no input at all: it writes every URL it can read, refuses
//! (input untouched) when it cannot read a file whole, and stays bounded
//! in time, memory and output. Each test runs
//! the binary under `timeout` and asserts the exit code, the whole message
//! and the files on disk.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::text;

const BASE: &str = "https://example.org/";

/// `sitemap ARGS` in `dir` under `timeout`, so a hang fails the test.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// A `<urlset>` of `count` URLs `p1/` … one a line, after two header
/// lines; `odd` gives an entry's loc a suffix as written.
fn urlset(count: usize, odd: impl Fn(usize) -> &'static str) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for i in 1..=count {
        xml.push_str(&format!(
            "  <url><loc>https://example.org/p{i}/{}</loc></url>\n",
            odd(i)
        ));
    }
    xml.push_str("</urlset>\n");
    xml
}

/// Every `<loc>` text of a sitemap as written.
fn raw_locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|s| s.split("</loc>").next().unwrap().to_owned())
        .collect()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn public(dir: &Path) -> PathBuf {
    let public = dir.join("public");
    fs::create_dir_all(&public).unwrap();
    public
}

/// A 1,001-URL sitemap whose entry 11 has a raw `&` (`?a=1&b=2`) was
/// replaced in place by its first 10 URLs, exit 0 after one warning. The
/// bare `&` is read as `&amp;` and every URL is written.
#[test]
fn bare_ampersand_is_read_as_amp_and_every_url_kept() {
    let dir = tempfile::tempdir().unwrap();
    let public = public(dir.path());
    let input = urlset(1001, |i| if i == 11 { "?a=1&b=2" } else { "" });
    fs::write(public.join("sitemap.xml"), &input).unwrap();
    let out = run(
        dir.path(),
        &["write", "public/sitemap.xml", "--base-url", BASE],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/sitemap.xml:13: warning: a bare `&` that starts no reference: read as `&amp;`
sitemap: 1 sitemap file(s) read, 1001 <url> entries, 1001 URLs (1 problem(s) reported above); wrote public/sitemap.xml
"
    );
    assert_eq!(out.status.code(), Some(0));
    let written = fs::read_to_string(public.join("sitemap.xml")).unwrap();
    let expected: Vec<String> = (1..=1001)
        .map(|i| {
            let query = if i == 11 { "?a=1&amp;b=2" } else { "" };
            format!("https://example.org/p{i}/{query}")
        })
        .collect();
    assert_eq!(raw_locs(&written), expected);
    assert_eq!(names(&public), ["sitemap.xml"]);
}

/// A `&` followed by text that ends in `;` (`&y=2;`) is no reference
/// either; a real one after a bare `&` (`&y=2&amp;z=3`) still is.
#[test]
fn bare_ampersand_before_a_semicolon_or_a_reference() {
    let dir = tempfile::tempdir().unwrap();
    let public = public(dir.path());
    fs::write(
        public.join("sitemap.xml"),
        "\
<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">
<url><loc>https://example.org/a?x=1&y=2;z</loc></url>
<url><loc>https://example.org/b?x=1&y=2&amp;z=3</loc></url>
</urlset>
",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["write", "public/sitemap.xml", "--base-url", BASE],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/sitemap.xml:2: warning: a bare `&` that starts no reference: read as `&amp;`
public/sitemap.xml:3: warning: a bare `&` that starts no reference: read as `&amp;`
sitemap: 1 sitemap file(s) read, 2 <url> entries, 2 URLs (2 problem(s) reported above); wrote public/sitemap.xml
"
    );
    assert_eq!(out.status.code(), Some(0));
    let written = fs::read_to_string(public.join("sitemap.xml")).unwrap();
    assert_eq!(
        raw_locs(&written),
        [
            "https://example.org/a?x=1&amp;y=2;z",
            "https://example.org/b?x=1&amp;y=2&amp;z=3"
        ]
    );
}

/// What the reader cannot repair (a mismatched end tag at entry 11 of
/// 1,001; a gzip file cut off) stops the run before anything is
/// published: exit 1, the input byte for byte as it was, no other file.
#[test]
fn unreadable_rest_refuses_and_leaves_the_input_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let public = public(dir.path());
    let input = urlset(1001, |i| if i == 11 { "</lo><loc>" } else { "" });
    fs::write(public.join("sitemap.xml"), &input).unwrap();
    let out = run(
        dir.path(),
        &["write", "public/sitemap.xml", "--base-url", BASE],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/sitemap.xml:13: error: not well-formed XML (ill-formed document: expected `</loc>`, but `</lo>` was found)
error: 1 sitemap file(s) could not be read whole, so URLs of the input are unknown; nothing written, public/sitemap.xml left as it is
  hint: repair the file at the line named above (`sitemap validate FILE` shows every finding), then run again
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(public.join("sitemap.xml")).unwrap(),
        input
    );
    assert_eq!(names(&public), ["sitemap.xml"]);

    let mut gz = sitemap_core::gzip(Vec::new());
    std::io::Write::write_all(&mut gz, urlset(1001, |_| "").as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let cut = &gz[..gz.len() / 2];
    fs::remove_file(public.join("sitemap.xml")).unwrap();
    fs::write(public.join("sitemap.xml.gz"), cut).unwrap();
    let out = run(
        dir.path(),
        &["write", "public/sitemap.xml.gz", "--base-url", BASE],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/sitemap.xml.gz:467: error: cannot read it to its end: incomplete deflate stream
error: 1 sitemap file(s) could not be read whole, so URLs of the input are unknown; nothing written, public/sitemap.xml.gz left as it is
  hint: repair the file at the line named above (`sitemap validate FILE` shows every finding), then run again
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(fs::read(public.join("sitemap.xml.gz")).unwrap(), cut);
    assert_eq!(names(&public), ["sitemap.xml.gz"]);
}

/// An index child that is a FIFO blocked `sitemap write` forever, and one
/// linked to `/dev/zero` aborted on allocation. Every file is opened as
/// `sitemap index` and `validate` open theirs (regular files only): each
/// is an error naming it, and nothing is written; a child that is simply
/// missing holds no URL to lose and stays a warning.
#[test]
fn fifo_and_device_children_are_refused_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let public = public(dir.path());
    let index = "\
<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">
<sitemap><loc>https://example.org/a.xml</loc></sitemap>
<sitemap><loc>https://example.org/fifo.xml</loc></sitemap>
<sitemap><loc>https://example.org/zero.xml</loc></sitemap>
<sitemap><loc>https://example.org/gone.xml</loc></sitemap>
</sitemapindex>
";
    fs::write(public.join("sitemap.xml"), index).unwrap();
    fs::write(public.join("a.xml"), urlset(1, |_| "")).unwrap();
    let status = Command::new("mkfifo")
        .arg(public.join("fifo.xml"))
        .status()
        .unwrap();
    assert!(status.success());
    std::os::unix::fs::symlink("/dev/zero", public.join("zero.xml")).unwrap();
    let out = run(
        dir.path(),
        &["write", "public/sitemap.xml", "--base-url", BASE],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/fifo.xml: error: cannot read it: a FIFO (named pipe), not a regular file: not read
public/zero.xml: error: cannot read it: a character device, not a regular file: not read
public/gone.xml: warning: cannot read it: No such file or directory (os error 2)
error: 2 sitemap file(s) could not be read whole, so URLs of the input are unknown; nothing written, public/sitemap.xml left as it is
  hint: repair the file at the line named above (`sitemap validate FILE` shows every finding), then run again
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(public.join("sitemap.xml")).unwrap(),
        index
    );
    assert_eq!(
        names(&public),
        ["a.xml", "fifo.xml", "sitemap.xml", "zero.xml"]
    );
}

/// An index of 5,000,000 children (an 857 KB `.gz`) was held whole
/// before any child was read (454 MB peak). Each child is read as the
/// index names it, and past the protocol's 50,000 the run stops: within
/// 100 MB of address space (a hard limit; holding them would abort),
/// exit 1, nothing written.
#[test]
fn index_past_50000_children_stops_there_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let public = public(dir.path());
    // Gzip members one after the other: one member of 10,000 children
    // repeated 500 times.
    let member = |xml: &str| {
        let mut gz = sitemap_core::gzip(Vec::new());
        std::io::Write::write_all(&mut gz, xml.as_bytes()).unwrap();
        gz.finish().unwrap()
    };
    let mut index =
        member("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    let block = member(&"<sitemap><loc>https://example.org/a.xml</loc></sitemap>\n".repeat(10_000));
    for _ in 0..500 {
        index.extend_from_slice(&block);
    }
    index.extend(member("</sitemapindex>\n"));
    fs::write(public.join("sitemap.xml.gz"), &index).unwrap();
    fs::write(public.join("a.xml"), urlset(1, |_| "")).unwrap();
    let out = Command::new("prlimit")
        .args(["--as=100000000", "--", "timeout", "60"])
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(["write", "public/sitemap.xml.gz", "--base-url", BASE])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/sitemap.xml.gz:50002: error: the index lists more than 50000 sitemaps, the protocol's limit: the rest is not read
error: 1 sitemap file(s) could not be read whole, so URLs of the input are unknown; nothing written, public/sitemap.xml.gz left as it is
  hint: repair the file at the line named above (`sitemap validate FILE` shows every finding), then run again
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(fs::read(public.join("sitemap.xml.gz")).unwrap(), index);
    assert_eq!(names(&public), ["a.xml", "sitemap.xml.gz"]);
}

/// A 1 GB text node in a 1 MB `.gz` was buffered whole by the XML reader
/// (1.5 GB peak; "memory allocation failed" where less was free) before
/// the 64 KiB cap on a value could cut it. The cap now holds while
/// reading: within 100 MB of address space (a hard limit), an error
/// naming the file and line, nothing written.
#[test]
fn gigabyte_text_node_is_refused_as_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let member = |bytes: &[u8]| {
        let mut gz = sitemap_core::gzip(Vec::new());
        std::io::Write::write_all(&mut gz, bytes).unwrap();
        gz.finish().unwrap()
    };
    let mut input = member(
        b"<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>https://example.org/a</loc></url>\n<url><loc>https://example.org/",
    );
    let block = member(&vec![b'a'; 10 * 1024 * 1024]);
    for _ in 0..100 {
        input.extend_from_slice(&block);
    }
    input.extend(member(b"</loc></url>\n</urlset>\n"));
    assert!(input.len() < 1_100_000, "{}", input.len());
    fs::write(dir.path().join("big.xml.gz"), &input).unwrap();
    let out = Command::new("prlimit")
        .args(["--as=100000000", "--", "timeout", "60"])
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(["write", "big.xml.gz", "--base-url", BASE, "--out", "out"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
big.xml.gz:4: error: cannot read it to its end: a value or tag of more than 64 KiB (over 65536 bytes without `<` or `>`); no sitemap value is that long
error: 1 sitemap file(s) could not be read whole, so URLs of the input are unknown; nothing written, big.xml.gz left as it is
  hint: repair the file at the line named above (`sitemap validate FILE` shows every finding), then run again
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(fs::read(dir.path().join("big.xml.gz")).unwrap(), input);
    // The output folder is made when the run starts; nothing is in it.
    assert_eq!(names(&dir.path().join("out")), [] as [&str; 0]);
}

/// A binary file given by mistake (`sitemap write image.png`) printed an
/// error for each of its 38,640 lines. The first 100 are printed, the
/// rest counted, and a file without one good line is said not to look
/// like a URL list or a sitemap.
#[test]
fn binary_file_prints_a_bounded_report_and_says_what_it_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for i in 0..499 {
        png.extend_from_slice(&[0xff, b'a' + (i % 26) as u8, b'\n']);
    }
    fs::write(dir.path().join("image.png"), &png).unwrap();
    let out = run(
        dir.path(),
        &["write", "image.png", "--base-url", BASE, "--out", "out"],
    );
    // PNG's signature is two lines: `\x89PNG\r` and `\x1a`, which is
    // quoted escaped, never sent to the terminal.
    let mut expected = String::from(
        "image.png:1:1: error: not UTF-8\nimage.png:2:1: error: `\\x1a`: loc `\\x1a`: leading or trailing whitespace, or control characters, are not allowed\n",
    );
    for line in 3..=100 {
        expected.push_str(&format!("image.png:{line}:1: error: not UTF-8\n"));
    }
    expected.push_str("\
error: image.png does not look like a URL list or a sitemap: none of its 501 line(s) is a URL (the first 100 shown); nothing written
  hint: each line is a URL with optional key=value fields, or a JSON object with `loc`; see `sitemap write --help`
");
    assert_eq!(text(&out.stderr, dir.path()), expected);
    assert_eq!(out.status.code(), Some(1));

    // A list with good lines among 150 bad ones: counted the same way.
    let mut list = String::from("https://example.org/a\n");
    for _ in 0..150 {
        list.push_str("ftp://example.org/b\n");
    }
    fs::write(dir.path().join("urls.txt"), &list).unwrap();
    let out = run(
        dir.path(),
        &["write", "urls.txt", "--base-url", BASE, "--out", "out"],
    );
    let mut expected = String::new();
    for line in 2..=101 {
        expected.push_str(&format!(
            "urls.txt:{line}:1: error: `ftp://example.org/b`: loc `ftp://example.org/b`: the scheme must be http or https, not `ftp`\n"
        ));
    }
    expected.push_str("\
error: 150 bad line(s) in urls.txt (the first 100 shown); nothing written
  hint: each line is a URL with optional key=value fields, or a JSON object with `loc`; see `sitemap write --help`
");
    assert_eq!(text(&out.stderr, dir.path()), expected);
    assert_eq!(out.status.code(), Some(1));
    // Nothing written in either run.
    assert_eq!(names(&dir.path().join("out")), [] as [&str; 0]);
}

/// A reference the reader does not expand (`&nbsp;`, an entity the
/// DOCTYPE declares, an invalid character reference) was dropped from the
/// loc without a word, and a billion-laughs loc became the home page. The
/// entry is refused, naming its line; so is an empty loc.
#[test]
fn entries_with_unexpanded_references_or_an_empty_loc_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("in.xml"),
        r#"<?xml version="1.0"?>
<!DOCTYPE urlset [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY site "https://example.org/">
]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.org/a</loc></url>
<url><loc>&site;b</loc></url>
<url><loc>https://example.org/c&nbsp;d</loc></url>
<url><loc>&lol2;</loc></url>
<url><loc></loc></url>
<url><loc>https://example.org/e&#x41;</loc></url>
<url><loc>https://example.org/f&#xD800;</loc></url>
</urlset>
"#,
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["write", "in.xml", "--base-url", BASE, "--out", "out"],
    );
    let unexpanded = "is neither one of XML's five named references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`) nor a valid character reference, and a DOCTYPE's entities are not expanded: URL left out";
    assert_eq!(
        text(&out.stderr, dir.path()),
        format!(
            "\
in.xml:10: warning: `&site;` {unexpanded}
in.xml:11: warning: `&nbsp;` {unexpanded}
in.xml:12: warning: `&lol2;` {unexpanded}
in.xml:13: warning: empty <loc>: URL left out
in.xml:15: warning: `&#xD800;` {unexpanded}
sitemap: 1 sitemap file(s) read, 7 <url> entries, 2 URLs (5 problem(s) reported above); wrote out/sitemap.xml
"
        )
    );
    assert_eq!(out.status.code(), Some(0));
    let written = fs::read_to_string(dir.path().join("out/sitemap.xml")).unwrap();
    assert_eq!(
        raw_locs(&written),
        ["https://example.org/a", "https://example.org/eA"]
    );
}
