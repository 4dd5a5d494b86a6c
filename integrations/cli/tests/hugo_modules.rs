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

/// A theme mounting the site's own `content/` (`../../content` from
/// `themes/t`), scanned from inside the site: the site's folder was `.`,
/// which no cleaned path starts with, so the mount was named "outside
/// the site and the module" and its pages left out. Hugo 0.111.3 lists
/// `/x/` and `/x/s/a/` for this site, as the scan now does (and as it
/// did given the site's path).
#[test]
fn a_theme_mount_into_the_site_is_read_from_inside_the_site() {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in [
        (
            "site/hugo.toml",
            "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
             theme = \"t\"\n",
        ),
        ("site/content/s/a.md", "---\ntitle: a\n---\n"),
        (
            "site/themes/t/hugo.toml",
            "[[module.mounts]]\nsource = \"../../content\"\ntarget = \"content/x\"\n\
             [[module.mounts]]\nsource = \"content\"\ntarget = \"content\"\n",
        ),
        ("site/themes/t/content/tp/p.md", "---\ntitle: tp\n---\n"),
    ] {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--dry-run", "--lastmod", "front-matter"])
        .args(["--hugo-version", "0.111.3"])
        .current_dir(dir.path().join("site"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned()
        ),
        (
            Some(0),
            "https://example.org/\n\
             https://example.org/s/\n\
             https://example.org/s/a/\tsource=content/s/a.md\n\
             https://example.org/tp/\n\
             https://example.org/tp/p/\tsource=themes/t/content/tp/p.md\n\
             https://example.org/x/\n\
             https://example.org/x/s/a/\tsource=content/s/a.md\n"
                .to_owned(),
            "public/: warning: no built page, so the sitemap is not checked against the site; \
             run `hugo` first, then the scan\n\
             sitemap: 3 files read as Hugo 0.111.3 (the hugo-version setting), 7 URLs, none \
             excluded; dry run, nothing written\n"
                .to_owned()
        )
    );
}

/// A project mount of `../docs` (content beside the site's folder, in the
/// same repository), scanned from above the site: its pages' source was
/// cleaned to a path outside the site root, and git, asked from the root,
/// found no history for it, so they had no lastmod (found on the corpus
/// site hugo-cur-openrail). Each is dated by its last commit.
#[test]
fn a_mount_beside_the_site_is_dated_by_git_from_above_the_site() {
    use sitemap_testkit::git::{history, log_date};
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    history(
        &repo,
        1_700_000_000,
        &[
            (
                0,
                "+0000",
                &[
                    (
                        "website/hugo.toml",
                        "baseURL = \"https://example.org/\"\n[module]\n[[module.mounts]]\nsource = \"content\"\ntarget = \"content\"\n[[module.mounts]]\nsource = \"../docs\"\ntarget = \"content/docs\"\n",
                    ),
                    ("website/content/_index.md", "---\ntitle: home\n---\n"),
                    ("docs/a.md", "---\ntitle: a\n---\n"),
                ],
            ),
            (86_400, "+0000", &[("docs/b.md", "---\ntitle: b\n---\n")]),
        ],
    );
    crate::pin_mtimes(&repo);
    let out = crate::sitemap(
        dir.path(),
        &["scan", "repo/website", "--dry-run", "--lastmod", "git"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (a, b) = (log_date(&repo, "docs/a.md"), log_date(&repo, "docs/b.md"));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "https://example.org/\tlastmod={a}\tsource=content/_index.md\n\
             https://example.org/categories/\n\
             https://example.org/docs/\tlastmod={b}\n\
             https://example.org/docs/a/\tlastmod={a}\tsource=repo/docs/a.md\n\
             https://example.org/docs/b/\tlastmod={b}\tsource=repo/docs/b.md\n\
             https://example.org/tags/\n"
        )
    );
}
