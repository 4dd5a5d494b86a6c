//! What a run writes never destroys a file it does not own: the
//! sitemap's name is never a file the site or the tool owns.

use std::fs;
use std::path::Path;

use crate::{sitemap, text};

const ROBOTS: &str = "User-agent: *\nDisallow: /private/\n";

/// A built HTML site with its own robots.txt, served at example.org.
fn html_site(dir: &Path) {
    fs::create_dir_all(dir.join("site")).unwrap();
    fs::write(
        dir.join("site/index.html"),
        "<html><head><title>Home</title></head></html>",
    )
    .unwrap();
    fs::write(dir.join("site/robots.txt"), ROBOTS).unwrap();
}

fn scan(dir: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec![
        "scan",
        "--html",
        "site",
        "--base-url",
        "https://example.org/",
    ];
    args.extend_from_slice(extra);
    let out = sitemap(dir, &args);
    (out.status.code(), text(&out.stderr, dir))
}

/// `--filename robots.txt` replaced the site's robots.txt with a URL list
/// and exited 0.
#[test]
fn filename_robots_txt_is_refused_and_robots_txt_kept() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    assert_eq!(
        scan(dir.path(), &["--filename", "robots.txt", "--robots"]),
        (
            Some(2),
            "error: `--filename`: `robots.txt` is the site's robots.txt, never a sitemap's name\n  hint: change --filename on the command line\n".to_owned()
        )
    );
    fs::write(
        dir.path().join("sitemap.toml"),
        "filename = \"ROBOTS.txt\"\n",
    )
    .unwrap();
    assert_eq!(
        scan(dir.path(), &[]),
        (
            Some(1),
            "error: sitemap.toml:1 `filename`: `ROBOTS.txt` is the site's robots.txt, never a sitemap's name\n  hint: change `filename` in sitemap.toml\n".to_owned()
        )
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("site/robots.txt")).unwrap(),
        ROBOTS
    );
    let written: Vec<String> = fs::read_dir(dir.path().join("site"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "index.html" && n != "robots.txt")
        .collect();
    assert!(written.is_empty(), "{written:?}");
}

/// Every name the tool or the site owns, each with the reason it gives.
#[test]
fn filename_owned_by_the_site_or_the_tool_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "ledger = \"site/pages.txt\"\n[submit]\nkey = \"5d1a4c7e\"\n",
    )
    .unwrap();
    let cases = [
        ("llms.txt", "the site's llms.txt"),
        ("index.xml", "a feed the generator writes (Hugo's RSS)"),
        ("atom.xml", "a feed the generator writes (Zola's Atom feed)"),
        ("rss.xml", "a feed the generator writes (Zola's RSS feed)"),
        ("pages.txt", "the ledger (`ledger`)"),
        ("5d1a4c7e.txt", "the IndexNow key file (`submit.key`)"),
    ];
    for (name, what) in cases {
        assert_eq!(
            scan(dir.path(), &["--filename", name]),
            (
                Some(2),
                format!(
                    "error: `--filename`: `{name}` is {what}, never a sitemap's name\n  hint: change --filename on the command line\n"
                )
            ),
            "{name}"
        );
    }
    assert_eq!(
        fs::read_dir(dir.path().join("site")).unwrap().count(),
        2,
        "nothing written"
    );
}

/// The build.rs skin refuses it too: the check is in the engine's
/// settings, not in the CLI.
#[test]
fn filename_robots_txt_is_refused_by_the_builder() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    let err = sitemap_build::Sitemap::html(dir.path().join("site"), "https://example.org/")
        .filename("robots.txt")
        .write()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`.filename(..)`: `robots.txt` is the site's robots.txt, never a sitemap's name"
    );
    assert_eq!(
        err.hint(),
        Some("change the value passed to `.filename(..)`")
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("site/robots.txt")).unwrap(),
        ROBOTS
    );
}

