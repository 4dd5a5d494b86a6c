//! Hugo's sites (0.153 and later): one per language, version and role,
//! each with its own pages at its own URLs (`/member/v1.0.0/fr/docs/`:
//! the role's folder, then the version's, then the language's, each left
//! out for the default unless `defaultContent…InSubdir`).
//!
//! The scan keys everything per site with a text it already keyed per
//! language: a site of the default version and role is keyed by its
//! language alone (`fr`), so a site without versions or roles is scanned
//! as before; any other by `fr|v1.0.0|member` ([`Sites::key`]). What
//! belongs to a language (its taxonomies, kinds, host, permalinks) is
//! asked of the key's language ([`language_of`]).
//!
//! Versions and roles are read from `[versions]` and `[roles]` (a
//! `weight` each), `defaultContentVersion` and `defaultContentRole`
//! (Hugo refuses one that names none of them; unset, the first in
//! Hugo's order, or `v1.0.0` and `guest` when none is defined) and their
//! `…InSubdir`. Hugo orders versions by weight (a weight of 0 after
//! every other), then greatest first; roles by weight, then name.

use std::path::Path;

use serde_json::{Map, Value};

use super::config_files::{Sources, origin};
use super::matrix::{Dimension, LANGUAGE, Matrix, ROLE, Semver, VERSION};
use sitemap_content::Error;
use sitemap_content::config::config_err;

/// Between the parts of a site's key (`fr|v1.0.0|member`).
const SEP: char = '|';

/// The language of a site's key.
pub(crate) fn language_of(key: &str) -> &str {
    key.split(SEP).next().unwrap_or(key)
}

/// The sites Hugo builds: its three dimensions.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sites {
    pub(crate) dims: [Dimension; 3],
}

impl Sites {
    /// The key of a site by its indexes.
    pub(crate) fn key(&self, site: [usize; 3]) -> String {
        let [l, v, r] = site;
        let lang = self.dims[LANGUAGE].names.get(l).map_or("", String::as_str);
        if v == self.dims[VERSION].default && r == self.dims[ROLE].default {
            return lang.to_owned();
        }
        let name = |d: usize, i: usize| self.dims[d].names.get(i).map_or("", String::as_str);
        format!("{lang}{SEP}{}{SEP}{}", name(VERSION, v), name(ROLE, r))
    }

