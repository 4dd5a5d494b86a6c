//! Hugo's `cascade`: front matter values a page hands down to the pages
//! below it (and, in the current Hugo, to itself), from its own front
//! matter or, for every page, from the site's configuration.
//!
//! How Hugo applies them (`hugolib/page__meta.go`, both versions): a
//! page's chain of cascades is its own, then its nearest ancestor's, and
//! so on up to the home page's, then the site's `cascade` setting; each
//! entry whose target matches the page fills the page's top-level keys
//! it does not set itself (a page's own `sitemap` table wins whole over
//! a cascaded one). Any key cascades: `draft`, `build`, `sitemap`,
//! `url`, `slug`, dates, `outputs`, `headless`…
//!
//! Where the versions differ ([`HugoRules`]):
//!
//! - the target is `target` (`_target` is still read) in the current
//!   Hugo; 0.111.3 reads only `_target`, and `target` is then a plain
//!   key, so its cascade matches every page;
//! - the target's `path` is the page's logical path (`/blog/post`) in
//!   the current Hugo, its file path (`/blog/post.md`) in 0.111.3;
//! - the current Hugo refuses `kind`, `path`, `lang` and `cascade` as
//!   cascaded keys, and a `kind` glob that matches no kind.
//!
//! The `_index` files are found per folder, once per scan, on the
//! walker's threads ([`Cascades::inherited`]); a folder's whole chain
//! is cached, so a page costs one lookup.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde_json::{Map, Value};
use sitemap_pages::yaml::Dialect;

use super::cascade_target::{Refusal, Target, target};
use super::rules::HugoRules;
use sitemap_content::FrontMatter;

/// One cascade table: its targets and the values it hands down, read
/// once for both versions (the version is asked only when an entry is
/// applied, and it is a process to wait for).
#[derive(Debug)]
pub(crate) struct Entry {
    /// `target`: read by the current Hugo only.
    target: Option<Target>,
    /// `_target`: read by both.
    old_target: Option<Target>,
    /// Every other key, lowercased, but `params` (template values).
    fields: Map<String, Value>,
    /// `target` and `params`, which 0.111.3 hands down as plain keys.
    old_fields: Map<String, Value>,
    /// Why the current Hugo refuses the table, if it does.
    refusal: Option<String>,
    /// Its `target` names a `lang` (or `language`).
    lang_target: bool,
}

/// A page as a target sees it.
pub(crate) struct PageRef<'a> {
    /// `home`, `page`, `section`, `taxonomy` or `term`.
    pub(crate) kind: &'a str,
    /// The logical path, lowercased, with a leading `/` (`/blog/post`).
    pub(crate) path: &'a str,
    /// The file's path below the content folder with a leading `/`
    /// (`/blog/post.md`), or the logical path of a page without a file.
    pub(crate) file_path: &'a str,
    pub(crate) lang: &'a str,
}

/// A `cascade` value (one table, or a list of them) as its entries.
pub(crate) fn parse(value: &Value) -> Vec<Entry> {
    let tables: Vec<&Map<String, Value>> = match value {
        Value::Object(m) => vec![m],
        Value::Array(items) => items.iter().filter_map(Value::as_object).collect(),
        _ => return Vec::new(),
    };
    let mut entries = Vec::new();
    for table in tables {
        let mut entry = Entry {
            target: None,
            old_target: None,
            fields: Map::new(),
            old_fields: Map::new(),
            refusal: None,
            lang_target: false,
        };
        let mut refuse = |why: String| {
            entry.refusal.get_or_insert(why);
        };
        for (key, v) in table {
            let lower = key.to_lowercase();
            match lower.as_str() {
                "_target" => match target(v) {
                    Ok(t) => entry.old_target = Some(t),
                    Err(why) => refuse(why),
                },
                "target" | "params" => {
                    if lower == "target" {
                        entry.lang_target = v.as_object().is_some_and(|t| {
                            t.keys().any(|k| {
                                k.eq_ignore_ascii_case("lang") || k.eq_ignore_ascii_case("language")
                            })
                        });
                        match target(v) {
                            Ok(t) => entry.target = Some(t),
                            Err(why) => refuse(why),
                        }
                    }
                    entry.old_fields.insert(lower, v.clone());
                }
                "kind" | "path" | "lang" | "cascade" => {
                    refuse(format!("key {lower:?} not allowed in cascade config"));
                    entry.fields.insert(lower, v.clone());
                }
                _ => {
                    entry.fields.insert(lower, v.clone());
                }
            }
        }
        if !entry.fields.is_empty() || !entry.old_fields.is_empty() || entry.refusal.is_some() {
            entries.push(entry);
        }
    }
    entries
}

