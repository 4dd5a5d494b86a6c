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
}

/// Every key, in the order the documentation shows them.
pub const KEYS: &[Key] = &[
    Key {
        name: "base-url",
        example: r#""https://example.org/""#,
        doc: "The URL the output folder is served at. Default: the site's `base_url`/`baseURL` (mdBook: an absolute `output.html.site-url`).",
        scope: Scope::All,
    },
    Key {
        name: "flavor",
        example: r#""zola""#,
        doc: "`zola`, `hugo` or `html`. Default: detected from the site's configuration.",
        scope: Scope::Site,
    },
    Key {
        name: "html",
        example: r#""public""#,
        doc: "Scan this built HTML folder instead of the sources.",
        scope: Scope::Site,
    },
    Key {
        name: "html-source",
        example: r#""content""#,
        doc: "With `html`: the folder the pages were built from (same paths, `.md` or `.html`), for lastmod from its front matter and git history.",
        scope: Scope::Site,
    },
    Key {
        name: "clean-urls",
        example: "false",
        doc: "With `html`: list `page.html` as `page` (VitePress `cleanUrls`, Cloudflare Pages, Vercel).",
        scope: Scope::Site,
    },
    Key {
        name: "trailing-slash",
        example: r#""always""#,
        doc: "With `html`: `dir/index.html` as `dir/` (`always`, the default), `dir` (`never`) or itself (`keep`).",
        scope: Scope::Site,
    },
    Key {
        name: "include",
        example: r#"["content/**"]"#,
        doc: "Globs over source paths (relative to the site root; mdBook: to `src/`): when given, only matching pages are listed.",
        scope: Scope::All,
    },
    Key {
        name: "exclude",
        example: r#"["content/drafts/**"]"#,
        doc: "Globs over source paths: matching pages are left out.",
        scope: Scope::All,
    },
    Key {
        name: "include-drafts",
        example: "false",
        doc: "List drafts too.",
        scope: Scope::All,
    },
    Key {
        name: "lastmod",
        example: r#"["front-matter", "git", "date", "mtime"]"#,
        doc: "Where lastmod comes from, first match wins; `[]` for none.",
        scope: Scope::All,
    },
    Key {
        name: "changefreq",
        example: r#""weekly""#,
        doc: "changefreq of pages whose front matter sets none. Default: Hugo's `[sitemap] changefreq`, else none.",
        scope: Scope::All,
    },
    Key {
        name: "priority",
        example: "0.5",
        doc: "priority of pages whose front matter sets none. Default: Hugo's `[sitemap] priority`, else none.",
        scope: Scope::All,
    },
    Key {
        name: "git.date",
        example: r#""committer""#,
        doc: "`committer` (default) or `author`: which of a commit's dates is the lastmod.",
        scope: Scope::All,
    },
    Key {
        name: "git.shallow",
        example: r#""warn""#,
        doc: "In a shallow clone: `warn` (default) and take the next source, `fail`, or `omit` the lastmod.",
        scope: Scope::All,
    },
    Key {
        name: "git.uncommitted",
        example: r#""mtime""#,
        doc: "An edited or untracked file: its `mtime` (default), or the `last-commit`.",
        scope: Scope::All,
    },
    Key {
        name: "out",
        example: r#""public""#,
        doc: "The output folder. Default: Zola `output_dir`, Hugo `publishDir`, the HTML folder, mdBook's HTML folder.",
        scope: Scope::All,
    },
    Key {
        name: "filename",
        example: r#""sitemap.xml""#,
        doc: "The root file's name (default `sitemap.xml`, or `sitemap.txt`; Hugo: its `[sitemap] filename`); split sets name their files after it.",
        scope: Scope::All,
    },
    Key {
        name: "format",
        example: r#""xml""#,
        doc: "`xml` (default) or `txt`.",
        scope: Scope::All,
    },
    Key {
        name: "gzip",
        example: "false",
        doc: "Write `.xml.gz` / `.txt.gz`.",
        scope: Scope::All,
    },
    Key {
        name: "limits",
        example: r#""legacy""#,
        doc: "`legacy` (default: 50,000 URLs and 10 MB a file) or `sitemaps-org` (50 MB).",
        scope: Scope::All,
    },
    Key {
        name: "max-urls",
        example: "50000",
        doc: "At most this many URLs a file (1 to 50,000); past it the set is split into an index.",
        scope: Scope::All,
    },
    Key {
        name: "robots",
        example: "false",
        doc: "Add or update the `Sitemap:` line of robots.txt in the output folder (merged, never replaced).",
        scope: Scope::All,
    },
    Key {
        name: "stylesheet",
        example: "false",
        doc: "Write `sitemap.xsl` and reference it, so a browser shows the sitemap as a table.",
        scope: Scope::All,
    },
    Key {
        name: "html-page",
        example: "false",
        doc: "Write `sitemap.html`: every page by section, with its title, for visitors.",
        scope: Scope::All,
    },
];

/// The keys as a commented TOML fragment under `table` (`None` for
/// `sitemap.toml`'s top level, `Some("output.sitemap")` for `book.toml`),
/// leaving out the keys `scope` does not cover.
pub fn toml_fragment(table: Option<&str>, all: bool) -> String {
    let mut out = String::new();
    if let Some(t) = table {
        out.push_str(&format!("[{t}]\n"));
    }
    let keys = || {
        KEYS.iter()
            .filter(move |k| all || k.scope == Scope::All)
    };
    let width = keys().map(|k| line(k).len()).max().unwrap_or(0);
    let mut in_git = false;
    for key in keys() {
        if key.name.starts_with("git.") && !in_git {
            in_git = true;
            let header = table.map_or("git".to_owned(), |t| format!("{t}.git"));
            out.push_str(&format!("\n[{header}]\n"));
        }
        let text = line(key);
        let first = key.doc.split(". ").next().unwrap_or(key.doc);
        out.push_str(&format!(
            "{text:width$}  # {}\n",
            first.trim_end_matches('.')
        ));
    }
    out
}

fn line(key: &Key) -> String {
    let name = key.name.strip_prefix("git.").unwrap_or(key.name);
    format!("{name} = {}", key.example)
}

/// The README's key table (Markdown).
pub fn markdown_table() -> String {
    let mut out = String::from(
        "| key | example | what it does | mdBook |\n|---|---|---|---|\n",
    );
    for key in KEYS {
        let mdbook = match key.scope {
            Scope::All => "yes",
            Scope::Site => "no: the book is the source",
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
        walk("", &serde_json::to_value(Settings::default()).unwrap(), &mut out);
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
