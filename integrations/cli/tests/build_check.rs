//! The build check: a source scan after the generator's build is checked
//! against the site it built, each case built with the real Hugo (the
//! current one from `cargo xtask setup`, for content adapters, which
//! Hugo 0.111.3 does not have). The whole report is asserted.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The current Hugo that `cargo xtask setup` installs:
/// `target/tools/hugo-current/lib/python3.*/site-packages/hugo/binaries/hugo`.
pub(crate) fn current_hugo() -> PathBuf {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/tools/hugo-current/lib");
    fs::read_dir(&lib)
        .ok()
        .into_iter()
        .flatten()
        .filter_map(|e| Some(e.ok()?.path().join("site-packages/hugo/binaries/hugo")))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "no current Hugo under {}: run `cargo xtask setup`",
                lib.display()
            )
        })
}

pub(crate) fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

pub(crate) fn hugo(hugo: &Path, root: &Path) {
    hugo_with(hugo, root, &[]);
}

/// Builds the site at `root` with `hugo` and the flags `args` (`-D`,
/// `--environment staging`), quietly, as the user's shell would (no
/// `HUGO_ENVIRONMENT` of ours).
pub(crate) fn hugo_with(hugo: &Path, root: &Path, args: &[&str]) {
    let out = Command::new(hugo)
        .arg("--quiet")
        .args(args)
        .arg("--source")
        .arg(root)
        .env_remove("HUGO_ENVIRONMENT")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn scan(root: &Path, args: &[&str]) -> (Option<i32>, String, Vec<String>) {
    let mut all = vec!["scan", "--dry-run", "--lastmod", "front-matter"];
    all.extend(args);
    let out = crate::sitemap(root, &all);
    let locs = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect();
    (out.status.code(), crate::text(&out.stderr, root), locs)
}

/// Hugo's own sitemap's `<loc>`s, sorted.
fn hugo_locs(root: &Path) -> Vec<String> {
    locs(&root.join("public/sitemap.xml"))
}

/// A sitemap file's `<loc>`s, sorted.
pub(crate) fn locs(file: &Path) -> Vec<String> {
    let xml = fs::read_to_string(file).unwrap();
    let mut locs: Vec<String> = xml
        .split("<loc>")
        .skip(1)
        .map(|s| s[..s.find("</loc>").unwrap()].to_owned())
        .collect();
    locs.sort();
    locs
}

const CONFIG: (&str, &str) = (
    "hugo.toml",
    "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n",
);

#[test]
fn nothing_built_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[CONFIG, ("content/a.md", "---\ntitle: a\n---\n")],
    );
    let (code, stderr, _) = scan(dir.path(), &["--hugo-version", "0.168.0"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "public/: warning: no built page, so the sitemap is not checked against the site; run \
         `hugo` first, then the scan\n\
         sitemap: 1 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, none excluded; dry run, nothing written\n"
    );
}

/// A build without templates (a theme submodule never fetched): the real
/// Hugo writes its feeds and its sitemap, and no page. Every listed URL
/// would be a 404, which is said, and a scan run before any build (only
/// this tool's own files in the folder) is still told to build first.
#[test]
fn a_build_without_pages_is_named_as_serving_none_of_the_urls() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\ntheme = \"empty\"\n\
                 disableKinds = [\"taxonomy\", \"term\"]\n",
            ),
            ("content/posts/a.md", "---\ntitle: a\n---\n"),
        ],
    );
    fs::create_dir_all(dir.path().join("themes/empty")).unwrap();
    // Only what a scan writes: not a build.
    fs::create_dir_all(dir.path().join("public")).unwrap();
    fs::write(dir.path().join("public/robots.txt"), "").unwrap();
    let (code, stderr, _) = scan(dir.path(), &["--hugo-version", "0.168.0"]);
    assert_eq!(code, Some(0));
    assert!(
        stderr.starts_with("public/: warning: no built page, so the sitemap is not checked"),
        "{stderr}"
    );
    hugo(&current_hugo(), dir.path());
    assert!(dir.path().join("public/index.xml").is_file());
    let (code, stderr, _) = scan(dir.path(), &["--hugo-version", "0.168.0"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "public/: warning: the build wrote no HTML page, only other files such as index.xml, so \
         none of the 3 listed URL(s) is served, and the sitemap is not checked against the site: \
         its templates are missing (a theme folder left empty? `git submodule update --init`); \
         once `hugo` builds the pages, run the scan again\n\
         sitemap: 1 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none excluded; dry run, nothing written\n"
    );
}

