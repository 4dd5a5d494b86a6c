//! Zola's rules (0.22): `components/content/src/{file_info,page,section,
//! library,taxonomies}.rs`, `components/site/src/{lib,sitemap}.rs`;
//! `types` holds the types `front_matter/{page,section}.rs` give each key,
//! `dates` the date strings `utils/src/de.rs` reads.
//!
//! `scan/mod.rs` runs the scan's phases in order: `scan/sections.rs`
//! (section files, drafts first), `scan/pages.rs` (page files read by
//! `page`, the refusals in `refuse`, section membership),
//! `scan/entries.rs` (page, section and pager URLs) and
//! `scan/taxonomies.rs` (taxonomy, term and pager URLs, term membership).

mod config;
mod dates;
mod front_matter;
mod page;
mod refuse;
mod scan;
mod settings;
mod types;
mod values;

pub(crate) use config::{ZolaConfig, open};
pub(crate) use scan::scan;
pub use values::zola_front_matter_values;
