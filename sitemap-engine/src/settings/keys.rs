//! Every settings key, declared once: `declare_keys!` below takes one
//! entry per key (its TOML name, the Rust name of its field and builder
//! method, where it means something, an example, one doc string, and the
//! CLI flag's short form or aliases where it has them) and makes
//! [`KEYS`], the table everything else is rendered from or checked against:
//!
//! - the field docs of [`Settings`](super::Settings) are the table's
//!   ([`key_doc!`](crate::key_doc)), and a test checks that [`KEYS`] lists
//!   exactly its fields;
//! - `sitemap scan --help`, `mdbook-sitemap --help` and the plugin's README
//!   show [`toml_fragment`]; the guide's key table (`docs/guide/src/settings.md`) is [`markdown_table`]
//!   (a tidy test checks it);
//! - the CLI's flags take their help from [`key_doc!`](crate::key_doc), and
//!   a test checks that every key has its flag ([`Key::flag`]);
//! - build.rs's builder methods take their docs from
//!   [`key_doc!`](crate::key_doc), and a test checks that every key has
//!   its method ([`Key::builder`]).
//!
//! The `Settings` struct itself stays written by hand: its serde
//! attributes and nested tables read better as a plain struct than as
//! macro input, and the test above keeps the two in step.

/// One key of the settings table.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Key {
    /// As written in TOML (`max-urls`; `git.date` is `date` under `[git]`).
    pub name: &'static str,
    /// A value, as TOML.
    pub example: &'static str,
    /// A value for `book.toml`, where the general one would not fit a
    /// book (paths under `src/`).
    pub book_example: Option<&'static str>,
    /// What it does, and its default.
    pub doc: &'static str,
    /// Where it means something.
    pub scope: Scope,
    /// The build.rs builder's method for it (`max_urls`; `out_dir` for
    /// `out`).
    pub builder: &'static str,
    /// The CLI flag's short form (`-o`), if any.
    pub short: Option<char>,
    /// The CLI flag's other names (`--drafts`), if any.
    pub aliases: &'static [&'static str],
    /// One line for the CLI's short help (`-h`): what the flag does, in
    /// a few words; `--help` shows `doc`.
    pub summary: Option<&'static str>,
}

impl Key {
    /// The CLI flag: `--max-urls`, `--git-date` for `git.date`, `--key`
    /// for `submit.key`.
    pub fn flag(&self) -> String {
        flag_name(self.name)
    }
}

/// The flag of `key`: `--max-urls`, `--git-date` for `git.date`, `--key`
/// for `submit.key`.
pub fn flag_name(key: &str) -> String {
    // `sitemap submit` takes the `[submit]` keys without their table's
    // prefix (`--key`, `--endpoint`): no other subcommand has them.
    let key = key.strip_prefix("submit.").unwrap_or(key);
    format!("--{}", key.replace('.', "-"))
}

/// The build.rs builder's method for `key`: `max_urls`, `out_dir` for
/// `out`.
pub(crate) fn builder_method(key: &str) -> String {
    self::key(key).map_or_else(|| key.replace(['-', '.'], "_"), |k| k.builder.to_owned())
}

/// Where a key means something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Scope {
    /// Everywhere: the CLI, the mdBook plugin and build.rs.
    All,
    /// It chooses what is scanned (a site's sources or its built HTML):
    /// the CLI and build.rs. For the mdBook plugin the book is the source,
    /// so `book.toml` refuses it.
    Site,
    /// Read only by change submission (`sitemap submit`, `mdbook-sitemap
    /// submit`, build.rs's `submit`); a scan ignores it.
    Submit,
}

/// `Some` of the one expression given, `None` of none.
macro_rules! optional {
    () => {
        None
    };
    ($value:expr) => {
        Some($value)
    };
}

/// The first expression given, else the second.
macro_rules! or_else {
    ($value:expr, $default:expr) => {
        $value
    };
    (, $default:expr) => {
        $default
    };
}

