//! A folder that is not what the scan was asked to read, named with what
//! it is and the command that reads it: a project's sources beside its
//! build given as the built HTML (`--html .` in a Jekyll project listed
//! `/_site/about/` and `/_layouts/default.html`), and an mdBook book or a
//! project with only its build handed to the site scan ("not a Zola or
//! Hugo site" said neither).

use std::path::Path;

use crate::error::Error;
use crate::settings::shown;

/// The folders generators build into, in the order a hint names them.
const BUILD_FOLDERS: [&str; 7] = ["_site", "public", "dist", "build", "site", "out", "book"];

/// Files and folders (ending in `/`) that mark a generator's sources,
/// and the generator with its article.
const SOURCES: &[(&str, &str)] = &[
    ("book.toml", "an mdBook"),
    ("_config.yml", "a Jekyll"),
    ("_config.toml", "a Jekyll"),
    ("_layouts/", "a Jekyll"),
    ("_posts/", "a Jekyll"),
    ("hugo.toml", "a Hugo"),
    ("hugo.yaml", "a Hugo"),
    ("hugo.json", "a Hugo"),
    ("archetypes/", "a Hugo"),
    ("zola.toml", "a Zola"),
    ("config.toml", "a Zola or Hugo"),
    ("mkdocs.yml", "an MkDocs"),
    (".eleventy.js", "an Eleventy"),
    ("eleventy.config.js", "an Eleventy"),
    ("eleventy.config.mjs", "an Eleventy"),
    ("astro.config.mjs", "an Astro"),
    ("astro.config.ts", "an Astro"),
    ("docusaurus.config.js", "a Docusaurus"),
    ("docusaurus.config.ts", "a Docusaurus"),
    ("gatsby-config.js", "a Gatsby"),
    ("next.config.js", "a Next.js"),
    ("next.config.mjs", "a Next.js"),
];

/// Refuses a built HTML folder that is a project's root: it holds a
/// generator's sources, or a build folder with an `index.html` and no
/// `index.html` of its own.
pub(super) fn check_html_dir(dir: &Path) -> Result<(), Error> {
    let builds = builds(dir);
    let sources = sources(dir);
    let own_index = dir.join("index.html").is_file();
    if sources.is_empty() && (builds.is_empty() || own_index) {
        return Ok(());
    }
    let what = match sources.first() {
        Some((_, generator)) => format!(
            "{generator} project ({}), not its built site",
            sources
                .iter()
                .map(|(m, _)| *m)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        None => "not a built site: it has no index.html of its own".to_owned(),
    };
    let listed = match builds.as_slice() {
        [] => String::new(),
        builds => format!(
            " and {}",
            builds
                .iter()
                .map(|b| format!("{b}/"))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    };
    Err(Error::job(
        format!(
            "{}: {what}; scanned as one, its {}{listed} would be listed as pages",
            shown(dir),
            if sources.is_empty() {
                "files"
            } else {
                "sources"
            }
        ),
        hint(dir, builds.first().map(String::as_str), &sources),
    ))
}

/// The error for a folder the site scan found no Zola or Hugo
/// configuration in, when it is something else the tool reads: an mdBook
/// book, or a project whose build folder is there.
pub(super) fn not_a_site(dir: &Path) -> Option<Error> {
    let sources = sources(dir);
    let builds = builds(dir);
    let is_book = sources.iter().any(|(_, g)| *g == "an mdBook");
    let what = if is_book {
        "an mdBook book (book.toml), not a Zola or Hugo site".to_owned()
    } else {
        let first = builds.first()?;
        let project = match sources.first() {
            Some((_, generator)) => format!("{generator} project"),
            None => "no Zola or Hugo site".to_owned(),
        };
        format!("{project}, with a built site in {first}/")
    };
    Some(Error::job(
        format!("{}: {what}", shown(dir)),
        hint(dir, builds.first().map(String::as_str), &sources),
    ))
}

/// What to run instead: `sitemap mdbook` for a book, else the scan of
/// the build folder (`build`, when there is one).
fn hint(dir: &Path, build: Option<&str>, sources: &[(&str, &str)]) -> String {
    if sources.iter().any(|(_, g)| *g == "an mdBook") {
        return format!(
            "an mdBook book's sitemap is written by `sitemap mdbook {}` after `mdbook build`, or by the mdbook-sitemap plugin during it",
            shown(dir)
        );
    }
    let Some(build) = build else {
        return "build the site first, then scan the folder it is built into: `sitemap scan --html FOLDER`".to_owned();
    };
    let folder = shown(&dir.join(build));
    format!(
        "scan the built folder: `sitemap scan --html {folder}` (`html = \"{folder}\"` in sitemap.toml)"
    )
}

/// The build folders under `dir` that hold an `index.html`.
fn builds(dir: &Path) -> Vec<String> {
    BUILD_FOLDERS
        .iter()
        .filter(|b| dir.join(b).join("index.html").is_file())
        .map(|b| (*b).to_owned())
        .collect()
}

/// The source markers under `dir`, each with its generator, in the
/// table's order.
fn sources(dir: &Path) -> Vec<(&'static str, &'static str)> {
    SOURCES
        .iter()
        // A folder's marker ends in `/`, which only a folder matches.
        .filter(|(marker, _)| dir.join(marker).symlink_metadata().is_ok())
        .copied()
        .collect()
}
