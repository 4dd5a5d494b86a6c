//! The documented table of every settings key: what `sitemap scan --help`,
//! `mdbook-sitemap --help`, the plugin's README and the README's key table
//! show, all rendered from [`KEYS`]. A test checks that [`KEYS`] lists
//! exactly the fields of [`Settings`](crate::Settings), and a tidy test
//! that the README holds [`markdown_table`]'s output.

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

/// Every key, in the order the documentation shows them.
pub const KEYS: &[Key] = &[
    Key {
        name: "base-url",
        example: r#""https://example.org/""#,
        book_example: Some(r#""https://example.org/book/""#),
        doc: "The URL the output folder is served at. Default: the site's `base_url`/`baseURL` (mdBook: an absolute `output.html.site-url`).",
        scope: Scope::All,
    },
    Key {
        name: "flavor",
        example: r#""zola""#,
        book_example: None,
        doc: "`zola`, `hugo` or `html`. Default: detected from the site's configuration.",
        scope: Scope::Site,
    },
    Key {
        name: "html",
        example: r#""public""#,
        book_example: None,
        doc: "Scan this built HTML folder instead of the sources.",
        scope: Scope::Site,
    },
    Key {
        name: "html-source",
        example: r#""content""#,
        book_example: None,
        doc: "With `html`: the folder the pages were built from (same paths, `.md` or `.html`), for lastmod from its front matter and git history.",
        scope: Scope::Site,
    },
    Key {
        name: "clean-urls",
        example: "false",
        book_example: None,
        doc: "With `html`: list `page.html` as `page` (VitePress `cleanUrls`, Cloudflare Pages, Vercel).",
        scope: Scope::Site,
    },
    Key {
        name: "trailing-slash",
        example: r#""always""#,
        book_example: None,
        doc: "With `html`: `dir/index.html` as `dir/` (`always`, the default), `dir` (`never`) or itself (`keep`).",
        scope: Scope::Site,
    },
    Key {
        name: "include",
        example: r#"["content/**"]"#,
        book_example: Some("[]"),
        doc: "Globs over source paths (relative to the site root; mdBook: to `src/`): when given, only matching pages are listed.",
        scope: Scope::All,
    },
    Key {
        name: "exclude",
        example: r#"["content/drafts/**"]"#,
        book_example: Some(r#"["drafts/**"]"#),
        doc: "Globs over source paths: matching pages are left out.",
        scope: Scope::All,
    },
    Key {
        name: "include-drafts",
        example: "false",
        book_example: None,
        doc: "List drafts too.",
        scope: Scope::All,
    },
    Key {
        name: "lastmod",
        example: r#"["front-matter", "git", "date", "mtime"]"#,
        book_example: None,
        doc: "Where lastmod comes from, first match wins; `[]` for none; `mtime` counts only for untracked or edited files in a git work tree, and outside git only when this key names it.",
        scope: Scope::All,
    },
    Key {
        name: "changefreq",
        example: r#""weekly""#,
        book_example: None,
        doc: "changefreq of pages whose front matter sets none. Default: Hugo's `[sitemap] changefreq`, else none.",
        scope: Scope::All,
    },
    Key {
        name: "priority",
        example: "0.5",
        book_example: None,
        doc: "priority of pages whose front matter sets none. Default: Hugo's `[sitemap] priority`, else none.",
        scope: Scope::All,
    },
    Key {
        name: "git.date",
        example: r#""committer""#,
        book_example: None,
        doc: "`committer` (default) or `author`: which of a commit's dates is the lastmod.",
        scope: Scope::All,
    },
    Key {
        name: "git.shallow",
        example: r#""warn""#,
        book_example: None,
        doc: "In a shallow clone: `warn` (default; a cut-off file gets no lastmod unless its front matter has a date, never its mtime), `fail`, or `omit` the lastmod.",
        scope: Scope::All,
    },
    Key {
        name: "git.uncommitted",
        example: r#""mtime""#,
        book_example: None,
        doc: "An edited or untracked file: its `mtime` (default), or the `last-commit`.",
        scope: Scope::All,
    },
    Key {
        name: "git.timeout",
        example: "600",
        book_example: None,
        doc: "Seconds any one `git` process may take (a partial clone fetching, a network file system, a credential prompt can block it): a notice names what the run waits for after 10 s, and past the limit the run fails. `0` for no limit. Default: 600.",
        scope: Scope::All,
    },
    Key {
        name: "out",
        example: r#""public""#,
        book_example: Some(r#""book/html""#),
        doc: "The output folder. Default: Zola `output_dir`, Hugo `publishDir`, the HTML folder, mdBook's HTML folder.",
        scope: Scope::All,
    },
    Key {
        name: "filename",
        example: r#""sitemap.xml""#,
        book_example: None,
        doc: "The root file's name (default `sitemap.xml`, or `sitemap.txt`; Hugo: its `[sitemap] filename`); split sets name their files after it; never a file the site or the tool owns (robots.txt, llms.txt, a page, a feed, the stylesheet, the ledger, the key file).",
        scope: Scope::All,
    },
    Key {
        name: "format",
        example: r#""xml""#,
        book_example: None,
        doc: "`xml` (default) or `txt`.",
        scope: Scope::All,
    },
    Key {
        name: "gzip",
        example: "false",
        book_example: None,
        doc: "Write `.xml.gz` / `.txt.gz`.",
        scope: Scope::All,
    },
    Key {
        name: "limits",
        example: r#""legacy""#,
        book_example: None,
        doc: "`legacy` (default: 50,000 URLs and 10 MB a file) or `sitemaps-org` (50 MB).",
        scope: Scope::All,
    },
    Key {
        name: "max-urls",
        example: "50000",
        book_example: None,
        doc: "At most this many URLs a file (1 to 50,000); past it the set is split into an index.",
        scope: Scope::All,
    },
    Key {
        name: "robots",
        example: "false",
        book_example: None,
        doc: "Add or update the `Sitemap:` line of robots.txt in the output folder (merged, never replaced).",
        scope: Scope::All,
    },
    Key {
        name: "stylesheet",
        example: "false",
        book_example: None,
        doc: "Write `sitemap.xsl` and reference it, so a browser shows the sitemap as a table.",
        scope: Scope::All,
    },
    Key {
        name: "html-page",
        example: "false",
        book_example: None,
        doc: "Write `sitemap.html`: every page by section, with its title, for visitors.",
        scope: Scope::All,
    },
    Key {
        name: "check-site",
        example: "false",
        book_example: None,
        doc: "After writing, check the set against the built pages in the output folder, as `sitemap validate --site` does; an error fails the run. A folder with no HTML page yet (build.rs) is checked as sitemaps only, with a warning.",
        scope: Scope::All,
    },
    Key {
        name: "ledger",
        example: r#""sitemap.ledger""#,
        book_example: None,
        doc: "Keep a lastmod ledger in this file (commit it or cache it in CI): a page whose content did not change keeps its lastmod, whatever git or the files say; `sitemap changes` lists the last run's changes.",
        scope: Scope::All,
    },
    Key {
        name: "lastmod-deps",
        example: r#"["bundle"]"#,
        book_example: None,
        doc: "Files besides a page's own whose git dates count towards its lastmod (the newest wins): `bundle`, a page bundle's resources (the files beside its `index.md`: Hugo leaf bundles, Zola colocated assets). Default: none. (mdBook chapters always count their `{{#include}}`s.)",
        scope: Scope::Site,
    },
    Key {
        name: "git.ignore-revs",
        example: r#"".git-blame-ignore-revs""#,
        book_example: None,
        doc: "Commits that do not count (mass reformatting), one full id a line as in `.git-blame-ignore-revs`, which is read by default when it exists at the repository root; `\"\"` for none.",
        scope: Scope::All,
    },
    Key {
        name: "images",
        example: "true",
        book_example: None,
        doc: "List the images each page shows (`<image:image>`, Google's image extension): Markdown images and `<img>` of the body, front matter images (`image-keys`), or in built HTML the `<img>`, `srcset` and `<picture>` of the main content. A page's `sitemap.images = false` (Zola `[extra.sitemap]`) turns it off there. At most 1,000 a page. Default: false.",
        scope: Scope::All,
    },
    Key {
        name: "image-hosts",
        example: r#"["cdn.example.org", "*.cloudfront.net"]"#,
        book_example: None,
        doc: "Hosts besides the site's own whose images are listed (a CDN), as names or globs; images on other hosts are left out and counted. Default: none.",
        scope: Scope::All,
    },
    Key {
        name: "image-keys",
        example: r#"["extra.image", "extra.cover"]"#,
        book_example: None,
        doc: "Front matter keys that hold a page's images (a string or a list; dotted for nested keys), resolved as the theme does: beside the page in a bundle, else from the site root. Default: Hugo `images`; Zola none.",
        scope: Scope::Site,
    },
    Key {
        name: "og-image",
        example: "true",
        book_example: None,
        doc: "With `images` on built HTML: also list the page's `og:image`, which is often a social card made for sharing rather than an image of the page. Default: false.",
        scope: Scope::Site,
    },
    Key {
        name: "submit.key",
        example: r#""5d1a4c7e""#,
        book_example: None,
        doc: "The IndexNow key `sitemap submit` sends (8 to 128 of `a-z`, `A-Z`, `0-9`, `-`; `sitemap submit --init` makes one): public by design, served as the key file with the site.",
        scope: Scope::Submit,
    },
    Key {
        name: "submit.key-location",
        example: r#""https://example.org/5d1a4c7e.txt""#,
        book_example: None,
        doc: "The URL of the key file, checked before anything is sent; a file in a subfolder covers only URLs under it. Default: `{base-url}{key}.txt`.",
        scope: Scope::Submit,
    },
    Key {
        name: "submit.endpoint",
        example: r#""https://api.indexnow.org/indexnow""#,
        book_example: None,
        doc: "The IndexNow endpoint `sitemap submit` posts to (one reaches every engine that takes part). Default: `https://api.indexnow.org/indexnow`.",
        scope: Scope::Submit,
    },
];

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

fn line(key: &Key, book: bool) -> String {
    let name = key.name.rsplit('.').next().unwrap_or(key.name);
    let example = match key.book_example {
        Some(e) if book => e,
        _ => key.example,
    };
    format!("{name} = {example}")
}

/// The README's key table (Markdown).
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
    use crate::Settings;

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
