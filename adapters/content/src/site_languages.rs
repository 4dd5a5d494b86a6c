//! What each language of a multilingual site says about itself, for an
//! llms.txt per language: where its home page is, its name for people,
//! and the site's title and description in it (Hugo's
//! `[languages.fr]` `label` or `languageName`, `title`, `params.description`;
//! Zola's `[languages.fr]` `title` and `description`).

use std::collections::BTreeMap;

use serde_json::Value;
use sitemap_core::Loc;

use crate::config::text_of;
use crate::{Flavor, Site};

/// One language of a site ([`Site::site_languages`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SiteLanguage {
    /// Its code, as the site's languages name it (`fr`).
    pub code: String,
    /// Where its home page is (`https://example.org/fr/`, or its host's
    /// base URL on a multihost site).
    pub root: Loc,
    /// Its name for people (Hugo `label`, formerly `languageName`); Zola
    /// has none.
    pub name: Option<String>,
    /// The site's title in it (its own `title`).
    pub title: Option<String>,
    /// The site's description in it (its own description).
    pub description: Option<String>,
}

/// What a language's own table says, by lowercase code.
pub(crate) type LanguageTexts = BTreeMap<String, LanguageText>;

/// A language table's name, title and description.
#[derive(Clone, Debug, Default)]
pub(crate) struct LanguageText {
    name: Option<String>,
    title: Option<String>,
    description: Option<String>,
}

/// The texts of the `languages` table of a site's configuration: Hugo's
/// keys are read lowercased (as its loader hands them over), its
/// description from the language's `params` (where Hugo moved a
/// language's own settings) or, as older sites write it, beside them.
fn texts(languages: Option<&Value>, flavor: Flavor) -> LanguageTexts {
    let Some(Value::Object(languages)) = languages else {
        return LanguageTexts::new();
    };
    languages
        .iter()
        .filter_map(|(code, table)| {
            let table = table.as_object()?;
            let text = match flavor {
                Flavor::Hugo => LanguageText {
                    // `label` since Hugo 0.158, which reads `languageName`
                    // as it when `label` is unset.
                    name: text_of(table.get("label"))
                        .or_else(|| text_of(table.get("languagename"))),
                    title: text_of(table.get("title")),
                    description: text_of(table.get("params").and_then(|p| p.get("description")))
                        .or_else(|| text_of(table.get("description"))),
                },
                _ => LanguageText {
                    name: None,
                    title: text_of(table.get("title")),
                    description: text_of(table.get("description")),
                },
            };
            Some((code.to_lowercase(), text))
        })
        .collect()
}

impl Site {
    /// Reads each language's name, title and description from the
    /// `languages` table of the site's configuration (Hugo's keys
    /// lowercased), for [`Site::site_languages`].
    pub fn read_language_texts(&mut self, languages: Option<&Value>) {
        self.language_texts = texts(languages, self.flavor);
    }

    /// Each language of the site, the default first, with the URL of its
    /// home page as its generator builds it: the default language's at
    /// the base URL (Hugo: unless `defaultContentLanguageInSubdir`), each
    /// other's in its folder (`/fr/`), a multihost site's at its host.
    pub fn site_languages(&self) -> Vec<SiteLanguage> {
        self.languages
            .iter()
            .filter_map(|code| {
                let root = self.generator.language_root(self, code)?;
                let text = self
                    .language_texts
                    .get(&code.to_lowercase())
                    .cloned()
                    .unwrap_or_default();
                Some(SiteLanguage {
                    code: code.clone(),
                    root,
                    name: text.name,
                    title: text.title,
                    description: text.description,
                })
            })
            .collect()
    }
}
