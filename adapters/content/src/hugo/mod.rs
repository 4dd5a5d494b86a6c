//! Hugo's rules: content organisation (sections, leaf and branch bundles),
//! URL management (`url`, `slug`, `uglyURLs`, `permalinks`, languages),
//! front matter (`draft`, `headless`, `build`/`_build`, `sitemap.disable`,
//! `publishDate`, `expiryDate`) and taxonomies, as documented on
//! gohugo.io and checked against a real `hugo` build in this crate's tests.
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
//! Go's `path.Join` does. What Hugo refuses is refused: a `url` with
//! `http://`/`https://` (every such file reported),
//! `disableKinds = ["taxonomy"]` without `"term"` or `ignoreErrors`, and a
//! default language the languages do not define.
//!
//! The configuration comes from `config_files` (which files, merged how,
//! a file name's language) and `config` (what the merged settings mean);
//! `kinds` reads `disableKinds` with Hugo's names. Values of another
//! type are converted as `spf13/cast` converts them (`front_matter`); a
//! site's `[frontmatter]` date orders are read by `lastmod_order`; a list
//! page whose own file is dated keeps its date.

mod bundles;
mod classify;
mod config;
mod config_files;
mod dates;
mod front_matter;
mod kinds;
mod lastmod_order;
mod scan;
mod site_sitemap;
mod urls;
mod values;

pub(crate) use config::{HugoConfig, open};
pub use lastmod_order::LastmodOrder;
pub use site_sitemap::SiteSitemap;
pub(crate) use scan::scan;
pub use values::hugo_front_matter_values;
