//! Hugo's URL rules: the fixture site's scan snapshotted, and the same
//! site built by the real `hugo` with the URL sets compared.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::Command;

use sitemap_content::{Error, Flavor, PageKind, SiteOptions};

use crate::{fixture, open, render, urlset};

/// Fixed "now" so the future/expired rules do not depend on the clock.
fn now() -> jiff::Timestamp {
    "2025-06-01T00:00:00Z".parse().unwrap()
}

#[test]
fn hugo_rules_fixture() {
    let site = open(
        &fixture("hugo-rules"),
        &SiteOptions::default().with_now(now()),
    )
    .unwrap();
    assert_eq!(site.flavor, Flavor::Hugo);
    let scan = site.scan().unwrap();
    insta::assert_snapshot!("hugo_rules", render(&site, &scan));
    insta::assert_snapshot!("hugo_rules_xml", urlset(&scan));
}

#[test]
fn hugo_subdir_fixture() {
    let site = open(
        &fixture("hugo-subdir"),
        &SiteOptions::default().with_now(now()),
    )
    .unwrap();
    let scan = site.scan().unwrap();
    insta::assert_snapshot!("hugo_subdir", render(&site, &scan));
    insta::assert_snapshot!("hugo_subdir_xml", urlset(&scan));
}

/// Copies a folder tree (the fixture), so `hugo` can write its lock file
/// and caches somewhere other than the repository.
fn copy_tree(from: &Path, to: &Path) {
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// loc -> hrefs of its alternates, from every `<urlset>` Hugo wrote.
fn hugo_sitemaps(out: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut urls = BTreeMap::new();
    let mut stack = vec![out.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.file_name().is_none_or(|n| n != "sitemap.xml") {
                continue;
            }
            let xml = fs::read_to_string(&path).unwrap();
            if xml.contains("<sitemapindex") {
                continue;
            }
            for block in xml.split("<url>").skip(1) {
                let loc = between(block, "<loc>", "</loc>").unwrap().to_owned();
                let hrefs = block
                    .split("href=\"")
                    .skip(1)
                    .map(|s| s[..s.find('"').unwrap()].to_owned())
                    .collect();
                urls.insert(loc, hrefs);
            }
        }
    }
    urls
}

fn between<'a>(s: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = s.find(open)? + open.len();
    let end = s[start..].find(close)? + start;
    Some(&s[start..end])
}

/// Builds fixture `case` with the real `hugo` (Debian: `apt-get install -y
/// hugo`) and returns its version and every `<urlset>` entry it wrote.
fn build_with_hugo(
    case: &str,
    work: &Path,
) -> (
    String,
    std::path::PathBuf,
    BTreeMap<String, BTreeSet<String>>,
) {
    let src = work.join("site");
    fs::create_dir_all(&src).unwrap();
    copy_tree(&fixture(case), &src);
    let (version, urls) = hugo_build(&src, &work.join("public"));
    (version, src, urls)
}

/// Builds the site at `src` into `out` with the real `hugo` and returns
/// its version and every `<urlset>` entry it wrote.
fn hugo_build(src: &Path, out: &Path) -> (String, BTreeMap<String, BTreeSet<String>>) {
    let version = match Command::new("hugo").arg("version").output() {
        Ok(v) if v.status.success() => String::from_utf8_lossy(&v.stdout).into_owned(),
        _ => panic!("this test needs the `hugo` binary: apt-get install -y hugo"),
    };
    let status = Command::new("hugo")
        .args(["--quiet", "--source"])
        .arg(src)
        .arg("--destination")
        .arg(out)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "{version}: hugo failed on {}",
        src.display()
    );
    (version, hugo_sitemaps(out))
}

/// loc -> alternates' hrefs (without `x-default`, which Hugo does not write).
fn scanned(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let site = open(src, &SiteOptions::default()).unwrap();
    let scan = site.scan().unwrap();
    scan.pages
        .iter()
        .map(|p| {
            let hrefs = p
                .alternates
                .iter()
                .filter(|a| a.hreflang.as_str() != "x-default")
                .map(|a| a.href.to_string())
                .collect();
            (p.loc.to_string(), hrefs)
        })
        .collect()
}

