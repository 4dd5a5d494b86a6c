//! `sitemap write SITEMAP`: another generator's sitemap (a `<urlset>`, an
//! index with its children, or either gzipped) in, a correct set out,
//! through the same writer as a URL list.
//!
//! The reading and its repairs are `sitemap_engine::sitemap_input`'s:
//! each dropped or corrected value is a warning naming its file and line,
//! and the run still writes (the point is to repair what a generator
//! wrote, not to refuse it). Without `--out` the set replaces the input
//! in its own folder: everything is read before the writer switches the
//! new files in, so reading and writing the same folder is safe.
//!
//! A file that cannot be read whole (not well-formed past what the
//! reader repairs, cut off, or a child that is a FIFO, a device or
//! unreadable) is the one thing that stops the run: the
//! entries after the fault are unknown, and writing the ones before it
//! would replace the input with part of it. Each such file is an error
//! line, and nothing is written.

use std::path::Path;

use sitemap_core::Pushed;
use sitemap_engine::sitemap_input::{Found, read_sitemaps};
use sitemap_engine::{HumanPage, Outputs, Publisher, Resolved};

use crate::Outcome;
use crate::settings::Hinted;
use crate::ui::{Ui, shown};
use crate::write::{WriteArgs, waiting_for};

pub(crate) fn run(args: &WriteArgs, input: &Path, ui: &Ui) -> anyhow::Result<Outcome> {
    let base = crate::values::base_url(&args.base_url)?;
    let mut layer = args.output.layer(Some(&args.base_url));
    if layer.settings.out.is_none() {
        let folder = input.parent().filter(|p| !p.as_os_str().is_empty());
        layer.settings.out = Some(folder.unwrap_or(Path::new(".")).to_path_buf());
    }
    let resolved = Resolved::new(&[layer]);
    let mut outputs = Outputs::resolve(&resolved, base.clone(), None)?;
    outputs.lock_wait = args.wait.map(std::time::Duration::from_secs);
    let html_page = outputs.html_page;
    let mut pages = Vec::new();
    let mut publisher = Publisher::open(outputs, |dir| ui.summary(&waiting_for(dir)))?;
    let read = read_sitemaps(input, &base, &mut |found| -> anyhow::Result<()> {
        match found {
            Found::Note(note) => ui.warning(&note),
            Found::Unread(fault) => ui.error_line(&fault),
            Found::Url { file, line, url } => {
                if publisher.push(&url)? == Pushed::SkippedOutside {
                    ui.warning(&format!(
                        "{}:{line}: {} lies outside {base}: left out",
                        file.display(),
                        url.loc
                    ));
                } else if html_page {
                    pages.push(HumanPage {
                        loc: url.loc,
                        source: None,
                        lastmod: url.lastmod,
                    });
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    if read.unread > 0 {
        // The publisher is dropped unfinished: its temporary files go,
        // and the input stays as it is.
        return Err(Hinted {
            message: format!(
                "{} sitemap file(s) could not be read whole, so URLs of the input are unknown; nothing written, {} left as it is",
                read.unread,
                input.display()
            ),
            hint: "repair the file at the line named above (`sitemap validate FILE` shows every finding), then run again".to_owned(),
        }
        .into());
    }
    let report = publisher.finish(&pages)?;
    for w in &report.warnings {
        ui.warning(w);
    }
    // The old index's children are the generator's files: never deleted,
    // but no longer listed, so the user hears that they are left over.
    let written: Vec<&Path> = report
        .set
        .sitemaps
        .iter()
        .map(|s| s.path.as_path())
        .collect();
    for child in &read.children {
        if child.exists() && !written.iter().any(|w| same_file(w, child)) {
            ui.warning(&format!(
                "{}: read, and not part of the new set: delete it once the new set is served",
                child.display()
            ));
        }
    }
    let mut notes = Vec::new();
    if read.made_absolute > 0 {
        notes.push(format!(
            "{} relative loc(s) made absolute",
            read.made_absolute
        ));
    }
    if read.repaired > 0 {
        notes.push(format!("{} problem(s) reported above", read.repaired));
    }
    if report.duplicates > 0 {
        notes.push(format!("{} duplicate(s) left out", report.duplicates));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    ui.summary(&format!(
        "sitemap: {} sitemap file(s) read, {} <url> entries, {} URLs{notes}; {}",
        read.files,
        read.urls,
        report.set.urls,
        report.written(shown)
    ));
    Ok(Outcome::Done)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
