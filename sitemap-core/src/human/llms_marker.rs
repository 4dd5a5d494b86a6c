//! The last line of an llms.txt this toolkit writes, and what it tells a
//! later run about a file found in the output folder.
//!
//! A person may add a section of their own to the generated file and
//! leave the marker in. The marker alone would then make the file look
//! like ours, and a run without `llms-txt` would delete the person's
//! work. So the marker carries a hash of the text above it: only a file
//! whose text still hashes to it is the one written ([`LlmsOwner::Unedited`]),
//! and only that is replaced or removed. One with the marker and other text
//! is [`LlmsOwner::Edited`], left alone.
//!
//! The first releases wrote the marker without a hash
//! ([`UNHASHED_LLMS_MARKER`]): such a file cannot be told from one edited
//! since, so it is [`LlmsOwner::Unhashed`]. The job replaces it only when
//! its text is exactly what the run would write (nothing to lose), and
//! otherwise leaves it alone with a warning, as it does an edited one.

/// How every marker line starts, with a hash or without.
const MARKER_START: &str =
    "<!-- Written by sitemap-core (sitemap_core::human::write_llms_txt) from the sitemap's pages";

/// The marker line of the first releases, with no hash.
pub const UNHASHED_LLMS_MARKER: &str = "<!-- Written by sitemap-core (sitemap_core::human::write_llms_txt) from the sitemap's pages. -->";

/// The marker line that closes `body`, the text above it: it names the
/// xxh3 hash of that text, so an edit anywhere above shows.
pub fn llms_marker(body: &[u8]) -> String {
    format!(
        "{MARKER_START}; xxh3 of the text above: {:016x}. -->",
        xxhash_rust::xxh3::xxh3_64(body)
    )
}

/// Who an llms.txt found in the output folder belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LlmsOwner {
    /// Written by this toolkit and unchanged since: a run may replace or
    /// remove it.
    Unedited,
    /// Written by this toolkit, then edited (the text above the marker
    /// no longer hashes to it, or text follows it): a person's work.
    Edited,
    /// Written by a release that put no hash in the marker: edited or
    /// not, nothing tells.
    Unhashed,
    /// No marker: a person's own llms.txt.
    Foreign,
}

/// Who the llms.txt `bytes` belongs to: the last marker line decides.
pub fn llms_txt_owner(bytes: &[u8]) -> LlmsOwner {
    let start = MARKER_START.as_bytes();
    let Some(at) = bytes.windows(start.len()).rposition(|w| w == start) else {
        return LlmsOwner::Foreign;
    };
    let (body, rest) = bytes.split_at(at);
    // A marker quoted inside a line is not ours.
    if !(body.is_empty() || body.ends_with(b"\n")) {
        return LlmsOwner::Foreign;
    }
    let (line, after) = match rest.iter().position(|&b| b == b'\n') {
        Some(end) => (&rest[..end], Some(&rest[end + 1..])),
        None => (rest, None),
    };
    if line == UNHASHED_LLMS_MARKER.as_bytes() {
        return LlmsOwner::Unhashed;
    }
    if after == Some(b"") && line == llms_marker(body).as_bytes() {
        return LlmsOwner::Unedited;
    }
    LlmsOwner::Edited
}

#[cfg(test)]
mod tests {
    use super::{LlmsOwner, UNHASHED_LLMS_MARKER, llms_marker, llms_txt_owner};

    fn written(body: &str) -> String {
        format!("{body}{}\n", llms_marker(body.as_bytes()))
    }

    #[test]
    fn only_the_text_as_written_is_unedited() {
        let body = "# Site\n\n## Pages\n\n- [Home](https://example.org/)\n\n";
        let ours = written(body);
        assert_eq!(llms_txt_owner(ours.as_bytes()), LlmsOwner::Unedited);
        // A section added above the marker, a line changed, text after it,
        // the final newline gone: each an edit.
        let added = ours.replace(
            "\n\n<!--",
            "\n\n## Mine\n\n- [Talk](https://example.org/t)\n\n<!--",
        );
        assert_eq!(llms_txt_owner(added.as_bytes()), LlmsOwner::Edited);
        let changed = ours.replace("Home", "Start");
        assert_eq!(llms_txt_owner(changed.as_bytes()), LlmsOwner::Edited);
        let after = format!("{ours}## Mine\n");
        assert_eq!(llms_txt_owner(after.as_bytes()), LlmsOwner::Edited);
        let cut = ours.trim_end();
        assert_eq!(llms_txt_owner(cut.as_bytes()), LlmsOwner::Edited);
    }

    #[test]
    fn no_marker_or_a_quoted_one_is_foreign_and_the_old_one_unhashed() {
        assert_eq!(llms_txt_owner(b"# Hand made\n"), LlmsOwner::Foreign);
        let quoted = format!("# Notes\n\nOurs ends with `{UNHASHED_LLMS_MARKER}`\n");
        assert_eq!(llms_txt_owner(quoted.as_bytes()), LlmsOwner::Foreign);
        let old = format!("# Site\n\n{UNHASHED_LLMS_MARKER}\n");
        assert_eq!(llms_txt_owner(old.as_bytes()), LlmsOwner::Unhashed);
    }
}
