//! One test site written to disk as a Hugo project, without its
//! templates.
//!
//! - Layouts are dropped (`layouts/…`, `themes/<t>/layouts/…`): the
//!   tests' templates print what the test asserts, and some fail on
//!   purpose; Hugo's embedded sitemap template, the one users get, is
//!   then the one that runs. Everything else stays (content, config,
//!   data, i18n, assets, the themes' config and content).
//! - Shortcode templates are the exception: each becomes a stand-in of
//!   the same name that prints nothing ([`shortcode_stand_in`]), so
//!   content calling it still builds (Hugo refuses a page whose
//!   shortcode has no template) and no test template runs; for a Hugo
//!   before 0.146 in `layouts/shortcodes/` too ([`legacy_shortcode`]),
//!   where it looks for them.
//! - A site with a content adapter (`_content.gotmpl`) also gets
//!   [`CATCH_ALL`] as `layouts/all.html` (Hugo 0.146+'s catch-all
//!   template), so Hugo writes each page's HTML: the scan cannot run the
//!   adapter's template and lists its pages from the build, which is how
//!   users run it (`hugo && sitemap scan`), and which
//!   [`super::compare`] then does for these sites.
//! - A site without a configuration file (Hugo's test builder supplies
//!   the rest of the project) gets an empty `hugo.toml`: Hugo reads no
//!   file and an empty one alike, as its defaults (0.111.3 refuses a
//!   project with none), and a user's Hugo site has one (`hugo new site`
//!   writes it), which is how the scan knows a Hugo site from any
//!   folder.
//! - `sitemap` is taken out of every `disableKinds` of the site's
//!   configuration ([`super::sitemap_kind`]): the kind decides whether
//!   Hugo writes `sitemap.xml`, never which pages it builds.
//! - The project is `<dir>/root/site`: a few tests write files beside
//!   it (`../external-module/go.mod`), which land in `<dir>/root`; a
//!   path that would leave `<dir>/root` is dropped.
//! - `sourcefilename: PATH` (a file the test reads from Hugo's tree) is
//!   read from the snapshot; images stay the base64 text the test holds
//!   (the builder decodes them; no template is left to read them, and no
//!   image is a page).

use std::path::{Component, Path, PathBuf};

use anyhow::{Context, Result};

use super::extract::{self, Site};

/// The base URL both sides get when the site's configuration names
/// none: the one Hugo 0.168.0 falls back to, given to both explicitly so
/// the comparison does not depend on a Hugo version's default (0.111.3
/// has none and writes relative locs), and our scan, which refuses a
/// site without one, scans it as Hugo built it.
pub(super) const DEFAULT_BASE_URL: &str = "https://example.org/";

/// The page template a site with a content adapter gets: each page's
/// title, and no content (content would run the test's shortcodes).
const CATCH_ALL: &str =
    "<!doctype html><html><head><title>{{ .Title }}</title></head><body></body></html>\n";

/// Whether the site holds a content adapter.
pub(super) fn has_content_adapter(site: &Site) -> bool {
    site.files
        .iter()
        .any(|(name, _)| name.rsplit('/').next() == Some("_content.gotmpl"))
}

/// Whether a file is configuration: `hugo.*`/`config.*` at the root, or
/// anything under `config/`.
pub(super) fn is_config(name: &str) -> bool {
    let name = name.trim_start_matches("./").trim_start_matches('/');
    if name.starts_with("config/") {
        return true;
    }
    let Some((stem, ext)) = name.split_once('.') else {
        return false;
    };
    matches!(stem, "hugo" | "config") && matches!(ext, "toml" | "yaml" | "yml" | "json")
}

/// What a shortcode's template is replaced with: nothing printed, and
/// `.Inner` named when the test's template names it. Hugo reads from the
/// template whether a call must be closed (`{{< s >}}…{{< /s >}}`) or
/// must not be, and refuses content that does the other.
fn shortcode_stand_in(template: &str) -> &'static str {
    if template.contains(".Inner") {
        "{{ if false }}{{ .Inner }}{{ end }}"
    } else {
        ""
    }
}

/// Whether a template is a shortcode's, of the site or a theme:
/// `layouts/shortcodes/…`, or `…/_shortcodes/…` anywhere under
/// `layouts/` (newer Hugo looks them up per section too).
fn is_shortcode(name: &str) -> bool {
    let name = name.trim_start_matches("./").trim_start_matches('/');
    let layouts = name
        .strip_prefix("themes/")
        .and_then(|rest| rest.split_once('/'))
        .map_or(name, |(_, rest)| rest);
    layouts.strip_prefix("layouts/").is_some_and(|rest| {
        rest.starts_with("shortcodes/") || rest.split('/').any(|part| part == "_shortcodes")
    })
}

/// Whether a file is a template, dropped from the site.
fn is_layout(name: &str) -> bool {
    let name = name.trim_start_matches("./").trim_start_matches('/');
    name.starts_with("layouts/")
        || name
            .strip_prefix("themes/")
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(_, rest)| rest.starts_with("layouts/"))
}

