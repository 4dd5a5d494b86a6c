//! Random Hugo sites, in the shapes real sites take: configuration
//! (`uglyURLs`, `disablePathToLower`, `permalinks`, `disableKinds` with
//! old and new kind names, per language too, custom taxonomies,
//! pagination, one to three languages translated by file name or by
//! content folder, a disabled one), laid out in one root file or a config
//! folder of per-key and per-language files (`hugo_config.rs`), sections nested or not, with and
//! without `_index`, leaf, branch and headless bundles, taxonomy and term
//! content, and pages whose front matter is YAML, TOML or JSON with
//! keys in any case, repeated keys, CRLF and odd whitespace, titles,
//! slugs, `url`s and terms with punctuation and non-ASCII, dates in every
//! form Hugo 0.111.3 reads and in forms it drops, drafts written as Hugo
//! reads them (`yes`, `"true"`, `1`), `_build` options, and publish and
//! expiry dates in the past or the far future.
//!
//! Where we differ from Hugo 0.111.3 on purpose (the guide: "Deliberate
//! differences", Hugo), the page also gets the parameter `omitFromSitemap: true`,
//! which the site's own sitemap template (written with every site) skips,
//! so the real tool lists what we mean to list:
//! - `sitemap: {disable: true}`: Hugo 0.111.3 has no such setting (newer
//!   Hugo does);
//! - `_build: {render: link}`: Hugo lists a URL it writes no file for;
//! - `build:` (without the underscore): the key newer Hugo documents;
//!   0.111.3 reads only `_build` and renders such a page.
//!
//! Terms never differ only in case (`Rust`, `rust`): under
//! `disablePathToLower` Hugo makes them one term, whose URL takes the
//! spelling of whichever page it reads first.
//!
//! Names never hold `#` or `?`: Hugo writes them into `<loc>` as they are
//! (`/tags/c#/`), where they start a fragment or a query, so its URL does
//! not reach the file it wrote; ours percent-encodes them (`/tags/c%23/`).
//!
//! Longer than most files here (about 650 lines) for a reason: the site's
//! choices and the page writer draw from one random sequence in one order
//! (a seed must rebuild the same site), so they read best together; the
//! value writers, which draw nothing, are in `hugo_values.rs`.

use std::path::Path;

use anyhow::{Result, bail};

use super::hugo_config;
use super::hugo_current;
use super::hugo_values::{Val, format, render};
use super::{BASE_URL, Generator};

pub(super) struct Hugo {
    /// The run's Hugo is 0.123 or later: the shapes only it builds are
    /// drawn too (`hugo_current.rs`).
    pub(super) current: bool,
}

/// The sitemap template every site gets: Hugo's own, less the pages marked
/// as deliberate differences (see the module doc).
const SITEMAP_TEMPLATE: &str = r#"{{ printf "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>" | safeHTML }}
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{{- range .Data.Pages }}{{ if and .Permalink (not .Params.omitfromsitemap) }}
  <url><loc>{{ .Permalink }}</loc></url>
{{- end }}{{ end }}
</urlset>
"#;

