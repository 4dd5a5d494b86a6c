//! List pages dated by what their generator lists on them, checked
//! against the real generators: `tests/data/membership/<case>/`
//! `expected.txt` is the tool's own sitemap (every `<loc>` and its
//! `<lastmod>`, version and command in the header); `lists.txt` names,
//! for each list page where we give another date than the tool (Hugo
//! dates a list with an `_index` by that file alone; Zola dates no list),
//! the page whose lastmod it takes and why. Every other URL must have the
//! tool's lastmod, as an instant. A Hugo case is a `git fast-export`
//! stream, made into a repository here: CI needs git, not hugo or zola.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use jiff::Timestamp;

/// `loc` -> lastmod (`None` for `-`) of a file of `loc<TAB>lastmod…` lines
/// under `#` comments; the rest of a line is the tool's or our reason.
fn table(path: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut fields = l.split('\t');
            let loc = fields.next().unwrap().to_owned();
            let value = fields
                .next()
                .unwrap_or_else(|| panic!("{}: no second field in `{l}`", path.display()));
            (loc, value.to_owned())
        })
        .collect()
}

/// A lastmod as an instant (a bare date is midnight UTC, as Zola's
/// sitemap means it), so `+00:00` and `Z` compare equal.
fn instant(value: &str) -> Option<Timestamp> {
    if value == "-" {
        return None;
    }
    if let Ok(t) = value.parse::<Timestamp>() {
        return Some(t);
    }
    let date: jiff::civil::Date = value
        .parse()
        .unwrap_or_else(|e| panic!("`{value}` is no lastmod: {e}"));
    Some(date.to_zoned(jiff::tz::TimeZone::UTC).unwrap().timestamp())
}

/// Our `loc` -> lastmod, from `sitemap scan --dry-run`.
fn ours(site: &Path, lastmod: &str) -> BTreeMap<String, Option<Timestamp>> {
    let out = git_env(Command::new(env!("CARGO_BIN_EXE_sitemap")))
        .arg("scan")
        .arg(site)
        .args([
            "--dry-run",
            "--quiet",
            "--base-url",
            "https://diff.example.org/",
        ])
        .args(["--lastmod", lastmod])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let mut fields = line.split('\t');
            let loc = fields.next().unwrap().to_owned();
            let lastmod = fields
                .find_map(|f| f.strip_prefix("lastmod="))
                .and_then(instant);
            (loc, lastmod)
        })
        .collect()
}

/// Compares our lastmods with the tool's in `case`, `lists.txt` first.
fn assert_matches_tool(case: &Path, ours: &BTreeMap<String, Option<Timestamp>>) {
    let expected = table(&case.join("expected.txt"));
    let lists = table(&case.join("lists.txt"));
    let locs: Vec<&String> = ours.keys().collect();
    assert_eq!(
        locs,
        expected.keys().collect::<Vec<_>>(),
        "{}: not the tool's URLs",
        case.display()
    );
    for (list, member) in &lists {
        assert!(
            expected.contains_key(list),
            "lists.txt: {list} is not in the sitemap"
        );
        let Some(value) = expected.get(member) else {
            panic!("lists.txt: {member} (for {list}) is not in the sitemap");
        };
        assert!(
            value != "-",
            "lists.txt: the tool gives {member} no lastmod"
        );
    }
    let mut wrong = Vec::new();
    for (loc, value) in &expected {
        let want = match lists.get(loc) {
            Some(member) => instant(&expected[member]),
            None => instant(value),
        };
        if ours[loc] != want {
            wrong.push(format!("{loc}: ours {:?}, expected {want:?}", ours[loc]));
        }
    }
    assert!(
        wrong.is_empty(),
        "{}:\n{}",
        case.display(),
        wrong.join("\n")
    );
}

/// A command that sees neither the user's nor the system's git config.
fn git_env(mut cmd: Command) -> Command {
    cmd.env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "Author")
        .env("GIT_AUTHOR_EMAIL", "author@example.org")
        .env("GIT_COMMITTER_NAME", "Committer")
        .env("GIT_COMMITTER_EMAIL", "committer@example.org")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE");
    cmd
}

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/membership")
        .join(name)
}

/// With Hugo `permalinks` no post is under `/posts/`; rolled up by URL
/// prefix, `/posts/` missed its own newest post and terms got no lastmod.
/// Every list page now has Hugo's `--enableGitInfo` date, or the one
/// lists.txt explains.
#[test]
fn hugo_permalinks_section_takes_its_newest_post_as_hugo_does() {
    let case = case("hugo-permalinks");
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("site");
    std::fs::create_dir(&repo).unwrap();
    let git = |args: &[&str]| {
        let out = git_env(Command::new("git"))
            .current_dir(&repo)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    git(&["init", "-q", "-b", "main", "."]);
    let mut child = git_env(Command::new("git"))
        .current_dir(&repo)
        .args(["fast-import", "--quiet"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let stream = std::fs::read(case.join("history.fi")).unwrap();
    child.stdin.take().unwrap().write_all(&stream).unwrap();
    assert!(child.wait().unwrap().success());
    git(&["checkout", "-q", "-f", "main"]);
    // Hugo's `lastmod` order starts with `:git`.
    let ours = ours(&repo, "git");
    // The history is what hugo read: our pages' dates are git's.
    let first = git(&["log", "-1", "--format=%cI", "--", "content/posts/first.md"]);
    assert_eq!(
        ours["https://diff.example.org/2019/03/first/"],
        instant(first.trim())
    );
    assert_matches_tool(&case, &ours);
}

/// Zola dates no list page; ours take the newest of what Zola lists on
/// them: a section's pages wherever their `path` puts them, a transparent
/// subsection's, not another subsection's; a term's pages; a pager its
/// list's.
#[test]
fn zola_sections_take_the_pages_zola_lists_on_them() {
    let case = case("zola-sections");
    let ours = ours(&case.join("site"), "front-matter,date");
    assert_matches_tool(&case, &ours);
}
