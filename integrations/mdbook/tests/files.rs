//! The files the plugin writes: readable by the web server.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use mdbook_driver::MDBook;
use mdbook_driver::config::Config;

use crate::support::{Book, EXE};

/// Set in the child this test runs itself as: the book to build there.
const CHILD_BOOK: &str = "MDBOOK_SITEMAP_TEST_UMASK_BOOK";

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// Issue 12: with umask 022 the plugin's sitemap.xml (and robots.txt) was
/// mode 0600, so nginx as www-data answered 403. The build runs in a
/// child process whose umask is 022 (this test binary again: the umask
/// is per process, and other tests run in this one); mdBook starts the
/// plugin from there, so the plugin inherits it.
#[test]
fn umask_022_the_plugin_writes_0644() {
    if let Ok(root) = std::env::var(CHILD_BOOK) {
        let root = Path::new(&root);
        let mut config = Config::from_disk(root.join("book.toml")).unwrap();
        let command = format!("'{EXE}'");
        for table in ["preprocessor.sitemap", "output.sitemap"] {
            config.set(format!("{table}.command"), &command).unwrap();
        }
        MDBook::load_with_config(root, config)
            .unwrap()
            .build()
            .unwrap();
        return;
    }
    let book = Book::fixture("structure");
    book.write(
        "book.toml",
        "[book]\ntitle = \"Structure\"\n\n[preprocessor.sitemap]\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"https://example.org/\"\nrobots = true\ngzip = true\n",
    );
    let status = Command::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" \"$@\"")
        .arg(std::env::current_exe().unwrap())
        .args([
            "files::umask_022_the_plugin_writes_0644",
            "--exact",
            "--test-threads=1",
            "--quiet",
        ])
        .env(CHILD_BOOK, book.root())
        .status()
        .unwrap();
    assert!(status.success());
    for name in ["sitemap.xml.gz", "robots.txt"] {
        let path = book.path(&format!("book/html/{name}"));
        assert_eq!(mode(&path), 0o644, "{name}");
    }
    sitemap_testkit::assert_all_valid(&book.path("book/html"));
    // The HTML renderer's own files, for comparison: mdBook applies the
    // umask as any program does.
    assert_eq!(mode(&book.path("book/html/index.html")), 0o644);
}
