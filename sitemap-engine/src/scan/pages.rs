//! Pages a caller lists (a build script's list, an mdBook's chapters)
//! through the source layer: overrides, filters and the lastmod
//! precedence, as for a content tree.

use std::collections::HashMap;
use std::path::PathBuf;

use sitemap_source::pipeline::Pipeline;

use super::{LeftOut, PageList, Scan, ScanOptions, base_url_setting};
use crate::error::Error;
use crate::ledger::{source_fingerprint, with_deps};

pub(super) fn scan(list: &PageList, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    let base = base_url_setting(options.resolved)?;
    let root = &list.root;
    let mut read = std::collections::BTreeSet::new();
    let mut sources = HashMap::new();
    let mut files_read = 0;
    for page in &list.pages {
        let path = root.join(&page.source);
        // A page without a file has a made-up name (`<page 3>`).
        if path.is_file() {
            files_read += 1;
            if options.track_reads {
                read.insert(path.clone());
            }
            if options.want_sources {
                sources.insert(page.loc.clone(), path);
            }
        }
    }
    let order: HashMap<_, _> = if list.keep_order {
        list.pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.loc.clone(), i))
            .rev()
            .collect()
    } else {
        HashMap::new()
    };
    let output = Pipeline::new(root, options.config.clone())?.run(list.pages.clone())?;
    let mut urls = output.urls;
    if let Some(ledger) = options.ledger {
        let fingerprints: HashMap<_, _> = list
            .pages
            .iter()
            .filter_map(|p| {
                let own = source_fingerprint(&root.join(&p.source)).ok()?;
                let deps: Vec<PathBuf> = p.deps.iter().map(|d| root.join(d)).collect();
                Some((
                    p.loc.clone(),
                    with_deps(own, deps.iter().map(PathBuf::as_path)),
                ))
            })
            .collect();
        ledger.apply(&mut urls, &fingerprints);
    }
    for url in &mut urls {
        if let Some(l) = list.fixed_lastmod.get(&url.loc) {
            url.lastmod = Some(l.clone());
        }
    }
    if list.keep_order {
        // The source layer sorts by loc; this order is just as
        // deterministic and is the one the caller chose.
        urls.sort_by_key(|u| order.get(&u.loc).copied().unwrap_or(usize::MAX));
    }
    Ok(Scan {
        files_read,
        read,
        watch_dirs: Vec::new(),
        warnings: output.warnings.iter().map(ToString::to_string).collect(),
        left_out: output
            .excluded
            .iter()
            .map(|e| LeftOut {
                path: e.source.clone(),
                label: e.reason.to_string(),
                detail: format!("{} ({})", e.reason, e.loc),
            })
            .collect(),
        urls,
        base_url: base,
        default_out: None,
        sources,
        used_git: true,
        images: Default::default(),
        site_layer: None,
    })
}
