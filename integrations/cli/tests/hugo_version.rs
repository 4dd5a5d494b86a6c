//! `hugo-version`: which Hugo a scan follows where Hugo's versions
//! differ, given in `sitemap.toml`, as a flag (the flag wins), and
//! refused when it names no Hugo. The site: a draft section with a page,
//! which Hugo 0.111.3 drops with the section and the current Hugo
//! publishes (both checked with the real Hugo: the differential cases
//! `unpublished-sections-keep-pages` and
//! `draft-section-keeps-nested-terms`).

use std::fs;
use std::path::Path;

fn draft_section(dir: &Path) {
    for (path, text) in [
        (
            "hugo.toml",
            "baseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\", \"term\"]\n",
        ),
        ("content/s/_index.md", "---\ndraft: true\n---\n"),
        ("content/s/a.md", "---\ntitle: a\n---\n"),
    ] {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

fn locs(out: &std::process::Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect()
}

#[test]
fn the_setting_and_the_flag_choose_the_hugo_followed() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(dir.path());
    let scan = |args: &[&str]| {
        let mut all = vec!["scan", "--dry-run", "-q", "--lastmod", "front-matter"];
        all.extend(args);
        locs(&crate::sitemap(dir.path(), &all))
    };
    assert_eq!(
        scan(&["--hugo-version", "0.168.0"]),
        ["https://example.org/", "https://example.org/s/a/"]
    );
    assert_eq!(
        scan(&["--hugo-version", "v0.111.3"]),
        ["https://example.org/"]
    );
    fs::write(
        dir.path().join("sitemap.toml"),
        "hugo-version = \"0.111.3\"\n",
    )
    .unwrap();
    assert_eq!(scan(&[]), ["https://example.org/"]);
    assert_eq!(
        scan(&["--hugo-version", "0.168.0"]),
        ["https://example.org/", "https://example.org/s/a/"]
    );
}

#[test]
fn a_version_that_names_no_hugo_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "hugo-version = \"latest\"\n",
    )
    .unwrap();
    let out = crate::sitemap(dir.path(), &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sitemap.toml:1: error: `hugo-version`: `latest` is not a Hugo version: write it as \
         `hugo version` prints it, such as 0.168.0\n  hint: change `hugo-version` in sitemap.toml\n"
    );
    assert!(!dir.path().join("public").exists());
}

/// A `hugo` for `PATH`: a shell script in `dir/bin` running `body`.
fn fake_hugo(dir: &Path, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let bin = dir.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let hugo = bin.join("hugo");
    fs::write(&hugo, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&hugo, fs::Permissions::from_mode(0o755)).unwrap();
    bin
}

/// `sitemap scan --dry-run` of the site in `dir/site` with only `bin` on
/// `PATH`, as its stderr (temporary paths as `<tmp>`).
fn scan_with_path(dir: &Path, bin: &Path) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--dry-run", "--lastmod", "front-matter"])
        .current_dir(dir.join("site"))
        .env("NO_COLOR", "1")
        .env("PATH", bin)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    crate::text(&out.stderr, dir).replace("<site>", "<tmp>")
}

/// A `hugo` on `PATH` whose `hugo version` never returns (a stuck
/// wrapper, a prompt) made the scan hang for ever. It is given 5 s, then
/// killed, and the scan follows the current release and says so.
#[test]
fn a_hugo_that_hangs_is_given_five_seconds() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(&dir.path().join("site"));
    // A child of the script keeps the output open: killed with it.
    let bin = fake_hugo(dir.path(), "/bin/sleep 60");
    let started = std::time::Instant::now();
    let stderr = scan_with_path(dir.path(), &bin);
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    assert_eq!(
        stderr,
        "<tmp>/bin/hugo: warning: `hugo version` gave no answer in 5 s, so the scan follows \
         Hugo 0.168.0 (the current release): set `hugo-version` to the Hugo that builds the site\n\
         public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` \
         first, then the scan\n\
         sitemap: 2 files read as Hugo 0.168.0 (the current release), 2 URLs, 1 excluded (1 \
         draft); dry run, nothing written\n"
    );
}

/// One whose `hugo version` prints without end was read whole (2.1 GB,
/// then a failed allocation): 4 KiB are read, then it is killed.
#[test]
fn a_hugo_that_prints_without_end_is_read_for_four_kib() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(&dir.path().join("site"));
    let bin = fake_hugo(dir.path(), "exec /usr/bin/yes hugo v0.111.3");
    assert_eq!(
        scan_with_path(dir.path(), &bin),
        "<tmp>/bin/hugo: warning: `hugo version` printed more than 4 KiB, so the scan follows \
         Hugo 0.168.0 (the current release): set `hugo-version` to the Hugo that builds the site\n\
         public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` \
         first, then the scan\n\
         sitemap: 2 files read as Hugo 0.168.0 (the current release), 2 URLs, 1 excluded (1 \
         draft); dry run, nothing written\n"
    );
}