/// Why the Hugo of `rules` refuses a cascade (or this tool cannot read
/// a target's glob), if either does.
pub(crate) fn refusal(entries: &[Entry], rules: &HugoRules) -> Option<Refusal> {
    // Globs are checked by their own rules (`cascade_target`).
    if let Some(refused) = entries
        .iter()
        .filter_map(|e| e.applied_target(rules))
        .find_map(|t| t.refusal(rules))
    {
        return Some(refused);
    }
    if !rules.cascade_refusals {
        return None;
    }
    // A target's `lang`: deprecated in 0.150, an error since.
    if rules.cascade_target_lang_refused && entries.iter().any(|e| e.lang_target) {
        return Some(Refusal::Hugo(
            "`target.lang` was deprecated in Hugo 0.150 and is refused now; target languages \
             with `target.sites.matrix.languages`"
                .to_owned(),
        ));
    }
    entries
        .iter()
        .find_map(|e| e.refusal.clone().map(Refusal::Hugo))
}

impl Entry {
    /// The `sites` table it hands down (Hugo 0.153 and later): which
    /// sites the pages it reaches are built for.
    pub(crate) fn sites(&self) -> Option<&Value> {
        self.fields.get("sites")
    }

    /// Whether it reaches `page` whatever the page's sites: `Some` when
    /// its target names no language (then whether its kind, path and
    /// environment match), `None` when it does (Hugo asks that of the
    /// page's sites once it knows them).
    pub(crate) fn reaches_any_site(&self, page: &PageRef, rules: &HugoRules) -> Option<bool> {
        match self.applied_target(rules) {
            None => Some(true),
            Some(t) if !t.names_languages() => Some(self.matches_but_sites(t, page, rules)),
            Some(_) => None,
        }
    }

    /// Whether its target, which names languages, reaches `page` in one
    /// of `languages`.
    pub(crate) fn reaches_languages(
        &self,
        page: &PageRef,
        languages: &[&str],
        rules: &HugoRules,
    ) -> bool {
        self.applied_target(rules).is_some_and(|t| {
            self.matches_but_sites(t, page, rules)
                && languages.iter().any(|l| t.matches_language(l, rules))
        })
    }

    /// Whether `target`'s kind, path and environment match `page`.
    fn matches_but_sites(&self, target: &Target, page: &PageRef, rules: &HugoRules) -> bool {
        let path = if rules.cascade_page_path {
            page.path
        } else {
            page.file_path
        };
        target.matches_but_sites(page.kind, path, super::config_files::environment(), rules)
    }

    /// The keys it hands down under `rules`.
    fn fields(&self, rules: &HugoRules) -> impl Iterator<Item = (&String, &Value)> {
        let old = (!rules.cascade_target).then_some(&self.old_fields);
        self.fields.iter().chain(old.into_iter().flatten())
    }

    /// The target the Hugo of `rules` reads, if the entry has one.
    fn applied_target(&self, rules: &HugoRules) -> Option<&Target> {
        if rules.cascade_target {
            self.target.as_ref().or(self.old_target.as_ref())
        } else {
            self.old_target.as_ref()
        }
    }

    fn matches(&self, page: &PageRef, rules: &HugoRules) -> bool {
        let path = if rules.cascade_page_path {
            page.path
        } else {
            page.file_path
        };
        let environment = super::config_files::environment();
        // A page's `lang` is its site's key (see `sites`).
        let lang = super::sites::language_of(page.lang);
        self.applied_target(rules)
            .is_none_or(|t| t.matches(page.kind, path, lang, environment, rules))
    }
}

/// Fills `fm`'s missing top-level keys from each matching entry of
/// `chain`, nearest first, as Hugo does. Touches `fm` only when an entry
/// matches.
pub(crate) fn apply<'e>(
    chain: impl IntoIterator<Item = &'e Entry>,
    page: &PageRef,
    rules: &HugoRules,
    fm: &mut FrontMatter,
) {
    for entry in chain {
        if !entry.matches(page, rules) {
            continue;
        }
        let missing: Vec<(&String, &Value)> = entry
            .fields(rules)
            .filter(|(k, _)| fm.get(k).is_none())
            .collect();
        if missing.is_empty() {
            continue;
        }
        let mut data = fm.data_mut();
        for (k, v) in missing {
            data.insert(k.clone(), v.clone());
        }
    }
}

