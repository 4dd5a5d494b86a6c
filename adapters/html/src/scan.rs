//! The scan: walk the directory in parallel, read each page's head, then
//! decide in one ordered pass what is listed.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use globset::{Glob, GlobSet, GlobSetBuilder};
use ignore::{DirEntry, ParallelVisitor, ParallelVisitorBuilder, WalkBuilder, WalkState};
use sitemap_core::{Alternate, Hreflang, Lastmod, Loc, Url};

use crate::Error;
use crate::dates::{json_ld_date_modified, parse_markup_date};
use crate::head::{self, Head, MarkupDate, Read, Selectors};
use crate::options::{BuiltPage, HtmlOptions, TrailingSlash};
use crate::report::{Excluded, ExclusionReason, HtmlScan, Warning, WarningKind};

/// One `.html` file and what became of it in the parallel phase.
struct FileRecord {
    /// Path under the root, `/`-separated; `None` when not UTF-8.
    rel: Option<String>,
    path: PathBuf,
    outcome: Outcome,
}

enum Outcome {
    Glob(String),
    NotFound,
    Read(Read),
}

pub(crate) fn scan(dir: &Path, options: &HtmlOptions) -> Result<HtmlScan, Error> {
    if !dir.is_dir() {
        return Err(Error::NotADirectory {
            path: dir.to_path_buf(),
        });
    }
    let base = folder_of(&options.base_url)?;
    let globs = compile_globs(&options.exclude)?;
    let robots_names: Vec<String> = options
        .robots_names
        .iter()
        .map(|n| n.trim().to_ascii_lowercase())
        .collect();

    let (mut records, walk_errors) = walk(dir, options, &globs, &robots_names);
    records.sort_by(|a, b| a.path.cmp(&b.path));

    let mut resolver = Resolver {
        options,
        base,
        listed: BTreeMap::new(),
        file_locs: HashMap::new(),
        excluded: Vec::new(),
        warnings: walk_errors,
        files_read: Vec::new(),
        canonical_requests: Vec::new(),
    };
    for record in records {
        resolver.file(record);
    }
    Ok(resolver.finish())
}

/// The base URL as a folder: `https://h/docs` names the folder `docs/`.
fn folder_of(base: &Loc) -> Result<Loc, Error> {
    if base.as_str().ends_with('/') || base.as_str().contains('?') {
        return Ok(base.clone());
    }
    Loc::parse(&format!("{}/", base.as_str())).map_err(|error| Error::BaseUrl { error })
}

fn compile_globs(patterns: &[String]) -> Result<GlobSet, Error> {
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = Glob::new(pattern).map_err(|source| Error::Glob {
            pattern: pattern.clone(),
            source,
        })?;
        builder.add(glob);
    }
    builder.build().map_err(|source| Error::Glob {
        pattern: patterns.join(", "),
        source,
    })
}

fn is_html(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// What every walker thread shares.
struct Shared<'a> {
    root: &'a Path,
    globs: &'a GlobSet,
    patterns: &'a [String],
    robots_names: &'a [String],
    records: Mutex<Vec<FileRecord>>,
    warnings: Mutex<Vec<Warning>>,
}

/// Walks `dir` on several threads, reading each page's head as it is
/// found. Returns the records in no particular order, and the directories
/// that could not be read.
fn walk(
    dir: &Path,
    options: &HtmlOptions,
    globs: &GlobSet,
    robots_names: &[String],
) -> (Vec<FileRecord>, Vec<Warning>) {
    // No .gitignore/.ignore rules: built output is usually itself ignored
    // by the source repository (`public/` in Hugo's .gitignore), and a
    // parent's rule would hide the whole site. What is published is what
    // is in the directory.
    let walker = WalkBuilder::new(dir)
        .standard_filters(false)
        .hidden(!options.hidden)
        .follow_links(options.follow_links)
        .threads(options.threads)
        .build_parallel();
    let shared = Shared {
        root: dir,
        globs,
        patterns: &options.exclude,
        robots_names,
        records: Mutex::new(Vec::new()),
        warnings: Mutex::new(Vec::new()),
    };
    walker.visit(&mut VisitorBuilder { shared: &shared });
    let records = shared
        .records
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let warnings = shared
        .warnings
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    (records, warnings)
}

struct VisitorBuilder<'s> {
    shared: &'s Shared<'s>,
}

