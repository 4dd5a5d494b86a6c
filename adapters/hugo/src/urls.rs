//! Hugo's URL rules for one page: language prefixes, ugly URLs, a front
//! matter `url` (joined as Go's `path.Join` does), slugs, and which
//! permalink pattern applies (`page_tokens` expands it).

use sitemap_content::paths::{PathRules, escapes, hugo_content_name, hugo_make_path};
use sitemap_content::{Error, Site};

use super::files::File;
use super::front_matter::get_str;
use super::page_tokens::expand_permalink;
use super::permalinks::Colons;
use super::settings::HugoConfig;

/// The URL prefix of a site (`key`, see `sites`): its role's and
/// version's folders (`/member/v1.0.0`, none for the default ones), then
/// its language's: none for the default language unless
/// `defaultContentLanguageInSubdir`.
pub(super) fn lang_prefix(cfg: &HugoConfig, key: &str) -> String {
    let lang = super::sites::language_of(key);
    let site = cfg.sites.prefix(key);
    // A multihost site's languages each have their own host: no folder.
    let own_hosts = !cfg.hosts.is_empty() && !cfg.hosts_share_paths;
    if (lang == cfg.default_language && !cfg.default_in_subdir) || own_hosts {
        site
    } else {
        format!("{site}/{lang}")
    }
}

/// Whether a section uses ugly URLs (`uglyURLs`, per section or site-wide).
pub(super) fn ugly_for(cfg: &HugoConfig, section: &str) -> bool {
    cfg.ugly_sections
        .get(section)
        .copied()
        .unwrap_or(cfg.ugly_urls)
}

/// A front matter `url` as a site path with a leading `/` (never outside
/// the site: `..` is cleaned against the root, as Hugo does). Hugo adds the language's
/// prefix to a relative one (`url: about/` of a German page is
/// `/de/about/`), not to one that starts with `/`. A regular page's is
/// used as written; a list page's (`_index`), in Hugo 0.111.3, is
/// sanitised as a path (`/Up Per/` is `/up-per/`, or `/Up-Per/` under
/// `disablePathToLower`): `sanitise` is then `Some(the language's path
/// rules)`. The current Hugo keeps a list page's as written too.
pub(super) fn checked_url(url: &str, lang_prefix: &str, sanitise: Option<PathRules>) -> String {
    let t = url.trim();
    let t = match sanitise {
        Some(rules) => {
            // A list page is a folder: `url = "categoria/sintaxe"` is
            // `/categoria/sintaxe/`.
            let mut t = hugo_make_path(t, rules);
            // `..` never leaves the site: Hugo cleans it against the root.
            if escapes(&t) {
                let rooted = go_join(&t);
                t = if t.starts_with('/') {
                    rooted
                } else {
                    rooted[1..].to_owned()
                };
            }
            if !t.ends_with('/') && !t.rsplit('/').next().unwrap_or("").contains('.') {
                t.push('/');
            }
            t
        }
        // A regular page's, as Hugo 0.111.3 joins it (Go's `path.Join`:
        // `//` and `.` segments go): a folder when it ends in `/` or holds
        // no `.` at all (`/a//b` is `/a/b/`, `/a.b/c` a file).
        // `..` is cleaned against the root (`/x/../../y/` is `/y/`).
        None => {
            let folder = t.ends_with('/') || !t.contains('.');
            let mut joined = go_join(t);
            if folder && joined != "/" {
                joined.push('/');
            }
            if t.starts_with('/') {
                joined
            } else {
                joined.split_off(1)
            }
        }
    };
    if t.starts_with('/') {
        t
    } else {
        format!("{lang_prefix}/{t}")
    }
}