const SECTIONS: &[&str] = &[
    "posts",
    "post",
    "docs",
    "Blog",
    "news",
    "über",
    "a b",
    "c++",
    "x.y",
    "Ünïcødé",
];
const NAMES: &[&str] = &[
    "first",
    "second",
    "Hello World",
    "ça-va",
    "a&b",
    "x.y.z",
    "日本語",
    "UPPER",
    "snake_case",
    "a+b",
    "50%",
    "tilde~",
    "at@home",
    "many   spaces",
    "dash--dash",
    "Ünïcødé",
    "comma,name",
    "paren(s)",
    "2024-05-01-dated",
    "2023-12-31_under score",
    "2022-02-02",
];
const TITLES: &[&str] = &[
    "Hello, World!",
    "Ça va?",
    "C++ & Rust",
    "  spaced  out  ",
    "日本語のタイトル",
    "100% pure",
    "a/b",
    "quote \"x\" 'y'",
    "émoji 😀 here",
    "UPPER lower",
    "tab\there",
    "",
];
const SLUGS: &[&str] = &[
    "my-slug",
    "Slug With Spaces",
    "über",
    "a.b",
    "x_y",
    " padded ",
    "ÅÄÖ",
    "50%off",
    "q&a",
    "dots...",
];
const URLS: &[&str] = &[
    "/custom/path/",
    "custom-no-slash/",
    "/Up Per/",
    "/a/b/c/",
    "/with.html",
    "/über/straße/",
    "/deep/er/",
];
const TERMS: &[&str] = &[
    "rust",
    "C++",
    "Go & Rust",
    "über",
    "  padded ",
    "dot.ted",
    "UPPER",
    "日本",
    "x y  z",
    "50%",
    "a_b",
    "Ünïcødé",
];
/// Dates Hugo 0.111.3 reads, with `{Y}` for the year.
const DATES: &[&str] = &[
    "{Y}-01-02",
    "{Y}-01-02T03:04:05Z",
    "{Y}-01-02T03:04:05+02:00",
    "{Y}-01-02T03:04:05-07:00",
    "{Y}-01-02 03:04:05",
    "{Y}-01-02T03:04:05.123Z",
    "{Y}-01-02T03:04:05",
    "02 Jan {Y}",
    "Thu, 02 Jan {Y} 03:04:05 +0200",
    "{Y}-01-02 03:04:05 +0000 UTC",
];
/// Forms Hugo 0.111.3 drops (the page is built as if it had no date).
const BAD_DATES: &[&str] = &[
    "{Y}/01/02",
    "Jan 2, {Y}",
    "January 2, {Y}",
    "not a date",
    "{Y}-13-45",
    "{Y}-01-02T03:04",
];

/// The site-wide choices a page's writer needs.
struct Site {
    /// Language keys; the first is the default.
    langs: Vec<String>,
    /// Translations by folder (`content/<lang>/`) rather than file name.
    by_dir: bool,
    /// Taxonomy plurals.
    taxonomies: Vec<String>,
    /// Built by the current Hugo (0.123 and later).
    current: bool,
}

fn pick<'a>(rng: &mut fastrand::Rng, from: &[&'a str]) -> &'a str {
    from[rng.usize(..from.len())]
}

/// A key in random case: Hugo lowercases front matter keys.
fn key(rng: &mut fastrand::Rng, k: &str) -> String {
    match rng.u8(..6) {
        0 => k.to_uppercase(),
        1 => {
            let mut c = k.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        }
        _ => k.to_owned(),
    }
}

fn year(rng: &mut fastrand::Rng, future: bool) -> u32 {
    if future {
        rng.u32(2090..2100)
    } else {
        rng.u32(2001..2021)
    }
}

/// A date value: a string in one of Hugo's forms (or a form it drops),
/// or a TOML/YAML native date.
fn date(rng: &mut fastrand::Rng, future: bool, current: bool) -> Val {
    let y = year(rng, future);
    match rng.u8(..10) {
        0 => Val::Raw([
            format!("{y}-03-04"),
            format!("{y}-03-04"),
            format!("\"{y}-03-04\""),
        ]),
        1 => Val::Raw([
            format!("{y}-03-04T05:06:07Z"),
            format!("{y}-03-04T05:06:07Z"),
            format!("\"{y}-03-04T05:06:07Z\""),
        ]),
        // The current Hugo refuses a date it cannot read (so does our
        // scan following it): its sites get a good one, from the same draw.
        2 if !current => Val::Str(pick(rng, BAD_DATES).replace("{Y}", &y.to_string())),
        _ => Val::Str(pick(rng, DATES).replace("{Y}", &y.to_string())),
    }
}