/// What a folder inherits from the `_index` files above and in it:
/// their cascades, nearest first (the site's come after, from
/// [`Cascades::site`]), and the folder's names in URLs where a section's
/// `slug` renames one (`None`: no folder has one).
#[derive(Debug, Default)]
pub(crate) struct Inherited {
    cascades: Vec<Arc<Vec<Entry>>>,
    pub(crate) slugs: Option<Vec<String>>,
}

impl Inherited {
    /// Every entry, nearest first.
    pub(crate) fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.cascades.iter().flat_map(|e| e.iter())
    }

    /// Whether no cascade reaches the folder.
    pub(crate) fn is_empty(&self) -> bool {
        self.cascades.is_empty()
    }
}

pub(crate) type Chain = Arc<Inherited>;

/// What a folder's own `_index` hands the pages below it: its cascade,
/// and (Hugo 0.123 and later) its `slug`, which names the folder in the
/// URLs of the section and of everything below it.
#[derive(Debug, Default)]
pub(crate) struct Folder {
    cascade: Option<Arc<Vec<Entry>>>,
    slug: Option<String>,
}

type Own = Arc<Folder>;

/// The cascades of a scan: the site's, per language, and the `_index`
/// files' found as the walk needs them.
#[derive(Debug, Default)]
pub(crate) struct Cascades {
    /// Language -> the site's `cascade` setting (a language's own over
    /// the site's).
    site: HashMap<String, Vec<Entry>>,
    /// (folder, language) -> the chain of the folder and every folder
    /// above it inside its content root.
    chains: Mutex<HashMap<(PathBuf, String), Chain>>,
    /// (folder, language) -> that folder's own `_index` cascade.
    own: Mutex<HashMap<(PathBuf, String), Own>>,
    /// Which scan the walker threads' last lookup ([`LAST`]) belongs to:
    /// set anew at each reset.
    generation: std::sync::atomic::AtomicU64,
    /// The YAML the `_index` files are read as: the followed Hugo's,
    /// known by the time a scan starts (each reset).
    yaml: Mutex<Dialect>,
    /// The site's date orders, when a folder's dated name gives its
    /// `_index` a slug (the current Hugo's `:filename`), set at each reset.
    filename_slugs: Mutex<Option<super::lastmod_order::DateOrders>>,
}

/// The scans' generations, so a thread's last lookup is never another
/// scan's.
static GENERATIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

thread_local! {
    /// Each walker thread's last lookup: the files of a folder come one
    /// after another to one thread, so most lookups are this one, and
    /// need neither the lock nor a key built for the map.
    static LAST: std::cell::RefCell<Option<(u64, PathBuf, String, Chain)>> =
        const { std::cell::RefCell::new(None) };
}

impl Cascades {
    pub(crate) fn new(site: HashMap<String, Vec<Entry>>) -> Cascades {
        Cascades {
            site,
            ..Cascades::default()
        }
    }

    /// The site's cascade for a language.
    pub(crate) fn site(&self, lang: &str) -> &[Entry] {
        self.site
            .get(super::sites::language_of(lang))
            .map_or(&[], Vec::as_slice)
    }

