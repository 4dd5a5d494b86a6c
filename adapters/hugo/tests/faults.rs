//! Regressions of hostile input to the Hugo reader (issue 48): each
//! builds a small site in a temporary folder, scans it, and compares the
//! whole result (the pages, or the error as the user reads it).

use std::fs;
use std::path::Path;

use sitemap_content::{Site, SiteOptions};
use sitemap_hugo::{CURRENT, DEBIAN, HugoVersion};

/// Opens the site at `root` following the Hugo `version`.
fn open(root: &Path, version: HugoVersion) -> Site {
    let (_, config) = sitemap_content::locate(root, None).unwrap();
    sitemap_hugo::open(root, config, &SiteOptions::default(), Some(version)).unwrap()
}

/// Writes `files` (path below `root`, text) into `root`.
fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The scan's error, the site's folder shown as `<site>`.
fn scan_error(root: &Path, version: HugoVersion) -> String {
    let site = open(root, version);
    let err = site.scan().expect_err("the scan must fail");
    err.to_string().replace(&*root.to_string_lossy(), "<site>")
}

const ORG_SITE: &str = "baseURL = \"https://example.org/\"\n\
    disableKinds = [\"rss\", \"home\", \"section\", \"taxonomy\"]\n\
    ignoreErrors = [\"error-disable-taxonomy\"]\n\
    [security]\nallowContent = [\"text/org\", \"text/markdown\"]\n";

/// An Org keyword block past 64 KiB was cut without a word: a tag cut in
/// two became a wrong term URL and the `#+SLUG:` below it was lost. The
/// URLs are those Hugo 0.111.3 and 0.168.0 list for the same site.
#[test]
fn org_keywords_are_read_to_the_front_matter_bound_not_cut_at_64_kib() {
    let dir = tempfile::tempdir().unwrap();
    // Ten lines of 1,000 tags: 90,000 bytes, past the old 64 KiB read.
    let tags: Vec<String> = (0..10_000).map(|i| format!("tag{i:05}")).collect();
    let lines: Vec<String> = tags
        .chunks(1000)
        .map(|c| format!("#+TAGS[]: {}\n", c.join(" ")))
        .collect();
    let page = format!(
        "#+TITLE: P\n{}#+TAGS[]: last-tag\n#+SLUG: good\n\n* Heading\n",
        lines.concat()
    );
    write(
        dir.path(),
        &[("hugo.toml", ORG_SITE), ("content/p.org", &page)],
    );
    let mut expected = vec![
        "https://example.org/good/".to_owned(),
        "https://example.org/tags/last-tag/".to_owned(),
    ];
    expected.extend(
        tags.iter()
            .map(|t| format!("https://example.org/tags/{t}/")),
    );
    expected.sort();
    for version in [DEBIAN, CURRENT] {
        let scan = open(dir.path(), version).scan().unwrap();
        let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
        assert_eq!(locs, expected, "{version}");
        assert!(scan.warnings.is_empty(), "{version}: {:?}", scan.warnings);
    }
}

/// A keyword line past Hugo's 64 KiB line buffer: Hugo refuses the page
/// ("token too long", 0.111.3 and 0.168.0 alike), and so does the scan,
/// naming the line.
#[test]
fn org_keyword_line_hugo_cannot_read_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let tags: Vec<String> = (0..8_000).map(|i| format!("tag{i:05}")).collect();
    let page = format!("#+TITLE: P\n#+TAGS: {}\n#+SLUG: good\n", tags.join(" "));
    write(
        dir.path(),
        &[("hugo.toml", ORG_SITE), ("content/p.org", &page)],
    );
    for version in [DEBIAN, CURRENT] {
        assert_eq!(
            scan_error(dir.path(), version),
            "<site>/content/p.org:2: an Org keyword line longer than 65535 bytes, which \
             Hugo refuses (\"token too long\"); split its value over several lines"
        );
    }
}

