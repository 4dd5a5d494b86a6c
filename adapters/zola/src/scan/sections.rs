//! Section files first: a draft section hides everything below it, so
//! it must be known before any page is read; then the errors that count,
//! and the home sections Zola makes when a language has no `_index.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use sitemap_content::walk::Found;
use sitemap_content::{Error, FrontMatter, LeftOut, Reason, Site, Warning};

use super::super::config::ZolaConfig;
use super::super::front_matter::{SECTION_KEYS, fm_bool, fm_err, fm_str, missing_front_matter};
use super::super::types::check_section;
use super::{Scan, Section, Sections};

/// What reading the section files found.
pub(super) struct SectionFiles<'w> {
    /// The sections read, drafts left out.
    pub(super) sections: Sections,
    /// The path (below the language) of every section file read, drafts
    /// included: an `index.md` page on one of them is refused.
    pub(super) section_paths: BTreeSet<String>,
    /// The folders of draft sections.
    pub(super) draft_dirs: BTreeSet<Vec<String>>,
    /// Every other file, a page, read next.
    pub(super) page_files: Vec<&'w Found>,
    /// Each refused section file's error.
    pub(super) errors: Vec<(PathBuf, Error)>,
}

impl Scan<'_> {
    /// Reads every section file (`_index.md`, `_index.LANG.md`) and sets
    /// the other files aside as pages.
    pub(super) fn read_sections<'w>(
        &mut self,
        files: &'w [Box<Found>],
    ) -> Result<SectionFiles<'w>, Error> {
        let (site, cfg) = (self.site, self.cfg);
        let scan = &mut self.scan;
        let mut section_errors: Vec<(PathBuf, Error)> = Vec::new();
        let mut section_paths: BTreeSet<String> = BTreeSet::new();
        let mut sections: Sections = BTreeMap::new();
        let mut draft_dirs: BTreeSet<Vec<String>> = BTreeSet::new();
        let mut page_files: Vec<&Found> = Vec::new();
        for found in files.iter().map(|f| &**f) {
            let (dir, name) = found.rel.split_at(found.rel.len() - 1);
            let name = &name[0];
            if !name.starts_with("_index.") {
                page_files.push(found);
                continue;
            }
            let lang = if name == "_index.md" {
                cfg.default_language.clone()
            } else {
                let code = &name["_index.".len()..name.len() - ".md".len()];
                if !cfg.other_languages.iter().any(|l| l == code) {
                    scan.warnings.push(Warning::new(
                        Some(&found.path),
                        "not a section file: expected `_index.md` or `_index.LANG.md` for a language in `languages`; ignored, as Zola does",
                    ));
                    continue;
                }
                code.to_owned()
            };
            let Some(fm) = &found.front_matter else {
                return Err(missing_front_matter(&found.path));
            };
            let p = &found.path;
            section_paths.insert(if lang == cfg.default_language || dir.is_empty() {
                let joined = dir.join("/");
                if lang == cfg.default_language {
                    joined
                } else {
                    lang.clone()
                }
            } else {
                format!("{lang}/{}", dir.join("/"))
            });
            // SectionFrontMatter denies unknown fields: Zola refuses the site.
            if let Some(key) = fm
                .data()
                .keys()
                .find(|k| !SECTION_KEYS.contains(&k.as_str()))
            {
                section_errors.push((
                    p.clone(),
                    fm_err(
                        p,
                        fm.line_of(key),
                        format!(
                            "`{}` is not a section setting (Zola refuses unknown keys in `_index.md`; put your own values under `[extra]`)",
                            sitemap_core::diagnostic::Name::new(key)
                        ),
                    ),
                ));
                continue;
            }
            let mut typed = fm.clone();
            if let Err(e) = check_section(&mut typed, p) {
                section_errors.push((p.clone(), e));
                continue;
            }
            let fm = &typed;
            if fm_bool(fm, "draft", false, p)? && !site.options().include_drafts {
                draft_dirs.insert(dir.to_vec());
                scan.excluded.push(LeftOut::new(p.clone(), Reason::Draft));
                continue;
            }
            let joined = dir.join("/");
            let lang_path = if lang != cfg.default_language {
                format!("/{lang}")
            } else {
                String::new()
            };
            let path = if joined.is_empty() {
                format!("{lang_path}/")
            } else {
                format!("{lang_path}/{joined}/")
            };
            let paginate_by = match fm.data().get("paginate_by") {
                None => None,
                Some(v) => Some(v.as_u64().ok_or_else(|| {
                    fm_err(
                        p,
                        fm.line_of("paginate_by"),
                        "`paginate_by` must be a positive integer".to_owned(),
                    )
                })? as usize),
            };
            sections.insert(
                (dir.to_vec(), lang.clone()),
                Section {
                    dir: dir.to_vec(),
                    lang,
                    path,
                    source: p.clone(),
                    fm: fm.clone(),
                    render: fm_bool(fm, "render", true, p)?,
                    redirect_to: fm_str(fm, "redirect_to", p)?.map(str::to_owned),
                    transparent: fm_bool(fm, "transparent", false, p)?,
                    paginate_by: paginate_by.filter(|&n| n > 0),
                    paginate_path: fm_str(fm, "paginate_path", p)?.unwrap_or("page").to_owned(),
                    sort_by: fm_str(fm, "sort_by", p)?.unwrap_or("none").to_owned(),
                    pages: Vec::new(),
                    images: found.images.clone(),
                },
            );
        }
        Ok(SectionFiles {
            sections,
            section_paths,
            draft_dirs,
            page_files,
            errors: section_errors,
        })
    }
}

/// The walk's and the section files' errors that count: errors in files
/// Zola never reads (below a draft section) do not; every other one is
/// reported, not only the first.
pub(super) fn counted_errors(
    walked: Vec<(PathBuf, Error)>,
    sections: Vec<(PathBuf, Error)>,
    draft_dirs: &BTreeSet<Vec<String>>,
    under_draft: &dyn Fn(&[String]) -> bool,
    site: &Site,
) -> Vec<(PathBuf, Error)> {
    walked
        .into_iter()
        .chain(sections)
        .filter(|(p, _)| {
            let rel: Vec<String> = p
                .strip_prefix(&site.content_dir)
                .unwrap_or(p)
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            // Every `_index*.md` of a draft section's own folder is read
            // (Site::load parses them all before the draft skips the
            // folder), so their errors count.
            let (dir, name) = rel.split_at(rel.len().saturating_sub(1));
            let index_of_draft = name.first().is_some_and(|n| n.starts_with("_index."))
                && draft_dirs.contains(dir)
                && !under_draft(dir);
            !under_draft(&rel) || index_of_draft
        })
        .collect()
}

/// Default index sections, one per language
/// (Site::create_default_index_sections).
pub(super) fn default_index_sections(sections: &mut Sections, cfg: &ZolaConfig) {
    for lang in std::iter::once(&cfg.default_language).chain(&cfg.other_languages) {
        let path = if *lang == cfg.default_language {
            "/".to_owned()
        } else {
            format!("/{lang}/")
        };
        sections
            .entry((Vec::new(), lang.clone()))
            .or_insert_with(|| Section {
                dir: Vec::new(),
                lang: lang.clone(),
                path,
                source: PathBuf::new(),
                fm: FrontMatter::default(),
                render: true,
                redirect_to: None,
                transparent: false,
                paginate_by: None,
                paginate_path: "page".to_owned(),
                sort_by: "none".to_owned(),
                pages: Vec::new(),
                images: None,
            });
    }
}
