//! [`Report`]: what a publish wrote, and the one line each skin prints
//! of it (`wrote public/sitemap.xml and robots.txt; removed …`), a
//! book's in the words the mdBook plugin and `sitemap mdbook` share.

use std::path::{Path, PathBuf};

use sitemap_core::SetReport;

/// What was published.
#[derive(Debug)]
#[non_exhaustive]
pub struct Report {
    /// The set: sitemaps, index, counts, stale files removed.
    pub set: SetReport,
    /// robots.txt and whether it changed, when asked for.
    pub robots: Option<(PathBuf, bool)>,
    /// The companions written (`sitemap.xsl`, `sitemap.html`).
    pub files: Vec<PathBuf>,
    /// Entries left out as repeats of an earlier `loc`.
    pub duplicates: u64,
    /// What the user should act on.
    pub warnings: Vec<String>,
    /// The lastmod ledger, when the job keeps one.
    pub ledger: Option<PathBuf>,
    /// A multihost site's other hosts' sets, each written in its own
    /// folder ([`Host`](crate::Host)); empty for one host.
    pub hosts: Vec<Report>,
}

impl Report {
    /// "wrote public/sitemap.xml (index of 3 sitemaps) and robots.txt, …":
    /// paths as `shown` prints them.
    pub fn written(&self, shown: impl Fn(&Path) -> String) -> String {
        self.written_dyn(&shown)
    }

    fn written_dyn(&self, shown: &dyn Fn(&Path) -> String) -> String {
        let mut written = format!("wrote {}", shown(self.set.root().0));
        if self.set.sitemaps.len() > 1 {
            written.push_str(&format!(" (index of {} sitemaps)", self.set.sitemaps.len()));
        }
        match self.robots {
            Some((_, true)) => written.push_str(" and robots.txt"),
            Some((_, false)) => written.push_str("; robots.txt already up to date"),
            None => {}
        }
        for path in &self.files {
            written.push_str(&format!(", {}", shown(path)));
        }
        if !self.set.removed.is_empty() {
            // Named from the set's folder: a language's `fr/llms.txt` is
            // not the root's `llms.txt`.
            let dir = self.set.root().0.parent();
            let names: Vec<String> = self
                .set
                .removed
                .iter()
                .map(|p| match dir.and_then(|d| p.strip_prefix(d).ok()) {
                    Some(rel) => rel.display().to_string(),
                    None => file_name(p),
                })
                .collect();
            written.push_str(&format!("; removed {}", names.join(", ")));
        }
        if !self.set.swept.is_empty() {
            written.push_str(&format!(
                "; swept {} temporary file(s) of an interrupted run",
                self.set.swept.len()
            ));
        }
        for host in &self.hosts {
            written.push_str(&format!("; {}", host.written_dyn(shown)));
        }
        written
    }

    /// How many URLs were written, every host's set counted.
    pub fn urls(&self) -> u64 {
        self.set.urls + self.hosts.iter().map(Report::urls).sum::<u64>()
    }

    /// How many images were written, every host's set counted.
    pub fn images(&self) -> u64 {
        self.set.images + self.hosts.iter().map(Report::images).sum::<u64>()
    }
}

/// `wrote book/sitemap.xml (3 URLs, 1 chapter(s) left out) and
/// book/robots.txt; removed sitemap-2.xml`: a book's summary, in the words
/// the mdBook plugin and `sitemap mdbook` both print.
pub fn book_summary(
    set: &SetReport,
    left_out: usize,
    companions: &[PathBuf],
    robots: Option<&Path>,
) -> String {
    let (path, _) = set.root();
    let mut first = format!("{} ({} URLs", path.display(), set.urls);
    if set.images > 0 {
        first.push_str(&format!(", {} images", set.images));
    }
    if left_out > 0 {
        first.push_str(&format!(", {left_out} chapter(s) left out"));
    }
    first.push(')');
    // The companions by name (they sit beside the sitemap), so a reader
    // knows the book now serves sitemap.html and sitemap.xsl too.
    let mut wrote = vec![first];
    wrote.extend(companions.iter().map(|p| file_name(p)));
    wrote.extend(robots.map(|r| r.display().to_string()));
    let mut line = match wrote.split_last() {
        Some((last, [])) => format!("wrote {last}"),
        Some((last, rest)) => format!("wrote {} and {last}", rest.join(", ")),
        None => String::new(),
    };
    if !set.removed.is_empty() {
        let names: Vec<String> = set.removed.iter().map(|p| file_name(p)).collect();
        line.push_str(&format!("; removed {}", names.join(", ")));
    }
    line
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
