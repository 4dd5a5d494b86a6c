//! The pages people look at, for three of the repository's examples (the
//! mdBook book, the Zola site and the two-language Hugo site):
//! `sitemap.html` whole (an insta snapshot), then both it and
//! `sitemap.xml` through `sitemap.xsl` in headless Chromium, at a
//! desktop's and a phone's window size; the Hugo site's parts by
//! language, each with its `lang`, and its sections.
//!
//! The browser checks what a reader gets: the site's title, the pages in
//! the generator's order, nothing wider than a phone's screen, and the
//! XSLT view's notice linking to sitemap.html. The screenshots the guide
//! and the README show are taken here; they are written to
//! `docs/guide/src/screenshots/` (inside the book, so mdBook copies them) when
//! missing or when `SITEMAP_SCREENSHOTS=update` (rendering differs by a
//! pixel between machines, so a run does not rewrite them unasked).

use std::path::{Path, PathBuf};

use sitemap_engine::{Job, Layer, Origin, Settings, Source};
use sitemap_testkit::browser::{Chromium, serve};

use super::outputs::copy_tree;

const DESKTOP: (u32, u32) = (1280, 800);
const PHONE: (u32, u32) = (390, 844);
/// Each screenshot committed is at most this big (the guide's readers load them).
const MAX_PNG_BYTES: usize = 150 * 1024;

/// One example, copied out of the repository (no git history there, so
/// the dates are the front matter's and the snapshot holds still) and
/// written with the stylesheet and sitemap.html; its output folder.
fn write_example(name: &str, work: &Path) -> PathBuf {
    let example = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    copy_tree(&example, work);
    let source = if work.join("book.toml").is_file() {
        Source::Book(work.to_owned())
    } else {
        Source::Site(work.to_owned())
    };
    let mut settings = Settings::default();
    settings.stylesheet = Some(true);
    settings.html_page = Some(true);
    let scanned = Job::new(source)
        .with_layer(Layer::new(settings, Origin::Flag))
        .scan()
        .unwrap();
    let out = scanned.outputs.set.dir.clone();
    let mut scanned = scanned;
    scanned.write(|_| {}).unwrap();
    out
}

