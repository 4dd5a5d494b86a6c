//! A page's permalink pattern expanded (`/:year/:slug/`): each token
//! from the page's date, sections and their slugs, slug, title or file
//! name, as Hugo's permalink expander makes it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sitemap_content::Error;
use sitemap_content::paths::{hugo_content_name, hugo_make_path};

use super::files::File;
use super::front_matter::get_str;
use super::permalinks::slice;
use super::settings::HugoConfig;

/// Go's month and weekday names, as `:monthname` and `:weekdayname`
/// write them.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// How many of `dir`'s folders are the page's section path (`:sections`):
/// up to the nearest folder holding an `_index` of the page's language (a
/// folder without one is no section in that language; a top-level folder
/// always is). Looked up on disk: only pages under a `:sections` pattern
/// ask, on the walker's threads, before the other files are known.
pub(super) fn sections_depth(f: &File, dir: &[String], cfg: &HugoConfig) -> usize {
    // The file's own folder is `f.dir`; `dir` may be shorter (a bundle).
    let folder_of = |n: usize| f.path.ancestors().nth(f.dir.len() - n + 1);
    (2..=dir.len())
        .rev()
        .find(|&n| {
            let Some(folder) = folder_of(n) else {
                return false;
            };
            let Ok(entries) = std::fs::read_dir(folder) else {
                return false;
            };
            entries.filter_map(Result::ok).any(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                let Some(rest) = name.strip_prefix("_index.") else {
                    return false;
                };
                match rest.split_once('.') {
                    Some((lang, _)) => lang.eq_ignore_ascii_case(&f.lang),
                    None => {
                        let own = cfg
                            .language_dirs
                            .iter()
                            .find(|(_, d)| folder.starts_with(d))
                            .map_or(cfg.default_language.as_str(), |(l, _)| l.as_str());
                        own == f.lang
                    }
                }
            })
        })
        .unwrap_or(dir.len().min(1))
}

/// Each of `sections`' `_index` slug, else title, else the folder's
/// name, urlized (`:sectionslugs`): read from the section's `_index` of
/// the page's language.
pub(super) fn section_slugs(f: &File, sections: &[String], cfg: &HugoConfig) -> Vec<String> {
    let Some(root) = f.path.ancestors().nth(f.dir.len() + 1) else {
        return sections.iter().map(|n| no_index_slug(n, f, cfg)).collect();
    };
    let chain = cfg
        .section_slugs
        .chain(root, sections, &f.lang, &|folder, name| {
            level_slug(folder, name, f, cfg)
        });
    chain.to_vec()
}

/// (folder, language) -> the slugs of the sections down to it.
type Chains = HashMap<(PathBuf, String), Arc<Vec<String>>>;

/// The slugs of each folder's sections, made once a scan: a section's
/// are its parent's and its own (read for each section again, from the
/// top, they cost time cubic in the depth: sections 1,000 deep took
/// 23 s).
#[derive(Debug, Default)]
pub(crate) struct SectionSlugs {
    /// (folder, language) -> the slugs of the sections down to it.
    chains: std::sync::Mutex<Chains>,
}

