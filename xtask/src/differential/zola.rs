//! Random Zola sites, drawn to cover what decides Zola's URL set:
//!
//! - configuration: `slugify.paths`/`taxonomies` (`on`, `safe`, `off`),
//!   `paths_keep_dates`, taxonomies (`paginate_by`, `paginate_path`,
//!   `render`, `feed`; top level or under `[languages.<default>]`),
//!   translations (`default_language`, `[languages.xx]` with their own
//!   taxonomies), `taxonomy_root`, `exclude_paginated_pages_in_sitemap`,
//!   feeds;
//! - sections: nested folders (names with spaces and non-ASCII), with or
//!   without `_index.md`, `paginate_by` (smaller or larger than the page
//!   count, zero), `paginate_path`, `paginate_reversed`, `sort_by` (pages
//!   a sort cannot place are left out of the pagers), `render = false`,
//!   `transparent`, `draft`, translations `_index.xx.md`;
//! - pages: TOML `+++` or YAML `---` front matter (leading blank lines,
//!   CRLF, trailing spaces on the fence), titles and file names with
//!   punctuation and non-ASCII, dated file names in each form Zola reads
//!   (`2024-01-02-x`, `2024-01-02_x`, `2024-01-02T10:00:00Z-x`, a bare
//!   date), `date`/`updated` as TOML dates, date-times and strings, YAML
//!   timestamps, `slug` and `path` overrides, drafts, `render = false`,
//!   `weight`, taxonomies with colliding terms, aliases, bundles
//!   (`name/index.md` with an asset), `.xx.md` translations;
//! - now and then something Zola refuses (an empty `slug`, an unknown
//!   section key, an unparsable date, an unknown language or taxonomy, an
//!   `index.md` beside an `_index.md`, two pages on one path), which we
//!   must refuse too.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Result, bail};

use super::{BASE_URL, Generator};

pub(super) struct Zola;

/// Names for files, folders, titles, slugs and terms: punctuation,
/// spaces, non-ASCII, dots.
const NAMES: &[&str] = &[
    "hello",
    "Hello World",
    "C++ & Rust",
    "héhé",
    "日本語",
    "Ünïcödé Tïtle",
    "what?",
    "50% off",
    "trailing.",
    "a_b-c",
    "Ça va",
    "x  y",
    "über",
    "(paren)",
    "it's",
    "UPPER",
    "tab\there",
    "emoji 🎉",
];

/// Folder names (no dots: a dot in a folder is no language code, but
/// keeps things readable).
const DIRS: &[&str] = &["blog", "docs", "Über uns", "news 2024", "a-b", "café"];

const TERMS: &[&str] = &[
    "Rust", "rust", "Web Dev", "web-dev", "日本", "C#", "c", "Ça",
];

#[derive(Clone)]
enum V {
    Str(String),
    Bool(bool),
    Int(i64),
    /// Written bare: a TOML date/date-time or a YAML timestamp.
    Bare(String),
    List(Vec<String>),
}

/// One front matter: plain keys, then tables (`taxonomies`, `extra`).
#[derive(Default)]
struct Fm {
    keys: Vec<(String, V)>,
    tables: Vec<(String, Vec<(String, V)>)>,
}

impl Fm {
    fn set(&mut self, k: &str, v: V) {
        self.keys.push((k.to_owned(), v));
    }

