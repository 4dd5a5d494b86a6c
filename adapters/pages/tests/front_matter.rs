//! Every case under `tests/fixtures/` parsed and snapshotted whole.

use std::fmt::Write;
use std::path::Path;

use sitemap_pages::front_matter::{self, FrontMatter};
use sitemap_pages::overrides::Overrides;

/// The front matter and overrides of one fixture, or the error, as text.
fn render(case: &str) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(case)
        .join("page.md");
    let text = std::fs::read_to_string(&file).unwrap();
    // Errors name the path as given: use the one a user would see.
    let shown = Path::new("content").join(case).join("page.md");
    let mut out = String::new();
    let fm = match front_matter::parse(&shown, &text) {
        Ok(fm) => fm,
        Err(e) => return format!("error: {e}\n"),
    };
    let format = fm.format.map_or("none".to_owned(), |f| f.to_string());
    writeln!(out, "format: {format}").unwrap();
    writeln!(out, "fence line: {:?}", fm.fence_line()).unwrap();
    writeln!(
        out,
        "data: {}",
        serde_json::to_string_pretty(fm.data()).unwrap()
    )
    .unwrap();
    writeln!(out, "body_start: {}", fm.body_start).unwrap();
    writeln!(out, "body: {:?}", fm.body(&text)).unwrap();
    let mut keys = Vec::new();
    collect_keys("", &serde_json::Value::Object(fm.data().clone()), &mut keys);
    for key in keys {
        writeln!(out, "line of {key}: {}", fm.line_of(&key)).unwrap();
    }
    match Overrides::from_front_matter(&shown, &fm) {
        Ok(o) => {
            writeln!(out, "overrides:").unwrap();
            writeln!(
                out,
                "  exclude: {}",
                o.exclude.map_or("-".to_owned(), |e| e.to_string())
            )
            .unwrap();
            writeln!(
                out,
                "  changefreq: {}",
                o.changefreq.map_or("-".to_owned(), |c| c.to_string())
            )
            .unwrap();
            writeln!(
                out,
                "  priority: {}",
                o.priority.map_or("-".to_owned(), |p| p.to_string())
            )
            .unwrap();
            writeln!(
                out,
                "  lastmod: {}",
                o.lastmod.map_or("-".to_owned(), |l| l.to_string())
            )
            .unwrap();
            writeln!(
                out,
                "  date: {}",
                o.date.map_or("-".to_owned(), |l| l.to_string())
            )
            .unwrap();
        }
        Err(e) => writeln!(out, "overrides error: {e}").unwrap(),
    }
    out
}

fn collect_keys(prefix: &str, value: &serde_json::Value, out: &mut Vec<String>) {
    if let serde_json::Value::Object(map) = value {
        for (k, v) in map {
            let key = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            out.push(key.clone());
            collect_keys(&key, v, out);
        }
    }
}

macro_rules! cases {
    ($($name:ident => $dir:literal,)*) => {
        $(
            #[test]
            fn $name() {
                insta::assert_snapshot!(stringify!($name), render($dir));
            }
        )*

        /// Every fixture directory has a test above, and every test a directory.
        #[test]
        fn every_fixture_has_a_case() {
            let mut dirs: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures"))
                .unwrap()
                .map(|e| e.unwrap())
                .filter(|e| e.file_type().unwrap().is_dir())
                .map(|e| e.file_name().into_string().unwrap())
                .collect();
            dirs.sort();
            let mut cases = vec![$($dir.to_owned()),*];
            cases.sort();
            assert_eq!(dirs, cases);
        }
    };
}

cases! {
    toml_zola => "toml-zola",
    yaml_hugo => "yaml-hugo",
    json_hugo => "json-hugo",
    bom_blank_lines => "bom-blank-lines",
    crlf_yaml => "crlf-yaml",
    hr_not_front_matter => "hr-not-front-matter",
    hr_unclosed => "hr-unclosed",
    yaml_unclosed_draft => "yaml-unclosed-draft",
    json_unclosed => "json-unclosed",
    yaml_duplicate_key => "yaml-duplicate-key",
    yaml_alias_bomb => "yaml-alias-bomb",
    yaml_booleans_1_1 => "yaml-booleans-1-1",
    yaml_deep_nesting => "yaml-deep-nesting",
    toml_deep_nesting => "toml-deep-nesting",
    json_deep_nesting => "json-deep-nesting",
    setext_heading => "setext-heading",
    mdbook_include => "mdbook-include",
    empty_yaml => "empty-yaml",
    no_front_matter => "no-front-matter",
    toml_unclosed => "toml-unclosed",
    toml_syntax_error => "toml-syntax-error",
    yaml_syntax_error => "yaml-syntax-error",
    json_syntax_error => "json-syntax-error",
    hugo_sitemap_disable => "hugo-sitemap-disable",
    hugo_build_render_never => "hugo-build-render-never",
    zola_exclude => "zola-exclude",
    jekyll_sitemap_false => "jekyll-sitemap-false",
    jekyll_last_modified_at => "jekyll-last-modified-at",
    draft => "draft",
    noindex => "noindex",
    robots_noindex => "robots-noindex",
    zola_extra_robots => "zola-extra-robots",
    toml_local_datetime => "toml-local-datetime",
    invalid_priority => "invalid-priority",
    invalid_changefreq => "invalid-changefreq",
    invalid_date => "invalid-date",
    invalid_inline_priority => "invalid-inline-priority",
    wrong_type_draft => "wrong-type-draft",
    wrong_type_sitemap => "wrong-type-sitemap",
    invalid_json_priority => "invalid-json-priority",
}

