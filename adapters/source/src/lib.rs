//! The source layer every adapter shares: front matter, per-page
//! overrides, include/exclude filters, and a `lastmod` you can trust.
//!
//! - [`front_matter::parse`] finds and parses TOML (`+++`), YAML (`---`)
//!   or JSON (`{`) front matter, and where the body starts.
//! - [`overrides::Overrides::from_front_matter`] reads what the page says
//!   about its sitemap entry in Hugo, Zola and Jekyll shapes.
//! - [`filter::Filter`] applies include/exclude globs to source paths.
//!
//! Every error is an [`Error`] naming the file, and the line where there
//! is one.
//!
//! ```
//! use std::path::Path;
//! use sitemap_source::{front_matter, overrides::{Exclusion, Overrides}};
//!
//! let path = Path::new("content/draft.md");
//! let text = "+++\ntitle = \"Soon\"\ndraft = true\n+++\nNot yet.\n";
//! let fm = front_matter::parse(path, text)?;
//! assert_eq!(fm.body(text), "Not yet.\n");
//! let overrides = Overrides::from_front_matter(path, &fm)?;
//! assert_eq!(overrides.exclude, Some(Exclusion::Draft));
//! # Ok::<(), sitemap_source::Error>(())
//! ```

mod error;
pub mod filter;
pub mod front_matter;
pub mod overrides;

pub use crate::error::Error;