    fn render(&self, rng: &mut fastrand::Rng) -> String {
        let yaml = rng.u8(..3) == 0;
        let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
        let mut val = |v: &V, yaml: bool| match v {
            V::Str(s) => q(s),
            V::Bool(b) => b.to_string(),
            V::Int(i) => i.to_string(),
            V::Bare(s) => s.clone(),
            V::List(l) => {
                let items: Vec<String> = l.iter().map(|s| q(s)).collect();
                if yaml && rng.bool() {
                    // A block sequence, as people write them.
                    return l.iter().map(|s| format!("\n  - {}", q(s))).collect();
                }
                format!("[{}]", items.join(", "))
            }
        };
        let mut body = String::new();
        if yaml {
            for (k, v) in &self.keys {
                let _ = writeln!(body, "{k}: {}", val(v, true));
            }
            for (t, kv) in &self.tables {
                let _ = writeln!(body, "{t}:");
                for (k, v) in kv {
                    let _ = writeln!(
                        body,
                        "  {}: {}",
                        q(k),
                        val(v, true).replace("\n  ", "\n    ")
                    );
                }
            }
        } else {
            for (k, v) in &self.keys {
                let _ = writeln!(body, "{k} = {}", val(v, false));
            }
            for (t, kv) in &self.tables {
                let _ = writeln!(body, "[{t}]");
                for (k, v) in kv {
                    let _ = writeln!(body, "{} = {}", q(k), val(v, false));
                }
            }
        }
        let fence = if yaml { "---" } else { "+++" };
        // The fence's surroundings Zola's regex allows.
        let lead = ["", "", "", "\n", "  \n"][rng.usize(..5)];
        let trail = ["", "", "  "][rng.usize(..3)];
        let mut text = format!("{lead}{fence}\n{body}{fence}{trail}\nbody text\n");
        if rng.u8(..8) == 0 {
            text = text.replace('\n', "\r\n");
        }
        text
    }
}

/// A date in one of the forms Zola parses (and, rarely, one it refuses).
fn date(rng: &mut fastrand::Rng, yaml_ok: bool) -> V {
    let d = format!(
        "20{:02}-{:02}-{:02}",
        rng.u8(10..30),
        rng.u8(1..13),
        rng.u8(1..29)
    );
    match rng.usize(..9) {
        0 => V::Bare(d),
        1 => V::Bare(format!("{d}T10:20:30Z")),
        2 => V::Bare(format!("{d}T10:20:30+02:00")),
        3 if yaml_ok => V::Bare(format!("{d}T10:20:30")),
        4 => V::Str(format!("{d}T10:20:30Z")),
        5 => V::Str(format!("{d}T10:20:30")),
        6 => V::Str(format!("{d} 10:20:30")),
        7 if rng.u8(..6) == 0 => V::Str("yesterday".to_owned()),
        _ => V::Str(d),
    }
}

struct Site {
    langs: Vec<String>,
    /// Taxonomy names per language (same order as `langs`).
    taxos: Vec<Vec<String>>,
    /// Something Zola refuses may be written (about one site in twelve).
    refusals: bool,
}

fn pick<'a>(rng: &mut fastrand::Rng, from: &[&'a str]) -> &'a str {
    from[rng.usize(..from.len())]
}

