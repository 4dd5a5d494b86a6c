//! Helpers every crate's integration tests share.
//!
//! The main one runs `xmllint --schema` with the official sitemap XSDs kept
//! in `tests/data/schemas/` (see the README there for where each comes
//! from), so that every XML file a test writes is checked against the
//! schema consumers use, not only against our own reader. Tests never reach
//! outside the repository: `--nonet` is always passed.
//!
//! ```no_run
//! use sitemap_testkit::{Schema, assert_valid};
//!
//! let dir = std::env::temp_dir();
//! assert_valid(&dir.join("sitemap.xml"), Schema::Urlset);
//! ```

use std::path::{Path, PathBuf};
use std::process::Command;

pub mod browser;
pub mod git;
pub mod repo;
pub mod served;

/// Which XSD to validate against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schema {
    /// `sitemap.xsd`: a plain `<urlset>`.
    Urlset,
    /// `siteindex.xsd`: a `<sitemapindex>`.
    Index,
    /// `sitemap-ext.xsd`: a `<urlset>` with xhtml/image/video/news extensions.
    UrlsetWithExtensions,
}

impl Schema {
    /// The schema file inside the repository.
    pub fn path(self) -> PathBuf {
        let name = match self {
            Schema::Urlset => "sitemap.xsd",
            Schema::Index => "siteindex.xsd",
            Schema::UrlsetWithExtensions => "sitemap-ext.xsd",
        };
        schemas_dir().join(name)
    }

    /// The schema a document needs, judged from its root element and
    /// whether it declares an extension namespace.
    pub fn for_document(xml: &str) -> Schema {
        if xml.contains("<sitemapindex") {
            Schema::Index
        } else if xml.contains("xmlns:xhtml=") || xml.contains("xmlns:image=") {
            Schema::UrlsetWithExtensions
        } else {
            Schema::Urlset
        }
    }
}

/// `tests/data/schemas/` of this repository.
pub fn schemas_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/schemas")
}

/// The outcome of one xmllint run.
#[derive(Debug)]
pub struct Verdict {
    /// xmllint's exit status: 0 valid, 3 invalid, 1/4 parse or I/O error.
    pub code: i32,
    /// What xmllint printed on stderr.
    pub stderr: String,
}

/// Runs `xmllint --nonet --noout --schema` on `file` (plain or gzipped).
///
/// # Panics
///
/// When xmllint cannot be started: the tests need it (`.ci/run` installs
/// `libxml2-utils`), and a silently skipped validation would be a test
/// that asserts nothing.
pub fn xmllint(file: &Path, schema: Schema) -> Verdict {
    let out = Command::new("xmllint")
        .arg("--nonet")
        .arg("--noout")
        .arg("--schema")
        .arg(schema.path())
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run xmllint ({e}); install libxml2-utils"));
    Verdict {
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Asserts that `file` validates against `schema`.
///
/// # Panics
///
/// When it does not, with xmllint's messages.
pub fn assert_valid(file: &Path, schema: Schema) {
    let v = xmllint(file, schema);
    assert_eq!(
        v.code,
        0,
        "{} does not validate against {}:\n{}",
        file.display(),
        schema.path().display(),
        v.stderr
    );
}

/// Validates every `.xml` and `.xml.gz` file under `dir` (recursively)
/// against the schema its content needs; returns how many were checked.
///
/// # Panics
///
/// When a file does not validate, or cannot be read.
pub fn assert_all_valid(dir: &Path) -> usize {
    let mut n = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&d)
            .unwrap_or_else(|e| panic!("read {}: {e}", d.display()))
            .map(|e| e.expect("dir entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                stack.push(path);
            } else if name.ends_with(".xml") || name.ends_with(".xml.gz") {
                let text = read_maybe_gz(&path);
                assert_valid(&path, Schema::for_document(&text));
                n += 1;
            }
        }
    }
    n
}

/// Reads a file as UTF-8, gunzipping it when its name ends in `.gz`.
///
/// # Panics
///
/// When the file cannot be read or is not UTF-8.
pub fn read_maybe_gz(path: &Path) -> String {
    use std::io::Read;
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    if path.extension().is_some_and(|e| e == "gz") {
        let mut s = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut s)
            .unwrap_or_else(|e| panic!("gunzip {}: {e}", path.display()));
        s
    } else {
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{} is not UTF-8: {e}", path.display()))
    }
}

/// Lists the files under `dir` as sorted relative paths with `/`.
pub fn list_files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(rel) = p.strip_prefix(dir) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// Whether the tests run as root (as on CI): then a web server's workers
/// run as `www-data`, and file permissions do not stop root's own reads.
pub fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

/// Every `<loc>` of the sitemap set whose root file is `root` (an index or
/// a single sitemap, plain or gzipped), following an index to its
/// children in the same folder; returns the page URLs (sorted) and the
/// sitemap URLs read (sorted, the root's own URL left out since the root
/// is named by the caller).
///
/// # Panics
///
/// When a file cannot be read or parsed, or an index lists a sitemap that
/// is not in `root`'s folder.
pub fn set_locs(root: &Path) -> (Vec<String>, Vec<String>) {
    let (tag, locs) = root_and_locs(root);
    if tag != "sitemapindex" {
        let mut pages = locs;
        pages.sort();
        return (pages, Vec::new());
    }
    let dir = root.parent().expect("a sitemap file in a folder");
    let mut pages = Vec::new();
    for child in &locs {
        let name = child.rsplit('/').next().expect("a loc has a path");
        let (child_tag, child_locs) = root_and_locs(&dir.join(name));
        assert_eq!(
            child_tag, "urlset",
            "{child} listed by the index is not a <urlset>"
        );
        pages.extend(child_locs);
    }
    pages.sort();
    let mut sitemaps = locs;
    sitemaps.sort();
    (pages, sitemaps)
}

/// The root element's name and every entry's `<loc>` text of one sitemap
/// file (not an `<image:loc>`, which names no page).
fn root_and_locs(path: &Path) -> (String, Vec<String>) {
    use quick_xml::events::Event;
    let text = read_maybe_gz(path);
    let mut reader = quick_xml::Reader::from_str(&text);
    let (mut root, mut locs, mut loc) = (String::new(), Vec::new(), None::<String>);
    // root = 1, url or sitemap = 2, their loc = 3.
    let mut depth = 0;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => {
                depth += 1;
                let local = e.local_name();
                let name: &str = local.as_ref();
                if root.is_empty() {
                    root = name.to_owned();
                } else if name == "loc" && depth == 3 {
                    loc = Some(String::new());
                }
            }
            // quick-xml hands text and entity references over in pieces.
            Ok(Event::Text(t)) => {
                if let Some(loc) = &mut loc {
                    loc.push_str(&t);
                }
            }
            Ok(Event::GeneralRef(r)) => {
                if let Some(loc) = &mut loc {
                    let c = match r.resolve_char_ref() {
                        Ok(Some(c)) => c,
                        _ => match &*r {
                            "amp" => '&',
                            "lt" => '<',
                            "gt" => '>',
                            "quot" => '"',
                            "apos" => '\'',
                            other => panic!("unknown entity &{other}; in {}", path.display()),
                        },
                    };
                    loc.push(c);
                }
            }
            Ok(Event::End(_)) => {
                depth -= 1;
                locs.extend(loc.take());
            }
            Ok(Event::Eof) => break,
            Err(e) => panic!("{} is not well-formed XML: {e}", path.display()),
            Ok(_) => {}
        }
    }
    (root, locs)
}
