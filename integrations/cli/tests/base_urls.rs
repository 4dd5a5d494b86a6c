//! Issue #40: base URLs that cannot be where the site is served. A host
//! nobody else reaches (loopback, `.test`, `.invalid`, `.local`) is a
//! warning naming where the base URL was set; `submit` refuses those and
//! the documentation names (`example.org`); a run that moves every URL of
//! the ledger to another host says so.

use std::fs;

use super::{sitemap, text};

/// A Zola site with one page and `config` as its zola.toml.
fn zola_site(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("zola.toml"), config).unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(dir.path().join("content/a.md"), "+++\ntitle = \"a\"\n+++\n").unwrap();
    dir
}

/// stderr and the exit code of `sitemap ARGS` in `dir`.
fn run(dir: &tempfile::TempDir, args: &[&str]) -> (String, Option<i32>) {
    let out = sitemap(dir.path(), args);
    (text(&out.stderr, dir.path()), out.status.code())
}

/// The line every scan of these sites (no git) starts with.
const FIRST: &str = "\
.: warning: not inside a git work tree (or git is not installed); lastmod from git is skipped, and so is the files' mtime unless `lastmod` names `mtime`
";
/// The build check's line (never built), after the base URL's.
const NOT_BUILT: &str = "\
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
";
const DRY_RUN: &str = "sitemap: 1 files read, 2 URLs, none excluded; dry run, nothing written\n";
const WROTE: &str = "sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml\n";

#[test]
fn a_base_url_nobody_reaches_is_a_warning_naming_where_it_was_set() {
    let dir = zola_site("base_url = \"http://127.0.0.1:1111\"\n");
    assert_eq!(
        run(&dir, &["scan", "--dry-run"]),
        (
            format!(
                "{FIRST}zola.toml: warning: base_url http://127.0.0.1:1111/ is a loopback address: only this computer reaches it; search engines cannot fetch these URLs: set the URL the site is served at\n{NOT_BUILT}{DRY_RUN}"
            ),
            Some(0)
        )
    );
    assert_eq!(
        run(
            &dir,
            &["scan", "--dry-run", "--base-url", "http://localhost:1313"]
        ),
        (
            format!(
                "{FIRST}warning: --base-url http://localhost:1313/ is a loopback address: only this computer reaches it; search engines cannot fetch these URLs: set the URL the site is served at\n{NOT_BUILT}{DRY_RUN}"
            ),
            Some(0)
        )
    );
    fs::write(
        dir.path().join("sitemap.toml"),
        "# settings\nbase-url = \"https://blog.test/\"\n",
    )
    .unwrap();
    assert_eq!(
        run(&dir, &["scan", "--dry-run"]),
        (
            format!(
                "{FIRST}sitemap.toml:2: warning: base-url https://blog.test/ is a name reserved for testing (RFC 2606); search engines cannot fetch these URLs: set the URL the site is served at\n{NOT_BUILT}{DRY_RUN}"
            ),
            Some(0)
        )
    );
}

/// `example.org` is what the guide and the examples write: a scan says
/// nothing of it (the unbuilt site's warning is all).
#[test]
fn a_documentation_base_url_is_no_warning_in_a_scan() {
    let dir = zola_site("base_url = \"https://example.org\"\n");
    assert_eq!(
        run(&dir, &["scan"]),
        (format!("{FIRST}{NOT_BUILT}{WROTE}"), Some(0))
    );
}

#[test]
fn a_run_that_moves_every_ledger_url_to_another_host_is_a_warning() {
    let dir = zola_site("base_url = \"https://blog.example.org\"\n");
    fs::write(
        dir.path().join("sitemap.toml"),
        "ledger = \"sitemap.ledger\"\n",
    )
    .unwrap();
    assert_eq!(
        run(&dir, &["scan"]),
        (format!("{FIRST}{NOT_BUILT}{WROTE}"), Some(0))
    );
    assert_eq!(
        run(
            &dir,
            &["scan", "--base-url", "https://staging.example.net/"]
        ),
        (
            format!(
                "{FIRST}sitemap.ledger: warning: every URL it holds is on blog.example.org, and this run's base URL https://staging.example.net/ is on staging.example.net: every page counts as new (and `submit` sends them all); if the site did not move, fix `base-url`\n{NOT_BUILT}{WROTE}"
            ),
            Some(0)
        )
    );
}