/// A hand-made sitemap.xsl was replaced by ours without a word, against
/// the README's "a file the run did not write is left alone".
#[test]
fn hand_made_stylesheet_is_left_alone_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    let mine = "<?xml version=\"1.0\"?>\n<!-- the site's own stylesheet -->\n";
    fs::write(dir.path().join("site/sitemap.xsl"), mine).unwrap();
    assert_eq!(
        scan(dir.path(), &["--stylesheet"]),
        (
            Some(0),
            "warning: site/sitemap.xsl was not written by this tool, so it was left alone (the sitemap references it); remove it to get the toolkit's stylesheet\nsitemap: 1 files read, 1 URLs, none excluded; wrote site/sitemap.xml\n".to_owned()
        )
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("site/sitemap.xsl")).unwrap(),
        mine
    );
    let xml = fs::read_to_string(dir.path().join("site/sitemap.xml")).unwrap();
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?xml-stylesheet type=\"text/xsl\" href=\"sitemap.xsl\"?>\n"),
        "{xml}"
    );
}

/// A stylesheet an earlier run wrote carries the marker, so it is ours
/// and an upgrade replaces it.
#[test]
fn own_stylesheet_of_an_earlier_run_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    let older = sitemap_core::human::XSL.replace("<table", "<table class=\"old\"");
    assert_ne!(older, sitemap_core::human::XSL);
    fs::write(dir.path().join("site/sitemap.xsl"), older).unwrap();
    assert_eq!(
        scan(dir.path(), &["--stylesheet"]),
        (
            Some(0),
            "sitemap: 1 files read, 1 URLs, none excluded; wrote site/sitemap.xml, site/sitemap.xsl\n".to_owned()
        )
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("site/sitemap.xsl")).unwrap(),
        sitemap_core::human::XSL
    );
}

/// After `filename` changed, the old set stayed published and robots.txt
/// kept both `Sitemap:` lines without a word. Nothing in the folder says
/// the old set was this tool's (a hand-made second sitemap looks the
/// same), so it is left alone and named, with what to do.
#[test]
fn renamed_sitemap_names_the_set_robots_txt_still_lists() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    assert_eq!(scan(dir.path(), &["-q", "--robots"]).0, Some(0));
    assert_eq!(
        scan(dir.path(), &["--robots", "--filename", "map.xml"]),
        (
            Some(0),
            "warning: robots.txt also names https://example.org/sitemap.xml, which this run did not write (site/sitemap.xml); if it is this sitemap under an earlier `filename`, delete it, its parts and that `Sitemap:` line\nsitemap: 1 files read, 1 URLs, none excluded; wrote site/map.xml and robots.txt\n".to_owned()
        )
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("site/robots.txt")).unwrap(),
        format!(
            "{ROBOTS}Sitemap: https://example.org/sitemap.xml\nSitemap: https://example.org/map.xml\n"
        )
    );
    assert!(dir.path().join("site/sitemap.xml").is_file());
    // Once the user has acted, the run is quiet.
    fs::remove_file(dir.path().join("site/sitemap.xml")).unwrap();
    assert_eq!(
        scan(dir.path(), &["--robots", "--filename", "map.xml"]),
        (
            Some(0),
            "sitemap: 1 files read, 1 URLs, none excluded; wrote site/map.xml; robots.txt already up to date\n".to_owned()
        )
    );
}

