//! The fuzz target `sitemap_input`: another generator's sitemap as
//! `sitemap write` reads it back (`sitemap_engine::sitemap_input`), a
//! `<urlset>` or a `<sitemapindex>` whose children are files beside it,
//! each gzipped or not, mutated from the validator's fixtures and an index
//! naming its children every way one can (relative, absolute, from the
//! root, protocol-relative, outside the folder, itself, missing).
//!
//! Checked: no panic, bounded memory, every note and refusal naming a file
//! of the folder and a line inside it, the summary counting what was
//! handed on, and our own output being a fixed point: the URLs of a
//! clean read, written by the set's writer and read again, report nothing
//! and write the same bytes.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sitemap_core::{Loc, Url, XmlOptions, XmlWriter};
use sitemap_engine::sitemap_input::{Found, read_sitemaps};

use super::{drive, files, gzip, mutated, snippets, supervise_at, workspace};

/// The folder URL the input's folder is served at.
const BASE: &str = "https://example.org/";
/// The input `sitemap write` is given.
const MAIN: &str = "sitemap.xml";
/// The files an index's seeds name beside it.
const CHILDREN: [&str; 3] = ["a.xml", "b.xml.gz", "c.xml"];

/// One folder to read: the input's bytes and each child's, as written
/// (before gzip), and which of them are gzipped.
#[derive(Clone, Debug)]
struct Folder {
    main: (Vec<u8>, bool),
    children: Vec<(Vec<u8>, bool)>,
}

impl Folder {
    /// What a finding saves: every file, each under its name.
    fn shown(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let named =
            std::iter::once((MAIN, &self.main)).chain(CHILDREN.iter().copied().zip(&self.children));
        for (name, (bytes, gz)) in named {
            out.extend_from_slice(format!("==> {name} (gzip: {gz}) <==\n").as_bytes());
            out.extend_from_slice(bytes);
            out.push(b'\n');
        }
        out
    }
}

fn index_seeds() -> Vec<Vec<u8>> {
    let index = |locs: &[&str]| {
        let mut xml = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
        );
        for loc in locs {
            xml.push_str(&format!(
                "  <sitemap>\n    <loc>{loc}</loc>\n    <lastmod>2024-05-01</lastmod>\n  </sitemap>\n"
            ));
        }
        xml.push_str("</sitemapindex>\n");
        xml.into_bytes()
    };
    vec![
        index(&["a.xml", "https://example.org/b.xml.gz", "/c.xml"]),
        index(&["//example.org/a.xml", "a.xml", "sitemap.xml", "d.xml"]),
        index(&["../a.xml", "https://other.example/a.xml", "c.xml?x=1#y"]),
        index(&["https://example.org/a.xml &amp; b", "&nbsp;", ""]),
    ]
}

fn urlset_seeds() -> Vec<Vec<u8>> {
    let mut seeds = files(
        &workspace().join("sitemap-core/tests/fixtures/validate"),
        &|n| n.ends_with(".xml") || n.ends_with(".gz"),
    );
    seeds.extend(files(
        &workspace().join("integrations/cli/tests/fixtures/hugo-relative-sitemap"),
        &|n| n.ends_with(".xml"),
    ));
    seeds.push(
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n<url>\n <loc> /posts/a/?x=1&y=2 </loc>\n <lastmod>2024-05-01T10:00:00+02:00</lastmod>\n <changefreq>Weekly</changefreq>\n <priority>0.5</priority>\n <xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"/de/posts/a/\"/>\n <image:image><image:loc>//example.org/a.png</image:loc><image:caption>x</image:caption></image:image>\n <video:video><video:title>t</video:title></video:video>\n</url>\n</urlset>\n"
            .as_bytes()
            .to_vec(),
    );
    seeds
}

fn snips() -> Vec<Vec<u8>> {
    snippets(&[
        "<url><loc>https://example.org/</loc></url>",
        "<url><loc>/rel/</loc><lastmod>2024-02-30</lastmod></url>",
        "<sitemap><loc>a.xml</loc></sitemap>",
        "<sitemap><loc>b.xml.gz</loc></sitemap>",
        "<sitemapindex>",
        "</sitemapindex>",
        "<urlset>",
        "</urlset>",
        "<loc>",
        "</loc>",
        "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"//example.org/\"/>",
        "<image:image><image:loc>",
        "</image:loc></image:image>",
        "<news:news><news:news>",
        "<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>",
        "&b;",
        "&#x41;",
        "&#0;",
        "&amp;",
        "&",
        "?a=1&b=2;",
        "<![CDATA[",
        "]]>",
        "<!--",
        "-->",
        "<",
        ">",
        "\n",
        "\r\n",
        " ",
        "\u{feff}",
        "\0",
        "\u{e9}",
        "https://user:secret@example.org/",
        "//",
        "../",
        "<a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a>",
    ])
}

fn inputs() -> impl Strategy<Value = Folder> {
    let urlsets = urlset_seeds();
    let mut mains = urlsets.clone();
    mains.extend(index_seeds());
    let child = (mutated(urlsets, snips()), any::<bool>());
    (
        (mutated(mains, snips()), any::<bool>()),
        prop::collection::vec(child, CHILDREN.len()),
    )
        .prop_map(|(main, children)| Folder { main, children })
}

