//! The write itself: the builder's settings (and `sitemap.toml`) become
//! the engine's [`Job`], which scans and writes; what it read is gathered
//! for cargo into a [`Built`].

use std::collections::BTreeSet;
use std::path::PathBuf;

use sitemap_core::{Diagnostic, Loc};
#[cfg(feature = "html")]
use sitemap_engine::Flavor;
use sitemap_engine::{Error, Job, LastmodSource, Layer, Origin, PageList, Resolved, Source};

use crate::builder::What;
use crate::{Built, Sitemap};

impl Sitemap {
    /// The base URL pages are joined to.
    pub(crate) fn base_loc(&self) -> Result<Loc, Error> {
        let resolved = Resolved::new(&[Layer::new(self.settings.clone(), Origin::Builder)]);
        let url = resolved.settings.base_url.as_deref().unwrap_or_default();
        sitemap_engine::base_url_check::parse(url)
            .map_err(|message| resolved.value_error("base-url", message))
    }

    /// Scans, writes the set and its companions, merges robots.txt when
    /// asked.
    pub fn write(self) -> Result<Built, Error> {
        let root = self.root.clone().unwrap_or_else(|| PathBuf::from("."));
        let settings_path = match (&self.config, &self.what) {
            (Some(path), _) => Some((path.clone(), true)),
            (None, What::Pages(_)) => None,
            (None, _) => Some((root.join("sitemap.toml"), false)),
        };
        if matches!(self.what, What::Pages(_)) && self.settings.out.is_none() {
            return Err(Error::Setting {
                at: "Sitemap::pages".to_owned(),
                message: "needs an output folder: call `.out_dir(..)`".to_owned(),
                hint: "a list of pages has no site folder to write into".to_owned(),
            });
        }
        #[cfg(feature = "html")]
        if let What::Html(dir) = &self.what
            && !dir.exists()
        {
            return Err(not_rendered_yet(dir));
        }
        let source = match &self.what {
            What::Content(root) => Source::Site(root.clone()),
            #[cfg(feature = "html")]
            What::Html(dir) => Source::Site(dir.clone()),
            What::Pages(pages) => Source::Pages(PageList::listed(&root, &self.base_loc()?, pages)?),
        };
        let settings = match &self.what {
            #[cfg(feature = "html")]
            What::Html(_) => {
                let mut settings = self.settings.clone();
                settings.flavor = Some(Flavor::Html);
                settings
            }
            _ => self.settings.clone(),
        };
        let mut job = Job::new(source)
            .with_layer(Layer::new(settings, Origin::Builder))
            .with_read_tracking(true)
            // A build script runs before the site is built.
            .with_build_check(false)
            .with_git(cfg!(feature = "git"))
            .with_gzip(cfg!(feature = "gzip"));
        let mut files_read = BTreeSet::new();
        if let Some((path, required)) = &settings_path
            && let Some(layer) = Layer::read_file(path, *required, &root)?
        {
            files_read.insert(path.clone());
            job = job.with_layer(layer);
        }
        let mut scanned = job.scan()?;
        let git = cfg!(feature = "git")
            && scanned.scan.used_git
            && scanned
                .resolved
                .settings
                .lastmod
                .as_ref()
                .is_none_or(|l| l.contains(&LastmodSource::Git));
        let scan_root = match &self.what {
            What::Pages(_) => root.clone(),
            What::Content(r) => r.clone(),
            #[cfg(feature = "html")]
            What::Html(d) => d.clone(),
        };
        files_read.extend(scanned.scan.read.iter().cloned());
        let mut rerun_dirs = scanned.scan.watch_dirs.clone();
        rerun_dirs.sort();
        rerun_dirs.dedup();
        let mut excluded: Vec<PathBuf> = scanned
            .scan
            .left_out
            .iter()
            .map(|e| scan_root.join(&e.path))
            .collect();
        excluded.sort();
        excluded.dedup();
        let mut warnings = scanned.scan.warnings.clone();
        if !matches!(self.what, What::Pages(_))
            && let Some(w) = no_git_warning(&scanned.scan.urls, &scanned.resolved)
        {
            warnings.push(w);
        }
        let report = scanned.write(|_| {})?;
        warnings.extend(report.warnings.iter().cloned());
        let git_files = if git {
            sitemap_engine::git_watched_files(&root)
        } else {
            Vec::new()
        };
        Ok(Built {
            report: report.set,
            files_read: files_read.into_iter().collect(),
            rerun_dirs,
            git_files,
            robots: report.robots.map(|(path, _)| path),
            files: report.files,
            warnings,
            excluded,
        })
    }
}

/// One warning when pages get no lastmod because git is off: the default
/// precedence asks git, and without the `git` feature nothing answers for
/// pages whose front matter has no date. `None` with the feature, with a
/// precedence the user chose, or when every page has a lastmod.
fn no_git_warning(urls: &[sitemap_core::Url], resolved: &Resolved) -> Option<Diagnostic> {
    if cfg!(feature = "git") || resolved.settings.lastmod.is_some() {
        return None;
    }
    let missing = urls.iter().filter(|u| u.lastmod.is_none()).count();
    (missing > 0).then(|| {
        Diagnostic::warning(format!(
            "sitemap-build: {missing} of {} pages have no lastmod: dates from git need the `git` feature; \
             turn it on with `sitemap-build = {{ version = \"{}\", features = [\"git\"] }}` under [build-dependencies], \
             or give those pages a date in their front matter",
            urls.len(),
            env!("CARGO_PKG_VERSION")
        ))
    })
}

/// `Sitemap::html(dir)` where `dir` is not there: in a build script the
/// usual cause is order, not a typo. Cargo runs build.rs before it
/// compiles the crate, so HTML the crate's own program renders cannot
/// exist yet, and "not a directory" alone sent users looking for a wrong
/// path.
#[cfg(feature = "html")]
fn not_rendered_yet(dir: &std::path::Path) -> Error {
    Error::Job {
        message: format!(
            // The advice is in the message too: a build script's `main`
            // shows the error's Debug text, which has no hint.
            "{}: not a directory; a build script runs before the crate's own code, so a folder the program itself renders is not there yet: build the site before `cargo build` (`zola build`, `hugo`, …), or call `Sitemap::html` from the program after it renders",
            dir.display()
        ),
        hint: "build the site before `cargo build` (`zola build`, `hugo`, …), or call `Sitemap::html` from the program after it renders".to_owned(),
    }
}
