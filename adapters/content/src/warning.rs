//! [`Warning`]: what the scan tells the user without stopping, with its
//! place as fields; it reaches the skins as a
//! [`Diagnostic`](sitemap_core::Diagnostic).

use std::fmt;
use std::path::{Path, PathBuf};

use sitemap_core::diagnostic::{Diagnostic, Kind};

/// Something worth telling the user that does not stop the scan.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
#[non_exhaustive]
pub struct Warning {
    /// The file concerned, if any.
    pub path: Option<PathBuf>,
    /// The 1-based line in that file, where the warning is about one.
    pub line: Option<usize>,
    /// What happened; names from the input in it are quoted through
    /// [`Name`](sitemap_core::diagnostic::Name).
    pub message: String,
    /// The configuration or front matter key it is about, as the input
    /// spells it.
    pub key: Option<String>,
    /// Its family, where one run can find it by the thousand.
    pub kind: Option<Kind>,
}

impl Warning {
    /// A warning about `path` (or the site as a whole), without a line.
    pub fn new(path: Option<&Path>, message: &str) -> Warning {
        Warning {
            path: path.map(Path::to_path_buf),
            line: None,
            message: message.to_owned(),
            key: None,
            kind: None,
        }
    }

    /// A warning about line `line` of `path`, shown as `path:line: …`
    /// like every other message with a line.
    pub fn at(path: &Path, line: usize, message: &str) -> Warning {
        Warning {
            line: Some(line),
            ..Warning::new(Some(path), message)
        }
    }

    /// About `key` (as the input spells it).
    pub fn with_key(mut self, key: &str) -> Warning {
        self.key = Some(key.to_owned());
        self
    }

    /// Of `kind`, so that a run names only the first of many.
    pub fn with_kind(mut self, kind: Kind) -> Warning {
        self.kind = Some(kind);
        self
    }
}

impl From<Warning> for Diagnostic {
    fn from(w: Warning) -> Diagnostic {
        let mut d = Diagnostic::warning(w.message).with_line(w.line.map(|l| l as u64));
        if let Some(path) = w.path {
            d = d.in_file(path);
        }
        if let Some(key) = w.key {
            d = d.with_key(key);
        }
        if let Some(kind) = w.kind {
            d = d.with_kind(kind);
        }
        d
    }
}

impl fmt::Display for Warning {
    /// `path:line: message`, the place and message as the reader found
    /// them (a skin prints the [`Diagnostic`] instead, names escaped).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) => match self.line {
                Some(line) => write!(f, "{}:{line}: {}", p.display(), self.message),
                None => write!(f, "{}: {}", p.display(), self.message),
            },
            None => f.write_str(&self.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn its_fields_become_the_diagnostic_s() {
        const KIND: Kind = Kind::new("k", "ks");
        let w = Warning::at(Path::new("zola.toml"), 3, "`x` is no setting")
            .with_key("x")
            .with_kind(KIND);
        assert_eq!(w.to_string(), "zola.toml:3: `x` is no setting");
        let d = Diagnostic::from(w);
        assert_eq!(
            d,
            Diagnostic::warning("`x` is no setting")
                .at("zola.toml", 3)
                .with_key("x")
                .with_kind(KIND)
        );
    }
}
