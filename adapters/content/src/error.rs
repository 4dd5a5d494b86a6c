//! Errors: every one names the file (and line where there is one) and says
//! what was expected.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use sitemap_core::diagnostic::{Diagnostic, Name, shown};
use thiserror::Error;

/// Why a content tree could not be read; its text is
/// [`Error::diagnostic`]'s.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// A file or directory could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the OS said.
        #[source]
        source: io::Error,
    },
    /// The folder holds neither a Zola nor a Hugo configuration.
    NotASite {
        /// The folder that was looked at.
        dir: PathBuf,
    },
    /// The site's configuration file is malformed or holds a value of the
    /// wrong type.
    Config {
        /// The configuration file.
        path: PathBuf,
        /// 1-based line, where known.
        line: Option<usize>,
        /// What is wrong and what was expected.
        message: String,
    },
    /// Neither the configuration nor the caller gave a base URL.
    NoBaseUrl {
        /// The configuration file that was read.
        path: PathBuf,
        /// The key the generator reads it from (`base_url`, `baseURL`).
        key: &'static str,
    },
    /// The configuration's base URL is no absolute URL (`baseURL = "/"`).
    // The value is quoted without its password: messages end up in CI logs.
    BaseUrl {
        /// The configuration file.
        path: PathBuf,
        /// 1-based line of the key, where it can be found.
        line: Option<usize>,
        /// The key as the generator spells it (`baseURL`, `base_url`).
        key: &'static str,
        /// The value found.
        value: String,
        /// The rule it breaks.
        rule: Box<sitemap_core::ValueError>,
    },
    /// A content file's front matter cannot be parsed.
    FrontMatter {
        /// The content file.
        path: PathBuf,
        /// 1-based line of the problem.
        line: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// A content file with no front matter opens with bytes no UTF-8
    /// text has: a binary file (or text in another encoding) where a
    /// page is expected.
    NotText {
        /// The content file.
        path: PathBuf,
        /// 1-based offset of the byte.
        byte: usize,
        /// What the byte is: `not UTF-8`, `a NUL byte`.
        what: &'static str,
    },
    /// A `path`, `slug` or `url` in front matter would leave the site.
    PathEscapes {
        /// The content file.
        path: PathBuf,
        /// 1-based line of the front matter.
        line: usize,
        /// The front matter key.
        key: &'static str,
        /// Its value.
        value: String,
    },
    /// A Hugo page's `url` starts with `http://` or `https://`, which Hugo
    /// refuses ("URLs with protocol (http*) not supported").
    UrlWithProtocol {
        /// The content file.
        path: PathBuf,
        /// 1-based line of the `url` key.
        line: usize,
        /// The value.
        value: String,
    },
    /// A file name carries a language code the site does not define
    /// (Zola refuses these too).
    UnknownLanguage {
        /// The content file.
        path: PathBuf,
        /// The code found in the file name.
        lang: String,
    },
    /// A page refers to a taxonomy the site does not define for its language
    /// (Zola refuses these too).
    UnknownTaxonomy {
        /// The content file.
        path: PathBuf,
        /// 1-based line of the front matter.
        line: usize,
        /// The taxonomy name.
        taxonomy: String,
        /// The page's language.
        lang: String,
    },
    /// A page file `index.md` where a section is (Zola refuses these too).
    IndexBesideSection {
        /// The page file.
        path: PathBuf,
    },
    /// Content files claim the same URL path, as their path or as one of
    /// their `aliases` (Zola refuses these too).
    PathCollision {
        /// The first file claiming it (in path order).
        path: PathBuf,
        /// The others.
        others: Vec<PathBuf>,
        /// The URL path (or alias) they share.
        url_path: String,
    },
    /// Front matter the shared source layer refuses (it names the file and
    /// line).
    Source(#[from] sitemap_pages::Error),
    /// More than one content file (or folder) could not be read or is
    /// refused: every one, in path order, so one run shows them all.
    Pages {
        /// Each file's own error.
        errors: Vec<Error>,
    },
    /// A URL built from the site's rules is not a valid `loc`.
    Loc {
        /// The content or configuration file the URL comes from.
        path: PathBuf,
        /// The rule it breaks.
        #[source]
        source: sitemap_core::ValueError,
    },
}

impl Error {
    /// A one-line suggestion for the user, where there is a useful one.
    pub fn hint(&self) -> Option<String> {
        match self {
            Error::NotASite { .. } => Some(
                "run `sitemap scan` in the site's root folder, pass the folder as DIR, or set --flavor".to_owned(),
            ),
            Error::NoBaseUrl { path, key } => Some(format!(
                "set `{key}` in {}, `base-url` in sitemap.toml, or pass --base-url https://example.org/{}",
                path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
                // A Hugo site left without one is built with `hugo
                // --baseURL …` (GitHub Pages' starter workflow does so),
                // which the scan cannot see; the variable it reads too.
                if *key == "baseURL" {
                    "; where the build passes `hugo --baseURL`, set `HUGO_BASEURL` for both instead"
                } else {
                    ""
                }
            )),
            Error::BaseUrl { key, .. } => Some(format!(
                "set {key} = \"https://example.org/\" (the address the site is served at), or pass --base-url"
            )),
            Error::PathEscapes { .. } => {
                Some("write the path relative to the site root, without `..`".to_owned())
            }
            Error::UrlWithProtocol { .. } => Some(
                "write `url` as a path on this site (`/x/`); to send visitors elsewhere, link or redirect from the page".to_owned(),
            ),
            Error::UnknownLanguage { .. } => Some(
                "add the language under `[languages]` in the site's configuration, or rename the file".to_owned(),
            ),
            Error::IndexBesideSection { .. } => Some(
                "rename the page (`index.md` is a bundle's page only in a folder that is no section), or remove the section's `_index.md`".to_owned(),
            ),
            Error::PathCollision { .. } => Some(
                "give one of the files another `slug`, `path` or alias".to_owned(),
            ),
            Error::UnknownTaxonomy { .. } => {
                Some("add the taxonomy to `taxonomies` in the site's configuration".to_owned())
            }
            Error::Pages { errors } => errors.iter().find_map(Error::hint).or_else(|| {
                Some("fix each file named above, or leave it out with an `exclude` pattern".to_owned())
            }),
            Error::NotText { .. } => Some(
                "save text as UTF-8; a binary file (an image, a PDF) belongs in static/ or beside its page in a bundle, or leave it out with an `exclude` pattern".to_owned(),
            ),
            Error::FrontMatter { .. } => Some(
                "front matter is TOML between `+++` lines, YAML between `---` lines, or a JSON object".to_owned(),
            ),
            _ => None,
        }
    }

    /// The error as data: the file, line and key it is about as fields,
    /// with the hint. [`Error::Pages`] is its summary line; its errors
    /// are in [`Error::diagnostics`].
    pub fn diagnostic(&self) -> Diagnostic {
        let d = self.placed();
        match self.hint() {
            Some(hint) => d.with_hint(hint),
            None => d,
        }
    }

    /// Every error it holds as data, each with its place: the errors of
    /// [`Error::Pages`] one by one, then the count with the hint; any
    /// other error alone.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        match self {
            Error::Pages { errors } => errors
                .iter()
                .map(Error::placed)
                .chain([self.diagnostic()])
                .collect(),
            _ => vec![self.diagnostic()],
        }
    }

    /// The error with its place, without the hint.
    fn placed(&self) -> Diagnostic {
        let at = |path: &PathBuf, line: Option<usize>, message: String| {
            Diagnostic::error(message)
                .in_file(path)
                .with_line(line.map(|l| l as u64))
        };
        match self {
            Error::Io { path, source } => at(path, None, source.to_string()),
            Error::NotASite { dir } => at(
                dir,
                None,
                "not a Zola or Hugo site (found none of zola.toml, config.toml, hugo.toml|yaml|json, config.yaml|json, config/_default/)".to_owned(),
            ),
            Error::Config {
                path,
                line,
                message,
            } => at(path, *line, message.clone()),
            Error::NoBaseUrl { path, key } => at(
                path,
                None,
                format!("no base URL: the site's configuration has no `{key}`"),
            )
            .with_key(*key),
            // The value is quoted without its password: messages end up
            // in CI logs.
            Error::BaseUrl {
                path,
                line,
                key,
                value,
                rule,
            } => at(
                path,
                *line,
                format!(
                    "{key} \"{}\" {}",
                    quoted(&sitemap_core::redact_credentials(value)),
                    base_url_problem(rule)
                ),
            )
            .with_key(*key),
            Error::FrontMatter {
                path,
                line,
                message,
            } => at(path, Some(*line), message.clone()),
            Error::NotText { path, byte, what } => at(
                path,
                None,
                format!(
                    "not UTF-8 text: byte {byte} is {what} (a binary file, or text in another encoding)"
                ),
            ),
            Error::PathEscapes {
                path,
                line,
                key,
                value,
            } => at(
                path,
                Some(*line),
                format!(
                    "`{key} = \"{}\"` would leave the site (`..` segments are refused)",
                    quoted(value)
                ),
            )
            .with_key(*key),
            Error::UrlWithProtocol { path, line, value } => at(
                path,
                Some(*line),
                format!(
                    "`url = \"{}\"`: Hugo refuses a `url` with a protocol (http:// or https://) and stops the build",
                    quoted(value)
                ),
            )
            .with_key("url"),
            Error::UnknownLanguage { path, lang } => at(
                path,
                None,
                format!(
                    "language `{}` in the file name is not in the site's `languages`",
                    Name::new(lang)
                ),
            ),
            Error::UnknownTaxonomy {
                path,
                line,
                taxonomy,
                lang,
            } => at(
                path,
                Some(*line),
                format!(
                    "taxonomy `{}` is not defined for language `{}` in the site's configuration",
                    Name::new(taxonomy),
                    Name::new(lang)
                ),
            )
            .with_key(taxonomy.clone()),
            Error::IndexBesideSection { path } => at(
                path,
                None,
                "a page `index.md` cannot share its URL with a section's `_index.md` (Zola refuses this too)".to_owned(),
            ),
            Error::PathCollision {
                path,
                others,
                url_path,
            } => at(
                path,
                None,
                format!(
                    "the path `{}` is also claimed by {}",
                    Name::new(url_path),
                    others
                        .iter()
                        .map(|p| shown::path(p))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            Error::Source(e) => e.diagnostic(),
            Error::Pages { errors } => Diagnostic::error(Error::pages_summary(errors.len())),
            Error::Loc { path, source } => at(path, None, source.to_string()),
        }
    }

    /// The errors of one scan's content files, sorted by path: the one
    /// error itself, or [`Error::Pages`] holding them all. `None` when
    /// there are none.
    pub fn of_pages(mut errors: Vec<(PathBuf, Error)>) -> Option<Error> {
        errors.sort_by(|a, b| a.0.cmp(&b.0));
        let mut errors: Vec<Error> = errors.into_iter().map(|(_, e)| e).collect();
        match errors.len() {
            0 => None,
            1 => errors.pop(),
            _ => Some(Error::Pages { errors }),
        }
    }

    /// The summary line of several errors: `3 pages could not be read`.
    pub fn pages_summary(count: usize) -> String {
        if count == 1 {
            "1 page could not be read".to_owned()
        } else {
            format!("{count} pages could not be read")
        }
    }

    /// An I/O error on `path`.
    pub fn io(path: &Path, source: io::Error) -> Error {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// What is wrong with a base URL, in plain words for the usual slip (a
/// path such as `/`), the model's rule otherwise.
fn base_url_problem(rule: &sitemap_core::ValueError) -> String {
    let rule = rule.to_string();
    if rule.contains("relative URL without a base") {
        "is not an absolute URL; sitemaps need absolute locs".to_owned()
    } else {
        format!("cannot be the base URL: {rule}")
    }
}

/// A value as Rust's `{:?}` quotes it (`\"` and `\\` escaped), escaped
/// and cut as every name is.
fn quoted(value: &str) -> String {
    let debug = format!("{value:?}");
    Name::new(&debug[1..debug.len() - 1]).to_string()
}

impl fmt::Display for Error {
    /// `file:line: message`; [`Error::Pages`] a line each, then the count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Error::Pages { errors } = self {
            for e in errors {
                writeln!(f, "{e}")?;
            }
        }
        self.placed().unlabelled().fmt(f)
    }
}
