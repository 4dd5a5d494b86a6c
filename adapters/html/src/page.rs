//! What one page is, judged from its head alone: its loc, whether it is
//! listed, and the entry if so. This runs on the walker's threads; only
//! what needs the whole site (duplicates, canonical targets, hreflang
//! return links) is left to the ordered pass in `scan`.

use sitemap_core::{Alternate, Hreflang, Image, Lastmod, Loc, Url};
use sitemap_pages::images::{ImageCounts, PageImages};

use crate::dates::{json_ld_date_modified, parse_markup_date};
use crate::head::{Head, MarkupDate};
use crate::options::{BuiltPage, HtmlOptions, TrailingSlash};
use crate::report::WarningKind;

/// A page read and judged.
pub(crate) struct Assessed {
    /// Its URL, or why it has none.
    pub(crate) loc: Result<Loc, String>,
    /// What to do with it.
    pub(crate) verdict: Verdict,
    /// What looked wrong, in the order found.
    pub(crate) warnings: Vec<WarningKind>,
    /// The images found and left out (with images on, for a page that
    /// is listed or whose canonical URL is).
    pub(crate) images: ImageCounts,
}

/// What a page's head says should happen to it.
pub(crate) enum Verdict {
    /// List this entry.
    Listed(Url),
    /// A robots meta of this name says noindex.
    Noindex(String),
    /// A meta-refresh stub to this URL.
    Redirect(Loc),
    /// This toolkit's own `sitemap.html`.
    OwnOutput,
    /// The canonical URL is elsewhere: `there` is the entry to list at it
    /// if no file of the site answers for it; `here` the page's own entry,
    /// listed instead when most pages' canonicals turn out to be a
    /// base-URL mismatch rather than duplicates.
    Canonical {
        /// The entry at the canonical URL.
        there: Url,
        /// The entry at the page's own URL.
        here: Url,
    },
    /// Its source's front matter leaves it out (see
    /// [`crate::SourceLastmod::left_out`]).
    SourceLeftOut(crate::Reason),
    /// No loc, nothing to decide.
    None,
}

/// Whether the file named `file_name` is a site's not-found page, which
/// hosts serve (with status 404) for every missing URL: never a page to
/// list, whatever its head says. Decided by name alone, before reading,
/// by the scan and by [`PageReader`](crate::PageReader) alike.
pub(crate) fn is_not_found_page(file_name: &str) -> bool {
    file_name.eq_ignore_ascii_case("404.html")
}

/// The options a judgement needs.
pub(crate) struct Judge<'a> {
    pub(crate) options: &'a HtmlOptions,
    /// The base URL as a folder.
    pub(crate) base: &'a Loc,
}

impl Judge<'_> {
    /// Judges the page at `rel` (its path under the root, `/`-separated).
    pub(crate) fn assess(&self, rel: Option<&str>, head: &Head) -> Assessed {
        let mut a = self.assessor(head);
        let (loc, verdict) = match rel {
            // Served at its bytes' escapes, but `validate --site` and the
            // canonical check map a loc back to a file as UTF-8: listed,
            // it would fail our own check. Named instead (the scan warns).
            None => (
                Err("the file name is not UTF-8, so it has no URL".to_owned()),
                Verdict::None,
            ),
            Some(rel) if let Some(why) = stripped_character(rel) => (Err(why), Verdict::None),
            Some(rel) => match a.loc_of_escaped(&escape_path(rel)) {
                Err(e) => (Err(e.to_string()), Verdict::None),
                Ok(loc) => {
                    let verdict = a.verdict(rel, &loc, head, true);
                    (Ok(loc), verdict)
                }
            },
        };
        Assessed {
            loc,
            verdict,
            warnings: a.warnings,
            images: a.images,
        }
    }
}

