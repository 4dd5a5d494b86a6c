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
        "error: sitemap.toml:1 `hugo-version`: `latest` is not a Hugo version: write it as \
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