/// One that prints something else is named with what it printed.
#[test]
fn a_hugo_that_prints_no_version_is_named() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(&dir.path().join("site"));
    let bin = fake_hugo(
        dir.path(),
        "echo 'hugo: command not found; try snap install hugo'",
    );
    assert_eq!(
        scan_with_path(dir.path(), &bin),
        "<tmp>/bin/hugo: warning: `hugo version` printed \"hugo: command not found; try snap \
         install hugo\", which names no Hugo version, so the scan follows Hugo 0.168.0 (the \
         current release): set `hugo-version` to the Hugo that builds the site\n\
         public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` \
         first, then the scan\n\
         sitemap: 2 files read as Hugo 0.168.0 (the current release), 2 URLs, 1 excluded (1 \
         draft); dry run, nothing written\n"
    );
}

/// A `hugo` in a relative `PATH` entry (here `.`, the site itself) is
/// never run: Go's `os/exec` refuses it since 1.19, and the site's own
/// files are not the user's tools.
#[test]
fn a_relative_path_entry_runs_no_hugo_of_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    draft_section(&site);
    fake_hugo(&site, "/usr/bin/touch ran; echo hugo v0.111.3");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--dry-run", "--lastmod", "front-matter"])
        .current_dir(&site)
        .env("NO_COLOR", "1")
        .env("PATH", "bin:.::")
        .output()
        .unwrap();
    assert_eq!(
        crate::text(&out.stderr, dir.path()),
        "public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` \
         first, then the scan\n\
         sitemap: 2 files read as Hugo 0.168.0 (the current release), 2 URLs, 1 excluded (1 \
         draft); dry run, nothing written\n"
    );
    assert!(!site.join("bin/ran").exists());
}

/// Debian's 0.111.3 first on `PATH` after a build with 0.168.0 gave the
/// 0.111.3 URLs without a word. The built site's generator tag names its
/// Hugo: followed when the build is newer than the sources, and a
/// warning naming both versions when it is not.
#[test]
fn a_site_built_by_another_hugo_than_the_one_on_path() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    draft_section(&site);
    let bin = fake_hugo(
        dir.path(),
        "echo 'hugo v0.111.3+extended linux/amd64 BuildDate=2023-03-10T18:54:37Z'",
    );
    fs::create_dir_all(site.join("public")).unwrap();
    let home = site.join("public/index.html");
    fs::write(
        &home,
        "<!doctype html><html><head><meta name=\"generator\" content=\"Hugo 0.168.0\">\
         <title>x</title></head><body></body></html>\n",
    )
    .unwrap();
    let hour = std::time::Duration::from_secs(3600);
    let set_written = |when: std::time::SystemTime| {
        fs::File::options()
            .write(true)
            .open(&home)
            .unwrap()
            .set_modified(when)
            .unwrap();
    };
    // Built after the sources were last changed: its Hugo is followed.
    set_written(std::time::SystemTime::now() + hour);
    assert_eq!(
        scan_with_path(dir.path(), &bin),
        "public/: warning: 1 listed URL(s) with no built page: https://example.org/s/a/\n\
         sitemap: 2 files read as Hugo 0.168.0 (the built site's generator tag), 2 URLs, 1 \
         excluded (1 draft), checked against 1 built page; dry run, nothing written\n"
    );
    // Built before: a stale build, so the `hugo` on PATH is followed, and
    // the two are named.
    set_written(std::time::SystemTime::now() - 24 * hour);
    assert_eq!(
        scan_with_path(dir.path(), &bin),
        "public/index.html: warning: the site here was built by Hugo 0.168.0, and the scan \
         follows Hugo 0.111.3 (the hugo on PATH): set `hugo-version = \"0.168.0\"` if Hugo \
         0.168.0 builds the site, or build it again with Hugo 0.111.3\n\
         sitemap: 2 files read as Hugo 0.111.3 (the hugo on PATH), 1 URLs, 2 excluded (2 \
         draft), checked against 1 built page; dry run, nothing written\n"
    );
}

