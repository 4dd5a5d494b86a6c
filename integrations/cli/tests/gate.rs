//! One gate: a page from the build (a Hugo content adapter's) passes the
//! same leave-out rules as a page from a source file, in the same order,
//! each page left out counted once with one reason; what a built page's
//! head says (`noindex`) leaves out a source page as it does a page from
//! the build; and the build check stays in the site. Each case is built
//! with the current Hugo; the whole report is asserted, and the URLs
//! listed against Hugo's own sitemap.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::build_check::{current_hugo, hugo, hugo_with, locs, write};

/// A site with a content adapter making three pages in `news/`, a page
/// of its own, and a template that writes `noindex` for a page whose
/// `hidden` parameter is set (a key the scan does not read: only the
/// built page says so).
const SITE: [(&str, &str); 5] = [
    (
        "hugo.toml",
        "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n",
    ),
    ("content/a.md", "---\ntitle: a\n---\n"),
    ("content/news/_index.md", "---\ntitle: News\n---\n"),
    (
        "content/news/_content.gotmpl",
        "{{ range $i := seq 3 }}\n  {{ $.AddPage (dict \"path\" (printf \"item-%d\" $i) \
         \"title\" (printf \"Item %d\" $i) \"kind\" \"page\" \"params\" (dict \"hidden\" (eq $i 3))) }}\n{{ end }}\n",
    ),
    (
        "layouts/all.html",
        "<html><head><title>{{ .Title }}</title>{{ if .Params.hidden }}<meta name=\"robots\" \
         content=\"noindex\">{{ end }}</head></html>\n",
    ),
];

/// `sitemap scan --dry-run ARGS` in `root`: exit code, stderr with the
/// folder redacted, the listed URLs sorted.
fn scan(root: &Path, args: &[&str]) -> (Option<i32>, String, Vec<String>) {
    let mut all = vec![
        "scan",
        "--dry-run",
        "--lastmod",
        "front-matter",
        "--hugo-version",
        "0.168.0",
    ];
    all.extend(args);
    let out = crate::sitemap(root, &all);
    (
        out.status.code(),
        crate::text(&out.stderr, root),
        listed(&out.stdout),
    )
}

/// A dry run's URLs, sorted.
fn listed(stdout: &[u8]) -> Vec<String> {
    let mut locs: Vec<String> = String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect();
    locs.sort();
    locs
}

/// The site built with the current Hugo in a new folder.
fn built(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), files);
    hugo(&current_hugo(), dir.path());
    dir
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn an_adapters_pages_pass_the_url_patterns() {
    let dir = built(&SITE);
    let (code, stderr, locs) = scan(dir.path(), &["--exclude-urls", "/news/**", "-v"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "left out: content/news/_index.md: URL matches exclude-urls pattern `/news/**` \
             (https://example.org/news/)\n\
             left out: content/news/_content.gotmpl: URL matches exclude-urls pattern \
             `/news/**` (https://example.org/news/item-1/)\n\
             left out: content/news/_content.gotmpl: URL matches exclude-urls pattern \
             `/news/**` (https://example.org/news/item-2/)\n\
             left out: content/news/_content.gotmpl: URL matches exclude-urls pattern \
             `/news/**` (https://example.org/news/item-3/)\n\
             sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, 4 excluded (4 by `--exclude-urls`), checked against 3 built pages; dry run, \
             nothing written\n"
        )
    );
    assert_eq!(
        locs,
        strings(&["https://example.org/", "https://example.org/a/"])
    );

    let (code, stderr, locs) = scan(dir.path(), &["--include-urls", "/news/item-*/"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "content/news/_content.gotmpl: warning: a content adapter: 2 page(s) it made listed \
             from the site built in public/\n\
             sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, 4 excluded (1 noindex, 3 not in \
             `--include-urls`), checked against 5 built pages; dry run, nothing written\n"
        )
    );
    assert_eq!(
        locs,
        strings(&[
            "https://example.org/news/item-1/",
            "https://example.org/news/item-2/"
        ])
    );
}

