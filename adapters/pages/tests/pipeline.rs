//! The pipeline adapters call, on real sites in real git repositories.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sitemap_core::{Alternate, Loc};
use sitemap_pages::front_matter;
use sitemap_pages::pipeline::{Output, Page, Pipeline, SourceConfig};

use crate::support::Repo;

/// 2024-06-01T12:00:00Z, the mtime every file that falls back to mtime gets.
const MTIME: u64 = 1_717_243_200;

fn set_mtime(path: &Path) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(MTIME))
        .unwrap();
}

fn loc(path: &str) -> Loc {
    Loc::parse(&format!("https://example.org/{path}")).unwrap()
}

/// Pages for every Markdown file under `root/content`, as an adapter
/// would make them: loc from the path, overrides from the front matter.
fn pages(root: &Path) -> Vec<Page> {
    let mut files = Vec::new();
    let mut dirs = vec![root.join("content")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            // A submodule's `.git` file is no page.
            if path.file_name() == Some(".git".as_ref()) {
                continue;
            }
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let source = file.strip_prefix(root).unwrap().to_owned();
            let text = std::fs::read_to_string(&file).unwrap();
            let fm = front_matter::parse(&source, &text).unwrap();
            let slug = source
                .with_extension("")
                .to_string_lossy()
                .trim_start_matches("content/")
                .to_owned()
                + "/";
            Page::from_front_matter(source, loc(&slug), &fm).unwrap()
        })
        .collect()
}

fn render(output: &Output) -> String {
    let mut out = String::new();
    for url in &output.urls {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
        writeln!(
            out,
            "{} lastmod={} changefreq={} priority={}",
            url.loc,
            opt(url.lastmod.as_ref().map(ToString::to_string)),
            opt(url.changefreq.map(|c| c.to_string())),
            opt(url.priority.map(|p| p.to_string())),
        )
        .unwrap();
        for alt in &url.alternates {
            writeln!(out, "  alternate {} {}", alt.hreflang, alt.href).unwrap();
        }
    }
    for ex in &output.excluded {
        writeln!(
            out,
            "excluded {} ({}): {}",
            ex.path.display(),
            ex.loc.as_ref().expect("the pages step knows every URL"),
            ex.reason
        )
        .unwrap();
    }
    for w in &output.warnings {
        writeln!(out, "warning: {w}").unwrap();
    }
    out
}

/// A small blog: explicit lastmod, git dates, a date-only page, an
/// untracked page, a page with uncommitted edits, drafts, a disabled page
/// and a filtered folder.
fn blog() -> Repo {
    let repo = Repo::new();
    repo.write(
        "content/_index.md",
        "+++\ntitle = \"Home\"\nupdated = 2024-05-05\n+++\n",
    );
    repo.write(
        "content/blog/first.md",
        "---\ntitle: First\ndate: 2024-01-01\n---\n",
    );
    repo.write(
        "content/blog/second.md",
        "---\ntitle: Second\ndate: 2024-02-01\nsitemap:\n  priority: 0.9\n---\n",
    );
    repo.write(
        "content/blog/draft.md",
        "---\ntitle: Draft\ndraft: true\n---\n",
    );
    repo.write(
        "content/hidden.md",
        "+++\n[extra.sitemap]\nexclude = true\n+++\n",
    );
    repo.write("content/private/notes.md", "# Notes\n");
    repo.write("content/edited.md", "+++\ntitle = \"Edited\"\n+++\nv1\n");
    repo.commit("first posts", "2024-03-01T09:00:00+01:00");
    repo.write(
        "content/blog/second.md",
        "---\ntitle: Second\ndate: 2024-02-01\nsitemap:\n  priority: 0.9\n---\nFixed a typo.\n",
    );
    repo.commit("typo", "2024-03-15T18:30:00-04:00");
    repo.write(
        "content/edited.md",
        "+++\ntitle = \"Edited\"\n+++\nv2, not committed\n",
    );
    repo.write(
        "content/about.md",
        "---\ntitle: About\ndate: 2023-12-24\n---\n",
    );
    set_mtime(&repo.dir.join("content/edited.md"));
    set_mtime(&repo.dir.join("content/about.md"));
    repo
}

