//! llms.txt of Hugo sites built by the real Hugo, whose theme titles
//! every page with the site's name (as many themes do on list pages):
//! one llms.txt per language root, each with its language's pages only;
//! on a multihost site, each host's own; taxonomy and term pages titled
//! as Hugo titles them (each such title checked against the `.Title`
//! Hugo printed on the built page), with the current Hugo and with
//! 0.111.3, whose term titles differ. Each test asserts the whole of
//! every llms.txt and the whole output.

use std::fs;
use std::path::Path;

use crate::build_check::{current_hugo, hugo, write};

/// A layout that titles every page with the site's name and prints the
/// page's own title in its body.
const LAYOUT: &str =
    "<html><head><title>{{ site.Title }}</title></head><body><h1>{{ .Title }}</h1></body></html>\n";

/// The site in English at the root and French in `fr/`.
const SITE: &[(&str, &str)] = &[
    (
        "hugo.toml",
        "baseURL = \"https://example.com/\"\ntitle = \"Field notes\"\n\
         disableKinds = [\"rss\", \"sitemap\"]\n[params]\ndescription = \"Notes from the field.\"\n\
         [taxonomies]\ntag = \"tags\"\nseries = \"my-series\"\n\
         [languages.en]\nweight = 1\nlanguageName = \"English\"\n\
         [languages.fr]\nweight = 2\nlanguageName = \"Français\"\ntitle = \"Carnet de terrain\"\n\
         [languages.fr.params]\ndescription = \"Notes du terrain.\"\n",
    ),
    ("content/_index.md", "---\ntitle: Home\n---\n"),
    ("content/_index.fr.md", "---\ntitle: Accueil\n---\n"),
    ("content/posts/_index.md", "---\ntitle: Posts\n---\n"),
    ("content/posts/_index.fr.md", "---\ntitle: Billets\n---\n"),
    (
        "content/posts/borrow.md",
        "---\ntitle: Borrowing\ndescription: How borrows work.\n\
         tags: [Rust, state of the art, go & rust]\nmy-series: [the book]\n\
         translationKey: borrow\n---\n",
    ),
    (
        "content/posts/traits.md",
        "---\ntitle: Traits\ntags: [rust]\n---\n",
    ),
    (
        "content/posts/borrow.fr.md",
        "---\ntitle: Emprunts\ntags: [rust, états]\ntranslationKey: borrow\n---\n",
    ),
    ("layouts/all.html", LAYOUT),
    ("layouts/index.html", LAYOUT),
    ("layouts/_default/list.html", LAYOUT),
    ("layouts/_default/single.html", LAYOUT),
    ("layouts/_default/taxonomy.html", LAYOUT),
    ("layouts/_default/term.html", LAYOUT),
];

/// `body` as the toolkit writes it: with its marker line.
fn written(body: &str) -> String {
    format!(
        "{body}{}\n",
        sitemap_core::human::llms_marker(body.as_bytes())
    )
}

/// `sitemap scan --llms-txt` following Hugo `version`: exit 0 and
/// `expected` on stderr.
fn scan(dir: &Path, version: &str, expected: &str) {
    let out = crate::sitemap(
        dir,
        &[
            "scan",
            "--llms-txt",
            "--hugo-version",
            version,
            "--lastmod",
            "front-matter",
        ],
    );
    assert_eq!(
        (out.status.code(), crate::text(&out.stderr, dir)),
        (Some(0), expected.to_owned())
    );
}

/// Every link of the llms.txt `text` to a taxonomy or term page of the
/// site served at `base` from `public` is titled as Hugo titled the page
/// (the `<h1>` of [`LAYOUT`]); returns how many were checked.
fn titled_as_hugo(text: &str, base: &str, public: &Path) -> usize {
    let mut checked = 0;
    for line in text.lines() {
        let Some((title, rest)) = line.strip_prefix("- [").and_then(|l| l.split_once("](")) else {
            continue;
        };
        let url = &rest[..rest.find(')').unwrap()];
        let Some(path) = url.strip_prefix(base) else {
            continue;
        };
        let under = |p: &str| path.starts_with(p) || path.contains(&format!("/{p}"));
        if !["tags/", "categories/", "my-series/"]
            .into_iter()
            .any(under)
        {
            continue;
        }
        let file = public
            .join(
                percent_encoding::percent_decode_str(path)
                    .decode_utf8()
                    .unwrap()
                    .as_ref(),
            )
            .join("index.html");
        let html = fs::read_to_string(&file).unwrap();
        let h1 = &html[html.find("<h1>").unwrap() + 4..html.find("</h1>").unwrap()];
        assert_eq!(
            title,
            h1.replace("&#39;", "'").replace("&amp;", "&"),
            "{url}"
        );
        checked += 1;
    }
    checked
}

