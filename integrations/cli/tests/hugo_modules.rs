//! Hugo modules the scan cannot read are named, and a local copy named
//! by `HUGO_MODULE_REPLACEMENTS` is read as Hugo reads it. (Mounts and
//! themes themselves are pinned against the real Hugo by the
//! differential case `mounts-themes`.)

use std::fs;
use std::path::Path;
use std::process::Command;

fn site(dir: &Path) {
    for (path, text) in [
        (
            "site/hugo.toml",
            "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
             [[module.imports]]\npath = \"github.com/example/docs-theme\"\n",
        ),
        ("site/content/a.md", "---\ntitle: a\n---\n"),
        ("theme-copy/content/guide/g.md", "---\ntitle: g\n---\n"),
    ] {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

fn scan(dir: &Path, env: &[(&str, &str)]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--dry-run", "--lastmod", "front-matter"])
        .current_dir(dir.join("site"))
        .env("NO_COLOR", "1")
        .env_remove("HUGO_MODULE_REPLACEMENTS")
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

#[test]
fn a_module_that_is_not_on_disk_is_named() {
    let dir = tempfile::tempdir().unwrap();
    site(dir.path());
    let out = scan(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "hugo.toml: warning: module `github.com/example/docs-theme` is not in themes/ or \
         _vendor/ (a Go module Hugo downloads): content it mounts is not read, and its pages \
         are missing from the sitemap; run `hugo mod vendor`, or point \
         HUGO_MODULE_REPLACEMENTS at a local copy\n\
         public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan\n\
         sitemap: 1 files read as Hugo 0.111.3 (the hugo on PATH), 2 URLs, none excluded; dry run, nothing written\n"
    );
}

#[test]
fn a_replacement_points_at_a_local_copy() {
    let dir = tempfile::tempdir().unwrap();
    site(dir.path());
    let copy = dir.path().join("theme-copy");
    let replacement = format!("github.com/example/docs-theme -> {}", copy.display());
    let out = scan(dir.path(), &[("HUGO_MODULE_REPLACEMENTS", &replacement)]);
    assert_eq!(out.status.code(), Some(0));
    let locs: Vec<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/a/",
            "https://example.org/guide/",
            "https://example.org/guide/g/",
        ]
    );
}

/// A replacement relative to `themesDir` is joined as text, as Hugo's
/// `filepath.Join` joins it: `themes/../..` is the repository root even
/// where `themes/` does not exist. The scan asked the file system and
/// warned "not in themes/ or _vendor/" (found on two theme demos of the
/// corpus). Hugo 0.111.3 and 0.168.0 both list `/`, `/a/`,
/// `/from-theme/` and `/from-theme/page/` for this site.
#[test]
fn a_relative_replacement_is_joined_to_themes_dir_as_text() {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in [
        (
            "site/hugo.toml",
            "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
             [[module.imports]]\npath = \"example.com/t\"\n",
        ),
        ("site/content/a.md", "---\ntitle: a\n---\n"),
        ("content/from-theme/page.md", "---\ntitle: page\n---\n"),
    ] {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    for version in ["0.111.3", "0.168.0"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
            .args(["scan", "--dry-run", "--lastmod", "front-matter"])
            .args(["--hugo-version", version])
            .current_dir(dir.path().join("site"))
            .env("NO_COLOR", "1")
            .env("HUGO_MODULE_REPLACEMENTS", "example.com/t -> ../..")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "https://example.org/\n\
             https://example.org/a/\tsource=content/a.md\n\
             https://example.org/from-theme/\n\
             https://example.org/from-theme/page/\tsource=../content/from-theme/page.md\n"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "public/: warning: no built page, so the sitemap is not checked against the \
                 site; run `hugo` first, then the scan\n\
                 sitemap: 2 files read as Hugo {version} (the hugo-version setting), 4 URLs, \
                 none excluded; dry run, nothing written\n"
            )
        );
    }
}