impl Judge<'_> {
    /// An assessor holding the warnings every page's head gives.
    fn assessor(&self, head: &Head) -> Assessor<'_> {
        let mut warnings = Vec::new();
        if let Some(at) = head.invalid_utf8_at {
            warnings.push(WarningKind::InvalidUtf8 { at });
        }
        if let Some(message) = &head.html_error {
            warnings.push(WarningKind::BrokenHtml {
                message: message.clone(),
            });
        }
        Assessor {
            options: self.options,
            base: self.base,
            warnings,
            images: ImageCounts::default(),
        }
    }

    /// Judges the page at `rel` as served at `loc` (which may not be the
    /// URL its path gives: a sitemap's `loc` in another URL form). The
    /// page's own declared form is not followed here: a sitemap that
    /// lists `a.html` for a page declaring `a` lists the wrong address.
    pub(crate) fn assess_at(&self, rel: &str, loc: &Loc, head: &Head) -> Assessed {
        let mut a = self.assessor(head);
        let verdict = a.verdict(rel, loc, head, false);
        Assessed {
            loc: Ok(loc.clone()),
            verdict,
            warnings: a.warnings,
            images: a.images,
        }
    }
}

struct Assessor<'a> {
    options: &'a HtmlOptions,
    base: &'a Loc,
    warnings: Vec<WarningKind>,
    images: ImageCounts,
}