/// A section's cascaded `sitemap.disable` reaches the pages its adapter
/// makes, as Hugo hands it down: Hugo's own sitemap lists neither the
/// section nor them, and nor does the scan, which counts each once.
#[test]
fn a_sections_cascade_reaches_its_adapters_pages() {
    let mut files = SITE.to_vec();
    files[2] = (
        "content/news/_index.md",
        "---\ntitle: News\ncascade:\n  sitemap:\n    disable: true\n---\n",
    );
    let dir = built(&files);
    let (code, stderr, locs) = scan(dir.path(), &["--strict", "-v"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "left out: content/news/_index.md: sitemap.disable (https://example.org/news/)\n\
             left out: content/news/_content.gotmpl: sitemap.disable \
             (https://example.org/news/item-1/)\n\
             left out: content/news/_content.gotmpl: sitemap.disable \
             (https://example.org/news/item-2/)\n\
             left out: content/news/_content.gotmpl: sitemap.disable \
             (https://example.org/news/item-3/)\n\
             sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, 4 excluded (4 sitemap.disable), checked against 3 built pages; dry run, nothing \
             written\n"
        )
    );
    assert_eq!(locs, locs_of_hugo(dir.path()));
}

/// `sitemap validate --site SITE` in `root`: exit code, stdout, stderr.
fn validate_site(root: &Path, site: &str) -> (Option<i32>, String, String) {
    let out = crate::sitemap(root, &["validate", "--site", site]);
    (
        out.status.code(),
        crate::text(&out.stdout, root),
        crate::text(&out.stderr, root),
    )
}

/// `locs` less `loc`, which must be in it.
fn without(mut locs: Vec<String>, loc: &str) -> Vec<String> {
    let at = locs.iter().position(|l| l == loc).expect("listed by Hugo");
    locs.remove(at);
    locs
}

/// Hugo's own sitemap's `<loc>`s, sorted.
fn locs_of_hugo(root: &Path) -> Vec<String> {
    locs(&root.join("public/sitemap.xml"))
}

/// A draft, a future and an expired page an earlier `hugo -D -F -E` left
/// built, in the adapter's section and outside it: each stays out,
/// counted once by the source's reason, and none is a difference, so
/// `--strict` passes on the sitemap Hugo itself writes without those
/// flags.
#[test]
fn unpublished_pages_left_built_stay_out_once() {
    let mut files = SITE.to_vec();
    files.extend([
        ("content/news/draft.md", "---\ntitle: d\ndraft: true\n---\n"),
        (
            "content/news/future.md",
            "---\ntitle: f\ndate: 2999-01-01\n---\n",
        ),
        (
            "content/news/expired.md",
            "---\ntitle: e\nexpiryDate: 2001-01-01\n---\n",
        ),
        ("content/old.md", "---\ntitle: o\ndraft: true\n---\n"),
    ]);
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &files);
    hugo_with(&current_hugo(), dir.path(), &["-D", "-F", "-E"]);
    assert!(dir.path().join("public/news/draft/index.html").is_file());
    let (code, stderr, locs) = scan(dir.path(), &["--strict", "-v"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "content/news/_content.gotmpl: warning: a content adapter: 2 page(s) it made listed \
             from the site built in public/\n\
             left out: content/news/draft.md: draft (https://example.org/news/draft/)\n\
             left out: content/news/expired.md: expired (https://example.org/news/expired/)\n\
             left out: content/news/future.md: future (https://example.org/news/future/)\n\
             left out: content/old.md: draft (https://example.org/old/)\n\
             left out: public/news/item-3/index.html: <meta name=\"robots\"> says noindex \
             (https://example.org/news/item-3/)\n\
             sitemap: 7 files read as Hugo 0.168.0 (the hugo-version setting), 5 URLs, 5 excluded (2 draft, 1 expired, 1 future, 1 \
             noindex), checked against 9 built pages; dry run, nothing written\n"
        )
    );
    // What Hugo lists once built without those flags, less the page
    // that says `noindex` (the guide's differences).
    let clean = built(&files);
    assert_eq!(
        locs,
        without(
            locs_of_hugo(clean.path()),
            "https://example.org/news/item-3/"
        )
    );
}

