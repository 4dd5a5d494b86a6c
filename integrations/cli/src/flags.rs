//! The flags of the settings table: each key of
//! [`sitemap_engine::keys::KEYS`] is a flag of the same name (`--max-urls`,
//! `--git-date` for `[git] date`), each true/false key also a `--no-…`
//! flag, so a flag overrides `sitemap.toml` both ways. The flags make the
//! top [`Layer`] of the job's settings.
//!
//! A key's help is its doc in the table ([`key_doc!`]), with what only a
//! flag needs to say (repeatable, comma-separated) appended; a test checks
//! that every key has its flag, with the table's name, short form and
//! aliases. The clap fields stay written out: each needs its own value
//! parser and `--no-…` twin, which a generated `Arg` would hide.

use std::path::PathBuf;

use clap::Args;
use sitemap_core::{ChangeFreq, Priority};
use sitemap_engine::RobotsDisallowed;
use sitemap_engine::key_doc;
use sitemap_engine::settings::parse_value;
use sitemap_engine::{
    FileFormat, Flavor, GitDate, LastmodDep, LastmodSource, Layer, LimitsName, Origin, Settings,
    ShallowPolicy, SplitBy, TrailingSlash, Uncommitted,
};

/// A key's doc as the CLI says it: the notes for the other front ends
/// (`(mdBook: …)`, `(build.rs: …)`) left out, since the table's docs
/// serve the plugin and the builder too. `--help` shows it.
pub(crate) fn long(doc: &str) -> String {
    let mut out = String::with_capacity(doc.len());
    let mut rest = doc;
    while let Some(open) = rest.find(" (") {
        let aside = &rest[open + 2..];
        let other_skin = aside.starts_with("mdBook:") || aside.starts_with("build.rs:");
        let close = aside.find(')').filter(|_| other_skin);
        out.push_str(&rest[..open]);
        match close {
            Some(close) => rest = &aside[close + 1..],
            None => {
                out.push_str(" (");
                rest = aside;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The one line `-h` shows for a flag: its key's summary, else the first
/// sentence of [`long`].
pub(crate) fn short(doc: &str) -> String {
    // A key's own summary, kept to one line of `-h` (`Key::summary`).
    if let Some(summary) = sitemap_engine::keys::KEYS
        .iter()
        .find(|k| k.doc == doc)
        .and_then(|k| k.summary)
    {
        return summary.to_owned();
    }
    first_sentence(doc)
}

/// The first sentence of [`long`], as `--help`'s sitemap.toml block
/// comments a key.
pub(crate) fn first_sentence(doc: &str) -> String {
    let doc = long(doc);
    match doc.find(". ") {
        Some(end) => doc[..=end].to_owned(),
        None => doc,
    }
}

/// A flag's word, read as the settings file reads it.
fn word<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, String> {
    parse_value(s)
}

/// What is written, and where.
#[derive(Args, Debug, Default)]
pub(crate) struct OutputArgs {
    #[arg(long, short, value_name = "DIR")]
    #[arg(help = short(key_doc!(out)), long_help = long(key_doc!(out)))]
    pub(crate) out: Option<PathBuf>,
    #[arg(long, value_name = "NAME")]
    #[arg(help = short(key_doc!(filename)), long_help = long(key_doc!(filename)))]
    filename: Option<String>,
    #[arg(long, value_name = "xml|txt", value_parser = word::<FileFormat>)]
    #[arg(help = short(key_doc!(format)), long_help = long(key_doc!(format)))]
    format: Option<FileFormat>,
    #[arg(long, overrides_with = "no_gzip")]
    #[arg(help = short(key_doc!(gzip)), long_help = long(key_doc!(gzip)))]
    gzip: bool,
    /// Write plain files (overrides `gzip = true`).
    #[arg(long, hide_short_help = true, overrides_with = "gzip")]
    no_gzip: bool,
    #[arg(long, value_name = "legacy|sitemaps-org", value_parser = word::<LimitsName>)]
    #[arg(help = short(key_doc!(limits)), long_help = long(key_doc!(limits)))]
    limits: Option<LimitsName>,
    #[arg(long, value_name = "N", value_parser = crate::values::max_urls)]
    #[arg(help = short(key_doc!(max_urls)), long_help = long(key_doc!(max_urls)))]
    max_urls: Option<u64>,
    #[arg(long, overrides_with = "no_robots")]
    #[arg(help = short(key_doc!(robots)), long_help = long(key_doc!(robots)))]
    robots: bool,
    /// Leave robots.txt alone (overrides `robots = true`).
    #[arg(long, hide_short_help = true, overrides_with = "robots")]
    no_robots: bool,
    #[arg(long, overrides_with = "no_stylesheet")]
    #[arg(help = short(key_doc!(stylesheet)), long_help = long(key_doc!(stylesheet)))]
    stylesheet: bool,
    /// Write no stylesheet (overrides `stylesheet = true`).
    #[arg(long, hide_short_help = true, overrides_with = "stylesheet")]
    no_stylesheet: bool,
    #[arg(long, overrides_with = "no_html_page")]
    #[arg(help = short(key_doc!(html_page)), long_help = long(key_doc!(html_page)))]
    html_page: bool,
    /// Write no sitemap.html (overrides `html-page = true`).
    #[arg(long, hide_short_help = true, overrides_with = "html_page")]
    no_html_page: bool,
    #[arg(long, overrides_with = "no_check_site")]
    #[arg(help = short(key_doc!(check_site)), long_help = long(key_doc!(check_site)))]
    check_site: bool,
    /// Do not check the set against the site (overrides `check-site = true`).
    #[arg(long, hide_short_help = true, overrides_with = "check_site")]
    no_check_site: bool,
    #[arg(long, overrides_with = "no_llms_txt")]
    #[arg(help = short(key_doc!(llms_txt)), long_help = long(key_doc!(llms_txt)))]
    llms_txt: bool,
    /// Write no llms.txt (overrides `llms-txt = true`).
    #[arg(long, hide_short_help = true, overrides_with = "llms_txt")]
    no_llms_txt: bool,
}

impl OutputArgs {
    fn fill(&self, s: &mut Settings) {
        s.out.clone_from(&self.out);
        s.filename.clone_from(&self.filename);
        s.format = self.format;
        s.gzip = either(self.gzip, self.no_gzip);
        s.limits = self.limits;
        s.max_urls = self.max_urls;
        s.robots = either(self.robots, self.no_robots);
        s.stylesheet = either(self.stylesheet, self.no_stylesheet);
        s.html_page = either(self.html_page, self.no_html_page);
        s.check_site = either(self.check_site, self.no_check_site);
        s.llms_txt = either(self.llms_txt, self.no_llms_txt);
    }

    /// The flags' layer.
    pub(crate) fn layer(&self, base_url: Option<&str>) -> Layer {
        let mut s = Settings::default();
        self.fill(&mut s);
        s.base_url = base_url.map(str::to_owned);
        Layer::new(s, Origin::Flag)
    }
}

/// Which pages are listed, and their values.
#[derive(Args, Debug, Default)]
pub(crate) struct SourceArgs {
    #[arg(long, value_name = "zola|hugo|html", value_parser = word::<Flavor>)]
    #[arg(help = short(key_doc!(flavor)), long_help = long(key_doc!(flavor)))]
    flavor: Option<Flavor>,
    #[arg(long, value_name = "DIR")]
    #[arg(help = short(key_doc!(html)), long_help = long(key_doc!(html)))]
    html: Option<PathBuf>,
    #[arg(long, value_name = "DIR")]
    #[arg(help = short(key_doc!(html_source)), long_help = long(key_doc!(html_source)))]
    html_source: Option<PathBuf>,
    #[arg(long, overrides_with = "no_clean_urls")]
    #[arg(help = short(key_doc!(clean_urls)), long_help = long(key_doc!(clean_urls)))]
    clean_urls: bool,
    /// Do not list `page.html` as `page` (overrides `clean-urls = true`).
    #[arg(long, hide_short_help = true, overrides_with = "clean_urls")]
    no_clean_urls: bool,
    #[arg(long, value_name = "always|never|keep", value_parser = word::<TrailingSlash>)]
    #[arg(help = short(key_doc!(trailing_slash)), long_help = long(key_doc!(trailing_slash)))]
    trailing_slash: Option<TrailingSlash>,
    #[arg(long, value_name = "GLOB")]
    #[arg(help = short(key_doc!(include)), long_help = long(concat!(key_doc!(include), " Repeatable.")))]
    include: Vec<String>,
    #[arg(long, value_name = "GLOB")]
    #[arg(help = short(key_doc!(exclude)), long_help = long(concat!(key_doc!(exclude), " Repeatable.")))]
    exclude: Vec<String>,
    #[arg(long, visible_alias = "drafts", overrides_with = "no_include_drafts")]
    #[arg(help = short(key_doc!(include_drafts)), long_help = long(key_doc!(include_drafts)))]
    include_drafts: bool,
    /// Leave drafts out (overrides `include-drafts = true`).
    #[arg(
        long,
        hide_short_help = true,
        visible_alias = "no-drafts",
        overrides_with = "include_drafts"
    )]
    no_include_drafts: bool,
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = word::<LastmodSource>)]
    #[arg(help = short(key_doc!(lastmod)), long_help = long(concat!(key_doc!(lastmod), " Comma-separated.")))]
    lastmod: Vec<LastmodSource>,
    #[arg(long, value_name = "FREQ", value_parser = crate::values::changefreq)]
    #[arg(help = short(key_doc!(changefreq)), long_help = long(key_doc!(changefreq)))]
    changefreq: Option<ChangeFreq>,
    #[arg(long, value_name = "0.0-1.0", value_parser = crate::values::priority)]
    #[arg(help = short(key_doc!(priority)), long_help = long(key_doc!(priority)))]
    priority: Option<Priority>,
    #[arg(long, value_name = "committer|author", value_parser = word::<GitDate>)]
    #[arg(help = short(key_doc!(git_date)), long_help = long(key_doc!(git_date)))]
    git_date: Option<GitDate>,
    #[arg(long, visible_alias = "shallow", value_name = "warn|fail|omit", value_parser = word::<ShallowPolicy>)]
    #[arg(help = short(key_doc!(git_shallow)), long_help = long(key_doc!(git_shallow)))]
    git_shallow: Option<ShallowPolicy>,
    #[arg(long, value_name = "mtime|last-commit", value_parser = word::<Uncommitted>)]
    #[arg(help = short(key_doc!(git_uncommitted)), long_help = long(key_doc!(git_uncommitted)))]
    git_uncommitted: Option<Uncommitted>,
    #[arg(long, value_name = "SECONDS")]
    #[arg(help = short(key_doc!(git_timeout)), long_help = long(key_doc!(git_timeout)))]
    git_timeout: Option<u64>,
    #[arg(long, value_name = "FILE")]
    #[arg(help = short(key_doc!(ledger)), long_help = long(key_doc!(ledger)))]
    ledger: Option<PathBuf>,
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = word::<LastmodDep>)]
    #[arg(help = short(key_doc!(lastmod_deps)), long_help = long(concat!(key_doc!(lastmod_deps), " Comma-separated.")))]
    lastmod_deps: Vec<LastmodDep>,
    // Not clap's PathBuf parser: it refuses the empty value that means none.
    #[arg(long, visible_alias = "ignore-revs-file", value_name = "FILE", value_parser = path_or_empty)]
    #[arg(help = short(key_doc!(git_ignore_revs)), long_help = long(key_doc!(git_ignore_revs)))]
    git_ignore_revs: Option<std::path::PathBuf>,
    #[arg(long, overrides_with = "no_images")]
    #[arg(help = short(key_doc!(images)), long_help = long(key_doc!(images)))]
    images: bool,
    /// List no images (overrides `images = true`).
    #[arg(long, hide_short_help = true, overrides_with = "images")]
    no_images: bool,
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    #[arg(help = short(key_doc!(image_hosts)), long_help = long(concat!(key_doc!(image_hosts), " Repeatable, or comma-separated.")))]
    image_hosts: Vec<String>,
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    #[arg(help = short(key_doc!(image_keys)), long_help = long(concat!(key_doc!(image_keys), " Repeatable, or comma-separated.")))]
    image_keys: Vec<String>,
    #[arg(long, overrides_with = "no_og_image")]
    #[arg(help = short(key_doc!(og_image)), long_help = long(key_doc!(og_image)))]
    og_image: bool,
    /// Do not list og:image (overrides `og-image = true`).
    #[arg(long, hide_short_help = true, overrides_with = "og_image")]
    no_og_image: bool,
    #[arg(long, value_name = "GLOB")]
    #[arg(help = short(key_doc!(exclude_urls)), long_help = long(concat!(key_doc!(exclude_urls), " Repeatable.")))]
    exclude_urls: Vec<String>,
    #[arg(long, value_name = "GLOB")]
    #[arg(help = short(key_doc!(include_urls)), long_help = long(concat!(key_doc!(include_urls), " Repeatable.")))]
    include_urls: Vec<String>,
    #[arg(long, value_name = "leave-out|keep", value_parser = word::<RobotsDisallowed>)]
    #[arg(help = short(key_doc!(robots_disallowed)), long_help = long(key_doc!(robots_disallowed)))]
    robots_disallowed: Option<RobotsDisallowed>,
    #[arg(long, value_name = "section|GLOB=NAME", value_parser = split_part)]
    #[arg(help = short(key_doc!(split_by)), long_help = long(concat!(key_doc!(split_by), " As a flag: `section`, or `GLOB=NAME` repeated in order.")))]
    split_by: Vec<SplitPart>,
    #[arg(long, value_name = "default-language|none|LANG")]
    #[arg(help = short(key_doc!(x_default)), long_help = long(key_doc!(x_default)))]
    x_default: Option<String>,
    #[arg(long, value_name = "VERSION")]
    #[arg(help = short(key_doc!(hugo_version)), long_help = long(key_doc!(hugo_version)))]
    hugo_version: Option<String>,
    #[arg(long, overrides_with = "no_strict")]
    #[arg(help = short(key_doc!(strict)), long_help = long(key_doc!(strict)))]
    strict: bool,
    /// Let a disagreement with the built site pass with warnings
    /// (overrides `strict = true`).
    #[arg(long, hide_short_help = true, overrides_with = "strict")]
    no_strict: bool,
}