fn config(text: &str) -> SourceConfig {
    toml::from_str(text).unwrap()
}

#[test]
fn blog_end_to_end() {
    let repo = blog();
    let pipeline = Pipeline::new(
        &repo.dir,
        config("exclude = [\"content/private/**\"]\nchangefreq = \"monthly\""),
    )
    .unwrap();
    let mut pages = pages(&repo.dir);
    // A translated page lists itself and its translation.
    let first = pages
        .iter_mut()
        .find(|p| p.source == Path::new("content/blog/first.md"))
        .unwrap();
    first.alternates = vec![
        Alternate::new("fr".parse().unwrap(), loc("fr/blog/first/")),
        Alternate::new("en".parse().unwrap(), loc("blog/first/")),
    ];
    let output = pipeline.run(pages).unwrap();
    insta::assert_snapshot!(render(&output));
}

/// With `lastmod = ["mtime"]` the checked-out files used to get the time
/// of the checkout; only the edited and the untracked file have a true
/// mtime.
#[test]
fn precedence_is_configurable() {
    let repo = blog();
    let pages = pages(&repo.dir);
    let mut out = String::new();
    for precedence in ["[\"date\", \"git\"]", "[\"git\"]", "[\"mtime\"]", "[]"] {
        let pipeline =
            Pipeline::new(&repo.dir, config(&format!("lastmod = {precedence}"))).unwrap();
        // Only lastmod matters here.
        let output = pipeline.run(pages.clone()).unwrap();
        writeln!(out, "lastmod = {precedence}").unwrap();
        for url in output.urls {
            let lastmod = url
                .lastmod
                .map(|l| l.to_string())
                .unwrap_or_else(|| "-".into());
            // `mtime` gives nothing for a tracked, unmodified file (its
            // mtime is the checkout's), so every line is stable.
            writeln!(out, "  {} {lastmod}", url.loc).unwrap();
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn drafts_on_request() {
    let repo = blog();
    let pipeline = Pipeline::new(
        &repo.dir,
        config("include-drafts = true\nlastmod = [\"git\"]"),
    )
    .unwrap();
    let output = pipeline.run(pages(&repo.dir)).unwrap();
    let draft = output
        .urls
        .iter()
        .find(|u| u.loc == loc("blog/draft/"))
        .unwrap();
    assert_eq!(
        draft.lastmod.as_ref().unwrap().to_string(),
        "2024-03-01T09:00:00+01:00"
    );
    assert!(
        output
            .excluded
            .iter()
            .all(|e| e.loc != Some(loc("blog/draft/")))
    );
}

#[test]
fn duplicate_loc_names_both_files() {
    let pipeline = Pipeline::new(Path::new("."), SourceConfig::default()).unwrap();
    let err = pipeline
        .run(vec![
            Page::new("content/b/index.md", loc("b/")),
            Page::new("content/a.md", loc("a/")),
            Page::new("content/b.md", loc("b/")),
        ])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "https://example.org/b/: two pages have this loc: content/b/index.md and content/b.md"
    );
}

#[test]
fn outside_git_warns_and_falls_back() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("content")).unwrap();
    std::fs::write(
        dir.path().join("content/a.md"),
        "---\ndate: 2024-01-01\n---\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("content/b.md"), "no front matter\n").unwrap();
    set_mtime(&dir.path().join("content/b.md"));
    let pipeline = Pipeline::new(dir.path(), SourceConfig::default()).unwrap();
    let output = pipeline.run(pages(dir.path())).unwrap();
    let text = render(&output).replace(&dir.path().display().to_string(), "[ROOT]");
    insta::assert_snapshot!(text);
}

/// Outside git the default precedence used to give an undated page its
/// mtime (a CI checkout's time); now only a `lastmod` the user named
/// brings `mtime` in, and then it is used.
#[test]
fn outside_git_mtime_only_when_lastmod_is_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("content/b.md"), "no front matter\n").unwrap();
    set_mtime(&dir.path().join("content/b.md"));
    let mut lines = Vec::new();
    for named in [false, true] {
        let mut config = SourceConfig::default();
        config.lastmod_named = named;
        let output = Pipeline::new(dir.path(), config)
            .unwrap()
            .run(pages(dir.path()))
            .unwrap();
        lines.push(format!(
            "named {named}: {}",
            render(&output).lines().next().unwrap()
        ));
    }
    assert_eq!(
        lines,
        [
            "named false: https://example.org/b/ lastmod=- changefreq=- priority=-",
            "named true: https://example.org/b/ lastmod=2024-06-01T12:00:00Z changefreq=- priority=-",
        ]
    );
}