/// A page whose built head says `noindex` is left out and counted,
/// whichever way it came: from the build (an adapter's page), or from a
/// source file, a regular page or a list page, whose template wrote it
/// (the scan reads the heads because a template of the site names a
/// robots meta). Hugo lists all three; the sitemap written is valid, and
/// `validate --site` finds it agrees with the built site.
#[test]
fn a_page_whose_head_says_noindex_is_left_out_and_counted() {
    let mut files = SITE.to_vec();
    files.extend([
        ("content/secret.md", "---\ntitle: s\nhidden: true\n---\n"),
        (
            "content/archive/_index.md",
            "---\ntitle: Archive\nhidden: true\n---\n",
        ),
        ("content/archive/2019.md", "---\ntitle: 2019\n---\n"),
    ]);
    let dir = built(&files);
    let (code, stderr, locs) = scan(dir.path(), &["-v"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "content/news/_content.gotmpl: warning: a content adapter: 2 page(s) it made listed \
             from the site built in public/\n\
             left out: public/archive/index.html: <meta name=\"robots\"> says noindex \
             (https://example.org/archive/)\n\
             left out: public/secret/index.html: <meta name=\"robots\"> says noindex \
             (https://example.org/secret/)\n\
             left out: public/news/item-3/index.html: <meta name=\"robots\"> says noindex \
             (https://example.org/news/item-3/)\n\
             sitemap: 6 files read as Hugo 0.168.0 (the hugo-version setting), 6 URLs, 3 excluded (3 noindex), checked against 8 built pages; dry run, nothing written\n"
        )
    );
    let mut hugo = locs_of_hugo(dir.path());
    for noindex in ["archive/", "news/item-3/", "secret/"] {
        hugo = without(hugo, &format!("https://example.org/{noindex}"));
    }
    assert_eq!(locs, hugo);

    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--lastmod",
            "front-matter",
            "--hugo-version",
            "0.168.0",
            "--out",
            "out",
        ],
    );
    assert_eq!(
        crate::text(&out.stderr, dir.path()),
        "content/news/_content.gotmpl: warning: a content adapter: 2 page(s) it made listed from \
         the site built in public/\n\
         sitemap: 6 files read as Hugo 0.168.0 (the hugo-version setting), 6 URLs, 3 excluded (3 noindex), checked against 8 built pages; wrote out/sitemap.xml\n"
    );
    sitemap_testkit::assert_all_valid(&dir.path().join("out"));
    let out = crate::sitemap(
        dir.path(),
        &["validate", "out/sitemap.xml", "--site", "public"],
    );
    assert_eq!(
        (
            out.status.code(),
            crate::text(&out.stdout, dir.path()),
            crate::text(&out.stderr, dir.path())
        ),
        (
            Some(0),
            "out/sitemap.xml: valid (urlset, 6 URLs, 472 bytes; 0 errors, 0 warnings)\n\
             site public/ at https://example.org/ (from hugo.toml: baseURL): 6 locs, 6 name files \
             of the site; 6 indexable pages, 0 not in the sitemap\n\
             1 files checked: 1 valid, 0 invalid; 0 errors, 0 warnings\n"
                .to_owned(),
            String::new()
        )
    );
}