impl Generator for Zola {
    fn name(&self) -> &'static str {
        "zola"
    }

    fn write_site(&self, rng: &mut fastrand::Rng, dir: &Path) -> Result<()> {
        let mut config = format!("base_url = \"{BASE_URL}\"\ntitle = \"random\"\n");
        let strategies = ["on", "safe", "off"];
        let multilingual = rng.u8(..3) == 0;
        let default = if multilingual && rng.bool() {
            "fr"
        } else {
            "en"
        };
        let mut langs = vec![default.to_owned()];
        if multilingual {
            let _ = writeln!(config, "default_language = \"{default}\"");
            for l in ["de", "ja", if default == "en" { "fr" } else { "en" }] {
                if rng.bool() || langs.len() == 1 {
                    langs.push(l.to_owned());
                }
            }
        }
        let taxo_pool = ["tags", "categories", "Séries", "author notes"];
        let taxo_line = |rng: &mut fastrand::Rng, name: &str| {
            let mut t = format!("{{ name = \"{name}\"");
            if rng.bool() {
                let _ = write!(t, ", paginate_by = {}", rng.usize(0..4));
            }
            if rng.u8(..3) == 0 {
                let _ = write!(
                    t,
                    ", paginate_path = \"{}\"",
                    pick(rng, &["p", "seite", "page"])
                );
            }
            if rng.u8(..4) == 0 {
                t.push_str(", render = false");
            }
            if rng.u8(..4) == 0 {
                t.push_str(", feed = true");
            }
            t.push_str(" }");
            t
        };
        let mut taxos = Vec::new();
        let mut lang_tables = String::new();
        for (i, lang) in langs.iter().enumerate() {
            let names: Vec<String> = taxo_pool
                .iter()
                .filter(|_| rng.u8(..3) == 0)
                .map(|s| (*s).to_owned())
                .collect();
            let lines: Vec<String> = names.iter().map(|n| taxo_line(rng, n)).collect();
            // The default language's taxonomies: top level, or (Zola
            // takes either) under `[languages.<default>]`.
            let under_table = i > 0 || rng.u8(..4) == 0;
            if under_table {
                if i > 0 || !lines.is_empty() {
                    let _ = writeln!(
                        lang_tables,
                        "[languages.{lang}]\ntaxonomies = [{}]",
                        lines.join(", ")
                    );
                }
            } else if !lines.is_empty() {
                let _ = writeln!(config, "taxonomies = [{}]", lines.join(", "));
            }
            taxos.push(names);
        }
        if rng.u8(..6) == 0 {
            let _ = writeln!(config, "taxonomy_root = \"{}\"", pick(rng, &["blog", "t"]));
        }
        match rng.usize(..4) {
            0 => config.push_str("exclude_paginated_pages_in_sitemap = \"all\"\n"),
            1 => config.push_str("exclude_paginated_pages_in_sitemap = \"none\"\n"),
            _ => {}
        }
        if rng.u8(..4) == 0 {
            config.push_str("generate_feeds = true\n");
        }
        let mut slugify = String::new();
        if rng.bool() {
            let _ = writeln!(slugify, "paths = \"{}\"", pick(rng, &strategies));
        }
        if rng.bool() {
            let _ = writeln!(slugify, "taxonomies = \"{}\"", pick(rng, &strategies));
        }
        if rng.u8(..4) == 0 {
            slugify.push_str("paths_keep_dates = true\n");
        }
        // Tables last: TOML puts every key after a header into its table.
        if !slugify.is_empty() {
            let _ = write!(config, "[slugify]\n{slugify}");
        }
        config.push_str(&lang_tables);
        std::fs::write(dir.join("config.toml"), config)?;

        let templates = dir.join("templates");
        std::fs::create_dir_all(&templates)?;
        for t in [
            "index.html",
            "section.html",
            "page.html",
            "taxonomy_list.html",
            "taxonomy_single.html",
        ] {
            std::fs::write(templates.join(t), "<html><body>x</body></html>\n")?;
        }

        let site = Site {
            langs,
            taxos,
            refusals: rng.u8(..12) == 0,
        };
        let content = dir.join("content");
        std::fs::create_dir_all(&content)?;
        if rng.u8(..5) > 0 {
            write_section(rng, &site, &content, true)?;
        }
        let n = rng.usize(0..3);
        write_pages(rng, &site, &content, n)?;
        for _ in 0..rng.usize(1..4) {
            let name = pick(rng, DIRS);
            let section = content.join(name);
            if section.exists() {
                continue;
            }
            std::fs::create_dir_all(&section)?;
            // A folder without `_index.md` is no section: its pages are
            // orphans, still built.
            if rng.u8(..6) > 0 {
                write_section(rng, &site, &section, false)?;
            }
            let n = rng.usize(0..7);
            write_pages(rng, &site, &section, n)?;
            if rng.u8(..3) == 0 {
                let sub = section.join(pick(rng, &["sub", "2024", "Tiefer Ordner"]));
                std::fs::create_dir_all(&sub)?;
                if rng.u8(..5) > 0 {
                    write_section(rng, &site, &sub, false)?;
                }
                let n = rng.usize(0..5);
                write_pages(rng, &site, &sub, n)?;
            }
        }
        Ok(())
    }

    fn build(&self, tool: &Path, dir: &Path, out: &Path) -> Result<()> {
        let status = std::process::Command::new(tool)
            .arg("--root")
            .arg(dir)
            .arg("build")
            .arg("--output-dir")
            .arg(out)
            .args(["--base-url", BASE_URL, "--force"])
            .output()?;
        if !status.status.success() {
            bail!("zola: {}", String::from_utf8_lossy(&status.stderr));
        }
        Ok(())
    }
}

