//! `sitemap scan`: the content fixtures of `sitemap-zola` and
//! `sitemap-hugo` (and small sites made in temp dirs) scanned by the binary; every sitemap written is
//! checked with xmllint against the XSDs and snapshotted whole.

use std::fs;
use std::path::{Path, PathBuf};

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, sitemap, text};

/// A fixture site of the generator's crate (`zola-…` of sitemap-zola,
/// `hugo-…` of sitemap-hugo).
fn content_fixture(case: &str) -> PathBuf {
    let generator = case.split('-').next().unwrap_or_default();
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../adapters/{generator}/tests/fixtures"))
        .join(case)
}

/// A fixture copied into a temp dir (tests write into it).
fn site(case: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&content_fixture(case), dir.path());
    dir
}

/// Lastmod only from what the files say, so output does not depend on
/// when the fixture was copied or on git.
const STABLE: [&str; 2] = ["--lastmod", "front-matter,date"];

fn valid(path: &Path) -> String {
    let xml = fs::read_to_string(path).unwrap();
    assert_valid(path, Schema::for_document(&xml));
    xml
}

#[test]
fn scan_zola_site_writes_public_sitemap() {
    let dir = site("zola-rules");
    let out = sitemap(dir.path(), &["scan", STABLE[0], STABLE[1]]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!("zola_stderr", text(&out.stderr, dir.path()));
    insta::assert_snapshot!(
        "zola_sitemap",
        valid(&dir.path().join("public/sitemap.xml"))
    );
}

#[test]
fn scan_hugo_site_writes_publish_dir_sitemap() {
    let dir = site("hugo-rules");
    let out = sitemap(
        dir.path(),
        &["scan", STABLE[0], STABLE[1], "--changefreq", "weekly"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!("hugo_stderr", text(&out.stderr, dir.path()));
    insta::assert_snapshot!(
        "hugo_sitemap",
        valid(&dir.path().join("public/sitemap.xml"))
    );
}

#[test]
fn scan_dry_run_prints_entries_and_writes_nothing() {
    let dir = site("zola-rules");
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--dry-run",
            "--quiet",
            STABLE[0],
            STABLE[1],
            "--exclude",
            "content/posts/**",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("dry_run_stdout", text(&out.stdout, dir.path()));
    assert_eq!(text(&out.stderr, dir.path()), "");
    assert!(!dir.path().join("public").exists());
}

#[test]
fn scan_check_exit_codes() {
    let dir = site("zola-rules");
    let check = |dir: &Path| sitemap(dir, &["scan", "--check", "-q", STABLE[0], STABLE[1]]);
    let out = check(dir.path());
    assert_eq!(out.status.code(), Some(3), "missing sitemap: out of date");
    let out = sitemap(dir.path(), &["scan", "-q", STABLE[0], STABLE[1]]);
    assert_eq!(out.status.code(), Some(0));
    let out = check(dir.path());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    // A changed page makes the sitemap stale.
    fs::write(
        dir.path().join("content/orphans/lonely.md"),
        "+++\ntitle = \"Lonely\"\nupdated = 2025-01-01\n+++\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "--check", STABLE[0], STABLE[1]]);
    assert_eq!(out.status.code(), Some(3));
    let stderr = text(&out.stderr, dir.path());
    assert!(
        stderr.ends_with(
            "public/sitemap.xml: warning: differs from what would be written\nwould change: https://example.org/blog/orphans/lonely/\nsitemap: out of date in public (1 file(s) differ); run `sitemap scan` to update\n"
        ),
        "{stderr}"
    );
}

#[test]
fn scan_robots_merges_and_gzip_text_format() {
    let dir = site("zola-rules");
    fs::create_dir_all(dir.path().join("public")).unwrap();
    fs::write(
        dir.path().join("public/robots.txt"),
        "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.org/blog/sitemap.xml\nSitemap: https://example.org/other.xml\n",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &[
            "scan", "--robots", "--gzip", "--format", "txt", STABLE[0], STABLE[1],
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!("robots_stderr", text(&out.stderr, dir.path()));
    assert_eq!(
        fs::read_to_string(dir.path().join("public/robots.txt")).unwrap(),
        "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.org/blog/sitemap.txt.gz\nSitemap: https://example.org/other.xml\n"
    );
    assert!(!dir.path().join("public/sitemap.xml").exists());
    let gz = fs::read(dir.path().join("public/sitemap.txt.gz")).unwrap();
    assert_eq!(&gz[..2], &[0x1f, 0x8b], "gzip magic");
}

#[test]
fn scan_settings_file_and_flags_win() {
    let dir = site("hugo-rules");
    fs::write(
        dir.path().join("sitemap.toml"),
        "out = \"dist\"\nformat = \"txt\"\nlastmod = [\"front-matter\", \"date\"]\nexclude = [\"content/guides/**\"]\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "-q"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let txt = fs::read_to_string(dir.path().join("dist/sitemap.txt")).unwrap();
    insta::assert_snapshot!("settings_txt", txt);
    // Flags win: XML, and no exclusion.
    let out = sitemap(
        dir.path(),
        &["scan", "--format", "xml", "--exclude", "nothing/**"],
    );
    assert_eq!(out.status.code(), Some(0));
    let xml = valid(&dir.path().join("dist/sitemap.xml"));
    assert!(xml.contains("<loc>https://example.org/docs/guides/getting-started/</loc>"));
    // The text set stays, named: a text sitemap cannot show that this
    // tool wrote it (a hand-made one looks the same).
    assert_eq!(
        text(&out.stderr, dir.path()),
        "warning: `--exclude` pattern `nothing/**` matches no page (`exclude` is matched against source paths relative to the site root, such as `content.de/about.md`); correct the pattern or remove it\n\
         public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan\n\
         dist/sitemap.txt: warning: kept beside sitemap.xml, though it is this sitemap's name in another format: nothing shows this tool wrote it (a hand-made sitemap looks the same), so it was not removed; if an earlier run in that format wrote it, delete it\n\
         sitemap: 30 files read as Hugo 0.111.3 (the hugo on PATH), 32 URLs, 10 excluded (3 build options, 1 bundle resource, 1 draft, 1 expired, 1 future, 1 headless, 1 no front matter, 1 sitemap.disable); wrote dist/sitemap.xml\n"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("dist/sitemap.txt")).unwrap(),
        txt
    );
}

/// Every true/false key of sitemap.toml can be turned off by a `--no-…`
/// flag, and back on by its flag: the later of the two wins.
#[test]
fn scan_no_flags_override_true_settings() {
    let dir = site("hugo-rules");
    fs::write(
        dir.path().join("sitemap.toml"),
        "gzip = true\nrobots = true\nstylesheet = true\nhtml-page = true\nlastmod = [\"front-matter\", \"date\"]\ninclude-drafts = true\n",
    )
    .unwrap();
    let files = |args: &[&str]| {
        let _ = fs::remove_dir_all(dir.path().join("public"));
        let out = sitemap(dir.path(), args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            text(&out.stderr, dir.path())
        );
        sitemap_testkit::list_files(&dir.path().join("public"))
    };
    assert_eq!(
        files(&["scan", "-q"]),
        [
            "robots.txt",
            "sitemap.html",
            "sitemap.xml.gz",
            "sitemap.xsl"
        ]
    );
    assert_eq!(
        files(&[
            "scan",
            "-q",
            "--no-gzip",
            "--no-robots",
            "--no-stylesheet",
            "--no-html-page"
        ]),
        ["sitemap.xml"]
    );
    // The later flag wins.
    assert_eq!(
        files(&[
            "scan",
            "-q",
            "--no-gzip",
            "--gzip",
            "--no-robots",
            "--no-stylesheet",
            "--no-html-page"
        ]),
        ["sitemap.xml.gz"]
    );
    // include-drafts = true lists the fixture's draft; --no-drafts does not.
    let dry = |extra: &[&str]| {
        let mut args = vec!["scan", "-q", "--dry-run"];
        args.extend(extra);
        String::from_utf8(sitemap(dir.path(), &args).stdout).unwrap()
    };
    let with = dry(&[]);
    let without = dry(&["--no-drafts"]);
    assert!(
        with.lines().count() > without.lines().count(),
        "{with}\n--\n{without}"
    );
    assert_eq!(dry(&["--no-drafts", "--drafts"]), with);
}

/// `--verbose` names every page left out and why, for content and for
/// built HTML, before the summary that only counts them.
#[test]
fn scan_verbose_lists_every_page_left_out() {
    let dir = tempfile::tempdir().unwrap();
    crate::copy_tree(&crate::example("hugo-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &["scan", "-v", "--dry-run", "--lastmod", "front-matter"],
    );
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!(text(&out.stderr, dir.path()), @r"
    public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan
    left out: content/docs/internal/notes.md: matches exclude pattern `content/docs/internal/**` (https://hugo-demo.example.org/docs/internal/notes/)
    left out: content/posts/upcoming.md: draft (https://hugo-demo.example.org/2024/08/upcoming/)
    left out: content/snippets/footer.md: bundle resource
    left out: content/snippets/index.md: headless
    sitemap: 14 files read as Hugo 0.111.3 (the hugo on PATH), 15 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 4 excluded (1 bundle resource, 1 by sitemap.toml:6 `exclude`, 1 draft, 1 headless); dry run, nothing written
    ");
    let html = crate::example("html-site").join("_site");
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            html.to_str().unwrap(),
            "--base-url",
            "https://e.org/",
            "-v",
            "--dry-run",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    // The site's sitemap.toml holds for the HTML scan too: its `exclude`,
    // written for the sources, matches no built file.
    let stderr = text(&out.stderr, dir.path()).replace(html.to_str().unwrap(), "<html>");
    insta::assert_snapshot!(stderr, @r#"
    sitemap.toml:6: warning: `exclude` pattern `content/docs/internal/**` matches no page (`exclude` is matched against file paths relative to the HTML folder <html>, such as `about/index.html`); correct the pattern or remove it
    left out: 404.html: 404 page
    left out: old-page/index.html: redirect stub to https://shop.example.org/about/
    left out: print/blog/hello-sitemaps/index.html: canonical is https://shop.example.org/blog/hello-sitemaps/ (not listed)
    left out: private/index.html: <meta name="robots"> says noindex
    sitemap: 7 files read, 4 URLs, 1 image (left out: 1 tracking pixel), 4 excluded (1 404 page, 1 canonical elsewhere, 1 noindex, 1 redirect stub); dry run, nothing written
    "#);
}

/// A bad flag value is a usage error (exit 2) naming the flag, as the exit
/// code table says; the same value in sitemap.toml is an error (exit 1)
/// naming the file.
#[test]
fn bad_flag_values_are_usage_errors_naming_the_flag() {
    let dir = site("zola-rules");
    for (flag, value) in [
        ("--priority", "2"),
        ("--lastmod", "git,build-time"),
        ("--max-urls", "0"),
        ("--changefreq", "sometimes"),
        ("--git-shallow", "maybe"),
        ("--git-date", "yesterday"),
        ("--base-url", "notaurl"),
        ("--trailing-slash", "x"),
        ("--format", "yaml"),
    ] {
        let out = sitemap(dir.path(), &["scan", "--dry-run", flag, value]);
        let stderr = text(&out.stderr, dir.path());
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {stderr}");
        let bad = value.rsplit(',').next().unwrap();
        // clap names the value; --base-url is checked by the command
        // itself, since clap would echo a password in the URL.
        let expected = if flag == "--base-url" {
            "error: --base-url: loc `notaurl/`: not an absolute URL".to_owned()
        } else {
            format!("error: invalid value '{bad}' for '{flag} ")
        };
        assert!(stderr.starts_with(&expected), "{stderr}");
    }
    fs::write(
        dir.path().join("sitemap.toml"),
        "gzip = true\npriority = 2.0\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr, dir.path()).starts_with(
            "sitemap.toml:2: error: priority `2`: expected a number from 0.0 to 1.0\n"
        ),
        "{}",
        text(&out.stderr, dir.path())
    );
}

#[test]
fn scan_errors_name_the_file_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("zola.toml"), "title = \"no base\"\n").unwrap();
    let out = sitemap(dir.path(), &["scan"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "zola.toml: error: no base URL: the site's configuration has no `base_url`\n  hint: set `base_url` in zola.toml, `base-url` in sitemap.toml, or pass --base-url https://example.org/\n"
    );
    fs::write(
        dir.path().join("sitemap.toml"),
        "base-url = \"https://example.org/\"\ngzipp = true\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr, dir.path());
    assert!(
        stderr.starts_with("sitemap.toml:2: error: unknown key `gzipp`; did you mean `gzip`?"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            "  hint: see the key table in `sitemap scan --help` (the same keys everywhere)\n"
        ),
        "{stderr}"
    );
    // A front matter error: file:line.
    fs::write(
        dir.path().join("sitemap.toml"),
        "base-url = \"https://example.org/\"\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(dir.path().join("content/a.md"), "+++\ntitle = \"a\"\n+++\n").unwrap();
    fs::write(
        dir.path().join("content/b.md"),
        "+++\ntitle = \"b\"\nslug = \"../../x\"\n+++\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "content/b.md:3: error: `slug = \"../../x\"` would leave the site (`..` segments are refused)\n  hint: write the path relative to the site root, without `..`\n"
    );
    // Usage errors are exit 2.
    let out = sitemap(dir.path(), &["scan", "--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn scan_built_html_folder_is_detected() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("blog")).unwrap();
    fs::write(
        dir.path().join("index.html"),
        "<html><head><title>Home</title></head></html>",
    )
    .unwrap();
    fs::write(
        dir.path().join("blog/index.html"),
        "<html><head><title>Blog</title></head></html>",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr, dir.path()).contains("hint: pass --base-url"));
    let out = sitemap(dir.path(), &["scan", "--base-url", "https://example.org"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!("html_sitemap", valid(&dir.path().join("sitemap.xml")));
}

#[test]
fn help_documents_settings_and_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let out = sitemap(dir.path(), &["scan", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout, dir.path());
    for key in [
        "base-url",
        "format",
        "gzip",
        "limits",
        "robots",
        "[git]",
        "lastmod",
        "include-drafts",
        "shallow",
    ] {
        assert!(help.contains(key), "scan --help does not document `{key}`");
    }
    let out = sitemap(dir.path(), &["--help"]);
    assert!(text(&out.stdout, dir.path()).contains("3  `scan --check`"));
}

/// `--html-source`: lastmod for built pages from the source tree they were
/// built from (front matter here), never from the built files' mtime; and
/// `--trailing-slash never` for hosts that serve `dir` rather than `dir/`.
#[test]
fn scan_html_with_source_tree_and_trailing_slash() {
    let dir = tempfile::tempdir().unwrap();
    let page = |title: &str| {
        format!(
            "<!doctype html><html lang=\"en\"><head><title>{title}</title></head><body>{title}</body></html>\n"
        )
    };
    for (path, text) in [
        ("_site/index.html", page("Home")),
        ("_site/guide/intro/index.html", page("Intro")),
        ("_site/guide/setup/index.html", page("Setup")),
        (
            "src/index.md",
            "---\nlastmod: 2024-01-02\n---\n# Home\n".to_owned(),
        ),
        (
            "src/guide/intro.md",
            "+++\nupdated = 2024-03-04T05:06:07Z\n+++\n# Intro\n".to_owned(),
        ),
        // No date in the source: no lastmod (and not the build time).
        ("src/guide/setup.md", "# Setup\n".to_owned()),
    ] {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "_site",
            "--base-url",
            "https://example.org/docs",
            "--html-source",
            "src",
            "--lastmod",
            "front-matter",
            "--trailing-slash",
            "never",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!("html_source_stderr", text(&out.stderr, dir.path()));
    insta::assert_snapshot!(
        "html_source_sitemap",
        valid(&dir.path().join("_site/sitemap.xml"))
    );
}

#[test]
fn scan_html_bad_trailing_slash_is_a_usage_error_with_hint() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("index.html"), "<html><head></head></html>").unwrap();
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            ".",
            "--base-url",
            "https://example.org/",
            "--trailing-slash",
            "sometimes",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!("html_bad_trailing_slash", text(&out.stderr, dir.path()));
}

/// `clean-urls = true` in sitemap.toml does what `--clean-urls` does:
/// `about.html` listed as `about` (VitePress `cleanUrls`, Cloudflare
/// Pages, Vercel); folder indexes keep their slash.
#[test]
fn scan_html_clean_urls_from_sitemap_toml() {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in [
        (
            "sitemap.toml",
            "html = \"dist\"\nbase-url = \"https://example.org/\"\nclean-urls = true\n",
        ),
        (
            "dist/index.html",
            "<html><head><title>Home</title></head></html>",
        ),
        (
            "dist/about.html",
            "<html><head><title>About</title></head></html>",
        ),
        (
            "dist/guide/index.html",
            "<html><head><title>Guide</title></head></html>",
        ),
        (
            "dist/guide/intro.html",
            "<html><head><title>Intro</title></head></html>",
        ),
    ] {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let out = sitemap(dir.path(), &["scan", "--quiet"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let xml = valid(&dir.path().join("dist/sitemap.xml"));
    let locs: Vec<&str> = xml
        .split("<loc>")
        .skip(1)
        .filter_map(|s| s.split_once("</loc>").map(|(loc, _)| loc))
        .collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/about",
            "https://example.org/guide/",
            "https://example.org/guide/intro",
        ]
    );
}

/// Issue #13: a Sphinx build whose pages all declare a canonical under its
/// `html_baseurl`, scanned with another `--base-url`, ended in "no entries
/// to write", which said nothing of the cause. The pages are listed under
/// their own URLs and one warning names the mismatch and the likely fix.
#[test]
fn sphinx_canonicals_outside_base_url_are_a_base_url_mismatch_not_no_entries() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../adapters/html/tests/fixtures/sphinx/built"),
        dir.path(),
    );
    let out = sitemap(
        dir.path(),
        &["scan", "--html", ".", "--base-url", "https://example.org/"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!(
        "html_sphinx_base_url_mismatch",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!(
        "html_sphinx_base_url_mismatch_sitemap",
        valid(&dir.path().join("sitemap.xml"))
    );
}

/// Hugo 0.111.3 stops on a `url` with a protocol ("URLs with protocol
/// (http*) not supported"), drafts and bundle resources included; we
/// listed the page at that URL or under our base URL instead.
#[test]
fn hugo_url_with_protocol_is_refused_on_every_page() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(
        root.join("config.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    fs::create_dir_all(root.join("content/posts/b")).unwrap();
    let files = [
        (
            "content/posts/a.md",
            "---\ntitle: A\ndraft: true\nurl: https://other.org/a/\n---\n",
        ),
        ("content/posts/b/index.md", "---\ntitle: B\n---\n"),
        (
            "content/posts/b/r.md",
            "+++\ntitle = \"R\"\n\nurl = \"http://other.org/r/\"\n+++\n",
        ),
        // Only `http://` and `https://`: Hugo builds these as paths.
        (
            "content/posts/c.md",
            "---\ntitle: C\nurl: HTTP://up.org/x/\n---\n",
        ),
        (
            "content/posts/d.md",
            "---\ntitle: D\nurl: mailto:x@y.org\n---\n",
        ),
    ];
    for (path, text) in files {
        fs::write(root.join(path), text).unwrap();
    }
    let out = sitemap(root, &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, root),
        "content/posts/a.md:4: error: `url = \"https://other.org/a/\"`: Hugo refuses a `url` with a protocol (http:// or https://) and stops the build\n\
         content/posts/b/r.md:4: error: `url = \"http://other.org/r/\"`: Hugo refuses a `url` with a protocol (http:// or https://) and stops the build\n\
         error: 2 pages could not be read\n  \
         hint: write `url` as a path on this site (`/x/`); to send visitors elsewhere, link or redirect from the page\n"
    );
    // Without them, the other forms are paths on the site, as Hugo 0.111.3
    // writes them.
    fs::remove_file(root.join("content/posts/a.md")).unwrap();
    fs::remove_file(root.join("content/posts/b/r.md")).unwrap();
    let out = sitemap(
        root,
        &["scan", "--dry-run", "--quiet", "--lastmod", "front-matter"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, root));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut urls: Vec<&str> = stdout
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    urls.sort_unstable();
    assert_eq!(
        urls,
        [
            "https://example.org/",
            "https://example.org/HTTP:/up.org/x/",
            "https://example.org/categories/",
            "https://example.org/mailto:x@y.org",
            "https://example.org/posts/",
            "https://example.org/posts/b/",
            "https://example.org/tags/",
        ]
    );
}

/// Hugo 0.111.3 stops on `disableKinds = ["taxonomy"]` without `"term"`
/// (the kind's meaning changed in 0.73) unless `ignoreErrors` names the
/// error; we built the sitemap without taxonomy pages.
#[test]
fn hugo_disable_kinds_taxonomy_is_refused_as_hugo_refuses_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("content/posts")).unwrap();
    fs::write(
        root.join("content/posts/a.md"),
        "---\ntitle: A\ntags: [x]\n---\n",
    )
    .unwrap();
    fs::write(
        root.join("config.toml"),
        "baseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\"]\n",
    )
    .unwrap();
    let out = sitemap(root, &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, root),
        "config.toml: error: `disableKinds` holds \"taxonomy\" without \"term\", which Hugo 0.111.3 refuses (its meaning changed in Hugo 0.73: `taxonomy` is now the list of a taxonomy's terms, `term` one term's pages); write [\"taxonomy\", \"term\"] to disable both, or add `ignoreErrors = [\"error-disable-taxonomy\"]` to mean the new kind alone, as Hugo asks\n"
    );
    // With the error ignored, Hugo drops the taxonomy lists, keeps the terms.
    fs::write(
        root.join("config.toml"),
        "baseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\"]\nignoreErrors = [\"error-disable-taxonomy\"]\n",
    )
    .unwrap();
    let out = sitemap(
        root,
        &["scan", "--dry-run", "--quiet", "--lastmod", "front-matter"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, root));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut urls: Vec<&str> = stdout
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    urls.sort_unstable();
    assert_eq!(
        urls,
        [
            "https://example.org/",
            "https://example.org/posts/",
            "https://example.org/posts/a/",
            "https://example.org/tags/x/",
        ]
    );
}

/// A config folder whose only per-language file is `menus.fr.toml` defines
/// one language, `fr`, so the default `en` is none of them: Hugo 0.111.3
/// stops ("site config value \"en\" for defaultContentLanguage does not
/// match any language definition"); we skipped the file and built `en`.
#[test]
fn hugo_default_language_outside_the_languages_per_language_files_define_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("content")).unwrap();
    fs::create_dir_all(root.join("config/_default")).unwrap();
    fs::write(
        root.join("config/_default/hugo.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    fs::write(
        root.join("config/_default/menus.fr.toml"),
        "[[main]]\nname = \"Accueil\"\nurl = \"/\"\n",
    )
    .unwrap();
    let out = sitemap(root, &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, root),
        "config/_default/menus.fr.toml: error: `defaultContentLanguage` is `en`, which is none of the languages defined (`fr`): Hugo 0.111.3 refuses it\n"
    );
}

/// Hugo 0.111.3 stops on a `disableLanguages` that holds the default
/// language ("cannot disable default language"); we built the others.
#[test]
fn hugo_disable_languages_holding_the_default_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("content")).unwrap();
    fs::write(
        root.join("hugo.toml"),
        "baseURL = \"https://example.org/\"\ndisableLanguages = [\"en\"]\n[languages.en]\n[languages.fr]\n",
    )
    .unwrap();
    let out = sitemap(root, &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, root),
        "hugo.toml: error: `disableLanguages` holds the default language `en`, which Hugo 0.111.3 refuses\n"
    );
}

/// Hugo's `[sitemap]` table lies under the user's own settings: its
/// `filename` names the file unless sitemap.toml names another, and its
/// `changefreq` counts only where neither the user nor the page sets one.
#[test]
fn hugo_sitemap_table_lies_under_the_users_settings() {
    let dir = tempfile::tempdir().unwrap();
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/differential/hugo/site-sitemap-table/site");
    crate::copy_tree(&case, dir.path());
    let config = dir.path().join("hugo.toml");
    let text = fs::read_to_string(&config).unwrap();
    fs::write(&config, format!("{text}filename = \"map.xml\"\n")).unwrap();
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "-q",
            "--lastmod",
            "front-matter",
            "--changefreq",
            "monthly",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text_of(&out, dir.path()));
    let xml = fs::read_to_string(dir.path().join("public/map.xml")).unwrap();
    // The flag beats the site's `weekly`; a page's own `daily` beats both.
    assert!(
        xml.contains(
            "<loc>https://diff.example.org/s/plain/</loc>\n    <changefreq>monthly</changefreq>"
        ),
        "{xml}"
    );
    assert!(
        xml.contains(
            "<loc>https://diff.example.org/s/both/</loc>\n    <changefreq>daily</changefreq>"
        ),
        "{xml}"
    );
    fs::write(
        dir.path().join("sitemap.toml"),
        "filename = \"pages.xml\"\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "-q"]);
    assert_eq!(out.status.code(), Some(0), "{}", text_of(&out, dir.path()));
    assert!(dir.path().join("public/pages.xml").exists());
    // A bad name from Hugo's table names that file.
    fs::remove_file(dir.path().join("sitemap.toml")).unwrap();
    fs::write(&config, format!("{text}filename = \"map.json\"\n")).unwrap();
    let out = sitemap(dir.path(), &["scan", "-q"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text_of(&out, dir.path()),
        "error: hugo.toml [sitemap] `filename`: `map.json`: expected a file name ending in `.xml` (the format)\n  hint: change `filename` in hugo.toml, or set it in sitemap.toml (which wins)\n"
    );
}

fn text_of(out: &std::process::Output, dir: &Path) -> String {
    text(&out.stderr, dir)
}
