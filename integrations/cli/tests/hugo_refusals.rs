//! Settings Hugo refuses to build with are refused, naming the file and
//! the fix, as the real Hugo refuses them (0.111.3 and 0.168.0, seen in
//! `cargo xtask differential hugo-tests`: `hugolib/config_test.go:629`,
//! `hugolib/dates_test.go:179`, `tpl/tplimpl/templatestore_integration_test.go:1141`).
//! Nothing is written.

use std::fs;

fn refused(config: &str) -> (Option<i32>, String, bool) {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(dir.path().join("content/a.md"), "---\ntitle: a\n---\n").unwrap();
    fs::write(dir.path().join("hugo.toml"), config).unwrap();
    let out = crate::sitemap(dir.path(), &["scan", "--hugo-version", "0.168.0"]);
    (
        out.status.code(),
        crate::text(&out.stderr, dir.path()),
        dir.path().join("public").exists(),
    )
}

#[test]
fn blackfriday_is_refused() {
    let (code, stderr, written) = refused(
        "baseURL = \"https://example.org/\"\n[markup]\ndefaultMarkdownHandler = \"blackfriday\"\n",
    );
    assert_eq!(
        (code, stderr.as_str(), written),
        (
            Some(1),
            "hugo.toml: error: `markup.defaultMarkdownHandler` is `blackfriday`, which Hugo \
             removed in 0.100 and refuses: remove the key (Goldmark is the default)\n",
            false
        )
    );
}

#[test]
fn an_unknown_time_zone_is_refused() {
    let (code, stderr, written) =
        refused("baseURL = \"https://example.org/\"\ntimeZone = \"America/LosAngeles\"\n");
    assert_eq!(
        (code, stderr.as_str(), written),
        (
            Some(1),
            "hugo.toml: error: `timeZone` is `America/LosAngeles`, a time zone Hugo does not \
             know, so it refuses the site: write an IANA name such as `America/Los_Angeles`\n",
            false
        )
    );
}

#[test]
fn a_theme_not_in_the_themes_folder_is_refused() {
    let (code, stderr, written) =
        refused("baseURL = \"https://example.org/\"\ntheme = \"mytheme\"\n");
    assert_eq!(
        (code, stderr.as_str(), written),
        (
            Some(1),
            "hugo.toml: error: theme `mytheme` is not in themes/, so Hugo refuses the site: \
             fetch it (`git submodule update --init` when it is a submodule), or remove it \
             from `theme`; a build given `--themesDir` reads another folder: set \
             `HUGO_THEMESDIR` instead, which the scan reads too\n",
            false
        )
    );
}

#[test]
fn a_repeated_yaml_key_is_refused_by_the_current_hugo_only() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("content/a.md"),
        "---\ntitle: a\ndraft: false\ntitle: b\n---\n",
    )
    .unwrap();
    let scan = |version: &str| {
        let out = crate::sitemap(
            dir.path(),
            &["scan", "--hugo-version", version, "--dry-run", "--quiet"],
        );
        (out.status.code(), crate::text(&out.stderr, dir.path()))
    };
    assert_eq!(
        scan("0.168.0"),
        (
            Some(1),
            "content/a.md:4:1: error: invalid YAML front matter: mapping key \"title\" already \
             defined (Hugo 0.152 and later refuse a key written twice in one mapping: keep one)\n"
                .to_owned()
        )
    );
    assert_eq!(scan("0.111.3"), (Some(0), String::new()));
}

/// goccy/go-yaml (Hugo 0.152 and later) keeps a quoted scalar's CRLF line
/// break as `\n` where YAML folds it to a space, so a date quoted over two
/// lines of a Windows-edited file is refused by the current Hugo (checked
/// with 0.168.0: "the \"date\" front matter field is not a parsable date")
/// and read by 0.111.3. Plain scalars fold as YAML says in both.
#[test]
fn a_quoted_date_over_two_crlf_lines_is_refused_by_the_current_hugo_only() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    for (name, date) in [
        ("double", "\"2009-01-02\r\n  03:04:05\""),
        ("single", "'2009-01-02\r\n  03:04:05'"),
        ("plain", "2009-01-02\r\n  03:04:05"),
    ] {
        fs::write(
            dir.path().join(format!("content/{name}.md")),
            format!("---\r\ndate: {date}\r\n---\r\n"),
        )
        .unwrap();
    }
    let scan = |version: &str| {
        let out = crate::sitemap(
            dir.path(),
            &["scan", "--hugo-version", version, "--dry-run", "--quiet"],
        );
        (out.status.code(), crate::text(&out.stderr, dir.path()))
    };
    let refused = |name: &str| {
        format!(
            "content/{name}.md:2: error: the `date` front matter field is not a parsable date, \
             and Hugo 0.168.0 refuses the page: write it as 2024-05-01 or 2024-05-01T10:00:00+02:00\n"
        )
    };
    assert_eq!(
        scan("0.168.0"),
        (
            Some(1),
            refused("double")
                + &refused("single")
                + "error: 2 pages could not be read\n  \
                   hint: fix each file named above, or leave it out with an `exclude` pattern\n"
        )
    );
    assert_eq!(scan("0.111.3"), (Some(0), String::new()));
}

