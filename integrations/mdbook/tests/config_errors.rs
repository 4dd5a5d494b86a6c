//! Bad `book.toml` settings: each is an error naming `book.toml`, the
//! line, and what was expected, as the user sees it when `mdbook build`
//! runs the renderer.

use crate::support::{Book, redact};

/// Builds the `structure` book with `[output.sitemap]` replaced by `table`
/// and returns what the renderer prints.
fn renderer_error(table: &str) -> String {
    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    let head = &toml[..toml.find("[output.sitemap]").unwrap()];
    book.write("book.toml", &format!("{head}{table}"));
    // The whole build fails too.
    assert!(book.build().is_err(), "the build should fail with\n{table}");
    let (ok, stderr) = book.run_renderer();
    assert!(!ok);
    redact(&stderr, book.root())
}

#[test]
fn unknown_key() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\nbase_url = \"https://example.org/\"\n"
    ));
}

#[test]
fn bad_changefreq() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\nchangefreq = \"sometimes\"\n"
    ));
}

#[test]
fn bad_priority() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\npriority = 1.5\n"
    ));
}

#[test]
fn bad_lastmod_source() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\nlastmod = [\"git\", \"build-time\"]\n"
    ));
}

#[test]
fn bad_base_url() {
    insta::assert_snapshot!(renderer_error("[output.sitemap]\nbase-url = \"/book/\"\n"));
}

#[test]
fn missing_base_url_with_a_path_site_url() {
    let book = Book::fixture("structure");
    book.write(
        "book.toml",
        "[book]\ntitle = \"x\"\n\n[output.html]\nsite-url = \"/book/\"\n\n[output.sitemap]\n",
    );
    let (ok, stderr) = book.run_renderer();
    assert!(!ok);
    insta::assert_snapshot!(redact(&stderr, book.root()));
}

#[test]
fn absolute_site_url_stands_in_for_base_url() {
    let book = Book::fixture("structure");
    book.write(
        "book.toml",
        "[book]\ntitle = \"x\"\n\n[output.html]\nsite-url = \"https://example.com/docs\"\n\n[output.sitemap]\n",
    );
    book.build().unwrap();
    let sitemap = book.read("book/html/sitemap.xml");
    let first = sitemap.lines().find(|l| l.contains("<loc>")).unwrap();
    assert_eq!(
        first.trim(),
        "<loc>https://example.com/docs/preface.html</loc>"
    );
}

#[test]
fn bad_exclude_glob() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\nexclude = [\"guide/[\"]\n"
    ));
}

#[test]
fn bad_filename() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\nfilename = \"../sitemap.xml\"\n"
    ));
}

#[test]
fn robots_needs_a_host_root() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/book/\"\nrobots = true\n"
    ));
}

#[test]
fn preprocessor_key_in_output_table() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\nbefore = [\"links\"]\n"
    ));
}

#[test]
fn sitemap_keys_in_both_tables() {
    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    book.write(
        "book.toml",
        &toml.replace(
            "[preprocessor.sitemap]\n",
            "[preprocessor.sitemap]\ngzip = true\n",
        ),
    );
    let (ok, stderr) = book.run_renderer();
    assert!(!ok);
    insta::assert_snapshot!(redact(&stderr, book.root()));
}

#[test]
fn unknown_key_in_preprocessor_table_fails_the_build() {
    let book = Book::fixture("single-output");
    let toml = book.read("book.toml");
    book.write("book.toml", &toml.replace("robots = true", "robot = true"));
    let err = book.build().unwrap_err();
    // mdBook reports the preprocessor's failure; the message itself goes
    // to stderr, so check it through the library.
    assert!(format!("{err:#}").contains("sitemap"), "{err:#}");
    let config = book.config(|_| {});
    let err = mdbook_sitemap::config::check_preprocessor_table(&config, book.root()).unwrap_err();
    insta::assert_snapshot!(redact(&err.to_string(), book.root()));
}

/// With any `[output]` table mdBook builds only the outputs listed:
/// `[output.sitemap]` alone means no HTML at all.
#[test]
fn no_html_output() {
    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    book.write("book.toml", &toml.replace("[output.html]\n", ""));
    let (ok, stderr) = book.run_renderer();
    assert!(!ok);
    insta::assert_snapshot!(redact(&stderr, book.root()));
}

