//! The first phase: which content folders Hugo mounts, walked, and each
//! file classified (its language, kind, URL and exclusion) on the
//! walker's threads.

use std::path::{Path, PathBuf};

use sitemap_content::walk::{Found, walk};
use sitemap_content::{ContentScan, Error, LeftOut, Reason};

use super::super::classify::classify;
use super::super::files::{Classified, File, Files, Root, accept};
use super::Scan;

/// Whether a content file is of a disabled language: its name's
/// (`a.it.md`), else its content folder's.
fn of_disabled_language(
    path: &Path,
    folder_lang: Option<&str>,
    languages: &[String],
    cfg: &super::super::settings::HugoConfig,
) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let lang = match stem.rsplit_once('.') {
        Some((_, l))
            if languages.iter().any(|k| k.eq_ignore_ascii_case(l))
                || cfg.disabled_languages.contains(&l.to_lowercase()) =>
        {
            Some(l.to_lowercase())
        }
        _ => folder_lang.map(str::to_lowercase),
    };
    lang.is_some_and(|l| cfg.disabled_languages.contains(&l))
}

/// Keeps a classified content file, unless its language is disabled;
/// its warnings and refusal go to the run's.
fn keep(
    mut file: Box<File>,
    files: &mut Files,
    scan: &mut ContentScan,
    page_errors: &mut Vec<(PathBuf, Error)>,
) {
    if file.exclusion == Some(Reason::LanguageDisabled) {
        // Read for nothing: no page, section or term of it exists.
        scan.excluded
            .push(LeftOut::new(file.path, Reason::LanguageDisabled));
        return;
    }
    scan.warnings.append(&mut file.warnings);
    if let Some(e) = file.refused.take() {
        page_errors.push((file.path.clone(), *e));
    }
    files.push(file);
}