pub(super) fn page_path(
    site: &Site,
    cfg: &HugoConfig,
    f: &File,
    lang_prefix: &dyn Fn(&str) -> String,
    ugly_for: &dyn Fn(&str) -> bool,
) -> Result<String, Error> {
    // An empty slug is no slug (`slug: ""`, or `slug:` with no value).
    // The current Hugo sanitises it as a path element of its own, which
    // drops the spaces at its ends (`" padded "` is `padded`), but under
    // ugly URLs the element is the slug and `.html`, whose space before
    // the dot is a hyphen (`padded-.html`; checked with 0.168.0); 0.111.3
    // made both spaces hyphens (`-padded-`).
    let current = cfg.rules().page_paths;
    let slug = get_str(&f.fm, "slug").filter(|s| {
        if current {
            !s.trim().is_empty()
        } else {
            !s.is_empty()
        }
    });
    // A leaf bundle's page is its folder; a file's is its name.
    let (dir, file_name): (&[String], &str) = if f.is_leaf() {
        match f.dir.split_last() {
            Some((last, rest)) => (rest, last.as_str()),
            None => (&[][..], ""),
        }
    } else {
        (&f.dir[..], f.name.as_str())
    };
    if let Some(url) = get_str(&f.fm, "url") {
        // Since Hugo 0.131 a `url` holding `:` is a permalink pattern
        // (`url: /recipes/:slug/`, cascaded to a section's pages).
        if url.contains(':') && cfg.rules().url_permalink_tokens {
            let slug = slug.map(|s| if current { s.trim() } else { s });
            let colons = Colons::of(cfg.rules().escaped_colons, true);
            let expanded = expand_permalink(url, f, dir, file_name, slug, cfg, colons)?;
            return Ok(checked_url(&expanded, &lang_prefix(&f.lang), None));
        }
        return Ok(checked_url(url, &lang_prefix(&f.lang), None));
    }
    let section = f.dir.first().map(|s| s.to_lowercase()).unwrap_or_default();
    if let Some(pattern) = page_pattern(cfg, &f.lang, &section, dir, file_name) {
        let slug = slug.map(|s| if current { s.trim() } else { s });
        let colons = Colons::of(cfg.rules().escaped_colons, false);
        let mut expanded = expand_permalink(pattern, f, dir, file_name, slug, cfg, colons)?;
        // Under `uglyURLs` a pattern's page is a file: `/2024/05/a/` is
        // written as `/2024/05/a.html` (an empty last token leaves the
        // folder above: `/2024/05.html`).
        // A pattern without a trailing slash (`posts = ":filename"`) is a
        // folder all the same under pretty URLs.
        if ugly_for(&section) && expanded.len() > 1 {
            if expanded.ends_with('/') {
                expanded.pop();
            }
            expanded.push_str(".html");
        } else if !expanded.ends_with('/') {
            expanded.push('/');
        }
        return Ok(format!("{}{}", lang_prefix(&f.lang), expanded));
    }
    // A page whose slug is `index` is its folder's index file, whose
    // URL is the folder, under ugly URLs too (`page_paths.go`'s
    // `baseNameSameAsType`; checked with 0.168.0 and 0.111.3).
    let index_slug = slug == Some("index");
    let last = match slug {
        _ if index_slug => std::borrow::Cow::Borrowed(""),
        Some(slug) => std::borrow::Cow::Borrowed(slug),
        None => hugo_content_name(file_name, current, cfg.path_rules(&f.lang).lower),
    };
    // The folders as the URL names them: a section's slug for its
    // folder (see `File::url_dir`); a permalink pattern above reads the
    // folders themselves.
    let mut rel: Vec<std::borrow::Cow<str>> = match &f.url_dir {
        Some(slugs) if slugs.len() == f.dir.len() => slugs[..dir.len()]
            .iter()
            .map(|s| std::borrow::Cow::Borrowed(s.as_str()))
            .collect(),
        _ => dir
            .iter()
            .map(|d| hugo_content_name(d, current, cfg.path_rules(&f.lang).lower))
            .collect(),
    };
    let _ = site;
    let ugly = ugly_for(&section) && !index_slug;
    if current && !escapes(&format!("{}/{last}", rel.join("/"))) {
        return Ok(element_path(
            &rel.join("/"),
            &last,
            ugly,
            &lang_prefix(&f.lang),
            cfg.path_rules(&f.lang),
        ));
    }
    if !last.is_empty() {
        rel.push(last);
    }
    // Hugo 0.111.3 sanitises the whole target path, its slashes and
    // `.html` included, so a space before them becomes a hyphen
    // (`slug: " padded "` is `/posts/-padded-/`).
    let mut rel = rel.join("/");
    // A slug's `..` climbs out of the section, never out of the site
    // (`slug: ../../s` is `/s/`), as Hugo joins the path.
    if escapes(&rel) {
        rel = go_join(&rel)[1..].to_owned();
    }
    Ok(if rel.is_empty() {
        format!("{}/", lang_prefix(&f.lang))
    } else if ugly {
        let path = hugo_make_path(&format!("/{rel}.html"), cfg.path_rules(&f.lang));
        format!("{}{path}", lang_prefix(&f.lang))
    } else {
        let path = hugo_make_path(&format!("/{rel}/"), cfg.path_rules(&f.lang));
        format!("{}{path}", lang_prefix(&f.lang))
    })
}

