//! The build check: after a source scan (Zola, Hugo), the site the
//! generator built checks the URLs the scan lists. The usual way to run
//! the tool is after the build (`hugo && sitemap scan`), so the truth is
//! on disk beside the sources, and a page the scan misses (made by a
//! template, in a format or a setting the scan does not read) is a
//! built page no URL names.
//!
//! - Nothing built in the output folder: said once, and nothing is
//!   checked.
//! - Otherwise two lists, each with a count and the first
//!   [`SHOWN`]: built pages the scan neither lists nor leaves out on
//!   purpose (a draft, `sitemap.disable`, URL patterns, robots.txt: the
//!   scan's left-out URLs; a Hugo pager; a file copied from `static/`;
//!   a `noindex` page, a redirect stub, a page
//!   whose canonical URL is another: the HTML reader's rules, the same
//!   as `scan --html` and `validate --site`), each with its file; and
//!   listed URLs no built file answers. Warnings by default; errors
//!   with `strict`.
//! - When they disagree and a source is newer than every built page (a
//!   page edited or added since the build), the build is named as stale
//!   instead, and not used.
//!
//! It costs a walk of the output folder's names (no page it lists is
//! read or asked its time) and a read of the head of each built page the
//! scan does not list; the times of the sources and the built pages are
//! read only when the two disagree.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_html::{HtmlOptions, Indexing, PageRead, PageReader};

use crate::error::Error;
use crate::scan::Scan;
use crate::scan::built::Build;
use crate::settings::Resolved;

/// How many URLs each list names before it counts the rest.
const SHOWN: usize = 10;

/// What a check with no built page says: that nothing is built, or, when
/// the build wrote other files, that it wrote no page (every one of the
/// `listed` URLs is then a 404).
fn nothing_built(shown_dir: &str, build: &Build, listed: usize) -> String {
    match other_output(&build.dir) {
        Some(file) => format!(
            "{shown_dir}: the build wrote no HTML page, only other files such as {file}, so \
             none of the {listed} listed URL(s) is served, and the sitemap is not checked \
             against the site: its templates are missing (a theme folder left empty? `git \
             submodule update --init`); once `{}` builds the pages, run the scan again",
            build.command
        ),
        None => format!(
            "{shown_dir}: no built page, so the sitemap is not checked against the site; run \
             `{}` first, then the scan",
            build.command
        ),
    }
}

/// A file at the top of the output folder that this tool does not write
/// (a feed, an image copied from `static/`), first by name: a build
/// happened there. `None` for a folder holding only what a scan wrote
/// (its sitemaps, robots.txt, llms.txt), or none.
fn other_output(dir: &Path) -> Option<String> {
    let ours = |name: &str| {
        name.starts_with("sitemap") || name.starts_with("llms") || name == "robots.txt"
    };
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .take(10_000)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| !name.starts_with('.') && !ours(name))
        .min()
}

/// The build check of a finished scan, when its source left a build to
/// check against ([`Scan::build`]): differences are warnings, errors with
/// `strict`; with `check-site`, which reads the whole built site after
/// the write, built pages the scan does not list are left to it.
pub(crate) fn check_scan(scan: &mut Scan, resolved: &Resolved) -> Result<(), Error> {
    let Some(build) = scan.build.take() else {
        return Ok(());
    };
    let settings = &resolved.settings;
    let strict = settings.strict == Some(true);
    let site_check = settings.check_site == Some(true);
    check(scan, &build, strict, site_check)
}

