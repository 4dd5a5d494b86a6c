//! `llms-txt`: llms.txt staged with the set, or without the key the
//! toolkit's own removed, each only when the file found is still exactly
//! what the toolkit wrote (`sitemap_core::human::llms_txt_owner`).

use std::path::PathBuf;

use sitemap_core::StagedSet;
use sitemap_core::human::LlmsOwner;

use super::Outputs;
use crate::error::Error;
use crate::human::{self, HumanPage, SiteInfo};

/// `llms-txt`: llms.txt staged with the set; without the key, an
/// llms.txt this toolkit wrote is removed with the previous set's
/// leftovers. Only a file still exactly as written is replaced or
/// removed (`sitemap_core::human::llms_txt_owner`): a hand-made one, or
/// ours edited since, is left alone, with a warning; one from a release
/// whose marker had no hash is replaced only when it is exactly what this
/// run writes, since an edit to it cannot be told.
pub(super) fn stage(
    outputs: &Outputs,
    site: &SiteInfo,
    pages: &[HumanPage],
    staged: &mut StagedSet,
    files: &mut Vec<PathBuf>,
    warnings: &mut Vec<String>,
) -> Result<(), Error> {
    let name = sitemap_core::human::LLMS_FILE_NAME;
    let path = outputs.set.dir.join(name);
    let found = human::llms_txt_owner(&path);
    let owner = found.as_ref().map(|(owner, _)| *owner);
    if !outputs.llms_txt {
        match owner {
            Some(LlmsOwner::Unedited) => staged.retire_file(name)?,
            Some(LlmsOwner::Edited) => warnings.push(format!(
                "{} was written by this tool and edited since, so it was left alone although `llms-txt` is off; delete it if it is no longer wanted",
                path.display()
            )),
            Some(LlmsOwner::Unhashed) => warnings.push(format!(
                "{} was written by an earlier version of this tool, whose marker cannot tell an edit, so it was left alone although `llms-txt` is off; delete it if it is no longer wanted",
                path.display()
            )),
            _ => {}
        }
        return Ok(());
    }
    let text = human::llms_txt(&outputs.set.dir, &outputs.set.base_url, site, pages)?;
    // Ours but maybe a person's work now: deleting the marker line makes
    // it theirs, and the warning stops.
    let keep = "; remove it to get llms.txt written from the sitemap's pages, or delete its last line to keep it as yours";
    let left_alone = match found {
        Some((LlmsOwner::Foreign, _)) => Some((
            "was not written by this tool",
            "; remove it to get llms.txt written from the sitemap's pages",
        )),
        Some((LlmsOwner::Edited, _)) => Some(("was written by this tool and edited since", keep)),
        Some((LlmsOwner::Unhashed, old)) if !same_but_marker(&old, &text) => Some((
            "was written by an earlier version of this tool, whose marker cannot tell an edit, and differs from what this run writes",
            keep,
        )),
        _ => None,
    };
    if let Some((why, what_to_do)) = left_alone {
        warnings.push(format!(
            "{} {why}, so it was left alone{what_to_do}",
            path.display()
        ));
        return Ok(());
    }
    files.push(staged.add_file(name, &text)?);
    Ok(())
}

/// Whether llms.txt `old`, under the marker without a hash, says what
/// `new` says above its marker: then nothing of a person's is lost.
fn same_but_marker(old: &[u8], new: &[u8]) -> bool {
    let old_marker = format!("{}\n", sitemap_core::human::UNHASHED_LLMS_MARKER);
    let body = |text: &[u8]| -> Option<usize> {
        text.strip_suffix(b"\n")?
            .iter()
            .rposition(|&b| b == b'\n')
            .map(|i| i + 1)
    };
    match (old.strip_suffix(old_marker.as_bytes()), body(new)) {
        (Some(old_body), Some(end)) => old_body == &new[..end],
        _ => false,
    }
}