/// The lines of a file as written (`None` when the bytes were gzip before
/// we gzipped them, which the test does not unpack).
fn lines(bytes: &[u8]) -> Option<u64> {
    (!bytes.starts_with(&[0x1f, 0x8b]))
        .then(|| bytes.iter().filter(|&&b| b == b'\n').count() as u64 + 1)
}

/// Writes the folder's files into `dir`, the names mapped to their lines.
fn lay_out(dir: &Path, folder: &Folder) -> Vec<(PathBuf, Option<u64>)> {
    let named =
        std::iter::once((MAIN, &folder.main)).chain(CHILDREN.iter().copied().zip(&folder.children));
    named
        .map(|(name, (bytes, gz))| {
            let path = dir.join(name);
            let written = if *gz { gzip(bytes) } else { bytes.clone() };
            std::fs::write(&path, written).unwrap();
            (path, lines(bytes))
        })
        .collect()
}

/// Everything read from `path`, and the summary.
fn read(path: &Path, base: &Loc) -> (Vec<Found>, sitemap_engine::sitemap_input::ReadSummary) {
    let mut found = Vec::new();
    let summary = read_sitemaps(path, base, &mut |f| -> std::io::Result<()> {
        found.push(f);
        Ok(())
    })
    .expect("the callback never fails");
    (found, summary)
}

/// `message` begins with a path under `dir` and, when it names a line, a
/// line of that file.
fn check_place(
    found: &sitemap_core::Diagnostic,
    dir: &Path,
    known: &[(PathBuf, Option<u64>)],
) -> Result<(), TestCaseError> {
    let file = found
        .file
        .as_deref()
        .ok_or_else(|| TestCaseError::fail(format!("no file: {found}")))?;
    let name = file
        .strip_prefix(dir)
        .map_err(|_| TestCaseError::fail(format!("not under the folder: {found}")))?;
    let lines = known
        .iter()
        .find(|(p, _)| p.file_name() == name.file_name())
        .and_then(|(_, lines)| *lines);
    if let (Some(line), Some(lines)) = (found.line, lines) {
        prop_assert!(
            line >= 1 && line <= lines,
            "line {line} of {lines}: {found}"
        );
    }
    Ok(())
}

/// The URLs as the set's writer writes them, when it takes them all.
fn written(urls: &[Url]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut writer = XmlWriter::new(&mut out, XmlOptions::default());
    for url in urls {
        writer.write(url).ok()?;
    }
    writer.finish().ok()?;
    Some(out)
}

fn check(dir: &Path, again: &Path, base: &Loc, folder: &Folder) -> Result<(), TestCaseError> {
    let known = lay_out(dir, folder);
    let (found, summary) = read(&dir.join(MAIN), base);
    let (mut notes, mut unread, mut urls) = (0, 0, Vec::new());
    for f in &found {
        match f {
            Found::Note(m) => {
                notes += 1;
                check_place(m, dir, &known)?;
            }
            Found::Unread(m) => {
                unread += 1;
                check_place(m, dir, &known)?;
            }
            Found::Url { file, line, url } => {
                let lines = known.iter().find(|(p, _)| p == file);
                prop_assert!(lines.is_some(), "a URL from {}", file.display());
                if let Some((_, Some(lines))) = lines {
                    prop_assert!(*line >= 1 && line <= lines, "line {line} of {lines}");
                }
                urls.push(url.clone());
            }
            _ => {}
        }
    }
    prop_assert_eq!(summary.repaired, notes);
    prop_assert_eq!(summary.unread, unread);
    prop_assert!(summary.urls >= urls.len() as u64, "{summary:?}");
    prop_assert!(summary.files <= 1 + CHILDREN.len() as u64, "{summary:?}");
    // Our own output is a fixed point: read back, it reports nothing and
    // writes the same bytes (values are written in one form, so the
    // bytes are compared, not the values read).
    if notes == 0
        && unread == 0
        && !urls.is_empty()
        && let Some(first) = written(&urls)
    {
        std::fs::write(again.join(MAIN), &first).unwrap();
        let (found, _) = read(&again.join(MAIN), base);
        let mut back = Vec::new();
        for f in found {
            match f {
                Found::Url { url, .. } => back.push(url),
                other => prop_assert!(false, "our own sitemap reported: {other:?}"),
            }
        }
        let second = written(&back).expect("written once");
        prop_assert_eq!(
            String::from_utf8_lossy(&second),
            String::from_utf8_lossy(&first)
        );
    }
    Ok(())
}

/// `sitemap write`'s sitemap reader: never panics, stays bounded, names
/// a file and a line of it in every message, and reads its own output
/// back to the same bytes.
#[test]
fn sitemap_input() {
    supervise_at(
        "fuzz::sitemap_input::sitemap_input",
        "sitemap_input",
        || {
            let dir = tempfile::tempdir().unwrap();
            let again = tempfile::tempdir().unwrap();
            let base = Loc::parse(BASE).unwrap();
            drive("sitemap_input", inputs(), Folder::shown, |folder| {
                check(dir.path(), again.path(), &base, folder)
            });
        },
    );
}