    /// Forgets the `_index` files read: a scan starts afresh, reading
    /// them as `yaml`.
    pub(crate) fn reset(
        &self,
        yaml: Dialect,
        filename_slugs: Option<super::lastmod_order::DateOrders>,
    ) {
        *self.yaml.lock().unwrap_or_else(|e| e.into_inner()) = yaml;
        *self
            .filename_slugs
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = filename_slugs;
        self.generation.store(
            GENERATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            std::sync::atomic::Ordering::Relaxed,
        );
        self.chains
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        self.own.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// The chain a file in `folder` inherits in `lang`: the `_index` of
    /// `folder` and of each folder above it up to `root`, nearest first.
    /// `is_own_lang(name_lang)` says whether an `_index` named with that
    /// language (`None`: no language in its name) is `lang`'s.
    pub(crate) fn inherited(
        &self,
        root: &Path,
        folder: &Path,
        lang: &str,
        is_own_lang: &dyn Fn(Option<&str>) -> bool,
    ) -> Chain {
        let generation = self.generation.load(std::sync::atomic::Ordering::Relaxed);
        let last = LAST.with_borrow(|last| match last {
            Some((g, f, l, chain)) if *g == generation && f == folder && l == lang => {
                Some(Arc::clone(chain))
            }
            _ => None,
        });
        if let Some(chain) = last {
            return chain;
        }
        let chain = self.look_up(root, folder, lang, is_own_lang);
        LAST.set(Some((
            generation,
            folder.to_path_buf(),
            lang.to_owned(),
            Arc::clone(&chain),
        )));
        chain
    }

    /// [`Cascades::inherited`] past the thread's last lookup: the map,
    /// else the folder's own `_index` over its parent's chain, each
    /// folder's made once (walking every folder up to the root for each
    /// cost time cubic in the depth: sections 1,000 deep took 23 s).
    fn look_up(
        &self,
        root: &Path,
        folder: &Path,
        lang: &str,
        is_own_lang: &dyn Fn(Option<&str>) -> bool,
    ) -> Chain {
        let known = |dir: &Path| {
            self.chains
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get(&(dir.to_path_buf(), lang.to_owned()))
                .cloned()
        };
        // The folders whose chain is not made yet, deepest first, up to
        // the root or the nearest one made.
        let mut todo = Vec::new();
        let mut above = None;
        let mut at = Some(folder);
        while let Some(dir) = at {
            if let Some(chain) = known(dir) {
                above = Some(chain);
                break;
            }
            todo.push(dir);
            if dir == root {
                break;
            }
            at = dir.parent().filter(|p| p.starts_with(root));
        }
        let mut chain = above.unwrap_or_default();
        for dir in todo.into_iter().rev() {
            chain = self.own_over(root, dir, lang, is_own_lang, &chain);
            self.chains
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert((dir.to_path_buf(), lang.to_owned()), Arc::clone(&chain));
        }
        chain
    }

    /// `dir`'s chain: its own `_index` over `parent`'s chain (empty
    /// above the root, or where the parent is not below it).
    fn own_over(
        &self,
        root: &Path,
        dir: &Path,
        lang: &str,
        is_own_lang: &dyn Fn(Option<&str>) -> bool,
        parent: &Inherited,
    ) -> Chain {
        let own = self.own_of(dir, lang, is_own_lang);
        let cascades = own
            .cascade
            .iter()
            .chain(&parent.cascades)
            .map(Arc::clone)
            .collect();
        // The root names no folder.
        let name = dir
            .file_name()
            .filter(|_| dir != root)
            .map(|n| n.to_string_lossy().into_owned());
        let slugs = match (&parent.slugs, name) {
            (Some(above), Some(name)) => {
                let mut slugs = above.clone();
                slugs.push(own.slug.clone().unwrap_or(name));
                Some(slugs)
            }
            (Some(above), None) => Some(above.clone()),
            // The first slug of the chain: the folders' names above it.
            (None, Some(_)) => own.slug.as_ref().map(|slug| {
                let mut names = folder_names(root, dir.parent());
                names.push(slug.clone());
                names
            }),
            (None, None) => None,
        };
        Arc::new(Inherited { cascades, slugs })
    }

    /// The slug a dated folder name gives its `_index`
    /// (`2024-05-01-dated/` is `dated` where `:filename` gives a date;
    /// checked with 0.168.0, where 0.111.3 keeps the folder's name).
    fn filename_slug(&self, fm: &sitemap_content::FrontMatter, dir: &Path) -> Option<String> {
        let orders = self
            .filename_slugs
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let name = dir.file_name()?.to_str()?;
        super::front_matter::filename_dates(fm, name, orders.as_ref()?).0
    }

    /// What `dir`'s `_index` in `lang` hands down, read once.
    fn own_of(&self, dir: &Path, lang: &str, is_own_lang: &dyn Fn(Option<&str>) -> bool) -> Own {
        let key = (dir.to_path_buf(), lang.to_owned());
        if let Some(found) = self.own.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return found.clone();
        }
        let fm = super::files::index_file(dir, is_own_lang).and_then(|path| {
            let mut dirs = sitemap_content::front_matter::DirCache::default();
            let yaml = *self.yaml.lock().unwrap_or_else(|e| e.into_inner());
            sitemap_content::front_matter::read(&path, yaml, &mut dirs).ok()?
        });
        let found = Arc::new(Folder {
            // A cascade Hugo refuses is reported with its `_index`.
            cascade: fm
                .as_ref()
                .and_then(|fm| fm.get("cascade").map(parse))
                .filter(|entries| !entries.is_empty())
                .map(Arc::new),
            slug: fm
                .as_ref()
                .and_then(|fm| fm.get("slug"))
                .and_then(super::front_matter::cast_to_string)
                .map(|s| s.trim_matches('-').to_owned())
                .or_else(|| self.filename_slug(fm.as_ref()?, dir))
                .filter(|s| !s.is_empty()),
        });
        self.own
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, found.clone());
        found
    }
}