/// The permalink pattern of a page named `name` in the folders `dir` (a
/// bundle's folder left out): its top-level section's key in Hugo
/// 0.111.3; since 0.123 the first rule matching its path
/// ([`super::permalinks`]: `posts` covers `posts/2024/`, the `"/"` key
/// the pages at the root).
fn page_pattern<'c>(
    cfg: &'c HugoConfig,
    lang: &str,
    section: &str,
    dir: &[String],
    name: &str,
) -> Option<&'c str> {
    if !cfg.rules().permalink_targets {
        // 0.111.3: the first folder's key (the `"/"` key matches nothing).
        return cfg
            .permalinks
            .get(section)
            .filter(|_| !section.is_empty())
            .map(String::as_str);
    }
    let mut path = String::new();
    for part in dir.iter().map(String::as_str).chain([name]) {
        path.push('/');
        path.push_str(part);
    }
    cfg.permalink_rules_for(lang)
        .for_page_in("page", &path, &|g| cfg.sites.takes(g, lang))
}

/// `t` as Go's `path.Join("/", t)` makes it: empty and `.` segments
/// dropped, `..` takes the one before it and stops at the root; no
/// trailing `/` (only the root itself is `/`).
pub(super) fn go_join(t: &str) -> String {
    let mut segs: Vec<&str> = Vec::new();
    for seg in t.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                segs.pop();
            }
            _ => segs.push(seg),
        }
    }
    if segs.is_empty() {
        return "/".to_owned();
    }
    let mut out = String::with_capacity(t.len() + 1);
    for seg in segs {
        out.push('/');
        out.push_str(seg);
    }
    out
}

/// A regular page's path as the current Hugo builds it
/// (`page_paths.go`): its folders as one element, its slug or name as
/// another (with `.html` under ugly URLs), each sanitised on its own, so
/// the spaces at an element's ends are dropped (`slug: " padded "` is
/// `/posts/padded/`, or `/posts/padded-.html` where the space is inside
/// the element).
fn element_path(dir: &str, last: &str, ugly: bool, prefix: &str, rules: PathRules) -> String {
    let last = if ugly && !last.is_empty() {
        format!("{last}.html")
    } else {
        last.to_owned()
    };
    // The folders' element starts with a slash, so their leading
    // spaces are a hyphen (`/-d-x/`), as a section's path has them.
    let dir = if dir.is_empty() {
        String::new()
    } else {
        format!("/{dir}")
    };
    let mut elements: Vec<String> = [dir.as_str(), last.as_str()]
        .iter()
        .filter(|e| !e.is_empty())
        .map(|e| hugo_make_path(e, rules))
        .filter(|e| !e.is_empty())
        .collect();
    if ugly && last.is_empty() {
        // A leaf bundle at the root under ugly URLs: its folder's file.
        match elements.last_mut() {
            Some(dir) => dir.push_str(".html"),
            None => return format!("{prefix}/"),
        }
    }
    let path = elements
        .iter()
        .map(|e| e.trim_matches('/'))
        .collect::<Vec<_>>()
        .join("/");
    let path = path.trim_matches('/');
    if path.is_empty() {
        format!("{prefix}/")
    } else if ugly {
        format!("{prefix}/{path}")
    } else {
        format!("{prefix}/{path}/")
    }
}

/// A term's path segment. The current Hugo (0.123 on) parses the term's
/// page path as a content path, which turns each space into a hyphen
/// before the characters a path does not keep are dropped: `Smith & Son`
/// is `smith--son` there, `smith-son` in Hugo 0.111.3, and `Rius (?)`
/// `rius-` there, `rius` in 0.111.3.
///
/// Under ugly URLs the term and `.html` are one element, so a trailing
/// space is a hyphen there (`"x "` is `x-.html`, `/x/` otherwise).
pub(super) fn term_path(value: &str, cfg: &HugoConfig, rules: PathRules, ugly: bool) -> String {
    if !cfg.rules().term_paths || !value.contains(' ') {
        return hugo_make_path(value, rules);
    }
    if rules.lower {
        return hugo_make_path(&value.replace(' ', "-"), rules);
    }
    // Under `disablePathToLower` the term is made a path inside its
    // taxonomy's, so leading spaces are one hyphen (`" one"` is `-one`)
    // where a path of its own drops them (checked with 0.168.0).
    let suffix = if ugly { ".html" } else { "" };
    let path = hugo_make_path(&format!("/{value}{suffix}"), rules);
    let path = path.strip_suffix(suffix).unwrap_or(&path);
    path.strip_prefix('/').unwrap_or(path).to_owned()
}

/// The folder of a list's pagers (`/posts/page/2/`): `pagination.path`
/// (0.128 and later), else the older `paginatePath`, else `page`.
pub(super) fn pager_path(map: &serde_json::Map<String, serde_json::Value>) -> String {
    map.get("pagination")
        .and_then(|p| p.get("path"))
        .or_else(|| map.get("paginatepath"))
        .and_then(serde_json::Value::as_str)
        .map(|p| p.trim_matches('/'))
        .filter(|p| !p.is_empty())
        .unwrap_or("page")
        .to_owned()
}