/// `_index.md` (and translations) in `dir`.
fn write_section(rng: &mut fastrand::Rng, site: &Site, dir: &Path, home: bool) -> Result<()> {
    let mut drafted = false;
    for (i, lang) in site.langs.iter().enumerate() {
        if i > 0 && rng.bool() {
            continue;
        }
        let mut fm = Fm::default();
        if rng.bool() {
            fm.set("title", V::Str(pick(rng, NAMES).to_owned()));
        }
        if rng.bool() {
            fm.set("paginate_by", V::Int(rng.i64(0..5)));
            if rng.u8(..3) == 0 {
                fm.set(
                    "paginate_path",
                    V::Str(pick(rng, &["p", "seite", "page"]).to_owned()),
                );
            }
            if rng.u8(..3) == 0 {
                fm.set("paginate_reversed", V::Bool(true));
            }
        }
        if rng.bool() {
            let sort = pick(
                rng,
                &[
                    "none",
                    "date",
                    "update_date",
                    "title",
                    "title_bytes",
                    "weight",
                    "slug",
                ],
            );
            fm.set("sort_by", V::Str(sort.to_owned()));
        }
        if rng.u8(..6) == 0 {
            fm.set("render", V::Bool(false));
        }
        if !home && rng.u8(..4) == 0 {
            fm.set("transparent", V::Bool(true));
        }
        // One draft file per folder at most: with two, Zola 0.22.1 skips
        // the folder twice (`skip_current_dir`), and so also the rest of
        // the parent folder in directory order (see the guide's Zola differences).
        if !home && !drafted && rng.u8(..10) == 0 {
            fm.set("draft", V::Bool(true));
            drafted = true;
        }
        if rng.u8(..6) == 0 {
            fm.set("generate_feeds", V::Bool(true));
        }
        if rng.u8(..5) == 0 {
            fm.set("weight", V::Int(rng.i64(0..9)));
        }
        if rng.u8(..8) == 0 {
            fm.set(
                "aliases",
                V::List(vec![format!("/old-{}/", rng.u32(..1000))]),
            );
        }
        if site.refusals && rng.u8(..6) == 0 {
            // A page's key in a section: Zola denies unknown section keys.
            fm.set("date", V::Bare("2024-01-02".to_owned()));
        }
        if rng.u8(..6) == 0 {
            fm.tables.push((
                "extra".to_owned(),
                vec![("note".to_owned(), V::Str("x".to_owned()))],
            ));
        }
        let file = if i == 0 {
            "_index.md".to_owned()
        } else {
            format!("_index.{lang}.md")
        };
        std::fs::write(dir.join(file), fm.render(rng))?;
    }
    if site.refusals && !home && rng.u8(..8) == 0 {
        // `index.md` beside `_index.md`: refused.
        std::fs::write(dir.join("index.md"), "+++\n+++\n")?;
    }
    Ok(())
}

