//! `SourceConfig` as users write it in `sitemap.toml` or `book.toml`.

use sitemap_pages::lastmod::{GitDate, LastmodSource, ShallowPolicy, Uncommitted};
use sitemap_pages::pipeline::SourceConfig;

#[test]
fn every_key_in_kebab_case() {
    let config: SourceConfig = toml::from_str(
        r#"
        lastmod = ["git", "front-matter", "mtime"]
        include = ["content/**"]
        exclude = ["content/drafts/**"]
        changefreq = "weekly"
        priority = 0.7
        include-drafts = true

        [git]
        date = "author"
        shallow = "fail"
        uncommitted = "last-commit"
        "#,
    )
    .unwrap();
    assert_eq!(
        config.lastmod,
        [
            LastmodSource::Git,
            LastmodSource::FrontMatter,
            LastmodSource::Mtime
        ]
    );
    assert_eq!(config.include, ["content/**"]);
    assert_eq!(config.exclude, ["content/drafts/**"]);
    assert_eq!(config.changefreq.unwrap().as_str(), "weekly");
    assert_eq!(config.priority.unwrap().to_string(), "0.7");
    assert!(config.include_drafts);
    assert_eq!(config.git.date, GitDate::Author);
    assert_eq!(config.git.shallow, ShallowPolicy::Fail);
    assert_eq!(config.git.uncommitted, Uncommitted::LastCommit);
}

#[test]
fn empty_table_is_the_default() {
    let config: SourceConfig = toml::from_str("").unwrap();
    assert_eq!(config, SourceConfig::default());
    assert_eq!(
        config.lastmod,
        [
            LastmodSource::FrontMatter,
            LastmodSource::Git,
            LastmodSource::Date,
            LastmodSource::Mtime
        ]
    );
    assert_eq!(config.git.date, GitDate::Committer);
    assert_eq!(config.git.shallow, ShallowPolicy::Warn);
    assert_eq!(config.git.uncommitted, Uncommitted::Mtime);
}

/// Serialising and reading back gives the same configuration.
#[test]
fn round_trip() {
    let config: SourceConfig =
        toml::from_str("lastmod = [\"date\"]\npriority = 0.25\n[git]\nshallow = \"omit\"\n")
            .unwrap();
    let text = toml::to_string(&config).unwrap();
    let back: SourceConfig = toml::from_str(&text).unwrap();
    assert_eq!(back, config);
}

#[test]
fn mistakes_are_named() {
    let errors: Vec<String> = [
        "lastmod = [\"gti\"]",
        "changefreq = \"sometimes\"",
        "priority = 1.5",
        "include_drafts = true",
        "[git]\nshallow = \"ignore\"",
    ]
    .iter()
    .map(|text| {
        toml::from_str::<SourceConfig>(text)
            .unwrap_err()
            .to_string()
    })
    .collect();
    insta::assert_snapshot!(errors.join("\n----\n"));
}
