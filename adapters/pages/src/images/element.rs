//! The image an `<img>` (or a `<picture>`'s `<source>`) shows, from its
//! attributes: shared by the Markdown scan (`<img>` written as inline
//! HTML) and the built-HTML scan, so both read an element alike.
//!
//! One reference per element: the largest `srcset` candidate when there
//! is one (the best copy for image search), else `src`. Lazy loaders'
//! `data-srcset` / `data-src` come first, since `src` is then a
//! placeholder. An element declared 1×1 is a tracking pixel.

use super::Dropped;

/// The reference an `<img>` shows, or why it lists none; `attr` looks an
/// attribute up by its lowercase name. `None` when the element names no
/// image at all.
///
/// ```
/// use sitemap_pages::images::{Dropped, img_reference};
///
/// let attrs = |pairs: &'static [(&'static str, &'static str)]| {
///     move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
/// };
/// assert_eq!(img_reference(attrs(&[("src", "a.png"), ("srcset", "a-1x.png 1x, a-2x.png 2x")])),
///            Some(Ok("a-2x.png")));
/// assert_eq!(img_reference(attrs(&[("src", "data:,"), ("data-src", "real.jpg")])), Some(Ok("real.jpg")));
/// assert_eq!(img_reference(attrs(&[("src", "t.gif"), ("width", "1"), ("height", "1")])),
///            Some(Err(Dropped::Pixel)));
/// assert_eq!(img_reference(attrs(&[("alt", "nothing")])), None);
/// ```
pub fn img_reference<'a>(
    attr: impl Fn(&str) -> Option<&'a str>,
) -> Option<Result<&'a str, Dropped>> {
    let one = |name: &str| attr(name).is_some_and(|v| v.trim() == "1");
    if one("width") && one("height") {
        return Some(Err(Dropped::Pixel));
    }
    let candidates = ["data-srcset", "data-src", "srcset", "src"];
    candidates.iter().find_map(|&name| {
        let value = attr(name)?;
        let reference = if name.ends_with("srcset") {
            srcset_largest(value)?
        } else {
            value.trim()
        };
        (!reference.is_empty()).then_some(Ok(reference))
    })
}

/// The largest candidate of a `srcset`: the widest by `w` descriptor,
/// else the densest by `x` (a candidate without one counts as `1x`).
/// Parsed as the HTML standard says: a URL runs to the next whitespace
/// (commas at its end close the candidate), descriptors to the next
/// comma outside parentheses.
///
/// ```
/// use sitemap_pages::images::srcset_largest;
///
/// assert_eq!(srcset_largest("s.jpg 480w, m.jpg 800w, l.jpg 1200w"), Some("l.jpg"));
/// assert_eq!(srcset_largest("a.png, b.png 2x"), Some("b.png"));
/// assert_eq!(srcset_largest("  "), None);
/// ```
pub fn srcset_largest(srcset: &str) -> Option<&str> {
    let mut best: Option<(&str, Size)> = None;
    let mut rest = srcset;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',');
        if rest.is_empty() {
            break;
        }
        let url_end = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let raw_url = &rest[..url_end];
        rest = &rest[url_end..];
        let url = raw_url.trim_end_matches(',');
        let descriptor = if url.len() < raw_url.len() {
            // `a.png,b.png`: the commas closed this candidate.
            ""
        } else {
            let mut depth = 0u32;
            let end = rest
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    c == ',' && depth == 0
                })
                .map_or(rest.len(), |(i, _)| i);
            let d = rest[..end].trim();
            rest = &rest[end..];
            d
        };
        if url.is_empty() {
            continue;
        }
        let size = Size::of(descriptor);
        if best.is_none_or(|(_, b)| size > b) {
            best = Some((url, size));
        }
    }
    best.map(|(url, _)| url)
}

/// A candidate's size: any width beats any density (a `srcset` should
/// not mix them; when it does, the widths say more).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
enum Size {
    Density(f64),
    Width(f64),
}

impl Size {
    fn of(descriptor: &str) -> Size {
        for d in descriptor.split_ascii_whitespace() {
            if let Some(w) = d
                .strip_suffix(['w', 'W'])
                .and_then(|n| n.parse::<f64>().ok())
            {
                return Size::Width(w);
            }
            if let Some(x) = d
                .strip_suffix(['x', 'X'])
                .and_then(|n| n.parse::<f64>().ok())
            {
                return Size::Density(x);
            }
        }
        Size::Density(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srcset_candidates_parse_as_the_standard_says() {
        let cases = [
            ("a.jpg 100w,b.jpg 300w ,c.jpg 200w", Some("b.jpg")),
            ("a.jpg, b.jpg 2x", Some("b.jpg")),
            // No space after the comma: one URL, as a browser reads it.
            ("a.jpg,b.jpg 2x", Some("a.jpg,b.jpg")),
            ("a.jpg 2x,b.jpg", Some("a.jpg")),
            ("a.jpg 1.5x, b.jpg", Some("a.jpg")),
            // A URL with commas inside it (a data: URI) is one URL.
            ("data:image/png;base64,AA== 1x, big.png 3x", Some("big.png")),
            (
                "x.png 2x (min-width: 1px, max-width: 2px), y.png 1x",
                Some("x.png"),
            ),
            ("only.png", Some("only.png")),
            ("a.png 100w, b.png 2x", Some("a.png")),
            (",,,", None),
            ("", None),
        ];
        for (srcset, expected) in cases {
            assert_eq!(srcset_largest(srcset), expected, "{srcset:?}");
        }
    }

    #[test]
    fn an_element_gives_one_reference_lazy_loaders_first() {
        let get = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
        };
        assert_eq!(
            img_reference(get(&[
                ("src", "p.gif"),
                ("data-srcset", "a.jpg 1x, b.jpg 2x")
            ])),
            Some(Ok("b.jpg"))
        );
        assert_eq!(img_reference(get(&[("src", " a.png ")])), Some(Ok("a.png")));
        assert_eq!(img_reference(get(&[("src", "")])), None);
        // A 1×1 declared in only one dimension is a thin line, not a pixel.
        assert_eq!(
            img_reference(get(&[("src", "rule.png"), ("width", "1")])),
            Some(Ok("rule.png"))
        );
    }
}
