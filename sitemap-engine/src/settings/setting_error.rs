//! An error about one setting's value, with its place as fields when a
//! file set it.

use super::{Origin, describe, line_of};
use crate::error::Error;

/// An error about `key`'s value, set at `origin`: in a file, the file,
/// line and key are its fields ([`Error::SettingsFile`]), the message
/// naming the key; on the command line or in a builder, the flag or the
/// method names its place ([`Error::Setting`]). An empty `key`: the
/// file's, not one key's.
pub(super) fn setting_error(origin: &Origin, key: &str, message: String, hint: String) -> Error {
    let (file, line, named) = match origin {
        Origin::File { path, table } => {
            let line = (!key.is_empty())
                .then(|| line_of(path, table.as_deref(), key))
                .flatten();
            let table = table.as_ref().map_or(String::new(), |t| format!("[{t}] "));
            (path, line, format!("{table}`{key}`"))
        }
        Origin::Site { path } => (path, None, format!("[sitemap] `{key}`")),
        Origin::Flag | Origin::Builder => {
            return Error::Setting {
                at: describe(origin, key),
                message,
                hint,
            };
        }
    };
    if key.is_empty() {
        return Error::SettingsFile {
            file: file.clone(),
            line: None,
            key: None,
            message,
            hint,
        };
    }
    Error::SettingsFile {
        file: file.clone(),
        line: line.map(|l| l as u64),
        key: Some(key.to_owned()),
        message: format!("{named}: {message}"),
        hint,
    }
}