/// A draft value Hugo reads as true or false, in every form it takes.
fn draft(rng: &mut fastrand::Rng) -> Val {
    let raw = |y: &str, t: &str, j: &str| Val::Raw([y.to_owned(), t.to_owned(), j.to_owned()]);
    match rng.u8(..14) {
        0 | 1 => Val::Bool(true),
        2 | 3 => Val::Bool(false),
        4 => raw("yes", "true", "true"),
        5 => raw("\"true\"", "\"true\"", "\"true\""),
        6 => raw("1", "1", "1"),
        7 => raw("\"false\"", "\"false\"", "\"false\""),
        8 => raw("no", "false", "0"),
        9 => raw("on", "\"TRUE\"", "\"t\""),
        10 => raw("\"yes\"", "\"yes\"", "\"yes\""),
        11 => raw("0", "0", "0"),
        12 => raw("True", "\"1\"", "\"1\""),
        _ => raw("off", "\"F\"", "\"maybe\""),
    }
}

/// Front matter for one page or `_index`. `branch`: an `_index`.
fn front_matter(
    rng: &mut fastrand::Rng,
    site: &Site,
    branch: bool,
    sections_with_permalinks: bool,
) -> Vec<(String, Val)> {
    let mut f: Vec<(String, Val)> = Vec::new();
    if rng.u8(..5) != 0 {
        let title = if rng.u8(..6) == 0 {
            not_text(rng)
        } else {
            Val::Str(pick(rng, TITLES).to_owned())
        };
        f.push((key(rng, "title"), title));
    }
    // Pages under a permalink pattern with `:year` mostly have a date
    // (Hugo uses year 1 without one).
    if rng.u8(..3) != 0 || (sections_with_permalinks && rng.u8(..4) != 0) {
        let future = rng.u8(..12) == 0;
        f.push((key(rng, "date"), date(rng, future, site.current)));
    }
    if rng.u8(..10) == 0 {
        let future = rng.bool();
        f.push((key(rng, "publishDate"), date(rng, future, site.current)));
    }
    if rng.u8(..10) == 0 {
        let future = rng.bool();
        f.push((key(rng, "expiryDate"), date(rng, future, site.current)));
    }
    if rng.u8(..6) == 0 {
        f.push((key(rng, "lastmod"), date(rng, false, site.current)));
    }
    if rng.u8(..5) == 0 {
        f.push((key(rng, "draft"), draft(rng)));
    }
    if !branch && rng.u8(..4) == 0 {
        let slug = if rng.u8(..5) == 0 {
            not_text(rng)
        } else {
            Val::Str(pick(rng, SLUGS).to_owned())
        };
        f.push((key(rng, "slug"), slug));
    }
    if rng.u8(..14) == 0 {
        f.push((key(rng, "url"), Val::Str(pick(rng, URLS).to_owned())));
    }
    if rng.u8(..12) == 0 {
        let (render, list) = (
            ["always", "never", "true", "false", "link"],
            ["always", "never", "local", "true", "false"],
        );
        let mut opts = Vec::new();
        if rng.bool() {
            let r = render[rng.usize(..render.len())];
            opts.push((
                "render".to_owned(),
                if matches!(r, "true" | "false") && rng.bool() {
                    Val::Bool(r == "true")
                } else {
                    Val::Str(r.to_owned())
                },
            ));
        }
        if rng.bool() || opts.is_empty() {
            let l = list[rng.usize(..list.len())];
            opts.push((
                "list".to_owned(),
                if matches!(l, "true" | "false") && rng.bool() {
                    Val::Bool(l == "true")
                } else {
                    Val::Str(l.to_owned())
                },
            ));
        }
        // The current Hugo refuses `_build` (and so does our scan
        // following it): its sites get `build`, from the same draw.
        let hugo_key = rng.u8(..4) != 0 && !site.current;
        // `render: link` is listed by Hugo with no file behind it, and
        // 0.111.3 ignores `build:`: both deliberate (module doc).
        let renders_link = opts
            .iter()
            .any(|(k, v)| k == "render" && matches!(v, Val::Str(s) if s == "link"));
        // As Hugo decodes them: the string "false" means `always`.
        let excludes = opts.iter().any(|(k, v)| match (k.as_str(), v) {
            ("render", Val::Str(s)) => matches!(s.as_str(), "never" | "link"),
            ("list", Val::Str(s)) => matches!(s.as_str(), "never" | "local"),
            (_, Val::Bool(b)) => !b,
            _ => false,
        });
        f.push((
            if hugo_key { "_build" } else { "build" }.to_owned(),
            Val::Map(opts),
        ));
        if renders_link || (!hugo_key && excludes) {
            f.push(("omitFromSitemap".to_owned(), Val::Bool(true)));
        }
    }
    if rng.u8(..15) == 0 {
        let disable = rng.bool();
        f.push((
            "sitemap".to_owned(),
            Val::Map(vec![("disable".to_owned(), Val::Bool(disable))]),
        ));
        if disable {
            f.push(("omitFromSitemap".to_owned(), Val::Bool(true)));
        }
    }
    // A section's or home page's `_index` may name terms too (rarely).
    if !branch || rng.u8(..6) == 0 {
        for t in &site.taxonomies {
            if rng.u8(..3) == 0 {
                let terms: Vec<Val> = (0..rng.usize(1..4))
                    .map(|_| {
                        if rng.u8(..6) == 0 {
                            not_text(rng)
                        } else {
                            Val::Str(pick(rng, TERMS).to_owned())
                        }
                    })
                    .collect();
                let v = if terms.len() == 1 && rng.bool() {
                    terms[0].clone()
                } else {
                    Val::List(terms)
                };
                f.push((key(rng, t), v));
            }
        }
    }
    if site.langs.len() > 1 && rng.u8(..6) == 0 {
        f.push((
            key(rng, "translationKey"),
            Val::Str(format!("k{}", rng.u8(..3))),
        ));
    }
    if rng.u8(..5) == 0 {
        f.push((key(rng, "weight"), Val::Int(rng.i64(-5..50))));
    }
    if rng.u8(..8) == 0 {
        f.push((
            key(rng, "aliases"),
            Val::List(vec![Val::Str("/old/path/".to_owned())]),
        ));
    }
    // A repeated key: Hugo's YAML and JSON readers keep the last value
    // (TOML refuses it; the writer keeps one there).
    // (Not for the current Hugo, whose YAML reader refuses it.)
    if !f.is_empty() && rng.u8(..10) == 0 && !site.current {
        let i = rng.usize(..f.len());
        let (k, _) = f[i].clone();
        if !matches!(
            k.as_str(),
            "omitFromSitemap" | "sitemap" | "_build" | "build"
        ) {
            let v = match k.to_lowercase().as_str() {
                "draft" => draft(rng),
                "slug" => Val::Str(pick(rng, SLUGS).to_owned()),
                "title" => Val::Str(pick(rng, TITLES).to_owned()),
                _ => f[i].1.clone(),
            };
            f.push((k, v));
        }
    }
    rng.shuffle(&mut f);
    // The marker must not be shuffled behind a repeat of itself; it is
    // never repeated, so order does not matter.
    f
}

fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text)?;
    Ok(())
}

impl Generator for Hugo {
    fn name(&self) -> &'static str {
        "hugo"
    }

    fn write_site(&self, rng: &mut fastrand::Rng, dir: &Path) -> Result<()> {
        let mut langs = vec!["en".to_owned()];
        match rng.u8(..10) {
            0..=2 => langs.push("de".to_owned()),
            3 => {
                langs.push("de".to_owned());
                langs.push("fr".to_owned());
            }
            4 => langs.insert(0, "de".to_owned()),
            _ => {}
        }
        let by_dir = langs.len() > 1 && rng.bool();
        let mut taxonomies = vec!["tags".to_owned(), "categories".to_owned()];
        let text = |s: &str| Val::Str(s.to_owned());
        let mut top = vec![
            ("baseURL".to_owned(), text(BASE_URL)),
            ("title".to_owned(), text("random")),
            ("defaultContentLanguage".to_owned(), text(&langs[0])),
        ];
        let mut tables = Vec::new();
        if langs.len() > 1 && rng.bool() {
            top.push((
                "defaultContentLanguageInSubdir".to_owned(),
                Val::Bool(rng.bool()),
            ));
        }
        if rng.u8(..5) == 0 {
            top.push(("uglyURLs".to_owned(), Val::Bool(true)));
        }
        if rng.u8(..8) == 0 {
            top.push(("disablePathToLower".to_owned(), Val::Bool(true)));
        }
        if rng.u8(..3) == 0 {
            top.push(("paginate".to_owned(), Val::Int(rng.i64(1..11))));
        }
        if rng.u8(..4) == 0 {
            top.extend(hugo_config::disable_kinds(rng));
        }
        // A site's own date orders: `:filename` takes a slug and a date
        // from a file name that starts with one (the last names below).
        if rng.u8(..6) == 0 {
            let orders: [(&str, &[&str]); 5] = [
                ("date", &[":filename", ":default"]),
                ("lastmod", &[":filename", ":default"]),
                ("publishDate", &["publishDate", ":filename"]),
                ("date", &["date", ":fileModTime", ":filename"]),
                ("lastMod", &["lastmod", ":git"]),
            ];
            let (key, order) = orders[rng.usize(..orders.len())];
            let order = order.iter().map(|o| Val::Str((*o).to_owned())).collect();
            tables.push((
                "frontmatter".to_owned(),
                vec![(key.to_owned(), Val::List(order))],
            ));
        }
        let permalink_sections: Vec<&str> = if rng.u8(..4) == 0 {
            let patterns = [
                "/:year/:month/:slug/",
                "/:section/:title/",
                "/blog/:filename/",
                ":slugorfilename/",
                "/:year/:month/:day/:title/",
                "/:sections/:slug",
                "/p/:year/:filename/",
            ];
            let current_patterns: Vec<&str> = patterns
                .iter()
                .chain(hugo_current::PATTERNS)
                .copied()
                .collect();
            let patterns: &[&str] = if self.current {
                &current_patterns
            } else {
                &patterns
            };
            let mut chosen = Vec::new();
            let mut table = Vec::new();
            for s in ["posts", "post", "docs"] {
                if rng.bool() {
                    table.push((s.to_owned(), text(pick(rng, patterns))));
                    chosen.push(s);
                }
            }
            if !table.is_empty() {
                tables.push(("permalinks".to_owned(), table));
            }
            chosen
        } else {
            Vec::new()
        };
        if rng.u8(..4) == 0 {
            taxonomies = match rng.u8(..3) {
                0 => vec!["tags".to_owned()],
                1 => vec!["tags".to_owned(), "series".to_owned()],
                _ => vec!["categories".to_owned(), "authors".to_owned()],
            };
            let mut table = Vec::new();
            for t in &taxonomies {
                let singular = t.trim_end_matches('s').trim_end_matches("ie");
                let singular = if singular.is_empty() { "x" } else { singular };
                table.push((singular.to_owned(), text(t)));
            }
            tables.push(("taxonomies".to_owned(), table));
        }
        // A language defined but disabled: its files are built by none.
        let disabled = (langs.len() > 1 && rng.u8(..5) == 0).then(|| "it".to_owned());
        // Drawn only for the current Hugo, after everything else of the
        // configuration, so 0.111.3's sites stay as they were.
        let multihost = self.current && langs.len() > 1 && rng.u8(..4) == 0;
        if self.current {
            top.extend(hugo_current::config_cascade(rng, SECTIONS, &langs));
            if !tables.iter().any(|(k, _)| k == "permalinks") {
                tables.extend(hugo_current::permalink_tables(rng));
            }
        }
        let mut languages = Vec::new();
        if langs.len() > 1 {
            for (i, l) in langs.iter().chain(disabled.iter()).enumerate() {
                let mut settings = vec![("languageName".to_owned(), text(&l.to_uppercase()))];
                // Hugo orders a weight of 0 after every other.
                if rng.u8(..5) != 0 {
                    settings.push(("weight".to_owned(), Val::Int(i as i64 + 1)));
                }
                if by_dir {
                    settings.push(("contentDir".to_owned(), text(&format!("content/{l}"))));
                }
                if rng.u8(..4) == 0 {
                    settings.extend(hugo_config::disable_kinds(rng));
                }
                if disabled.as_ref() == Some(l) {
                    settings.push(("disabled".to_owned(), Val::Bool(true)));
                }
                if self.current {
                    settings.extend(hugo_current::language_settings(rng, l, multihost));
                }
                languages.push((l.clone(), settings));
            }
        }
        langs.extend(disabled);
        hugo_config::write_config(
            rng,
            dir,
            hugo_config::Config {
                top,
                tables,
                languages,
            },
        )?;
        let template = if self.current {
            hugo_current::SITEMAP_TEMPLATE
        } else {
            SITEMAP_TEMPLATE
        };
        write(&dir.join("layouts/_default/sitemap.xml"), template)?;
        let site = Site {
            langs,
            by_dir,
            taxonomies,
            current: self.current,
        };

        // Each file is written for the default language, and sometimes
        // translated.
        let content = dir.join("content");
        let mut files: Vec<(Vec<String>, String)> = Vec::new();
        if rng.u8(..4) != 0 {
            files.push((Vec::new(), "_index".to_owned()));
        }
        let mut sections: Vec<&str> = Vec::new();
        for _ in 0..rng.usize(1..4) {
            let s = pick(rng, SECTIONS);
            if !sections.contains(&s) {
                sections.push(s);
            }
        }
        for s in &sections {
            let base = vec![(*s).to_owned()];
            if rng.u8(..3) != 0 {
                files.push((base.clone(), "_index".to_owned()));
            }
            for _ in 0..rng.usize(1..6) {
                files.push((base.clone(), pick(rng, NAMES).to_owned()));
            }
            // A nested folder: a section with `_index`, a plain folder
            // without.
            if rng.u8(..3) == 0 {
                let mut sub = base.clone();
                sub.push(pick(rng, NAMES).to_owned());
                if rng.bool() {
                    files.push((sub.clone(), "_index".to_owned()));
                }
                for _ in 0..rng.usize(1..3) {
                    files.push((sub.clone(), pick(rng, NAMES).to_owned()));
                }
            }
            // A leaf bundle, with a page-like resource and a folder (not
            // the nested section's folder: one folder is a branch or a
            // leaf, not both).
            let sub_name = files
                .iter()
                .find(|(d, _)| d.len() == 2 && d[0] == *s)
                .map(|(d, _)| d[1].clone());
            if rng.u8(..3) == 0 {
                let mut leaf = base.clone();
                let name = pick(rng, NAMES).to_owned();
                if sub_name.as_ref() == Some(&name) {
                    continue;
                }
                leaf.push(name);
                files.push((leaf.clone(), "index".to_owned()));
                if rng.bool() {
                    files.push((leaf.clone(), "resource".to_owned()));
                }
                if rng.u8(..3) == 0 {
                    leaf.push("nested".to_owned());
                    files.push((leaf, "deep".to_owned()));
                }
            }
        }
        // A page directly in the content folder, and a leaf bundle there.
        if rng.u8(..4) == 0 {
            files.push((Vec::new(), pick(rng, NAMES).to_owned()));
        }
        // Not in a section's folder: a folder holding both `_index` and
        // `index` is no shape a real site has (Hugo makes it a section and
        // the `index` a page at the section's URL).
        if rng.u8(..5) == 0 {
            let name = pick(rng, NAMES);
            if !sections.contains(&name) {
                files.push((vec![name.to_owned()], "index".to_owned()));
            }
        }
        // Taxonomy and term content.
        if rng.u8(..5) == 0 {
            let t = site.taxonomies[rng.usize(..site.taxonomies.len())].clone();
            files.push((vec![t.clone()], "_index".to_owned()));
            if rng.bool() {
                files.push((
                    vec![t, pick(rng, TERMS).trim().to_owned()],
                    "_index".to_owned(),
                ));
            }
        }
        files.sort();
        files.dedup();
        // A page and a folder of the same name in one folder are the same
        // URL; Hugo keeps the folder's and drops the page. No real site
        // means that, so the folder is not written.
        let pages: Vec<(Vec<String>, String)> = files
            .iter()
            .filter(|(_, n)| n != "_index" && n != "index")
            .map(|(d, n)| (d.clone(), n.to_lowercase()))
            .collect();
        files.retain(|(folders, _)| {
            !(1..=folders.len()).any(|n| {
                pages
                    .iter()
                    .any(|(d, p)| d[..] == folders[..n - 1] && *p == folders[n - 1].to_lowercase())
            })
        });

        for (folders, name) in &files {
            let branch = name == "_index";
            let under_permalink = folders
                .first()
                .is_some_and(|s| permalink_sections.contains(&s.as_str()));
            for (i, lang) in site.langs.iter().enumerate() {
                // The default language always, the others sometimes.
                if i > 0 && rng.u8(..3) != 0 {
                    continue;
                }
                // The default language's home page is always published:
                // without it Hugo writes an empty sitemap, which the
                // sitemaps.org XSD refuses and the scan will not write.
                let mut fm = if branch && folders.is_empty() && i == 0 {
                    vec![(key(rng, "title"), Val::Str(pick(rng, TITLES).to_owned()))]
                } else {
                    front_matter(rng, &site, branch, under_permalink)
                };
                if name == "index" && rng.u8(..8) == 0 {
                    fm.push((key(rng, "headless"), Val::Bool(rng.u8(..4) != 0)));
                }
                if self.current
                    && branch
                    && let Some(section) = folders.first()
                {
                    fm.extend(hugo_current::section_cascade(rng, section));
                }
                let text = if rng.u8(..25) == 0 && !branch {
                    // No front matter at all.
                    "Just a body.\n".to_owned()
                } else {
                    let format = format(rng);
                    render(rng, &fm, format)
                };
                let ext = match rng.u8(..20) {
                    0 => "markdown",
                    1 => "html",
                    2 => "mdown",
                    _ => "md",
                };
                // The current Hugo refuses HTML content unless
                // `security.allowContent` allows it.
                let ext = if ext == "html" && (text.starts_with("Just") || site.current) {
                    "md"
                } else {
                    ext
                };
                let mut path = content.clone();
                if site.by_dir {
                    path.push(lang);
                }
                for f in folders {
                    path.push(f);
                }
                let file = if site.by_dir || i == 0 && rng.u8(..4) != 0 {
                    format!("{name}.{ext}")
                } else {
                    format!("{name}.{lang}.{ext}")
                };
                path.push(file);
                write(&path, &text)?;
            }
        }
        Ok(())
    }

    fn build(&self, tool: &Path, dir: &Path, out: &Path) -> Result<()> {
        // Not `--quiet` for the current Hugo, where it hides the error
        // that stopped the build too; 0.111.3 has no `--logLevel`.
        let quiet: &[&str] = if self.current {
            &["--logLevel", "error"]
        } else {
            &["--quiet"]
        };
        let status = std::process::Command::new(tool)
            .arg("--source")
            .arg(dir)
            .arg("--destination")
            .arg(out)
            .args(["--baseURL", BASE_URL])
            .args(quiet)
            .output()?;
        if !status.status.success() {
            // Some releases print the error that stopped the build on
            // stdout (0.148.0 for an unknown permalink token).
            let stderr = String::from_utf8_lossy(&status.stderr);
            if stderr.trim().is_empty() {
                let stdout = String::from_utf8_lossy(&status.stdout);
                bail!("hugo: {}", super::hugo_tests::compare::first_error(&stdout));
            }
            bail!("hugo: {stderr}");
        }
        Ok(())
    }
}

/// A number or boolean where Hugo expects text (`slug: 1`, `tags: [7]`),
/// which it converts with `cast.ToString`.
fn not_text(rng: &mut fastrand::Rng) -> Val {
    match rng.u8(..4) {
        0 => Val::Int(rng.i64(0..30)),
        1 => Val::Bool(rng.bool()),
        2 => Val::Raw(["2.5".to_owned(), "2.5".to_owned(), "2.5".to_owned()]),
        _ => Val::Int(-rng.i64(1..5)),
    }
}
