//! `sitemap write SITEMAP`: another generator's sitemap in (Hugo's, with
//! the relative locs it writes for `baseURL = "/"`), a correct set out:
//! every URL of the input kept, made absolute, valid against the XSDs,
//! split past `--max-urls`, problems named by file and line.

use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::process::Command;

use sitemap_testkit::{Schema, assert_valid, set_locs};

use crate::{copy_tree, sitemap, text};

const BASE: &str = "https://example.org/";

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hugo-relative-sitemap")
}

/// Every `<loc>` text of a sitemap as written (no parser of ours).
fn raw_locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|s| s.split("</loc>").next().unwrap().trim().to_owned())
        .collect()
}

/// Hugo's relative locs as the site serves them under `BASE`.
fn absolute(locs: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = locs
        .into_iter()
        .map(|l| format!("{BASE}{}", l.trim_start_matches('/')))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Validates the set rooted at `root` file by file, returning its pages.
fn valid_set(root: &Path) -> Vec<String> {
    let (pages, sitemaps) = set_locs(root);
    let xml = fs::read_to_string(root).unwrap();
    assert_valid(root, Schema::for_document(&xml));
    for child in &sitemaps {
        let file = root
            .parent()
            .unwrap()
            .join(child.rsplit('/').next().unwrap());
        let xml = fs::read_to_string(&file).unwrap();
        assert_valid(&file, Schema::for_document(&xml));
    }
    pages
}

/// Hugo's two-language build: an index with relative child locs, children
/// with relative locs and hreflang alternates. Repaired in place: the
/// whole output is compared, and every URL of Hugo's children is in it.
#[test]
fn hugo_index_with_relative_locs_repaired_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let public = dir.path().join("public");
    copy_tree(&fixture(), &public);
    fs::remove_dir_all(public.join("site")).unwrap();
    fs::remove_file(public.join("README.md")).unwrap();
    let mut hugo = Vec::new();
    for child in ["en/sitemap.xml", "fr/sitemap.xml"] {
        hugo.extend(raw_locs(&fs::read_to_string(public.join(child)).unwrap()));
    }
    let out = sitemap(
        dir.path(),
        &["write", "public/sitemap.xml", "--base-url", BASE],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!(text(&out.stderr, dir.path()), @r#"
    public/en/sitemap.xml: warning: read, and not part of the new set: delete it once the new set is served
    public/fr/sitemap.xml: warning: read, and not part of the new set: delete it once the new set is served
    sitemap: 3 sitemap file(s) read, 13 <url> entries, 13 URLs (37 relative loc(s) made absolute); wrote public/sitemap.xml
    "#);
    assert_eq!(valid_set(&public.join("sitemap.xml")), absolute(hugo));
    insta::assert_snapshot!(fs::read_to_string(public.join("sitemap.xml")).unwrap(), @r#"
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
      <url>
        <loc>https://example.org/</loc>
        <lastmod>2024-06-01T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/"/>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/"/>
      </url>
      <url>
        <loc>https://example.org/posts/only/</loc>
        <lastmod>2024-06-01T00:00:00Z</lastmod>
      </url>
      <url>
        <loc>https://example.org/posts/</loc>
        <lastmod>2024-06-01T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/posts/"/>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/posts/"/>
      </url>
      <url>
        <loc>https://example.org/posts/post-2/</loc>
        <lastmod>2024-05-02T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/posts/billet-2/"/>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/posts/post-2/"/>
      </url>
      <url>
        <loc>https://example.org/posts/post-1/</loc>
        <lastmod>2024-05-01T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/posts/billet-1/"/>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/posts/post-1/"/>
      </url>
      <url>
        <loc>https://example.org/categories/</loc>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/categories/"/>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/categories/"/>
      </url>
      <url>
        <loc>https://example.org/tags/</loc>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/tags/"/>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/tags/"/>
      </url>
      <url>
        <loc>https://example.org/fr/posts/billet-2/</loc>
        <lastmod>2024-05-02T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/posts/post-2/"/>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/posts/billet-2/"/>
      </url>
      <url>
        <loc>https://example.org/fr/</loc>
        <lastmod>2024-05-02T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/"/>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/"/>
      </url>
      <url>
        <loc>https://example.org/fr/posts/</loc>
        <lastmod>2024-05-02T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/posts/"/>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/posts/"/>
      </url>
      <url>
        <loc>https://example.org/fr/posts/billet-1/</loc>
        <lastmod>2024-05-01T00:00:00Z</lastmod>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/posts/post-1/"/>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/posts/billet-1/"/>
      </url>
      <url>
        <loc>https://example.org/fr/categories/</loc>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/categories/"/>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/categories/"/>
      </url>
      <url>
        <loc>https://example.org/fr/tags/</loc>
        <xhtml:link rel="alternate" hreflang="en" href="https://example.org/tags/"/>
        <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/tags/"/>
      </url>
    </urlset>
    "#);
}

/// A real Hugo build of a generated site (`baseURL = "/"`), split by
/// `--max-urls` as Hugo cannot: the set is valid and holds exactly the
/// URLs of Hugo's sitemap.
#[test]
fn hugo_site_split_past_max_urls() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    hugo_site(&site, 250);
    let public = site.join("public");
    let hugo = raw_locs(&fs::read_to_string(public.join("sitemap.xml")).unwrap());
    assert!(hugo.len() > 250, "{} locs", hugo.len());
    assert!(
        hugo.iter().all(|l| l.starts_with('/')),
        "Hugo wrote relative locs"
    );
    let out = sitemap(
        &site,
        &[
            "write",
            "public/sitemap.xml",
            "--base-url",
            BASE,
            "--max-urls",
            "100",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let root = public.join("sitemap.xml");
    let (_, sitemaps) = set_locs(&root);
    assert_eq!(sitemaps.len(), hugo.len().div_ceil(100));
    assert_eq!(valid_set(&root), absolute(hugo));
    // The repaired index read back (its children named by absolute URLs
    // under the base URL, found in its folder), gzipped into another
    // folder, and that read back again: the same URLs each time.
    let out = sitemap(
        &site,
        &[
            "write",
            "public/sitemap.xml",
            "--base-url",
            BASE,
            "--out",
            "fixed",
            "--gzip",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let reread = sitemap(
        &site,
        &[
            "write",
            "fixed/sitemap.xml.gz",
            "--base-url",
            BASE,
            "--out",
            "again",
        ],
    );
    assert_eq!(
        reread.status.code(),
        Some(0),
        "{}",
        text(&reread.stderr, dir.path())
    );
    assert_eq!(
        set_locs(&site.join("again/sitemap.xml")).0,
        set_locs(&root).0
    );
}

/// Generates a Hugo site of `pages` posts with `baseURL = "/"` and builds
/// it with the real `hugo`.
fn hugo_site(site: &Path, pages: usize) {
    let posts = site.join("content/posts");
    fs::create_dir_all(&posts).unwrap();
    fs::write(
        site.join("hugo.toml"),
        "baseURL = \"/\"\ntitle = \"Many\"\n",
    )
    .unwrap();
    for i in 0..pages {
        let mut f = fs::File::create(posts.join(format!("post-{i}.md"))).unwrap();
        let day = i % 28 + 1;
        write!(
            f,
            "---\ntitle: Post {i}\ndate: 2024-03-{day:02}\n---\nText {i}.\n"
        )
        .unwrap();
    }
    let out = Command::new("hugo")
        .args(["--quiet", "--disableKinds", "RSS,taxonomy,term", "--source"])
        .arg(site)
        .output()
        .unwrap_or_else(|e| panic!("cannot run hugo ({e}); install it: apt-get install hugo"));
    assert!(
        out.status.success(),
        "hugo failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every repair names its file and line; the set is still written.
#[test]
fn invalid_values_reported_and_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc> /a/ </loc>
    <lastmod>2024-13-01</lastmod>
    <changefreq>Weekly</changefreq>
    <priority>1.5</priority>
    <image:image><image:loc>/img/a.png</image:loc><image:caption>old</image:caption></image:image>
  </url>
  <url><loc>https://example.org/a/</loc></url>
  <url><loc>https://example.org/b/?q=1&amp;r=2</loc><changefreq>sometimes</changefreq></url>
  <url><loc>https://other.example/c/</loc></url>
  <url><loc>ftp://example.org/d</loc></url>
  <url><lastmod>2024-01-01</lastmod></url>
  <url><loc>/e/</loc><video:video><video:title>t</video:title></video:video></url>
</urlset>
"#;
    let mut gz = sitemap_core::gzip(Vec::new());
    gz.write_all(xml.as_bytes()).unwrap();
    fs::write(dir.path().join("in.xml.gz"), gz.finish().unwrap()).unwrap();
    let out = sitemap(
        dir.path(),
        &["write", "in.xml.gz", "--base-url", BASE, "--out", "out"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!(text(&out.stderr, dir.path()), @r#"
    in.xml.gz:7: warning: lastmod `2024-13-01`: month 13 is not 01–12; expected a W3C Datetime: YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.s]] followed by Z or ±hh:mm: lastmod dropped
    in.xml.gz:9: warning: priority `1.5`: expected a number from 0.0 to 1.0: priority dropped
    in.xml.gz:13: warning: changefreq `sometimes`: expected one of always, hourly, daily, weekly, monthly, yearly, never: changefreq dropped
    in.xml.gz:14: warning: https://other.example/c/ lies outside https://example.org/: left out
    in.xml.gz:15: warning: loc `ftp://example.org/d`: the scheme must be http or https, not `ftp`: URL left out
    in.xml.gz:16: warning: <url> without <loc>: left out
    in.xml.gz:17: warning: <video:video> is not written (only loc, lastmod, changefreq, priority, xhtml:link and image:loc are): left out
    warning: 1 URL(s) lie outside https://example.org/ and were left out (a sitemap may list only URLs under its own folder)
    sitemap: 1 sitemap file(s) read, 7 <url> entries, 3 URLs (3 relative loc(s) made absolute, 6 problem(s) reported above, 1 duplicate(s) left out); wrote out/sitemap.xml
    "#);
    let written = dir.path().join("out/sitemap.xml");
    let xml = fs::read_to_string(&written).unwrap();
    assert_valid(&written, Schema::for_document(&xml));
    insta::assert_snapshot!(xml, @r#"
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
      <url>
        <loc>https://example.org/a/</loc>
        <changefreq>weekly</changefreq>
        <image:image>
          <image:loc>https://example.org/img/a.png</image:loc>
        </image:image>
      </url>
      <url>
        <loc>https://example.org/b/?q=1&amp;r=2</loc>
      </url>
      <url>
        <loc>https://example.org/e/</loc>
      </url>
    </urlset>
    "#);
}

/// Only a regular file is sniffed for XML: a FIFO (`<(generate-urls)`)
/// is read once, as a list, so its first bytes are not lost to a peek.
#[test]
fn fifo_input_is_read_as_a_list() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("urls");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let writer = std::thread::spawn(move || {
        fs::write(&fifo, "https://example.org/a\nhttps://example.org/b\n").unwrap();
    });
    let out = sitemap(
        dir.path(),
        &["write", "urls", "--base-url", BASE, "--out", "out"],
    );
    writer.join().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let (pages, _) = set_locs(&dir.path().join("out/sitemap.xml"));
    assert_eq!(pages, ["https://example.org/a", "https://example.org/b"]);
}

/// A protocol-relative loc (`//cdn.example.net/x`) was joined under the
/// base URL as a path (`https://example.org/cdn.example.net/x`). It names
/// a host: the URL there with the base URL's scheme, left out when that
/// host is another; an index child written so is the file under the
/// index's folder as for an absolute one.
#[test]
fn protocol_relative_locs_name_their_host() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("sitemap.xml"),
        "\
<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">
<sitemap><loc>//example.org/child.xml</loc></sitemap>
</sitemapindex>
",
    )
    .unwrap();
    fs::write(
        dir.path().join("child.xml"),
        "\
<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">
<url><loc>//cdn.example.net/x</loc></url>
<url><loc>//example.org/y</loc></url>
</urlset>
",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &["write", "sitemap.xml", "--base-url", BASE, "--out", "out"],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
child.xml:2: warning: https://cdn.example.net/x lies outside https://example.org/: left out
warning: 1 URL(s) lie outside https://example.org/ and were left out (a sitemap may list only URLs under its own folder)
child.xml: warning: read, and not part of the new set: delete it once the new set is served
sitemap: 2 sitemap file(s) read, 2 <url> entries, 1 URLs (2 relative loc(s) made absolute); wrote out/sitemap.xml
"
    );
    assert_eq!(out.status.code(), Some(0));
    let xml = fs::read_to_string(dir.path().join("out/sitemap.xml")).unwrap();
    assert_eq!(raw_locs(&xml), ["https://example.org/y"]);
}
