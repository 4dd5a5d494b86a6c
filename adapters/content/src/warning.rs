//! [`Warning`]: what the scan tells the user without stopping.

use std::fmt;
use std::path::{Path, PathBuf};

/// Something worth telling the user that does not stop the scan.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
#[non_exhaustive]
pub struct Warning {
    /// The file concerned, if any.
    pub path: Option<PathBuf>,
    /// The 1-based line in that file, where the warning is about one.
    pub line: Option<usize>,
    /// What happened.
    pub message: String,
}

impl Warning {
    /// A warning about `path` (or the site as a whole), without a line.
    pub fn new(path: Option<&Path>, message: &str) -> Warning {
        Warning {
            path: path.map(Path::to_path_buf),
            line: None,
            message: message.to_owned(),
        }
    }

    /// A warning about line `line` of `path`, shown as `path:line: …`
    /// like every other message with a line.
    pub fn at(path: &Path, line: usize, message: &str) -> Warning {
        Warning {
            path: Some(path.to_path_buf()),
            line: Some(line),
            message: message.to_owned(),
        }
    }
}

impl fmt::Display for Warning {
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