impl<'s> ParallelVisitorBuilder<'s> for VisitorBuilder<'s> {
    fn build(&mut self) -> Box<dyn ParallelVisitor + 's> {
        Box::new(Visitor {
            shared: self.shared,
            selectors: Selectors::new(),
            local: Vec::new(),
        })
    }
}

/// One walker thread: keeps its records locally and hands them over when
/// the walk ends, so threads never wait on each other per file.
struct Visitor<'s> {
    shared: &'s Shared<'s>,
    selectors: Selectors,
    local: Vec<FileRecord>,
}

impl ParallelVisitor for Visitor<'_> {
    fn visit(&mut self, entry: Result<DirEntry, ignore::Error>) -> WalkState {
        match entry {
            Ok(entry) => {
                if let Some(record) = visit(self.shared, &entry, &self.selectors) {
                    self.local.push(record);
                }
            }
            Err(err) => {
                let path = walk_error_path(&err).unwrap_or_else(|| self.shared.root.to_path_buf());
                let warning = Warning {
                    path,
                    kind: WarningKind::Walk {
                        message: err.to_string(),
                    },
                };
                lock(&self.shared.warnings).push(warning);
            }
        }
        WalkState::Continue
    }
}

impl Drop for Visitor<'_> {
    fn drop(&mut self) {
        lock(&self.shared.records).append(&mut self.local);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A poisoned lock only means another thread panicked mid-push; the
    // vector itself is still whole.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn walk_error_path(err: &ignore::Error) -> Option<PathBuf> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error_path(err)
        }
        ignore::Error::Loop { child, .. } => Some(child.clone()),
        _ => None,
    }
}

fn visit(shared: &Shared<'_>, entry: &DirEntry, selectors: &Selectors) -> Option<FileRecord> {
    let is_file = entry.file_type().is_some_and(|t| t.is_file());
    if !is_file || !is_html(entry.path()) {
        return None;
    }
    let path = entry.path().to_path_buf();
    let rel_path = path.strip_prefix(shared.root).unwrap_or(&path);
    let rel = rel_path
        .to_str()
        .map(|s| s.replace(std::path::MAIN_SEPARATOR, "/"));
    if let Some(rel) = &rel
        && let Some(&i) = shared.globs.matches(rel).first()
    {
        let pattern = shared.patterns[i].clone();
        return Some(FileRecord {
            rel: Some(rel.clone()),
            path,
            outcome: Outcome::Glob(pattern),
        });
    }
    if entry.file_name().eq_ignore_ascii_case("404.html") {
        return Some(FileRecord {
            rel,
            path,
            outcome: Outcome::NotFound,
        });
    }
    let read = head::read(&path, selectors, shared.robots_names);
    Some(FileRecord {
        rel,
        path,
        outcome: Outcome::Read(read),
    })
}

/// A listed entry and the file it came from (for warnings).
struct Listed {
    url: Url,
    path: PathBuf,
}

/// A page whose canonical URL is elsewhere: that URL is listed in its
/// place, once, unless a file of the site already answers for it.
struct CanonicalRequest {
    excluded_index: usize,
    url: Url,
    path: PathBuf,
}

/// The ordered, single-threaded pass that turns file records into
/// entries. Records arrive in path order, so "first" always means first
/// by path and the result does not depend on thread timing.
struct Resolver<'o> {
    options: &'o HtmlOptions,
    base: Loc,
    listed: BTreeMap<Loc, Listed>,
    /// The loc of every page that was read, listed or not, and its file.
    file_locs: HashMap<Loc, PathBuf>,
    excluded: Vec<Excluded>,
    warnings: Vec<Warning>,
    files_read: Vec<PathBuf>,
    canonical_requests: Vec<CanonicalRequest>,
}

