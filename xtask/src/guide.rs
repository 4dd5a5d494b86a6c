//! The user guide in `docs/guide/`, as `cargo xtask examples` checks it:
//! built as `mdbook build` builds it, with the `mdbook-sitemap` binary of
//! this checkout as its preprocessor and renderer (the guide is the
//! project's own largest book); then `sitemap validate --site` over the
//! built folder, whose errors fail the run; then every link of every
//! built page, so a renamed chapter or heading cannot leave a dead link.
//!
//! There is no expected output to compare with: the guide's lastmods come
//! from its own git history and change with every edit.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::root;

/// The name `cargo xtask examples guide` builds it by.
pub(crate) const NAME: &str = "guide";

/// Builds the guide into `out` and checks it; the binaries are this
/// checkout's.
pub(crate) fn check(
    build_book: &Path,
    mdbook_sitemap: &Path,
    sitemap: &Path,
    out: &Path,
) -> Result<()> {
    let book = root().join("docs/guide");
    crate::run(
        Command::new(build_book)
            .arg(&book)
            .arg(out)
            .arg(mdbook_sitemap),
    )?;
    // Two outputs, so mdBook gives the HTML its own folder.
    let html = out.join("html");
    if !html.join("sitemap.xml").is_file() {
        bail!("{}: the plugin wrote no sitemap.xml", html.display());
    }
    crate::run(
        Command::new(sitemap)
            .args(["validate", "--site"])
            .arg(&html),
    )?;
    let broken = dead_links(&html)?;
    if !broken.is_empty() {
        bail!(
            "{} dead link(s) in the built guide (page: link: why):\n{}",
            broken.len(),
            broken.join("\n")
        );
    }
    Ok(())
}

