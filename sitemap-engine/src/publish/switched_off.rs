//! The companions a run no longer writes: with `stylesheet` or
//! `html-page` turned off, the `sitemap.xsl` or `sitemap.html` an earlier
//! run wrote stayed in the output folder, served and linked from nowhere,
//! while the scan of that folder counted it as its own output. Each is
//! removed with the set, as a split set's old parts are, when it bears
//! the toolkit's mark (the stylesheet's marker line, the page's
//! `generator` meta); a file without it is someone's, and stays.

use std::path::Path;

use sitemap_core::StagedSet;
use sitemap_core::human::{HTML_FILE_NAME, XSL_FILE_NAME, is_own_html, is_own_xsl};

use super::Outputs;
use crate::error::Error;

/// Both files are far below this.
const MAX_READ: u64 = 4 << 20;

/// Removes with the set each companion `outputs` no longer asks for that
/// this toolkit wrote.
pub(super) fn retire(outputs: &Outputs, staged: &mut StagedSet) -> Result<(), Error> {
    let dir = &outputs.set.dir;
    if !outputs.stylesheet && own(&dir.join(XSL_FILE_NAME), is_own_xsl) {
        staged.retire_file(XSL_FILE_NAME)?;
    }
    if !outputs.html_page && own(&dir.join(HTML_FILE_NAME), is_own_html) {
        staged.retire_file(HTML_FILE_NAME)?;
    }
    Ok(())
}

/// Whether `path` is a regular file `is_own` takes for the toolkit's.
fn own(path: &Path, is_own: fn(&[u8]) -> bool) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
        && sitemap_core::input::read_regular(path, MAX_READ).is_ok_and(|bytes| is_own(&bytes))
}
