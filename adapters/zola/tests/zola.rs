//! Zola's URL rules, against fixture sites and small generated ones.

use std::fs;

use sitemap_content::{Error, Flavor, SiteOptions};

use crate::{fixture, open, render, urlset};

#[test]
fn zola_rules_fixture() {
    let site = open(&fixture("zola-rules"), &SiteOptions::default()).unwrap();
    assert_eq!(site.flavor, Flavor::Zola);
    let scan = site.scan().unwrap();
    insta::assert_snapshot!("zola_rules", render(&site, &scan));
    insta::assert_snapshot!("zola_rules_xml", urlset(&scan));
}

#[test]
fn zola_drafts_listed_when_asked() {
    let site = open(
        &fixture("zola-rules"),
        &SiteOptions::default().with_drafts(true),
    )
    .unwrap();
    // The draft section now is read, and with it a file with no front matter.
    let err = site.scan().unwrap_err();
    assert!(
        matches!(err, Error::FrontMatter { ref path, line: 1, .. } if path.ends_with("drafts/deeper/broken.md")),
        "{err}"
    );
}

/// A small site in a temp dir, for the error cases.
fn site_with(config: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("zola.toml"), config).unwrap();
    for (path, text) in files {
        let p = dir.path().join("content").join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    dir
}

fn scan_err(dir: &tempfile::TempDir) -> (Error, String) {
    let site = open(dir.path(), &SiteOptions::default()).unwrap();
    let err = site.scan().unwrap_err();
    let text = err
        .to_string()
        .replace(&*dir.path().to_string_lossy(), "<site>");
    (err, text)
}

#[test]
fn zola_page_without_front_matter_is_an_error() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[("a.md", "# Title\n")],
    );
    let (err, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:1: no front matter: Zola requires `+++` (TOML) or `---` (YAML) front matter at the top of every content file"
    );
    assert!(err.hint().is_some());
}

#[test]
fn zola_path_leaving_the_site_is_refused() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[(
            "a.md",
            "+++\ntitle = \"x\"\npath = \"../../etc/passwd\"\n+++\n",
        )],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:3: `path = \"../../etc/passwd\"` would leave the site (`..` segments are refused)"
    );
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[("a.md", "+++\nslug = \"../up\"\n+++\n")],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:2: `slug = \"../up\"` would leave the site (`..` segments are refused)"
    );
}

#[test]
fn zola_unknown_language_in_file_name_is_an_error() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n[languages.fr]\n",
        &[("a.it.md", "+++\n+++\n")],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.it.md: language `it` in the file name is not in the site's `languages`"
    );
}

#[test]
fn zola_unknown_taxonomy_is_an_error() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[(
            "a.md",
            "+++\ntitle = \"a\"\n[taxonomies]\ntags = [\"x\"]\n+++\n",
        )],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:1: taxonomy `tags` is not defined for language `en` in the site's configuration"
    );
}

#[test]
fn zola_bad_front_matter_names_the_line() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[("a.md", "+++\ntitle = \"a\"\ndraft = yes\n+++\n")],
    );
    let (err, _) = scan_err(&dir);
    assert!(matches!(err, Error::Source(_)), "{err:?}");
    assert!(err.to_string().contains("a.md:3"), "{err}");
}

#[test]
fn zola_missing_base_url_says_where_to_set_it() {
    let dir = site_with("title = \"no base\"\n", &[]);
    let err = open(
        dir.path(),
        &SiteOptions::default().with_flavor(Some(Flavor::Zola)),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string()
            .replace(&*dir.path().to_string_lossy(), "<site>"),
        "<site>/zola.toml: no base URL: the site's configuration has no `base_url`"
    );
    assert_eq!(
        err.hint().unwrap(),
        "set `base_url` in zola.toml, `base-url` in sitemap.toml, or pass --base-url https://example.org/"
    );
    // --base-url fills the gap.
    let site = open(
        dir.path(),
        &SiteOptions::default().with_base_url(Some("https://other.example/".to_owned())),
    )
    .unwrap();
    let scan = site.scan().unwrap();
    assert_eq!(
        scan.pages
            .iter()
            .map(|p| p.loc.as_str())
            .collect::<Vec<_>>(),
        ["https://other.example/"]
    );
}

