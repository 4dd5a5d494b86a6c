//! One entry read whole: its values checked and repaired (each fault a
//! note naming its line), its locs made absolute under the base URL, and
//! an index child's loc mapped to the file it names.

use std::path::{Component, Path, PathBuf};

use sitemap_core::{Alternate, ChangeFreq, Hreflang, Image, Lastmod, Loc, Priority, Url};

use super::{Doc, Found, Reading, unread_entity};

impl Reading<'_> {
    /// One `<url>` read whole: checked, repaired, handed on.
    pub(super) fn entry<E>(
        &mut self,
        doc: Doc,
        line: u64,
        path: &Path,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
    ) -> Result<(), E> {
        self.summary.urls += 1;
        if let Some((entity, at)) = doc.entity {
            let message = format!("{}: URL left out", unread_entity(&entity));
            return self.note(on, path, at, message);
        }
        // Joined to the base URL it would be the home page.
        if doc.loc.as_deref() == Some("") {
            return self.note(on, path, line, "empty <loc>: URL left out".to_owned());
        }
        let loc = match doc.loc.as_deref().map(|l| self.absolute(l)) {
            Some(Ok(loc)) => loc,
            Some(Err(e)) => {
                return self.note(on, path, line, format!("{e}: URL left out"));
            }
            None => {
                return self.note(on, path, line, "<url> without <loc>: left out".to_owned());
            }
        };
        let mut url = Url::new(loc);
        if let Some((text, at)) = doc.lastmod {
            match text.parse::<Lastmod>() {
                Ok(v) => url.lastmod = Some(v),
                Err(e) => self.note(on, path, at, format!("{e}: lastmod dropped"))?,
            }
        }
        if let Some((text, at)) = doc.changefreq {
            match text.to_ascii_lowercase().parse::<ChangeFreq>() {
                Ok(v) => url.changefreq = Some(v),
                Err(e) => self.note(on, path, at, format!("{e}: changefreq dropped"))?,
            }
        }
        if let Some((text, at)) = doc.priority {
            match text.parse::<Priority>() {
                Ok(v) => url.priority = Some(v),
                Err(e) => self.note(on, path, at, format!("{e}: priority dropped"))?,
            }
        }
        for (hreflang, href, at) in doc.alternates {
            let parsed = hreflang
                .parse::<Hreflang>()
                .and_then(|h| Ok(Alternate::new(h, self.absolute(&href)?)));
            match parsed {
                Ok(a) => url.alternates.push(a),
                Err(e) => self.note(on, path, at, format!("{e}: alternate dropped"))?,
            }
        }
        for (text, at) in doc.images {
            match self.absolute(&text) {
                Ok(loc) => url.images.push(Image::new(loc)),
                Err(e) => self.note(on, path, at, format!("{e}: image dropped"))?,
            }
        }
        on(Found::Url {
            file: path.to_path_buf(),
            line,
            url,
        })
    }

    /// A loc as written, made absolute under the base URL when it is
    /// relative.
    pub(super) fn absolute(&mut self, text: &str) -> Result<Loc, sitemap_core::ValueError> {
        if is_absolute(text) {
            return Loc::parse(text);
        }
        self.summary.made_absolute += 1;
        if let Some(url) = self.network_path(text) {
            return Loc::parse(&url);
        }
        self.base.join(text.trim_start_matches('/'))
    }

    /// A protocol-relative loc (`//cdn.example.net/x`) names a host, not a
    /// path under the base URL: the URL on that host with the base URL's
    /// scheme, so the host rules (a URL outside the base URL is left out)
    /// apply to it.
    fn network_path(&self, text: &str) -> Option<String> {
        text.starts_with("//").then(|| {
            let scheme = self.base.as_str().split(':').next().unwrap_or("https");
            format!("{scheme}:{text}")
        })
    }

    /// The file an index's child loc names, when it lies under the base
    /// URL (or is relative) and inside the index's folder.
    pub(super) fn child_path(&self, child: &str) -> Option<PathBuf> {
        let network = self.network_path(child);
        let rest = if let Some(url) = &network {
            url.strip_prefix(self.base.as_str())?
        } else if is_absolute(child) {
            child.strip_prefix(self.base.as_str())?
        } else {
            child.trim_start_matches('/')
        };
        let rest = rest.split(['?', '#']).next()?;
        let rel = Path::new(rest);
        if rest.is_empty() || rel.components().any(|c| !matches!(c, Component::Normal(_))) {
            return None;
        }
        Some(self.folder.join(rel))
    }
}

pub(super) fn is_absolute(text: &str) -> bool {
    text.split_once(':')
        .is_some_and(|(scheme, _)| !scheme.is_empty() && !scheme.contains('/'))
}