/// `submit` tells search engines about URLs: none on `example.org` or
/// `localhost` are sent, found before any request (so a dry run says it).
#[test]
fn submit_refuses_urls_on_a_documentation_or_loopback_host() {
    for (base, host, why) in [
        (
            "https://example.org",
            "example.org",
            "a name reserved for documentation (RFC 2606)",
        ),
        (
            "http://localhost:1111",
            "localhost",
            "a loopback address: only this computer reaches it",
        ),
    ] {
        let dir = zola_site(&format!("base_url = \"{base}\"\n"));
        fs::write(
            dir.path().join("sitemap.toml"),
            "ledger = \"sitemap.ledger\"\n\n[submit]\nkey = \"0123456789abcdef\"\n",
        )
        .unwrap();
        assert_eq!(run(&dir, &["scan", "-q"]).1, Some(0));
        assert_eq!(
            run(&dir, &["submit", "--dry-run"]),
            (
                format!(
                    "error: 2 URL(s) of the ledger are on {host}, {why}; nothing was sent\n  hint: set `base-url` to the URL the site is served at, scan again, then submit\n"
                ),
                Some(1)
            ),
            "{base}"
        );
    }
}

/// Issue #40: a theme's robots.txt with `Sitemap: https://h//sitemap.xml`
/// made `validate --site public` take `https://h//` as the base URL and
/// call every page outside it. The `//` is a warning of its own, and the
/// base URL comes from the site's configuration beside the folder.
#[test]
fn validate_site_reads_the_base_url_from_the_config_and_flags_a_double_slash() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("hugo.toml"),
        "title = \"t\"\nbaseURL = \"https://blog.example.org/\"\n",
    )
    .unwrap();
    let page = "<html><head><title>p</title></head><body>p</body></html>\n";
    fs::create_dir_all(d.join("public/posts/a")).unwrap();
    fs::write(d.join("public/index.html"), page).unwrap();
    fs::write(d.join("public/posts/a/index.html"), page).unwrap();
    fs::write(
        d.join("public/sitemap.xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>https://blog.example.org/</loc></url>\n<url><loc>https://blog.example.org/posts/a/</loc></url>\n</urlset>\n",
    )
    .unwrap();
    fs::write(
        d.join("public/robots.txt"),
        "User-agent: *\nSitemap: https://blog.example.org//sitemap.xml\n",
    )
    .unwrap();
    let out = sitemap(
        d,
        &[
            "validate",
            "--site",
            "public",
            "public/sitemap.xml",
            "public/robots.txt",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr, d), "");
    assert_eq!(
        text(&out.stdout, d),
        "\
public/robots.txt:2:1: warning: `Sitemap: https://blog.example.org//sitemap.xml`: an empty path segment (`//`), most often a base URL ending in `/` joined with `/sitemap.xml`; write `https://blog.example.org/sitemap.xml`
public/robots.txt:2:1: warning: https://blog.example.org//sitemap.xml is not on disk at /sitemap.xml; it was not checked
public/sitemap.xml: valid (urlset, 2 URLs, 214 bytes; 0 errors, 0 warnings)
public/robots.txt: valid (robots.txt, 1 sitemaps, 61 bytes; 0 errors, 2 warnings)
site public/ at https://blog.example.org/ (from hugo.toml: baseURL): 2 locs, 2 name files of the site; 2 indexable pages, 0 not in the sitemap
2 files checked: 2 valid, 0 invalid; 0 errors, 2 warnings
"
    );
}

/// Issue #40: `validate --site book` on an mdBook's output passed a base
/// URL that leaves out the book's `site-url` folder, which the scan
/// already warned of; both now say it with the same rule.
#[test]
fn validate_site_warns_when_the_base_url_leaves_out_the_book_site_url() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("book.toml"),
        "[book]\ntitle = \"t\"\n\n[output.html]\nsite-url = \"/book/\"\n\n[output.sitemap]\nbase-url = \"https://rust-cli.github.io/\"\n",
    )
    .unwrap();
    fs::create_dir_all(d.join("book/html")).unwrap();
    fs::write(
        d.join("book/html/a.html"),
        "<html><head><title>a</title></head><body>a</body></html>\n",
    )
    .unwrap();
    fs::write(
        d.join("book/html/sitemap.xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>https://rust-cli.github.io/a.html</loc></url>\n</urlset>\n",
    )
    .unwrap();
    let out = sitemap(d, &["validate", "--site", "book/html"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr, d), "");
    assert_eq!(
        text(&out.stdout, d),
        "\
book.toml: warning: base URL https://rust-cli.github.io/ (from book.toml: output.sitemap.base-url) leaves out output.html.site-url \"/book/\": mdBook serves the book under /book/, so these URLs miss it; did you mean https://rust-cli.github.io/book/?
book/html/sitemap.xml: valid (urlset, 1 URLs, 166 bytes; 0 errors, 0 warnings)
site book/html/ at https://rust-cli.github.io/ (from book.toml: output.sitemap.base-url): 1 locs, 1 name files of the site; 1 indexable pages, 0 not in the sitemap
1 files checked: 1 valid, 0 invalid; 0 errors, 1 warnings
"
    );
}