    /// A key's language, version and role names.
    pub(crate) fn split<'a>(&'a self, key: &'a str) -> [&'a str; 3] {
        let mut parts = key.split(SEP);
        let lang = parts.next().unwrap_or(key);
        match (parts.next(), parts.next()) {
            (Some(v), Some(r)) => [lang, v, r],
            _ => [
                lang,
                self.dims[VERSION].default_name(),
                self.dims[ROLE].default_name(),
            ],
        }
    }

    /// A key's indexes; `None` for a language no longer built.
    pub(crate) fn indexes(&self, key: &str) -> Option<[usize; 3]> {
        let [l, v, r] = self.split(key);
        Some([
            self.dims[LANGUAGE].names.iter().position(|n| n == l)?,
            self.dims[VERSION].names.iter().position(|n| n == v)?,
            self.dims[ROLE].names.iter().position(|n| n == r)?,
        ])
    }

    /// Whether a target's `sites.matrix` takes the site `key` (Hugo's
    /// page matcher: a dimension it does not set takes every value).
    pub(crate) fn takes(&self, globs: &super::matrix::Globs, key: &str) -> bool {
        self.indexes(key).is_some_and(|site| {
            Matrix::of_globs(globs, &self.dims)
                .0
                .with_all(&self.dims)
                .has(site)
        })
    }

    /// The URL folders of a site's role and version (`/member/v1.0.0`),
    /// before its language's; empty for the default ones.
    pub(crate) fn prefix(&self, key: &str) -> String {
        let [_, v, r] = self.split(key);
        let mut out = String::new();
        for (d, name) in [(ROLE, r), (VERSION, v)] {
            let dim = &self.dims[d];
            if name != dim.default_name() || dim.in_subdir {
                out.push('/');
                out.push_str(name);
            }
        }
        out
    }

    /// Whether there is a site besides one per language: more than one
    /// version or role, or a default one in its folder.
    pub(crate) fn is_matrix(&self) -> bool {
        [VERSION, ROLE].iter().any(|&d| {
            let dim = &self.dims[d];
            dim.names.len() > 1 || dim.in_subdir
        })
    }

    /// Every site's key, language first, then version, then role.
    pub(crate) fn keys(&self) -> Vec<String> {
        Matrix::default()
            .with_all(&self.dims)
            .sites()
            .into_iter()
            .map(|s| self.key(s))
            .collect()
    }

    /// The keys of the sites in `m`.
    pub(crate) fn keys_of(&self, m: &Matrix) -> Vec<String> {
        m.sites().into_iter().map(|s| self.key(s)).collect()
    }

    /// The sites of the Hugo followed: with the sites matrix (`matrix`,
    /// 0.153 and later) as the settings say, else one version and role;
    /// `ranges`: whether its glob slices read ranges (0.155 and later).
    /// `languages`: the languages built, in Hugo's order; `flag` reads
    /// a boolean setting (`defaultcontentroleinsubdir`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn read(
        map: &Map<String, Value>,
        languages: Vec<String>,
        default_language: &str,
        matrix: bool,
        ranges: bool,
        flag: &dyn Fn(&str) -> Result<bool, Error>,
        sources: &Sources,
        path: &Path,
    ) -> Result<Sites, Error> {
        let default = languages
            .iter()
            .position(|l| l == default_language)
            .unwrap_or(0);
        let language = Dimension {
            names: languages,
            default,
            in_subdir: false,
            semver: false,
            ranges,
        };
        let one = |name: &str, semver| Dimension {
            names: vec![name.to_owned()],
            default: 0,
            in_subdir: false,
            semver,
            ranges,
        };
        if !matrix {
            return Ok(Sites {
                dims: [language, one("v1.0.0", true), one("guest", false)],
            });
        }
        let version = dimension(map, "versions", "v1.0.0", sources, path)?;
        let role = dimension(map, "roles", "guest", sources, path)?;
        let version = Dimension {
            in_subdir: flag("defaultcontentversioninsubdir")?,
            ranges,
            ..version
        };
        let role = Dimension {
            in_subdir: flag("defaultcontentroleinsubdir")?,
            ranges,
            ..role
        };
        let made = language.names.len() * version.names.len() * role.names.len();
        if made > MAX_SITES {
            return Err(config_err(
                origin(sources, &["versions"], path),
                format!(
                    "the sites matrix makes {made} sites ({} language(s) × {} version(s) × {} \
                     role(s)), more than the {MAX_SITES} the scan reads: each page is worked out \
                     for each site; drop the versions or roles no longer built",
                    language.names.len(),
                    version.names.len(),
                    role.names.len()
                ),
            ));
        }
        Ok(Sites {
            dims: [language, version, role],
        })
    }
}

/// The most sites a matrix may make (languages × versions × roles). A
/// real site makes a few dozen; the scan works each page out for each
/// site, and 300 languages × 300 versions × 2 roles (180,000 sites) ran
/// for over a minute before its first page.
const MAX_SITES: usize = 10_000;