impl Assessor<'_> {
    /// `follow_own_form`: list the page at its own URL in the form its
    /// canonical or hreflang self-reference declares (`a.html` whose
    /// canonical is `…/a` is listed as `…/a`).
    fn verdict(&mut self, rel: &str, loc: &Loc, head: &Head, follow_own_form: bool) -> Verdict {
        if head.own_output {
            return Verdict::OwnOutput;
        }
        let doc_base = head
            .base_href
            .as_deref()
            .and_then(|b| resolve(loc, b).ok())
            .unwrap_or_else(|| loc.clone());
        // Redirect first: generators mark their stubs noindex too (Hugo
        // aliases), and "redirect stub" is the more useful reason.
        let refresh = head.refresh.clone().or_else(|| head.noscript_refresh());
        if let Some(target) = refresh.as_deref().and_then(refresh_target) {
            match resolve(&doc_base, target) {
                Ok(target) if &target != loc => return Verdict::Redirect(target),
                // A refresh to itself reloads the page; it is no redirect.
                Ok(_) => {}
                Err(e) => self.warnings.push(WarningKind::InvalidHref {
                    element: "<meta http-equiv=\"refresh\">",
                    href: target.to_owned(),
                    error: e.to_string(),
                }),
            }
        }
        if let Some(meta_name) = &head.noindex {
            return Verdict::Noindex(meta_name.clone());
        }
        if let Some(reason) = self
            .options
            .source_lastmod
            .as_ref()
            .and_then(|s| s.left_out(&BuiltPage { path: rel, loc }))
        {
            return Verdict::SourceLeftOut(reason);
        }
        // The page's images are where its file is served, whatever URL
        // it is listed under: relative references resolve against that.
        let images = self.images(head, &doc_base);
        let canonical = self.canonical(head, &doc_base);
        if let Some(canonical) = &canonical
            && canonical != loc
        {
            if follow_own_form && self.is_form_of(rel, canonical) {
                return Verdict::Listed(self.describe(head, canonical, &doc_base, rel, images));
            }
            let there = self.describe(head, canonical, &doc_base, rel, images.clone());
            // The same markup read again: its warnings are already given.
            let given = self.warnings.len();
            let here = self.describe(head, loc, &doc_base, rel, images);
            self.warnings.truncate(given);
            return Verdict::Canonical { there, here };
        }
        // No canonical: the hreflang alternate that is this page, in
        // another form than its path gives, is the URL it declares.
        if follow_own_form
            && canonical.is_none()
            && let Some(own) = self.own_alternate(rel, loc, head, &doc_base)
        {
            return Verdict::Listed(self.describe(head, &own, &doc_base, rel, images));
        }
        Verdict::Listed(self.describe(head, loc, &doc_base, rel, images))
    }

    /// The page's images (with images on), resolved against `doc_base`:
    /// its `og:image`s first when asked for (the head comes first), then
    /// its main content's. None when a robots meta says `noimageindex`.
    fn images(&mut self, head: &Head, doc_base: &Loc) -> Vec<Image> {
        let Some(rules) = &self.options.images else {
            return Vec::new();
        };
        if head.noimageindex {
            self.images.pages_off += 1;
            return Vec::new();
        }
        let mut page = PageImages::default();
        for reference in &head.og_images {
            page.push(rules.resolve(doc_base, reference));
        }
        for reference in &head.images {
            page.push(
                reference
                    .as_deref()
                    .map_err(|d| *d)
                    .and_then(|r| rules.resolve(doc_base, r)),
            );
        }
        let (images, counts) = page.finish();
        self.images.add(counts);
        images
    }

    /// The URL of the page at `rel` (escaped by [`escape_path`]), by the
    /// trailing-slash and clean-URL options: the escapes leave `/`, `.`
    /// and `index.html` as they are, so the URL forms are cut the same way.
    fn loc_of_escaped(&self, rel: &str) -> Result<Loc, sitemap_core::ValueError> {
        let (dir, file) = match rel.rsplit_once('/') {
            Some((dir, file)) => (Some(dir), file),
            None => (None, rel),
        };
        // Servers match index files by exact name: `Index.html` is not
        // served for `dir/`.
        let is_index = file == "index.html" || file == "index.htm";
        let path = if is_index {
            match self.options.trailing_slash {
                TrailingSlash::Always => dir.map_or(String::new(), |d| format!("{d}/")),
                TrailingSlash::Never => dir.unwrap_or_default().to_owned(),
                TrailingSlash::Keep => rel.to_owned(),
            }
        } else if self.options.clean_urls {
            let stem_len = rel.rfind('.').unwrap_or(rel.len());
            rel[..stem_len].to_owned()
        } else {
            rel.to_owned()
        };
        // `./` keeps a first segment such as `a:b.html` from reading as a
        // scheme, and the empty root path from keeping the base's query.
        // Otherwise `./` changes nothing but would send every page through
        // the URL parser, where a plain path is appended to the base
        // without it (`Loc::join`; callgrind, the html bench: 7,700
        // instructions a page, 4% of the scan).
        let first_segment = path.split('/').next().unwrap_or_default();
        if path.is_empty() || first_segment.contains(':') {
            self.base.join(&format!("./{path}"))
        } else {
            self.base.join(&path)
        }
    }

    /// The one canonical URL of a page, if it names exactly one.
    fn canonical(&mut self, head: &Head, doc_base: &Loc) -> Option<Loc> {
        let mut found: Vec<Loc> = Vec::new();
        for href in &head.canonicals {
            match resolve(doc_base, href) {
                Ok(loc) => {
                    if !found.contains(&loc) {
                        found.push(loc);
                    }
                }
                Err(e) => self.warnings.push(WarningKind::InvalidHref {
                    element: "<link rel=\"canonical\">",
                    href: href.clone(),
                    error: e.to_string(),
                }),
            }
        }
        if found.len() > 1 {
            let canonicals = found.iter().map(|l| l.as_str().to_owned()).collect();
            self.warnings
                .push(WarningKind::ConflictingCanonicals { canonicals });
            return None;
        }
        found.pop()
    }

    /// Whether `url` is the page at `rel` in one of its [`forms`].
    fn is_form_of(&self, rel: &str, url: &Loc) -> bool {
        url.is_under(self.base)
            && forms(rel)
                .iter()
                .filter_map(|f| form_under(self.base, f).ok())
                .any(|form| &form == url)
    }

    /// The hreflang alternate that names this page in another form.
    fn own_alternate(&self, rel: &str, loc: &Loc, head: &Head, doc_base: &Loc) -> Option<Loc> {
        let hrefs: Vec<Loc> = head
            .alternates
            .iter()
            .filter_map(|(_, href)| resolve(doc_base, href).ok())
            .collect();
        if hrefs.contains(loc) {
            return None;
        }
        hrefs.into_iter().find(|href| self.is_form_of(rel, href))
    }

    /// The entry for a page listed at `loc`: its lastmod, alternates and
    /// images.
    fn describe(
        &mut self,
        head: &Head,
        loc: &Loc,
        doc_base: &Loc,
        rel: &str,
        images: Vec<Image>,
    ) -> Url {
        let mut url = Url::new(loc.clone());
        url.images = images;
        url.lastmod = self.markup_lastmod(head).or_else(|| {
            let source = self.options.source_lastmod.as_ref()?;
            source.lastmod(&BuiltPage { path: rel, loc })
        });
        url.alternates = self.alternates(head, loc, doc_base);
        url
    }

    /// The first date the markup gives, by [`MarkupDate`] precedence; the
    /// newest JSON-LD `dateModified` only when no meta tag gives one.
    fn markup_lastmod(&mut self, head: &Head) -> Option<Lastmod> {
        let mut dates: Vec<&(MarkupDate, String)> = head.dates.iter().collect();
        dates.sort_by_key(|(which, _)| *which);
        for (which, value) in dates {
            match parse_markup_date(value) {
                Some(lastmod) => return Some(lastmod),
                None => self.warnings.push(WarningKind::InvalidLastmod {
                    markup: *which,
                    value: value.clone(),
                }),
            }
        }
        let mut newest: Option<Lastmod> = None;
        for block in &head.json_ld {
            match json_ld_date_modified(block) {
                Ok(values) => {
                    for value in values {
                        match parse_markup_date(&value) {
                            Some(l) => newest = newest.max(Some(l)),
                            None => self.warnings.push(WarningKind::InvalidLastmod {
                                markup: MarkupDate::JsonLdDateModified,
                                value,
                            }),
                        }
                    }
                }
                Err(e) => self.warnings.push(WarningKind::InvalidJsonLd {
                    message: e.to_string(),
                }),
            }
        }
        newest
    }

    fn alternates(&mut self, head: &Head, loc: &Loc, doc_base: &Loc) -> Vec<Alternate> {
        let mut alternates = Vec::new();
        for (hreflang, href) in &head.alternates {
            let Ok(lang) = hreflang.parse::<Hreflang>() else {
                self.warnings.push(WarningKind::InvalidHreflang {
                    value: hreflang.clone(),
                    href: href.clone(),
                });
                continue;
            };
            match resolve(doc_base, href) {
                Ok(href) => alternates.push(Alternate::new(lang, href)),
                Err(e) => self.warnings.push(WarningKind::InvalidHref {
                    element: "<link rel=\"alternate\" hreflang>",
                    href: href.clone(),
                    error: e.to_string(),
                }),
            }
        }
        if alternates.is_empty() {
            return alternates;
        }
        if !alternates.iter().any(|a| &a.href == loc) {
            match head.lang.as_deref().map(|l| l.trim().parse::<Hreflang>()) {
                Some(Ok(lang)) => alternates.push(Alternate::new(lang, loc.clone())),
                _ => self.warnings.push(WarningKind::MissingSelfHreflang),
            }
        }
        alternates.sort();
        alternates.dedup();
        alternates
    }
}

