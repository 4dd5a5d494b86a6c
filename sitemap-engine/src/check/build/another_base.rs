//! A site built for another base URL: `hugo --baseURL
//! https://staging.example.org/` writes every canonical on the staging
//! host, and each page whose head was read (the home page, sections,
//! taxonomies) would be left out as "canonical elsewhere" while regular
//! pages stayed: a sitemap of neither site, in silence. When most pages
//! read name a canonical outside the base URL, no page of the set, the
//! build is taken for one made with another base URL, as the HTML
//! reader takes it (`BaseUrlMismatch`): those pages stay listed under
//! the base URL, and one warning names the host and the fix.

use sitemap_core::Loc;

use super::inside::shown_dir;
use super::said::shown;
use crate::scan::built::Build;
use crate::scan::{LeftOut, Reason, Scan};

/// Takes out of `left_out` (each a listed entry's index and record) the
/// pages left out for a canonical outside `base` when they are most of
/// the `read` pages whose head was read, and says so; `base_from` names
/// where the base URL was set.
pub(super) fn built_for_another_base(
    scan: &Scan,
    build: &Build,
    base: &Loc,
    base_from: &str,
    read: usize,
    left_out: &mut Vec<(usize, LeftOut)>,
) -> Option<String> {
    let outside = |l: &LeftOut| match &l.reason {
        Reason::CanonicalElsewhere {
            canonical,
            canonical_listed: false,
        } => !canonical.is_under(base),
        _ => false,
    };
    let count = left_out.iter().filter(|(_, l)| outside(l)).count();
    // One page may name another site's page on purpose; most of them
    // cannot.
    if count < 2 || count * 2 <= read {
        return None;
    }
    let (kept, rest): (Vec<_>, Vec<_>) = std::mem::take(left_out)
        .into_iter()
        .partition(|(_, l)| outside(l));
    *left_out = rest;
    let (i, example) = &kept[0];
    let Reason::CanonicalElsewhere { canonical, .. } = &example.reason else {
        return None;
    };
    let loc = scan.urls[*i].loc.as_str();
    // The base URL the build was made for: the canonical without the
    // page's own path under the base URL.
    let built_for = loc
        .strip_prefix(base.as_str())
        .and_then(|rel| canonical.as_str().strip_suffix(rel))
        .filter(|b| b.ends_with('/'))
        .map_or_else(String::new, |b| format!(" ({b})"));
    let base_host = url::Url::parse(base.as_str())
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned));
    let host = url::Url::parse(canonical.as_str())
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .filter(|h| Some(h) != base_host.as_ref())
        .map_or_else(String::new, |h| format!(" on {h}"));
    Some(format!(
        "{}: {count} of {read} built pages read name a canonical URL{host} outside the base URL {base} ({base_from}), such as {} in {}: the site was built for another base URL{built_for}, a staging or preview build; listed under the base URL, not left out as canonical elsewhere; build it again for {base} (`{}`, with no other base URL given), then the scan",
        shown_dir(&build.dir),
        canonical,
        shown(&example.path),
        build.command
    ))
}