/// The URL rules checked against the generator itself: the real `hugo`
/// builds the fixture, and its sitemaps must list exactly the URLs and
/// alternates the scan finds, except the two documented differences.
#[test]
fn hugo_rules_match_real_hugo() {
    let work = tempfile::tempdir().unwrap();
    let (version, src, mut theirs) = build_with_hugo("hugo-rules", work.path());
    // Hugo lists a `build.render: link` page though it writes no file for
    // it; a sitemap must not point at a missing page.
    assert!(
        theirs
            .remove("https://example.org/docs/guides/linked/")
            .is_some()
    );
    // `sitemap.disable` is honoured from Hugo 0.125 on; older ones list it.
    let minor: u32 = version
        .split("v0.")
        .nth(1)
        .and_then(|s| s.split('.').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    if minor < 125 {
        assert!(
            theirs
                .remove("https://example.org/docs/guides/hidden/")
                .is_some()
        );
    }
    assert_eq!(scanned(&src), theirs, "scan and {version}");
}

/// Languages in sub-folders, a content folder per language, ugly URLs,
/// disabled term pages: no difference at all from the real `hugo`.
#[test]
fn hugo_subdir_matches_real_hugo() {
    let work = tempfile::tempdir().unwrap();
    let (version, src, theirs) = build_with_hugo("hugo-subdir", work.path());
    assert_eq!(scanned(&src), theirs, "scan and {version}");
}

#[test]
fn hugo_config_formats_and_config_dir() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("config/_default")).unwrap();
    fs::write(
        root.join("config/_default/hugo.yaml"),
        "baseURL: https://example.org/\ncontentDir: pages\nuglyURLs: true\n",
    )
    .unwrap();
    fs::write(
        root.join("config/_default/languages.toml"),
        "[fr]\nweight = 2\n[en]\nweight = 1\n",
    )
    .unwrap();
    fs::write(root.join("config/_default/taxonomies.json"), "{}").unwrap();
    fs::create_dir_all(root.join("pages/blog")).unwrap();
    fs::write(root.join("pages/blog/a.md"), "---\ntitle: A\n---\n").unwrap();
    fs::write(root.join("pages/blog/a.fr.md"), "+++\ntitle = \"A\"\n+++\n").unwrap();
    let site = open(root, &SiteOptions::default()).unwrap();
    assert_eq!(site.flavor, Flavor::Hugo);
    assert_eq!(site.languages, ["en", "fr"]);
    let scan = site.scan().unwrap();
    let locs: Vec<String> = scan
        .pages
        .iter()
        .map(|p| format!("{} {}", p.loc, p.alternates.len()))
        .collect();
    assert_eq!(
        locs,
        [
            "https://example.org/ 3",
            "https://example.org/blog.html 3",
            "https://example.org/blog/a.html 3",
            "https://example.org/fr/ 3",
            "https://example.org/fr/blog.html 3",
            "https://example.org/fr/blog/a.html 3",
        ]
    );
}

#[test]
fn hugo_missing_base_url_and_bad_config_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("hugo.toml"), "title = \"x\"\n").unwrap();
    let err = open(dir.path(), &SiteOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string()
            .replace(&*dir.path().to_string_lossy(), "<site>"),
        "<site>/hugo.toml: no base URL: the site's configuration has no `baseURL`"
    );
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\ntitle = \n",
    )
    .unwrap();
    let err = open(dir.path(), &SiteOptions::default()).unwrap_err();
    assert!(
        matches!(err, Error::Config { line: Some(2), .. }),
        "{err:?}"
    );
}

/// Hugo 0.111.3 builds a page whose `url` or `slug` climbs past the root,
/// cleaning `..` against it (`/a/../../b/` is `/b/`); we refused it.
#[test]
fn hugo_url_with_dot_dot_is_cleaned_against_the_root_as_hugo_does() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("content/posts")).unwrap();
    fs::write(
        dir.path().join("content/a.md"),
        "---\ntitle: A\nurl: /a/../../b/\n---\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("content/posts/s.md"),
        "---\ntitle: S\nslug: ../../s\n---\n",
    )
    .unwrap();
    let scan = open(dir.path(), &SiteOptions::default())
        .unwrap()
        .scan()
        .unwrap();
    let mut locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
    locs.sort_unstable();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/b/",
            "https://example.org/categories/",
            "https://example.org/posts/",
            "https://example.org/s/",
            "https://example.org/tags/",
        ]
    );
}