/// The text of the element that follows `open` up to `close`, tags
/// stripped and whitespace collapsed; every one, in order.
fn texts(dom: &str, open: &str, close: &str) -> Vec<String> {
    dom.split(open)
        .skip(1)
        .map(|s| {
            let s = &s[s.find('>').map_or(0, |i| i + 1)..];
            let s = &s[..s.find(close).unwrap_or(s.len())];
            let mut text = String::new();
            let mut in_tag = false;
            for c in s.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            text.replace("&amp;", "&")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// A page showing `src` in a frame a phone's size. Headless Chromium
/// lays a window out at least 500 pixels wide, so a phone's width is a
/// frame's. With `probe`, once the frame has loaded, a script writes how
/// wide its page lays out and every element reaching past its right edge
/// into `<pre id="probe">` (the frame's load comes before the page's, so
/// `--dump-dom` sees it).
fn phone_frame(src: &str, probe: bool) -> String {
    let (w, h) = PHONE;
    let script = if probe {
        r#"<script>
document.getElementById("frame").addEventListener("load", function () {
  var doc = this.contentDocument;
  var width = doc.documentElement.clientWidth;
  var wide = Array.prototype.filter.call(doc.querySelectorAll("body *"), function (e) {
    return e.getBoundingClientRect().right > width + 0.5;
  }).map(function (e) { return e.tagName + " " + e.textContent.slice(0, 40); });
  document.getElementById("probe").textContent =
    "scroll=" + doc.documentElement.scrollWidth + " client=" + width + " wide=[" + wide.join("|") + "]";
});
</script>"#
    } else {
        ""
    };
    format!(
        "<!DOCTYPE html>\n<html><body style=\"margin:0\">\
         <iframe id=\"frame\" src=\"{src}\" style=\"border:0;display:block;width:{w}px;height:{h}px\"></iframe>\
         <pre id=\"probe\"></pre>{script}</body></html>\n"
    )
}

/// What the browser shows of one example's pages; the screenshots.
fn look_at(example: &str, title: &str, first_pages: &[&str], columns: &[&str]) {
    let work = tempfile::tempdir().unwrap();
    let out = write_example(example, work.path());
    let html = std::fs::read_to_string(out.join("sitemap.html")).unwrap();
    insta::assert_snapshot!(format!("{example}_sitemap_html"), html);
    for (name, src, probe) in [
        ("phone-probe.html", "sitemap.html", true),
        ("phone-html.html", "sitemap.html", false),
        ("phone-xsl.html", "sitemap.xml", false),
    ] {
        std::fs::write(out.join(name), phone_frame(src, probe)).unwrap();
    }
    let port = serve(out.clone());
    let url = |p: &str| format!("http://127.0.0.1:{port}/{p}");
    let chromium = Chromium::new();

    let dom = chromium.dump_dom(&url("sitemap.html"), DESKTOP);
    assert_eq!(
        texts(&dom, "<title", "</title>"),
        [format!("Sitemap: {title}")]
    );
    assert_eq!(texts(&dom, "<h1", "</h1>"), [format!("Sitemap: {title}")]);
    let links = texts(&dom, "<li><a href=", "</a>");
    // Sections are links too (the skip list); the pages follow them.
    let start = links
        .iter()
        .position(|l| l == first_pages[0])
        .unwrap_or_else(|| panic!("{} not listed: {links:?}", first_pages[0]));
    assert_eq!(
        &links[start..start + first_pages.len()],
        first_pages,
        "{links:?}"
    );

    // On a phone nothing reaches past the screen: no sideways scrolling.
    let dom = chromium.dump_dom(&url("phone-probe.html"), DESKTOP);
    let probe = &texts(&dom, "<pre id=\"probe\"", "</pre>")[0];
    assert_eq!(
        probe,
        &format!("scroll={0} client={0} wide=[]", PHONE.0),
        "{example} on a phone"
    );

    // The XSLT view: only the columns this sitemap fills, and a notice
    // pointing at sitemap.html.
    let dom = chromium.dump_dom(&url("sitemap.xml"), DESKTOP);
    assert_eq!(texts(&dom, "<th ", "</th>"), columns, "{example}");
    assert!(
        texts(&dom, "<p class=\"legacy\"", "</p>")[0]
            .ends_with("listed for people in any browser: sitemap.html."),
        "{dom}"
    );
    assert!(!dom.contains(">0.5<"), "no made-up priority");

    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/guide/src/screenshots");
    let update = std::env::var_os("SITEMAP_SCREENSHOTS").is_some_and(|v| v == "update");
    for (file, desktop, phone) in [
        ("html", "sitemap.html", "phone-html.html"),
        ("xsl", "sitemap.xml", "phone-xsl.html"),
    ] {
        for (size, device, page) in [(DESKTOP, "desktop", desktop), (PHONE, "phone", phone)] {
            let name = format!("{example}-{file}-{device}.png");
            let png = chromium.screenshot(&url(page), size, &out.join(&name));
            assert!(
                png.len() <= MAX_PNG_BYTES,
                "{name}: {} bytes, over {MAX_PNG_BYTES}",
                png.len()
            );
            let kept = shots.join(&name);
            if update || !kept.exists() {
                std::fs::create_dir_all(&shots).unwrap();
                std::fs::write(&kept, &png).unwrap();
            }
        }
    }
}

/// The mdBook example: the book's title from book.toml, chapters in
/// SUMMARY.md's order (not by folder), no " - book title" suffixes.
#[test]
fn mdbook_example_pages_in_chromium() {
    look_at(
        "mdbook-book",
        "Sitemap example book",
        &[
            "Introduction",
            "Getting started",
            "Installing",
            "Configuring",
            "Front matter",
            "Changelog",
        ],
        &["Page", "Last modified", "Change frequency", "Priority"],
    );
}

/// The Zola example: the site's title from zola.toml, its sections.
#[test]
fn zola_example_pages_in_chromium() {
    look_at(
        "zola-site",
        "Sitemap demo (Zola)",
        &[
            "Sitemap demo",
            "About",
            "Blog",
            "Ampersands & angle brackets",
            "Hello, Zola",
        ],
        &[
            "Page",
            "Last modified",
            "Change frequency",
            "Priority",
            "Other languages",
        ],
    );
}

/// One language's part of a page: its `lang`, its `<h2>`, its `<h3>`s
/// and its links.
type Part = (String, Vec<String>, Vec<String>, Vec<String>);

/// The two-language Hugo example: `sitemap.html` grouped by language
/// first (each part with its own `lang`, the page the default
/// language's), then by the section Hugo files each page in. It grouped
/// by the first URL folder: the German pages all came under the German
/// home page's title, the posts under "2024" (`/:year/:month/:slug/`
/// permalinks), and the page said `lang="en"` throughout.
#[test]
fn hugo_example_pages_by_language_in_chromium() {
    let work = tempfile::tempdir().unwrap();
    let out = write_example("hugo-site", work.path());
    let html = std::fs::read_to_string(out.join("sitemap.html")).unwrap();
    insta::assert_snapshot!("hugo-site_sitemap_html", html);
    std::fs::write(
        out.join("phone-probe.html"),
        phone_frame("sitemap.html", true),
    )
    .unwrap();
    let port = serve(out.clone());
    let url = |p: &str| format!("http://127.0.0.1:{port}/{p}");
    let chromium = Chromium::new();
    let dom = chromium.dump_dom(&url("sitemap.html"), DESKTOP);
    assert!(dom.contains("<html lang=\"en\">"), "{dom}");
    // Each language's part: its `lang`, its heading, its sections, its pages.
    let parts: Vec<Part> = dom
        .split("<section lang=\"")
        .skip(1)
        .map(|part| {
            let lang = part[..part.find('"').unwrap()].to_owned();
            (
                lang,
                texts(part, "<h2", "</h2>"),
                texts(part, "<h3", "</h3>"),
                texts(part, "<li><a href=", "</a>"),
            )
        })
        .collect();
    let strs = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        parts,
        [
            (
                "en".to_owned(),
                strs(&["en"]),
                strs(&["Docs", "Posts", "Tags"]),
                strs(&[
                    "Sitemap demo",
                    "About",
                    "Docs",
                    "Configuration",
                    "Getting started",
                    "Internal notes",
                    "Posts",
                    "Hello, Hugo",
                    "Sitemaps done right",
                    "Tags",
                    "hugo",
                    "news",
                    "sitemaps",
                ])
            ),
            (
                "de".to_owned(),
                strs(&["de"]),
                strs(&["Tags"]),
                strs(&["Sitemap-Demo", "Über uns", "Tags"])
            ),
        ]
    );
    // The skip list names the languages, each link in its own language.
    assert_eq!(
        texts(&dom, "<nav aria-label=\"Languages\"", "</nav>"),
        ["en de"]
    );
    let dom = chromium.dump_dom(&url("phone-probe.html"), DESKTOP);
    let probe = &texts(&dom, "<pre id=\"probe\"", "</pre>")[0];
    assert_eq!(probe, &format!("scroll={0} client={0} wide=[]", PHONE.0));
    let png = chromium.screenshot(&url("sitemap.html"), DESKTOP, &out.join("desktop.png"));
    assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
}
