//! A page's git `lastmod` counts the files it is built from
//! ([`Page::with_deps`]): the newest of its own file and its deps, from the
//! same history pass, checked against `git log -1 -- FILE`.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sitemap_core::Loc;
use sitemap_pages::front_matter;
use sitemap_pages::pipeline::{Output, Page, Pipeline, SourceConfig};

use crate::support::{Repo, fast_import};

/// 2024-06-01T12:00:00Z, the mtime of the dep edited without a commit.
const MTIME: u64 = 1_717_243_200;
const T0: u64 = 1_700_000_000;

fn loc(path: &str) -> Loc {
    Loc::parse(&format!("https://example.org/{path}")).unwrap()
}

/// A book whose chapters (under `book/src`, the site root) include
/// listings beside the root (`../listings/…`):
/// - every file first committed at T0;
/// - `ch2.md` changed after its listing `b.rs`;
/// - `a.rs`, included by `ch1.md` and `pinned.md`, changed last;
/// - `ch3.md` includes nothing and is changed after `a.rs`, so the
///   history has a commit past `a.rs`'s.
fn book() -> Repo {
    fast_import(&[
        (
            T0,
            "+0100",
            &[
                ("book/src/ch1.md", "{{#include ../listings/a.rs}}\n"),
                ("book/src/ch2.md", "{{#include ../listings/b.rs}}\n"),
                ("book/src/ch3.md", "# Three\n"),
                (
                    "book/src/pinned.md",
                    "---\nlastmod: 2020-01-01\n---\n{{#include ../listings/a.rs}}\n",
                ),
                ("book/listings/a.rs", "fn a() {}\n"),
                ("book/listings/b.rs", "fn b() {}\n"),
            ],
        ),
        (
            T0 + 1_000,
            "+0200",
            &[("book/src/ch2.md", "{{#include ../listings/b.rs}}\nMore.\n")],
        ),
        (
            T0 + 2_000,
            "-0500",
            &[("book/listings/a.rs", "fn a() { 1 }\n")],
        ),
        (
            T0 + 3_000,
            "+0000",
            &[("book/src/ch3.md", "# Three\n\nMore.\n")],
        ),
    ])
}

fn root(repo: &Repo) -> PathBuf {
    repo.dir.join("book/src")
}

fn pages(root: &Path) -> Vec<Page> {
    let chapter = |name: &str, deps: &[&str]| {
        let path = format!("{name}.md");
        let text = std::fs::read_to_string(root.join(&path)).unwrap();
        let fm = front_matter::parse(Path::new(&path), &text).unwrap();
        Page::from_front_matter(path, loc(name), &fm)
            .unwrap()
            .with_deps(deps.iter().map(PathBuf::from).collect())
    };
    vec![
        chapter("ch1", &["../listings/a.rs"]),
        chapter("ch2", &["../listings/b.rs"]),
        chapter("ch3", &[]),
        chapter("pinned", &["../listings/a.rs"]),
    ]
}

fn lastmods(output: &Output) -> Vec<(String, Option<String>)> {
    output
        .urls
        .iter()
        .map(|u| {
            (
                u.loc
                    .as_str()
                    .trim_start_matches("https://example.org/")
                    .to_owned(),
                u.lastmod.as_ref().map(ToString::to_string),
            )
        })
        .collect()
}

fn git_log(repo: &Repo, file: &str) -> Option<String> {
    Repo::reference(&repo.dir, "%cI", file)
}

/// The newest of a page's own commit and its deps' wins; front matter
/// `lastmod` still beats both.
#[test]
fn lastmod_is_the_newest_of_the_page_and_its_deps() {
    let repo = book();
    let output = Pipeline::new(&root(&repo), SourceConfig::default())
        .unwrap()
        .run(pages(&root(&repo)))
        .unwrap();
    assert_eq!(
        lastmods(&output),
        [
            ("ch1".to_owned(), git_log(&repo, "book/listings/a.rs")),
            ("ch2".to_owned(), git_log(&repo, "book/src/ch2.md")),
            ("ch3".to_owned(), git_log(&repo, "book/src/ch3.md")),
            ("pinned".to_owned(), Some("2020-01-01".to_owned())),
        ]
    );
    // The listing's date is not the chapter's own: the dep decided.
    assert_ne!(
        git_log(&repo, "book/listings/a.rs"),
        git_log(&repo, "book/src/ch1.md")
    );
    assert!(output.warnings.is_empty(), "{:?}", output.warnings);
}

/// A dep edited without a commit, outside the site root: `git status` of
/// the root alone would not see it, and the page would keep the commit
/// date of a listing that has since changed.
#[test]
fn uncommitted_dep_beside_the_root_gives_its_mtime() {
    let repo = book();
    repo.write("book/listings/b.rs", "fn b() { 2 }\n");
    let file = std::fs::File::options()
        .write(true)
        .open(repo.dir.join("book/listings/b.rs"))
        .unwrap();
    file.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(MTIME))
        .unwrap();
    let output = Pipeline::new(&root(&repo), SourceConfig::default())
        .unwrap()
        .run(pages(&root(&repo)))
        .unwrap();
    assert_eq!(
        lastmods(&output)[1],
        ("ch2".to_owned(), Some("2024-06-01T12:00:00Z".to_owned()))
    );
}

/// In a shallow clone a dep whose history is cut off makes its page's
/// date unknown, even when the page's own file is dated: the dep may have
/// changed after every commit the clone has.
#[test]
fn dep_cut_off_by_a_shallow_clone_leaves_the_page_undated() {
    let origin = book();
    // Two commits: `a.rs`'s (the boundary) and `ch3.md`'s.
    let clone = Repo::shallow_clone(&origin, 2);
    let config: SourceConfig = toml::from_str("lastmod = [\"git\"]").unwrap();
    // The message names the fix for no CI host in particular.
    let pipeline = Pipeline::new(&root(&clone), config)
        .unwrap()
        .with_ci_host(None);
    let ch3 = |deps: &[&str]| {
        vec![Page::new("ch3.md", loc("ch3")).with_deps(deps.iter().map(PathBuf::from).collect())]
    };
    // Alone, ch3.md is dated by the newest commit the clone has.
    let alone = pipeline.run(ch3(&[])).unwrap();
    assert_eq!(
        lastmods(&alone),
        [("ch3".to_owned(), git_log(&origin, "book/src/ch3.md"))]
    );
    let with_dep = pipeline.run(ch3(&["../listings/a.rs"])).unwrap();
    assert_eq!(lastmods(&with_dep), [("ch3".to_owned(), None)]);
    let warnings: Vec<String> = with_dep.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "shallow git clone: the history of 1 file(s) (first: ch3.md) is cut off, so their last commit date is unknown and they get no lastmod unless their front matter has a date; to fetch the full history, run `git fetch --unshallow --filter=blob:none` before the build (in GitHub Actions: `fetch-depth: 0` in actions/checkout)"
        ]
    );
}
