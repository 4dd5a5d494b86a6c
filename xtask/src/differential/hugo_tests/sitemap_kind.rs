//! `"sitemap"` taken out of a test site's `disableKinds`, so that Hugo
//! writes its built-in sitemap for every site it builds.
//!
//! Most of Hugo's tests disable the kinds they do not assert on,
//! `sitemap` among them (`disableKinds = ['rss','sitemap','taxonomy']`):
//! left as written, Hugo builds those sites without a sitemap and there
//! is nothing to compare. The kind only decides whether `sitemap.xml` is
//! written, never which pages are built, so taking it out changes no URL
//! of the set: the site is the same site, with a sitemap.
//!
//! An edit of the text, not a parse and re-serialisation, so the rest of
//! the file reaches Hugo byte for byte: every `disableKinds` key (any
//! case, a language's own too; TOML, YAML or JSON, quoted or not) whose
//! value is an inline list (`[…]`, across lines too) or a YAML block list
//! (`- sitemap` lines below the key) loses its `sitemap` item, in any
//! case and quoting.

/// `text` with `sitemap` taken out of every `disableKinds` list; `None`
/// when no list names it.
pub(super) fn enable_sitemap(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    let mut changed = false;
    while let Some(found) = lower[at..].find("disablekinds") {
        let key_end = at + found + "disablekinds".len();
        let Some(value) = value_start(text, key_end) else {
            out.push_str(&text[at..key_end]);
            at = key_end;
            continue;
        };
        out.push_str(&text[at..value]);
        let (kept, end) = if text[value..].starts_with('[') {
            inline_list(text, value)
        } else {
            block_list(text, value)
        };
        changed |= kept != text[value..end];
        out.push_str(&kept);
        at = end;
    }
    out.push_str(&text[at..]);
    changed.then_some(out)
}

/// Where the value of a key ending at `key_end` starts: after an
/// optional closing quote, `=` or `:`, and the blanks on its line.
fn value_start(text: &str, key_end: usize) -> Option<usize> {
    let rest = &text[key_end..];
    let rest_q = rest.strip_prefix(['"', '\'']).unwrap_or(rest);
    let after_sep = rest_q.trim_start_matches([' ', '\t']);
    let after_sep = after_sep.strip_prefix(['=', ':'])?;
    let value = after_sep.trim_start_matches([' ', '\t']);
    Some(text.len() - value.len())
}

/// The inline list opening at `start` (`[`) with its `sitemap` item
/// dropped, and the byte after its `]`.
fn inline_list(text: &str, start: usize) -> (String, usize) {
    let Some(close) = text[start..].find(']').map(|i| start + i) else {
        return (String::new(), start);
    };
    let items: Vec<&str> = text[start + 1..close].split(',').collect();
    let kept: Vec<&str> = items
        .iter()
        .copied()
        .filter(|item| !is_sitemap(item))
        .collect();
    if kept.len() == items.len() {
        return (text[start..=close].to_owned(), close + 1);
    }
    let kept: Vec<&str> = kept
        .iter()
        .map(|i| i.trim())
        .filter(|i| !i.is_empty())
        .collect();
    (format!("[{}]", kept.join(", ")), close + 1)
}

/// A YAML block list starting on the line after `start` (the key's value
/// is empty on its own line): its `- sitemap` lines dropped. Returns the
/// text from `start` to the end of the list, and where that is.
fn block_list(text: &str, start: usize) -> (String, usize) {
    let Some(line_end) = text[start..].find('\n').map(|i| start + i + 1) else {
        return (text[start..].to_owned(), text.len());
    };
    if !text[start..line_end].trim().is_empty() {
        return (text[start..line_end].to_owned(), line_end);
    }
    let mut kept = text[start..line_end].to_owned();
    let mut at = line_end;
    for line in text[line_end..].split_inclusive('\n') {
        let Some(item) = line.trim_start().strip_prefix('-') else {
            break;
        };
        if !is_sitemap(item) {
            kept.push_str(line);
        }
        at += line.len();
    }
    (kept, at)
}

/// Whether a list item (with its blanks and quotes) is the `sitemap`
/// kind.
fn is_sitemap(item: &str) -> bool {
    item.trim()
        .trim_matches(['"', '\''])
        .eq_ignore_ascii_case("sitemap")
}

#[cfg(test)]
mod tests {
    use super::enable_sitemap;

    #[test]
    fn toml_yaml_and_json_lists_lose_the_sitemap_kind() {
        let cases = [
            (
                "baseURL = 'x'\ndisableKinds = ['rss','sitemap','taxonomy']\ntitle = 't'\n",
                "baseURL = 'x'\ndisableKinds = ['rss', 'taxonomy']\ntitle = 't'\n",
            ),
            (
                "[languages.en]\ndisablekinds=[\"SITEMAP\"]\n",
                "[languages.en]\ndisablekinds=[]\n",
            ),
            (
                "disableKinds: ['rss','sitemap']\n",
                "disableKinds: ['rss']\n",
            ),
            (
                "{\n  \"disableKinds\": [\n    \"sitemap\",\n    \"rss\"\n  ]\n}",
                "{\n  \"disableKinds\": [\"rss\"]\n}",
            ),
            (
                "disableKinds:\n  - rss\n  - sitemap\n  - \"taxonomy\"\ntitle: t\n",
                "disableKinds:\n  - rss\n  - \"taxonomy\"\ntitle: t\n",
            ),
        ];
        for (given, expected) in cases {
            assert_eq!(enable_sitemap(given).as_deref(), Some(expected), "{given}");
        }
    }

    #[test]
    fn a_file_whose_lists_keep_the_sitemap_is_unchanged() {
        for text in [
            "disableKinds = ['rss', 'taxonomy']\n",
            "title = 'disableKinds'\n",
            "[sitemap]\nchangefreq = 'daily'\n",
            "disableKinds = [\"sitemaps\"]\n",
        ] {
            assert_eq!(enable_sitemap(text), None, "{text}");
        }
    }
}
