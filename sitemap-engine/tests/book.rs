//! `Source::LoadedBook` (the plugin's renderer hands over the book mdBook
//! loaded) is the same job as `Source::Book` (the folder): the book's
//! table and base URL as layers under the caller's, the chapters read
//! from their files, the same warnings before the write.

use std::fs;

use sitemap_engine::book::Book;
use sitemap_engine::{Job, Layer, Origin, Settings, Source};

#[test]
fn a_loaded_book_is_the_same_job_as_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src")).unwrap();
    fs::write(
        root.join("book.toml"),
        "[output.html]\n\n[output.sitemap]\nbase-url = \"https://example.org/book/\"\nlastmod = []\n",
    )
    .unwrap();
    fs::write(
        root.join("src/SUMMARY.md"),
        "- [Intro](README.md)\n- [A](a.md)\n",
    )
    .unwrap();
    fs::write(
        root.join("src/README.md"),
        "---\nsitemap:\n  priority: 0.9\n---\n# Intro\n",
    )
    .unwrap();
    fs::write(root.join("src/a.md"), "# A\n").unwrap();

    let mut flags = Settings::default();
    flags.changefreq = Some("daily".parse().unwrap());
    let run = |source: Source| {
        let scanned = Job::new(source)
            .with_layer(Layer::new(flags.clone(), Origin::Flag))
            .scan()
            .unwrap();
        let entries: Vec<String> = scanned
            .scan
            .urls
            .iter()
            .map(|u| {
                format!(
                    "{} {:?} {:?}",
                    u.loc.as_str(),
                    u.priority.map(|p| p.to_string()),
                    u.changefreq
                )
            })
            .collect();
        (
            entries,
            scanned.scan.before_write.clone(),
            scanned.outputs.set.dir.clone(),
        )
    };
    let from_folder = run(Source::Book(root.to_owned()));
    let loaded = Book::load(root).unwrap();
    let from_loaded = run(Source::LoadedBook(Box::new(loaded)));
    assert_eq!(from_folder, from_loaded);
    let (entries, before_write, out) = from_loaded;
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert!(
        entries[0].starts_with("https://example.org/book/index.html Some(\"0.9\") Some(Daily)"),
        "{entries:?}"
    );
    assert_eq!(out, root.join("book/html"));
    // Not built: each listed page is missing from the HTML folder.
    assert_eq!(before_write.len(), 3, "{before_write:?}");
}