/// Whether the site's configuration names a base URL (any `baseURL` key,
/// in any case, in any of its files); when not, both sides get
/// [`DEFAULT_BASE_URL`].
pub(super) fn has_base_url(site: &Site) -> bool {
    site.files.iter().any(|(name, data)| {
        is_config(name)
            && String::from_utf8_lossy(data)
                .to_lowercase()
                .contains("baseurl")
    })
}

/// A site as written: its project folder, and whether a `disableKinds`
/// of its configuration lost `sitemap` ([`super::sitemap_kind`]).
pub(super) struct Written {
    pub(super) project: PathBuf,
    pub(super) sitemap_enabled: bool,
}

/// Whether a file may hold settings Hugo reads: a configuration file of
/// the project ([`is_config`]), of a theme or module beside it, or under
/// any `config/` folder.
fn holds_settings(name: &str) -> bool {
    let name = name.trim_start_matches("./").trim_start_matches('/');
    let file = name.rsplit('/').next().unwrap_or(name);
    is_config(name) || is_config(file) || name.split('/').rev().skip(1).any(|part| part == "config")
}

/// Where a Hugo before 0.146 looks for a shortcode the test keeps in
/// `layouts/_shortcodes/` (0.146's layout): `layouts/shortcodes/`.
fn legacy_shortcode(path: &Path) -> Option<PathBuf> {
    let text = path.to_str()?;
    let at = text.find("/layouts/_shortcodes/")?;
    Some(PathBuf::from(format!(
        "{}/layouts/shortcodes/{}",
        &text[..at],
        &text[at + "/layouts/_shortcodes/".len()..]
    )))
}

