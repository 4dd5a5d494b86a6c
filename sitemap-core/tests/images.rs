//! Google's image extension in the writers: the namespace declared only
//! where used, at most 1,000 images an entry (and the cut reported),
//! image bytes counted towards the byte limit, JSON in both shapes.

use sitemap_core::{
    Image, Limits, MAX_IMAGES_PER_URL, SetOptions, SetWriter, Url, XmlOptions, XmlWriter,
};

use crate::common::{Entry, assert_xml_valid, dump_dir, parse_urlset, url};

fn image(loc: &str) -> Image {
    Image::new(loc.parse().unwrap())
}

fn with_images(u: Url, locs: &[&str]) -> Url {
    locs.iter().fold(u, |u, l| u.with_image(image(l)))
}

/// Writes, checks the predicted sizes, validates and parses back.
fn write(urls: &[Url], options: XmlOptions) -> String {
    let mut writer = XmlWriter::new(Vec::new(), options);
    let mut predicted = 0;
    for u in urls {
        predicted += writer.encoded_len(u);
        writer.write(u).unwrap();
    }
    predicted += writer.closing_len();
    let out = writer.finish().unwrap();
    assert_eq!(
        out.len() as u64,
        predicted,
        "encoded_len is exact with images"
    );
    assert_xml_valid(&out);
    let xml = String::from_utf8(out).unwrap();
    let expected: Vec<Entry> = urls.iter().map(Entry::expected).collect();
    assert_eq!(parse_urlset(&xml), expected);
    xml
}

#[test]
fn images_on_the_first_entry_declare_the_prefix_on_the_root() {
    let urls = [
        with_images(
            url("https://example.org/gallery/"),
            &[
                "https://example.org/gallery/dawn.jpg",
                "https://cdn.example.net/a?w=1&h=2",
            ],
        ),
        url("https://example.org/plain/"),
    ];
    insta::assert_snapshot!("urlset_images_first", write(&urls, XmlOptions::default()));
}