/// The current Hugo: terms and taxonomies title-cased (`State of the
/// Art`, `My Series`), a term named as the first page naming it writes
/// it (`Rust`, not `rust`).
#[test]
fn hugo_site_gets_an_llms_txt_per_language_titled_as_hugo_titles() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), SITE);
    hugo(&current_hugo(), dir.path());
    scan(
        dir.path(),
        "0.168.0",
        "sitemap: 7 files read as Hugo 0.168.0 (the hugo-version setting), 17 URLs, none excluded, checked against 17 built pages; wrote public/sitemap.xml, \
         public/llms.txt, public/fr/llms.txt\n",
    );
    let public = dir.path().join("public");
    let en = fs::read_to_string(public.join("llms.txt")).unwrap();
    assert_eq!(
        en,
        written(
            "# Field notes\n\n> Notes from the field.\n\n## Pages\n\n\
             - [Home](https://example.com/)\n\n## Posts\n\n\
             - [Posts](https://example.com/posts/)\n\
             - [Borrowing](https://example.com/posts/borrow/): How borrows work.\n\
             - [Traits](https://example.com/posts/traits/)\n\n## Optional\n\n\
             - [Français (fr)](https://example.com/fr/llms.txt): the site's pages in this language\n\
             - [My Series](https://example.com/my-series/)\n\
             - [The Book](https://example.com/my-series/the-book/)\n\
             - [Tags](https://example.com/tags/)\n\
             - [Go & Rust](https://example.com/tags/go--rust/)\n\
             - [Rust](https://example.com/tags/rust/)\n\
             - [State of the Art](https://example.com/tags/state-of-the-art/)\n\n"
        )
    );
    let fr = fs::read_to_string(public.join("fr/llms.txt")).unwrap();
    assert_eq!(
        fr,
        written(
            "# Carnet de terrain\n\n> Notes du terrain.\n\n## Pages\n\n\
             - [Accueil](https://example.com/fr/)\n\n## Billets\n\n\
             - [Billets](https://example.com/fr/posts/)\n\
             - [Emprunts](https://example.com/fr/posts/borrow/)\n\n## Optional\n\n\
             - [English (en)](https://example.com/llms.txt): the site's pages in this language\n\
             - [My Series](https://example.com/fr/my-series/)\n\
             - [Tags](https://example.com/fr/tags/)\n\
             - [États](https://example.com/fr/tags/%C3%A9tats/)\n\
             - [Rust](https://example.com/fr/tags/rust/)\n\n"
        )
    );
    let base = "https://example.com/";
    assert_eq!(
        titled_as_hugo(&en, base, &public) + titled_as_hugo(&fr, base, &public),
        10
    );
}

/// Hugo 0.111.3 (Debian's): a term keeps its name as written, a
/// taxonomy its hyphen.
#[test]
fn hugo_0_111_titles_terms_as_written() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), SITE);
    hugo(Path::new("hugo"), dir.path());
    scan(
        dir.path(),
        "0.111.3",
        "sitemap: 7 files read as Hugo 0.111.3 (the hugo-version setting), 17 URLs, none excluded, checked against 17 built pages; wrote public/sitemap.xml, \
         public/llms.txt, public/fr/llms.txt\n",
    );
    let public = dir.path().join("public");
    let en = fs::read_to_string(public.join("llms.txt")).unwrap();
    assert_eq!(
        en,
        written(
            "# Field notes\n\n> Notes from the field.\n\n## Pages\n\n\
             - [Home](https://example.com/)\n\n## Posts\n\n\
             - [Posts](https://example.com/posts/)\n\
             - [Borrowing](https://example.com/posts/borrow/): How borrows work.\n\
             - [Traits](https://example.com/posts/traits/)\n\n## Optional\n\n\
             - [Français (fr)](https://example.com/fr/llms.txt): the site's pages in this language\n\
             - [My-Series](https://example.com/my-series/)\n\
             - [the book](https://example.com/my-series/the-book/)\n\
             - [Tags](https://example.com/tags/)\n\
             - [go & rust](https://example.com/tags/go-rust/)\n\
             - [Rust](https://example.com/tags/rust/)\n\
             - [state of the art](https://example.com/tags/state-of-the-art/)\n\n"
        )
    );
    let fr = fs::read_to_string(public.join("fr/llms.txt")).unwrap();
    assert_eq!(
        fr,
        written(
            "# Carnet de terrain\n\n> Notes du terrain.\n\n## Pages\n\n\
             - [Accueil](https://example.com/fr/)\n\n## Billets\n\n\
             - [Billets](https://example.com/fr/posts/)\n\
             - [Emprunts](https://example.com/fr/posts/borrow/)\n\n## Optional\n\n\
             - [English (en)](https://example.com/llms.txt): the site's pages in this language\n\
             - [My-Series](https://example.com/fr/my-series/)\n\
             - [Tags](https://example.com/fr/tags/)\n\
             - [états](https://example.com/fr/tags/%C3%A9tats/)\n\
             - [rust](https://example.com/fr/tags/rust/)\n\n"
        )
    );
    let base = "https://example.com/";
    assert_eq!(
        titled_as_hugo(&en, base, &public) + titled_as_hugo(&fr, base, &public),
        10
    );
}