/// Makes [`KEYS`] and [`key_doc!`](crate::key_doc) from one entry per key:
/// `rust_name = "toml-name" { scope, example, [book_example,] [short,]
/// [aliases,] [builder,] [summary,] doc }`; the builder method is `rust_name` unless
/// `builder` says otherwise.
macro_rules! declare_keys {
    ($(
        $ident:ident = $name:literal {
            scope: $scope:ident,
            example: $example:expr,
            $(book_example: $book:expr,)?
            $(short: $short:literal,)?
            $(aliases: [$($alias:literal),*],)?
            $(builder: $builder:literal,)?
            $(summary: $summary:literal,)?
            doc: $doc:literal,
        }
    )*) => {
        /// Every key, in the order the documentation shows them.
        pub const KEYS: &[Key] = &[$(
            Key {
                name: $name,
                example: $example,
                book_example: optional!($($book)?),
                doc: $doc,
                scope: Scope::$scope,
                builder: or_else!($($builder)?, stringify!($ident)),
                short: optional!($($short)?),
                aliases: &[$($($alias),*)?],
                summary: optional!($($summary)?),
            },
        )*];

        /// The doc string of a settings key, as a literal for `#[doc = …]`
        /// and clap's `help = …`: `key_doc!(max_urls)`, `key_doc!(git_date)`.
        #[macro_export]
        macro_rules! key_doc {
            $(($ident) => { $doc };)*
        }
    };
}