/// An output folder outside the site is not listed: Hugo's `publishDir
/// = "/"`, a `public` link to `/`, Zola's `output_dir = "/"`. One line
/// says why, and the scan goes on.
#[test]
fn the_build_check_stays_in_the_site() {
    let outside = "warning: outside the site's folder (it is /), so the sitemap is not checked \
                   against the site built there; build into a folder inside the site, or write \
                   the sitemap there with `out` (`--out`) to check it\n";
    let adapter = "content/news/_content.gotmpl: warning: a content adapter, whose template \
                   makes pages from data: this scan cannot run it, so its pages are missing; run \
                   `hugo` first, and the scan lists them from the build\n";
    // Built as usual, then the folder linked to `/`.
    let dir = built(&SITE);
    fs::remove_dir_all(dir.path().join("public")).unwrap();
    std::os::unix::fs::symlink("/", dir.path().join("public")).unwrap();
    let (code, stderr, _) = scan(dir.path(), &[]);
    assert_eq!(
        (code, stderr),
        (
            Some(0),
            format!(
                "public/: {outside}{adapter}sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none excluded; dry \
                 run, nothing written\n"
            )
        )
    );
    // `publishDir = "/"`, which no one should build into: only read.
    let config = format!("{}publishDir = \"/\"\n", SITE[0].1);
    write(dir.path(), &[("hugo.toml", &config)]);
    let (code, stderr, _) = scan(dir.path(), &[]);
    assert_eq!(
        (code, stderr),
        (
            Some(0),
            format!(
                "/: {outside}{adapter}sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none excluded; dry run, \
                 nothing written\n"
            )
        )
    );

    let zola = tempfile::tempdir().unwrap();
    write(
        zola.path(),
        &[
            (
                "zola.toml",
                "base_url = \"https://example.org\"\noutput_dir = \"/\"\n",
            ),
            ("content/a.md", "+++\ntitle = \"a\"\n+++\n"),
        ],
    );
    let out = crate::sitemap(
        zola.path(),
        &["scan", "--dry-run", "--lastmod", "front-matter"],
    );
    assert_eq!(
        (out.status.code(), crate::text(&out.stderr, zola.path())),
        (
            Some(0),
            format!(
                "/: {outside}sitemap: 1 files read, 2 URLs, none excluded; dry run, nothing \
                 written\n"
            )
        )
    );
}

/// A built folder the scan cannot read is named as unreadable, never
/// taken for pages missing from the build; with `--strict` the run
/// fails, telling the user to let the scan read it, not to rebuild. (As
/// root, whom permissions do not stop, the scan runs as `nobody`.)
#[test]
fn an_unreadable_built_folder_is_named_as_such() {
    let mut files = SITE.to_vec();
    files.push(("content/posts/p.md", "---\ntitle: p\n---\n"));
    let dir = built(&files);
    let posts = dir.path().join("public/posts");
    let mode = |path: &Path, mode| {
        fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(mode)).unwrap()
    };
    // Others may reach the site, not the folder.
    mode(dir.path(), 0o755);
    mode(&posts, 0o000);
    let run = |strict: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sitemap"));
        cmd.args([
            "scan",
            "--dry-run",
            "--lastmod",
            "front-matter",
            "--hugo-version",
            "0.168.0",
        ])
        .args(strict.then_some("--strict"))
        .current_dir(dir.path())
        .env("NO_COLOR", "1");
        if sitemap_testkit::is_root() {
            std::os::unix::process::CommandExt::uid(&mut cmd, 65534);
            std::os::unix::process::CommandExt::gid(&mut cmd, 65534);
        }
        let out = cmd.output().unwrap();
        (out.status.code(), crate::text(&out.stderr, dir.path()))
    };
    let unreadable = "public/: 1 built folder(s) cannot be read, so the pages in them are not \
                      checked: public/posts/ (Permission denied (os error 13)); let the user \
                      running the scan read them";
    let adapter = "content/news/_content.gotmpl: warning: a content adapter: 2 page(s) it made \
                   listed from the site built in public/\n";
    let (code, stderr) = run(false);
    mode(&posts, 0o755);
    assert_eq!(
        (code, stderr),
        (
            Some(0),
            format!(
                "{adapter}{}\nsitemap: 4 files read as Hugo 0.168.0 (the hugo-version setting), 7 URLs, 1 excluded (1 noindex), checked against 5 built pages; dry run, \
                 nothing written\n",
                unreadable.replacen(": ", ": warning: ", 1)
            )
        )
    );
    mode(&posts, 0o000);
    let (code, stderr) = run(true);
    mode(&posts, 0o755);
    assert_eq!(
        (code, stderr),
        (
            Some(1),
            format!(
                "error: the sitemap could not be checked against the site built in public/:\n\
                 {unreadable}\n  hint: let the user running the scan read the build (its \
                 folders' permissions), or drop `strict` to let the run pass with warnings\n"
            )
        )
    );
}