/// The forms under which hosts serve the file at `rel`: as written,
/// without `.html` (clean URLs), and for `dir/index.html` also `dir/`
/// and `dir`. A canonical in one of these forms names the page itself
/// in the form the site uses, not another page.
fn forms(rel: &str) -> Vec<String> {
    let (dir, file) = match rel.rsplit_once('/') {
        Some((dir, file)) => (Some(dir), file),
        None => (None, rel),
    };
    let stem = rel
        .strip_suffix(".html")
        .or_else(|| rel.strip_suffix(".htm"))
        .unwrap_or(rel);
    let mut forms = vec![rel.to_owned(), stem.to_owned()];
    if file == "index.html" || file == "index.htm" {
        match dir {
            Some(dir) => forms.extend([format!("{dir}/"), dir.to_owned()]),
            None => forms.push(String::new()),
        }
    }
    forms
}

/// How a canonical `url` of the page at `rel` splits into a base URL and
/// one of the page's [`forms`]: (`https://h/en/latest/`, `intro.html`) for
/// `intro.html` declaring `https://h/en/latest/intro.html`. The base is
/// the one the canonical implies; the form, the one the site uses.
pub(crate) fn declared_form(rel: &str, url: &Loc) -> Option<(Loc, String)> {
    let url = url.as_str();
    let mut forms = forms(rel);
    // The longest first: `index.html` before the empty root form.
    forms.sort_by_key(|f| std::cmp::Reverse(f.len()));
    forms.into_iter().find_map(|form| {
        let base = url.strip_suffix(escape_path(&form).as_str())?;
        let base = Loc::parse(base)
            .ok()
            .filter(|b| b.as_str().ends_with('/'))?;
        Some((base, form))
    })
}