#[test]
fn zola_slugify_safe_and_keep_dates() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n[slugify]\npaths = \"safe\"\npaths_keep_dates = true\n",
        &[
            ("Notes/2024-01-02-Été Café.md", "+++\n+++\n"),
            ("Notes/日本.md", "+++\n+++\n"),
        ],
    );
    let site = open(dir.path(), &SiteOptions::default()).unwrap();
    let scan = site.scan().unwrap();
    let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/Notes/%E6%97%A5%E6%9C%AC/",
            "https://example.org/Notes/2024-01-02-%C3%89t%C3%A9%20Caf%C3%A9/",
        ]
    );
}

#[test]
fn zola_exclude_paginated_pages_and_taxonomy_paginate_path() {
    let config = "base_url = \"https://example.org\"\ntaxonomies = [{ name = \"Tags\", paginate_by = 1, paginate_path = \"p\" }]\n";
    let files = [
        (
            "blog/_index.md",
            "+++\npaginate_by = 1\npaginate_path = \"seite\"\n+++\n",
        ),
        (
            "blog/a.md",
            "+++\n[taxonomies]\nTags = [\"Rust Lang\"]\n+++\n",
        ),
        (
            "blog/b.md",
            "+++\n[taxonomies]\nTags = [\"rust lang\"]\n+++\n",
        ),
    ];
    let dir = site_with(config, &files);
    let locs = |dir: &tempfile::TempDir| -> Vec<String> {
        let site = open(dir.path(), &SiteOptions::default()).unwrap();
        site.scan()
            .unwrap()
            .pages
            .iter()
            .map(|p| p.loc.to_string())
            .collect()
    };
    // Term slugs collide (`rust-lang`) and merge, as Zola does: two pages, two pagers.
    assert_eq!(
        locs(&dir),
        [
            "https://example.org/",
            "https://example.org/blog/",
            "https://example.org/blog/a/",
            "https://example.org/blog/b/",
            "https://example.org/blog/seite/1/",
            "https://example.org/blog/seite/2/",
            "https://example.org/tags/",
            "https://example.org/tags/rust-lang/",
            "https://example.org/tags/rust-lang/p/1/",
            "https://example.org/tags/rust-lang/p/2/",
        ]
    );
    let dir = site_with(
        &format!("exclude_paginated_pages_in_sitemap = \"all\"\n{config}"),
        &files,
    );
    assert_eq!(
        locs(&dir),
        [
            "https://example.org/",
            "https://example.org/blog/",
            "https://example.org/blog/a/",
            "https://example.org/blog/b/",
            "https://example.org/tags/",
            "https://example.org/tags/rust-lang/",
        ]
    );
}

/// Zola 0.22 denies unknown keys in a section's front matter and refuses
/// the site; we listed it. Below a draft section it is never read.
#[test]
fn zola_unknown_section_key_is_refused_except_below_a_draft() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[(
            "blog/_index.md",
            "+++\ntitle = \"b\"\ndate = 2024-01-02\n+++\n",
        )],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/blog/_index.md:3: `date` is not a section setting (Zola refuses unknown keys in `_index.md`; put your own values under `[extra]`)"
    );
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[
            ("blog/_index.md", "+++\ndraft = true\n+++\n"),
            ("blog/sub/_index.md", "+++\ndate = 2024-01-02\n+++\n"),
        ],
    );
    let site = open(dir.path(), &SiteOptions::default()).unwrap();
    let locs: Vec<String> = site
        .scan()
        .unwrap()
        .pages
        .iter()
        .map(|p| p.loc.to_string())
        .collect();
    assert_eq!(locs, ["https://example.org/"]);
}

/// Zola refuses `slug = ""` (and `path = ""`), drafts included; we
/// listed the page at its folder's URL.
#[test]
fn zola_empty_slug_is_refused() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[("a.md", "+++\ndraft = true\nslug = \"\"\n+++\n")],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:3: `slug` is empty: remove it or give it a value (Zola refuses an empty `slug`)"
    );
}

