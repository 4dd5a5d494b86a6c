//! Hugo's rules, over the content trees `sitemap-content` reads: a Hugo
//! site opened from its configuration, and every URL the Hugo that builds
//! it lists in its sitemap.
//!
//! ```
//! use sitemap_content::{Flavor, SiteOptions, locate};
//! use sitemap_hugo::HugoVersion;
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("hugo.toml"), "baseURL = \"https://example.org/\"\n")?;
//! std::fs::create_dir_all(dir.path().join("content/posts"))?;
//! std::fs::write(dir.path().join("content/posts/First Post.md"), "+++\ntitle = \"Hi\"\n+++\nBody")?;
//!
//! let (flavor, config) = locate(dir.path(), None)?;
//! assert_eq!(flavor, Flavor::Hugo);
//! let version = HugoVersion::parse("0.168.0");
//! let site = sitemap_hugo::open(dir.path(), config, &SiteOptions::default(), version)?;
//! let scan = site.scan()?;
//! let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
//! // The taxonomies Hugo makes by default are listed too, empty.
//! assert_eq!(locs, [
//!     "https://example.org/",
//!     "https://example.org/categories/",
//!     "https://example.org/posts/",
//!     "https://example.org/posts/first-post/",
//!     "https://example.org/tags/",
//! ]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What it reads: content organisation (sections, leaf and branch bundles,
//! module mounts), URL management (`url`, `slug`, `uglyURLs`,
//! `permalinks`, languages, output formats), front matter (`draft`,
//! `headless`, `build`/`_build`, `sitemap.disable`, `cascade`,
//! `publishDate`, `expiryDate`) and taxonomies, as documented on
//! gohugo.io and checked against a real `hugo` build in this crate's tests
//! and the differential cases.
//!
//! Hugo's rules move between releases (Debian 12 ships 0.111.3, the
//! current release is 0.168.0), and a site is built by one of them: the
//! scan follows the Hugo that builds the site (`followed`: the
//! `hugo-version` setting, else the `hugo` on `PATH`, else the current
//! release). What differs is one declared table, [`rules`], evaluated
//! once for the Hugo followed and asked by name wherever the scan
//! differs; its documentation holds the recipe for a new Hugo release,
//! and the guide's "Which Hugo" page is made from it.
//!
//! Where Hugo 0.111.3 does something the documentation does not say, the
//! scan follows the build (found by `cargo xtask differential hugo` and
//! `cargo xtask corpus`, each pinned by a case in
//! `tests/data/differential/hugo/`): a draft, future or expired `_index`
//! takes everything below it (the home page: the whole language);
//! booleans, `_build` values and dates take the forms Hugo's decoders
//! take (`dates`); a list page's `url` is sanitised, a
//! relative one gets the language prefix; a top-level section without
//! `_index` is lowercase; folders `#…` and `…~` are skipped; a language
//! may have its own taxonomies; a leaf bundle with a content file in a
//! language it has no `index` of gets a page in that language (a copy of
//! the default language's `index`); a headless bundle makes its section;
//! an unpublished term `_index` drops the term; `:sections` is the
//! nearest section of the page's language; a page's `url` is joined as
//! Go's `path.Join` does. What Hugo refuses is refused (`refusals`, and a
//! `url` with `http://`/`https://`, every such file reported,
//! `disableKinds = ["taxonomy"]` without `"term"` or `ignoreErrors`, a
//! default language the languages do not define); what the scan does not
//! read is named (`blind_spots`, content adapters, modules not on disk).
//!
//! Where things are, from the ground up: no rule imports the scan or the
//! opening of the site, so each file reads with only those below it.
//!
//! - what every rule reads: `settings` (`HugoConfig`, the site's settings
//!   and the questions rules ask of them), `files` (a content file, its
//!   bundle role, the folders walked), `version` (a Hugo release) and
//!   `rules` (what each release does where releases differ);
//! - opening the site: `config_files` (which files, merged how, a file
//!   name's language), `env_config` (the `HUGO_…` variables over them),
//!   `config` (what the merged settings mean, into `settings`),
//!   `languages` (the implicit default, multihost, `hreflang`, a
//!   language's cascade), `followed` (which Hugo: `which` reads the
//!   built site's generator tag and asks the `hugo` on `PATH`), `kinds` (`disableKinds` with Hugo's names),
//!   `list_titles` (the titles of the taxonomy and term pages Hugo makes),
//!   `site_sitemap` (the site's `[sitemap]` table), `lastmod_order`
//!   (`[frontmatter]` date orders), `mounts` (module mounts, themes and
//!   imports), `outputs` (output formats: the URL a page is listed at),
//!   `permalinks` (the current Hugo's rules), `security`
//!   (`allowContent`), `refusals` and `blind_spots`;
//! - the scan, `scan/mod.rs`, a driver running phases in order:
//!   `scan/read.rs` walks each content mount and has each file
//!   classified (`classify`: language, kind, URL with `urls`, exclusion
//!   with `front_matter`, whose values are converted as `spf13/cast`
//!   converts them, dates as `dates` reads them, `cascade` values filled
//!   in first by `cascaded`, matched with `glob`, Org keywords read by `org`); `bundles`
//!   gives each leaf bundle its files; `scan/tree.rs` lets unpublished
//!   branches take what is below them and finds the sections and
//!   taxonomies; `scan/pages.rs` makes the regular pages and reads term
//!   content; `scan/lists.rs` the home, section, taxonomy and term pages
//!   (a list page whose own file is dated keeps its date);
//!   `scan/membership.rs` says which lists each page dates;
//! - `generator` is what the shared `sitemap_content::Site` asks of a
//!   Hugo site (its scan, Markdown, own sitemap, pagers, hosts);
//! - `values` prints the front matter values the scan uses, for the
//!   front matter differential in `xtask`.

mod blind_spots;
mod bundles;
mod cascade;
mod cascade_target;
mod cascaded;
mod classify;
mod config;
mod config_files;
mod dates;
mod env_config;
mod file_sites;
mod files;
mod followed;
mod front_matter;
#[doc(hidden)]
pub mod fuzzing;
mod generator;
mod glob;
mod kinds;
mod languages;
mod lastmod_order;
mod list_titles;
mod matrix;
mod mounts;
mod org;
mod outputs;
mod page_tokens;
mod permalinks;
mod refusals;
mod removed;
pub mod rules;
mod scan;
mod security;
mod settings;
mod site_sitemap;
mod sites;
mod urls;
mod values;
mod version;
mod which;

pub use config::open;
pub use followed::VersionFrom;
pub use lastmod_order::LastmodOrder;
pub(crate) use settings::HugoConfig;
pub use values::hugo_front_matter_values;
pub use version::{CURRENT, DEBIAN, HugoVersion};