declare_keys! {
    base_url = "base-url" {
        scope: All,
        example: r#""https://example.org/""#,
        book_example: r#""https://example.org/book/""#,
        summary: "The URL the output folder is served at",
        doc: "The URL the output folder is served at. Default: the site's `base_url`/`baseURL` (mdBook: an absolute `output.html.site-url`).",
    }
    flavor = "flavor" {
        scope: Site,
        example: r#""zola""#,
        summary: "Which site: `zola`, `hugo` or `html`",
        doc: "`zola`, `hugo` or `html`. Default: detected from the site's configuration.",
    }
    html = "html" {
        scope: Site,
        example: r#""public""#,
        builder: "html",
        summary: "Scan this built HTML folder, not the sources",
        doc: "Scan this built HTML folder instead of the sources.",
    }
    html_source = "html-source" {
        scope: Site,
        example: r#""content""#,
        summary: "With `html`: the sources, for front matter dates",
        doc: "With `html`: the folder the pages were built from (same paths, `.md` or `.html`), for lastmod from its front matter and git history.",
    }
    clean_urls = "clean-urls" {
        scope: Site,
        example: "false",
        summary: "With `html`: list `page.html` as `page`",
        doc: "With `html`: list `page.html` as `page` (VitePress `cleanUrls`, Cloudflare Pages, Vercel).",
    }
    trailing_slash = "trailing-slash" {
        scope: Site,
        example: r#""always""#,
        summary: "With `html`: `dir/index.html` as `dir/` or `dir`",
        doc: "With `html`: `dir/index.html` as `dir/` (`always`, the default), `dir` (`never`) or itself (`keep`).",
    }
    include = "include" {
        scope: All,
        example: r#"["content/**"]"#,
        book_example: "[]",
        summary: "List only pages whose source matches",
        doc: "Globs over source paths, relative to the site root (mdBook: to `src/`): when given, only matching pages are listed.",
    }
    exclude = "exclude" {
        scope: All,
        example: r#"["content/drafts/**"]"#,
        book_example: r#"["drafts/**"]"#,
        summary: "Leave out pages whose source matches",
        doc: "Globs over source paths: matching pages are left out.",
    }
    include_drafts = "include-drafts" {
        scope: All,
        example: "false",
        aliases: ["drafts"],
        summary: "List drafts too",
        doc: "List drafts too.",
    }
    lastmod = "lastmod" {
        scope: All,
        example: r#"["front-matter", "git", "date", "mtime"]"#,
        summary: "Where lastmod comes from, first match wins",
        doc: "Where lastmod comes from, first match wins; `[]` for none; `mtime` counts only for untracked or edited files in a git work tree, and outside git only when this key names it.",
    }
    changefreq = "changefreq" {
        scope: All,
        example: r#""weekly""#,
        summary: "changefreq where front matter sets none",
        doc: "changefreq of pages whose front matter sets none. Default: Hugo's `[sitemap] changefreq`, else none.",
    }
    priority = "priority" {
        scope: All,
        example: "0.5",
        summary: "priority where front matter sets none",
        doc: "priority of pages whose front matter sets none. Default: Hugo's `[sitemap] priority`, else none.",
    }
    git_date = "git.date" {
        scope: All,
        example: r#""committer""#,
        summary: "Which commit date: `committer` or `author`",
        doc: "`committer` (default) or `author`: which of a commit's dates is the lastmod.",
    }
    git_shallow = "git.shallow" {
        scope: All,
        example: r#""warn""#,
        aliases: ["shallow"],
        summary: "In a shallow clone: `warn`, `fail` or `omit`",
        doc: "In a shallow clone: `warn` (default; a cut-off file gets no lastmod unless its front matter has a date, never its mtime), `fail`, or `omit` the lastmod.",
    }
    git_uncommitted = "git.uncommitted" {
        scope: All,
        example: r#""mtime""#,
        summary: "An edited file: `mtime` or `last-commit`",
        doc: "An edited or untracked file: its `mtime` (default), or the `last-commit`.",
    }
    git_timeout = "git.timeout" {
        scope: All,
        example: "600",
        summary: "Seconds one `git` process may take",
        doc: "Seconds any one `git` process may take (a partial clone fetching, a network file system, a credential prompt can block it): a notice names what the run waits for after 10 s, and past the limit the run fails. `0` for no limit. Default: 600.",
    }
    out = "out" {
        scope: All,
        example: r#""public""#,
        book_example: r#""book/html""#,
        short: 'o',
        builder: "out_dir",
        summary: "The output folder",
        doc: "The output folder. Default: Zola `output_dir`, Hugo `publishDir`, the HTML folder (mdBook: the book's HTML folder).",
    }
    filename = "filename" {
        scope: All,
        example: r#""sitemap.xml""#,
        summary: "The root file's name (`sitemap.xml`)",
        doc: "The root file's name (default `sitemap.xml`, or `sitemap.txt`; Hugo: its `[sitemap] filename`); split sets name their files after it; never a file the site or the tool owns (robots.txt, llms.txt, a page, a feed, the stylesheet, the ledger, the key file).",
    }
    format = "format" {
        scope: All,
        example: r#""xml""#,
        summary: "`xml` or `txt`",
        doc: "`xml` (default) or `txt`.",
    }
    gzip = "gzip" {
        scope: All,
        example: "false",
        summary: "Also write gzipped copies",
        doc: "Write `.xml.gz` / `.txt.gz`.",
    }
    limits = "limits" {
        scope: All,
        example: r#""legacy""#,
        summary: "`legacy` (10 MB a file) or `sitemaps-org`",
        doc: "`legacy` (default: 50,000 URLs and 10 MB a file) or `sitemaps-org` (50 MB).",
    }
    max_urls = "max-urls" {
        scope: All,
        example: "50000",
        summary: "At most this many URLs a file",
        doc: "At most this many URLs a file (1 to 50,000); past it the set is split into an index.",
    }
    robots = "robots" {
        scope: All,
        example: "false",
        summary: "Add the `Sitemap:` line to robots.txt",
        doc: "Add or update the `Sitemap:` line of robots.txt in the output folder (merged, never replaced).",
    }
    stylesheet = "stylesheet" {
        scope: All,
        example: "false",
        summary: "Write `sitemap.xsl` for browsers",
        doc: "Write `sitemap.xsl` and reference it, so a browser shows the sitemap as a table.",
    }
    html_page = "html-page" {
        scope: All,
        example: "false",
        summary: "Write `sitemap.html` for visitors",
        doc: "Write `sitemap.html`: every page by section, with its title, for visitors.",
    }
    check_site = "check-site" {
        scope: All,
        example: "false",
        summary: "Check the set against the built pages",
        doc: "After writing, check the set against the built pages in the output folder, as `sitemap validate --site` does; an error fails the run. A folder with no HTML page yet is checked as sitemaps only, with a warning (build.rs: the usual case, as a build script runs before the site is built).",
    }
    ledger = "ledger" {
        scope: All,
        example: r#""sitemap.ledger""#,
        summary: "Keep a lastmod ledger in this file",
        doc: "Keep a lastmod ledger in this file (commit it or cache it in CI): a page whose content did not change keeps its lastmod, whatever git or the files say; `sitemap changes` lists the last run's changes.",
    }
    lastmod_deps = "lastmod-deps" {
        scope: Site,
        example: r#"["bundle"]"#,
        summary: "Other files whose git dates count",
        doc: "Files besides a page's own whose git dates count towards its lastmod (the newest wins): `bundle`, a page bundle's resources (the files beside its `index.md`: Hugo leaf bundles, Zola colocated assets). Default: none (mdBook: chapters always count their `{{#include}}`s).",
    }
    git_ignore_revs = "git.ignore-revs" {
        scope: All,
        example: r#"".git-blame-ignore-revs""#,
        aliases: ["ignore-revs-file"],
        summary: "Commits that do not count (reformatting)",
        doc: "Commits that do not count (mass reformatting), one full id a line as in `.git-blame-ignore-revs`, which is read by default when it exists at the repository root; `\"\"` for none.",
    }
    images = "images" {
        scope: All,
        example: "true",
        summary: "List each page's images",
        doc: "List the images each page shows (`<image:image>`, Google's image extension): Markdown images and `<img>` of the body, front matter images (`image-keys`), or in built HTML the `<img>`, `srcset` and `<picture>` of the main content. A page's `sitemap.images = false` (Zola `[extra.sitemap]`) turns it off there. At most 1,000 a page. Default: false.",
    }
    image_hosts = "image-hosts" {
        scope: All,
        example: r#"["cdn.example.org", "*.cloudfront.net"]"#,
        summary: "Other hosts whose images are listed",
        doc: "Hosts besides the site's own whose images are listed (a CDN), as names or globs; images on other hosts are left out and counted. Default: none.",
    }
    image_keys = "image-keys" {
        scope: Site,
        example: r#"["extra.image", "extra.cover"]"#,
        summary: "Front matter keys that hold images",
        doc: "Front matter keys that hold a page's images (a string or a list; dotted for nested keys), resolved as the theme does: beside the page in a bundle, else from the site root. Default: Hugo `images`; Zola none.",
    }
    og_image = "og-image" {
        scope: Site,
        example: "true",
        summary: "Also list a page's `og:image`",
        doc: "With `images` on built HTML: also list the page's `og:image`, which is often a social card made for sharing rather than an image of the page. Default: false.",
    }
    split_by = "split-by" {
        scope: All,
        example: r#""section""#,
        summary: "One sitemap per group of URLs",
        doc: "One sitemap per group of URLs, all under the one index (`sitemap-<group>-<tag>.xml`, numbered when a group passes the limits): `\"section\"` groups by the first path segment under the base URL that has pages under it (the home page and the pages beside it make `home`); a table of URL globs to group names takes the first glob that matches, in the order written, the rest making `other`. Group names: ASCII letters, digits, `-`, `_`. One group writes the set as without it. Default: one set.",
    }
    submit_key = "submit.key" {
        scope: Submit,
        example: r#""5d1a4c7e""#,
        summary: "The IndexNow key",
        doc: "The IndexNow key `sitemap submit` sends (8 to 128 of `a-z`, `A-Z`, `0-9`, `-`; `sitemap submit --init` makes one): public by design, served as the key file with the site.",
    }
    submit_key_location = "submit.key-location" {
        scope: Submit,
        example: r#""https://example.org/5d1a4c7e.txt""#,
        summary: "Where the IndexNow key file is served",
        doc: "The URL of the key file, checked before anything is sent; a file in a subfolder covers only URLs under it. Default: `{base-url}{key}.txt`.",
    }
    submit_endpoint = "submit.endpoint" {
        scope: Submit,
        example: r#""https://api.indexnow.org/indexnow""#,
        summary: "The IndexNow endpoint",
        doc: "The IndexNow endpoint `sitemap submit` posts to (one reaches every engine that takes part). Default: `https://api.indexnow.org/indexnow`.",
    }
    exclude_urls = "exclude-urls" {
        scope: All,
        example: r#"["/tags/**", "/page/*/"]"#,
        summary: "Leave out pages whose URL matches",
        doc: "Globs over URLs, where `exclude` matches source files: pages whose URL matches are left out, whichever source they come from. A pattern starts with `/`, the base URL's folder (not the host root: the same patterns hold wherever the site is served); `/tags/**` also matches `/tags/`; `*` stops at a `/`, so Hugo's `/page/2/` is matched by `/page/*/`.",
    }
    include_urls = "include-urls" {
        scope: All,
        example: r#"["/blog/**"]"#,
        book_example: r#"["/guide/**", "/index.html"]"#,
        summary: "List only pages whose URL matches",
        doc: "Globs over URLs, as `exclude-urls`: when given, only pages whose URL matches are listed (`exclude-urls` wins).",
    }
    robots_disallowed = "robots-disallowed" {
        scope: All,
        example: r#""leave-out""#,
        summary: "A page robots.txt disallows: `leave-out`/`keep`",
        doc: "A page the site's robots.txt disallows for Googlebot (`robots.txt` in the output folder; for Zola and Hugo sources, else `static/robots.txt`): `leave-out` (default; counted, `--verbose` names the rule) or `keep` (listed, with a warning naming the rule). Search Console reports a listed URL robots.txt blocks as an error.",
    }
    llms_txt = "llms-txt" {
        scope: All,
        example: "false",
        summary: "Write `llms.txt` for language models",
        doc: "Write `llms.txt` (the llmstxt.org convention: a Markdown index for language models) from the same pages as the sitemap: the site's title and description, then each section's pages with title, URL and description. A hand-made llms.txt is left alone, with a warning.",
    }
    x_default = "x-default" {
        scope: Site,
        example: r#""default-language""#,
        summary: "Which translation is `x-default`",
        doc: "Which version of a translated page (Zola, Hugo) is its group's `hreflang=\"x-default\"` alternate, the one search engines show readers of no listed language: `\"default-language\"` (default: Zola's `default_language`, Hugo's `defaultContentLanguage`, in a subfolder or not), `\"none\"` (no x-default), or a language code of the site (`\"en\"`). Built HTML keeps the alternates its pages declare.",
    }
    strict = "strict" {
        scope: Site,
        example: "false",
        summary: "Fail when the built site disagrees",
        doc: "Fail the run when the site the generator built disagrees with the scan (a built page the scan neither lists nor leaves out on purpose, a listed URL with no built page), where it is otherwise a warning: for CI, after the build. Default: false.",
    }
    hugo_version = "hugo-version" {
        scope: Site,
        example: r#""0.168.0""#,
        summary: "The Hugo that builds the site",
        doc: "The Hugo that builds the site, whose rules a Hugo scan follows where versions differ (cascade targets, what is below a draft section, content formats). Default: the Hugo that built the site in its output folder (its home page's generator tag, when newer than the sources), else the `hugo` on `PATH` (`hugo version`, given 5 s), else the current release, 0.168.0.",
    }
}