/// An index robots.txt lists over this run's sitemap (`sitemap index`, as
/// the README shows) is not an earlier name of it: no warning.
#[test]
fn index_over_this_sitemap_in_robots_txt_is_not_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    assert_eq!(scan(dir.path(), &["-q", "--robots"]).0, Some(0));
    let out = sitemap(
        dir.path(),
        &[
            "index",
            "-q",
            "--robots",
            "--base-url",
            "https://example.org/",
            "--out",
            "site",
            "site/sitemap.xml",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    assert_eq!(
        scan(dir.path(), &["--robots"]),
        (
            Some(0),
            "sitemap: 1 files read, 1 URLs, none excluded; wrote site/sitemap.xml and robots.txt\n"
                .to_owned()
        )
    );
}

/// A plain scan removed hand-made sitemaps whose names end in eight
/// digits (`sitemap-news-20241231.xml`, `sitemap-2024-20240101.xml.gz`):
/// they have the shape of a split set's part names. Only what a record
/// names goes: the parts the replaced index listed, never a name alone.
#[test]
fn hand_made_sitemaps_shaped_like_parts_are_kept_and_listed_parts_removed() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    fs::write(
        dir.path().join("site/about.html"),
        "<html><head><title>About</title></head></html>",
    )
    .unwrap();
    let hand_made = ["sitemap-news-20241231.xml", "sitemap-2024-20240101.xml.gz"];
    for name in hand_made {
        fs::write(dir.path().join("site").join(name), "hand-made\n").unwrap();
    }
    let files = |dir: &Path| {
        let mut names: Vec<String> = fs::read_dir(dir.join("site"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(
        scan(dir.path(), &[]),
        (
            Some(0),
            "sitemap: 2 files read, 2 URLs, none excluded; wrote site/sitemap.xml\n".to_owned()
        )
    );
    assert_eq!(
        files(dir.path()),
        [
            "about.html",
            "index.html",
            "robots.txt",
            "sitemap-2024-20240101.xml.gz",
            "sitemap-news-20241231.xml",
            "sitemap.xml"
        ]
    );

    // Split into two parts, then back into one file: the parts the index
    // listed are the tool's and go; the hand-made files stay.
    assert_eq!(scan(dir.path(), &["-q", "--max-urls", "1"]).0, Some(0));
    let parts: Vec<String> = files(dir.path())
        .into_iter()
        .filter(|n| n.starts_with("sitemap-1-") || n.starts_with("sitemap-2-"))
        .collect();
    assert_eq!(parts.len(), 2, "{parts:?}");
    assert_eq!(
        scan(dir.path(), &[]),
        (
            Some(0),
            format!(
                "sitemap: 2 files read, 2 URLs, none excluded; wrote site/sitemap.xml; removed {}, {}\n",
                parts[0], parts[1]
            )
        )
    );
    assert_eq!(
        files(dir.path()),
        [
            "about.html",
            "index.html",
            "robots.txt",
            "sitemap-2024-20240101.xml.gz",
            "sitemap-news-20241231.xml",
            "sitemap.xml"
        ]
    );
    for name in hand_made {
        assert_eq!(
            fs::read_to_string(dir.path().join("site").join(name)).unwrap(),
            "hand-made\n"
        );
    }
}

/// Every file under `dir` with its bytes (folders show by their files).
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    sitemap_testkit::list_files(dir)
        .into_iter()
        .map(|name| {
            let bytes = fs::read(dir.join(&name)).unwrap();
            (name, bytes)
        })
        .collect()
}

/// A folder at the journal's name (`.sitemap.sitemap-journal`): every
/// run published the set, then failed with exit 1 removing "the
/// journal". It is refused before anything is published, on every run,
/// and the folder is left as it was.
#[test]
fn a_folder_at_the_journals_name_is_refused_before_publishing() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    let site = dir.path().join("site");
    assert_eq!(scan(dir.path(), &["--lastmod", "date"]).0, Some(0));
    fs::create_dir(site.join(".sitemap.sitemap-journal")).unwrap();
    fs::write(site.join(".sitemap.sitemap-journal/notes.txt"), "mine\n").unwrap();
    fs::write(
        site.join("about.html"),
        "<html><head><title>About</title></head></html>",
    )
    .unwrap();
    let before = snapshot(&site);
    for _ in 0..2 {
        assert_eq!(
            scan(dir.path(), &["--lastmod", "date"]),
            (
                Some(1),
                "site/.sitemap.sitemap-journal: error: a directory has the name of the set's journal, which publishing writes and then removes, so nothing was published; move it away, then run again\n".to_owned()
            )
        );
        assert_eq!(snapshot(&site), before);
    }
    // A file of that name the tool did not write is kept the same way.
    fs::remove_dir_all(site.join(".sitemap.sitemap-journal")).unwrap();
    fs::write(site.join(".sitemap.sitemap-journal"), "my notes\n").unwrap();
    let before = snapshot(&site);
    assert_eq!(
        scan(dir.path(), &["--lastmod", "date"]),
        (
            Some(1),
            "site/.sitemap.sitemap-journal: error: a file this tool did not write has the name of the set's journal, which publishing writes and then removes, so nothing was published; move it away, then run again\n".to_owned()
        )
    );
    assert_eq!(snapshot(&site), before);
}

/// A hand-made `sitemap.txt` and `sitemap.xml.gz` beside a built site:
/// the first scan removed both ("removed sitemap.txt, sitemap.xml.gz")
/// for their names alone. Nothing shows the tool wrote them, so they are
/// kept, each named with why.
#[test]
fn hand_made_sitemap_txt_and_xml_gz_are_kept_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d");
    fs::create_dir(&d).unwrap();
    fs::write(
        d.join("index.html"),
        "<html><head><title>h</title></head><body><main>h</main></body></html>\n",
    )
    .unwrap();
    fs::write(d.join("sitemap.txt"), "https://example.org/mine\n").unwrap();
    let gz = {
        use std::io::Write;
        let mut gz = sitemap_core::gzip(Vec::new());
        gz.write_all(b"<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.org/archive</loc></url></urlset>\n").unwrap();
        gz.finish().unwrap()
    };
    fs::write(d.join("sitemap.xml.gz"), &gz).unwrap();
    let before = snapshot(&d);
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "d",
            "--base-url",
            "https://example.org/",
            "--out",
            "d",
            "--lastmod",
            "date",
        ],
    );
    let why = "though it is this sitemap's name in another format: nothing shows this tool wrote it (a hand-made sitemap looks the same), so it was not removed; if an earlier run in that format wrote it, delete it";
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(0),
            format!(
                "d/sitemap.txt: warning: kept beside sitemap.xml, {why}\n\
                 d/sitemap.xml.gz: warning: kept beside sitemap.xml, {why}\n\
                 sitemap: 1 files read, 1 URLs, none excluded; wrote d/sitemap.xml\n"
            )
        )
    );
    let mut after = before;
    after.push((
        "sitemap.xml".to_owned(),
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url>\n    <loc>https://example.org/</loc>\n  </url>\n</urlset>\n".to_vec(),
    ));
    after.sort();
    assert_eq!(snapshot(&d), after);
    sitemap_testkit::assert_all_valid(&d);
}

