//! `mdbook-sitemap submit` (issue 18): the subcommand's flags over
//! `[output.sitemap]`; `--init` writes the key file into the book's HTML
//! folder and `[output.sitemap.submit]` into book.toml; `--dry-run`
//! prints the requests. No network: the sending itself is tested against
//! a local server in `integrations/cli/tests/submit.rs`.

use std::process::Command;

use crate::support::{Book, EXE};

const BOOK_TOML: &str = "# my book\n[book]\ntitle = \"t\"\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"https://rust-cli.github.io/book/\"\nledger = \"sitemap.ledger\" # kept in git\nlastmod = []\n";

fn book() -> Book {
    let book = Book::empty();
    book.write("book.toml", BOOK_TOML);
    book.write("src/SUMMARY.md", "- [A](a.md)\n- [B](b.md)\n");
    book.write("src/a.md", "# A\n");
    book.write("src/b.md", "# B\n");
    let loaded = mdbook_sitemap::SitemapBook::load(book.root()).unwrap();
    loaded.write().unwrap();
    book
}

fn run(book: &Book, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(EXE)
        .arg("submit")
        .args(args)
        .current_dir(book.root())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Issue #40: the plugin's `submit` refuses a book served at a
/// documentation name, before anything is fetched, as `sitemap submit`
/// does (a public endpoint must not hear of `example.org` URLs).
#[test]
fn submit_refuses_a_documentation_host() {
    let book = Book::empty();
    book.write(
        "book.toml",
        &BOOK_TOML.replace(
            "https://rust-cli.github.io/book/",
            "https://example.org/book/",
        ),
    );
    book.write("src/SUMMARY.md", "- [A](a.md)\n- [B](b.md)\n");
    book.write("src/a.md", "# A\n");
    book.write("src/b.md", "# B\n");
    mdbook_sitemap::SitemapBook::load(book.root())
        .unwrap()
        .write()
        .unwrap();
    assert!(run(&book, &["--init"]).0);
    assert_eq!(
        run(&book, &["--dry-run"]),
        (
            false,
            String::new(),
            "error: 2 URL(s) of the ledger are on example.org, a name reserved for documentation (RFC 2606); nothing was sent\n  hint: set `base-url` to the URL the site is served at, scan again, then submit\n".to_owned()
        )
    );
}

#[test]
fn init_then_dry_run() {
    let book = book();
    let (ok, _, stderr) = run(&book, &["--init"]);
    assert!(ok, "{stderr}");
    let text = book.read("book.toml");
    let table: toml::Table = text.parse().unwrap();
    let key = table["output"]["sitemap"]["submit"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        text,
        format!("{BOOK_TOML}\n[output.sitemap.submit]\nkey = \"{key}\"\n")
    );
    // Where it belongs: src/, which mdBook copies into every build (the
    // key went into book/html/ alone, and the message said to copy it),
    // and the build there now.
    assert_eq!(book.read(&format!("src/{key}.txt")), key);
    assert_eq!(book.read(&format!("book/html/{key}.txt")), key);
    assert_eq!(
        stderr,
        format!(
            "mdbook-sitemap: wrote the key file src/{key}.txt, which mdBook copies into every build, and book/html/{key}.txt for the build there now; `submit.key` into book.toml\n"
        )
    );

    let (ok, stdout, stderr) = run(
        &book,
        &["--dry-run", "--endpoint", "https://indexnow.example/x"],
    );
    assert!(ok, "{stderr}");
    assert_eq!(
        stdout,
        format!(
            "POST https://indexnow.example/x\nContent-Type: application/json; charset=utf-8\n\n{{\n  \"host\": \"rust-cli.github.io\",\n  \"key\": \"{key}\",\n  \"keyLocation\": \"https://rust-cli.github.io/book/{key}.txt\",\n  \"urlList\": [\n    \"https://rust-cli.github.io/book/a.html\",\n    \"https://rust-cli.github.io/book/b.html\"\n  ]\n}}\n\n"
        )
    );
    assert_eq!(
        stderr,
        "mdbook-sitemap: 2 URL(s) in 1 request(s); dry run, nothing sent\n"
    );
    let (ok, _, stderr) = run(&book, &["--frobnicate"]);
    assert!(!ok);
    assert_eq!(
        stderr,
        "error: submit: unknown flag --frobnicate (see --help)\n"
    );
}

/// `submit --dry-run` in a book without a ledger said only "no ledger",
/// with no hint: it now says where the key goes and what writes the
/// file; done as it says, the dry run lists the chapters.
#[test]
fn submit_without_a_ledger_says_how_to_make_one() {
    let book = Book::empty();
    let toml = BOOK_TOML.replace("ledger = \"sitemap.ledger\" # kept in git\n", "");
    book.write("book.toml", &toml);
    book.write("src/SUMMARY.md", "- [A](a.md)\n");
    book.write("src/a.md", "# A\n");
    let (ok, stdout, stderr) = run(&book, &["--dry-run", "--key", "0123456789abcdef"]);
    assert_eq!(
        (ok, stdout.as_str(), stderr.as_str()),
        (
            false,
            "",
            "error: no ledger: submission sends the changes the ledger records\n  \
             hint: add `ledger = \"sitemap.ledger\"` under [output.sitemap] in book.toml; the next `mdbook build` writes it, and submit then sends what changed since\n"
        )
    );
    book.write("book.toml", &format!("{toml}ledger = \"sitemap.ledger\"\n"));
    crate::support::set_mtime(&book.path("book.toml"));
    mdbook_sitemap::SitemapBook::load(book.root())
        .unwrap()
        .write()
        .unwrap();
    let (ok, stdout, stderr) = run(&book, &["--dry-run", "--key", "0123456789abcdef"]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("\"https://rust-cli.github.io/book/a.html\""),
        "{stdout}"
    );
    assert_eq!(
        stderr,
        "mdbook-sitemap: 1 URL(s) in 1 request(s); dry run, nothing sent\n"
    );
}
