//! The IndexNow key: made (`--init`), checked, written as the key file
//! beside the site and as `submit.key` in the settings file, and which
//! URLs a key file covers (IndexNow: a key file in a folder vouches only
//! for URLs under that folder of its host).

use std::path::{Path, PathBuf};

use super::SubmitError;
use crate::error::Error;

/// Whether `key` is a key IndexNow takes: 8 to 128 of `a-z`, `A-Z`,
/// `0-9`, `-`. The error says what is wrong.
pub fn check(key: &str) -> Result<(), String> {
    if !(8..=128).contains(&key.len()) {
        return Err(format!(
            "the key has {} characters; IndexNow takes 8 to 128",
            key.chars().count()
        ));
    }
    if let Some(c) = key
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-'))
    {
        return Err(format!(
            "the key holds `{c}`; IndexNow takes only a-z, A-Z, 0-9 and -"
        ));
    }
    Ok(())
}

/// A new random key: 32 hexadecimal digits (128 bits from the operating
/// system), the form IndexNow's own examples use.
pub fn make() -> Result<String, SubmitError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| SubmitError::Random(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The key file's default URL: `{base-url}{key}.txt`.
pub(crate) fn default_location(base_url: &url::Url, key: &str) -> Result<url::Url, String> {
    base_url
        .join(&format!("{key}.txt"))
        .map_err(|e| e.to_string())
}

/// Whether a key file at `location` vouches for `url`: same scheme, host
/// and port, and `url` under the key file's folder.
pub(crate) fn covers(location: &url::Url, url: &url::Url) -> bool {
    let folder = match location.path().rfind('/') {
        Some(i) => &location.path()[..=i],
        None => "/",
    };
    location.origin() == url.origin() && url.path().starts_with(folder)
}

/// What `--init` did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Init {
    /// The key (new, or the one the settings already held).
    pub key: String,
    /// Whether it was made now.
    pub new: bool,
    /// The key file written.
    pub key_file: PathBuf,
    /// The settings file that now holds `submit.key`; `None` when it held
    /// it already.
    pub settings_file: Option<PathBuf>,
}

/// `--init`: the key of the settings, or a new one, written as
/// `{key}.txt` (the key alone) into `out` through the one write path
/// (atomic, the umask's mode), and a new key set as `submit.key` in
/// `settings_file` under `table` (`[]` for sitemap.toml's top level,
/// `["output", "sitemap"]` for book.toml), keeping the rest of its text.
pub fn init(
    existing: Option<&str>,
    out: &Path,
    settings_file: &Path,
    table: &[&str],
) -> Result<Init, SubmitError> {
    let (key, new) = match existing {
        Some(key) => (key.to_owned(), false),
        None => (make()?, true),
    };
    let key_file = sitemap_core::output::write_file(out, &format!("{key}.txt"), key.as_bytes())
        .map_err(Error::from)?;
    let settings_file = if new {
        set_key(settings_file, table, &key)?;
        Some(settings_file.to_owned())
    } else {
        None
    };
    Ok(Init {
        key,
        new,
        key_file,
        settings_file,
    })
}

/// Sets `submit.key` in the TOML file at `path` (made when missing),
/// under `table`, keeping comments, order and formatting of the rest.
fn set_key(path: &Path, table: &[&str], key: &str) -> Result<(), Error> {
    let io = |source| Error::Io {
        path: path.to_owned(),
        source,
    };
    let text =
        match sitemap_core::input::read_regular_text(path, crate::settings::MAX_SETTINGS_BYTES) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(io(e)),
        };
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let line = e.span().map_or(1, |s| {
            text[..s.start.min(text.len())].matches('\n').count() + 1
        });
        Error::Setting {
            at: format!("{}:{line}", path.display()),
            message: e.message().to_owned(),
            hint: "fix the file, then run `--init` again".to_owned(),
        }
    })?;
    let mut item = doc.as_item_mut();
    for name in table.iter().chain(&["submit"]) {
        let here = item
            .as_table_like_mut()
            .ok_or_else(|| not_a_table(path, name))?;
        if here.get(name).is_none() {
            let mut t = toml_edit::Table::new();
            t.set_implicit(*name != "submit");
            here.insert(name, toml_edit::Item::Table(t));
        }
        item = here.get_mut(name).expect("inserted above");
    }
    let submit = item
        .as_table_like_mut()
        .ok_or_else(|| not_a_table(path, "submit"))?;
    submit.insert("key", toml_edit::value(key));
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "sitemap.toml".to_owned());
    sitemap_core::output::write_file(dir, &name, doc.to_string().as_bytes())?;
    Ok(())
}

fn not_a_table(path: &Path, name: &str) -> Error {
    Error::Setting {
        at: format!("{} `{name}`", path.display()),
        message: "is not a table".to_owned(),
        hint: format!("make `{name}` a table (`[{name}]`), then run `--init` again"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_coverage() {
        assert_eq!(check("abcd-1234"), Ok(()));
        assert_eq!(
            check("short"),
            Err("the key has 5 characters; IndexNow takes 8 to 128".to_owned())
        );
        assert_eq!(
            check("abcd_1234"),
            Err("the key holds `_`; IndexNow takes only a-z, A-Z, 0-9 and -".to_owned())
        );
        let key = make().unwrap();
        assert_eq!(check(&key), Ok(()));
        assert_ne!(key, make().unwrap());
        let at = |s: &str| -> url::Url { s.parse().unwrap() };
        let root = at("https://e.org/k.txt");
        let docs = at("https://e.org/docs/k.txt");
        assert!(covers(&root, &at("https://e.org/docs/a/")));
        assert!(covers(&docs, &at("https://e.org/docs/a/")));
        assert!(!covers(&docs, &at("https://e.org/blog/")));
        assert!(!covers(&root, &at("https://www.e.org/")));
        assert!(!covers(&root, &at("http://e.org/")));
    }

    #[test]
    fn set_key_keeps_the_users_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book.toml");
        let text = "[book]\ntitle = \"T\" # the title\n\n[output.sitemap]\nbase-url = \"https://e.org/\"\n";
        std::fs::write(&path, text).unwrap();
        set_key(&path, &["output", "sitemap"], "abcdefgh").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{text}\n[output.sitemap.submit]\nkey = \"abcdefgh\"\n")
        );
    }
}
