//! `sitemap index --base-url URL --out DIR SITEMAP...`: one
//! `<sitemapindex>` over sitemaps that already exist, such as a Zola site
//! at `/`, an mdBook book at `/book/` and API docs at `/api/`, each
//! written by its own tool.
//!
//! - Each sitemap must lie inside `--out`: its URL is `--base-url` plus
//!   its path there, which is where the server will answer for it.
//! - Each is checked as `sitemap validate` checks it, under the location
//!   rule for that URL; a bad one is reported and nothing is written.
//! - An index given as input is replaced by the sitemaps it lists (an
//!   index may not list another index), found in `--out` the same way.
//! - Each entry's `<lastmod>` is the newest `<lastmod>` of the sitemap's
//!   URLs: a crawler re-reads the sitemaps whose pages changed.
//! - The index and robots.txt are written as every file is (temporary
//!   file, sync, rename, under the folder's lock), by the engine's
//!   [`sitemap_engine::publish_index`].

use std::io::BufReader;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use sitemap_core::validate::{self, DocumentKind, Options};
use sitemap_core::{Lastmod, Limits, Loc};
use sitemap_engine::IndexEntry;

use crate::Outcome;
use crate::settings::Hinted;
use crate::ui::{Ui, shown};

/// Write one sitemap index over existing sitemaps (each checked), with each one's newest lastmod.
#[derive(Args, Debug)]
pub(crate) struct IndexArgs {
    /// The sitemaps (or indexes, replaced by what they list), inside --out.
    #[arg(required = true, value_name = "SITEMAP")]
    sitemaps: Vec<PathBuf>,
    /// The URL --out is served at.
    #[arg(long, value_name = "URL")]
    base_url: String,
    /// The folder served at --base-url; the index is written here.
    #[arg(long, short, value_name = "DIR")]
    out: PathBuf,
    /// The index's file name.
    #[arg(long, default_value = "sitemap_index.xml")]
    filename: String,
    /// Add or update the `Sitemap:` line in robots.txt in --out.
    #[arg(long)]
    robots: bool,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
}

/// One entry of the index.
struct Child {
    loc: Loc,
    lastmod: Option<Lastmod>,
}

pub(crate) fn run(args: &IndexArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
    let base = crate::values::base_url(&args.base_url)?;
    let out = args
        .out
        .canonicalize()
        .with_context(|| format!("--out {}", args.out.display()))?;
    let name = args.filename.clone();
    let mut children = Vec::new();
    let mut problems = Vec::new();
    for file in &args.sitemaps {
        if let Err(e) = add(file, &out, &base, &name, true, &mut children) {
            problems.push(format!("{e:#}"));
        }
    }
    if !problems.is_empty() {
        for p in &problems {
            ui.error_line(p);
        }
        return Err(Hinted {
            message: format!(
                "{} of {} sitemap(s) cannot be listed; nothing written",
                problems.len(),
                args.sitemaps.len()
            ),
            hint: "`sitemap validate FILE` shows every finding of a sitemap".to_owned(),
        }
        .into());
    }
    let entries: Vec<IndexEntry> = children
        .into_iter()
        .map(|c| IndexEntry::new(c.loc, c.lastmod))
        .collect();
    let report = sitemap_engine::publish_index(&out, &base, &name, &entries, args.robots)?;
    debug_assert!(report.path.ends_with(&name));
    let mut written = format!("wrote {}", shown(&args.out.join(&name)));
    match report.robots_changed {
        Some(true) => written.push_str(" and robots.txt"),
        Some(false) => written.push_str("; robots.txt already up to date"),
        None => {}
    }
    for w in &report.warnings {
        ui.warning(w);
    }
    ui.summary(&format!(
        "sitemap: index of {} sitemaps; {written}",
        entries.len()
    ));
    Ok(Outcome::Done)
}

/// Checks `file` and adds it, or for an index the user `given`, what it
/// lists.
fn add(
    file: &Path,
    out: &Path,
    base: &Loc,
    index_name: &str,
    given: bool,
    children: &mut Vec<Child>,
) -> anyhow::Result<()> {
    let real = file
        .canonicalize()
        .with_context(|| format!("{}", file.display()))?;
    let rel = real.strip_prefix(out).map_err(|_| {
        anyhow::anyhow!(
            "{}: not inside --out {}, so it has no URL under --base-url",
            file.display(),
            out.display()
        )
    })?;
    let rel = rel.to_string_lossy().replace('\\', "/");
    if rel == index_name {
        anyhow::bail!(
            "{}: is the index this run writes; give the sitemaps it should list",
            file.display()
        );
    }
    let loc = base.join(&rel)?;
    let options = Options::default()
        .with_limits(Limits::SITEMAPS_ORG)
        .with_location(loc.clone());
    let mut newest: Option<Lastmod> = None;
    let handle =
        sitemap_core::input::open_regular(&real).with_context(|| format!("{}", file.display()))?;
    let report = validate::validate_with(BufReader::new(handle), &options, &mut |e| {
        if let Some(l) = e.lastmod
            && newest.as_ref().is_none_or(|n| l > *n)
        {
            newest = Some(l);
        }
    })?;
    if let Some(d) = report
        .diagnostics
        .iter()
        .find(|d| d.severity == validate::Severity::Error)
    {
        anyhow::bail!(
            "{}:{}:{}: {} ({} error(s) in all)",
            file.display(),
            d.line,
            d.column,
            d.message,
            report.errors()
        );
    }
    match report.kind {
        DocumentKind::Sitemapindex if !given => anyhow::bail!(
            "{}: an index listed by an index (the protocol allows one level)",
            file.display()
        ),
        DocumentKind::Sitemapindex => {
            for child in &report.children {
                let rel = child
                    .loc
                    .as_str()
                    .strip_prefix(base.as_str())
                    .with_context(|| {
                        format!(
                            "{}:{}:{}: lists {}, which is not under --base-url {base}",
                            file.display(),
                            child.line,
                            child.column,
                            child.loc
                        )
                    })?;
                let nested = out.join(rel);
                add(&nested, out, base, index_name, false, children)?;
            }
        }
        _ => children.push(Child {
            loc,
            lastmod: newest,
        }),
    }
    Ok(())
}