/// What the check found, as lines for the report; `Err` with `strict`
/// when the build and the scan disagree.
fn check(scan: &mut Scan, build: &Build, strict: bool, site_check: bool) -> Result<(), Error> {
    // A folder as a place: `public/`.
    let shown_dir = format!("{}/", shown(&build.dir).trim_end_matches('/'));
    if build.files.pages.is_empty() {
        let said = nothing_built(&shown_dir, build, scan.urls.len());
        scan.warnings.push(said);
        adapters_unread(scan, build);
        return Ok(());
    }
    let Some(base) = scan.base_url.clone() else {
        return Ok(());
    };
    let roots = Roots::of(&base, &scan.hosts);
    let listed: HashSet<String> = scan
        .urls
        .iter()
        .filter_map(|u| roots.rel_of(&u.loc))
        .flat_map(|rel| sitemap_html::files::files_for(&rel))
        .collect();
    let left_out: HashSet<String> = scan
        .left_out
        .iter()
        .filter_map(|l| l.loc.as_ref())
        .filter_map(|loc| roots.rel_of(loc))
        .flat_map(|rel| sitemap_html::files::files_for(&rel))
        .collect();
    let built: HashSet<&str> = build.files.pages.iter().map(String::as_str).collect();

    let mut reader = PageReader::new(HtmlOptions::new(base.clone()))
        .map_err(|e| Error::job(e.to_string(), "report this as a bug"))?;
    let mut unlisted: Vec<(Loc, &str)> = Vec::new();
    let mut added: Vec<sitemap_core::Url> = Vec::new();
    let mut from_adapters: std::collections::BTreeMap<PathBuf, usize> = Default::default();
    for rel in &build.files.pages {
        if listed.contains(rel) || left_out.contains(rel) {
            continue;
        }
        if not_a_listed_kind(build, rel, &|list| {
            listed.contains(list) || left_out.contains(list)
        }) {
            continue;
        }
        let Some(loc) = roots.loc_of(rel) else {
            continue;
        };
        // A page by the HTML reader's rules; anything else (a redirect
        // stub, `noindex`, a canonical URL elsewhere, 404.html) is not
        // one a sitemap lists.
        let PageRead::Page(head) = reader.read(&build.dir.join(rel), rel, &loc) else {
            continue;
        };
        if head.indexing != Indexing::Indexable {
            continue;
        }
        // A content adapter's page: listed from the build, dated as its
        // markup dates it.
        if let Some((_, file)) = build
            .adapters
            .iter()
            .find(|(p, _)| rel.starts_with(p.as_str()))
        {
            let mut url = sitemap_core::Url::new(loc);
            url.lastmod = head.lastmod;
            *from_adapters.entry(file.clone()).or_insert(0) += 1;
            added.push(url);
            continue;
        }
        unlisted.push((loc, rel));
    }
    let missing: Vec<Loc> = scan
        .urls
        .iter()
        .map(|u| &u.loc)
        .filter(|loc| {
            roots.rel_of(loc).is_some_and(|rel| {
                !sitemap_html::files::files_for(&rel)
                    .iter()
                    .any(|f| built.contains(f.as_str()))
            })
        })
        .cloned()
        .collect();

    // A difference a stale build explains is no difference: named once,
    // and the build not used (its adapters' pages included).
    if (!unlisted.is_empty() || !missing.is_empty() || !added.is_empty())
        && let Some(source) = build.stale_by()
    {
        scan.warnings.push(format!(
            "{shown_dir}: built before {} changed, so the sitemap is not checked against it; \
             run `{}` again, then the scan",
            shown(source),
            build.command
        ));
        adapters_unread(scan, build);
        return Ok(());
    }
    add_adapter_pages(scan, added, &from_adapters, &shown_dir);
    let mut lines = Vec::new();
    if !unlisted.is_empty() && !site_check {
        let named: Vec<String> = unlisted
            .iter()
            .take(SHOWN)
            .map(|(loc, rel)| format!("{loc} ({shown_dir}{rel})"))
            .collect();
        lines.push(format!(
            "{shown_dir}: {} built page(s) not in the sitemap and not left out on purpose: {}{}",
            unlisted.len(),
            named.join(", "),
            more(unlisted.len())
        ));
    }
    if !missing.is_empty() {
        let named: Vec<String> = missing.iter().take(SHOWN).map(|l| l.to_string()).collect();
        lines.push(format!(
            "{shown_dir}: {} listed URL(s) with no built page: {}{}",
            missing.len(),
            named.join(", "),
            more(missing.len())
        ));
    }
    if lines.is_empty() {
        return Ok(());
    }
    if strict {
        return Err(Error::job(
            format!(
                "the sitemap does not match the site built in {shown_dir}:\n{}",
                lines.join("\n")
            ),
            "build the site again if it is stale; else see which setting or file the scan does not read, or drop `strict` to let the run pass with warnings",
        ));
    }
    scan.warnings.extend(lines);
    Ok(())
}

/// The pages content adapters made, listed from the build.
fn add_adapter_pages(
    scan: &mut Scan,
    mut added: Vec<sitemap_core::Url>,
    from_adapters: &std::collections::BTreeMap<PathBuf, usize>,
    shown_dir: &str,
) {
    if added.is_empty() {
        return;
    }
    let sorted = scan
        .urls
        .is_sorted_by(|a, b| a.loc.as_str() <= b.loc.as_str());
    scan.urls.append(&mut added);
    if sorted {
        scan.urls.sort_by(|a, b| a.loc.as_str().cmp(b.loc.as_str()));
    }
    for (file, count) in from_adapters {
        scan.warnings.push(format!(
            "{}: a content adapter: {count} page(s) it made listed from the site built in {shown_dir}",
            shown(file)
        ));
    }
}

/// Each content adapter named, when the build cannot give its pages
/// (once: an adapter of a site of several languages, versions or roles
/// has a section in each).
fn adapters_unread(scan: &mut Scan, build: &Build) {
    let files: std::collections::BTreeSet<&PathBuf> =
        build.adapters.iter().map(|(_, file)| file).collect();
    for file in files {
        scan.warnings.push(format!(
            "{}: a content adapter, whose template makes pages from data: this scan cannot run \
             it, so its pages are missing; run `{}` first, and the scan lists them from the \
             build",
            shown(file),
            build.command
        ));
    }
}

/// A path as the report names it: without a leading `./`.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    text.strip_prefix("./").map(str::to_owned).unwrap_or(text)
}

/// ", and N more" past the ones shown.
fn more(count: usize) -> String {
    if count > SHOWN {
        format!(", and {} more", count - SHOWN)
    } else {
        String::new()
    }
}