/// Every `href`/`src` of every HTML page under `html` that names no file
/// of the folder, or a fragment with no `id` in its target, as
/// `page: link: why`. Links with a scheme (`https:`, `mailto:`) leave the
/// book and are not followed.
pub(crate) fn dead_links(html: &Path) -> Result<Vec<String>> {
    let mut pages = Vec::new();
    collect_html(html, &mut pages)?;
    pages.sort();
    let mut texts = BTreeMap::new();
    for page in &pages {
        let text = std::fs::read_to_string(page)
            .with_context(|| format!("{}: cannot read", page.display()))?;
        texts.insert(page.clone(), text);
    }
    let mut broken = Vec::new();
    for (page, text) in &texts {
        // mdBook's 404 page is served at any depth, so it sets
        // `<base href="{site-url}">`: its links start at the book's root.
        let base_href = text
            .split_once("<base href=\"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(value, _)| value);
        let base = match base_href {
            Some(_) => html.to_path_buf(),
            None => page.parent().unwrap_or(html).to_path_buf(),
        };
        let shown = page
            .strip_prefix(html)
            .unwrap_or(page)
            .display()
            .to_string();
        for link in [
            attribute_values(text, "href"),
            attribute_values(text, "src"),
        ]
        .concat()
        {
            if Some(link.as_str()) == base_href {
                continue;
            }
            if let Some(why) = why_dead(html, &base, page, &link, &texts) {
                broken.push(format!("{shown}: {link}: {why}"));
            }
        }
    }
    broken.sort();
    broken.dedup();
    Ok(broken)
}

/// Why `link` on `page` (resolved against `base`) leads nowhere, if it does.
fn why_dead(
    html: &Path,
    base: &Path,
    page: &Path,
    link: &str,
    texts: &BTreeMap<PathBuf, String>,
) -> Option<String> {
    let link = link.replace("&amp;", "&");
    if has_scheme(&link) || link.starts_with("//") {
        return None;
    }
    let (rest, fragment) = link.split_once('#').unwrap_or((&link, ""));
    let path = rest.split('?').next().unwrap_or(rest);
    let target = if path.is_empty() {
        page.to_path_buf()
    } else if path.starts_with('/') {
        return Some(
            "a path from the host's root, which breaks wherever the book is served".into(),
        );
    } else {
        let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
        let joined = normalize(&base.join(decoded.as_ref()));
        if !joined.starts_with(html) {
            return Some("leads out of the book".into());
        }
        if joined.is_dir() {
            joined.join("index.html")
        } else {
            joined
        }
    };
    if !target.is_file() {
        return Some(format!(
            "no file {}",
            target.strip_prefix(html).unwrap_or(&target).display()
        ));
    }
    if fragment.is_empty() {
        return None;
    }
    let text = texts.get(&target)?;
    let id = percent_encoding::percent_decode_str(fragment).decode_utf8_lossy();
    let found = text.contains(&format!("id=\"{id}\""));
    (!found).then(|| {
        format!(
            "no id=\"{id}\" in {}",
            target.strip_prefix(html).unwrap_or(&target).display()
        )
    })
}

/// `https:`, `mailto:`, `data:`, …: a scheme before any `/`, `?` or `#`.
fn has_scheme(link: &str) -> bool {
    link.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

/// The path with `.` and `..` resolved, without touching the disk.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The double-quoted values of ` name="…"` in `text`. Text in a page's
/// body has its quotes escaped (`&quot;`), so only real attributes match.
fn attribute_values(text: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    text.match_indices(needle.as_str())
        .filter_map(|(at, _)| text[at + needle.len()..].split_once('"'))
        .map(|(value, _)| value.to_owned())
        .collect()
}

fn collect_html(dir: &Path, found: &mut Vec<PathBuf>) -> Result<()> {
    for entry in
        std::fs::read_dir(dir).with_context(|| format!("{}: cannot list", dir.display()))?
    {
        let path = entry?.path();
        if path.is_dir() {
            collect_html(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "html") {
            found.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small built book: every kind of link, good and dead, and the
    /// whole report.
    #[test]
    fn dead_links_names_every_dead_link_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let html = dir.path().join("html");
        std::fs::create_dir_all(html.join("guide")).unwrap();
        std::fs::write(
            html.join("index.html"),
            concat!(
                r#"<link rel="stylesheet" href="css/book.css">"#,
                r#"<h2 id="install">Install</h2>"#,
                r##"<a href="#install">here</a> <a href="#gone">gone</a>"##,
                r#"<a href="guide/setup.html#first-steps">setup</a>"#,
                r#"<a href="guide/">folder</a> <a href="missing.html">missing</a>"#,
                r#"<a href="https://example.org/x.html">out</a> <a href="mailto:a@example.org">mail</a>"#,
                r#"<a href="../outside.html">outside</a> <a href="/guide/setup.html">rooted</a>"#,
                r#"<img src="img/a%20b.png"><pre>&lt;a href=&quot;nowhere.html&quot;&gt;</pre>"#,
            ),
        )
        .unwrap();
        std::fs::create_dir_all(html.join("css")).unwrap();
        std::fs::write(html.join("css/book.css"), "").unwrap();
        std::fs::create_dir_all(html.join("img")).unwrap();
        std::fs::write(html.join("img/a b.png"), "").unwrap();
        std::fs::write(
            html.join("guide/setup.html"),
            r#"<h1 id="first-steps">x</h1><a href="../index.html#install">back</a><a href="index.html">index</a>"#,
        )
        .unwrap();
        std::fs::write(html.join("guide/index.html"), "").unwrap();
        std::fs::write(
            html.join("404.html"),
            r#"<base href="/book/"><a href="guide/setup.html">from the root</a>"#,
        )
        .unwrap();
        assert_eq!(
            dead_links(&html).unwrap(),
            [
                "index.html: #gone: no id=\"gone\" in index.html",
                "index.html: ../outside.html: leads out of the book",
                "index.html: /guide/setup.html: a path from the host's root, which breaks wherever the book is served",
                "index.html: missing.html: no file missing.html",
            ]
        );
    }
}