/// A page `index.md` beside a section's `_index.md` is refused by Zola;
/// we listed the section's URL once and went on.
#[test]
fn zola_index_md_beside_a_section_is_refused() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[
            ("blog/_index.md", "+++\n+++\n"),
            ("blog/index.md", "+++\n+++\n"),
        ],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/blog/index.md: a page `index.md` cannot share its URL with a section's `_index.md` (Zola refuses this too)"
    );
}

/// Two files on one path (or an alias) are refused by Zola; we wrote the
/// URL once. Every collision is reported, then the count.
#[test]
fn zola_path_collisions_are_refused_each_reported() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[
            ("a.md", "+++\nslug = \"same\"\n+++\n"),
            ("same.md", "+++\n+++\n"),
            ("b.md", "+++\naliases = [\"/old/\"]\n+++\n"),
            ("c.md", "+++\naliases = [\"/old/\"]\n+++\n"),
        ],
    );
    let (err, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md: the path `/same/` is also claimed by <site>/content/same.md\n\
         <site>/content/b.md: the path `/old/` is also claimed by <site>/content/c.md\n\
         2 pages could not be read"
    );
    assert!(err.hint().is_some());
}

/// The default language's taxonomies given both at the top level and
/// under `[languages.<default>]` are refused by Zola; we took the first.
#[test]
fn zola_default_language_taxonomies_given_twice_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("zola.toml"),
        "base_url = \"https://example.org\"\ntaxonomies = [{ name = \"tags\" }]\n[languages.en]\ntaxonomies = [{ name = \"cats\" }]\n",
    )
    .unwrap();
    let err = open(dir.path(), &SiteOptions::default()).unwrap_err();
    let text = err
        .to_string()
        .replace(&*dir.path().to_string_lossy(), "<site>");
    assert_eq!(
        text,
        "<site>/zola.toml: `taxonomies` for the default language is given twice, at the top level and under `[languages.en]`: keep one (Zola refuses this too)"
    );
}

/// Zola parses the dates of a draft page too and refuses the site when
/// one is no date; we never read a draft's dates (differential seed
/// 202940).
#[test]
fn zola_unparsable_date_in_a_draft_is_refused() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[("a.md", "+++\ndraft = true\nupdated = \"yesterday\"\n+++\n")],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:3: `updated` must be a date Zola reads (`2024-05-01`, `2024-05-01T10:00:00+02:00`), found \"yesterday\" (Zola refuses the site)"
    );
}

/// Zola reads every `_index*.md` of a draft section's folder before it
/// skips the folder, so an unknown key in a translation beside the draft
/// `_index.md` is refused; we dropped it with the folder (differential
/// seed 201533).
#[test]
fn zola_unknown_key_beside_a_draft_index_is_refused() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n[languages.fr]\n",
        &[
            ("docs/_index.md", "+++\ndraft = true\n+++\n"),
            ("docs/_index.fr.md", "+++\ndate = 2024-01-02\n+++\n"),
        ],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/docs/_index.fr.md:2: `date` is not a section setting (Zola refuses unknown keys in `_index.md`; put your own values under `[extra]`)"
    );
}

/// Issue 24: pages whose YAML front matter Zola 0.22.1 (serde_yaml 0.9,
/// libyaml 0.2.5) reads and yaml-rust2 refused (a flow list closed at
/// column 0, a quoted scalar continued there), and shapes libyaml reads
/// where Hugo's go-yaml v2 does not (`\/`, `[a?b]`): the URL set equals
/// the one zola wrote, recorded in `fixtures/zola-yaml/zola-urls.txt`
/// (see its README), without zola.
#[test]
fn yaml_zola_reads_is_scanned_as_zola_built_it() {
    let dir = fixture("zola-yaml");
    let site = open(&dir, &SiteOptions::default()).unwrap();
    let scan = site.scan().unwrap();
    let mut ours: Vec<String> = scan.pages.iter().map(|p| p.loc.to_string()).collect();
    ours.sort();
    let recorded = fs::read_to_string(dir.join("zola-urls.txt")).unwrap();
    assert_eq!(ours.join("\n") + "\n", recorded);
}