impl Resolver<'_> {
    fn exclude(&mut self, path: PathBuf, reason: ExclusionReason) -> usize {
        self.excluded.push(Excluded { path, reason });
        self.excluded.len() - 1
    }

    fn warn(&mut self, path: &Path, kind: WarningKind) {
        self.warnings.push(Warning {
            path: path.to_path_buf(),
            kind,
        });
    }

    fn file(&mut self, record: FileRecord) {
        let FileRecord { rel, path, outcome } = record;
        let head = match outcome {
            Outcome::Glob(pattern) => {
                self.exclude(path, ExclusionReason::ExcludedByGlob { pattern });
                return;
            }
            Outcome::NotFound => {
                self.exclude(path, ExclusionReason::NotFoundPage);
                return;
            }
            Outcome::Read(read) => {
                self.files_read.push(path.clone());
                match read {
                    Read::Page(head) => head,
                    Read::Binary { at } => {
                        self.exclude(path, ExclusionReason::Binary { at });
                        return;
                    }
                    Read::Unreadable(e) => {
                        self.exclude(
                            path,
                            ExclusionReason::Unreadable {
                                error: e.to_string(),
                            },
                        );
                        return;
                    }
                }
            }
        };
        if let Some(at) = head.invalid_utf8_at {
            self.warn(&path, WarningKind::InvalidUtf8 { at });
        }
        if let Some(message) = &head.html_error {
            self.warn(
                &path,
                WarningKind::BrokenHtml {
                    message: message.clone(),
                },
            );
        }
        let Some(rel) = rel else {
            let error = "the file name is not UTF-8, so it has no URL".to_owned();
            self.exclude(path, ExclusionReason::BadLoc { error });
            return;
        };
        let loc = match self.loc_for(&rel) {
            Ok(loc) => loc,
            Err(e) => {
                self.exclude(
                    path,
                    ExclusionReason::BadLoc {
                        error: e.to_string(),
                    },
                );
                return;
            }
        };
        if let Some(first) = self.file_locs.get(&loc) {
            let first = first.clone();
            self.exclude(path, ExclusionReason::DuplicateLoc { loc, first });
            return;
        }
        self.file_locs.insert(loc.clone(), path.clone());

        let doc_base = head
            .base_href
            .as_deref()
            .and_then(|b| resolve(&loc, b).ok())
            .unwrap_or_else(|| loc.clone());
        // Redirect first: generators mark their stubs noindex too (Hugo
        // aliases), and "redirect stub" is the more useful reason.
        if let Some(target) = head.refresh.as_deref().and_then(refresh_target) {
            match resolve(&doc_base, target) {
                Ok(target) if target != loc => {
                    self.exclude(path, ExclusionReason::RedirectStub { target });
                    return;
                }
                // A refresh to itself reloads the page; it is no redirect.
                Ok(_) => {}
                Err(e) => self.warn(
                    &path,
                    WarningKind::InvalidHref {
                        element: "<meta http-equiv=\"refresh\">",
                        href: target.to_owned(),
                        error: e.to_string(),
                    },
                ),
            }
        }
        if let Some(meta_name) = head.noindex.clone() {
            self.exclude(path, ExclusionReason::Noindex { meta_name });
            return;
        }
        if let Some(canonical) = self.canonical(&head, &doc_base, &path)
            && canonical != loc
        {
            let url = self.describe(&head, &canonical, &doc_base, &path, &rel);
            let excluded_index = self.exclude(
                path.clone(),
                ExclusionReason::CanonicalElsewhere {
                    canonical,
                    canonical_listed: false,
                },
            );
            self.canonical_requests.push(CanonicalRequest {
                excluded_index,
                url,
                path,
            });
            return;
        }
        let url = self.describe(&head, &loc, &doc_base, &path, &rel);
        self.listed.insert(loc, Listed { url, path });
    }

    /// The URL of the page at `rel`, by the trailing-slash and clean-URL
    /// options.
    fn loc_for(&self, rel: &str) -> Result<Loc, sitemap_core::ValueError> {
        let (dir, file) = match rel.rsplit_once('/') {
            Some((dir, file)) => (Some(dir), file),
            None => (None, rel),
        };
        // Servers match index files by exact name: `Index.html` is not
        // served for `dir/`.
        let is_index = file == "index.html" || file == "index.htm";
        let path = if is_index {
            match self.options.trailing_slash {
                TrailingSlash::Always => dir.map_or(String::new(), |d| format!("{d}/")),
                TrailingSlash::Never => dir.unwrap_or_default().to_owned(),
                TrailingSlash::Keep => rel.to_owned(),
            }
        } else if self.options.clean_urls {
            let stem_len = rel.rfind('.').unwrap_or(rel.len());
            rel[..stem_len].to_owned()
        } else {
            rel.to_owned()
        };
        // `./` keeps a first segment such as `a:b.html` from reading as a
        // scheme; the escapes keep `?`, `#`, `%` and `\` in file names from
        // reading as URL syntax.
        self.base.join(&format!("./{}", escape_path(&path)))
    }

    /// The one canonical URL of a page, if it names exactly one.
    fn canonical(&mut self, head: &Head, doc_base: &Loc, path: &Path) -> Option<Loc> {
        let mut found: Vec<Loc> = Vec::new();
        for href in &head.canonicals {
            match resolve(doc_base, href) {
                Ok(loc) => {
                    if !found.contains(&loc) {
                        found.push(loc);
                    }
                }
                Err(e) => self.warn(
                    path,
                    WarningKind::InvalidHref {
                        element: "<link rel=\"canonical\">",
                        href: href.clone(),
                        error: e.to_string(),
                    },
                ),
            }
        }
        if found.len() > 1 {
            let canonicals = found.iter().map(|l| l.as_str().to_owned()).collect();
            self.warn(path, WarningKind::ConflictingCanonicals { canonicals });
            return None;
        }
        found.pop()
    }

    /// The entry for a page listed at `loc`: its lastmod and alternates.
    fn describe(&mut self, head: &Head, loc: &Loc, doc_base: &Loc, path: &Path, rel: &str) -> Url {
        let mut url = Url::new(loc.clone());
        url.lastmod = self.markup_lastmod(head, path).or_else(|| {
            let source = self.options.source_lastmod.as_ref()?;
            source.lastmod(&BuiltPage { path: rel, loc })
        });
        url.alternates = self.alternates(head, loc, doc_base, path);
        url
    }

    /// The first date the markup gives, by [`MarkupDate`] precedence; the
    /// newest JSON-LD `dateModified` only when no meta tag gives one.
    fn markup_lastmod(&mut self, head: &Head, path: &Path) -> Option<Lastmod> {
        let mut dates: Vec<&(MarkupDate, String)> = head.dates.iter().collect();
        dates.sort_by_key(|(which, _)| *which);
        for (which, value) in dates {
            match parse_markup_date(value) {
                Some(lastmod) => return Some(lastmod),
                None => self.warn(
                    path,
                    WarningKind::InvalidLastmod {
                        markup: *which,
                        value: value.clone(),
                    },
                ),
            }
        }
        let mut newest: Option<Lastmod> = None;
        for block in &head.json_ld {
            match json_ld_date_modified(block) {
                Ok(values) => {
                    for value in values {
                        match parse_markup_date(&value) {
                            Some(l) => newest = newest.max(Some(l)),
                            None => self.warn(
                                path,
                                WarningKind::InvalidLastmod {
                                    markup: MarkupDate::JsonLdDateModified,
                                    value,
                                },
                            ),
                        }
                    }
                }
                Err(e) => self.warn(
                    path,
                    WarningKind::InvalidJsonLd {
                        message: e.to_string(),
                    },
                ),
            }
        }
        newest
    }

    fn alternates(
        &mut self,
        head: &Head,
        loc: &Loc,
        doc_base: &Loc,
        path: &Path,
    ) -> Vec<Alternate> {
        let mut alternates = Vec::new();
        for (hreflang, href) in &head.alternates {
            let Ok(lang) = hreflang.parse::<Hreflang>() else {
                self.warn(
                    path,
                    WarningKind::InvalidHreflang {
                        value: hreflang.clone(),
                        href: href.clone(),
                    },
                );
                continue;
            };
            match resolve(doc_base, href) {
                Ok(href) => alternates.push(Alternate::new(lang, href)),
                Err(e) => self.warn(
                    path,
                    WarningKind::InvalidHref {
                        element: "<link rel=\"alternate\" hreflang>",
                        href: href.clone(),
                        error: e.to_string(),
                    },
                ),
            }
        }
        if alternates.is_empty() {
            return alternates;
        }
        if !alternates.iter().any(|a| &a.href == loc) {
            match head.lang.as_deref().map(|l| l.trim().parse::<Hreflang>()) {
                Some(Ok(lang)) => alternates.push(Alternate::new(lang, loc.clone())),
                _ => self.warn(path, WarningKind::MissingSelfHreflang),
            }
        }
        alternates.sort();
        alternates.dedup();
        alternates
    }

    fn finish(mut self) -> HtmlScan {
        for request in std::mem::take(&mut self.canonical_requests) {
            let canonical = request.url.loc.clone();
            let listed = if self.listed.contains_key(&canonical) {
                true
            } else if let Some(target) = self.file_locs.get(&canonical) {
                let target = target.clone();
                self.warn(
                    &request.path,
                    WarningKind::CanonicalTargetExcluded { canonical, target },
                );
                false
            } else if !canonical.is_under(&self.base) {
                false
            } else {
                self.listed.insert(
                    canonical,
                    Listed {
                        url: request.url,
                        path: request.path,
                    },
                );
                true
            };
            if let ExclusionReason::CanonicalElsewhere {
                canonical_listed, ..
            } = &mut self.excluded[request.excluded_index].reason
            {
                *canonical_listed = listed;
            }
        }
        self.check_hreflang();
        self.excluded.sort_by(|a, b| a.path.cmp(&b.path));
        // Stable: a file's warnings stay in the order they were found.
        self.warnings.sort_by(|a, b| a.path.cmp(&b.path));
        self.files_read.sort();
        HtmlScan {
            urls: self.listed.into_values().map(|l| l.url).collect(),
            excluded: self.excluded,
            warnings: self.warnings,
            files_read: self.files_read,
        }
    }

    /// Google ignores an hreflang pair unless both pages name each other:
    /// report every alternate on this site that does not link back.
    fn check_hreflang(&mut self) {
        let mut found = Vec::new();
        for (loc, listed) in &self.listed {
            for alternate in &listed.url.alternates {
                if &alternate.href == loc || !alternate.href.is_under(&self.base) {
                    continue;
                }
                let kind = match self.listed.get(&alternate.href) {
                    Some(other) if other.url.alternates.iter().any(|a| &a.href == loc) => continue,
                    Some(_) => WarningKind::OneWayHreflang {
                        loc: loc.clone(),
                        alternate: alternate.href.clone(),
                        hreflang: alternate.hreflang.to_string(),
                    },
                    None => WarningKind::HreflangTargetNotListed {
                        loc: loc.clone(),
                        alternate: alternate.href.clone(),
                        hreflang: alternate.hreflang.to_string(),
                    },
                };
                found.push(Warning {
                    path: listed.path.clone(),
                    kind,
                });
            }
        }
        self.warnings.extend(found);
    }
}

