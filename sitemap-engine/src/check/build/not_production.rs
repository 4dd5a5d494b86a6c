//! A site built for another environment than production: many themes
//! write `<meta name="robots" content="noindex">` on every page unless
//! the build is for production (PaperMod unless `params.env =
//! "production"`, others unless `hugo.IsProduction` or `HUGO_ENV`). The
//! generator's own sitemap lists those pages all the same. Each page's
//! head would leave it out as `noindex`, and the set would be empty, or
//! refused, for a site whose production build is indexed. When most
//! pages read say `noindex`, the home page among them, the build is taken
//! for such a one: those pages stay listed, and one warning names the
//! file and the fix. A theme that writes `noindex` on some pages (an
//! archive, a tag list) never says it on most of them and the home page.

use sitemap_core::diagnostic::{Diagnostic, shown};

use super::inside::dir_place;
use crate::scan::built::Build;
use crate::scan::{LeftOut, Reason, Scan};

/// Takes out of `left_out` (each a listed entry's index and record) the
/// pages left out for a robots meta's `noindex` when they are most of the
/// `read` pages whose head was read and the home page (the base URL) is
/// one of them, and says so.
pub(super) fn built_for_another_environment(
    scan: &Scan,
    build: &Build,
    read: usize,
    left_out: &mut Vec<(usize, LeftOut)>,
) -> Option<Diagnostic> {
    let by_meta = |l: &LeftOut| {
        matches!(
            &l.reason,
            Reason::Noindex {
                by: crate::scan::NoindexBy::Meta(_),
                ..
            }
        )
    };
    let count = left_out.iter().filter(|(_, l)| by_meta(l)).count();
    let home = scan.base_url.as_ref()?;
    let home_says_it = left_out
        .iter()
        .any(|(i, l)| by_meta(l) && scan.urls[*i].loc == *home);
    if count < 2 || count * 2 <= read || !home_says_it {
        return None;
    }
    let (kept, rest): (Vec<_>, Vec<_>) = std::mem::take(left_out)
        .into_iter()
        .partition(|(_, l)| by_meta(l));
    *left_out = rest;
    let example = kept
        .iter()
        .find(|(i, _)| scan.urls[*i].loc == *home)
        .map_or(&kept[0].1, |(_, l)| l);
    Some(
        Diagnostic::warning(format!(
            "{count} of {read} built pages read say noindex in their robots meta, the home page among them ({}): the site was built for another environment than production (a theme that writes noindex unless the build is for production, such as PaperMod without `params.env = \"production\"`); listed, as the generator's own sitemap lists them, not left out as noindex; build it for production (`{}` with the production environment and settings), then the scan",
            shown::path(&example.path),
            build.command
        ))
        .in_file(dir_place(&build.dir)),
    )
}