/// Zola's `PageFrontMatter` types `weight` as `usize`: zola 0.22.1
/// refuses `weight = -1` ("invalid value: integer `-1`, expected
/// usize"), and we listed the page (front matter differential probe).
#[test]
fn zola_negative_weight_is_refused_naming_file_and_line() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[("a.md", "+++\ntitle = \"A\"\nweight = -1\n+++\n")],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:3: `weight` must be a whole number, 0 or more, found -1 (Zola refuses the site)"
    );
}

/// serde_yaml 0.9 (YAML 1.2) takes only `true`/`false` for a boolean:
/// zola 0.22.1 refuses `draft: yes`, which Hugo's YAML 1.1 reads as true.
#[test]
fn zola_yaml_draft_yes_is_refused() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[("a.md", "---\ntitle: A\ndraft: yes\n---\n")],
    );
    let (_, text) = scan_err(&dir);
    assert_eq!(
        text,
        "<site>/content/a.md:3: `draft` must be true or false, found `yes` (Zola reads YAML 1.2, where `yes` is text, and refuses the site)"
    );
}

/// serde_yaml hands a string field the plain scalar as written: zola
/// 0.22.1 publishes `slug: yes` at `/yes/` and `slug: 1.50` at `/1-50/`;
/// we published `/true/` and `/1-5/`.
#[test]
fn zola_yaml_slug_is_the_scalar_as_written() {
    let dir = site_with(
        "base_url = \"https://example.org\"\n",
        &[
            ("a.md", "---\nslug: yes\n---\n"),
            ("b.md", "---\nslug: 1.50 # a version\n---\n"),
        ],
    );
    let site = open(dir.path(), &SiteOptions::default()).unwrap();
    let locs: Vec<String> = site
        .scan()
        .unwrap()
        .pages
        .iter()
        .map(|p| p.loc.as_str().to_owned())
        .collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/1-50/",
            "https://example.org/yes/"
        ]
    );
}

/// Zola 0.22.1 refuses a TOML value of another type in a typed key of a
/// page or section (`zola build`: "Failed to build the site"); we read
/// them and listed the site. Each refused with its file and line.
#[test]
fn zola_value_of_another_type_is_an_error() {
    let cases = [
        (
            "a.md",
            "+++\ntitle = 2\n+++\n",
            "<site>/content/a.md:2: `title` must be a string, found 2 (Zola refuses the site)",
        ),
        (
            "a.md",
            "+++\nweight = \"3\"\n+++\n",
            "<site>/content/a.md:2: `weight` must be a whole number, 0 or more, found \"3\" (Zola refuses the site)",
        ),
        (
            "a.md",
            "+++\nweight = -1\n+++\n",
            "<site>/content/a.md:2: `weight` must be a whole number, 0 or more, found -1 (Zola refuses the site)",
        ),
        (
            "a.md",
            "+++\naliases = \"/x/\"\n+++\n",
            "<site>/content/a.md:2: `aliases` must be an array of strings, found \"/x/\" (Zola refuses the site)",
        ),
        (
            "a.md",
            "---\naliases: /x/\n---\n",
            "<site>/content/a.md:2: `aliases` must be an array of strings, found \"/x/\" (Zola refuses the site)",
        ),
        (
            "a.md",
            "+++\n\nextra = 1\n+++\n",
            "<site>/content/a.md:3: `extra` must be a table, found 1 (Zola refuses the site)",
        ),
        (
            "_index.md",
            "+++\npaginate_by = \"2\"\n+++\n",
            "<site>/content/_index.md:2: `paginate_by` must be a whole number, 0 or more, found \"2\" (Zola refuses the site)",
        ),
    ];
    for (file, text, want) in cases {
        let dir = site_with("base_url = \"https://example.org\"\n", &[(file, text)]);
        let (_, got) = scan_err(&dir);
        assert_eq!(got, want, "{text}");
    }
}

/// Zola has no site-wide sitemap table: always the default.
#[test]
fn zola_site_has_no_sitemap_defaults() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("zola.toml"),
        "base_url = \"https://x.org\"\n[extra.sitemap]\nchangefreq = \"weekly\"\n",
    )
    .unwrap();
    let site = open(dir.path(), &SiteOptions::default()).unwrap();
    assert_eq!(site.sitemap, sitemap_content::SiteSitemap::default());
    assert_eq!(
        site.sitemap_for("en"),
        &sitemap_content::SiteSitemap::default()
    );
}