fn escape_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3F"),
            '#' => out.push_str("%23"),
            '\\' => out.push_str("%5C"),
            c => out.push(c),
        }
    }
    out
}

/// Resolves a link found in a page, without its fragment (a fragment
/// names a part of a page; the page is what a sitemap lists).
fn resolve(doc_base: &Loc, href: &str) -> Result<Loc, sitemap_core::ValueError> {
    let href = href.trim();
    let href = href.split_once('#').map_or(href, |(before, _)| before);
    doc_base.join(href)
}

/// The URL of a `<meta http-equiv="refresh" content="…">`, parsed as the
/// HTML standard's "shared declarative refresh steps" do: a delay, then
/// `;` or `,`, then an optional `url=`, then the URL, optionally quoted.
/// `None` when the refresh only reloads the page.
pub(crate) fn refresh_target(content: &str) -> Option<&str> {
    let s = content.trim_start();
    let s = s.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let s = s.trim_start();
    let s = s.strip_prefix([';', ',']).unwrap_or(s).trim_start();
    let s = match s.get(..3) {
        Some(word) if word.eq_ignore_ascii_case("url") => {
            let rest = s[3..].trim_start();
            rest.strip_prefix('=').map_or(s, str::trim_start)
        }
        _ => s,
    };
    let s = match s.chars().next() {
        Some(q @ ('\'' | '"')) => {
            let inner = &s[1..];
            inner.find(q).map_or(inner, |end| &inner[..end])
        }
        _ => s.trim_end(),
    };
    (!s.is_empty()).then_some(s)
}

#[cfg(test)]
mod unit {
    use super::refresh_target;

    #[test]
    fn refresh_contents() {
        assert_eq!(refresh_target("0; url=/new/"), Some("/new/"));
        assert_eq!(
            refresh_target("0;URL='https://example.org/x'"),
            Some("https://example.org/x")
        );
        assert_eq!(
            refresh_target("5, url = \"a b.html\" trailing"),
            Some("a b.html")
        );
        assert_eq!(
            refresh_target("0; https://example.org/"),
            Some("https://example.org/")
        );
        assert_eq!(refresh_target("30"), None);
        assert_eq!(refresh_target("30;"), None);
    }
}