/// One `--split-by` value.
#[derive(Clone, Debug)]
enum SplitPart {
    Section,
    Glob(String, String),
}

fn split_part(s: &str) -> Result<SplitPart, String> {
    if s == "section" {
        return Ok(SplitPart::Section);
    }
    // The group name holds no `=`; a glob may.
    match s.rsplit_once('=') {
        Some((glob, name)) if !glob.is_empty() && !name.is_empty() => {
            Ok(SplitPart::Glob(glob.to_owned(), name.to_owned()))
        }
        _ => Err(format!(
            "`{s}`: expected `section` or `GLOB=NAME` (`/blog/**=blog`)"
        )),
    }
}

/// `--split-by` given: `section` if any value says so, else the globs in
/// the order given.
fn split_by(parts: &[SplitPart]) -> Option<SplitBy> {
    if parts.is_empty() {
        return None;
    }
    if parts.iter().any(|p| matches!(p, SplitPart::Section)) {
        return Some(SplitBy::Section);
    }
    let globs = parts
        .iter()
        .filter_map(|p| match p {
            SplitPart::Glob(glob, name) => Some((glob.clone(), name.clone())),
            SplitPart::Section => None,
        })
        .collect();
    Some(SplitBy::Globs(globs))
}

impl SourceArgs {
    /// The flags' layer, with the output flags.
    pub(crate) fn layer(&self, output: &OutputArgs, base_url: Option<&str>) -> Layer {
        let mut s = Settings::default();
        output.fill(&mut s);
        s.base_url = base_url.map(str::to_owned);
        s.flavor = self.flavor;
        s.html.clone_from(&self.html);
        s.html_source.clone_from(&self.html_source);
        s.clean_urls = either(self.clean_urls, self.no_clean_urls);
        s.trailing_slash = self.trailing_slash;
        s.include = non_empty(&self.include);
        s.exclude = non_empty(&self.exclude);
        s.include_drafts = either(self.include_drafts, self.no_include_drafts);
        s.lastmod = non_empty(&self.lastmod);
        s.changefreq = self.changefreq;
        s.priority = self.priority;
        s.git.date = self.git_date;
        s.git.shallow = self.git_shallow;
        s.git.uncommitted = self.git_uncommitted;
        s.git.timeout = self.git_timeout;
        s.ledger.clone_from(&self.ledger);
        s.lastmod_deps = non_empty(&self.lastmod_deps);
        s.git.ignore_revs.clone_from(&self.git_ignore_revs);
        s.images = either(self.images, self.no_images);
        s.image_hosts = non_empty(&self.image_hosts);
        s.image_keys = non_empty(&self.image_keys);
        s.og_image = either(self.og_image, self.no_og_image);
        s.exclude_urls = non_empty(&self.exclude_urls);
        s.include_urls = non_empty(&self.include_urls);
        s.robots_disallowed = self.robots_disallowed;
        s.split_by = split_by(&self.split_by);
        s.x_default.clone_from(&self.x_default);
        s.hugo_version.clone_from(&self.hugo_version);
        s.strict = either(self.strict, self.no_strict);
        Layer::new(s, Origin::Flag)
    }
}

