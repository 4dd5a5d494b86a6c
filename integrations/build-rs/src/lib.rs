//! Write a site's sitemap from a `build.rs` or any Rust program.
//!
//! [`Sitemap`] names a source — a Zola or Hugo content tree
//! ([`Sitemap::content`], flavour detected from the site's configuration),
//! a built HTML folder (`Sitemap::html`, feature `html`), or a list of
//! pages the caller builds ([`Sitemap::pages`]) — and [`Sitemap::write`]
//! writes the sitemap set (split and indexed past the protocol's limits,
//! each file written to a temporary name and renamed), merges the
//! `Sitemap:` line into `robots.txt` when asked, and returns a [`Built`]:
//! the set written and **every file read** to write it (content files,
//! configuration files, `sitemap.toml`), so that
//! [`Built::rerun_if_changed`] tells cargo to rerun the build script
//! exactly when one of them changes.
//!
//! A site root may hold a `sitemap.toml`, with the same keys as
//! `sitemap scan` and `[output.sitemap]` of mdBook (the table is in
//! [`sitemap_engine::keys`]); each key is also a builder method of the
//! same name (`max-urls` → [`Sitemap::max_urls`], `[git] date` →
//! [`Sitemap::git_date`]; `out` is [`Sitemap::out_dir`]) whose doc is the
//! key's entry in that table, and the builder's settings win over the file.
//! The work is the engine's ([`sitemap_engine`]): this crate only gathers
//! the settings and reports what was read, for cargo.
//! Map: `builder.rs` is the [`Sitemap`] builder (the source, a method
//! per settings key), `run.rs` the write (settings → the engine's job →
//! a [`Built`]), `built.rs` what goes back to cargo, `index.rs` the
//! [`Index`] builder, `submit.rs` IndexNow (feature `submit`); this file
//! finds the `.git` files cargo watches.
//!
//! Of the engine's other jobs, the `index` job is offered ([`Index`]: one
//! `<sitemapindex>` over the sets a site's tools wrote, such as this
//! crate's and a book's): a program that writes one set often writes the
//! index over all of them. The `write` job (a list of URLs, or another
//! generator's sitemap repaired) is not: a Rust program has its pages as
//! values and gives them to [`Sitemap::pages`], with the same settings and
//! checks, rather than as lines of text; and repairing a generator's
//! sitemap is a step of a deploy, which `sitemap write` serves.
//!
//! Features, so that build scripts compile fast (default: none):
//! - `git`: `git` in the lastmod precedence (it runs the `git` program,
//!   reading history in one pass); without it a precedence naming `git` is
//!   an error, and the default precedence is `front-matter`, `date`,
//!   `mtime`. With it, `.git/HEAD`, `.git/index` and the current branch's
//!   ref file are added to the rerun-if-changed files.
//! - `gzip`: `.xml.gz` / `.txt.gz` output.
//! - `html`: scan a built HTML folder; `check-site` (the set checked
//!   against the output folder's built pages, or the sitemaps alone with
//!   a warning when it holds none yet, as a build script's usually does).
//!
//! Errors are one type, [`Error`] (the engine's), whose `Display` and
//! `Debug` both print `file:line: message` (or the builder method a value
//! came from), so `fn main() -> Result<(), sitemap_build::Error>`
//! in a build script fails with a message naming the file and line.
//!
//! A complete `build.rs` (here run on a small Zola site made on the spot):
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let dir = tempfile::tempdir()?;
//! # let site = dir.path();
//! # std::fs::write(site.join("zola.toml"), "base_url = \"https://example.org\"\n")?;
//! # std::fs::create_dir_all(site.join("content/blog"))?;
//! # std::fs::write(site.join("content/blog/_index.md"), "+++\n+++\n")?;
//! # std::fs::write(site.join("content/blog/hello.md"), "+++\ndate = 2024-05-01\n+++\nHi\n")?;
//! # std::fs::write(site.join("sitemap.toml"), "lastmod = [\"front-matter\", \"date\"]\n")?;
//! # let out_dir = dir.path().join("out");
//! # fn build_rs(site: &std::path::Path, out_dir: &std::path::Path) -> Result<(), sitemap_build::Error> {
//! // build.rs
//! // fn main() -> Result<(), sitemap_build::Error> {
//! //     let site = std::path::Path::new("site");
//! //     let out_dir = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
//!     let built = sitemap_build::Sitemap::content(site)
//!         .out_dir(out_dir)
//!         .robots(true)
//!         .write()?;
//!     built.rerun_if_changed();
//!     Ok(())
//! // }
//! # }
//! # build_rs(site, &out_dir)?;
//! let xml = std::fs::read_to_string(out_dir.join("sitemap.xml"))?;
//! assert!(xml.contains("<loc>https://example.org/blog/hello/</loc>\n    <lastmod>2024-05-01</lastmod>"));
//! assert!(std::fs::read_to_string(out_dir.join("robots.txt"))?
//!     .contains("Sitemap: https://example.org/sitemap.xml"));
//! # Ok(())
//! # }
//! ```
//!
//! A list of pages a generator made itself:
//!
//! ```
//! use sitemap_build::{Page, Sitemap};
//!
//! let dir = tempfile::tempdir()?;
//! let built = Sitemap::pages("https://example.org/docs/", [
//!     Page::new(""),
//!     Page::new("guide/").with_lastmod("2024-06-01".parse()?),
//! ])
//! .out_dir(dir.path())
//! .write()?;
//! assert_eq!(built.report.urls, 2);
//! assert!(built.files_read.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use sitemap_core::{ChangeFreq, Lastmod, Loc, Priority, SetReport, Url};
pub use sitemap_engine::SplitBy;
pub use sitemap_engine::settings::{
    FileFormat, Flavor, LastmodDep, LimitsName, Settings, TrailingSlash,
};
pub use sitemap_engine::{Error, GitDate, LastmodSource, ShallowPolicy, Uncommitted};