/// The names of `dir` and of each folder above it below `root`, from
/// the top: a chain's names before its first slug.
fn folder_names(root: &Path, dir: Option<&Path>) -> Vec<String> {
    let mut names = Vec::new();
    let mut at = dir.filter(|d| d.starts_with(root));
    while let Some(dir) = at {
        if dir == root {
            break;
        }
        if let Some(name) = dir.file_name() {
            names.push(name.to_string_lossy().into_owned());
        }
        at = dir.parent().filter(|p| p.starts_with(root));
    }
    names.reverse();
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use super::super::version::{CURRENT as NEW, DEBIAN as OLD, HugoVersion};

    fn page<'a>(kind: &'a str, path: &'a str, file_path: &'a str) -> PageRef<'a> {
        PageRef {
            kind,
            path,
            file_path,
            lang: "en",
        }
    }

    fn applied(cascade: Value, version: HugoVersion, p: &PageRef) -> Value {
        let entries = parse(&cascade);
        let mut fm = FrontMatter::default();
        apply(&entries, p, &HugoRules::of(version), &mut fm);
        Value::Object(fm.data().clone())
    }

    #[test]
    fn a_target_is_read_as_each_version_reads_it() {
        let c = json!([
            {"sitemap": {"disable": true}, "target": {"path": "/docs/**"}},
            {"draft": true, "_target": {"kind": "section"}},
        ]);
        let post = page("page", "/blog/a", "/blog/a.md");
        // The current Hugo: `target` limits the first to /docs.
        assert_eq!(applied(c.clone(), NEW, &post), json!({}));
        let doc = page("page", "/docs/a", "/docs/a.md");
        assert_eq!(
            applied(c.clone(), NEW, &doc),
            json!({"sitemap": {"disable": true}})
        );
        // 0.111.3: `target` is a plain key, so the entry matches all.
        assert_eq!(
            applied(c.clone(), OLD, &post),
            json!({"sitemap": {"disable": true}, "target": {"path": "/docs/**"}})
        );
        let section = page("section", "/blog", "/blog/_index.md");
        assert_eq!(applied(c, NEW, &section), json!({"draft": true}));
    }

    #[test]
    fn a_path_is_the_logical_path_now_and_the_file_path_in_0_111_3() {
        let c = json!({"draft": true, "_target": {"path": "/blog/*.md"}});
        let post = page("page", "/blog/a", "/blog/a.md");
        assert_eq!(applied(c.clone(), OLD, &post), json!({"draft": true}));
        assert_eq!(applied(c, NEW, &post), json!({}));
    }

    #[test]
    fn the_current_hugo_refuses_what_it_refuses() {
        let kind = parse(&json!({"kind": "page"}));
        assert_eq!(
            refusal(&kind, &HugoRules::of(NEW)),
            Some(Refusal::Hugo(
                "key \"kind\" not allowed in cascade config".to_owned()
            ))
        );
        assert_eq!(refusal(&kind, &HugoRules::of(OLD)), None);
        assert_eq!(
            refusal(
                &parse(&json!({"draft": true, "target": {"kind": "post"}})),
                &HugoRules::of(NEW)
            ),
            Some(Refusal::Hugo(
                "\"post\" did not match a valid Page Kind".to_owned()
            ))
        );
    }

    #[test]
    fn a_page_s_own_keys_and_nearer_entries_win() {
        let near = parse(&json!({"sitemap": {"priority": 0.9}}));
        let far = parse(&json!({"sitemap": {"disable": true}, "slug": "x"}));
        let mut fm = FrontMatter::default();
        fm.data_mut().insert("Slug".into(), json!("own"));
        let p = page("page", "/a", "/a.md");
        apply(near.iter().chain(&far), &p, &HugoRules::of(NEW), &mut fm);
        assert_eq!(
            Value::Object(fm.data().clone()),
            json!({"Slug": "own", "sitemap": {"priority": 0.9}})
        );
    }

    #[test]
    fn languages_and_environments_are_globs() {
        let c = json!({"draft": true, "target": {"sites": {"matrix": {"languages": ["f*"]}}, "environment": "{production,staging}"}});
        let mut fr = page("page", "/a", "/a.md");
        fr.lang = "fr";
        assert_eq!(applied(c.clone(), NEW, &fr), json!({"draft": true}));
        assert_eq!(applied(c, NEW, &page("page", "/a", "/a.md")), json!({}));
        let dev = json!({"draft": true, "target": {"environment": "development"}});
        assert_eq!(applied(dev, NEW, &fr), json!({}));
    }
}