/// `versions` or `roles` with their default.
fn dimension(
    map: &Map<String, Value>,
    table: &str,
    fallback: &str,
    sources: &Sources,
    path: &Path,
) -> Result<Dimension, Error> {
    let singular = &table[..table.len() - 1];
    let default_key = format!("defaultcontent{singular}");
    let shown_key = format!(
        "defaultContent{}{}",
        singular[..1].to_uppercase(),
        &singular[1..]
    );
    let named = map
        .get(&default_key)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map(str::to_owned);
    let mut weighted: Vec<(i64, String)> = match map.get(table) {
        Some(Value::Object(t)) => t
            .iter()
            .map(|(k, v)| {
                (
                    super::languages::cast_int(v.get("weight")),
                    k.to_lowercase(),
                )
            })
            .collect(),
        _ => Vec::new(),
    };
    if weighted.is_empty() {
        weighted.push((0, named.clone().unwrap_or_else(|| fallback.to_owned())));
    }
    let semver = table == "versions";
    weighted.sort_by(|(wa, a), (wb, b)| {
        use std::cmp::Ordering;
        match (wa, wb) {
            _ if wa == wb && semver => Semver::parse(a).hugo_order(&Semver::parse(b)),
            _ if wa == wb => a.cmp(b),
            (_, 0) => Ordering::Less,
            (0, _) => Ordering::Greater,
            _ => wa.cmp(wb),
        }
    });
    let names: Vec<String> = weighted.into_iter().map(|(_, n)| n).collect();
    let default = match &named {
        Some(n) => names.iter().position(|x| x == n).ok_or_else(|| {
            config_err(
                origin(sources, &[&default_key], path),
                format!(
                    "`{shown_key}` is `{n}`, which is none of the {table} defined ({}): Hugo \
                     0.153 and later refuse it",
                    names
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?,
        None => 0,
    };
    Ok(Dimension {
        names,
        default,
        in_subdir: false,
        semver,
        ranges: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sites(config: Value) -> Sites {
        let map = config.as_object().unwrap().clone();
        let sources = Sources::default();
        let langs = vec!["en".to_owned(), "fr".to_owned()];
        let flag = |k: &str| Ok(map.get(k).and_then(Value::as_bool).unwrap_or(false));
        Sites::read(
            &map,
            langs,
            "en",
            true,
            true,
            &flag,
            &sources,
            Path::new("hugo.toml"),
        )
        .unwrap()
    }

    #[test]
    fn keys_and_prefixes_follow_the_defaults() {
        let s = sites(serde_json::json!({
            "versions": {"v1.0.0": {}, "v2.0.0": {}},
            "roles": {"guest": {"weight": 1}, "member": {"weight": 2}},
        }));
        assert_eq!(s.dims[VERSION].names, ["v2.0.0", "v1.0.0"]);
        assert_eq!(
            s.keys(),
            [
                "en",
                "en|v2.0.0|member",
                "en|v1.0.0|guest",
                "en|v1.0.0|member",
                "fr",
                "fr|v2.0.0|member",
                "fr|v1.0.0|guest",
                "fr|v1.0.0|member"
            ]
        );
        assert_eq!(s.prefix("fr"), "");
        assert_eq!(s.prefix("fr|v1.0.0|member"), "/member/v1.0.0");
        assert_eq!(s.split("en"), ["en", "v2.0.0", "guest"]);
        assert_eq!(s.indexes("fr|v1.0.0|member"), Some([1, 1, 1]));
        assert_eq!(language_of("fr|v1.0.0|member"), "fr");
        assert!(s.is_matrix());
    }

    #[test]
    fn a_default_in_its_folder_has_its_prefix() {
        let s = sites(serde_json::json!({
            "defaultcontentroleinsubdir": true,
            "defaultcontentversion": "v1",
            "versions": {"v1": {}, "v2": {}},
        }));
        assert_eq!(s.prefix("en"), "/guest");
        assert_eq!(s.prefix("en|v2|guest"), "/guest/v2");
        let plain = sites(serde_json::json!({}));
        assert!(!plain.is_matrix());
        assert_eq!(plain.keys(), ["en", "fr"]);
    }

    #[test]
    fn a_default_that_names_nothing_is_refused() {
        let map = serde_json::json!({
            "defaultcontentrole": "doesnotexist",
            "roles": {"guest": {}, "member": {}},
        });
        let err = Sites::read(
            map.as_object().unwrap(),
            vec!["en".to_owned()],
            "en",
            true,
            true,
            &|_| Ok(false),
            &Sources::default(),
            Path::new("hugo.toml"),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "hugo.toml: `defaultContentRole` is `doesnotexist`, which is none of the roles \
             defined (`guest`, `member`): Hugo 0.153 and later refuse it"
        );
    }
}
