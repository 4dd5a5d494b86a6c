//! What a skin prints for a failed job: the error and its causes as
//! [`Diagnostic`]s, each place a field ([`diagnostics_of`]).
//!
//! Every warning of a job reaches a skin as a [`Diagnostic`] already
//! (`Scan::warnings`, `Report::warnings`, [`Notice`](crate::Notice));
//! an error is a chain of causes, and the outermost one that knows its
//! places (the job's [`Error`], a reader's, a [`Diagnostic`] a skin
//! returned) speaks for it here, so the CLI, the mdBook plugin and a
//! build script print `file:line: error: message` the same way. No text
//! is read back for a place.

use std::error::Error as StdError;

pub use sitemap_core::Diagnostic;
pub use sitemap_core::diagnostic::{Labels, Severity, bound_kinds};

use crate::error::Error;

/// `err` and its causes as diagnostics: those of `err` when it knows
/// its places, with the text of any cause it does not already say added
/// to the last; else one diagnostic of the chain's whole text
/// ([`message_of`]): a context said around a reader's error is part of
/// the message.
pub fn diagnostics_of(err: &(dyn StdError + 'static)) -> Vec<Diagnostic> {
    let Some(mut found) = placed(err) else {
        return vec![Diagnostic::error(message_of(err))];
    };
    let own = err.to_string();
    if let Some(last) = found.last_mut() {
        let mut cause = err.source();
        while let Some(c) = cause {
            let text = c.to_string();
            if !last.message.contains(&text) && !own.contains(&text) {
                last.message.push_str(": ");
                last.message.push_str(&text);
            }
            cause = c.source();
        }
    }
    found
}

/// The diagnostics of an error that knows its places.
fn placed(e: &(dyn StdError + 'static)) -> Option<Vec<Diagnostic>> {
    if let Some(e) = e.downcast_ref::<Error>() {
        return Some(e.diagnostics());
    }
    if let Some(d) = e.downcast_ref::<Diagnostic>() {
        return Some(vec![d.clone()]);
    }
    #[cfg(feature = "submit")]
    if let Some(e) = e.downcast_ref::<crate::submit::SubmitError>() {
        return Some(e.diagnostics());
    }
    if let Some(e) = e.downcast_ref::<sitemap_content::Error>() {
        return Some(e.diagnostics());
    }
    if let Some(e) = e.downcast_ref::<sitemap_pages::Error>() {
        return Some(vec![e.diagnostic()]);
    }
    if let Some(e) = e.downcast_ref::<sitemap_git::Error>() {
        return Some(vec![e.diagnostic()]);
    }
    #[cfg(feature = "mdbook")]
    if let Some(e) = e.downcast_ref::<sitemap_book::Error>() {
        return Some(e.diagnostics());
    }
    #[cfg(feature = "html")]
    if let Some(e) = e.downcast_ref::<sitemap_html::Error>() {
        return Some(e.diagnostics());
    }
    None
}

/// An error and its causes as one message, `: `-separated, leaving out a
/// cause whose words the message holds already: most errors print their
/// source's text themselves, and `{:#}` would say it twice.
pub fn message_of(err: &(dyn StdError + 'static)) -> String {
    let mut message = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        let text = c.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        cause = c.source();
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A settings file's several wrong keys: one diagnostic each, at its
    /// line, the hint after the last.
    #[test]
    fn an_error_s_places_are_fields() {
        let err = Error::Settings {
            errors: vec![
                Error::SettingsFile {
                    file: "sitemap.toml".into(),
                    line: Some(1),
                    key: Some("max-urls".into()),
                    message: "`max-urls` must be a whole number".into(),
                    hint: "write a number".into(),
                },
                Error::SettingsFile {
                    file: "sitemap.toml".into(),
                    line: Some(3),
                    key: Some("robot".into()),
                    message: "unknown key `robot`".into(),
                    hint: "see the key table".into(),
                },
            ],
            hint: "fix each of the 2 keys named above".into(),
        };
        let shown: Vec<String> = diagnostics_of(&err)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            shown,
            [
                "sitemap.toml:1: error: `max-urls` must be a whole number",
                "sitemap.toml:3: error: unknown key `robot`\n  hint: fix each of the 2 keys named above",
            ]
        );
        assert_eq!(diagnostics_of(&err)[1].key.as_deref(), Some("robot"));
    }

    /// A cause the error does not say itself is added to its message; a
    /// chain of plain errors is one message, with no place.
    #[test]
    fn causes_are_said_once() {
        let io = std::io::Error::other("disk on fire");
        let err = Error::Io {
            path: "./public/sitemap.xml".into(),
            source: io,
        };
        assert_eq!(
            diagnostics_of(&err)[0].to_string(),
            "public/sitemap.xml: error: disk on fire"
        );
        let plain = std::io::Error::other("public/x: not a place");
        assert_eq!(
            diagnostics_of(&plain)[0].to_string(),
            "error: public/x: not a place"
        );
    }
}