/// Past the bound the file is refused, named, never read in part.
#[test]
fn org_keywords_past_one_mib_are_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut page = String::from("#+TITLE: P\n");
    while page.len() <= 1 << 20 {
        page.push_str("#+TAGS[]: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
    }
    page.push_str("#+SLUG: late\n\nbody\n");
    write(
        dir.path(),
        &[("hugo.toml", ORG_SITE), ("content/p.org", &page)],
    );
    assert_eq!(
        scan_error(dir.path(), CURRENT),
        "<site>/content/p.org:1: Org front matter (the `#+KEY: value` lines that open \
         the file) longer than 1 MiB; no real page has a block that large (does a line \
         that is no keyword end it?)"
    );
}

/// The scan's pages and warnings, as `render` shows them.
fn scanned(root: &Path, version: HugoVersion) -> String {
    let site = open(root, version);
    let scan = site.scan().unwrap();
    crate::render(&site, &scan)
}

/// A site whose theme mounts `source` as `content/abs`, with a folder
/// outside the site holding a private page.
fn theme_mounting(source: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = source.replace("<outside>", &dir.path().join("outside").to_string_lossy());
    write(
        dir.path(),
        &[
            (
                "outside/notes/private-plan.md",
                "---\ntitle: private\n---\n",
            ),
            (
                "site/hugo.toml",
                "baseURL = \"https://example.org/\"\n\
                 disableKinds = [\"rss\", \"taxonomy\", \"term\"]\ntheme = \"t\"\n",
            ),
            ("site/content/a.md", "---\ntitle: a\n---\n"),
            ("site/themes/t/content/tp/p.md", "---\ntitle: tp\n---\n"),
            (
                "site/themes/t/hugo.toml",
                &format!(
                    "[[module.mounts]]\nsource = \"{source}\"\ntarget = \"content/abs\"\n\
                     [[module.mounts]]\nsource = \"content\"\ntarget = \"content\"\n"
                ),
            ),
        ],
    );
    dir
}

/// A theme's absolute mount was read: its pages outside the site were
/// listed. Hugo 0.152 and later refuse the mount (0.168.0's words); the
/// scan refuses it too, naming the theme's file.
#[test]
fn a_theme_s_absolute_mount_is_refused_as_the_current_hugo_refuses_it() {
    let dir = theme_mounting("<outside>/notes");
    let site = dir.path().join("site");
    let (_, config) = sitemap_content::locate(&site, None).unwrap();
    let err = sitemap_hugo::open(&site, config, &SiteOptions::default(), Some(CURRENT))
        .expect_err("Hugo refuses the theme's mount");
    assert_eq!(
        err.to_string()
            .replace(&*dir.path().to_string_lossy(), "<dir>"),
        "<dir>/site/themes/t/hugo.toml: module `t` mounts `<dir>/outside/notes`, not a path \
         inside it, which Hugo 0.168.0 refuses (\"mount source must be a local path for \
         modules/themes\"): fix the module's mount, or set `hugo-version` to the Hugo that \
         builds the site"
    );
}

/// Before 0.152 Hugo reads nothing from a theme's absolute mount (it
/// looks for it inside the theme): the scan lists what 0.111.3 lists
/// (`/`, `/a/`, `/tp/`, `/tp/p/`) and names the mount.
#[test]
fn a_theme_s_absolute_mount_is_not_read_for_hugo_before_0_152() {
    let dir = theme_mounting("<outside>/notes");
    let shown =
        scanned(&dir.path().join("site"), DEBIAN).replace(&*dir.path().to_string_lossy(), "<dir>");
    assert_eq!(
        shown,
        "flavor: hugo\nbase_url: https://example.org/\noutput_dir: public\nlanguages: en\n\
         files read: 2\npages:\n\
         \x20 home       en  https://example.org/  <- -\n\
         \x20 page       en  https://example.org/a/  <- content/a.md\n\
         \x20     in https://example.org/\n\
         \x20 section    en  https://example.org/tp/  <- -\n\
         \x20     in https://example.org/\n\
         \x20 page       en  https://example.org/tp/p/  <- themes/t/content/tp/p.md\n\
         \x20     in https://example.org/\n\
         \x20     in https://example.org/tp/\n\
         excluded:\nwarnings:\n\
         \x20 themes/t/hugo.toml: module `t` mounts the absolute `<dir>/outside/notes`: not \
         read (Hugo 0.111.3 reads it only where the module holds a folder at that path too, \
         and Hugo 0.152 and later refuse such a mount)\n"
    );
}

