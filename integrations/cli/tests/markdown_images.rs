//! `--images` on Zola and Hugo content trees: the whole written sitemap,
//! valid against the image extension's schema, and every image it lists
//! on the site's host is a file the real generator wrote.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use sitemap_testkit::{Schema, assert_valid};

use super::{pin_mtimes, sitemap, text};

fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, body) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, body).unwrap();
    }
}

/// Bundles, a section's own assets, site-absolute, an allowed and a
/// refused host, `data:`, repeats, a shortcode, code, raw HTML, a cover
/// under `image-keys` and a page with `images = false`.
const ZOLA_SITE: &[(&str, &str)] = &[
    ("zola.toml", "base_url = \"https://example.org\"\n"),
    ("templates/index.html", "{{ section.content | safe }}"),
    ("templates/section.html", "{{ section.content | safe }}"),
    ("templates/page.html", "{{ page.content | safe }}"),
    (
        "templates/shortcodes/figure.html",
        "<img src=\"{{ src }}\">",
    ),
    ("static/img/logo.png", "png"),
    ("static/img/diagram.svg", "svg"),
    ("content/_index.md", "+++\n+++\n![logo](/img/logo.png)\n"),
    (
        "content/blog/_index.md",
        "+++\ntitle = \"Blog\"\n+++\n![banner](banner.jpg \"The banner\")\n",
    ),
    ("content/blog/banner.jpg", "jpg"),
    (
        "content/blog/post/index.md",
        "+++\ntitle = \"Post\"\n[extra]\ncover = \"cover.jpg\"\n+++\n\
         ![cat](cat.png) and again ![cat][c]\n\n\
         | a | b |\n|---|---|\n| ![in a table](table.png) | x |\n\n\
         ![cdn](https://media.cdn.example.net/big.jpg)\n\
         ![badge](https://img.shields.io/badge.svg)\n\
         ![inline](data:image/png;base64,AAAA)\n\n\
         {{ figure(src=\"/img/logo.png\") }}\n\n\
         ```\n![not an image](/nope.png)\n```\n\n\
         [c]: cat.png\n",
    ),
    ("content/blog/post/cat.png", "png"),
    ("content/blog/post/cover.jpg", "jpg"),
    ("content/blog/post/table.png", "png"),
    (
        "content/blog/diagram.md",
        "+++\ntitle = \"Diagram\"\n+++\n<figure>\n<img src=\"/img/diagram.svg\" alt=\"D\">\n</figure>\n",
    ),
    (
        "content/blog/quiet.md",
        "+++\ntitle = \"Quiet\"\n[extra.sitemap]\nimages = false\n+++\n![logo](/img/logo.png)\n",
    ),
];

/// The same kinds of case as Hugo writes them: a leaf bundle's page
/// resources, a branch bundle's, `images` front matter (relative to the
/// base URL), raw HTML with `unsafe` on, shortcodes.
const HUGO_SITE: &[(&str, &str)] = &[
    (
        "hugo.toml",
        "baseURL = \"https://example.org/\"\ndisableKinds = [\"RSS\"]\n\
         [markup.goldmark.renderer]\nunsafe = true\n",
    ),
    ("layouts/_default/single.html", "{{ .Content }}"),
    ("layouts/_default/list.html", "{{ .Content }}"),
    ("layouts/index.html", "{{ .Content }}"),
    ("layouts/shortcodes/pic.html", "<img src=\"{{ .Get 0 }}\">"),
    ("static/img/logo.png", "png"),
    ("static/img/share.png", "png"),
    (
        "content/_index.md",
        "---\ntitle: Home\n---\n![logo](/img/logo.png)\n",
    ),
    (
        "content/posts/_index.md",
        "---\ntitle: Posts\n---\n![head](header.jpg)\n",
    ),
    ("content/posts/header.jpg", "jpg"),
    (
        "content/posts/trip/index.md",
        "---\ntitle: Trip\nimages: [img/share.png]\n---\n\
         ![beach](beach.jpg) ![beach](beach.jpg)\n\n\
         <img src=\"sunset.jpg\" srcset=\"sunset.jpg 1x, sunset-2x.jpg 2x\">\n\n\
         {{< pic \"beach.jpg\" >}}\n\n\
         ![cdn](https://media.cdn.example.net/big.jpg) ![other](https://other.example.com/x.png)\n\n\
         `![code](/nope.png)`\n",
    ),
    ("content/posts/trip/beach.jpg", "jpg"),
    ("content/posts/trip/sunset.jpg", "jpg"),
    ("content/posts/trip/sunset-2x.jpg", "jpg"),
    (
        "content/posts/plain.md",
        "---\ntitle: Plain\nimages: /img/logo.png\nsitemap:\n  images: false\n---\nText\n",
    ),
];

fn scan_images(root: &Path, extra: &[&str]) -> (String, String) {
    pin_mtimes(root);
    let out_dir = root.join("out");
    let mut args = vec![
        "scan",
        ".",
        "--lastmod",
        "front-matter",
        "--out",
        "out",
        "--image-hosts",
        "*.cdn.example.net",
    ];
    args.extend_from_slice(extra);
    let out = sitemap(root, &args);
    assert!(out.status.success(), "{}", text(&out.stderr, root));
    let xml_path = out_dir.join("sitemap.xml");
    let xml = fs::read_to_string(&xml_path).unwrap();
    assert_valid(&xml_path, Schema::UrlsetWithExtensions);
    (xml, text(&out.stderr, root))
}