#[cfg(unix)]
#[test]
fn symlinks_outside_the_site_are_not_followed() {
    let outside = tempfile::tempdir().unwrap();
    fs::write(
        outside.path().join("secret.md"),
        "---\ntitle: Secret\n---\n",
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\ntaxonomies = {}\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("content/in")).unwrap();
    fs::write(dir.path().join("content/in/a.md"), "---\ntitle: A\n---\n").unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("content/out")).unwrap();
    std::os::unix::fs::symlink(
        dir.path().join("content/in"),
        dir.path().join("content/alias"),
    )
    .unwrap();
    let scan = open(dir.path(), &SiteOptions::default())
        .unwrap()
        .scan()
        .unwrap();
    let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/alias/",
            "https://example.org/alias/a/",
            "https://example.org/in/",
            "https://example.org/in/a/",
        ]
    );
    assert_eq!(scan.warnings.len(), 1);
    assert!(
        scan.warnings[0]
            .to_string()
            .ends_with("content/out: symlink leads outside the site: not followed")
    );
}

/// Hugo 0.111.3 builds a page whose date it cannot read, as if it had
/// none; the scan stopped at the first such file ("not a date").
#[test]
fn a_date_hugo_cannot_read_is_dropped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\ntaxonomies = {}\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("content/s")).unwrap();
    fs::write(
        dir.path().join("content/s/a.md"),
        "---\ntitle: A\ndate: \"2020/01/02\"\nlastmod: 2099-01-02T03:04\n---\n",
    )
    .unwrap();
    let scan = open(dir.path(), &SiteOptions::default().with_now(now()))
        .unwrap()
        .scan()
        .unwrap();
    let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/s/",
            "https://example.org/s/a/"
        ]
    );
    let page = scan
        .pages
        .iter()
        .find(|p| p.loc.as_str().ends_with("/a/"))
        .unwrap();
    assert_eq!(
        (&page.overrides.lastmod, &page.overrides.date),
        (&None, &None)
    );
    let warnings: Vec<String> = scan
        .warnings
        .iter()
        .map(|w| {
            w.to_string()
                .replace(&*dir.path().to_string_lossy(), "<site>")
        })
        .collect();
    assert_eq!(
        warnings,
        [
            "<site>/content/s/a.md:3: `date` \"2020/01/02\" is not a date Hugo reads; \
             Hugo builds the page without it, and so does this scan (write it as 2024-05-01 \
             or 2024-05-01T10:00:00+02:00)",
            "<site>/content/s/a.md:4: `lastmod` \"2099-01-02T03:04\" is not a date Hugo \
             reads; Hugo builds the page without it, and so does this scan (write it as \
             2024-05-01 or 2024-05-01T10:00:00+02:00)",
        ]
    );
}

/// Issue 24: pages and a `hugo.yaml` in YAML that Hugo 0.111.3 reads and
/// yaml-rust2 refused (a flow list closed at column 0, a quoted scalar
/// continued there, `\'`), and YAML 1.1 drafts (`draft: yes`, a merged
/// `draft: on`): the URL set equals the one hugo wrote, recorded in
/// `fixtures/hugo-yaml/hugo-urls.txt` (see its README), without hugo.
#[test]
fn yaml_hugo_reads_is_scanned_as_hugo_built_it() {
    let dir = fixture("hugo-yaml");
    let site = open(&dir, &SiteOptions::default().with_now(now())).unwrap();
    let scan = site.scan().unwrap();
    let mut ours: Vec<String> = scan.pages.iter().map(|p| p.loc.to_string()).collect();
    ours.sort();
    let recorded = fs::read_to_string(dir.join("hugo-urls.txt")).unwrap();
    assert_eq!(ours.join("\n") + "\n", recorded);
}