/// The keys as a commented TOML fragment under `table` (`None` for
/// `sitemap.toml`'s top level, `Some("output.sitemap")` for `book.toml`),
/// leaving out the keys `scope` does not cover.
pub fn toml_fragment(table: Option<&str>, all: bool) -> String {
    let book = table.is_some_and(|t| t.ends_with(".sitemap"));
    let keys: Vec<&Key> = KEYS
        .iter()
        .filter(|k| all || k.scope != Scope::Site)
        .collect();
    let width = keys.iter().map(|k| line(k, book).len()).max().unwrap_or(0);
    let entry = |key: &Key| {
        let first = key.doc.split(". ").next().unwrap_or(key.doc);
        format!(
            "{:width$}  # {}\n",
            line(key, book),
            first.trim_end_matches('.')
        )
    };
    let mut out = String::new();
    if let Some(t) = table {
        out.push_str(&format!("[{t}]\n"));
    }
    // Sub-tables (`[git]`, `[submit]`) last: every key after a header
    // belongs to it.
    let (top, nested): (Vec<&Key>, Vec<&Key>) =
        keys.into_iter().partition(|k| !k.name.contains('.'));
    for key in top {
        out.push_str(&entry(key));
    }
    let mut current = None;
    for key in nested {
        let sub = key.name.split('.').next().unwrap_or_default();
        if current != Some(sub) {
            let header = table.map_or(sub.to_owned(), |t| format!("{t}.{sub}"));
            out.push_str(&format!("\n[{header}]\n"));
            current = Some(sub);
        }
        out.push_str(&entry(key));
    }
    out
}