/// Every key `mdbook-sitemap --help` and the README show is accepted, with
/// the meaning they give: the table is the engine's one key table, as
/// `config::keys()` renders it for book.toml.
#[test]
fn every_documented_key_is_accepted() {
    let keys = &mdbook_sitemap::config::keys();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains(keys),
        "README.md does not show config::keys() as it is"
    );
    let help = std::process::Command::new(crate::support::EXE)
        .arg("--help")
        .env("COLUMNS", "100")
        .output()
        .unwrap();
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    for line in mdbook_sitemap::config::keys_help(96).lines() {
        assert!(help.contains(line), "--help lacks `{line}`");
    }

    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    let head = &toml[..toml.find("[output.sitemap]").unwrap()];
    book.write("book.toml", &format!("{head}{keys}"));
    book.build().unwrap();
    // `split-by = "section"` makes an index over a sitemap per section:
    // the values are read from every sitemap of the set.
    let html = book.root().join("book/html");
    let mut names: Vec<String> = std::fs::read_dir(&html)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("sitemap") && n.ends_with(".xml"))
        .collect();
    names.sort();
    let xml: String = names
        .iter()
        .map(|n| book.read(&format!("book/html/{n}")))
        .collect();
    assert!(xml.contains("<sitemapindex"), "{xml}");
    assert!(xml.contains("<changefreq>weekly</changefreq>"), "{xml}");
    assert!(xml.contains("<priority>0.5</priority>"), "{xml}");
    assert!(xml.contains("<loc>https://example.org/book/"), "{xml}");
}

/// Several wrong keys, one in a nested table: every one at once, each
/// with its line.
#[test]
fn several_wrong_keys_each_with_its_line() {
    insta::assert_snapshot!(renderer_error(
        "[output.sitemap]\nbase-url = \"https://example.org/\"\nmax-urls = \"100\"\ngzip = 1\n\
         lastmod = [\"bogus\"]\n\n[output.sitemap.git]\ntimeout = \"5\"\n"
    ));
}

/// A host written without its scheme in book.toml got "relative URL
/// without a base" and no way forward; the `--base-url` flag already
/// suggested the https URL, and now book.toml gets the same, with its line.
#[test]
fn a_base_url_without_its_scheme_suggests_the_https_url() {
    assert_eq!(
        renderer_error("[output.sitemap]\nbase-url = \"rust-cli.github.io/book\"\n"),
        "[BOOK]/book.toml:9: error: [output.sitemap]: `base-url`: `rust-cli.github.io/book` is not an absolute URL; sitemaps need absolute locs: did you mean https://rust-cli.github.io/book/?\n"
    );
}

/// A bad value in a chapter's front matter printed its text twice
/// (`…expected one of …: changefreq `sometimes`: expected one of …`), and
/// only the first bad chapter was named; now every bad chapter is
/// reported at once, each once, as the settings files' errors are.
#[test]
fn every_bad_chapter_front_matter_value_is_reported_once() {
    let book = Book::empty();
    book.write(
        "book.toml",
        "[book]\ntitle = \"t\"\n\n[output.html]\n\n[preprocessor.sitemap]\n\n[output.sitemap]\nbase-url = \"https://example.org/\"\nlastmod = []\n",
    );
    book.write("src/SUMMARY.md", "- [A](a.md)\n- [B](b.md)\n- [C](c.md)\n");
    book.write(
        "src/a.md",
        "---\nsitemap:\n  changefreq: sometimes\n---\n# A\n",
    );
    book.write("src/b.md", "# B\n");
    book.write("src/c.md", "---\nsitemap:\n  priority: 3\n---\n# C\n");
    // As after mdBook's HTML renderer, which runs first.
    book.write("book/html/index.html", "<p>a</p>\n");
    let (ok, stderr) = book.run_renderer();
    assert!(!ok);
    assert_eq!(
        redact(&stderr, book.root()),
        "\
src/a.md:3: error: `sitemap.changefreq`: changefreq `sometimes`: expected one of always, hourly, daily, weekly, monthly, yearly, never
src/c.md:3: error: `sitemap.priority`: priority `3`: expected a number from 0.0 to 1.0
"
    );
}

/// `mdbook-sitemap -h` had lines up to 445 characters (each key's doc
/// after it on one line): it is wrapped to the terminal as `sitemap -h`
/// is (`COLUMNS`, at most 100), each doc above its key, every key but
/// `base-url` commented out, so the block pasted sets only the base URL.
#[test]
fn help_is_wrapped_to_the_terminal_with_each_doc_above_its_key() {
    let help = |columns: &str| {
        let out = std::process::Command::new(crate::support::EXE)
            .arg("-h")
            .env("COLUMNS", columns)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    for (columns, widest) in [("80", 80), ("100", 100), ("300", 100)] {
        let text = help(columns);
        let long: Vec<&str> = text
            .lines()
            .filter(|l| l.chars().count() > widest)
            .collect();
        assert!(long.is_empty(), "at {columns} columns: {long:#?}");
    }
    let text = help("80");
    insta::assert_snapshot!("help_80_columns", text);
    // The block, as a book.toml would hold it, sets only the base URL.
    let block = &text[text.rfind("    [output.sitemap]").unwrap()..];
    let toml: String = block
        .lines()
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    let table: toml::Table = toml.parse().unwrap();
    assert_eq!(
        table["output"]["sitemap"]
            .as_table()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["base-url"]
    );
}