/// Before 0.152 Hugo reads a theme's `..` mount wherever it leads, here
/// outside the site (0.111.3 and 0.151.2 list `/abs/private-plan/`): the
/// scan does not, and says so.
#[test]
fn a_theme_s_mount_leaving_the_site_is_never_read() {
    let dir = theme_mounting("../../../outside/notes");
    let shown = scanned(&dir.path().join("site"), DEBIAN);
    let warnings = shown.split("warnings:\n").nth(1).unwrap();
    assert_eq!(
        warnings,
        "  themes/t/hugo.toml: module `t` mounts `../../../outside/notes`, outside the site \
         and the module: not read, so its pages (which Hugo 0.111.3 lists) are missing from \
         the sitemap; Hugo 0.152 and later refuse such a mount\n"
    );
    assert!(!shown.contains("private"), "{shown}");
}

/// A site whose home page cascades `sitemap.disable` to `<key>.path =
/// pattern` (`key`: `target`, or `_target`, which 0.111.3 reads), over
/// `/docs/a` and `/docs/b`.
fn cascading_to(key: &str, pattern: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let home = format!(
        "---\ntitle: home\ncascade:\n  sitemap:\n    disable: true\n  {key}:\n    \
         path: \"{pattern}\"\n---\n"
    );
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\n\
                 disableKinds = [\"rss\", \"taxonomy\", \"term\"]\n",
            ),
            ("content/_index.md", &home),
            ("content/docs/a.md", "---\ntitle: a\n---\n"),
            ("content/docs/b.md", "---\ntitle: b\n---\n"),
        ],
    );
    dir
}

/// Braces nested 300 deep passed the regex engine's nesting limit, and
/// the pattern was read as no path: `sitemap.disable` left out every
/// page. Hugo 0.168.0 matches it with `/docs/a` alone and lists `/`,
/// `/docs/` and `/docs/b/`.
#[test]
fn a_cascade_glob_nested_300_deep_matches_as_hugo_matches_it() {
    let deep = format!("{}/docs/a{}", "{".repeat(300), "}".repeat(300));
    let dir = cascading_to("target", &deep);
    let scan = open(dir.path(), CURRENT).scan().unwrap();
    let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/docs/",
            "https://example.org/docs/b/"
        ]
    );
    assert!(scan.warnings.is_empty(), "{:?}", scan.warnings);
}

/// A glob this tool does not read is an error naming the file and line,
/// never "every page".
#[test]
fn a_cascade_glob_past_the_bound_is_an_error_not_every_page() {
    let long = format!("/docs/{}", "*".repeat(5000));
    for (version, key) in [(DEBIAN, "_target"), (CURRENT, "target")] {
        let dir = cascading_to(key, &long);
        assert_eq!(
            scan_error(dir.path(), version),
            "<site>/content/_index.md:3: `cascade`: target `path` glob \
             `/docs/**********************************…` is 5006 bytes long, past the 4096 \
             this tool reads (no real target is that long): shorten it"
        );
    }
}

/// A glob gobwas refuses was read as no path: Hugo 0.161 and later
/// refuse the site (0.168.0: "glob: syntax error at 3: unexpected end of
/// input"), and so does the scan.
#[test]
fn a_cascade_glob_gobwas_refuses_is_refused_as_hugo_refuses_it() {
    let dir = cascading_to("target", "[ab");
    assert_eq!(
        scan_error(dir.path(), CURRENT),
        "<site>/content/_index.md:3: `cascade`: target `path` glob `[ab`: syntax error at 3: \
         unexpected end of input, which Hugo 0.168.0 refuses"
    );
}