/// A multihost site (a `baseURL` per language): each host's folder holds
/// its llms.txt with that host's pages only, under its language's title,
/// linking the other host's; none at the output folder's root.
#[test]
fn multihost_site_gets_an_llms_txt_per_host() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "defaultContentLanguage = \"fr\"\ndisableKinds = [\"rss\", \"sitemap\"]\n\
                 title = \"Le carnet\"\n\
                 [languages.en]\nbaseURL = \"https://example.com/docs/\"\nweight = 1\n\
                 title = \"The notebook\"\n\
                 [languages.fr]\nbaseURL = \"https://example.fr/\"\nweight = 2\n",
            ),
            ("content/_index.en.md", "---\ntitle: Home\n---\n"),
            ("content/_index.fr.md", "---\ntitle: Accueil\n---\n"),
            ("content/posts/_index.en.md", "---\ntitle: Posts\n---\n"),
            ("content/posts/_index.fr.md", "---\ntitle: Billets\n---\n"),
            (
                "content/posts/a.en.md",
                "---\ntitle: Apples\ntags: [fruit]\ntranslationKey: a\n---\n",
            ),
            (
                "content/posts/a.fr.md",
                "---\ntitle: Pommes\ntags: [fruits d'été]\ntranslationKey: a\n---\n",
            ),
            ("layouts/all.html", LAYOUT),
            ("layouts/index.html", LAYOUT),
            ("layouts/_default/list.html", LAYOUT),
            ("layouts/_default/single.html", LAYOUT),
            ("layouts/_default/taxonomy.html", LAYOUT),
            ("layouts/_default/term.html", LAYOUT),
        ],
    );
    hugo(&current_hugo(), dir.path());
    scan(
        dir.path(),
        "0.168.0",
        "sitemap: 6 files read as Hugo 0.168.0 (the hugo-version setting), 12 URLs, none excluded, checked against 12 built pages; wrote public/fr/sitemap.xml, \
         public/fr/llms.txt; wrote public/en/sitemap.xml, public/en/llms.txt\n",
    );
    let public = dir.path().join("public");
    assert!(!public.join("llms.txt").exists());
    let fr = fs::read_to_string(public.join("fr/llms.txt")).unwrap();
    assert_eq!(
        fr,
        written(
            "# Le carnet\n\n## Pages\n\n- [Accueil](https://example.fr/)\n\n## Billets\n\n\
             - [Billets](https://example.fr/posts/)\n\
             - [Pommes](https://example.fr/posts/a/)\n\n## Optional\n\n\
             - [en](https://example.com/docs/llms.txt): the site's pages in this language\n\
             - [Categories](https://example.fr/categories/)\n\
             - [Tags](https://example.fr/tags/)\n\
             - [Fruits D'été](https://example.fr/tags/fruits-d%C3%A9t%C3%A9/)\n\n"
        )
    );
    let en = fs::read_to_string(public.join("en/llms.txt")).unwrap();
    assert_eq!(
        en,
        written(
            "# The notebook\n\n## Pages\n\n- [Home](https://example.com/docs/)\n\n## Posts\n\n\
             - [Posts](https://example.com/docs/posts/)\n\
             - [Apples](https://example.com/docs/posts/a/)\n\n## Optional\n\n\
             - [fr](https://example.fr/llms.txt): the site's pages in this language\n\
             - [Categories](https://example.com/docs/categories/)\n\
             - [Tags](https://example.com/docs/tags/)\n\
             - [Fruit](https://example.com/docs/tags/fruit/)\n\n"
        )
    );
    assert_eq!(
        titled_as_hugo(&fr, "https://example.fr/", &public.join("fr"))
            + titled_as_hugo(&en, "https://example.com/docs/", &public.join("en")),
        6
    );
}
