//! `llms-txt`: each llms.txt of the set (the root's, and a language's
//! at its root below it: `human::llms_files`) staged with the set; each
//! of the toolkit's own that the run no longer writes (all of them
//! without the key, a language's once the sitemap lists none of its
//! pages: the language removed, or its pages left out) removed
//! with the set's leftovers. Either only when the file found is still
//! exactly what the toolkit wrote (`sitemap_core::human::llms_txt_owner`).

use std::path::{Path, PathBuf};

use sitemap_core::StagedSet;
use sitemap_core::diagnostic::{Diagnostic, shown};
use sitemap_core::human::{LLMS_FILE_NAME, LlmsOwner};

use super::Outputs;
use crate::error::Error;
use crate::human::{self, HumanPage, LlmsFile, SiteInfo};

/// `llms-txt`: the set's llms.txt files staged with it; without the key,
/// those this toolkit wrote are removed with the previous set's
/// leftovers, and so is a language's when the sitemap lists none of its
/// pages any more.
/// Only a file still exactly as written is replaced or removed
/// (`sitemap_core::human::llms_txt_owner`): a hand-made one, or ours
/// edited since, is left alone, with a warning; one from a release whose
/// marker had no hash is replaced only when it is exactly what this run
/// writes, since an edit to it cannot be told.
pub(super) fn stage(
    outputs: &Outputs,
    site: &SiteInfo,
    pages: &[HumanPage],
    staged: &mut StagedSet,
    files: &mut Vec<PathBuf>,
    warnings: &mut Vec<Diagnostic>,
) -> Result<(), Error> {
    let dir = &outputs.set.dir;
    let written = if outputs.llms_txt {
        human::llms_files(dir, &outputs.set.base_url, site, pages)?
    } else {
        Vec::new()
    };
    for file in &written {
        stage_file(dir, file, staged, files, warnings)?;
    }
    if !outputs.llms_txt
        && let Some((owner, _)) = human::llms_txt_owner(&dir.join(LLMS_FILE_NAME))
    {
        retire(dir, "", owner, "`llms-txt` is off", staged, warnings)?;
    }
    // A language's own file is looked for whatever the root's is: a
    // person's root llms.txt beside the toolkit's language files leaves
    // those the toolkit's to remove.
    let why = if outputs.llms_txt {
        "the sitemap lists no page in its language any more"
    } else {
        "`llms-txt` is off"
    };
    for (folder, owner) in language_files(dir, &outputs.set.base_url) {
        if !written.iter().any(|f| f.folder == folder) {
            retire(dir, &folder, owner, why, staged, warnings)?;
        }
    }
    Ok(())
}

/// Stages `file`, unless the one in its place is not the toolkit's own
/// as written (then a warning says what to do).
fn stage_file(
    dir: &Path,
    file: &LlmsFile,
    staged: &mut StagedSet,
    files: &mut Vec<PathBuf>,
    warnings: &mut Vec<Diagnostic>,
) -> Result<(), Error> {
    let path = dir.join(&file.folder).join(LLMS_FILE_NAME);
    if !real_folders(dir, &file.folder) {
        warnings.push(Diagnostic::warning(format!(
            "{} was not written: part of its folder is a link or a file, and nothing is written through one",
            shown::path(&path)
        )));
        return Ok(());
    }
    // Ours but maybe a person's work now: deleting the marker line makes
    // it theirs, and the warning stops.
    let keep = "; remove it to get llms.txt written from the sitemap's pages, or delete its last line to keep it as yours";
    let left_alone = match human::llms_txt_owner(&path) {
        Some((LlmsOwner::Foreign, _)) => Some((
            "was not written by this tool",
            "; remove it to get llms.txt written from the sitemap's pages",
        )),
        Some((LlmsOwner::Edited, _)) => Some(("was written by this tool and edited since", keep)),
        Some((LlmsOwner::Unhashed, old)) if !same_but_marker(&old, &file.text) => Some((
            "was written by an earlier version of this tool, whose marker cannot tell an edit, and differs from what this run writes",
            keep,
        )),
        _ => None,
    };
    if let Some((why, what_to_do)) = left_alone {
        warnings.push(Diagnostic::warning(format!(
            "{} {why}, so it was left alone{what_to_do}",
            shown::path(&path)
        )));
        return Ok(());
    }
    files.push(if file.folder.is_empty() {
        staged.add_file(LLMS_FILE_NAME, &file.text)?
    } else {
        staged.add_file_in(&file.folder, LLMS_FILE_NAME, &file.text)?
    });
    Ok(())
}

/// Whether each part of `folder` below `dir` is a folder or missing (the
/// write makes it): a link could lead out of the output folder.
fn real_folders(dir: &Path, folder: &str) -> bool {
    let mut path = dir.to_owned();
    for part in folder.split('/').filter(|p| !p.is_empty()) {
        path.push(part);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return true,
            _ => return false,
        }
    }
    true
}

/// The toolkit's llms.txt in `folder` (empty: the set's own), which the
/// run does not write because `why`: removed with the set when
/// unedited, else left alone with a warning.
fn retire(
    dir: &Path,
    folder: &str,
    owner: LlmsOwner,
    why: &str,
    staged: &mut StagedSet,
    warnings: &mut Vec<Diagnostic>,
) -> Result<(), Error> {
    let path = dir.join(folder).join(LLMS_FILE_NAME);
    match owner {
        LlmsOwner::Unedited if folder.is_empty() => staged.retire_file(LLMS_FILE_NAME)?,
        LlmsOwner::Unedited => staged.retire_file_in(folder, LLMS_FILE_NAME)?,
        LlmsOwner::Edited => warnings.push(Diagnostic::warning(format!(
            "{} was written by this tool and edited since, so it was left alone although {why}; delete it if it is no longer wanted",
            shown::path(&path)
        ))),
        LlmsOwner::Unhashed => warnings.push(Diagnostic::warning(format!(
            "{} was written by an earlier version of this tool, whose marker cannot tell an edit, so it was left alone although {why}; delete it if it is no longer wanted",
            shown::path(&path)
        ))),
        _ => {}
    }
    Ok(())
}

/// The toolkit's llms.txt files of the set's languages found one folder
/// below `dir`, with who they belong to now: each bears the toolkit's
/// marker and links the set's own llms.txt or another language's beside
/// it, as every language's file does. Another set's llms.txt below this
/// one (a book published in `docs/`) links neither, and is never taken.
fn language_files(dir: &Path, base_url: &sitemap_core::Loc) -> Vec<(String, LlmsOwner)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let base = base_url.folder();
    let mut found: Vec<(String, LlmsOwner)> = entries
        .flatten()
        // A real folder only: a link may lead out of the output folder.
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|folder| {
            let (owner, text) = human::llms_txt_owner(&dir.join(&folder).join(LLMS_FILE_NAME))?;
            (owner != LlmsOwner::Foreign && links_a_sibling(&text, base.as_str()))
                .then_some((folder, owner))
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// Whether the llms.txt `text` links `base`'s llms.txt, or one a folder
/// below `base` (`](https://example.org/de/llms.txt)`).
fn links_a_sibling(text: &[u8], base: &str) -> bool {
    String::from_utf8_lossy(text).lines().any(|line| {
        let Some(target) = line
            .split_once("](")
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(target, _)| target)
        else {
            return false;
        };
        let Some(rel) = target.strip_prefix(base) else {
            return false;
        };
        match rel.strip_suffix(LLMS_FILE_NAME) {
            Some("") => true,
            Some(folder) => folder
                .strip_suffix('/')
                .is_some_and(|name| !name.is_empty() && !name.contains('/')),
            None => false,
        }
    })
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
