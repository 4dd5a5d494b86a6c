//! Mapping built pages back to the source tree they were built from, for a
//! `lastmod` the built output cannot give.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sitemap_core::{Diagnostic, Lastmod, Loc};
use sitemap_pages::front_matter;
use sitemap_pages::pipeline::{Page, Pipeline, SourceConfig};

use crate::options::{BuiltPage, SourceLastmod};

/// Source extensions a generator turns into a page.
const SOURCE_EXTENSIONS: &[&str] = &["md", "markdown", "mdx", "html", "htm", "adoc", "rst"];

/// A source tree that mirrors the built one, with each source's `lastmod`
/// from the source layer (`sitemap-pages`: front matter `lastmod`, then
/// the last git commit, then front matter `date`, then the source file's
/// mtime, as [`SourceConfig::lastmod`] orders them; git is read once for
/// all files).
///
/// A source maps to the built paths a generator gives it when its URL
/// follows its path, as in mdBook (`src/`), Hugo and Zola (`content/`,
/// without `url`/`slug` overrides), Eleventy, MkDocs and Jekyll pages:
///
/// | source under the root | built pages it answers for |
/// | --- | --- |
/// | `guide/intro.md` | `guide/intro/index.html`, `guide/intro.html` |
/// | `guide/index.md`, `guide/_index.md` | `guide/index.html` |
/// | `guide/README.md` | `guide/index.html` when no `index` source claims it, else `guide/README/index.html`, `guide/README.html` |
/// | `about.html` | `about/index.html`, `about.html` |
///
/// Extensions: `md`, `markdown`, `mdx`, `html`, `htm`, `adoc`, `rst`. The
/// walk honours `.gitignore` (the build output inside a source tree is
/// usually ignored) and skips hidden files. When two sources claim the
/// same built path, the first in path order keeps it, except that a
/// folder's `index` source comes before its `README`: MkDocs 1.6.1 builds
/// `index.md` and leaves `README.md` out with a warning, Jekyll 4.3.1
/// builds `README.md` as `README.html` and Eleventy 3.1.8 as
/// `README/index.html` (each checked with the real tool:
/// `tests/fixtures/readme-index/`); only without an `index` source does a
/// README give the folder's page (MkDocs, mdBook). Pages whose URL
/// does not follow their path (Jekyll posts, permalinks, slugs) find no
/// source and get no lastmod from here.
///
/// ```no_run
/// use std::path::Path;
/// use sitemap_html::{HtmlOptions, SourceMirror, scan};
///
/// let sources = SourceMirror::read(Path::new("src"), Default::default())?;
/// let options = HtmlOptions::new("https://example.org/".parse()?).with_source_lastmod(sources);
/// let found = scan(Path::new("book"), &options)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct SourceMirror {
    /// Built path (`guide/intro/index.html`) → lastmod.
    lastmods: HashMap<String, Lastmod>,
    /// Built path → why its source's front matter leaves it out.
    left_out: HashMap<String, crate::Reason>,
    /// What the source layer warned about.
    warnings: Vec<Diagnostic>,
}

impl SourceMirror {
    /// Walks the sources under `root` and asks the source layer for each
    /// one's lastmod.
    ///
    /// # Errors
    ///
    /// When the configuration's globs do not parse, or git fails (a
    /// repository git cannot read; not "no repository", which only means
    /// no git dates), or a shallow clone meets `shallow = "fail"`.
    pub fn read(root: &Path, config: SourceConfig) -> Result<SourceMirror, sitemap_pages::Error> {
        let pipeline = Pipeline::new(root, config)?;
        let mut warnings = Vec::new();
        let base: Loc = "https://mirror.invalid/".parse().expect("a valid URL");
        let mut claimed: HashMap<String, Loc> = HashMap::new();
        let mut keys_of: HashMap<Loc, Vec<String>> = HashMap::new();
        let mut pages = Vec::new();
        // Built paths whose source's build options keep it out of lists
        // (Hugo `build.list`/`build.render`), which the shared layer does
        // not read.
        let mut unlisted: HashMap<String, crate::Reason> = HashMap::new();
        for rel in source_files(root) {
            let Some(rel_str) = rel
                .to_str()
                .map(|s| s.replace(std::path::MAIN_SEPARATOR, "/"))
            else {
                continue;
            };
            let keys: Vec<String> = built_paths(&rel_str)
                .into_iter()
                .filter(|k| !claimed.contains_key(k))
                .collect();
            let Some(first) = keys.first() else { continue };
            let Ok(loc) = base.join(&format!("./{}", first.replace(['%', '?', '#'], "_"))) else {
                continue;
            };
            for key in &keys {
                claimed.insert(key.clone(), loc.clone());
            }
            keys_of.insert(loc.clone(), keys.clone());
            let page = match sitemap_core::input::read_regular_text(
                &root.join(&rel),
                sitemap_pages::images::markdown::MAX_PAGE_BYTES,
            ) {
                Ok(text) => match front_matter::parse(&rel, &text).and_then(|fm| {
                    if let Some(key) = unlisted_by_build(&fm) {
                        let reason = crate::Reason::NotRendered { key: Some(key) };
                        for built in &keys {
                            unlisted.insert(built.clone(), reason.clone());
                        }
                    }
                    Page::from_front_matter(&rel, loc.clone(), &fm)
                }) {
                    Ok(page) => page,
                    Err(e) => {
                        let mut d = e.diagnostic();
                        d.severity = sitemap_core::Severity::Warning;
                        d.message
                            .push_str("; its lastmod comes from git or the file");
                        warnings.push(d);
                        Page::new(&rel, loc)
                    }
                },
                // Not text (or not readable): no front matter to read.
                Err(_) => Page::new(&rel, loc),
            };
            pages.push(page);
        }
        let output = pipeline.run(pages)?;
        warnings.extend(
            output
                .warnings
                .iter()
                .map(sitemap_pages::pipeline::Warning::diagnostic),
        );
        let mut lastmods = HashMap::new();
        for url in output.urls {
            if let (Some(lastmod), Some(keys)) = (url.lastmod, keys_of.remove(&url.loc)) {
                for key in keys {
                    lastmods.insert(key, lastmod.clone());
                }
            }
        }
        // A source its front matter leaves out (`sitemap.disable`, a
        // draft, `build.list: never`) leaves its built pages out.
        let mut left_out = unlisted;
        for gone in output.excluded {
            if let Some(keys) = gone.loc.as_ref().and_then(|loc| keys_of.get(loc)) {
                for key in keys {
                    left_out.insert(key.clone(), gone.reason.clone());
                }
            }
        }
        Ok(SourceMirror {
            lastmods,
            left_out,
            warnings,
        })
    }

