//! Hugo's own sitemap in `public/`, made by the real `hugo` (Debian's
//! 0.111.3) from `examples/hugo-site`: what a scan does with it, and the
//! one warning it gives. Recorded from Hugo itself: it writes
//! `public/sitemap.xml` on every build (for the two languages of the
//! example, an index there plus `en/sitemap.xml` and `de/sitemap.xml`),
//! beginning `<?xml version="1.0" encoding="utf-8" standalone="yes"?>`,
//! and `disableKinds = ["sitemap"]` stops all three. The scan replaces
//! Hugo's root file (plain), or keeps it beside its own (`--gzip`: not
//! the tool's to remove), and says so once with Hugo's switch; an earlier
//! scan's own file, a set under another `filename`, and a Hugo with its
//! sitemap off get no warning.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::{copy_tree, example, sitemap, text};

/// The example site copied into a temporary folder, with Hugo's
/// `disableKinds` replaced by `kinds`.
fn hugo_site(kinds: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("hugo-site"), dir.path());
    let config = dir.path().join("hugo.toml");
    let toml = fs::read_to_string(&config).unwrap();
    let toml = toml.replace(
        "disableKinds = [\"RSS\"]",
        &format!("disableKinds = {kinds}"),
    );
    fs::write(&config, toml).unwrap();
    let _ = fs::remove_dir_all(dir.path().join("public"));
    dir
}