/// Names taken from the disk are shown escaped in the check's report: a
/// site folder and a built folder named with a line break cannot forge
/// a report line.
#[test]
fn a_built_folder_named_with_a_line_break_cannot_forge_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("evil\nsite");
    write(&site, &SITE);
    hugo(&current_hugo(), &site);
    write(
        &site,
        &[(
            "public/x\n: warning: forged/index.html",
            "<html><head><title>x</title></head></html>\n",
        )],
    );
    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "evil\nsite",
            "--dry-run",
            "--lastmod",
            "front-matter",
            "--hugo-version",
            "0.168.0",
        ],
    );
    assert_eq!(
        (
            out.status.code(),
            crate::text(&out.stderr, dir.path()).as_str()
        ),
        (
            Some(0),
            "content/news/_content.gotmpl: warning: a content adapter: 2 page(s) it made listed \
             from the site built in evil\\nsite/public/\n\
             evil\\nsite/public/: warning: 1 built page(s) not in the sitemap and not left out on \
             purpose: https://example.org/x%0A:%20warning:%20forged/ (evil\\nsite/public/x\\n: \
             warning: forged/index.html)\n\
             sitemap: 3 files read as Hugo 0.168.0 (the hugo-version setting), 5 URLs, 1 excluded (1 noindex), checked against 6 built pages; dry run, nothing written\n"
        )
    );
}

/// `validate --site` applies the scan's rules, through the same gate: a
/// page the sources leave out on purpose (a section's cascaded
/// `sitemap.disable`, which reaches its adapter's pages; a draft left
/// built; a URL pattern of `sitemap.toml`) is no page missing from the
/// sitemap.
#[test]
fn validate_site_does_not_report_pages_left_out_on_purpose() {
    let mut files = SITE.to_vec();
    files[0] = (
        "hugo.toml",
        "baseURL = \"https://example.org/\"\n\
         disableKinds = [\"rss\", \"taxonomy\", \"term\", \"sitemap\"]\n",
    );
    files[2] = (
        "content/news/_index.md",
        "---\ntitle: News\ncascade:\n  sitemap:\n    disable: true\n---\n",
    );
    files.extend([
        ("content/old.md", "---\ntitle: o\ndraft: true\n---\n"),
        ("content/private/p.md", "---\ntitle: p\n---\n"),
        ("sitemap.toml", "exclude-urls = [\"/private/**\"]\n"),
    ]);
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &files);
    hugo_with(&current_hugo(), dir.path(), &["-D"]);
    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--lastmod",
            "front-matter",
            "--hugo-version",
            "0.168.0",
        ],
    );
    assert_eq!(
        crate::text(&out.stderr, dir.path()),
        "sitemap: 5 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, 7 excluded (2 by sitemap.toml:1 `exclude-urls`, 1 draft, 4 \
         sitemap.disable), checked against 6 built pages; wrote public/sitemap.xml\n"
    );
    sitemap_testkit::assert_all_valid(&dir.path().join("public"));
    assert_eq!(
        validate_site(dir.path(), "public"),
        (
            Some(0),
            "public/sitemap.xml: valid (urlset, 2 URLs, 218 bytes; 0 errors, 0 warnings)\n\
             site public/ at https://example.org/ (from hugo.toml: baseURL): 2 locs, 2 name \
             files of the site; 2 indexable pages, 0 not in the sitemap\n\
             1 files checked: 1 valid, 0 invalid; 0 errors, 0 warnings\n"
                .to_owned(),
            String::new()
        )
    );
}

