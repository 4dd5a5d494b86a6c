//! The files under the set's root's name in another format that the set
//! kept (`sitemap.txt` beside a new `sitemap.xml`: [`SetReport::kept`]),
//! each named with why, since an earlier run's and a hand-made one look
//! the same and only the user knows which it is.

use std::path::Path;

use sitemap_core::SetReport;
use sitemap_core::diagnostic::{Diagnostic, Name};

/// A warning for each file `set` kept, but `named_elsewhere` (the
/// generator's own sitemap, which a warning of its own names).
pub(super) fn warnings(set: &SetReport, named_elsewhere: Option<&Path>) -> Vec<Diagnostic> {
    let root = set.root().0;
    let root = root
        .file_name()
        .unwrap_or(root.as_os_str())
        .to_string_lossy();
    set.kept
        .iter()
        .filter(|path| Some(path.as_path()) != named_elsewhere)
        .map(|path| {
            Diagnostic::warning(format!(
                "kept beside {}, though it is this sitemap's name in another format: nothing shows this tool wrote it (a hand-made sitemap looks the same), so it was not removed; if an earlier run in that format wrote it, delete it",
                Name::new(&root)
            ))
            .in_file(path.strip_prefix(".").unwrap_or(path))
        })
        .collect()
}