/// The real `hugo`, building `root` into `root/public` as users do.
fn hugo(root: &Path) {
    let out = Command::new("hugo")
        .args(["--quiet", "--source"])
        .arg(root)
        .output()
        .unwrap_or_else(|e| panic!("cannot run hugo ({e}); install it: apt-get install hugo"));
    assert!(
        out.status.success(),
        "hugo failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `sitemap scan` with lastmod from front matter (no git in a temporary
/// folder); returns stderr.
fn scan(root: &Path, extra: &[&str]) -> String {
    let mut args = vec!["scan", "--lastmod", "front-matter"];
    args.extend(extra);
    let out = sitemap(root, &args);
    let stderr = text(&out.stderr, root);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    stderr
}

const HUGO_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>";

const SUMMARY: &str = "sitemap: 14 files read as Hugo 0.111.3 (the built site's generator tag), 15 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 4 excluded (1 bundle resource, 1 by sitemap.toml:6 `exclude`, 1 draft, 1 headless), checked against 16 built pages; wrote public/sitemap.xml";

const LANGUAGES: &str = "; the language sitemaps Hugo's index listed stay, listed nowhere now: public/en/sitemap.xml, public/de/sitemap.xml (delete them once Hugo's is off)";

fn hugo_wrote(path: &Path) -> bool {
    fs::read_to_string(path).is_ok_and(|t| t.starts_with(HUGO_DECLARATION))
}

#[test]
fn a_plain_scan_replaces_hugos_sitemap_and_says_hugo_writes_it_again() {
    let dir = hugo_site("[\"RSS\"]");
    let root = dir.path();
    hugo(root);
    let public = root.join("public");
    // What Hugo wrote: its index and one sitemap per language.
    assert!(hugo_wrote(&public.join("sitemap.xml")));
    assert!(hugo_wrote(&public.join("en/sitemap.xml")));
    assert!(hugo_wrote(&public.join("de/sitemap.xml")));
    assert_eq!(
        scan(root, &[]),
        format!(
            "warning: public/sitemap.xml is Hugo's own sitemap, not written by this tool: this run replaced it, but Hugo writes it again on every build, so build with `hugo && sitemap scan`, and set `disableKinds = [\"sitemap\"]` in hugo.toml to stop Hugo writing its own (or give ours another `filename`){LANGUAGES}\n\
             {SUMMARY} and robots.txt, public/llms.txt, public/de/llms.txt\n"
        )
    );
    assert!(!hugo_wrote(&public.join("sitemap.xml")));
    sitemap_testkit::assert_all_valid(&public);
    // Our own file the next time: nothing to say.
    assert_eq!(
        scan(root, &[]),
        format!("{SUMMARY}; robots.txt already up to date, public/llms.txt, public/de/llms.txt\n")
    );
    // The next build puts Hugo's back, as the warning said.
    hugo(root);
    assert!(hugo_wrote(&public.join("sitemap.xml")));
}

/// A `--gzip` scan removed Hugo's `sitemap.xml` for its name alone
/// (`sitemap.xml.gz` is the set's name in another format): it is not the
/// tool's, so it is kept beside ours, once named with the fix.
#[test]
fn a_gzip_scan_keeps_hugos_sitemap_beside_ours_and_names_it_once() {
    let dir = hugo_site("[\"RSS\"]");
    let root = dir.path();
    hugo(root);
    let public = root.join("public");
    let hugos = fs::read(public.join("sitemap.xml")).unwrap();
    assert_eq!(
        scan(root, &["--gzip"]),
        format!(
            "warning: public/sitemap.xml is Hugo's own sitemap, not written by this tool: this run kept it beside sitemap.xml.gz (it is not this tool's to remove), so the site serves both; set `disableKinds = [\"sitemap\"]` in hugo.toml to stop Hugo writing its own, then delete it\n\
             {}.gz and robots.txt, public/llms.txt, public/de/llms.txt\n",
            SUMMARY
        )
    );
    assert_eq!(fs::read(public.join("sitemap.xml")).unwrap(), hugos);
    assert!(public.join("sitemap.xml.gz").exists());
    sitemap_testkit::assert_all_valid(&public);
    assert_eq!(
        fs::read_to_string(public.join("robots.txt")).unwrap(),
        "User-agent: *\nAllow: /\n\nSitemap: https://hugo-demo.example.org/sitemap.xml.gz\n"
    );
}

#[test]
fn hugos_sitemap_beside_ours_under_another_filename_is_left_alone_quietly() {
    let dir = hugo_site("[\"RSS\"]");
    let root = dir.path();
    hugo(root);
    let public = root.join("public");
    assert_eq!(
        scan(root, &["--filename", "pages.xml"]),
        "sitemap: 14 files read as Hugo 0.111.3 (the built site's generator tag), 15 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 4 excluded (1 bundle resource, 1 by sitemap.toml:6 `exclude`, 1 draft, 1 headless), checked against 16 built pages; wrote public/pages.xml and robots.txt, public/llms.txt, public/de/llms.txt\n"
    );
    assert!(hugo_wrote(&public.join("sitemap.xml")));
}

#[test]
fn with_hugos_sitemap_off_a_leftover_is_replaced_without_a_warning() {
    // An earlier build wrote Hugo's; `disableKinds` now stops it, and the
    // rebuild (Hugo does not empty `public/`) leaves the old file, which
    // the scan replaces for good.
    let dir = hugo_site("[\"RSS\"]");
    let root = dir.path();
    hugo(root);
    let config = root.join("hugo.toml");
    let toml = fs::read_to_string(&config).unwrap().replace(
        "disableKinds = [\"RSS\"]",
        "disableKinds = [\"RSS\", \"sitemap\"]",
    );
    fs::write(&config, toml).unwrap();
    hugo(root);
    let public = root.join("public");
    assert!(hugo_wrote(&public.join("sitemap.xml")), "Hugo left it");
    assert_eq!(
        scan(root, &[]),
        format!("{SUMMARY} and robots.txt, public/llms.txt, public/de/llms.txt\n")
    );
    hugo(root);
    assert!(!hugo_wrote(&public.join("sitemap.xml")));
}

#[test]
fn a_one_language_hugo_site_gets_the_warning_without_language_sitemaps() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(
        root.join("hugo.toml"),
        "baseURL = \"https://blog.example.org/\"\ntitle = \"Blog\"\ndisableKinds = [\"RSS\", \"taxonomy\", \"term\"]\n",
    )
    .unwrap();
    fs::create_dir_all(root.join("content/posts")).unwrap();
    fs::write(
        root.join("content/posts/hello.md"),
        "---\ntitle: Hello\ndate: 2024-05-01\n---\nHi\n",
    )
    .unwrap();
    fs::create_dir_all(root.join("layouts/_default")).unwrap();
    for name in ["single", "list"] {
        fs::write(
            root.join(format!("layouts/_default/{name}.html")),
            "<html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
        )
        .unwrap();
    }
    hugo(root);
    let hugos = fs::read_to_string(root.join("public/sitemap.xml")).unwrap();
    assert!(
        hugos.starts_with(HUGO_DECLARATION) && hugos.contains("<urlset"),
        "{hugos}"
    );
    assert_eq!(
        scan(root, &[]),
        "warning: public/sitemap.xml is Hugo's own sitemap, not written by this tool: this run replaced it, but Hugo writes it again on every build, so build with `hugo && sitemap scan`, and set `disableKinds = [\"sitemap\"]` in hugo.toml to stop Hugo writing its own (or give ours another `filename`)\n\
         sitemap: 1 files read as Hugo 0.111.3 (the built site's generator tag), 3 URLs, none excluded, checked against 3 built pages; wrote public/sitemap.xml\n"
    );
    sitemap_testkit::assert_all_valid(&root.join("public"));
}