/// One page of a list the caller builds ([`Sitemap::pages`]); its source
/// is relative to [`Sitemap::root`].
pub use sitemap_engine::ListedPage as Page;

#[macro_use]
mod builder;
mod built;
mod index;
mod run;

pub use crate::builder::Sitemap;
pub use crate::built::Built;
pub use crate::index::Index;
pub use sitemap_engine::Indexed;

#[cfg(feature = "submit")]
mod submit;
#[cfg(feature = "submit")]
pub use crate::submit::Submitted;
/// The engine's submission types ([`Plan`](sitemap_engine::submit::Plan),
/// [`Request`](sitemap_engine::submit::Request), the
/// [`key`](sitemap_engine::submit::key) module, and
/// [`SubmitError`](sitemap_engine::submit::SubmitError), what
/// [`Sitemap::submit`] returns when it fails).
#[cfg(feature = "submit")]
pub use sitemap_engine::submit as submission;

#[cfg(test)]
mod tests {
    use sitemap_engine::keys::KEYS;

    /// Every key of the table has its builder method ([`Key::builder`]
    /// names it), so build.rs takes every setting the other skins take.
    /// A reading of the source rather than a call: a method the table
    /// names but the builder lacks would otherwise be a compile error in
    /// a list written here by hand, a second copy of the table.
    ///
    /// [`Key::builder`]: sitemap_engine::keys::Key::builder
    #[test]
    fn every_key_has_its_builder_method() {
        // Without doc lines and whitespace, so that neither the doc lines
        // a `setting!` adds nor formatting matter.
        let source: String = [include_str!("builder.rs"), include_str!("submit.rs")]
            .concat()
            .lines()
            .filter(|l| !l.trim_start().starts_with("///"))
            .flat_map(str::split_whitespace)
            .collect();
        for key in KEYS {
            let method = key.builder;
            assert!(
                source.contains(&format!("pubfn{method}("))
                    || source.contains(&format!("pubfn{method}<"))
                    || source.contains(&format!("{method}(mutself,"))
                    || source.contains(&format!("setting!({method}(")),
                "`{}` has no builder method `{method}`",
                key.name
            );
        }
    }
}
