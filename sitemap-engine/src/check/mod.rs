//! Checks of what a job made against what is on disk.
//!
//! - `build/`: after a source scan, the site its generator built
//!   checks the URLs the scan lists (the build check), and gives the
//!   pages only the build has through the scan's gate.
//! - `up_to_date.rs`: `--check`, the set a write would make compared
//!   with the output folder.
//! - [`site_check`]: a sitemap set checked against the built folder it
//!   describes (`validate --site`, `check-site`).
//! - [`validate`]: sitemaps on disk, ours or not, checked as a set.

#[cfg(feature = "html")]
pub(crate) mod build;
#[cfg(feature = "html")]
pub mod site_check;
pub(crate) mod up_to_date;
#[cfg(feature = "html")]
pub mod validate;
