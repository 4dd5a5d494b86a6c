//! A folder that is not what the scan was asked to read, named with what
//! it is and the command that reads it: a project's sources beside its
//! build given as the built HTML (`--html .` in a Jekyll project listed
//! `/_site/about/` and `/_layouts/default.html`), and an mdBook book, a
//! project with only its build, a folder inside a site (`content/`) or a
//! site of the other generator than `flavor` says handed to the site scan
//! ("not a Zola or Hugo site" said none of that); a folder that is not
//! there, with the nearest one that is.

use std::path::Path;

use crate::error::Error;
use crate::settings::{Flavor, shown};

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
/// configuration in, when it is something else the tool reads: a site of
/// the other generator than `flavor` (the setting, and where it was set)
/// says, an mdBook book, a project whose build folder is there, or a
/// folder inside a site.
pub(super) fn not_a_site(dir: &Path, flavor: Option<(Flavor, String)>) -> Option<Error> {
    if let Some((flavor, set_by)) = flavor
        && let Some(error) = other_generator(dir, flavor, &set_by)
    {
        return Some(error);
    }
    let sources = sources(dir);
    let builds = builds(dir);
    let is_book = sources.iter().any(|(_, g)| *g == "an mdBook");
    let what = if is_book {
        "an mdBook book (book.toml), not a Zola or Hugo site".to_owned()
    } else {
        let Some(first) = builds.first() else {
            return inside_a_site(dir);
        };
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

/// A folder the scan was given that is not there, with the folder beside
/// it whose name is nearest (`sitee` for `site`).
pub(super) fn missing(dir: &Path) -> Option<Error> {
    if dir.symlink_metadata().is_ok() {
        return None;
    }
    let name = dir.file_name()?.to_string_lossy().into_owned();
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
    let nearest = std::fs::read_dir(parent.unwrap_or(Path::new(".")))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .map(|other| (strsim::damerau_levenshtein(&name, &other), other))
        .filter(|(d, _)| *d <= 2)
        .min();
    let hint = match nearest {
        Some((_, other)) => format!(
            "did you mean `{}`? Give the site's root folder, the one holding its configuration",
            shown(&parent.map_or_else(|| Path::new(&other).to_owned(), |p| p.join(&other)))
        ),
        None => "give the site's root folder, the one holding its configuration, or run the command in it".to_owned(),
    };
    Some(Error::job(format!("{}: no such folder", shown(dir)), hint))
}

/// `flavor` set to one generator on a site of the other.
fn other_generator(dir: &Path, flavor: Flavor, set_by: &str) -> Option<Error> {
    let (found, its) = match flavor {
        Flavor::Hugo if dir.join("zola.toml").is_file() => ("zola.toml", "zola"),
        Flavor::Zola
            if ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json"]
                .iter()
                .any(|n| dir.join(n).is_file()) =>
        {
            ("a hugo.* configuration", "hugo")
        }
        _ => return None,
    };
    let asked = match flavor {
        Flavor::Hugo => "hugo",
        _ => "zola",
    };
    Some(Error::job(
        format!(
            "{}: {set_by} says `{asked}`, but the folder holds {found}, a {} site's",
            shown(dir),
            if its == "zola" { "Zola" } else { "Hugo" }
        ),
        format!(
            "drop {set_by} (the scan tells the generator from its configuration), or set it to `{its}`"
        ),
    ))
}

/// A folder inside a site (`content/`, `public/`): the nearest folder
/// above it, at most four up, that holds a site's configuration.
fn inside_a_site(dir: &Path) -> Option<Error> {
    const CONFIGS: [&str; 7] = [
        "zola.toml",
        "hugo.toml",
        "hugo.yaml",
        "hugo.json",
        "config.toml",
        "book.toml",
        "config/_default",
    ];
    let absolute = std::path::absolute(dir).ok()?;
    let (up, root, config) = absolute
        .ancestors()
        .enumerate()
        .skip(1)
        .take(4)
        .find_map(|(up, a)| Some((up, a, CONFIGS.iter().find(|c| a.join(c).exists())?)))?;
    let relative = match dir.as_os_str() {
        d if d == "." || d.is_empty() => vec![".."; up].join("/"),
        _ => shown(root),
    };
    let command = if *config == "book.toml" {
        format!("sitemap mdbook {relative}")
    } else {
        format!("sitemap scan {relative}")
    };
    Some(Error::job(
        format!(
            "{}: not a site's root folder: {} above it holds {config}",
            shown(dir),
            shown(Path::new(&relative))
        ),
        format!("run `{command}`, or run the command in that folder"),
    ))
}
