//! What is checked before anything is sent: the sitemap set in the
//! output folder validates, the key file on the live site holds the key,
//! and the live home page is not noindex (a staging build deployed where
//! the site should be).

use std::path::Path;

use sitemap_core::validate::{Format, Options, validate};

use super::SubmitError;
use super::http::Client;
use super::quote::{clip, escaped, redacted};
use crate::publish::Outputs;

/// The set at `outputs` validates: its root file, and for an index each
/// sitemap it lists in the folder.
pub(crate) fn check_set(outputs: &Outputs) -> Result<(), SubmitError> {
    let root_name = format!(
        "{}.{}{}",
        outputs.set.stem,
        outputs.set.format.extension(),
        if outputs.set.gzip { ".gz" } else { "" }
    );
    let root = outputs.set.dir.join(&root_name);
    let location = outputs
        .set
        .base_url
        .join(&root_name)
        .unwrap_or_else(|_| outputs.set.base_url.clone());
    let report = validate_file(&root, &Options::default().with_location(location))?;
    let mut problems = errors_of(&root, &report);
    for child in &report.children {
        let rel = child
            .loc
            .as_str()
            .strip_prefix(outputs.set.base_url.as_str())
            .filter(|rel| !rel.contains(['/', '?', '#']));
        let Some(rel) = rel else { continue };
        let path = outputs.set.dir.join(rel);
        let options = Options::default()
            .with_location(child.loc.clone())
            .with_format(Format::Auto);
        problems.extend(errors_of(&path, &validate_file(&path, &options)?));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(SubmitError::InvalidSet {
            path: root,
            problems,
        })
    }
}

fn validate_file(
    path: &Path,
    options: &Options,
) -> Result<sitemap_core::validate::Report, SubmitError> {
    let file = sitemap_core::input::open_regular(path).map_err(|e| SubmitError::InvalidSet {
        path: path.to_owned(),
        problems: vec![sitemap_core::Diagnostic::error(format!(
            "cannot read it: {e}"
        ))],
    })?;
    validate(std::io::BufReader::new(file), options).map_err(|e| SubmitError::InvalidSet {
        path: path.to_owned(),
        problems: vec![sitemap_core::Diagnostic::error(e.to_string())],
    })
}

fn errors_of(
    path: &Path,
    report: &sitemap_core::validate::Report,
) -> Vec<sitemap_core::Diagnostic> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity == sitemap_core::validate::Severity::Error)
        .map(|d| d.in_file(path))
        .collect()
}

/// The key file at `location` answers 200 with exactly the key
/// (surrounding whitespace aside, as a file saved by an editor ends in a
/// newline).
pub(crate) fn check_key_file(
    client: &Client,
    location: &str,
    key: &str,
) -> Result<(), SubmitError> {
    let answer = client.get(location)?;
    let problem = if answer.status != 200 {
        format!("it answered {}", answer.status)
    } else if answer.body.trim() != key {
        format!(
            "it holds `{}`, not the key `{key}`",
            clip(answer.body.trim())
        )
    } else {
        return Ok(());
    };
    Err(SubmitError::KeyFile {
        url: redacted(location),
        problem,
    })
}

/// The live home page at `home` is not noindex: neither an
/// `X-Robots-Tag` header nor a robots meta says `noindex` or `none`.
pub(crate) fn check_indexable(
    client: &Client,
    home: &sitemap_core::Loc,
) -> Result<(), SubmitError> {
    let answer = client.get(home.as_str())?;
    let noindex = |s: &str| {
        s.split(|c: char| c == ',' || c == ':' || c.is_whitespace())
            .any(|t| t.eq_ignore_ascii_case("noindex") || t.eq_ignore_ascii_case("none"))
    };
    if let Some(tag) = answer.robots_tags.iter().find(|t| noindex(t)) {
        return Err(SubmitError::Noindex {
            url: home.to_string(),
            how: format!("its X-Robots-Tag header says `{}`", escaped(tag)),
        });
    }
    if answer.status != 200 {
        return Err(SubmitError::HomePage {
            url: home.to_string(),
            status: answer.status,
        });
    }
    // Judged by the same reader that leaves noindex pages out of a scan.
    let dir = tempfile::tempdir().map_err(|e| SubmitError::Http {
        url: home.to_string(),
        message: format!("cannot keep the page to read it: {e}"),
    })?;
    let page = dir.path().join("index.html");
    std::fs::write(&page, &answer.body).map_err(|e| SubmitError::Http {
        url: home.to_string(),
        message: format!("cannot keep the page to read it: {e}"),
    })?;
    let reader = sitemap_html::PageReader::new(sitemap_html::HtmlOptions::new(home.clone()));
    if let Ok(mut reader) = reader
        && let sitemap_html::PageRead::Page(head) = reader.read(&page, "index.html", home)
        && let sitemap_html::Indexing::Noindex { meta_name } = head.indexing
    {
        return Err(SubmitError::Noindex {
            url: home.to_string(),
            how: format!("its <meta name=\"{}\"> says noindex", escaped(&meta_name)),
        });
    }
    Ok(())
}
