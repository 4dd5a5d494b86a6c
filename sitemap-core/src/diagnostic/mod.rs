//! [`Diagnostic`]: one warning or error as data, from the reader that
//! finds it to the skin that prints it.
//!
//! A diagnostic holds its place as fields (file, line, column, the key
//! of a configuration it is about), its [`Severity`], its message and the
//! fix ([`Diagnostic::hint`]); nothing downstream reads a place back out
//! of a sentence. At the end a skin renders it:
//!
//! - as text ([`Diagnostic::render`], or `Display` without colour):
//!   `file:line: warning: message`, then `  hint: …`, as compilers print;
//! - as JSON (its `Serialize`): each field its own.
//!
//! Both show every name from the input the same way ([`shown`]): control
//! characters escaped (`\n`, `\x1b`), and cut to [`NAME_BOUND`]
//! characters with the count of what was cut. A message quotes the names
//! it holds through [`Name`], which does the same. A run's many findings
//! of one [`Kind`] are bounded by [`bound_kinds`]: the first
//! [`MOST_OF_A_KIND`] named, the rest counted.
//!
//! ```
//! use sitemap_core::diagnostic::{Diagnostic, Name};
//!
//! let key = "bad\nkey: warning: forged";
//! let d = Diagnostic::warning(format!("`{}` is no setting", Name::new(key)))
//!     .at("zola.toml", 3)
//!     .with_key(key);
//! assert_eq!(d.to_string(), "zola.toml:3: warning: `bad\\nkey: warning: forged` is no setting");
//! let json = serde_json::to_value(&d)?;
//! assert_eq!(json["key"], "bad\\nkey: warning: forged");
//! assert_eq!(json["line"], 3);
//! # Ok::<(), serde_json::Error>(())
//! ```

mod bound;
mod json;
pub mod shown;
mod text;

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

pub use bound::{MOST_OF_A_KIND, bound_kinds};
pub use shown::{MESSAGE_BOUND, NAME_BOUND, Name};
pub use text::{Labels, Unlabelled};

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// The run goes on, but something is off that the user should know
    /// (or, in a sitemap, the XSD is stricter than the protocol text).
    Warning,
    /// The run (or the file) fails.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A family of findings that can come by the thousand in one run (an
/// unknown key per line of a configuration, a broken link per page):
/// [`bound_kinds`] names the first [`MOST_OF_A_KIND`] of each, then
/// counts the rest in one line, `and 312 more {more}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kind {
    name: &'static str,
    more: &'static str,
}

impl Kind {
    /// A kind called `name` in JSON (`zola-unknown-key`), whose findings
    /// past the bound are counted as `and N more {more}` (`more`: "keys
    /// Zola does not know").
    pub const fn new(name: &'static str, more: &'static str) -> Kind {
        Kind { name, more }
    }

    /// Its name, as JSON gives it.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

/// One warning or error, with its place as fields.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub struct Diagnostic {
    /// Warning or error.
    pub severity: Severity,
    /// The file it is about, as the run was given it; `None` for the run
    /// as a whole.
    pub file: Option<PathBuf>,
    /// The 1-based line in that file.
    pub line: Option<u64>,
    /// The 1-based column in that line, in characters.
    pub column: Option<u64>,
    /// The key of a configuration or front matter it is about (`base_url`,
    /// `languages.fr.title`), exactly as the input spells it.
    pub key: Option<String>,
    /// What is wrong: a sentence that quotes the input's names through
    /// [`Name`].
    pub message: String,
    /// What to do about it, where a message alone does not say.
    pub hint: Option<String>,
    /// Its family, for findings that can come by the thousand.
    pub kind: Option<Kind>,
    /// Findings that belong to this one (the differences behind "the
    /// sitemap does not match the site"), a line each under it.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    fn new(severity: Severity, message: String) -> Diagnostic {
        Diagnostic {
            severity,
            file: None,
            line: None,
            column: None,
            key: None,
            message,
            hint: None,
            kind: None,
            notes: Vec::new(),
        }
    }

    /// A warning about the run as a whole, until [`Diagnostic::at`] or
    /// [`Diagnostic::in_file`] gives it a place.
    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, message.into())
    }

    /// An error, as [`Diagnostic::warning`].
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, message.into())
    }

    /// About `file` as a whole.
    pub fn in_file(mut self, file: impl Into<PathBuf>) -> Diagnostic {
        self.file = Some(file.into());
        self
    }

    /// About line `line` (1-based) of `file`.
    pub fn at(self, file: impl Into<PathBuf>, line: u64) -> Diagnostic {
        self.in_file(file).with_line(Some(line))
    }

    /// At `line`, where one is known.
    pub fn with_line(mut self, line: Option<u64>) -> Diagnostic {
        self.line = line;
        self
    }

    /// At `column` of its line, where one is known.
    pub fn with_column(mut self, column: Option<u64>) -> Diagnostic {
        self.column = column;
        self
    }

    /// About `key` (as the input spells it; shown escaped and cut).
    pub fn with_key(mut self, key: impl Into<String>) -> Diagnostic {
        self.key = Some(key.into());
        self
    }

    /// With what to do about it.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// Of `kind`, so that a run names only the first of many.
    pub fn with_kind(mut self, kind: Kind) -> Diagnostic {
        self.kind = Some(kind);
        self
    }

    /// With `notes` under it.
    pub fn with_notes(mut self, notes: Vec<Diagnostic>) -> Diagnostic {
        self.notes = notes;
        self
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// The text a skin prints, without colour: `file:line: warning:
    /// message`, its notes, then `  hint: …`, a line each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(&Labels::plain()))
    }
}

/// A diagnostic is an error a library can return as it is, and a skin
/// finds in a cause chain with its fields.
impl std::error::Error for Diagnostic {}