/// A host written without its scheme in sitemap.toml got "relative URL
/// without a base", blamed on zola.toml; the `--base-url` flag already
/// suggested the https URL. Now sitemap.toml and its line are named, with
/// the same suggestion.
#[test]
fn a_base_url_without_its_scheme_in_sitemap_toml_suggests_the_https_url() {
    let dir = zola_site("base_url = \"https://rust-cli.github.io/\"\n");
    fs::write(
        dir.path().join("sitemap.toml"),
        "lastmod = []\nbase-url = \"rust-cli.github.io/book\"\n",
    )
    .unwrap();
    let (stderr, code) = run(&dir, &["scan", "--dry-run", "."]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "\
error: sitemap.toml:2 `base-url`: `rust-cli.github.io/book` is not an absolute URL; sitemaps need absolute locs: did you mean https://rust-cli.github.io/book/?
  hint: change `base-url` in sitemap.toml
"
    );
}

/// `validate --site public` on a Hugo site whose base URL is set in
/// `files` (and the environment `env`): stdout, with two built pages
/// and a sitemap listing them at `base`.
fn validate_hugo_site(files: &[(&str, &str)], env: &[(&str, &str)], base: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let page = "<html><head><title>p</title></head><body>p</body></html>\n";
    let sitemap_xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>{base}</loc></url>\n<url><loc>{base}posts/a/</loc></url>\n</urlset>\n"
    );
    let built = [
        ("public/index.html", page),
        ("public/posts/a/index.html", page),
        ("public/sitemap.xml", sitemap_xml.as_str()),
    ];
    for (path, text) in files.iter().chain(&built) {
        let path = d.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["validate", "--site", "public", "public/sitemap.xml"])
        .current_dir(d)
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, d));
    assert_eq!(text(&out.stderr, d), "");
    text(&out.stdout, d)
}

/// Issue 47: `validate --site` read hugo.toml, zola.toml and book.toml a
/// second time for the base URL, and missed `hugo.yaml`,
/// `config/_default/` and `HUGO_BASEURL`, inferring it from the locs
/// instead. The base URL is now the one Hugo's reader reads, named where
/// it read it.
#[test]
fn validate_site_takes_the_base_url_hugos_reader_reads() {
    let summary = |base: &str, from: &str| {
        format!(
            "public/sitemap.xml: valid (urlset, 2 URLs, {} bytes; 0 errors, 0 warnings)\n\
             site public/ at {base} ({from}): 2 locs, 2 name files of the site; 2 indexable pages, 0 not in the sitemap\n\
             1 files checked: 1 valid, 0 invalid; 0 errors, 0 warnings\n",
            // The sitemap written above: 164 bytes of markup, the base twice.
            164 + 2 * base.len()
        )
    };
    assert_eq!(
        validate_hugo_site(
            &[(
                "hugo.yaml",
                "title: t\nbaseURL: https://yaml.example.org/\n"
            )],
            &[],
            "https://yaml.example.org/"
        ),
        summary("https://yaml.example.org/", "from hugo.yaml: baseURL")
    );
    assert_eq!(
        validate_hugo_site(
            &[
                (
                    "config/_default/hugo.toml",
                    "baseURL = \"https://default.example.org/docs/\"\n"
                ),
                ("config/_default/params.toml", "description = \"d\"\n"),
            ],
            &[],
            "https://default.example.org/docs/"
        ),
        summary(
            "https://default.example.org/docs/",
            "from config/_default/hugo.toml: baseURL"
        )
    );
    assert_eq!(
        validate_hugo_site(
            &[("hugo.toml", "baseURL = \"https://files.example.org/\"\n")],
            &[("HUGO_BASEURL", "https://env.example.org/")],
            "https://env.example.org/"
        ),
        summary("https://env.example.org/", "from $HUGO_BASEURL")
    );
}