/// `html-page` or `stylesheet` turned off left the earlier run's
/// `sitemap.html` and `sitemap.xsl` served beside the set (the folder's
/// scan counted the page as its own output): they are removed with the
/// set, as a split set's old parts are, and named; a hand-made
/// `sitemap.html` without the toolkit's mark stays.
#[test]
fn switched_off_companions_are_removed_and_a_hand_made_page_stays() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path());
    let (code, stderr) = scan(dir.path(), &["--html-page", "--stylesheet"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr,
        "sitemap: 1 files read, 1 URLs, none excluded; wrote site/sitemap.xml, site/sitemap.xsl, site/sitemap.html\n"
    );
    let (code, stderr) = scan(dir.path(), &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr,
        "sitemap: 2 files read, 1 URLs, 1 excluded (1 own output); wrote site/sitemap.xml; removed sitemap.xsl, sitemap.html\n"
    );
    let site = dir.path().join("site");
    assert!(!site.join("sitemap.xsl").exists());
    assert!(!site.join("sitemap.html").exists());
    let xml = fs::read_to_string(site.join("sitemap.xml")).unwrap();
    assert!(!xml.contains("xml-stylesheet"), "{xml}");
    sitemap_testkit::assert_valid(&site.join("sitemap.xml"), sitemap_testkit::Schema::Urlset);
    // The site's own page of that name is not the toolkit's to remove.
    let own = "<html><head><title>Site map</title></head><body>Ours</body></html>\n";
    fs::write(site.join("sitemap.html"), own).unwrap();
    let (code, stderr) = scan(dir.path(), &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(fs::read_to_string(site.join("sitemap.html")).unwrap(), own);
}
