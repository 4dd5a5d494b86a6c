//! The `x-default` setting: which version of a translated page search
//! engines show readers of no listed language.

/// Which version of a translated page is its group's `x-default`
/// alternate, the one search engines show to readers of no listed
/// language.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum XDefault {
    /// The default language's version (Zola's `default_language`, Hugo's
    /// `defaultContentLanguage`, in a subfolder or not).
    #[default]
    DefaultLanguage,
    /// No `x-default` alternate.
    None,
    /// This language's version (a code of [`crate::Site::languages`]; a group
    /// without a version in it has no `x-default`).
    Language(String),
}

impl XDefault {
    /// The setting's value: `default-language`, `none`, or a language code.
    pub fn parse(value: &str) -> XDefault {
        match value {
            "default-language" => XDefault::DefaultLanguage,
            "none" => XDefault::None,
            code => XDefault::Language(code.to_owned()),
        }
    }
}