    /// The lastmod of the source of the built page at `path` (under the
    /// built directory, `/`-separated).
    pub fn get(&self, path: &str) -> Option<&Lastmod> {
        self.lastmods.get(path)
    }

    /// What the source layer warned about (shallow clones, front matter it
    /// could not read), one message each.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }
}

impl SourceLastmod for SourceMirror {
    fn lastmod(&self, page: &BuiltPage<'_>) -> Option<Lastmod> {
        self.get(page.path).cloned()
    }

    fn left_out(&self, page: &BuiltPage<'_>) -> Option<crate::Reason> {
        self.left_out.get(page.path).cloned()
    }
}

/// The key of Hugo's build options that keeps a page out of lists and
/// sitemaps (`build.list: never` or `local`, `build.render: never` or
/// `link`; `_build` as well), as the Hugo scan reads them.
fn unlisted_by_build(fm: &front_matter::FrontMatter) -> Option<String> {
    ["build", "_build"].iter().find_map(|table| {
        let never = |key: &str, partly: &str| {
            let dotted = format!("{table}.{key}");
            match fm.get(&dotted) {
                Some(serde_json::Value::Bool(false)) => Some(dotted),
                Some(serde_json::Value::String(s)) if s == "never" || s == partly => Some(dotted),
                _ => None,
            }
        };
        never("list", "local").or_else(|| never("render", "link"))
    })
}

/// Source files under `root`, relative to it, sorted.
fn source_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ignore::WalkBuilder::new(root)
        // Honour .gitignore even outside a git checkout: it is how a
        // source tree says which folder is build output.
        .require_git(false)
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .filter(|e| {
            e.path()
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| SOURCE_EXTENSIONS.iter().any(|s| x.eq_ignore_ascii_case(s)))
        })
        .filter_map(|e| e.path().strip_prefix(root).ok().map(Path::to_path_buf))
        .collect();
    // READMEs last, so a folder's `index` source claims its page first.
    files.sort_by_cached_key(|p| (is_readme(p), p.clone()));
    files
}

fn is_readme(path: &Path) -> bool {
    path.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(|s| s.eq_ignore_ascii_case("readme"))
}

/// The built paths a source at `rel` answers for (see [`SourceMirror`]).
pub(crate) fn built_paths(rel: &str) -> Vec<String> {
    let stem = rel.rsplit_once('.').map_or(rel, |(stem, _)| stem);
    let (dir, name) = match stem.rsplit_once('/') {
        Some((dir, name)) => (Some(dir), name),
        None => (None, stem),
    };
    let in_dir = |file: &str| dir.map_or(file.to_owned(), |d| format!("{d}/{file}"));
    if matches!(name, "index" | "_index") {
        vec![in_dir("index.html")]
    } else if name.eq_ignore_ascii_case("readme") {
        // Its own page forms when an `index` source has the folder's.
        vec![
            in_dir("index.html"),
            format!("{stem}/index.html"),
            format!("{stem}.html"),
        ]
    } else {
        vec![format!("{stem}/index.html"), format!("{stem}.html")]
    }
}

#[cfg(test)]
mod unit {
    use super::built_paths;

    #[test]
    fn sources_map_to_built_paths() {
        assert_eq!(
            built_paths("guide/intro.md"),
            ["guide/intro/index.html", "guide/intro.html"]
        );
        assert_eq!(built_paths("guide/_index.md"), ["guide/index.html"]);
        assert_eq!(
            built_paths("README.md"),
            ["index.html", "README/index.html", "README.html"]
        );
        assert_eq!(
            built_paths("about.html"),
            ["about/index.html", "about.html"]
        );
    }
}