/// The URL of `form` (one of a page's [`forms`]) under `base`.
pub(crate) fn form_under(base: &Loc, form: &str) -> Result<Loc, sitemap_core::ValueError> {
    base.join(&format!("./{}", escape_path(form)))
}

fn escape_path(path: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            // `?`, `#`, `%` and `\` in file names would read as URL
            // syntax; a tab or newline is no character of a URL but
            // is one of a file name, served at its escape.
            '%' | '?' | '#' | '\\' => write!(out, "%{:02X}", c as u32).unwrap(),
            c if c.is_control() => {
                for b in c.encode_utf8(&mut [0; 4]).bytes() {
                    write!(out, "%{b:02X}").unwrap();
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Why the page at `rel` has no URL to list when its path holds a line
/// break or a tab: a file name may hold one, and a server answers its
/// escape (`%0A`), but a link never reaches it, since URL parsers strip
/// those characters from a link (WHATWG URL: `href="a\nb.html"` goes to
/// `ab.html`). Such a name is a script's slip (`"$(…)".html` with the
/// output's line break); listing it would publish a URL no one links to.
/// Other control characters a link carries escaped, as the page's URL
/// does.
fn stripped_character(rel: &str) -> Option<String> {
    let c = rel.chars().find(|c| matches!(c, '\n' | '\r' | '\t'))?;
    let what = match c {
        '\n' => "a line break",
        '\r' => "a carriage return",
        _ => "a tab",
    };
    Some(format!(
        "its path holds {what} (`{}`), which URL parsers strip from a link, so no link reaches it; rename the file to list it",
        c.escape_debug()
    ))
}

/// Resolves a link found in a page, without its fragment (a fragment
/// names a part of a page; the page is what a sitemap lists).
fn resolve(doc_base: &Loc, href: &str) -> Result<Loc, sitemap_core::ValueError> {
    let href = href.trim();
    let href = href.split_once('#').map_or(href, |(before, _)| before);
    // Most canonical links name the page itself exactly as its loc is
    // written; a URL already in that form parses to itself, so skip the
    // parse (one fewer URL parse per page).
    if href == doc_base.as_str() {
        return Ok(doc_base.clone());
    }
    doc_base.join(href)
}

/// The URL of a `<meta http-equiv="refresh" content="…">`, parsed as the
/// HTML standard's "shared declarative refresh steps" do: a delay, then
/// `;` or `,`, then an optional `url=`, then the URL, optionally quoted.
/// `None` when the refresh only reloads the page.
pub(crate) fn refresh_target(content: &str) -> Option<&str> {
    let s = content.trim_start();
    let s = s.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let s = s.trim_start();
    let s = s.strip_prefix([';', ',']).unwrap_or(s).trim_start();
    let s = match s.get(..3) {
        Some(word) if word.eq_ignore_ascii_case("url") => {
            let rest = s[3..].trim_start();
            rest.strip_prefix('=').map_or(s, str::trim_start)
        }
        _ => s,
    };
    let s = match s.chars().next() {
        Some(q @ ('\'' | '"')) => {
            let inner = &s[1..];
            inner.find(q).map_or(inner, |end| &inner[..end])
        }
        _ => s.trim_end(),
    };
    (!s.is_empty()).then_some(s)
}

#[cfg(test)]
mod unit {
    use super::refresh_target;

    #[test]
    fn refresh_contents() {
        assert_eq!(refresh_target("0; url=/new/"), Some("/new/"));
        assert_eq!(
            refresh_target("0;URL='https://example.org/x'"),
            Some("https://example.org/x")
        );
        assert_eq!(
            refresh_target("5, url = \"a b.html\" trailing"),
            Some("a b.html")
        );
        assert_eq!(
            refresh_target("0; https://example.org/"),
            Some("https://example.org/")
        );
        assert_eq!(refresh_target("30"), None);
        assert_eq!(refresh_target("30;"), None);
    }
}