/// Every `<image:loc>` on the site's host, as a path below `public`.
fn site_images(xml: &str) -> Vec<String> {
    xml.split("<image:loc>")
        .skip(1)
        .filter_map(|s| s.split("</image:loc>").next())
        .filter_map(|loc| loc.strip_prefix("https://example.org/"))
        .map(str::to_owned)
        .collect()
}

fn assert_published(xml: &str, public: &Path) {
    let images = site_images(xml);
    assert!(!images.is_empty());
    let missing: Vec<&String> = images
        .iter()
        .filter(|p| !public.join(p).is_file())
        .collect();
    assert!(
        missing.is_empty(),
        "listed but not published by the generator: {missing:?}"
    );
}

/// What zola 0.22.1 published for [`ZOLA_SITE`]: CI has no zola (it is
/// not in the crate registry, and building it takes ten minutes), so the
/// real build's file list is recorded in the repository, with a digest of
/// the site it was made from so that it cannot go stale silently. To
/// record it again: `SITEMAP_RECORD_ZOLA=/path/to/zola cargo test -p
/// sitemap-cli --test tests zola_site_images`.
fn recorded_zola_build() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/images/zola-published.txt")
}

/// FNV-1a over the site's paths and contents: stable across Rust
/// releases, unlike `DefaultHasher`.
fn digest(files: &[(&str, &str)]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, body) in files {
        for b in path.bytes().chain([0]).chain(body.bytes()).chain([0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// Builds `site` with the zola named by `SITEMAP_RECORD_ZOLA` and records
/// the files it published.
fn record_zola_build(site: &Path, zola: &std::ffi::OsStr) {
    let out = Command::new(zola)
        .args(["build", "--output-dir", "public"])
        .current_dir(site)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let version = Command::new(zola).arg("--version").output().unwrap();
    let mut text = format!(
        "# {}: `zola build` of ZOLA_SITE (integrations/cli/tests/markdown_images.rs), files published\n# site digest {}\n",
        String::from_utf8_lossy(&version.stdout).trim(),
        digest(ZOLA_SITE)
    );
    for file in sitemap_testkit::list_files(&site.join("public")) {
        text.push_str(&file);
        text.push('\n');
    }
    fs::create_dir_all(recorded_zola_build().parent().unwrap()).unwrap();
    fs::write(recorded_zola_build(), text).unwrap();
}

#[test]
fn zola_site_images_are_the_files_zola_publishes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ZOLA_SITE);
    let (xml, stderr) = scan_images(dir.path(), &["--images", "--image-keys", "extra.cover"]);
    insta::assert_snapshot!("zola_sitemap", xml);
    insta::assert_snapshot!("zola_summary", stderr);
    if let Some(zola) = std::env::var_os("SITEMAP_RECORD_ZOLA") {
        record_zola_build(dir.path(), &zola);
    }
    let recorded = fs::read_to_string(recorded_zola_build()).unwrap();
    assert!(
        recorded.contains(&format!("# site digest {}\n", digest(ZOLA_SITE))),
        "ZOLA_SITE changed since its zola build was recorded: record it again (see recorded_zola_build)"
    );
    let published: std::collections::BTreeSet<&str> =
        recorded.lines().filter(|l| !l.starts_with('#')).collect();
    let missing: Vec<String> = site_images(&xml)
        .into_iter()
        .filter(|p| !published.contains(p.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "listed but not published by zola: {missing:?}"
    );
}

#[test]
fn hugo_site_images_are_the_files_hugo_publishes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), HUGO_SITE);
    let (xml, stderr) = scan_images(dir.path(), &["--images"]);
    insta::assert_snapshot!("hugo_sitemap", xml);
    insta::assert_snapshot!("hugo_summary", stderr);
    let out = Command::new("hugo")
        .args(["--quiet", "--destination", "public"])
        .current_dir(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("cannot run hugo ({e}); install it: apt-get install hugo"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_published(&xml, &dir.path().join("public"));
}

/// Without `--images` nothing is read past the front matter and the
/// sitemap has no image namespace.
#[test]
fn without_images_the_sitemap_has_none() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ZOLA_SITE);
    let (xml, _) = scan_images(dir.path(), &[]);
    assert!(!xml.contains("image"), "{xml}");
    let (with, _) = scan_images(dir.path(), &["--images", "--no-images"]);
    assert_eq!(with, xml);
}

/// A front matter image key of the wrong type names the file, the line
/// and the key.
#[test]
fn an_image_key_of_the_wrong_type_is_an_error_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ZOLA_SITE);
    write(
        dir.path(),
        &[(
            "content/blog/bad.md",
            "+++\ntitle = \"Bad\"\n[extra]\ncover = 3\n+++\n",
        )],
    );
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            ".",
            "--images",
            "--image-keys",
            "extra.cover",
            "--dry-run",
        ],
    );
    assert!(!out.status.success());
    insta::assert_snapshot!("wrong_type", text(&out.stderr, dir.path()));
}
