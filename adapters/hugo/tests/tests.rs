//! Integration tests for `sitemap-hugo`: fixture sites under
//! `tests/fixtures/` (see the README in each) scanned, the whole result
//! compared with a snapshot and with what the real `hugo` builds.

mod faults;
mod hugo;
mod hugo_sitemap;
mod rules;

use std::fmt::Write as _;
use std::path::Path;

use sitemap_content::{ContentScan, Error, Flavor, Site, SiteOptions};
use sitemap_core::{Url, XmlOptions, XmlWriter};
use sitemap_testkit::{Schema, assert_valid};

/// Opens a Hugo site as the engine does: its configuration located, the
/// Hugo followed the one on `PATH` (else the current release).
fn open(root: &Path, options: &SiteOptions) -> Result<Site, Error> {
    let (flavor, config) = sitemap_content::locate(root, None)?;
    assert_eq!(flavor, Flavor::Hugo, "{}: not a Hugo site", root.display());
    sitemap_hugo::open(root, config, options, None)
}

/// The fixture folder of a case.
fn fixture(case: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(case)
}

/// Everything a scan found, one line each, paths relative to the site root,
/// so a snapshot shows the whole result.
fn render(site: &Site, scan: &ContentScan) -> String {
    let rel = |p: &Path| {
        p.strip_prefix(&site.root)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    let mut out = String::new();
    writeln!(out, "flavor: {}", site.flavor).unwrap();
    writeln!(out, "base_url: {}", site.base_url).unwrap();
    writeln!(out, "output_dir: {}", rel(&site.output_dir)).unwrap();
    writeln!(out, "languages: {}", site.languages.join(", ")).unwrap();
    writeln!(out, "files read: {}", scan.files_read).unwrap();
    writeln!(out, "pages:").unwrap();
    for page in &scan.pages {
        let source = page.source.as_deref().map_or_else(|| "-".to_owned(), rel);
        writeln!(
            out,
            "  {:<10} {:<3} {}  <- {}",
            page.kind.as_str(),
            page.lang,
            page.loc,
            source
        )
        .unwrap();
        for alt in &page.alternates {
            writeln!(out, "      {} {}", alt.hreflang, alt.href).unwrap();
        }
        // The list pages it counts toward, by loc: an index pointing at
        // the wrong page after the scan's sort would show here.
        for &list in &page.member_of {
            writeln!(out, "      in {}", scan.pages[list as usize].loc).unwrap();
        }
        if let Some(list) = page.pager_of {
            writeln!(out, "      pager of {}", scan.pages[list as usize].loc).unwrap();
        }
    }
    writeln!(out, "excluded:").unwrap();
    for ex in &scan.excluded {
        writeln!(out, "  {} ({})", rel(&ex.path), ex.reason.label()).unwrap();
    }
    writeln!(out, "warnings:").unwrap();
    for w in &scan.warnings {
        let path = w.path.as_deref().map(rel).unwrap_or_default();
        writeln!(
            out,
            "  {path}: {}",
            w.message.replace(&*site.root.to_string_lossy(), "<site>")
        )
        .unwrap();
    }
    out
}

/// Writes the scan as a `<urlset>` (locs and alternates only: lastmod and
/// overrides are the source layer's job), validates it with xmllint
/// against the sitemaps.org XSD and returns it.
fn urlset(scan: &ContentScan) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sitemap.xml");
    let file = std::fs::File::create(&path).unwrap();
    let mut writer = XmlWriter::new(file, XmlOptions::default());
    for page in &scan.pages {
        let mut url = Url::new(page.loc.clone());
        for alt in &page.alternates {
            url = url.with_alternate(alt.clone());
        }
        writer.write(&url).unwrap();
    }
    writer.finish().unwrap();
    let xml = std::fs::read_to_string(&path).unwrap();
    assert_valid(&path, Schema::for_document(&xml));
    xml
}