impl Scan<'_> {
    /// Walks every content folder and keeps the content files: a file
    /// without front matter or in a disabled language is excluded here,
    /// and a file's refusal is kept to report with the others.
    pub(super) fn read_content(&mut self, now: jiff::Timestamp) -> Result<Files, Error> {
        let (site, cfg) = (self.site, self.cfg);
        let roots = self.content_roots();
        let all_roots: Vec<PathBuf> = roots.iter().map(|r| r.dir.clone()).collect();
        let mut files: Files = Vec::new();
        let scan = &mut self.scan;
        scan.warnings.extend(cfg.mounts.warnings.iter().cloned());
        scan.warnings.extend(cfg.blind_spots.iter().cloned());
        let page_errors = &mut self.page_errors;
        for root in &roots {
            let content_dir = &root.dir;
            // A language's folder (or a mount) inside another content
            // folder is walked on its own, as that language's.
            let nested: Vec<&PathBuf> = all_roots
                .iter()
                .filter(|r| *r != content_dir && r.starts_with(content_dir))
                .collect();
            let skip = |p: &Path| {
                nested.iter().any(|r| p.starts_with(r))
                    || ignored(&cfg.ignore_files, p, content_dir)
                    || root.mount.as_ref().is_some_and(|m| {
                        !m.keeps(sitemap_content::paths::below(p, content_dir).unwrap_or(p))
                    })
            };
            let classify = |mut found: Found| {
                if !root.target.is_empty() {
                    found.rel.splice(0..0, root.target.iter().cloned());
                }
                classify(found, root, None, site, cfg, now)
            };
            let walked = walk(
                site,
                content_dir,
                &|name| accept(name, cfg.version.yaml()),
                &skip,
                &classify,
                Classified::path,
            )?;
            scan.warnings.extend(walked.warnings);
            // Every bad file is reported, not only the first: gathered here
            // and with the pages' own errors in later phases.
            // Hugo never reads a file of a disabled language, so its
            // front matter's faults are not the site's (checked with
            // 0.166.0 on a random site).
            page_errors.extend(walked.errors.into_iter().filter(|(path, _)| {
                !of_disabled_language(path, root.lang.as_deref(), &site.languages, cfg)
            }));
            scan.files_read += walked.files.len();
            // Moved one by one into `files`, grown once: no list per
            // file (a file of several sites is one entry per site).
            files.reserve(walked.files.len());
            for c in walked.files {
                match c {
                    Classified::Content(file) => keep(file, &mut files, scan, page_errors),
                    Classified::Sites(sites) => {
                        for file in sites {
                            keep(file, &mut files, scan, page_errors);
                        }
                    }
                    Classified::Plain(path) => scan
                        .excluded
                        .push(LeftOut::new(path, Reason::NoFrontMatter)),
                    Classified::Ignored(_) => {}
                    // Named by the caller, which knows whether the built
                    // site gives its pages.
                    Classified::Adapter(adapters) => scan.adapters.extend(adapters),
                }
            }
        }
        if cfg.mounts.project.is_some() || !cfg.mounts.modules.is_empty() {
            // Mounts interleave: the later phases want path order by
            // the content path, and the first mount to give a content
            // path wins it (the project's over a theme's).
            files.sort_by(|a, b| (&a.dir, &a.name, &a.lang).cmp(&(&b.dir, &b.name, &b.lang)));
            files.dedup_by(|later, first| {
                later.dir == first.dir && later.name == first.name && later.lang == first.lang
            });
        }
        Ok(files)
    }

    /// The content folders Hugo mounts, each with the language it holds
    /// (`None`: file names say) and where under `content` it goes: the
    /// project's own mounts, or its default folders; then the themes' and
    /// imports' (see `mounts`).
    fn content_roots(&self) -> Vec<Root> {
        let cfg = self.cfg;
        let mut roots: Vec<Root> = match &cfg.mounts.project {
            Some(mounts) => mounts.iter().map(Root::of_mount).collect(),
            None => self.default_roots(),
        };
        roots.extend(cfg.mounts.modules.iter().map(Root::of_mount));
        // A mount whose `sites.matrix` names a dimension's values and
        // takes none of them is dropped (Hugo 0.153 and later:
        // `GlobFilterMisses`).
        if cfg.rules().sites_matrix {
            roots.retain(|r| {
                r.mount.as_ref().is_none_or(|m| {
                    !super::super::matrix::Matrix::of_globs(&m.sites, &cfg.sites.dims).1
                })
            });
        } else {
            // Before, a mount's `sites` is nothing.
            for r in &mut roots {
                if r.mount.as_ref().is_some_and(|m| m.lang_of_sites) {
                    r.lang = None;
                }
            }
        }
        roots
    }

    /// The main content folder (only when some language has no folder of
    /// its own, or names it as its own: Hugo mounts it for those), then
    /// each language's own.
    fn default_roots(&self) -> Vec<Root> {
        let (site, cfg) = (self.site, self.cfg);
        let mut roots: Vec<Root> = Vec::new();
        let claiming_main: Vec<&String> = cfg
            .language_dirs
            .iter()
            .filter(|(_, dir)| **dir == site.content_dir)
            .map(|(lang, _)| lang)
            .collect();
        if site
            .languages
            .iter()
            .any(|l| !cfg.language_dirs.contains_key(l))
        {
            roots.push(Root::folder(site.content_dir.clone(), None));
        } else if let [lang] = claiming_main[..] {
            // `[languages.en] contentDir = "content"`, written out in full
            // (2-REC/gamedev-adventures): that language's folder.
            roots.push(Root::folder(site.content_dir.clone(), Some(lang.clone())));
        } else if !claiming_main.is_empty() {
            // Several languages share it: file names say whose a file is.
            roots.push(Root::folder(site.content_dir.clone(), None));
        }
        for (lang, dir) in &cfg.language_dirs {
            if *dir != site.content_dir {
                roots.push(Root::folder(dir.clone(), Some(lang.clone())));
            }
        }
        roots
    }
}

/// Whether `ignoreFiles` leaves a file out: a pattern matching its
/// absolute path, or the path of a folder it is in (Hugo's walk tests
/// folders too, and skips what is below one that matches).
fn ignored(patterns: &[regex::Regex], path: &Path, content_dir: &Path) -> bool {
    if patterns.is_empty() {
        return false;
    }
    let Ok(abs) = std::path::absolute(path) else {
        return false;
    };
    let root = std::path::absolute(content_dir).unwrap_or_default();
    abs.ancestors()
        .take_while(|a| a.starts_with(&root) && *a != root)
        .any(|a| {
            let text = a.to_string_lossy();
            patterns.iter().any(|r| r.is_match(&text))
        })
}