/// The keys as help text shows them, wrapped to `width` columns: each
/// key's first sentence as `# ` comment lines above it, and the key
/// commented out with its example value unless `live` names it (so the
/// block pasted whole sets only those), under `table` (`None` for
/// `sitemap.toml`'s top level) with its sub-tables commented out too.
pub fn help_block(table: Option<&str>, all: bool, width: usize, live: &[&str]) -> String {
    let book = table.is_some_and(|t| t.ends_with(".sitemap"));
    let keys: Vec<&Key> = KEYS
        .iter()
        .filter(|k| all || k.scope != Scope::Site)
        .collect();
    let mut out = String::new();
    if let Some(t) = table {
        out.push_str(&format!("[{t}]\n"));
    }
    let (top, nested): (Vec<&Key>, Vec<&Key>) =
        keys.into_iter().partition(|k| !k.name.contains('.'));
    let mut current = None;
    for key in top.into_iter().chain(nested) {
        if let Some((sub, _)) = key.name.split_once('.')
            && current != Some(sub)
        {
            let header = table.map_or(sub.to_owned(), |t| format!("{t}.{sub}"));
            out.push_str(&format!("\n# [{header}]\n"));
            current = Some(sub);
        } else {
            out.push('\n');
        }
        let first = key.doc.split(". ").next().unwrap_or(key.doc);
        for comment in wrap(first.trim_end_matches('.'), width.saturating_sub(2).max(20)) {
            out.push_str(&format!("# {comment}\n"));
        }
        let hash = if live.contains(&key.name) { "" } else { "# " };
        out.push_str(&format!("{hash}{}\n", line(key, book)));
    }
    out
}