/// The same for an mdBook book built with mdBook: a chapter's
/// `sitemap.exclude` is no page missing from the sitemap.
#[test]
fn validate_site_does_not_report_a_chapter_left_out() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "book.toml",
                "[book]\ntitle = \"b\"\n[output.html]\n[output.sitemap]\noptional = true\n\
                 base-url = \"https://example.org/book/\"\n",
            ),
            ("src/SUMMARY.md", "# Summary\n\n- [A](a.md)\n- [B](b.md)\n"),
            ("src/a.md", "# A\n"),
            ("src/b.md", "---\nsitemap:\n  exclude: true\n---\n# B\n"),
        ],
    );
    let mdbook =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/tools/mdbook-0.4/bin/mdbook");
    let out = Command::new(mdbook)
        .arg("build")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = crate::sitemap(dir.path(), &["mdbook", "--lastmod", "mtime"]);
    assert_eq!(
        crate::text(&out.stderr, dir.path()),
        "warning: src/b.md opens with front matter, but book.toml has no \
         [preprocessor.sitemap]: the HTML shows it as text; add an empty [preprocessor.sitemap] \
         table\n\
         sitemap: wrote ./book/html/sitemap.xml (1 URLs, 1 chapter(s) left out)\n"
    );
    sitemap_testkit::assert_all_valid(&dir.path().join("book/html"));
    assert_eq!(
        validate_site(dir.path(), "book/html"),
        (
            Some(0),
            "book/html/sitemap.xml: valid (urlset, 1 URLs, 218 bytes; 0 errors, 0 warnings)\n\
             site book/html/ at https://example.org/book/ (from book.toml: \
             output.sitemap.base-url): 1 locs, 1 name files of the site; 1 indexable pages, 0 \
             not in the sitemap\n\
             1 files checked: 1 valid, 0 invalid; 0 errors, 0 warnings\n"
                .to_owned(),
            String::new()
        )
    );
}

/// A theme that writes `noindex` on every page unless the site says it
/// is built for production (PaperMod's `params.env = "production"`):
/// Hugo's own sitemap lists every page. Left out one by one, the set
/// would be empty and refused; the scan keeps them listed, as Hugo does,
/// and says once what the build is and how to build it for production.
/// With the parameter set, no page says `noindex` and nothing is said.
#[test]
fn a_build_whose_every_page_says_noindex_is_a_build_for_another_environment() {
    let layout = "<html><head><title>{{ .Title }}</title>{{ if ne site.Params.env \
                  \"production\" }}<meta name=\"robots\" content=\"noindex, nofollow\">{{ end \
                  }}</head></html>\n";
    let files = [
        (
            "hugo.toml",
            "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n",
        ),
        ("content/a.md", "---\ntitle: a\n---\n"),
        ("content/b.md", "---\ntitle: b\n---\n"),
        ("layouts/all.html", layout),
    ];
    let dir = built(&files);
    let (code, stderr, locs) = scan(dir.path(), &[]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "public/: warning: 3 of 3 built pages read say noindex in their robots meta, the \
             home page among them (public/index.html): the site was built for another \
             environment than production (a theme that writes noindex unless the build is for \
             production, such as PaperMod without `params.env = \"production\"`); listed, as \
             the generator's own sitemap lists them, not left out as noindex; build it for \
             production (`hugo` with the production environment and settings), then the scan\n\
             sitemap: 2 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none \
             excluded, checked against 3 built pages; dry run, nothing written\n"
        )
    );
    assert_eq!(locs, locs_of_hugo(dir.path()));

    let mut production = files.to_vec();
    production[0].1 = "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \
                       \"term\"]\n[params]\nenv = \"production\"\n";
    let dir = built(&production);
    let (code, stderr, locs) = scan(dir.path(), &[]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(0),
            "sitemap: 2 files read as Hugo 0.168.0 (the hugo-version setting), 3 URLs, none \
             excluded, checked against 3 built pages; dry run, nothing written\n"
        )
    );
    assert_eq!(locs, locs_of_hugo(dir.path()));
}