fn non_empty<T: Clone>(v: &[T]) -> Option<Vec<T>> {
    (!v.is_empty()).then(|| v.to_vec())
}

/// A boolean setting from `--X` / `--no-X` (the later one wins, clap
/// clears the other): `None` when neither was given, so sitemap.toml
/// decides.
fn either(yes: bool, no: bool) -> Option<bool> {
    match (yes, no) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// A path as given, the empty one included (`--git-ignore-revs ""` turns
/// the default `.git-blame-ignore-revs` off); clap's own path parser
/// refuses it.
fn path_or_empty(value: &str) -> Result<std::path::PathBuf, std::convert::Infallible> {
    Ok(std::path::PathBuf::from(value))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;
    use sitemap_engine::keys::{KEYS, Scope};

    /// Every key of the table is a flag of `sitemap scan` (the `[submit]`
    /// keys: of `sitemap submit`) with the table's long name, short form,
    /// aliases and doc as its help (without the notes for the plugin and
    /// the builder), and a true/false key also has its
    /// `--no-…` twin: the flags cannot drift from the declaration in
    /// `sitemap_engine::keys`.
    #[test]
    fn every_key_is_a_flag_with_the_tables_name_and_help() {
        let cli = crate::Cli::command();
        for key in KEYS {
            let sub = if key.scope == Scope::Submit {
                "submit"
            } else {
                "scan"
            };
            let command = cli.find_subcommand(sub).unwrap();
            let long = key.flag();
            let arg = command
                .get_arguments()
                .find(|a| a.get_long().map(|l| format!("--{l}")) == Some(long.clone()))
                .unwrap_or_else(|| panic!("`sitemap {sub}` has no {long} for `{}`", key.name));
            assert_eq!(arg.get_short(), key.short, "{long}");
            let aliases = arg.get_visible_aliases().unwrap_or_default();
            assert_eq!(aliases, key.aliases, "{long}");
            // `-h` shows the key's summary (else the first sentence), `--help` all of it, in
            // the CLI's words.
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            assert_eq!(help, super::short(key.doc), "{long}'s -h");
            let long_help = arg
                .get_long_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            assert!(
                long_help.starts_with(&super::long(key.doc)),
                "{long}'s help is not the table's doc:\n{long_help}\n{}",
                key.doc
            );
            assert!(
                !long_help.contains("mdBook:") && !long_help.contains("build.rs"),
                "{long}'s help speaks of another front end:\n{long_help}"
            );
            // A true/false key (its example says which) can be turned off
            // over a `sitemap.toml` that turns it on.
            if matches!(key.example, "true" | "false") {
                let no = format!("no-{}", long.trim_start_matches("--"));
                assert!(
                    command.get_arguments().any(|a| a.get_long() == Some(&*no)),
                    "{long} has no --{no}"
                );
            }
        }
    }
}