/// A site in a `--depth 2` clone with each policy: warn falls back to the
/// page's date (never to the mtime, which is the clone's: `older.md` used
/// to get it), omit writes no lastmod, fail stops with the fix.
#[test]
fn shallow_clone_policies() {
    let source = Repo::new();
    source.write("content/old.md", "---\ndate: 2023-01-01\n---\n");
    source.write("content/older.md", "no date\n");
    source.commit("old", "2024-01-01T00:00:00Z");
    source.write("content/mid.md", "---\ndate: 2023-06-01\n---\n");
    source.commit("mid", "2024-02-01T00:00:00Z");
    source.write("content/new.md", "---\ndate: 2024-03-01\n---\n");
    source.commit("new", "2024-03-01T12:00:00+02:00");
    let clone = Repo::shallow_clone(&source, 2);
    let older = clone.dir.join("content/older.md");
    set_mtime(&older);
    let mut out = String::new();
    for policy in ["warn", "omit", "fail"] {
        let pipeline = Pipeline::new(
            &clone.dir,
            config(&format!("[git]\nshallow = \"{policy}\"")),
        )
        .unwrap()
        .with_ci_host(None);
        writeln!(out, "shallow = {policy}").unwrap();
        match pipeline.run(pages(&clone.dir)) {
            Ok(output) => out.push_str(&render(&output)),
            Err(e) => writeln!(out, "error: {e}").unwrap(),
        }
    }
    let out = out.replace(&clone.dir.display().to_string(), "[CLONE]");
    insta::assert_snapshot!(out);
}

/// Git is asked only about pages whose lastmod front matter leaves open.
#[test]
fn explicit_front_matter_needs_no_git() {
    let dir = tempfile::tempdir().unwrap();
    let pipeline = Pipeline::new(dir.path(), SourceConfig::default()).unwrap();
    let text = "---\nlastmod: 2024-05-01T10:00:00.25+02:00\n---\n";
    let fm = front_matter::parse(Path::new("a.md"), text).unwrap();
    let page = Page::from_front_matter(PathBuf::from("a.md"), loc("a/"), &fm).unwrap();
    let output = pipeline.run(vec![page]).unwrap();
    // No "not a git repository" warning: git was never needed.
    assert_eq!(
        render(&output),
        "https://example.org/a/ lastmod=2024-05-01T10:00:00.25+02:00 changefreq=- priority=-\n"
    );
}

