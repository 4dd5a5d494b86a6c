//! From URLs to the built files that serve them and back: the output
//! folder at the base URL, or on a multihost site each host's folder at
//! its host; and the files the generator writes that no sitemap lists
//! (a Hugo pager, a file copied from `static/`).

use sitemap_core::Loc;

use crate::scan::built::Build;

/// Where the built site's files are served.
pub(super) struct Roots {
    /// (folder in the output folder, `""` or `fr/`; its base URL).
    roots: Vec<(String, Loc)>,
}

impl Roots {
    pub(super) fn of(base: &Loc, hosts: &[crate::publish::hosts::Host]) -> Roots {
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

    /// The path (below the output folder) that `loc` names: under the
    /// host with the longest base URL above it.
    pub(super) fn rel_of(&self, loc: &Loc) -> Option<String> {
        let at = crate::publish::hosts::of(self.roots.iter().map(|(_, b)| b), loc)?;
        let (folder, base) = &self.roots[at];
        sitemap_html::files::url_path(base, loc).map(|rel| format!("{folder}{rel}"))
    }

    /// The URL a built file is served at.
    pub(super) fn loc_of(&self, rel: &str) -> Option<Loc> {
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
pub(super) fn not_a_listed_kind(build: &Build, rel: &str, known: &dyn Fn(&str) -> bool) -> bool {
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