#[test]
fn a_build_older_than_a_source_is_named_not_used() {
    // A stale build that still agrees with the scan says nothing: only a
    // difference asks when the build was made.
    let dir = tempfile::tempdir().unwrap();
    // Hugo 0.111.3 writes no page without a template for it.
    write(
        dir.path(),
        &[
            CONFIG,
            ("content/a.md", "---\ntitle: a\n---\n"),
            (
                "layouts/_default/single.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
            (
                "layouts/_default/list.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(Path::new("hugo"), dir.path());
    // A page added after the build (a minute from now): the build does
    // not have it, and is not taken to mean the scan is wrong.
    write(dir.path(), &[("content/b.md", "---\ntitle: b\n---\n")]);
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
    fs::File::options()
        .write(true)
        .open(dir.path().join("content/b.md"))
        .unwrap()
        .set_modified(later)
        .unwrap();
    let (code, stderr, _) = scan(dir.path(), &["--hugo-version", "0.111.3", "--strict"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "public/: warning: built before content/b.md changed, so the sitemap is not checked \
         against it; run `hugo` again, then the scan\n\
         sitemap: 2 files read as Hugo 0.111.3 (the hugo-version setting), 3 URLs, none excluded; dry run, nothing written\n"
    );
}

#[test]
fn a_content_adapters_pages_are_listed_from_the_build() {
    let dir = tempfile::tempdir().unwrap();
    let adapter = "{{ range $i := seq 3 }}\n  {{ $.AddPage (dict \"path\" (printf \"item-%d\" $i) \"title\" (printf \"Item %d\" $i) \"kind\" \"page\") }}\n{{ end }}\n";
    write(
        dir.path(),
        &[
            CONFIG,
            ("content/a.md", "---\ntitle: a\n---\n"),
            ("content/news/_index.md", "---\ntitle: News\n---\n"),
            ("content/news/_content.gotmpl", adapter),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    let (code, stderr, _) = scan(dir.path(), &["--hugo-version", "0.168.0"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "public/: warning: no built page, so the sitemap is not checked against the site; run \
         `hugo` first, then the scan\n\
         content/news/_content.gotmpl: warning: a content adapter, whose template makes pages \
         from data: this scan cannot run it, so its pages are missing; run `hugo` first, and \
         the scan lists them from the build\n\
         sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none excluded; dry run, nothing written\n"
    );
    hugo(&current_hugo(), dir.path());
    let (code, stderr, mut locs) = scan(dir.path(), &["--hugo-version", "0.168.0", "--strict"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "content/news/_content.gotmpl: warning: a content adapter: 3 page(s) it made listed \
         from the site built in public/\n\
         sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 6 URLs, none excluded, checked against 6 built pages; dry run, nothing written\n"
    );
    locs.sort();
    assert_eq!(locs, hugo_locs(dir.path()));
}

/// A language's own `outputFormats` (a format's `path` moving its
/// pages) was a setting the scan named and did not read, and the build
/// check found its differences; it is read now as Hugo reads it, so the
/// scan equals Hugo's sitemap and `--strict` passes.
#[test]
fn a_languages_own_output_formats_move_its_pages_as_hugo_moves_them() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
                 [languages.en]\nweight = 1\n[languages.sv]\nweight = 2\n\
                 [languages.sv.outputFormats.html]\npath = \"foo\"\n",
            ),
            ("content/café.sv.md", "---\ntitle: café\n---\n"),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(&current_hugo(), dir.path());
    // Hugo puts the format's path in every Swedish URL.
    assert!(dir.path().join("public/sv/foo/café/index.html").is_file());
    let summary = "sitemap: 1 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none \
                   excluded, checked against 3 built pages; dry run, nothing written\n";
    for args in [
        &["--hugo-version", "0.168.0"][..],
        &["--hugo-version", "0.168.0", "--strict"],
    ] {
        let (code, stderr, mut ours) = scan(dir.path(), args);
        assert_eq!((code, stderr.as_str()), (Some(0), summary), "{args:?}");
        ours.sort();
        // Hugo's index names a sitemap per language.
        let mut hugo: Vec<String> = ["en", "sv"]
            .iter()
            .flat_map(|lang| locs(&dir.path().join(format!("public/{lang}/sitemap.xml"))))
            .collect();
        hugo.sort();
        assert_eq!(ours, hugo);
    }
}

/// `--html` with `--html-source`: the source front matter of each built
/// page decides its listing as the source scan does (`sitemap.disable`,
/// Hugo's `build.list`), so the built-HTML scan equals Hugo's sitemap.
#[test]
fn html_source_front_matter_leaves_out_what_the_generator_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let layout = "<html><head><title>{{ .Title }}</title></head></html>\n";
    write(
        dir.path(),
        &[
            CONFIG,
            ("content/blog/a.md", "---\ntitle: a\n---\n"),
            (
                "content/blog/b.md",
                "---\ntitle: b\nsitemap:\n  disable: true\n---\n",
            ),
            (
                "content/blog/c.md",
                "---\ntitle: c\nbuild:\n  list: never\n---\n",
            ),
            ("layouts/_default/single.html", layout),
            ("layouts/_default/list.html", layout),
        ],
    );
    hugo(&current_hugo(), dir.path());
    let args = [
        "--html",
        "public",
        "--html-source",
        "content",
        "--base-url",
        "https://example.org/",
        "-v",
    ];
    let (code, stderr, mut locs) = scan(dir.path(), &args);
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "left out: blog/b/index.html: sitemap disabled by `sitemap.disable`\n\
         left out: blog/c/index.html: not rendered (`build.list`)\n\
         sitemap: 5 files read, 3 URLs, 2 excluded (1 build options, 1 sitemap disabled); dry \
         run, nothing written\n"
    );
    locs.sort();
    assert_eq!(locs, hugo_locs(dir.path()));
}

/// Built pages the scan leaves out on purpose (`sitemap.disable` on a
/// page and a section, `build.list: never`) are never reported as
/// missing: the check knows their URLs.
#[test]
fn pages_left_out_on_purpose_are_not_differences() {
    let dir = tempfile::tempdir().unwrap();
    let layout = "<html><head><title>{{ .Title }}</title></head></html>\n";
    write(
        dir.path(),
        &[
            CONFIG,
            (
                "content/blog/_index.md",
                "---\ntitle: d\nsitemap:\n  disable: true\n---\n",
            ),
            ("content/blog/a.md", "---\ntitle: a\n---\n"),
            (
                "content/blog/b.md",
                "---\ntitle: b\nsitemap:\n  disable: true\n---\n",
            ),
            (
                "content/blog/c.md",
                "---\ntitle: c\nbuild:\n  list: never\n---\n",
            ),
            ("layouts/_default/single.html", layout),
            ("layouts/_default/list.html", layout),
        ],
    );
    hugo(&current_hugo(), dir.path());
    let (code, stderr, mut locs) = scan(dir.path(), &["--hugo-version", "0.168.0", "--strict"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "sitemap: 4 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, 3 excluded (1 build options, 2 sitemap.disable), checked against 5 built pages; dry \
         run, nothing written\n"
    );
    locs.sort();
    assert_eq!(locs, hugo_locs(dir.path()));
}

/// A cascade the scan did not read as the build read it: the site was
/// built in the `staging` environment, whose cascade hides `/drafts/`,
/// and the scan ran in production. The listed URL with no built page is
/// named; scanned in the build's environment (`HUGO_ENVIRONMENT`, as
/// `hugo` reads it), the sitemap is Hugo's.
#[test]
fn a_cascade_the_scan_did_not_read_as_built_is_named() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
                 [[cascade]]\n[cascade.build]\nrender = \"never\"\nlist = \"never\"\n\
                 [cascade.target]\npath = \"/drafts/**\"\nenvironment = \"staging\"\n",
            ),
            ("content/drafts/d.md", "---\ntitle: d\n---\n"),
            ("content/blog/b.md", "---\ntitle: b\n---\n"),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo_with(&current_hugo(), dir.path(), &["--environment", "staging"]);

    let (code, stderr, _) = scan(dir.path(), &["--hugo-version", "0.168.0"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "public/: warning: 1 listed URL(s) with no built page: https://example.org/drafts/d/\n\
             sitemap: 2 files read as Hugo 0.168.0 (the hugo-version setting), 5 URLs, none excluded, checked against 4 built pages; dry run, nothing written\n"
        )
    );

    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args([
            "scan",
            "--dry-run",
            "--lastmod",
            "front-matter",
            "--hugo-version",
            "0.168.0",
        ])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("HUGO_ENVIRONMENT", "staging")
        .output()
        .unwrap();
    assert_eq!(
        crate::text(&out.stderr, dir.path()),
        "sitemap: 2 files read as Hugo 0.168.0 (the hugo-version setting), 4 URLs, 1 excluded (1 build options), checked against 4 built pages; dry run, nothing written\n"
    );
    let mut locs: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect();
    locs.sort();
    assert_eq!(locs, hugo_locs(dir.path()));
}

/// Hugo's pagers (`posts/page/2/`, here in the site's own pager folder
/// `seite`) are built pages no sitemap lists on purpose: the check says
/// nothing of them.
#[test]
fn hugo_pagers_are_not_differences() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            // A site's own pager folder, as `pagination.path` names it.
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
                 [pagination]\npagerSize = 1\npath = \"seite\"\n",
            ),
            ("content/posts/a.md", "---\ntitle: a\n---\n"),
            ("content/posts/b.md", "---\ntitle: b\n---\n"),
            ("content/posts/c.md", "---\ntitle: c\n---\n"),
            (
                "layouts/list.html",
                "<html><head><title>{{ .Title }}</title></head><body>{{ range .Paginator.Pages }}{{ .Title }}{{ end }}</body></html>\n",
            ),
            (
                "layouts/single.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(&current_hugo(), dir.path());
    assert!(dir.path().join("public/posts/seite/3/index.html").is_file());
    let (code, stderr, mut locs) = scan(dir.path(), &["--hugo-version", "0.168.0"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 5 URLs, none excluded, checked against 5 built pages; dry run, nothing written\n"
        )
    );
    locs.sort();
    assert_eq!(locs, hugo_locs(dir.path()));
}

/// HTML files Hugo copies from `static/` (a verification file, a CMS's
/// admin page) are no pages Hugo lists, and the scan leaves them out on
/// purpose: the check says nothing of them, as it says of a page the
/// scan misses.
#[test]
fn files_copied_from_static_are_not_differences() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n",
            ),
            ("content/posts/a.md", "---\ntitle: a\n---\n"),
            (
                "static/google0123456789abcdef.html",
                "google-site-verification: google0123456789abcdef.html\n",
            ),
            (
                "static/admin/index.html",
                "<html><head><title>Admin</title></head><body></body></html>\n",
            ),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(&current_hugo(), dir.path());
    assert!(dir.path().join("public/admin/index.html").is_file());
    let (code, stderr, mut locs) = scan(dir.path(), &["--hugo-version", "0.168.0"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "sitemap: 1 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none excluded, checked against 3 built pages; dry run, nothing written\n"
        )
    );
    locs.sort();
    assert_eq!(locs, hugo_locs(dir.path()));
}

/// A regular page's folder the walk passes by can hold other pages: a
/// page whose `url` is a folder (`/docs/`) above pages that `uglyURLs`
/// writes as files (`docs/sub/page.html`). The check took those for
/// missing ("listed URL with no built page"); they are looked for below
/// the folder at any depth.
#[test]
fn pages_below_a_regular_pages_folder_are_found() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\nuglyURLs = true\n\
                 disableKinds = [\"rss\", \"section\", \"taxonomy\", \"term\"]\n",
            ),
            ("content/about.md", "---\ntitle: about\nurl: /docs/\n---\n"),
            ("content/docs/sub/page.md", "---\ntitle: page\n---\n"),
            ("content/docs/sub/deeper/more.md", "---\ntitle: more\n---\n"),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(&current_hugo(), dir.path());
    assert!(
        dir.path()
            .join("public/docs/sub/deeper/more.html")
            .is_file()
    );
    let (code, stderr, mut ours) = scan(dir.path(), &["--hugo-version", "0.168.0", "--strict"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 4 URLs, none \
             excluded, checked against 4 built pages; dry run, nothing written\n"
        )
    );
    ours.sort();
    assert_eq!(ours, hugo_locs(dir.path()));
}