/// Writes the site under `dir` (which must not exist). `legacy_layouts`:
/// for a Hugo before 0.146, each shortcode stand-in is also written
/// where that Hugo looks for it ([`legacy_shortcode`]).
pub(super) fn write(
    site: &Site,
    dir: &Path,
    git_dir: &Path,
    commit: &str,
    legacy_layouts: bool,
) -> Result<Written> {
    let root = dir.join("root");
    let project = root.join("site");
    std::fs::create_dir_all(&project)?;
    let mut sitemap_enabled = false;
    for (name, data) in &site.files {
        if is_layout(name) && !is_shortcode(name) {
            continue;
        }
        let Some(path) = inside(&root, &project, name) else {
            continue;
        };
        let text = String::from_utf8_lossy(data);
        let data = match text.trim().strip_prefix("sourcefilename:") {
            _ if is_shortcode(name) => shortcode_stand_in(&text).as_bytes().to_vec(),
            Some(rel) => {
                let path = normalise(&format!("{}/{}", site.dir, rel.trim()));
                extract::read_file(git_dir, commit, &path).unwrap_or_default()
            }
            None if is_config(name) && std::env::var_os("SM_KEEP_SITEMAP").is_some() => {
                keep_sitemap(&text).into_bytes()
            }
            None => data.clone(),
        };
        let data = match holds_settings(name)
            .then(|| super::sitemap_kind::enable_sitemap(&String::from_utf8_lossy(&data)))
            .flatten()
        {
            Some(text) => {
                sitemap_enabled = true;
                text.into_bytes()
            }
            None => data,
        };
        if legacy_layouts
            && is_shortcode(name)
            && let Some(legacy) = legacy_shortcode(&path)
        {
            std::fs::create_dir_all(legacy.parent().expect("a file has a folder"))?;
            std::fs::write(&legacy, &data)?;
        }
        std::fs::create_dir_all(path.parent().expect("a file has a folder"))?;
        std::fs::write(&path, data).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if has_content_adapter(site) {
        std::fs::create_dir_all(project.join("layouts"))?;
        std::fs::write(project.join("layouts/all.html"), CATCH_ALL)?;
    }
    if !site.files.iter().any(|(name, _)| is_config(name)) {
        std::fs::write(project.join("hugo.toml"), "")?;
    }
    Ok(Written {
        project,
        sitemap_enabled,
    })
}

fn keep_sitemap(text: &str) -> String {
    let mut out = String::new();
    for l in text.lines() {
        let mut l = l.to_owned();
        if l.to_lowercase().contains("disablekinds") {
            for q in ["\"", "'", ""] {
                for pat in [
                    format!("{q}sitemap{q}, "),
                    format!("{q}sitemap{q},"),
                    format!(", {q}sitemap{q}"),
                    format!(",{q}sitemap{q}"),
                    format!("{q}sitemap{q}"),
                ] {
                    l = l.replace(&pat, "");
                }
            }
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

/// `name` (relative to `project`, `..` allowed) as a path under `root`,
/// or `None` when it leaves `root`.
fn inside(root: &Path, project: &Path, name: &str) -> Option<PathBuf> {
    let rel = project.strip_prefix(root).ok()?;
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for c in Path::new(name.trim_start_matches('/')).components() {
        match c {
            Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => {}
        }
    }
    (!parts.is_empty()).then(|| root.join(parts.join("/")))
}

/// A slash path with `.` and `..` resolved (a path in Hugo's tree).
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for p in path.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_go_config_stays() {
        assert!(is_layout("layouts/index.html"));
        assert!(is_layout("themes/mytheme/layouts/_default/single.html"));
        assert!(!is_layout("themes/mytheme/hugo.toml"));
        assert!(!is_layout("content/layouts/x.md"));
        assert!(is_shortcode("layouts/_shortcodes/a.html"));
        assert!(is_shortcode("themes/t/layouts/shortcodes/b.md"));
        assert!(is_shortcode("layouts/blog/_shortcodes/b.html"));
        assert!(!is_shortcode("layouts/_partials/shortcodes/c.html"));
        assert!(is_config("hugo.toml") && is_config("config/_default/params.yaml"));
        assert!(!is_config("hugo.toml.temp") && !is_config("content/hugo.toml"));
    }

    #[test]
    fn a_site_with_a_content_adapter_gets_the_catch_all_template() {
        let site = |files: &[&str]| Site {
            name: "t.go:1".to_owned(),
            dir: "hugolib".to_owned(),
            files: files
                .iter()
                .map(|f| ((*f).to_owned(), Vec::new()))
                .collect(),
            not_literal: None,
        };
        let dir = tempfile::tempdir().unwrap();
        let with = site(&[
            "hugo.toml",
            "content/docs/_content.gotmpl",
            "layouts/all.html",
        ]);
        assert!(has_content_adapter(&with));
        let project = write(&with, &dir.path().join("a"), dir.path(), "HEAD", false)
            .unwrap()
            .project;
        assert_eq!(
            std::fs::read_to_string(project.join("layouts/all.html")).unwrap(),
            CATCH_ALL
        );
        let without = site(&["hugo.toml", "content/_index.md"]);
        assert!(!has_content_adapter(&without));
        let project = write(&without, &dir.path().join("b"), dir.path(), "HEAD", false)
            .unwrap()
            .project;
        assert!(!project.join("layouts").exists());
        // No configuration: an empty one, Hugo's defaults.
        let bare = site(&["content/_index.md"]);
        let project = write(&bare, &dir.path().join("c"), dir.path(), "HEAD", false)
            .unwrap()
            .project;
        assert_eq!(
            std::fs::read_to_string(project.join("hugo.toml")).unwrap(),
            ""
        );
    }

    #[test]
    fn the_sitemap_kind_is_enabled_in_every_settings_file() {
        let files = [
            ("hugo.toml", "disableKinds = ['rss', 'sitemap']\n"),
            (
                "config/_default/languages.yaml",
                "en:\n  disableKinds: [sitemap]\n",
            ),
            ("themes/t/hugo.toml", "disableKinds = [\"SITEMAP\"]\n"),
            ("content/p.md", "disableKinds = ['sitemap']\n"),
        ];
        let site = Site {
            name: "t.go:1".to_owned(),
            dir: "hugolib".to_owned(),
            files: files
                .iter()
                .map(|(n, d)| ((*n).to_owned(), d.as_bytes().to_vec()))
                .collect(),
            not_literal: None,
        };
        let dir = tempfile::tempdir().unwrap();
        let written = write(&site, &dir.path().join("a"), dir.path(), "HEAD", false).unwrap();
        assert!(written.sitemap_enabled);
        let read = |p: &str| std::fs::read_to_string(written.project.join(p)).unwrap();
        assert_eq!(read("hugo.toml"), "disableKinds = ['rss']\n");
        assert_eq!(
            read("config/_default/languages.yaml"),
            "en:\n  disableKinds: []\n"
        );
        assert_eq!(read("themes/t/hugo.toml"), "disableKinds = []\n");
        // Content is no configuration: left as the test wrote it.
        assert_eq!(read("content/p.md"), "disableKinds = ['sitemap']\n");
    }

    #[test]
    fn paths_stay_under_the_root() {
        let (root, project) = (Path::new("/r/root"), Path::new("/r/root/site"));
        assert_eq!(
            inside(root, project, "../ext/go.mod"),
            Some(PathBuf::from("/r/root/ext/go.mod"))
        );
        assert_eq!(inside(root, project, "../../x"), None);
        assert_eq!(
            inside(root, project, "/hugo.toml"),
            Some(PathBuf::from("/r/root/site/hugo.toml"))
        );
        assert_eq!(normalise("a/b/../c/./d"), "a/c/d");
        assert_eq!(
            legacy_shortcode(Path::new("/r/root/site/layouts/_shortcodes/a/b.html")),
            Some(PathBuf::from("/r/root/site/layouts/shortcodes/a/b.html"))
        );
        assert_eq!(
            legacy_shortcode(Path::new("/r/root/site/layouts/blog/_shortcodes/b.html")),
            None
        );
    }
}
