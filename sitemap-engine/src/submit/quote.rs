//! What a message quotes of the network and of the endpoint setting:
//! an answer's text ([`clip`]) with its control characters escaped, so a
//! hostile endpoint cannot rewrite the user's terminal or CI log, and
//! URLs ([`redacted`]) with their credentials hidden, so a password in
//! `submit.endpoint` is never printed.

/// A server's answer as quoted in a message: one line, at most 300
/// characters, every control or bidirectional-override character shown
/// as its escape (`\u{1b}`) rather than sent to the terminal.
pub(crate) fn clip(body: &str) -> String {
    let one_line = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let clipped = match one_line.char_indices().nth(300) {
        Some((i, _)) => format!("{}…", &one_line[..i]),
        None => one_line,
    };
    escaped(&clipped)
}

/// `text` with control characters, and the Unicode format characters
/// that reorder or hide text (bidirectional overrides and isolates),
/// escaped.
pub(crate) fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// `url` as shown in messages: any user name and password replaced by
/// `***`. Text that is not a URL is returned escaped, unchanged otherwise.
pub(crate) fn redacted(url: &str) -> String {
    match url.parse::<url::Url>() {
        Ok(mut u) if !u.username().is_empty() || u.password().is_some() => {
            // Cannot fail for a URL that had credentials: it has a host.
            let _ = u.set_password(None);
            let _ = u.set_username("***");
            escaped(u.as_str())
        }
        _ => escaped(url),
    }
}

/// `message` (a transport error that may quote the URL) with the
/// credentials of `url` taken out.
pub(crate) fn without_credentials(message: &str, url: &str) -> String {
    let mut out = message.to_owned();
    if let Ok(u) = url.parse::<url::Url>() {
        if let Some(password) = u.password().filter(|p| !p.is_empty()) {
            out = out.replace(password, "***");
        }
        if !u.username().is_empty() {
            out = out.replace(u.username(), "***");
        }
    }
    escaped(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_escapes_terminal_controls() {
        assert_eq!(
            clip("\u{1b}]0;x\u{7}\u{1b}[2Jno\u{202e}pe"),
            "\\u{1b}]0;x\\u{7}\\u{1b}[2Jno\\u{202e}pe"
        );
        assert_eq!(clip(&"a ".repeat(400)).chars().count(), 301);
    }

    #[test]
    fn redacted_hides_user_and_password() {
        assert_eq!(
            redacted("https://me:s3cret@example.org/indexnow"),
            "https://***@example.org/indexnow"
        );
        assert_eq!(
            redacted("https://token@example.org/"),
            "https://***@example.org/"
        );
        assert_eq!(redacted("https://example.org/x"), "https://example.org/x");
        assert_eq!(
            without_credentials("s3cret failed", "https://me:s3cret@example.org/"),
            "*** failed"
        );
    }
}
