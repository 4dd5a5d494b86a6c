//! `sitemap scan [DIR]`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use sitemap_content::{ContentScan, Flavor, Site, SiteOptions};
use sitemap_core::{DuplicatePolicy, Loc, OutsidePolicy, SetOptions, SetReport, SetWriter, Url};
use sitemap_source::pipeline::SourceConfig;

use crate::Outcome;
use crate::human::HumanPage;
use crate::publish::{Companions, open_writer, publish, shown};
use crate::settings::{self, FlavorName, FormatName, Hinted, LimitsName, Settings};
use crate::ui::Ui;

/// Scan a Zola or Hugo site (or a built HTML folder) and write its sitemap.
///
/// The generator is detected from the site's configuration (zola.toml or
/// config.toml with base_url; hugo.toml|yaml|json, config.* or
/// config/_default/ with baseURL); a folder with neither but an index.html
/// is scanned as built HTML.
#[derive(Args, Debug)]
#[command(after_long_help = settings::KEYS_HELP)]
pub(crate) struct ScanArgs {
    /// The site's root folder.
    #[arg(default_value = ".")]
    dir: PathBuf,
    /// The generator, instead of detecting it.
    #[arg(long, value_enum)]
    flavor: Option<FlavorName>,
    /// Scan this built HTML folder (pages as published) instead of content.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// With --html: `dir/index.html` as `dir/` (always), `dir` (never), or `dir/index.html` (keep).
    #[arg(long, value_name = "always|never|keep", value_parser = ["always", "never", "keep"])]
    trailing_slash: Option<String>,
    /// With --html: list `page.html` as `page` (clean URLs, as VitePress `cleanUrls`, Cloudflare
    /// Pages and Vercel serve them).
    #[arg(long, overrides_with = "no_clean_urls")]
    clean_urls: bool,
    /// Do not list `page.html` as `page` (overrides `clean-urls = true`).
    #[arg(long, overrides_with = "clean_urls")]
    no_clean_urls: bool,
    /// With --html: the source folder the built pages come from (same paths, `.md` or `.html`),
    /// for lastmod from its front matter and git history instead of none.
    #[arg(long, value_name = "DIR")]
    html_source: Option<PathBuf>,
    /// The site's base URL, instead of the configuration's.
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Where to write (default: Zola `output_dir`, Hugo `publishDir`, the HTML folder).
    #[arg(long, short, value_name = "DIR")]
    out: Option<PathBuf>,
    /// File format.
    #[arg(long, value_enum)]
    format: Option<FormatName>,
    /// Gzip the files (`sitemap.xml.gz`).
    #[arg(long, overrides_with = "no_gzip")]
    gzip: bool,
    /// Write plain files (overrides `gzip = true`).
    #[arg(long, overrides_with = "gzip")]
    no_gzip: bool,
    /// Size limits per file: legacy (10 MB) or sitemaps-org (50 MB).
    #[arg(long, value_enum)]
    limits: Option<LimitsName>,
    /// At most N URLs per sitemap file (below the limits' 50,000), for consumers that prefer
    /// smaller files; past it the set is split into an index.
    #[arg(long, value_name = "N", value_parser = crate::values::max_urls)]
    max_urls: Option<u64>,
    /// Only list sources matching this glob (relative to the site root; repeatable).
    #[arg(long, value_name = "GLOB")]
    include: Vec<String>,
    /// Leave out sources matching this glob (repeatable).
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// Where lastmod comes from, first match wins: front-matter, git, date, mtime.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = ["front-matter", "git", "date", "mtime"])]
    lastmod: Vec<String>,
    /// What to do in a shallow git clone: warn, fail or omit.
    #[arg(long, value_name = "POLICY", value_parser = ["warn", "fail", "omit"])]
    shallow: Option<String>,
    /// Default changefreq for pages that set none.
    #[arg(long, value_name = "FREQ", value_parser = crate::values::changefreq)]
    changefreq: Option<String>,
    /// Default priority for pages that set none.
    #[arg(long, value_name = "0.0-1.0", value_parser = crate::values::priority)]
    priority: Option<f64>,
    /// List drafts too.
    #[arg(long, overrides_with = "no_drafts")]
    drafts: bool,
    /// Leave drafts out (overrides `include-drafts = true`).
    #[arg(long, overrides_with = "drafts")]
    no_drafts: bool,
    /// Add or update the `Sitemap:` line in robots.txt in the output folder.
    #[arg(long, overrides_with = "no_robots")]
    robots: bool,
    /// Leave robots.txt alone (overrides `robots = true`).
    #[arg(long, overrides_with = "robots")]
    no_robots: bool,
    /// Write sitemap.xsl beside the sitemap and reference it, so a browser shows the sitemap as a sortable table.
    #[arg(long, overrides_with = "no_stylesheet")]
    stylesheet: bool,
    /// Write no stylesheet (overrides `stylesheet = true`).
    #[arg(long, overrides_with = "stylesheet")]
    no_stylesheet: bool,
    /// Write sitemap.html: every page by section, with its title, for the site's visitors.
    #[arg(long, overrides_with = "no_html_page")]
    html_page: bool,
    /// Write no sitemap.html (overrides `html-page = true`).
    #[arg(long, overrides_with = "html_page")]
    no_html_page: bool,
    /// Write nothing; exit 3 if the sitemap on disk differs from what would be written.
    #[arg(long, conflicts_with = "dry_run")]
    check: bool,
    /// Write nothing; print the entries (tab-separated fields, the source file last).
    #[arg(long)]
    dry_run: bool,
    /// Settings file (default: DIR/sitemap.toml when it exists).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
    /// Also list every page left out, with its reason.
    #[arg(long, short, conflicts_with = "quiet")]
    verbose: bool,
}

