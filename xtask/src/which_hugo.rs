//! `cargo xtask which-hugo`: the guide's "Which Hugo" page
//! (`docs/guide/src/which-hugo.md`) gets the table of Hugo's version
//! rules between its `rules:start` and `rules:end` markers, rendered from
//! `sitemap_hugo::rules` (the page's other text is written by hand). A
//! test (`tests/tests/tidy.rs`) fails while the two disagree.

use std::fs;

use anyhow::{Context, Result, bail};

use crate::root;

/// The page, from the repository root.
pub(crate) const PAGE: &str = "docs/guide/src/which-hugo.md";
const START: &str = "<!-- rules:start -->\n";
const END: &str = "<!-- rules:end -->";

pub(crate) fn run(args: &[String]) -> Result<()> {
    if !args.is_empty() {
        bail!("usage: cargo xtask which-hugo");
    }
    let path = root().join(PAGE);
    let text = fs::read_to_string(&path).with_context(|| format!("cannot read {PAGE}"))?;
    let (Some(start), Some(end)) = (text.find(START), text.find(END)) else {
        bail!("{PAGE}: no `{}` and `{END}` markers", START.trim_end());
    };
    let start = start + START.len();
    if end < start {
        bail!("{PAGE}: `{END}` comes before `{}`", START.trim_end());
    }
    let page = format!(
        "{}{}{}",
        &text[..start],
        sitemap_hugo::rules::markdown_table(),
        &text[end..]
    );
    if page != text {
        fs::write(&path, page).with_context(|| format!("cannot write {PAGE}"))?;
        println!("{PAGE}: the rules table rewritten");
    } else {
        println!("{PAGE}: the rules table is current");
    }
    Ok(())
}