/// `n` pages (some of them bundles, some translated) in `dir`.
fn write_pages(rng: &mut fastrand::Rng, site: &Site, dir: &Path, n: usize) -> Result<()> {
    for k in 0..n {
        let base = pick(rng, NAMES);
        let stem = match rng.usize(..10) {
            0 => format!("2024-0{}-1{}-{base}", rng.u8(1..10), rng.u8(0..10)),
            1 => format!("2023-12-31_{base}"),
            2 => format!("2022-02-03T04:05:06Z-{base}"),
            3 => "2021-07-08".to_owned(),
            4 => format!("2020-01-02 - {base}"),
            5 if rng.u8(..4) == 0 && (site.refusals || site.langs.len() == 1) => {
                format!("p{k}.v2")
            }
            // Mostly told apart by a number: two pages on one path are
            // refused, which the refusals cover already.
            _ => format!(
                "{base}{}",
                if rng.u8(..4) > 0 {
                    k.to_string()
                } else {
                    String::new()
                }
            ),
        };
        let bundle = rng.u8(..5) == 0;
        let (folder, file_stem) = if bundle {
            (dir.join(&stem), "index".to_owned())
        } else {
            (dir.to_path_buf(), stem.clone())
        };
        std::fs::create_dir_all(&folder)?;
        if bundle {
            std::fs::write(folder.join("asset.txt"), "asset\n")?;
        }
        for (i, lang) in site.langs.iter().enumerate() {
            if i > 0 && rng.bool() {
                continue;
            }
            let fm = page_fm(rng, site, i);
            let name = if i == 0 {
                // The default language's code written out: Zola keeps it
                // in the name.
                if site.langs.len() > 1 && rng.u8(..10) == 0 {
                    format!("{file_stem}.{lang}.md")
                } else {
                    format!("{file_stem}.md")
                }
            } else {
                format!("{file_stem}.{lang}.md")
            };
            let path = folder.join(name);
            if path.exists() {
                continue;
            }
            std::fs::write(path, fm.render(rng))?;
        }
    }
    Ok(())
}

fn page_fm(rng: &mut fastrand::Rng, site: &Site, lang: usize) -> Fm {
    let mut fm = Fm::default();
    if rng.u8(..4) > 0 {
        fm.set("title", V::Str(pick(rng, NAMES).to_owned()));
    }
    if rng.u8(..3) == 0 {
        let d = date(rng, true);
        if site.refusals || !matches!(&d, V::Str(s) if s == "yesterday") {
            fm.set("date", d);
        }
    }
    if rng.u8(..5) == 0 {
        let d = date(rng, true);
        if site.refusals || !matches!(&d, V::Str(s) if s == "yesterday") {
            fm.set("updated", d);
        }
    }
    if rng.u8(..8) == 0 {
        fm.set("draft", V::Bool(true));
    }
    if rng.u8(..8) == 0 {
        fm.set("render", V::Bool(false));
    }
    if rng.u8(..4) == 0 {
        fm.set("weight", V::Int(rng.i64(0..20)));
    }
    if rng.u8(..6) == 0 {
        let slug = if site.refusals && rng.u8(..5) == 0 {
            String::new()
        } else {
            pick(rng, NAMES).to_owned()
        };
        fm.set("slug", V::Str(slug));
    } else if rng.u8(..10) == 0 {
        let path = match rng.usize(..4) {
            0 => format!("/custom/{}", rng.u32(..50)),
            1 => format!("custom-{}", rng.u32(..50)),
            2 => format!("{}/deep/", pick(rng, NAMES)),
            _ => format!(" spaced-{} ", rng.u32(..50)),
        };
        fm.set("path", V::Str(path));
    }
    if rng.u8(..8) == 0 {
        fm.set(
            "aliases",
            V::List(vec![format!("/alias-{}/", rng.u32(..1000))]),
        );
    }
    let names = &site.taxos[lang];
    let mut taxonomies = Vec::new();
    for name in names {
        if rng.bool() {
            let terms: Vec<String> = (0..rng.usize(1..3))
                .map(|_| pick(rng, TERMS).to_owned())
                .collect();
            taxonomies.push((name.clone(), V::List(terms)));
        }
    }
    if site.refusals && rng.u8(..10) == 0 {
        taxonomies.push(("undeclared".to_owned(), V::List(vec!["x".to_owned()])));
    }
    if !taxonomies.is_empty() {
        fm.tables.push(("taxonomies".to_owned(), taxonomies));
    }
    if rng.u8(..6) == 0 {
        fm.tables.push((
            "extra".to_owned(),
            vec![("note".to_owned(), V::Str("x".to_owned()))],
        ));
    }
    fm
}
