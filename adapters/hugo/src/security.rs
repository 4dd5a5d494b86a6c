//! `security.allowContent` (Hugo 0.162 and later): which content media
//! types Hugo builds pages from. By default it refuses HTML and Org
//! content (`['! ^text/html$', '! ^text/org$']`) and the build fails
//! naming the file, so a scan that mapped such a site would describe a
//! site Hugo does not build. The patterns are Go regexps, `! ` denying
//! (`config/security/whitelist.go`).

use regex::Regex;
use serde_json::Value;

use super::rules::HugoRules;
use super::version::HugoVersion;

/// The media type Hugo gives a content file's extension.
fn media_type(ext: &str) -> Option<&'static str> {
    Some(match ext.to_ascii_lowercase().as_str() {
        "md" | "markdown" | "mdown" => "text/markdown",
        "html" | "htm" => "text/html",
        "adoc" | "asciidoc" | "ad" => "text/asciidoc",
        "pandoc" | "pdc" => "text/pandoc",
        "rst" => "text/rst",
        "org" => "text/org",
        _ => return None,
    })
}

/// The site's `allowContent` patterns, as (deny, pattern); `None` when
/// the site does not set it (Hugo's default then applies).
#[derive(Debug, Default)]
pub(crate) struct AllowContent {
    patterns: Option<Vec<(bool, Option<Regex>)>>,
}

impl AllowContent {
    /// From the merged configuration's `security.allowcontent`.
    pub(crate) fn from_config(config: &Value) -> AllowContent {
        let value = config.get("security").and_then(|s| s.get("allowcontent"));
        let texts: Option<Vec<String>> = match value {
            Some(Value::String(s)) => Some(vec![s.clone()]),
            Some(Value::Array(items)) => Some(
                items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect(),
            ),
            _ => None,
        };
        AllowContent {
            patterns: texts.map(|texts| {
                texts
                    .iter()
                    .map(|t| t.trim())
                    .filter(|t| !t.is_empty())
                    .map(|t| match t.strip_prefix("! ") {
                        Some(raw) => (true, Regex::new(raw).ok()),
                        None => (false, Regex::new(t).ok()),
                    })
                    .collect()
            }),
        }
    }

    /// Whether Hugo builds pages of this media type (`Whitelist.Accept`).
    fn accepts(&self, media_type: &str) -> bool {
        let Some(patterns) = &self.patterns else {
            return !matches!(media_type, "text/html" | "text/org");
        };
        if patterns.is_empty() || patterns.iter().any(|(_, re)| re.is_none()) {
            // Hugo refuses a pattern it cannot compile at start-up, and
            // an empty list accepts nothing; either way the site is not
            // built, and the file is named.
            return false;
        }
        if patterns
            .iter()
            .any(|(deny, re)| *deny && re.as_ref().is_some_and(|r| r.is_match(media_type)))
        {
            return false;
        }
        let allows: Vec<&Regex> = patterns
            .iter()
            .filter(|(deny, _)| !deny)
            .filter_map(|(_, re)| re.as_ref())
            .collect();
        if allows.is_empty() {
            return true;
        }
        allows.iter().any(|r| r.is_match(media_type))
    }
}

/// Why the Hugo followed refuses a content file of this extension, if it
/// does.
pub(super) fn refused_content(
    ext: &str,
    allow: &AllowContent,
    version: HugoVersion,
    rules: &HugoRules,
) -> Option<String> {
    let media_type = media_type(ext)?;
    if media_type == "text/markdown" || allow.accepts(media_type) {
        return None;
    }
    if !rules.allow_content {
        return None;
    }
    Some(format!(
        "Hugo {version} refuses {media_type} content unless `security.allowContent` allows it \
         (add `allowContent = ['.*']` under `[security]` in the site's configuration, or remove \
         the file)"
    ))
}

#[cfg(test)]
mod tests {
    use super::AllowContent;
    use serde_json::json;

    #[test]
    fn allow_content_reads_as_hugo_s_whitelist() {
        let default = AllowContent::default();
        assert!(default.accepts("text/asciidoc"));
        assert!(!default.accepts("text/html"));
        assert!(!default.accepts("text/org"));
        let all = AllowContent::from_config(&json!({"security": {"allowcontent": [".*"]}}));
        assert!(all.accepts("text/html"));
        let deny_org =
            AllowContent::from_config(&json!({"security": {"allowcontent": ["! ^text/org$"]}}));
        assert!(deny_org.accepts("text/html"));
        assert!(!deny_org.accepts("text/org"));
        let none = AllowContent::from_config(&json!({"security": {"allowcontent": []}}));
        assert!(!none.accepts("text/asciidoc"));
    }
}