/// Issue 12 #8: `lastmod: 9999-12-31` passed without a word (and became
/// the home page's lastmod). A lastmod more than a day after "now" is a
/// warning naming the page and the value; a day ahead is not (time zones).
#[test]
fn future_lastmod_is_a_warning_naming_the_page() {
    let now: jiff::Timestamp = "2024-06-01T12:00:00Z".parse().unwrap();
    let page = |name: &str, lastmod: &str| {
        let text = format!("---\nlastmod: {lastmod}\n---\n");
        let path = format!("content/{name}.md");
        let fm = front_matter::parse(Path::new(&path), &text).unwrap();
        Page::from_front_matter(path, loc(name), &fm).unwrap()
    };
    let config: SourceConfig = toml::from_str("lastmod = [\"front-matter\"]").unwrap();
    let output = Pipeline::new(Path::new("."), config)
        .unwrap()
        .with_now(now)
        .run(vec![
            page("typo", "9999-12-31"),
            page("tomorrow", "2024-06-02"),
            page("ahead", "2024-06-02T14:00:00+02:00"),
            page("later", "2024-06-03T00:00:00Z"),
        ])
        .unwrap();
    let warnings: Vec<String> = output.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "content/later.md: lastmod 2024-06-03T00:00:00Z is more than a day in the future; it is written as given, and a list page that takes its newest page's lastmod (a Zola or Hugo home page or section) takes it too; correct the date",
            "content/typo.md: lastmod 9999-12-31 is more than a day in the future; it is written as given, and a list page that takes its newest page's lastmod (a Zola or Hugo home page or section) takes it too; correct the date",
        ]
    );
    // Still written as given.
    assert_eq!(output.urls.len(), 4);
}

/// A site whose `content/` is a git submodule, its pages committed in the
/// submodule at fixed dates, the checkout's mtimes set to something else.
fn site_with_content_submodule() -> (Repo, Repo) {
    let content = Repo::new();
    content.write("a.md", "---\ntitle: A\n---\n");
    content.write("b.md", "---\ntitle: B\n---\n");
    content.commit("pages", "2024-01-10T08:00:00+01:00");
    content.write("a.md", "---\ntitle: A\n---\nEdited.\n");
    content.commit("edit a", "2024-02-20T10:30:00-05:00");
    let site = Repo::new();
    site.write("config.toml", "baseURL = \"https://example.org/\"\n");
    site.commit("site", "2024-05-01T00:00:00Z");
    site.add_submodule(&content, "content", "2024-05-02T00:00:00Z");
    (site, content)
}

/// The superproject's `git log` does not see inside a submodule: its
/// pages got the checkout's mtime (the build time in CI) as lastmod.
#[test]
fn content_in_a_submodule_gets_the_submodules_commit_dates() {
    let (site, _content) = site_with_content_submodule();
    let sub = site.dir.join("content");
    std::fs::write(sub.join("b.md"), "---\ntitle: B\n---\nNot committed.\n").unwrap();
    for file in ["a.md", "b.md"] {
        set_mtime(&sub.join(file));
    }
    let output = Pipeline::new(&site.dir, config(""))
        .unwrap()
        .run(pages(&site.dir))
        .unwrap();
    // Git's own answer, asked inside the submodule.
    let a = Repo::reference(&sub, "%cI", "a.md").unwrap();
    assert_eq!(a, "2024-02-20T10:30:00-05:00");
    assert_eq!(
        render(&output),
        format!(
            "https://example.org/a/ lastmod={a} changefreq=- priority=-\n\
             https://example.org/b/ lastmod=2024-06-01T12:00:00Z changefreq=- priority=-\n"
        ),
        "b.md has uncommitted edits in the submodule: its mtime is true"
    );
}

/// A submodule that is not checked out has no history here: its files
/// (copied in by hand) get no lastmod from git nor from their mtime, and
/// one warning names the submodule.
#[test]
fn content_in_a_submodule_not_checked_out_warns_once() {
    let (site, _content) = site_with_content_submodule();
    let clone = Repo::shallow_clone(&site, 10);
    clone.write("content/a.md", "---\ntitle: A\n---\n");
    clone.write("content/b.md", "---\ntitle: B\n---\n");
    for file in ["a.md", "b.md"] {
        set_mtime(&clone.dir.join("content").join(file));
    }
    let output = Pipeline::new(&clone.dir, config(""))
        .unwrap()
        .run(pages(&clone.dir))
        .unwrap();
    assert_eq!(
        render(&output),
        "https://example.org/a/ lastmod=- changefreq=- priority=-\n\
         https://example.org/b/ lastmod=- changefreq=- priority=-\n\
         warning: git submodule `content` is not checked out, so 2 file(s) in it (first: content/a.md) get no lastmod from git or from their mtime; run `git submodule update --init` before the scan\n"
    );
}
