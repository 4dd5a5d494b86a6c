//! Messages about a wrong value, asserted whole (exit code included): each
//! names the file and line and the key (or the flag), says in plain words
//! what was wanted, and gives a hint; a settings file's wrong keys are all
//! reported at once.

use std::fs;

use super::{sitemap, text};

/// A Hugo site with one page and `config` as its hugo.toml.
fn hugo_site(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("hugo.toml"), config).unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(dir.path().join("content/a.md"), "---\ntitle: a\n---\n").unwrap();
    dir
}

/// stderr and the exit code of `sitemap scan --dry-run ARGS` in `dir`.
fn scan(dir: &tempfile::TempDir, args: &[&str]) -> (String, Option<i32>) {
    let mut all = vec!["scan", "--dry-run"];
    all.extend_from_slice(args);
    let out = sitemap(dir.path(), &all);
    (text(&out.stderr, dir.path()), out.status.code())
}

#[test]
fn a_relative_base_url_in_the_config_names_file_line_and_key() {
    let dir = hugo_site("title = \"t\"\n\nbaseURL = \"/\"\n");
    assert_eq!(
        scan(&dir, &[]),
        (
            "hugo.toml:3: error: baseURL \"/\" is not an absolute URL; sitemaps need absolute locs\n  \
             hint: set baseURL = \"https://example.org/\" (the address the site is served at), or pass --base-url\n"
                .to_owned(),
            Some(1)
        )
    );
}

#[test]
fn a_base_url_flag_without_scheme_suggests_the_url() {
    let dir = hugo_site("baseURL = \"https://example.org/\"\n");
    assert_eq!(
        scan(&dir, &["--base-url", "example.org"]),
        (
            "error: --base-url: `example.org` is not an absolute URL; sitemaps need absolute locs: did you mean https://example.org/?\n"
                .to_owned(),
            Some(2)
        )
    );
}

#[test]
fn a_wrong_type_names_line_and_key_in_plain_words() {
    let dir = hugo_site("baseURL = \"https://example.org/\"\n");
    fs::write(
        dir.path().join("sitemap.toml"),
        "# settings\n\n\nmax-urls = \"100\"\n",
    )
    .unwrap();
    assert_eq!(
        scan(&dir, &[]),
        (
            "sitemap.toml:4: error: `max-urls` must be a whole number, found the text \"100\"\n  \
             hint: write the number without quotes: max-urls = 100\n"
                .to_owned(),
            Some(1)
        )
    );
}

#[test]
fn every_wrong_key_of_a_settings_file_is_reported_at_once() {
    let dir = hugo_site("baseURL = \"https://example.org/\"\n");
    fs::write(
        dir.path().join("sitemap.toml"),
        "max-urls = \"100\"\ngzip = 1\nrobot = true\nrobots = true\n\n[git]\ntimeout = \"5\"\n",
    )
    .unwrap();
    assert_eq!(
        scan(&dir, &[]),
        (
            "sitemap.toml:1: error: `max-urls` must be a whole number, found the text \"100\"\n\
             sitemap.toml:2: error: `gzip` must be true or false, found the number 1\n\
             sitemap.toml:3: error: unknown key `robot`; did you mean `robots`?\n\
             sitemap.toml:7: error: `git.timeout` must be a whole number, found the text \"5\"\n  \
             hint: fix each of the 4 keys named above; `sitemap scan --help` lists every key\n"
                .to_owned(),
            Some(1)
        )
    );
}

#[test]
fn a_file_named_as_the_site_is_said_to_be_a_file() {
    let dir = hugo_site("baseURL = \"https://example.org/\"\n");
    assert_eq!(
        scan(&dir, &["hugo.toml"]),
        (
            "error: `hugo.toml` is a file; the site's folder is wanted here\n  \
             hint: name the site's root folder (the one holding its configuration), not a file in it\n"
                .to_owned(),
            Some(1)
        )
    );
}

#[test]
fn mdbook_on_a_file_or_a_folder_that_is_no_book_says_so() {
    let dir = hugo_site("baseURL = \"https://example.org/\"\n");
    let run = |path: &str| {
        let out = sitemap(dir.path(), &["mdbook", path]);
        (text(&out.stderr, dir.path()), out.status.code())
    };
    let hint = "  hint: name the book's root folder, the one holding book.toml\n";
    assert_eq!(
        run("hugo.toml"),
        (
            format!("error: `hugo.toml` is a file; an mdBook book is a folder\n{hint}"),
            Some(1)
        )
    );
    assert_eq!(
        run("content"),
        (
            format!(
                "error: `content` has no book.toml (and no src/SUMMARY.md): not an mdBook book\n{hint}"
            ),
            Some(1)
        )
    );
}

