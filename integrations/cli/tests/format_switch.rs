//! A format switch (`--gzip` on, then off, then on again) with `--robots`
//! leaves robots.txt naming only the file written last, the site's own
//! rules kept, and removes the file of the format left behind.

use std::fs;
use std::path::Path;

use crate::{sitemap, text};

fn scan(dir: &Path, extra: &[&str]) {
    let mut args = vec!["scan", "-q", "--robots", "--lastmod", "front-matter"];
    args.extend(extra);
    let out = sitemap(dir, &args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, dir));
}

#[test]
fn robots_txt_names_the_new_file_after_each_format_switch() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("content")).unwrap();
    fs::create_dir_all(root.join("public")).unwrap();
    fs::write(
        root.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::write(root.join("content/a.md"), "+++\n+++\nA\n").unwrap();
    let robots = root.join("public/robots.txt");
    fs::write(&robots, "User-agent: *\nDisallow: /private/\n").unwrap();
    let expect = |file: &str| {
        assert_eq!(
            fs::read_to_string(&robots).unwrap(),
            format!("User-agent: *\nDisallow: /private/\nSitemap: https://example.org/{file}\n"),
            "after writing {file}"
        );
        assert!(root.join("public").join(file).exists(), "{file}");
        let other = match file.strip_suffix(".gz") {
            Some(plain) => plain.to_owned(),
            None => format!("{file}.gz"),
        };
        assert!(
            !root.join("public").join(&other).exists(),
            "{other} left behind"
        );
    };
    scan(root, &["--gzip"]);
    expect("sitemap.xml.gz");
    scan(root, &[]);
    expect("sitemap.xml");
    scan(root, &["--gzip"]);
    expect("sitemap.xml.gz");
}
