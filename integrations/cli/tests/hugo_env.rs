//! Hugo's settings from the environment (`HUGO_BASEURL`,
//! `HUGOxPARAMSxKEY`, …), as CI sets them beside `hugo`: the scan started
//! in the same environment lists what the real Hugo (the current one)
//! lists, and an error about a setting the environment gave names the
//! variable.

use std::fs;
use std::process::Command;

use sitemap_testkit::{Schema, assert_valid};

use crate::build_check::{current_hugo, locs, write};

const ENV: [(&str, &str); 6] = [
    ("HUGO_BASEURL", "https://env.example.org/docs/"),
    ("HUGO_UGLYURLS", "true"),
    ("HUGO_BUILDFUTURE", "true"),
    ("HUGO_CONTENTDIR", "pages"),
    ("HUGO_PUBLISHDIR", "out"),
    ("HUGOxPERMALINKSxPOSTS", "/p/:slug/"),
];

fn site(dir: &std::path::Path) {
    write(
        dir,
        &[
            (
                "hugo.toml",
                "baseURL = \"https://files.example.org/\"\nuglyURLs = false\n\
                 disableKinds = [\"rss\"]\n[permalinks]\nposts = \"/:year/:slug/\"\n",
            ),
            (
                "pages/posts/a.md",
                "---\ntitle: a\ndate: 2020-01-01\ntags: [x]\n---\n",
            ),
            (
                "pages/posts/later.md",
                "---\ntitle: later\ndate: 2099-01-01\n---\n",
            ),
            (
                "content/unread.md",
                "---\ntitle: not the content folder\n---\n",
            ),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
}

#[test]
fn the_environment_sets_what_hugo_reads_from_it() {
    let dir = tempfile::tempdir().unwrap();
    site(dir.path());
    let built = Command::new(current_hugo())
        .args(["--logLevel", "error", "--source"])
        .arg(dir.path())
        .env_remove("HUGO_ENVIRONMENT")
        .envs(ENV)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let sitemap = dir.path().join("out/sitemap.xml");
    let theirs = locs(&sitemap);
    // What Hugo 0.168.0 lists, so a Hugo that reads the environment
    // differently is noticed here too.
    assert_eq!(
        theirs,
        [
            "https://env.example.org/docs/categories/index.html",
            "https://env.example.org/docs/index.html",
            "https://env.example.org/docs/p/a.html",
            "https://env.example.org/docs/p/later.html",
            "https://env.example.org/docs/posts/index.html",
            "https://env.example.org/docs/tags/index.html",
            "https://env.example.org/docs/tags/x.html",
        ]
    );
    fs::remove_file(&sitemap).unwrap();

    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args([
            "scan",
            "--hugo-version",
            "0.168.0",
            "--lastmod",
            "front-matter",
        ])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .envs(ENV)
        .output()
        .unwrap();
    let stderr = crate::text(&out.stderr, dir.path());
    assert_eq!(
        (out.status.code(), stderr.as_str()),
        (
            Some(0),
            "sitemap: 2 files read as Hugo 0.168.0 (the hugo-version setting), 7 URLs, none excluded, checked against 7 built pages; wrote out/sitemap.xml\n"
        )
    );
    let mut ours = locs(&sitemap);
    ours.sort();
    assert_eq!(ours, theirs);
    assert_valid(
        &sitemap,
        Schema::for_document(&fs::read_to_string(&sitemap).unwrap()),
    );
}

#[test]
fn an_error_about_a_setting_from_the_environment_names_the_variable() {
    let dir = tempfile::tempdir().unwrap();
    site(dir.path());
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--hugo-version", "0.168.0", "--dry-run"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("HUGO_THEME", "missing")
        .output()
        .unwrap();
    assert_eq!(
        (out.status.code(), crate::text(&out.stderr, dir.path())),
        (
            Some(1),
            "error: $HUGO_THEME: theme `missing` is not in themes/, so Hugo refuses the site: \
             fetch it (`git submodule update --init` when it is a submodule), or remove it from \
             `theme`; a build given `--themesDir` reads another folder: set `HUGO_THEMESDIR` \
             instead, which the scan reads too\n"
                .to_owned()
        )
    );
}

/// A site whose configuration leaves `baseURL` empty, built in CI with
/// `hugo --baseURL …` (as GitHub Pages' starter workflow does; seen on
/// valeriogalano/podcast-feed-hugo): refused with a hint that names the
/// variable both read, and scanned once it is set.
#[test]
fn an_empty_base_url_points_at_hugo_baseurl() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "baseURL = \"\"\ndisableKinds = [\"taxonomy\", \"term\"]\n",
            ),
            ("content/a.md", "---\ntitle: a\n---\n"),
        ],
    );
    let scan = |base: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_sitemap"));
        command
            .args([
                "scan",
                "--hugo-version",
                "0.168.0",
                "--dry-run",
                "--lastmod",
                "front-matter",
            ])
            .current_dir(dir.path())
            .env("NO_COLOR", "1");
        if let Some(base) = base {
            command.env("HUGO_BASEURL", base);
        }
        let out = command.output().unwrap();
        (
            out.status.code(),
            crate::text(&out.stdout, dir.path()),
            crate::text(&out.stderr, dir.path()),
        )
    };
    let (code, stdout, stderr) = scan(None);
    assert_eq!(
        (code, stdout.as_str(), stderr.as_str()),
        (
            Some(1),
            "",
            "hugo.toml: error: no base URL: the site's configuration has no `baseURL`\n  \
             hint: set `baseURL` in hugo.toml, `base-url` in sitemap.toml, or pass --base-url \
             https://example.org/; where the build passes `hugo --baseURL`, set `HUGO_BASEURL` \
             for both instead\n"
        )
    );
    let (code, stdout, _) = scan(Some("https://pods.example.org/"));
    assert_eq!(
        (code, stdout.as_str()),
        (
            Some(0),
            "https://pods.example.org/\nhttps://pods.example.org/a/\tsource=content/a.md\n"
        )
    );
}