impl SectionSlugs {
    /// Forgets what an earlier scan read.
    pub(crate) fn reset(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Chains> {
        self.chains.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The slugs of `sections` below `root` in `lang`, each folder's
    /// own from `own(folder, name)`.
    fn chain(
        &self,
        root: &Path,
        sections: &[String],
        lang: &str,
        own: &dyn Fn(&Path, &str) -> String,
    ) -> Arc<Vec<String>> {
        let mut folder = root.to_path_buf();
        for name in sections {
            folder.push(name);
        }
        // The folders not made yet, deepest first, with their names,
        // up to the nearest one made.
        let mut todo: Vec<(&Path, &str)> = Vec::new();
        let mut above = Arc::new(Vec::new());
        let mut at: &Path = &folder;
        for name in sections.iter().rev() {
            if let Some(chain) = self.lock().get(&(at.to_path_buf(), lang.to_owned())) {
                above = Arc::clone(chain);
                break;
            }
            todo.push((at, name));
            at = at.parent().unwrap_or(at);
        }
        for (dir, name) in todo.into_iter().rev() {
            let mut chain = Vec::with_capacity(above.len() + 1);
            chain.extend(above.iter().cloned());
            chain.push(own(dir, name));
            above = Arc::new(chain);
            self.lock()
                .insert((dir.to_path_buf(), lang.to_owned()), Arc::clone(&above));
        }
        above
    }
}

/// The slug of the section at `folder` (named `name`) for `f`'s
/// language: its `_index`'s slug, else title, else (no `_index`) its
/// default title, urlized.
fn level_slug(folder: &Path, name: &str, f: &File, cfg: &HugoConfig) -> String {
    let fm = std::fs::read_dir(folder).ok().and_then(|entries| {
        let index = entries.filter_map(Result::ok).map(|e| e.path()).find(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let Some(rest) = n.strip_prefix("_index.") else {
                return false;
            };
            match rest.rsplit_once('.') {
                Some((lang, _)) => lang.eq_ignore_ascii_case(&f.lang),
                // In a language's own `contentDir`, an `_index`
                // without a language is that language's.
                None => f.lang == cfg.default_language || cfg.language_dirs.contains_key(&f.lang),
            }
        })?;
        let mut dirs = sitemap_content::front_matter::DirCache::default();
        let mut fm =
            sitemap_content::front_matter::read(&index, cfg.version.yaml(), &mut dirs).ok()??;
        // Read as a page's: a number is its text (`title: -3`).
        super::front_matter::normalise(&mut fm, &index, &mut Vec::new());
        Some(fm)
    });
    // A section's `_index` with neither is no segment (its title is not
    // set yet when Hugo expands the pattern); a section with no `_index`
    // has its default title, `Blogs` for `blog/` (checked with 0.168.0).
    let text = match &fm {
        Some(fm) => get_str(fm, "slug")
            .map(str::to_owned)
            .or_else(|| get_str(fm, "title").map(|t| permalink_title(t, cfg).into_owned()))
            .unwrap_or_default(),
        None => default_list_title(name),
    };
    hugo_make_path(&text.replace('+', " "), cfg.path_rules(&f.lang))
}

/// The slug of a section whose folder is not known: its default title.
fn no_index_slug(name: &str, f: &File, cfg: &HugoConfig) -> String {
    hugo_make_path(
        &default_list_title(name).replace('+', " "),
        cfg.path_rules(&f.lang),
    )
}

/// `:year` as Go's `strconv.Itoa` writes it: not padded (`1` for a page
/// without a date).
pub(super) fn d_year(date: jiff::civil::Date) -> String {
    date.year().to_string()
}

/// Hugo's permalink tokens for regular pages.
pub(super) fn expand_permalink(
    pattern: &str,
    f: &File,
    dir: &[String],
    file_name: &str,
    slug: Option<&str>,
    cfg: &HugoConfig,
    colons: super::permalinks::Colons,
) -> Result<String, Error> {
    // Hugo's page date, in the offset it was written in; a page without
    // one has Go's zero time (year 1, January 1), as Hugo writes it.
    let date = super::removed::DATE_ORDER
        .iter()
        .filter_map(|k| f.fm.get(k))
        .find_map(super::dates::parse_civil)
        .map(|(civil, _)| civil.date());
    // Set only when the `date` order reached `:filename` before any key
    // with a date (see `classify`).
    let date = f
        .filename_date
        .or(date)
        .unwrap_or(jiff::civil::date(1, 1, 1));
    let title = permalink_title(get_str(&f.fm, "title").unwrap_or(""), cfg);
    let title = title.as_ref();
    let rules = cfg.path_rules(&f.lang);
    let current = cfg.rules().page_paths;
    let urlize = |text: &str| hugo_make_path(&text.replace('+', " "), rules);
    super::permalinks::expand_tokens(pattern, rules, colons, |token, cut| {
        let sections = || dir[..sections_depth(f, dir, cfg)].to_vec();
        let value = match token {
            "year" => Some(d_year(date)),
            "month" => Some(format!("{:02}", date.month())),
            "monthname" => Some(MONTHS[date.month() as usize - 1].to_owned()),
            "day" => Some(format!("{:02}", date.day())),
            "weekday" => Some(date.weekday().to_sunday_zero_offset().to_string()),
            "weekdayname" => {
                Some(WEEKDAYS[date.weekday().to_sunday_zero_offset() as usize].to_owned())
            }
            "yearday" => Some(date.day_of_year().to_string()),
            // The current Hugo takes them from the page's path, which it
            // keeps in lowercase (`content/seCt3/` gives `sect3`, whatever
            // `disablePathToLower` says; checked with 0.168.0).
            "section" if current => Some(dir.first().map(|s| s.to_lowercase()).unwrap_or_default()),
            "section" => Some(dir.first().cloned().unwrap_or_default()),
            // Urlized, as the names below (`a+b/` is `a-b`).
            // The current Hugo reads the sections' content path, each
            // space a hyphen (`many   spaces/` is `many---spaces`).
            "sections" if current => {
                let named: Vec<String> = slice(&sections(), cut)
                    .iter()
                    .map(|s| hugo_content_name(s, true, rules.lower).into_owned())
                    .collect();
                Some(urlize(&named.join("/")).to_lowercase())
            }
            "sections" => Some(urlize(&slice(&sections(), cut).join("/"))),
            "sectionslug" if cfg.rules().sectionslugs_tokens => Some(
                section_slugs(f, &dir[..dir.len().min(1)], cfg)
                    .into_iter()
                    .next()
                    .unwrap_or_default(),
            ),
            "sectionslugs" if cfg.rules().sectionslugs_tokens => Some(
                slice(&section_slugs(f, &sections(), cfg), cut)
                    .iter()
                    .filter(|s| !s.is_empty())
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join("/"),
            ),
            // Hugo's `urlize` reads a `+` here as a space (`C++ & Rust`
            // is `c-rust`), unlike in a plain slug.
            "title" => Some(urlize(title)),
            "slug" => Some(urlize(slug.unwrap_or(title))),
            // Urlized too (`a+b.md` is `a-b`), as Hugo's permalink
            // expander does with every token it makes of a name.
            "filename" | "contentbasename" => Some(urlize(file_name)),
            "slugorfilename" | "slugorcontentbasename" => Some(urlize(slug.unwrap_or(file_name))),
            _ => {
                return Err(Error::Config {
                    path: f.path.clone(),
                    line: None,
                    message: format!(
                        "permalink pattern `{pattern}`: token `:{token}` is not one Hugo \
                         expands (:year, :month, :monthname, :day, :weekday, :weekdayname, \
                         :yearday, :section, :sections, :sectionslug, :sectionslugs, :title, \
                         :slug, :filename, :contentbasename, :slugorfilename, \
                         :slugorcontentbasename)"
                    ),
                });
            }
        };
        Ok(value.unwrap_or_default())
    })
}

/// A title as a permalink's `:title` reads it (and `:slug`'s or
/// `:sectionslugs`' when there is no slug): Hugo 0.168 makes each `/` a
/// hyphen (`a/b` is `/a-b/`), where 0.111.3 and 0.165 keep it as a
/// folder; a slug keeps its `/` in both (checked with 0.168.0).
pub(super) fn permalink_title<'t>(title: &'t str, cfg: &HugoConfig) -> std::borrow::Cow<'t, str> {
    if cfg.rules().title_slash_hyphen && title.contains('/') {
        std::borrow::Cow::Owned(title.replace('/', "-"))
    } else {
        std::borrow::Cow::Borrowed(title)
    }
}

/// The title Hugo gives a section or taxonomy page with none of its own:
/// its name pluralised and capitalised (`blog` is `Blogs`; a name ending
/// in `s` is kept, as Hugo's pluraliser keeps `news`).
pub(super) fn default_list_title(name: &str) -> String {
    let plural = if name.ends_with('s') {
        name.to_owned()
    } else {
        format!("{name}s")
    };
    let mut chars = plural.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