/// Where the built site's files are served: the output folder at the
/// base URL, or on a multihost site each host's folder at its host.
struct Roots {
    /// (folder in the output folder, `""` or `fr/`; its base URL).
    roots: Vec<(String, Loc)>,
}

impl Roots {
    fn of(base: &Loc, hosts: &[crate::publish::hosts::Host]) -> Roots {
        let roots = if hosts.is_empty() {
            vec![(String::new(), base.clone())]
        } else {
            hosts
                .iter()
                .map(|h| {
                    let folder = h.folder.to_string_lossy().trim_end_matches('/').to_owned();
                    (format!("{folder}/"), h.base_url.clone())
                })
                .collect()
        };
        Roots { roots }
    }

    /// The built file's path (below the output folder) that serves
    /// `loc`: under the host with the longest base URL above it.
    fn rel_of(&self, loc: &Loc) -> Option<String> {
        let at = crate::publish::hosts::of(self.roots.iter().map(|(_, b)| b), loc)?;
        let (folder, base) = &self.roots[at];
        sitemap_html::files::url_path(base, loc).map(|rel| format!("{folder}{rel}"))
    }

    /// The URL a built file is served at.
    fn loc_of(&self, rel: &str) -> Option<Loc> {
        let (folder, base) = self
            .roots
            .iter()
            .filter(|(folder, _)| rel.starts_with(folder.as_str()))
            .max_by_key(|(folder, _)| folder.len())?;
        url_of(base, &rel[folder.len()..])
    }
}

/// Whether the built file `rel` is of a kind the generator lists in no
/// sitemap, so the scan leaves it out on purpose: a Hugo pager of a list
/// the scan knows (`posts/page/2/`, the guide's deliberate differences),
/// or a file copied from `static/` (a verification file, a CMS's admin
/// page; asked only of the few files not listed).
fn not_a_listed_kind(build: &Build, rel: &str, known: &dyn Fn(&str) -> bool) -> bool {
    let pager = build
        .pager_path
        .as_deref()
        .and_then(|pages| pager_of(rel, pages))
        .is_some_and(|list| {
            // The list's own file: `posts/index.html`, or under Hugo
            // 0.111.3's uglyURLs `posts.html`.
            known(&format!("{list}index.html"))
                || list
                    .strip_suffix('/')
                    .is_some_and(|l| known(&format!("{l}.html")))
        });
    pager || build.static_dirs.iter().any(|d| d.join(rel).is_file())
}

/// The folder of the list page a Hugo pager belongs to, with the site's
/// pager folder `pages` (`page`): `posts/page/2/index.html` (or, under
/// uglyURLs, `posts/page/2.html`) is `posts/`'s, `page/2/index.html` the
/// home page's (empty).
fn pager_of(rel: &str, pages: &str) -> Option<String> {
    let folder = rel
        .strip_suffix("/index.html")
        .or_else(|| rel.strip_suffix(".html"))?;
    let (above, number) = folder.rsplit_once('/')?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match above.strip_suffix(pages)? {
        "" => Some(String::new()),
        list => list.strip_suffix('/').map(|l| format!("{l}/")),
    }
}

/// The URL a built file is served at: `x/index.html` at `x/`, any other
/// file at its own path.
fn url_of(base: &Loc, rel: &str) -> Option<Loc> {
    let path = match rel.strip_suffix("index.html") {
        Some(dir) if dir.is_empty() || dir.ends_with('/') => dir.to_owned(),
        _ => rel.to_owned(),
    };
    let escaped: String = path
        .split('/')
        .map(|seg| percent_encoding::utf8_percent_encode(seg, SEGMENT).to_string())
        .collect::<Vec<_>>()
        .join("/");
    base.join(&escaped).ok()
}

/// What a path segment escapes in a URL.
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'%');

#[cfg(test)]
mod tests {
    use super::pager_of;

    #[test]
    fn a_hugo_pager_belongs_to_its_list_page() {
        assert_eq!(
            pager_of("cars/page/2/index.html", "page").as_deref(),
            Some("cars/")
        );
        assert_eq!(pager_of("page/3/index.html", "page").as_deref(), Some(""));
        assert_eq!(
            pager_of("tags/go/page/2/index.html", "page").as_deref(),
            Some("tags/go/")
        );
        // uglyURLs.
        assert_eq!(pager_of("page/10.html", "page").as_deref(), Some(""));
        assert_eq!(
            pager_of("cars/page/2.html", "page").as_deref(),
            Some("cars/")
        );
        assert_eq!(pager_of("mypage/2/index.html", "page"), None);
        assert_eq!(pager_of("cars/page/two/index.html", "page"), None);
        assert_eq!(pager_of("cars/page/index.html", "page"), None);
        assert_eq!(pager_of("cars/page.html", "page"), None);
        // A site's own `pagination.path`.
        assert_eq!(
            pager_of("cars/seite/2/index.html", "seite").as_deref(),
            Some("cars/")
        );
        assert_eq!(pager_of("cars/page/2/index.html", "seite"), None);
    }
}