/// A book.toml with several wrong keys under `[output.sitemap]`, one of
/// them in a nested table: every one at once, each with its line.
#[test]
fn every_wrong_key_of_a_book_toml_is_reported_at_once() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("book.toml"),
        "[book]\ntitle = \"t\"\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"https://example.org/\"\n\
         max-urls = \"100\"\ngzip = 1\nlastmod = [\"bogus\"]\n\n[output.sitemap.git]\ntimeout = \"5\"\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("src")).unwrap();
    fs::write(
        dir.path().join("src/SUMMARY.md"),
        "# Summary\n\n- [A](a.md)\n",
    )
    .unwrap();
    fs::write(dir.path().join("src/a.md"), "# A\n").unwrap();
    let out = sitemap(dir.path(), &["mdbook", "."]);
    assert_eq!(
        (text(&out.stderr, dir.path()), out.status.code()),
        (
            "book.toml:8: error: [output.sitemap]: `max-urls` must be a whole number, found the text \"100\"\n\
             book.toml:9: error: [output.sitemap]: `gzip` must be true or false, found the number 1\n\
             book.toml:10: error: [output.sitemap]: `lastmod` does not take \"bogus\"; it takes one of `front-matter`, `git`, `date`, `mtime`\n\
             book.toml:13: error: [output.sitemap]: `git.timeout` must be a whole number, found the text \"5\"\n  \
             hint: fix each of the 4 keys named above; `sitemap scan --help` lists every key\n"
                .to_owned(),
            Some(1)
        )
    );
}

/// stderr and exit code of `sitemap ARGS` in a folder holding the folder
/// `dir`, for the messages about a folder named where a file is wanted.
fn with_a_folder(args: &[&str]) -> (String, Option<i32>) {
    let dir = hugo_site("baseURL = \"https://example.org/\"\n");
    fs::create_dir_all(dir.path().join("dir")).unwrap();
    let out = sitemap(dir.path(), args);
    (text(&out.stderr, dir.path()), out.status.code())
}

const FOLDER_HINT: &str = "  hint: name the file itself, not the folder holding it\n";

#[test]
fn a_folder_as_the_list_of_write_is_said_to_be_a_folder() {
    assert_eq!(
        with_a_folder(&[
            "write",
            "dir",
            "--base-url",
            "https://example.org/",
            "--out",
            "o"
        ]),
        (
            format!(
                "error: `dir` is a folder; a file is wanted here (a list of URLs, one a line, or a sitemap to rewrite)\n{FOLDER_HINT}"
            ),
            Some(1)
        )
    );
}

#[test]
fn a_folder_as_the_ledger_is_said_to_be_a_folder() {
    assert_eq!(
        with_a_folder(&["scan", "--dry-run", "--ledger", "dir"]),
        (
            format!(
                "error: `dir` is a folder; a file is wanted here (the ledger, named by `ledger` or --ledger)\n{FOLDER_HINT}"
            ),
            Some(1)
        )
    );
}

#[test]
fn a_folder_as_the_robots_txt_of_validate_is_said_to_be_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("dir")).unwrap();
    fs::write(
        dir.path().join("sitemap.xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url><loc>https://example.org/</loc></url>\n</urlset>\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["validate", "--robots", "dir", "sitemap.xml"]);
    assert_eq!(
        (text(&out.stderr, dir.path()), out.status.code()),
        (
            format!(
                "error: `dir` is a folder; a file is wanted here (the robots.txt the URLs are held to)\n{FOLDER_HINT}"
            ),
            Some(2)
        )
    );
}

/// A base URL with credentials was quoted whole in the error
/// (`base_url "https://user:secret@example.org" cannot be …`): the
/// password is never printed, in the configuration's message nor in
/// `validate --base-url`'s, as the README promises.
#[test]
fn a_base_url_with_credentials_is_quoted_without_the_password() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("zola.toml"),
        "base_url = \"https://user:secret@example.org\"\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    assert_eq!(
        scan(&dir, &[]),
        (
            "zola.toml:1: error: base_url \"https://user:…@example.org\" cannot be the base URL: URL `https://user:…@example.org/` has credentials (user:password@); a sitemap URL is public: remove them\n  hint: set base_url = \"https://example.org/\" (the address the site is served at), or pass --base-url\n".to_owned(),
            Some(1)
        )
    );
    let out = sitemap(
        dir.path(),
        &[
            "validate",
            "--base-url",
            "https://user:secret@example.org/",
            ".",
        ],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "error: --base-url: URL `https://user:…@example.org/` has credentials (user:password@); a sitemap URL is public: remove them\n"
    );
    assert_eq!(out.status.code(), Some(2));
}