/// What a scan produced, whatever the source.
struct Scanned {
    urls: Vec<Url>,
    base_url: Loc,
    out: PathBuf,
    files_read: usize,
    /// Reason -> count.
    excluded: BTreeMap<String, usize>,
    /// `--verbose`: each page left out, `file: reason`.
    left_out: Vec<String>,
    warnings: Vec<String>,
    /// The source file of each page, where known (for sitemap.html titles).
    sources: std::collections::HashMap<Loc, PathBuf>,
}

pub(crate) fn run(args: &ScanArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
    if let Some(url) = &args.base_url {
        crate::values::base_url(url)?;
    }
    let root = &args.dir;
    let settings_path = args
        .config
        .clone()
        .unwrap_or_else(|| root.join("sitemap.toml"));
    let settings = settings::load(&settings_path, args.config.is_some())?.unwrap_or_default();
    let source_config = source_config(args, &settings, &settings_path)?;
    let stylesheet = either(args.stylesheet, args.no_stylesheet)
        .or(settings.stylesheet)
        .unwrap_or(false);
    let html_page = either(args.html_page, args.no_html_page)
        .or(settings.html_page)
        .unwrap_or(false);

    let flavor = args.flavor.or(settings.flavor);
    let html_dir = args
        .html
        .clone()
        .or_else(|| settings.html.as_ref().map(|h| root.join(h)))
        .or_else(|| (flavor == Some(FlavorName::Html)).then(|| root.clone()));
    let base_url = args.base_url.clone().or(settings.base_url.clone());

    let spinner = ui.spinner("scanning");
    let mut scanned = match html_dir {
        Some(dir) => scan_html(&dir, base_url, args, &settings, &source_config)?,
        None => {
            let content_flavor = match flavor {
                Some(FlavorName::Zola) => Some(Flavor::Zola),
                Some(FlavorName::Hugo) => Some(Flavor::Hugo),
                _ => None,
            };
            let options = SiteOptions::default()
                .with_flavor(content_flavor)
                .with_base_url(base_url.clone())
                .with_drafts(source_config.include_drafts)
                // A folder the scan cannot read is an error unless these
                // leave it out.
                .with_exclude(source_config.exclude.clone());
            match Site::open(root, &options) {
                Ok(site) => scan_content(
                    &site,
                    source_config,
                    &spinner,
                    html_page || args.dry_run,
                    args.verbose,
                )?,
                // Not a generator's site, but a built one: scan its HTML.
                Err(sitemap_content::Error::NotASite { .. })
                    if content_flavor.is_none() && root.join("index.html").is_file() =>
                {
                    scan_html(root, base_url, args, &settings, &source_config)?
                }
                Err(e) => return Err(e.into()),
            }
        }
    };
    if let Some(out) = args
        .out
        .clone()
        .or_else(|| settings.out.as_ref().map(|o| root.join(o)))
    {
        scanned.out = out;
    }
    drop(spinner);
    for w in &scanned.warnings {
        ui.warning(w);
    }
    for page in &scanned.left_out {
        ui.summary(&format!("left out: {page}"));
    }

    let format = crate::publish::format(args.format.or(settings.format));
    let limits = crate::publish::limits(
        args.limits.or(settings.limits),
        args.max_urls.or(settings.max_urls),
    )?;
    let gzip = either(args.gzip, args.no_gzip)
        .or(settings.gzip)
        .unwrap_or(false);
    let stem = settings
        .stem
        .clone()
        .unwrap_or_else(|| "sitemap".to_owned());
    let robots_wanted = either(args.robots, args.no_robots)
        .or(settings.robots)
        .unwrap_or(false);
    let set_options = |dir: &Path| {
        let options = SetOptions::new(dir, scanned.base_url.clone())
            .with_stem(stem.clone())
            .with_format(format)
            .with_gzip(gzip)
            .with_limits(limits)
            .with_outside(OutsidePolicy::Skip)
            .with_duplicates(DuplicatePolicy::Skip);
        if stylesheet {
            // Relative: browsers apply a stylesheet only from the sitemap's own origin.
            let href = sitemap_core::human::XSL_FILE_NAME;
            options.with_stylesheet(href).with_index_stylesheet(href)
        } else {
            options
        }
    };
    let excluded = excluded_summary(&scanned.excluded);

    if args.dry_run {
        let mut out = std::io::stdout().lock();
        // Exactly what the write would list: not a URL the writer leaves
        // out (outside the base URL's folder, a repeated `loc`), and each
        // value in its written form.
        let mut seen = std::collections::HashSet::new();
        let (mut listed, mut outside) = (0_usize, 0_usize);
        for url in &scanned.urls {
            if !url.loc.is_under(&scanned.base_url) {
                outside += 1;
                continue;
            }
            if !seen.insert(&url.loc) {
                continue;
            }
            listed += 1;
            let mut line = url.loc.to_string();
            for field in [
                url.lastmod
                    .as_ref()
                    .map(|l| format!("lastmod={}", l.to_xsd_string())),
                url.changefreq.map(|c| format!("changefreq={}", c.as_str())),
                url.priority.map(|p| format!("priority={}", p.value())),
            ]
            .into_iter()
            .flatten()
            {
                line.push('\t');
                line.push_str(&field);
            }
            for alt in &url.alternates {
                line.push_str(&format!("\threflang={}:{}", alt.hreflang, alt.href));
            }
            // Last, so the sitemap's own fields keep their columns: the
            // file the entry came from, to check a lastmod against.
            if let Some(source) = scanned.sources.get(&url.loc) {
                let shown = source.strip_prefix(root).unwrap_or(source);
                line.push_str(&format!("\tsource={}", shown.display()));
            }
            writeln!(out, "{line}").context("cannot write to stdout")?;
        }
        if outside > 0 {
            ui.warning(&format!(
                "{outside} URL(s) lie outside {} and would be left out (a sitemap may list only URLs under its own folder)",
                scanned.base_url
            ));
        }
        ui.summary(&format!(
            "sitemap: {} files read, {listed} URLs{excluded}; dry run, nothing written",
            scanned.files_read,
        ));
        return Ok(Outcome::Done);
    }

    if args.check {
        let tmp = tempfile::tempdir().context("cannot create a temporary folder")?;
        let report = write_set(set_options(tmp.path()), &scanned.urls)?;
        let differences = compare(&report, tmp.path(), &set_options(&scanned.out))?;
        if differences.is_empty() {
            ui.summary(&format!(
                "sitemap: {} URLs; {} is up to date",
                scanned.urls.len(),
                shown(
                    report
                        .root()
                        .0
                        .strip_prefix(tmp.path())
                        .map(|p| scanned.out.join(p))
                        .as_deref()
                        .unwrap_or(&scanned.out)
                )
            ));
            return Ok(Outcome::Done);
        }
        for d in &differences {
            ui.warning(d);
        }
        ui.summary(&format!(
            "sitemap: out of date in {} ({} file(s) differ); run `sitemap scan` to update",
            shown(&scanned.out),
            differences.len()
        ));
        return Ok(Outcome::CheckFailed);
    }

    // Everything that can fail (robots.txt, the HTML page) is staged
    // with the set before anything is published.
    let mut writer = open_writer(set_options(&scanned.out), ui)?;
    for url in &scanned.urls {
        writer.push(url)?;
    }
    let staged = writer.stage()?;
    let mut files = Vec::new();
    if stylesheet {
        files.push((
            sitemap_core::human::XSL_FILE_NAME,
            sitemap_core::human::XSL.as_bytes().to_vec(),
        ));
    }
    if html_page {
        let pages: Vec<HumanPage> = scanned
            .urls
            .iter()
            .map(|u| HumanPage {
                loc: u.loc.clone(),
                source: scanned.sources.get(&u.loc).cloned(),
                lastmod: u.lastmod.clone(),
            })
            .collect();
        let site_title = crate::human::fallback_title(&scanned.base_url);
        let html = crate::human::html_page(&scanned.out, &scanned.base_url, &site_title, &pages)?;
        files.push((sitemap_core::human::HTML_FILE_NAME, html));
    }
    let companions = Companions {
        files,
        robots_stem: robots_wanted.then_some(stem.as_str()),
    };
    let published = publish(staged, &scanned.base_url, companions)?;
    let written = published.written(&scanned.base_url, ui);
    let report = &published.report;
    ui.summary(&format!(
        "sitemap: {} files read, {} URLs{excluded}; {written}",
        scanned.files_read, report.urls
    ));
    // As for the scan's pages: the process is about to end.
    std::mem::forget(scanned);
    Ok(Outcome::Done)
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

/// `[source]` of sitemap.toml with the flags applied on top, read by the
/// source layer's own (strict) deserialiser.
fn source_config(
    args: &ScanArgs,
    settings: &Settings,
    path: &Path,
) -> anyhow::Result<SourceConfig> {
    let mut table = settings.source.clone().unwrap_or_default();
    // The file's own values first, so an error names the file and line;
    // the flags were checked by clap as they were parsed.
    if let Err(e) = toml::Value::Table(table.clone()).try_into::<SourceConfig>() {
        let message = e.message();
        let at = message
            .split([' ', '`'])
            .next()
            .and_then(|key| settings::line_of(path, key))
            .map_or(String::new(), |line| format!(":{line}"));
        return Err(Hinted {
            message: format!("{}{at}: [source]: {message}", shown(path)),
            hint: "see `sitemap scan --help` for the keys of [source] and their values".to_owned(),
        }
        .into());
    }
    let strings =
        |v: &[String]| toml::Value::Array(v.iter().cloned().map(toml::Value::String).collect());
    if !args.lastmod.is_empty() {
        table.insert("lastmod".into(), strings(&args.lastmod));
    }
    if !args.include.is_empty() {
        table.insert("include".into(), strings(&args.include));
    }
    if !args.exclude.is_empty() {
        table.insert("exclude".into(), strings(&args.exclude));
    }
    if let Some(c) = &args.changefreq {
        table.insert("changefreq".into(), toml::Value::String(c.clone()));
    }
    if let Some(p) = args.priority {
        table.insert("priority".into(), toml::Value::Float(p));
    }
    if let Some(drafts) = either(args.drafts, args.no_drafts) {
        table.insert("include-drafts".into(), toml::Value::Boolean(drafts));
    }
    if let Some(s) = &args.shallow {
        let git = table
            .entry("git")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(git) = git {
            git.insert("shallow".into(), toml::Value::String(s.clone()));
        }
    }
    toml::Value::Table(table)
        .try_into::<SourceConfig>()
        .map_err(|e| {
            Hinted {
                message: format!(
                    "the flags with {} [source]: {}",
                    path.display(),
                    e.message()
                ),
                hint: "see `sitemap scan --help`".to_owned(),
            }
            .into()
        })
}

/// `want_sources`: keep each page's source file (`--html-page` reads
/// them for titles, `--dry-run` prints them).
fn scan_content(
    site: &Site,
    config: SourceConfig,
    spinner: &crate::ui::Spinner,
    want_sources: bool,
    verbose: bool,
) -> anyhow::Result<Scanned> {
    let scan: ContentScan = site.scan()?;
    spinner.set_message("reading lastmod");
    // The same glue a build script uses, so both list the same entries.
    let output = sitemap_build::content_output(site, &scan, config)?;
    let mut excluded: BTreeMap<String, usize> = BTreeMap::new();
    for e in &scan.excluded {
        *excluded.entry(e.reason.as_str().to_owned()).or_default() += 1;
    }
    for e in &output.excluded {
        *excluded.entry(exclusion_label(&e.reason)).or_default() += 1;
    }
    let mut left_out = Vec::new();
    if verbose {
        let root = &site.root;
        let rel = |p: &Path| shown(p.strip_prefix(root).unwrap_or(p));
        left_out.extend(
            scan.excluded
                .iter()
                .map(|e| format!("{}: {}", rel(&e.source), e.reason.as_str())),
        );
        left_out.extend(
            output
                .excluded
                .iter()
                .map(|e| format!("{}: {} ({})", rel(&e.source), e.reason, e.loc)),
        );
        left_out.sort();
    }
    let mut warnings: Vec<String> = scan
        .warnings
        .iter()
        .map(|w| shown_warning(&w.to_string()))
        .collect();
    warnings.extend(output.warnings.iter().map(|w| w.to_string()));
    let sources = if want_sources {
        scan.pages
            .iter()
            .filter_map(|cp| Some((cp.loc.clone(), cp.source.clone()?)))
            .collect()
    } else {
        std::collections::HashMap::new()
    };
    // The process ends soon after the sitemap is written: freeing every
    // page (path, URL, language) one by one would cost the main thread
    // time on a large site for nothing.
    let files_read = scan.files_read;
    std::mem::forget(scan);
    Ok(Scanned {
        urls: output.urls,
        base_url: site.base_url.clone(),
        out: site.output_dir.clone(),
        files_read,
        excluded,
        left_out,
        warnings,
        sources,
    })
}

fn shown_warning(s: &str) -> String {
    s.strip_prefix("./").unwrap_or(s).to_owned()
}

fn exclusion_label(reason: &sitemap_source::overrides::Exclusion) -> String {
    use sitemap_source::overrides::Exclusion;
    match reason {
        Exclusion::Draft => "draft".to_owned(),
        Exclusion::SitemapDisabled { .. } => "sitemap disabled".to_owned(),
        Exclusion::Noindex { .. } => "noindex".to_owned(),
        Exclusion::NotRendered { .. } => "build options".to_owned(),
        Exclusion::Filtered { .. } => "--exclude".to_owned(),
        Exclusion::NotIncluded => "not in --include".to_owned(),
        _ => "other".to_owned(),
    }
}

fn scan_html(
    dir: &Path,
    base_url: Option<String>,
    args: &ScanArgs,
    settings: &Settings,
    config: &SourceConfig,
) -> anyhow::Result<Scanned> {
    let Some(base_url) = base_url else {
        return Err(Hinted {
            message: format!(
                "{}: a built HTML folder has no configuration to take the base URL from",
                dir.display()
            ),
            hint: "pass --base-url https://example.org/ or set `base-url` in sitemap.toml"
                .to_owned(),
        }
        .into());
    };
    let base = Loc::parse_folder(&base_url).with_context(|| "--base-url".to_owned())?;
    let mut options = sitemap_html::HtmlOptions::new(base.clone())
        .with_exclude(config.exclude.iter().cloned())
        .with_clean_urls(
            either(args.clean_urls, args.no_clean_urls)
                .or(settings.clean_urls)
                .unwrap_or(false),
        );
    if let Some(style) = &args.trailing_slash {
        let style: sitemap_html::TrailingSlash = style.parse().map_err(|message| Hinted {
            message,
            hint:
                "`--trailing-slash always` lists dir/index.html as dir/ (what static hosts serve)"
                    .to_owned(),
        })?;
        options = options.with_trailing_slash(style);
    }
    let mut warnings = Vec::new();
    if let Some(source_dir) = &args.html_source {
        // Built output's mtime is the build time, so lastmod comes only
        // from a source tree the user names.
        let mirror = sitemap_html::SourceMirror::read(source_dir, config.clone())?;
        warnings.extend(mirror.warnings().iter().map(ToString::to_string));
        options = options.with_source_lastmod(mirror);
    }
    let found = sitemap_html::scan(dir, &options)?;
    let mut excluded: BTreeMap<String, usize> = BTreeMap::new();
    for e in &found.excluded {
        *excluded.entry(e.reason.label().to_owned()).or_default() += 1;
    }
    warnings.extend(
        found
            .warnings
            .iter()
            .map(|w| format!("{}: {}", w.path.display(), w.kind)),
    );
    Ok(Scanned {
        files_read: found.files_read.len(),
        warnings,
        urls: found.urls,
        base_url: base,
        out: dir.to_path_buf(),
        excluded,
        left_out: if args.verbose {
            found
                .excluded
                .iter()
                .map(|e| {
                    let path = e.path.strip_prefix(dir).unwrap_or(&e.path);
                    format!("{}: {}", shown(path), e.reason)
                })
                .collect()
        } else {
            Vec::new()
        },
        // Titles come from the built pages themselves.
        sources: std::collections::HashMap::new(),
    })
}

fn write_set(options: SetOptions, urls: &[Url]) -> anyhow::Result<SetReport> {
    let writer = SetWriter::new(options)?;
    Ok(writer.write_all(urls.iter())?)
}

/// Files of the fresh set in `fresh` that differ from `out`, plus files in
/// `out` that look like an earlier set's and are not in this one.
fn compare(report: &SetReport, fresh: &Path, options: &SetOptions) -> anyhow::Result<Vec<String>> {
    let out = options.dir.as_path();
    let mut differences = Vec::new();
    let mut names = Vec::new();
    let files = report
        .sitemaps
        .iter()
        .map(|s| &s.path)
        .chain(report.index.as_ref().map(|i| &i.path));
    for path in files {
        let name = path.strip_prefix(fresh).unwrap_or(path).to_path_buf();
        let new =
            std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
        let on_disk = out.join(&name);
        match std::fs::read(&on_disk) {
            Ok(old) if old == new => {}
            Ok(_) => differences.push(format!(
                "{}: differs from what would be written",
                shown(&on_disk)
            )),
            Err(_) => differences.push(format!("{}: missing", shown(&on_disk))),
        }
        names.push(name);
    }
    if out.is_dir() {
        let keep: Vec<String> = names
            .iter()
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        for p in options.leftovers(&keep)? {
            differences.push(format!("{}: would be removed", shown(&p)));
        }
    }
    Ok(differences)
}

fn excluded_summary(excluded: &BTreeMap<String, usize>) -> String {
    let total: usize = excluded.values().sum();
    if total == 0 {
        return ", none excluded".to_owned();
    }
    let parts: Vec<String> = excluded.iter().map(|(k, n)| format!("{n} {k}")).collect();
    format!(", {total} excluded ({})", parts.join(", "))
}