/// Sections nested `depth` deep (`a/a/…`), each with a page: the home
/// page cascades `sitemap.disable` to `/a/a/a/p`, the 50th section's
/// `slug` renames its folder, and the pages' permalinks are
/// `/:sectionslugs/:slug/`.
fn nested_sections(depth: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![
        (
            "hugo.toml".to_owned(),
            "baseURL = \"https://example.org/\"\n\
             disableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
             [permalinks.page]\na = \"/:sectionslugs/:slug/\"\n"
                .to_owned(),
        ),
        (
            "content/_index.md".to_owned(),
            "---\ntitle: home\ncascade:\n  sitemap:\n    disable: true\n  target:\n    \
             path: \"/a/a/a/p\"\n---\n"
                .to_owned(),
        ),
    ];
    let mut folder = "content".to_owned();
    for i in 0..depth {
        folder.push_str("/a");
        let slug = if i == 49 { "slug: mid\n" } else { "" };
        files.push((
            format!("{folder}/_index.md"),
            format!("---\ntitle: S{i}\n{slug}---\n"),
        ));
        files.push((format!("{folder}/p.md"), "---\ntitle: P\n---\n".to_owned()));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    write(dir.path(), &files);
    dir
}

/// Sections nested 1,000 deep took 23 s (500: 3 s): each section's and
/// page's folders above it were each looked up again (cascades, section
/// slugs, the lists a page dates), time cubic in the depth. Each folder
/// is now made once from its parent; the pages, what they are left out
/// by and the lists they date are those of a shallow site.
#[test]
fn sections_nested_deep_are_read_as_shallow_ones() {
    let depth = 300;
    let dir = nested_sections(depth);
    let scan = open(dir.path(), CURRENT).scan().unwrap();
    let base = "https://example.org/";
    let mut expected = vec![base.to_owned()];
    let mut folders = Vec::new();
    let mut slugs = Vec::new();
    for i in 0..depth {
        folders.push(if i == 49 {
            "mid".to_owned()
        } else {
            "a".to_owned()
        });
        slugs.push(if i == 49 {
            "mid".to_owned()
        } else {
            format!("s{i}")
        });
        expected.push(format!("{base}{}/", folders.join("/")));
        if i != 2 {
            expected.push(format!("{base}{}/p/", slugs.join("/")));
        }
    }
    expected.sort();
    let mut locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
    locs.sort_unstable();
    assert_eq!(locs, expected);
    let excluded: Vec<String> = scan
        .excluded
        .iter()
        .map(|e| {
            format!(
                "{} ({})",
                e.path.strip_prefix(dir.path()).unwrap().display(),
                e.reason.label()
            )
        })
        .collect();
    assert_eq!(excluded, ["content/a/a/a/p.md (sitemap.disable)"]);
    assert!(scan.warnings.is_empty(), "{:?}", scan.warnings);
    // The deepest page dates every section above it and the home page.
    let deepest = scan
        .pages
        .iter()
        .find(|p| p.loc.as_str() == format!("{base}{}/p/", slugs.join("/")))
        .unwrap();
    let mut lists: Vec<&str> = deepest
        .member_of
        .iter()
        .map(|&i| scan.pages[i as usize].loc.as_str())
        .collect();
    lists.sort_unstable();
    let mut sections: Vec<String> = (0..=depth)
        .map(|n| match n {
            0 => base.to_owned(),
            n => format!("{base}{}/", folders[..n].join("/")),
        })
        .collect();
    sections.sort();
    assert_eq!(lists, sections);
}

/// A tag whose term page's URL passes the protocol's 2,048 characters
/// (found by the `org_keywords` fuzz target: an Org `#+TAGS:` line of
/// 1,100 words, one term under the current Hugo): the error named
/// `hugo.toml`, which holds no tag. It names the page giving the term.
#[test]
fn a_term_url_past_the_protocol_s_bound_names_the_page_giving_it() {
    let dir = tempfile::tempdir().unwrap();
    let page = format!("#+TITLE: P\n#+TAGS: {}\n", vec!["t"; 1100].join(" "));
    write(
        dir.path(),
        &[("hugo.toml", ORG_SITE), ("content/p.org", &page)],
    );
    let shown = scan_error(dir.path(), CURRENT);
    let term = vec!["t"; 1100].join("-");
    assert_eq!(
        shown,
        format!(
            "<site>/content/p.org: loc `tags/{}… (2085 more characters)`: 2225 characters once \
             percent-encoded; the protocol allows at most 2048",
            &term[..115]
        )
    );
}