/// The body is exactly the text after the block, byte for byte, so the
/// mdBook plugin can hand it on unchanged.
#[test]
fn body_is_the_rest_of_the_file() {
    let text = "\u{feff}\n---\ntitle: x\n---\r\n\nBody\n---\nstill body\n";
    let fm = front_matter::parse(Path::new("a.md"), text).unwrap();
    assert_eq!(fm.body(text), "\nBody\n---\nstill body\n");
    assert_eq!(&text[fm.body_start..], fm.body(text));
}

/// A closing fence is a line of its own: `---` inside a YAML value does not
/// close the block.
#[test]
fn fence_inside_a_value_does_not_close() {
    let text = "---\ntitle: \"a --- b\"\n---\nBody\n";
    let fm = front_matter::parse(Path::new("a.md"), text).unwrap();
    assert_eq!(fm.data()["title"], "a --- b");
    assert_eq!(fm.body(text), "Body\n");
}

#[test]
fn keys_are_found_whatever_their_case() {
    let path = Path::new("content/page.md");
    // Keys as written with capitals (Hugo's `publishDate`), asked for in
    // lowercase; and lowercase keys asked for with capitals.
    let mixed = front_matter::parse(
        path,
        "+++\npublishDate = 2024-05-01\n[Sitemap]\nPriority = 0.5\n+++\n",
    )
    .unwrap();
    assert_eq!(mixed.get("publishdate").unwrap(), "2024-05-01");
    assert_eq!(mixed.get("sitemap.priority").unwrap(), 0.5);
    let lower = front_matter::parse(path, "---\ntranslationkey: k\ndraft: true\n---\n").unwrap();
    assert_eq!(lower.get("translationKey").unwrap(), "k");
    assert_eq!(lower.get("draft").unwrap(), true);
    assert!(lower.get("title").is_none());
    // A key added afterwards is found in any case too.
    let mut changed = lower.clone();
    changed
        .data_mut()
        .insert("Title".to_owned(), serde_json::Value::from("Hello"));
    assert_eq!(changed.get("title").unwrap(), "Hello");
    assert_eq!(changed.data().len(), 3);
}

#[test]
fn dotted_paths_split_at_every_dot() {
    let fm = front_matter::parse(
        Path::new("content/page.md"),
        "+++\ntitle = \"t\"\n[a.b]\nc = 1\n[a]\nd = 2\n+++\n",
    )
    .unwrap();
    assert_eq!(fm.get("title").unwrap(), "t");
    assert_eq!(fm.get("a.d").unwrap(), 2);
    assert_eq!(fm.get("a.b.c").unwrap(), 1);
    assert_eq!(fm.get("A.B.C").unwrap(), 1);
    assert!(fm.get("a.b").unwrap().is_object());
    // An empty part is a key named "", which no table here has.
    for absent in ["", ".", "a.", ".a", "a..b", "a.b.c.", "title.x", "a.x"] {
        assert!(fm.get(absent).is_none(), "{absent:?}");
    }
}

/// `get` tells most absent keys by a bit per key held: over pages with
/// many keys, every key asked (present ones in every case, absent ones
/// of every length, names that differ in one letter) gives what a
/// case-insensitive search of the keys gives.
#[test]
fn a_key_is_found_exactly_as_a_case_insensitive_search_finds_it() {
    let held = [
        "title",
        "date",
        "lastmod",
        "tags",
        "draft",
        "sitemap",
        "slug",
        "url",
        "weight",
        "aliases",
        "publishdate",
        "expirydate",
        "images",
        "build",
        "x",
        "déjà",
    ];
    let mut asked: Vec<String> = Vec::new();
    for key in held.iter().copied().chain([
        "pubdate",
        "published",
        "modified",
        "unpublishdate",
        "_build",
        "translationkey",
        "headless",
        "datE",
        "dates",
        "titel",
        "y",
        "",
        "Lastmod",
        "LASTMOD",
        "DéJà",
    ]) {
        asked.push(key.to_owned());
        asked.push(key.to_uppercase());
        let mut chars: Vec<char> = key.chars().collect();
        if let Some(c) = chars.first_mut() {
            *c = c.to_ascii_uppercase();
        }
        asked.push(chars.into_iter().collect());
    }
    asked.push("newkey".to_owned());
    let same = |fm: &FrontMatter, case: &str| {
        for key in &asked {
            let expected = fm
                .data()
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| v);
            assert_eq!(fm.get(key), expected, "{key} with {case}");
        }
    };
    // Keys written in lowercase, then every other one with a capital (as
    // Hugo's `publishDate`), then each front matter changed after parsing.
    for capitals in [false, true] {
        for n in 0..held.len() {
            let text: String = held[..=n]
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    let k = match capitals && i % 2 == 0 {
                        true => k[..1].to_uppercase() + &k[1..],
                        false => (*k).to_owned(),
                    };
                    format!("\"{k}\" = {i}\n")
                })
                .collect();
            let mut fm =
                front_matter::parse(Path::new("content/p.md"), &format!("+++\n{text}+++\n"))
                    .unwrap();
            same(&fm, &format!("{n} keys, capitals {capitals}"));
            {
                let mut data = fm.data_mut();
                let first = data.keys().next().cloned().unwrap();
                data.remove(&first);
                data.insert("NewKey".to_owned(), serde_json::Value::from(1));
            }
            same(&fm, &format!("{n} keys, capitals {capitals}, changed"));
        }
    }
}