#[test]
fn images_on_a_later_entry_declare_the_prefix_where_used() {
    let urls = [
        url("https://example.org/"),
        with_images(
            url("https://example.org/gallery/"),
            &["https://example.org/gallery/dawn.jpg"],
        ),
    ];
    let xml = write(&urls, XmlOptions::default());
    assert!(xml.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"));
    insta::assert_snapshot!("urlset_images_later", xml);
    let declared = write(&urls, XmlOptions::default().with_declare_image(true));
    assert!(
        declared.contains("xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n")
    );
    assert_eq!(declared.matches("xmlns:image").count(), 1, "{declared}");
}

#[test]
fn a_sitemap_without_images_says_nothing_of_them() {
    let xml = write(&[url("https://example.org/")], XmlOptions::default());
    assert!(!xml.contains("image"), "{xml}");
}

#[test]
fn past_1000_images_the_set_writes_1000_and_reports_the_cut() {
    let dir = tempfile::tempdir().unwrap();
    let many: Vec<String> = (0..1_003)
        .map(|i| format!("https://example.org/docs/p/{i}.png"))
        .collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let urls = [
        with_images(url("https://example.org/docs/p/"), &many),
        with_images(
            url("https://example.org/docs/q/"),
            &["https://example.org/docs/q/1.png"],
        ),
    ];
    let options = SetOptions::new(dir.path(), "https://example.org/docs/".parse().unwrap());
    let report = SetWriter::new(options).unwrap().write_all(&urls).unwrap();
    sitemap_testkit::assert_all_valid(dir.path());
    assert_eq!(report.images, MAX_IMAGES_PER_URL as u64 + 1);
    assert_eq!(report.images_cut, 3);
    assert_eq!(report.cut.len(), 1);
    assert_eq!(report.cut[0].loc.as_str(), "https://example.org/docs/p/");
    assert_eq!(report.cut[0].found, 1_003);
    let xml = std::fs::read_to_string(dir.path().join("sitemap.xml")).unwrap();
    let back = parse_urlset(&xml);
    assert_eq!(back[0].images.len(), MAX_IMAGES_PER_URL);
    assert_eq!(back[0].images[999], "https://example.org/docs/p/999.png");
    // What we write, our own validator passes too.
    let v = sitemap_core::validate::validate(xml.as_bytes(), &Default::default()).unwrap();
    assert!(v.is_valid(), "{:?}", v.diagnostics);
}

#[test]
fn image_bytes_count_towards_the_byte_limit() {
    let base = "https://example.org/docs/";
    let imgs: Vec<String> = (0..20)
        .map(|i| format!("{base}img/{i}-{}.png", "x".repeat(100)))
        .collect();
    let imgs: Vec<&str> = imgs.iter().map(String::as_str).collect();
    let urls: Vec<Url> = (0..6)
        .map(|i| with_images(url(&format!("{base}{i}/")), &imgs))
        .collect();
    // Exactly two entries' file: without counting the images, all six
    // would fit in it.
    let two = {
        let mut w = XmlWriter::new(Vec::new(), XmlOptions::default());
        w.write(&urls[0]).unwrap();
        w.write(&urls[1]).unwrap();
        w.finish().unwrap().len() as u64
    };
    let dir = tempfile::tempdir().unwrap();
    let options = SetOptions::new(dir.path(), base.parse().unwrap())
        .with_limits(Limits::LEGACY.with_max_bytes(two));
    let report = SetWriter::new(options).unwrap().write_all(&urls).unwrap();
    sitemap_testkit::assert_all_valid(dir.path());
    let counts: Vec<u64> = report.sitemaps.iter().map(|s| s.urls).collect();
    assert_eq!(counts, [2, 2, 2]);
    for file in &report.sitemaps {
        assert_eq!(file.bytes, two);
        assert_eq!(std::fs::metadata(&file.path).unwrap().len(), two);
    }
}

#[test]
fn a_later_part_declares_the_prefix_on_its_own_root() {
    let dir = tempfile::tempdir().unwrap();
    let urls = [
        url("https://example.org/docs/a/"),
        url("https://example.org/docs/b/"),
        with_images(
            url("https://example.org/docs/c/"),
            &["https://example.org/docs/c/1.png"],
        ),
        url("https://example.org/docs/d/"),
    ];
    let options = SetOptions::new(dir.path(), "https://example.org/docs/".parse().unwrap())
        .with_limits(Limits::LEGACY.with_max_urls(2));
    SetWriter::new(options).unwrap().write_all(&urls).unwrap();
    sitemap_testkit::assert_all_valid(dir.path());
    insta::assert_snapshot!("set_images_later_part", dump_dir(dir.path()));
}

#[test]
fn text_sitemaps_carry_no_images() {
    let dir = tempfile::tempdir().unwrap();
    let urls = [with_images(
        url("https://example.org/docs/a/"),
        &["https://example.org/docs/a/1.png"],
    )];
    let options = SetOptions::new(dir.path(), "https://example.org/docs/".parse().unwrap())
        .with_format(sitemap_core::Format::Text);
    let report = SetWriter::new(options).unwrap().write_all(&urls).unwrap();
    assert_eq!(report.images, 0);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("sitemap.txt")).unwrap(),
        "https://example.org/docs/a/\n"
    );
}

#[test]
fn json_images_are_urls_or_tables() {
    let u: Url = serde_json::from_str(
        r#"{"loc":"https://example.org/a/","images":["https://example.org/a/1.png",{"loc":"https://example.org/a/2.png"}]}"#,
    )
    .unwrap();
    let locs: Vec<&str> = u.images.iter().map(|i| i.loc.as_str()).collect();
    assert_eq!(
        locs,
        ["https://example.org/a/1.png", "https://example.org/a/2.png"]
    );
    let err =
        serde_json::from_str::<Url>(r#"{"loc":"https://example.org/a/","images":["/a/1.png"]}"#)
            .unwrap_err()
            .to_string();
    assert!(err.starts_with("loc `/a/1.png`"), "{err}");
    // Written back in the short shape.
    assert_eq!(
        serde_json::to_string(&u.images[0]).unwrap(),
        r#"{"loc":"https://example.org/a/1.png"}"#
    );
}