/// A site large enough that regular pages' lists are worked out on
/// several threads: every page counts towards exactly its own section,
/// the sections above it, the home page, and its tags and their
/// taxonomy, as with one thread.
#[test]
fn every_page_of_a_large_site_counts_towards_its_own_lists() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(
        root.join("hugo.toml"),
        "baseURL = \"https://example.org/\"\n[taxonomies]\ntag = \"tags\"\n",
    )
    .unwrap();
    let mut expected: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for s in 0..4 {
        for t in 0..3 {
            let folder = root.join(format!("content/s{s}/t{t}"));
            fs::create_dir_all(&folder).unwrap();
            fs::write(folder.join("_index.md"), "+++\ntitle = \"t\"\n+++\n").unwrap();
            for p in 0..420 {
                let tags = [format!("x{}", p % 7), format!("y{}", (p + s) % 5)];
                fs::write(
                    folder.join(format!("p{p}.md")),
                    format!(
                        "+++\ntitle = \"p\"\ntags = [\"{}\", \"{}\"]\n+++\n",
                        tags[0], tags[1]
                    ),
                )
                .unwrap();
                let mut lists: BTreeSet<String> = [
                    "https://example.org/".to_owned(),
                    format!("https://example.org/s{s}/"),
                    format!("https://example.org/s{s}/t{t}/"),
                    "https://example.org/tags/".to_owned(),
                ]
                .into();
                lists.extend(
                    tags.iter()
                        .map(|tag| format!("https://example.org/tags/{tag}/")),
                );
                expected.insert(format!("https://example.org/s{s}/t{t}/p{p}/"), lists);
            }
        }
    }
    assert!(expected.len() > 4096, "more pages than one thread takes");
    let site = open(root, &SiteOptions::default().with_now(now())).unwrap();
    let scan = site.scan().unwrap();
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for page in scan.pages.iter().filter(|p| p.kind == PageKind::Page) {
        let lists = page
            .member_of
            .iter()
            .map(|&l| scan.pages[l as usize].loc.to_string())
            .collect();
        found.insert(page.loc.to_string(), lists);
    }
    assert_eq!(found.len(), expected.len());
    for (loc, lists) in &expected {
        assert_eq!(found.get(loc), Some(lists), "{loc}");
    }
}

/// Shapes of `images` that real Hugo sites write and Hugo builds: left
/// empty by an archetype, and a theme's gallery of `{image, caption}`
/// tables (zzo). With images on, neither refuses the scan: the pages are
/// the ones `hugo` lists, and each lists its body's image only.
#[test]
fn images_keys_hugo_builds_are_read_not_refused() {
    let work = tempfile::tempdir().unwrap();
    let src = work.path().join("site");
    let write = |rel: &str, text: &str| {
        let path = src.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write("hugo.toml", "baseURL = \"https://example.org/\"\n");
    write("layouts/_default/single.html", "{{ .Content }}\n");
    write("layouts/_default/list.html", "{{ .Title }}\n");
    write(
        "content/posts/empty.md",
        "---\ntitle: Empty\ndate: 2024-05-01\nimages:\n---\n![a](/img/a.png)\n",
    );
    write(
        "content/gallery/photo/index.md",
        "---\ntitle: Photo\ntype: gallery\nimages:\n  - image: beach.jpg\n    caption: beach\n  - image: people.jpg\n    caption: people\n---\n![b](/img/b.png)\n",
    );
    let (version, theirs) = hugo_build(&src, &work.path().join("public"));
    let theirs: BTreeSet<String> = theirs.into_keys().collect();

    let options = SiteOptions::default().with_images(Some(Vec::new()));
    let site = open(&src, &options).unwrap();
    let scan = site.scan().unwrap();
    let ours: BTreeSet<String> = scan.pages.iter().map(|p| p.loc.to_string()).collect();
    assert_eq!(ours, theirs, "{version}");
    for (path, image) in [("empty/", "/img/a.png"), ("photo/", "/img/b.png")] {
        let page = scan
            .pages
            .iter()
            .find(|p| p.loc.as_str().ends_with(path))
            .unwrap();
        let images = page.images.as_ref().unwrap();
        assert!(images.front.is_empty(), "{path}: {:?}", images.front);
        let body: Vec<&str> = images
            .body
            .references
            .iter()
            .filter_map(|r| r.as_deref().ok())
            .collect();
        assert_eq!(body, [image], "{path}");
    }
}
