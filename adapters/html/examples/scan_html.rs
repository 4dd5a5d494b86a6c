//! Scans a built site and prints what was found: the program
//! `cargo xtask bench html` times.
//!
//! `scan_html DIR BASE_URL [--threads N] [--images]` (`--images`: list
//! each page's images, so read its body too).

use std::path::PathBuf;
use std::time::Instant;

use sitemap_html::{HtmlOptions, scan};
use sitemap_pages::images::ImageRules;

// As in the `sitemap` binary, whose `scan --html` this stands for.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: scan_html DIR BASE_URL [--threads N] [--images]";
    let dir = PathBuf::from(args.next().ok_or(usage)?);
    let base = args.next().ok_or(usage)?;
    let mut options = HtmlOptions::new(base.parse()?);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--threads" => options.threads = args.next().ok_or(usage)?.parse()?,
            "--images" => {
                let rules = ImageRules::new(&options.base_url, &[])?;
                options = options.with_images(rules);
            }
            other => return Err(format!("unknown argument `{other}`; {usage}").into()),
        }
    }
    let start = Instant::now();
    let found = scan(&dir, &options)?;
    let elapsed = start.elapsed();
    println!(
        "listed={} images={} excluded={} warnings={} files_read={} elapsed_ms={}",
        found.urls.len(),
        found.images.listed,
        found.excluded.len(),
        found.warnings.len(),
        found.files_read.len(),
        elapsed.as_millis()
    );
    Ok(())
}