/// A site's own date orders (`[frontmatter]`) decide which key Hugo 0.136+
/// reads, and so refuses when it is no date: each order is read up to
/// its first key present, unless `:fileModTime` (or another token that
/// may find the date) comes first (checked with 0.168.0).
#[test]
fn a_sites_own_date_orders_decide_which_bad_date_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(
        dir.path().join("content/a.md"),
        "---\ndate: \"2009-01-02 nonsense\"\n---\n",
    )
    .unwrap();
    let scan = |lastmod: &str| {
        fs::write(
            dir.path().join("hugo.toml"),
            format!(
                "baseURL = \"https://example.org/\"\n[frontmatter]\n\
                 date = [\":fileModTime\", \"date\"]\n\
                 publishDate = [\":fileModTime\", \"date\"]\nlastmod = {lastmod}\n"
            ),
        )
        .unwrap();
        let out = crate::sitemap(
            dir.path(),
            &["scan", "--hugo-version", "0.168.0", "--dry-run", "--quiet"],
        );
        (out.status.code(), crate::text(&out.stderr, dir.path()))
    };
    assert_eq!(
        scan("[\"lastmod\", \"date\"]"),
        (
            Some(1),
            "content/a.md:2: error: the `date` front matter field is not a parsable date, and \
             Hugo 0.168.0 refuses the page: write it as 2024-05-01 or 2024-05-01T10:00:00+02:00\n"
                .to_owned()
        )
    );
    assert_eq!(scan("[\":fileModTime\", \"date\"]").0, Some(0));
}

/// Settings Hugo 0.153 deprecated and the current Hugo removed are
/// refused as 0.168.0 refuses them (`modules/config_integration_test.go:26`,
/// `modules/mount_filters_integration_test.go:63`); 0.111.3 builds them.
#[test]
fn settings_the_current_hugo_removed_are_refused_when_following_it() {
    let config = "baseURL = \"https://example.org/\"\n[module]\n[[module.mounts]]\nsource = \"content\"\ntarget = \"content\"\nincludeFiles = [\"**a.md\"]\n";
    let (code, stderr, written) = refused(config);
    assert_eq!(
        (code, stderr.as_str(), written),
        (
            Some(1),
            "hugo.toml: error: `module.mounts.includeFiles` is set, which Hugo deprecated in 0.153 \
             and the current Hugo refuses: write the patterns in the mount's `files` \
             (https://gohugo.io/configuration/module/#files)\n",
            false
        )
    );
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(dir.path().join("content/a.md"), "---\ntitle: a\n---\n").unwrap();
    fs::write(dir.path().join("hugo.toml"), config).unwrap();
    let out = crate::sitemap(
        dir.path(),
        &["scan", "--hugo-version", "0.111.3", "--dry-run", "--quiet"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::text(&out.stderr, dir.path())
    );
}

/// Front matter the current Hugo refuses and 0.111.3 builds: `_build`
/// (deprecated in 0.145, an error from 0.160) and a date key holding no
/// date (an error since 0.136), each named with its line, every one at
/// once (checked with Hugo 0.168.0's own refusals).
#[test]
fn front_matter_the_current_hugo_removed_is_refused_when_following_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(
        dir.path().join("hugo.toml"),
        "baseURL = \"https://example.org/\"\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("content/a.md"),
        "---\ntitle: a\n_build:\n  list: never\n---\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("content/b.md"),
        "---\ntitle: b\ndate: 2024-01-01\nlastmod: yesterday\n---\n",
    )
    .unwrap();
    let scan = |version: &str| {
        let out = crate::sitemap(
            dir.path(),
            &["scan", "--hugo-version", version, "--dry-run", "--quiet"],
        );
        (out.status.code(), crate::text(&out.stderr, dir.path()))
    };
    assert_eq!(
        scan("0.168.0"),
        (
            Some(1),
            "content/a.md:3: error: `_build` was deprecated in Hugo 0.145 and Hugo 0.168.0 \
             refuses it: write `build` (the same table)\n\
             content/b.md:4: error: the `lastmod` front matter field is not a parsable date, and \
             Hugo 0.168.0 refuses the page: write it as 2024-05-01 or 2024-05-01T10:00:00+02:00\n\
             error: 2 pages could not be read\n  \
             hint: fix each file named above, or leave it out with an `exclude` pattern\n"
                .to_owned()
        )
    );
    assert_eq!(scan("0.111.3").0, Some(0));
}