/// `text` in lines of at most `width` characters (a longer word on a
/// line of its own), split at spaces: help text pre-wrapped as comments.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn line(key: &Key, book: bool) -> String {
    let name = key.name.rsplit('.').next().unwrap_or(key.name);
    let example = match key.book_example {
        Some(e) if book => e,
        _ => key.example,
    };
    format!("{name} = {example}")
}

/// The guide's key table (Markdown, `docs/guide/src/settings.md`).
pub fn markdown_table() -> String {
    let mut out = String::from("| key | example | what it does | mdBook |\n|---|---|---|---|\n");
    for key in KEYS {
        let mdbook = match key.scope {
            Scope::All => "yes",
            Scope::Site => "no: the book is the source",
            Scope::Submit => "yes (`mdbook-sitemap submit`)",
        };
        out.push_str(&format!(
            "| `{}` | `{}` | {} | {mdbook} |\n",
            key.name,
            key.example.replace('|', "\\|"),
            key.doc.replace('|', "\\|")
        ));
    }
    out
}

/// The key of [`KEYS`] named `name`.
pub fn key(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    /// Every field of `Settings` (nested ones as `git.date`), from its
    /// own serialisation, where an unset value is `null`.
    fn fields() -> Vec<String> {
        fn walk(prefix: &str, value: &serde_json::Value, out: &mut Vec<String>) {
            if let serde_json::Value::Object(map) = value {
                for (k, v) in map {
                    match v {
                        serde_json::Value::Object(_) => walk(&format!("{prefix}{k}."), v, out),
                        _ => out.push(format!("{prefix}{k}")),
                    }
                }
            }
        }
        let mut out = Vec::new();
        walk(
            "",
            &serde_json::to_value(Settings::default()).unwrap(),
            &mut out,
        );
        out.sort();
        out
    }

    #[test]
    fn the_table_lists_exactly_the_fields_of_the_type() {
        let mut documented: Vec<String> = KEYS.iter().map(|k| k.name.to_owned()).collect();
        documented.sort();
        assert_eq!(documented, fields());
    }

    #[test]
    fn every_example_is_a_value_the_type_accepts() {
        let fragment = toml_fragment(None, true);
        let settings: Settings = toml::from_str(&fragment).unwrap();
        // Every key set: its serialisation has no null left.
        let json = serde_json::to_string(&settings).unwrap();
        assert!(!json.contains("null"), "{json}");
    }
}
