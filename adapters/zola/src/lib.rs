//! Zola's rules, over the content trees `sitemap-content` reads: a Zola
//! site opened from its configuration, and every URL `zola build` lists in
//! its sitemap.
//!
//! [`open`] reads `zola.toml` (or `config.toml` with `base_url`): base
//! URL, languages, taxonomies, slug settings, `ignored_content`, the
//! output folder. [`Site::scan`](sitemap_content::Site::scan) then walks
//! the content folder and applies Zola 0.22's rules, taken from its
//! source: `components/content/src/{file_info,page,section,
//! library,taxonomies}.rs`, `components/site/src/{lib,sitemap}.rs`;
//! `types` holds the types `front_matter/{page,section}.rs` give each key,
//! `dates` the date strings `utils/src/de.rs` reads.
//!
//! `scan/mod.rs` runs the scan's phases in order: `scan/sections.rs`
//! (section files, drafts first), `scan/pages.rs` (page files read by
//! `page`, the refusals in `refuse`, section membership),
//! `scan/entries.rs` (page, section and pager URLs) and
//! `scan/taxonomies.rs` (taxonomy, term and pager URLs, term membership).
//! `generator` is what the shared [`Site`](sitemap_content::Site) asks of
//! Zola; `rules` is the table of what differs between Zola releases (the
//! recipe for a new release is there); `settings` names the keys Zola
//! refuses; `values` prints the front
//! matter values the scan uses, for the differential in `xtask`.
//!
//! ```
//! use sitemap_content::{Flavor, SiteOptions, locate};
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("zola.toml"), "base_url = \"https://example.org\"\n")?;
//! std::fs::create_dir_all(dir.path().join("content/blog"))?;
//! std::fs::write(dir.path().join("content/blog/_index.md"), "+++\n+++\n")?;
//! std::fs::write(dir.path().join("content/blog/2024-05-01-Hello World.md"), "+++\ntitle = \"Hi\"\n+++\nBody")?;
//!
//! let (flavor, config) = locate(dir.path(), None)?;
//! assert_eq!(flavor, Flavor::Zola);
//! let site = sitemap_zola::open(dir.path(), config, &SiteOptions::default())?;
//! let scan = site.scan()?;
//! let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
//! assert_eq!(locs, [
//!     "https://example.org/",
//!     "https://example.org/blog/",
//!     "https://example.org/blog/hello-world/",
//! ]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod config;
mod dates;
mod front_matter;
mod generator;
mod page;
mod refuse;
pub mod rules;
mod scan;
mod section;
mod settings;
mod types;
mod values;

pub(crate) use config::ZolaConfig;
pub use config::open;
pub use values::zola_front_matter_values;