/// A `hugo-version` in a cloned repository's `sitemap.toml` holding an
/// escape sequence and a line break was echoed raw in the error: it set
/// the terminal's title and forged a line of the report. Its control
/// characters are shown escaped, and a long value cut, as every name is; so are
/// the values of `flavor` and `changefreq`, refused elsewhere.
#[test]
fn a_refused_value_is_quoted_with_its_control_characters_escaped() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(dir.path());
    let refused = |toml: &str| {
        fs::write(dir.path().join("sitemap.toml"), toml).unwrap();
        let out = crate::sitemap(dir.path(), &["scan", "--dry-run"]);
        assert_eq!(out.status.code(), Some(1), "{toml}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert_eq!(
        refused(
            "hugo-version = \"0.1\\u001b]0;owned\\u0007\\nsitemap.toml:9: warning: forged, and more to come\"\n"
        ),
        "sitemap.toml:1: error: `hugo-version`: `0.1\\x1b]0;owned\\x07\\nsitemap.toml:9: warning: \
         forged, and more to come` is not a Hugo version: write it as `hugo version` prints it, such \
         as 0.168.0\n  hint: change `hugo-version` in sitemap.toml\n"
    );
    assert_eq!(
        refused("flavor = \"x\\u001b[2J\\n forged\"\n"),
        "sitemap.toml:1: error: `flavor` does not take \"x\\u{1b}[2J\\n forged\"; it takes one of \
         `zola`, `hugo`, `html`\n  hint: see the key table in `sitemap scan --help` (the same keys \
         everywhere)\n"
    );
    assert_eq!(
        refused("changefreq = \"x\\u001b[2J\\n forged\"\n"),
        "sitemap.toml:1: error: changefreq `x\\x1b[2J\\n forged`: expected one of always, hourly, \
         daily, weekly, monthly, yearly, never\n  hint: see the key table in `sitemap scan --help` \
         (the same keys everywhere)\n"
    );
    assert!(!dir.path().join("public").exists());
}

/// A generator tag naming a Hugo older than 0.111.3 (a site last built
/// years ago) was followed as that release without a word, though the
/// scan knows no rules before 0.111.3's; so was one newer than the
/// newest it knows. Each is named, with what the scan does instead.
#[test]
fn a_hugo_outside_the_known_releases_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    draft_section(&site);
    let bin = fake_hugo(dir.path(), "exit 1");
    fs::create_dir_all(site.join("public")).unwrap();
    let built_by = |version: &str| {
        let home = site.join("public/index.html");
        fs::write(
            &home,
            format!(
                "<!doctype html><html><head><meta name=\"generator\" content=\"Hugo {version}\">\
                 <title>x</title></head><body></body></html>\n"
            ),
        )
        .unwrap();
        fs::File::options()
            .write(true)
            .open(&home)
            .unwrap()
            .set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(3600))
            .unwrap();
        scan_with_path(dir.path(), &bin)
    };
    assert_eq!(
        built_by("0.80.0"),
        "public/index.html: warning: the scan follows Hugo 0.80.0 (the built site's generator tag), \
         older than Hugo 0.111.3, the oldest release whose rules it knows: the site is read as Hugo \
         0.111.3 reads it; check the sitemap against the built site\n\
         sitemap: 2 files read as Hugo 0.80.0 (the built site's generator tag), 1 URLs, 2 excluded \
         (2 draft), checked against 1 built page; dry run, nothing written\n"
    );
    assert_eq!(
        built_by("0.999.0"),
        "public/index.html: warning: the scan follows Hugo 0.999.0 (the built site's generator tag), \
         newer than Hugo 0.168.0, the newest release whose rules it knows: the site is read as Hugo \
         0.168.0 reads it; check the sitemap against the built site\n\
         public/: warning: 1 listed URL(s) with no built page: https://example.org/s/a/\n\
         sitemap: 2 files read as Hugo 0.999.0 (the built site's generator tag), 2 URLs, 1 excluded \
         (1 draft), checked against 1 built page; dry run, nothing written\n"
    );
}

/// A `publishDir` outside the site (`../other/public`, another site's
/// build): the build check stayed in the site, but the generator tag of
/// the other site's home page was read, named in a warning, and could
/// choose the Hugo followed. Nothing outside the site is read for it.
#[test]
fn a_build_outside_the_site_names_no_hugo() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    draft_section(&site);
    fs::write(
        site.join("hugo.toml"),
        "baseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\", \"term\"]\n\
         publishDir = \"../other/public\"\n",
    )
    .unwrap();
    let other = dir.path().join("other/public/index.html");
    fs::create_dir_all(other.parent().unwrap()).unwrap();
    fs::write(
        &other,
        "<!doctype html><html><head><meta name=\"generator\" content=\"Hugo 0.168.0\">\
         <title>x</title></head><body></body></html>\n",
    )
    .unwrap();
    fs::File::options()
        .write(true)
        .open(&other)
        .unwrap()
        .set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(3600))
        .unwrap();
    let bin = fake_hugo(dir.path(), "echo 'hugo v0.111.3+extended linux/amd64'");
    assert_eq!(
        scan_with_path(dir.path(), &bin),
        "../other/public/: warning: outside the site's folder (it is <tmp>/other/public), so the \
         sitemap is not checked against the site built there; build into a folder inside the site, \
         or write the sitemap there with `out` (`--out`) to check it\n\
         sitemap: 2 files read as Hugo 0.111.3 (the hugo on PATH), 1 URLs, 2 excluded (2 draft); \
         dry run, nothing written\n"
    );
}
