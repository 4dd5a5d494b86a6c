//! The human side in a real browser: headless Chromium renders
//! `sitemap.xml` through [`human::XSL`] and opens `sitemap.html`, served
//! from a loopback HTTP server (browsers refuse XSLT over `file://`).
//!
//! Needs Debian's `chromium` package; the test fails, not skips, without
//! it, since a skipped browser test would assert nothing.

use std::io::{BufReader, Write};
use std::net::TcpStream;

use sitemap_testkit::browser::{Chromium, serve};

use sitemap_core::human::{self, HtmlPage, PageEntry};
use sitemap_core::validate::{Options, validate};
use sitemap_core::{Alternate, ChangeFreq, IndexWriter, Loc, Url, XmlOptions, XmlWriter};

/// A plain HTTP GET against the test server: the status line and body.
fn get(port: u16, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    std::io::Read::read_to_string(&mut stream, &mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

/// The DOM of `url`, in a window of the screenshot's size.
fn dump_dom(browser: &Chromium, url: &str) -> String {
    browser.dump_dom(url, (1024, 768))
}

/// The text of every element named `tag` (outer tags removed, inner
/// tags stripped, whitespace collapsed).
fn texts(dom: &str, tag: &str) -> Vec<String> {
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut out = Vec::new();
    let mut rest = dom;
    while let Some(start) = rest.find(&open) {
        let after = &rest[start + open.len()..];
        if !after.starts_with(['>', ' ']) {
            rest = after;
            continue;
        }
        let body_start = after.find('>').unwrap() + 1;
        let end = after.find(&close).unwrap();
        out.push(strip_tags(&after[body_start..end]));
        rest = &after[end..];
    }
    out
}

fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn hrefs(dom: &str) -> Vec<String> {
    dom.split("<a href=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].replace("&amp;", "&"))
        .collect()
}

/// A small site: pages on disk (so links can be followed), its sitemap
/// with the stylesheet, an index, and the HTML page.
struct Site {
    dir: tempfile::TempDir,
    entries: Vec<PageEntry>,
}

fn site() -> Site {
    let dir = tempfile::tempdir().unwrap();
    let base = Loc::parse("https://example.org/").unwrap();
    let pages = [
        ("", "Example home"),
        ("about/", "About us"),
        ("blog/", "Blog"),
        ("blog/first-post/", "First post"),
        ("blog/second-post/", "Second & last post"),
        ("docs/guide/", "Guide"),
        ("docs/guide/install/", "Installing"),
        ("de/", "Startseite"),
    ];
    let mut entries = Vec::new();
    for (path, title) in pages {
        let file = dir.path().join(path).join("index.html");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(
            &file,
            format!("<!DOCTYPE html><title>{title}</title><h1>{title}</h1>"),
        )
        .unwrap();
        entries.push(
            PageEntry::new(base.join(path).unwrap(), title)
                .with_lastmod("2024-05-01".parse().unwrap()),
        );
    }
    let mut xml = XmlWriter::new(
        Vec::new(),
        XmlOptions::default().with_stylesheet(human::XSL_FILE_NAME),
    );
    for (i, entry) in entries.iter().enumerate() {
        let mut url = Url::new(entry.loc.clone()).with_lastmod(entry.lastmod.clone().unwrap());
        if i == 0 {
            url = url
                .with_changefreq(ChangeFreq::Daily)
                .with_priority("1.0".parse().unwrap())
                .with_alternate(Alternate::new("en".parse().unwrap(), base.clone()))
                .with_alternate(Alternate::new(
                    "de".parse().unwrap(),
                    base.join("de/").unwrap(),
                ));
        }
        xml.write(&url).unwrap();
    }
    std::fs::write(dir.path().join("sitemap.xml"), xml.finish().unwrap()).unwrap();
    let mut index = IndexWriter::new(
        Vec::new(),
        XmlOptions::default().with_stylesheet(human::XSL_FILE_NAME),
    );
    index
        .write(
            &base.join("sitemap.xml").unwrap(),
            Some(&"2024-05-01".parse().unwrap()),
        )
        .unwrap();
    index
        .write(&base.join("blog/sitemap.xml").unwrap(), None)
        .unwrap();
    std::fs::write(
        dir.path().join("sitemap_index.xml"),
        index.finish().unwrap(),
    )
    .unwrap();
    let mut bare = XmlWriter::new(
        Vec::new(),
        XmlOptions::default().with_stylesheet("linked.xsl"),
    );
    for path in ["", "about/"] {
        bare.write(&Url::new(base.join(path).unwrap())).unwrap();
    }
    std::fs::write(dir.path().join("bare.xml"), bare.finish().unwrap()).unwrap();
    std::fs::write(
        dir.path().join("linked.xsl"),
        human::xsl_linking(human::HTML_FILE_NAME),
    )
    .unwrap();
    let mut xsl = Vec::new();
    human::write_xsl(&mut xsl).unwrap();
    std::fs::write(dir.path().join(human::XSL_FILE_NAME), xsl).unwrap();
    let mut html = Vec::new();
    human::write_html_page(&mut html, &HtmlPage::new(base, "Example"), &entries).unwrap();
    std::fs::write(dir.path().join(human::HTML_FILE_NAME), html).unwrap();
    Site { dir, entries }
}

#[test]
fn stylesheet_and_html_page_in_chromium() {
    let site = site();
    let root = site.dir.path();
    // What the browser shows must still be a valid sitemap for crawlers.
    for name in ["sitemap.xml", "sitemap_index.xml"] {
        let path = root.join(name);
        let schema = if name.contains("index") {
            sitemap_testkit::Schema::Index
        } else {
            sitemap_testkit::Schema::UrlsetWithExtensions
        };
        sitemap_testkit::assert_valid(&path, schema);
        let report = validate(
            BufReader::new(std::fs::File::open(&path).unwrap()),
            &Options::default(),
        )
        .unwrap();
        assert_eq!(report.diagnostics, [], "{name}");
    }
    let port = serve(root.to_path_buf());
    let browser = Chromium::new();
    let url = |p: &str| format!("http://127.0.0.1:{port}/{p}");

    // The urlset as a table: every row, every cell.
    let dom = dump_dom(&browser, &url("sitemap.xml"));
    assert_eq!(texts(&dom, "h1"), ["Sitemap"]);
    // Said plainly, before anything else: this view is on its way out.
    assert_eq!(
        texts(&dom, "p")[0],
        "This view of the sitemap is for browsers that still run XSLT, which browsers are removing."
    );
    assert!(
        dom.contains("<time datetime=\"2024-05-01\" title=\"2024-05-01\">1 May 2024</time>"),
        "the machine value stays beside the date for people"
    );
    assert_eq!(texts(&dom, "caption"), ["Pages in this sitemap"]);
    assert_eq!(
        texts(&dom, "th"),
        [
            "Page",
            "Last modified",
            "Change frequency",
            "Priority",
            "Other languages"
        ]
    );
    let rows = texts(&dom, "tr");
    assert_eq!(
        rows[1..],
        [
            "https://example.org/ 1 May 2024 daily 1.0 en de",
            "https://example.org/about/ 1 May 2024",
            "https://example.org/blog/ 1 May 2024",
            "https://example.org/blog/first-post/ 1 May 2024",
            "https://example.org/blog/second-post/ 1 May 2024",
            "https://example.org/docs/guide/ 1 May 2024",
            "https://example.org/docs/guide/install/ 1 May 2024",
            "https://example.org/de/ 1 May 2024",
        ]
    );
    assert!(
        hrefs(&dom).contains(&"https://example.org/de/".to_owned()),
        "alternates are links"
    );

    // The index lists its sitemaps.
    let dom = dump_dom(&browser, &url("sitemap_index.xml"));
    assert_eq!(texts(&dom, "h1"), ["Sitemap index"]);
    assert_eq!(
        texts(&dom, "tr")[1..],
        [
            "https://example.org/sitemap.xml 1 May 2024",
            "https://example.org/blog/sitemap.xml"
        ]
    );

    // A sitemap with nothing but locs: one column, no made-up priority;
    // with sitemap.html written, the notice links to it.
    let dom = dump_dom(&browser, &url("bare.xml"));
    assert_eq!(texts(&dom, "th"), ["Page"]);
    assert_eq!(
        texts(&dom, "tr")[1..],
        ["https://example.org/", "https://example.org/about/"]
    );
    assert_eq!(
        texts(&dom, "p")[0],
        "This view of the sitemap is for browsers that still run XSLT, which browsers are removing. \
         The same pages, listed for people in any browser: sitemap.html."
    );
    assert!(hrefs(&dom).contains(&"sitemap.html".to_owned()));

    // A screenshot of the rendered table: a real PNG of the window size.
    let shot = root.join("sitemap.png");
    let png = browser.screenshot(&url("sitemap.xml"), (1024, 768), &shot);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!((width, height), (1024, 768));

    // The HTML page: headings by section, and every link a page of the
    // sitemap that the server really serves.
    let dom = dump_dom(&browser, &url("sitemap.html"));
    assert_eq!(texts(&dom, "h1"), ["Sitemap: Example"]);
    assert_eq!(texts(&dom, "h2"), ["Pages", "Blog", "Docs"]);
    let links = hrefs(&dom);
    let nav: Vec<&String> = links.iter().filter(|h| h.starts_with('#')).collect();
    assert_eq!(nav, ["#section-pages", "#section-blog", "#section-docs"]);
    let pages: Vec<&String> = links.iter().filter(|h| !h.starts_with('#')).collect();
    assert_eq!(pages.len(), site.entries.len());
    let locs: Vec<&str> = site.entries.iter().map(|e| e.loc.as_str()).collect();
    for href in pages {
        let loc = Loc::parse("https://example.org/")
            .unwrap()
            .join(href)
            .unwrap();
        assert!(locs.contains(&loc.as_str()), "{href} is not in the sitemap");
        let local = root
            .join(loc.as_str().trim_start_matches("https://example.org/"))
            .join("index.html");
        assert!(local.is_file(), "{href} does not resolve to a page");
        // Followed over HTTP (not a browser per link, to stay quick).
        let (status, body) = get(
            port,
            &format!(
                "/{}",
                loc.as_str().trim_start_matches("https://example.org/")
            ),
        );
        let title = &site.entries.iter().find(|e| e.loc == loc).unwrap().title;
        assert_eq!(status, "HTTP/1.1 200 OK", "{href}");
        assert_eq!(texts(&body, "h1"), [title.as_str()], "{href}");
    }
    assert!(dom.contains("Second &amp; last post"), "titles are escaped");
}
