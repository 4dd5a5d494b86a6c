//! `sitemap scan` in shallow clones and outside git: a `lastmod` is never
//! the checkout's (that is, the build's) time, and the shallow-clone
//! warning names the fix for the CI host it runs on.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use sitemap_core::Lastmod;

use crate::text;

/// The variables the warning reads to tell CI hosts apart: removed from
/// every child so the machine running the tests cannot change a message.
const CI_VARIABLES: [&str; 5] = [
    "GITHUB_ACTIONS",
    "GITLAB_CI",
    "NETLIFY",
    "VERCEL",
    "CF_PAGES",
];

/// A `git` command that sees neither the user's nor the system's config.
fn git(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .args(["-c", "init.defaultBranch=main"]);
    cmd
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(dir).unwrap().to_owned());
            }
        }
    }
    out.sort();
    out
}

/// A repository at `dir/origin` holding the fixture site `case` of
/// `sitemap-zola` or `sitemap-hugo` (by its name), written by `git fast-import` as three commits dated
/// in 2022 and 2023: everything, then the home page's and a section's
/// files again (so the last commit is not the first). Returns its path.
fn old_history(dir: &Path, case: &str) -> PathBuf {
    let generator = case.split('-').next().unwrap_or_default();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../adapters/{generator}/tests/fixtures"))
        .join(case);
    let origin = dir.join("origin");
    fs::create_dir(&origin).unwrap();
    run(git(&origin).args(["init", "-q", "."]));
    let files = files_under(&fixture);
    let mut stream = Vec::new();
    let commit = |stream: &mut Vec<u8>, mark: u32, time: u64, files: &[&PathBuf], suffix: &str| {
        writeln!(stream, "commit refs/heads/main\nmark :{mark}").unwrap();
        writeln!(
            stream,
            "committer C <c@example.org> {time} +0000\ndata 4\nedit"
        )
        .unwrap();
        if mark > 1 {
            writeln!(stream, "from :{}", mark - 1).unwrap();
        }
        for f in files {
            let mut content = fs::read(fixture.join(f)).unwrap();
            content.extend_from_slice(suffix.as_bytes());
            writeln!(
                stream,
                "M 100644 inline {}\ndata {}",
                f.display(),
                content.len()
            )
            .unwrap();
            stream.extend_from_slice(&content);
            stream.push(b'\n');
        }
    };
    let all: Vec<&PathBuf> = files.iter().collect();
    // 2022-01-01, 2022-06-01, 2023-01-01 (UTC).
    commit(&mut stream, 1, 1_640_995_200, &all, "");
    let index: Vec<&PathBuf> = files
        .iter()
        .filter(|f| f.file_name().is_some_and(|n| n == "_index.md"))
        .collect();
    commit(&mut stream, 2, 1_654_041_600, &index, "\n");
    commit(&mut stream, 3, 1_672_531_200, &index[..1], "\n\n");
    writeln!(stream, "done").unwrap();
    let mut child = git(&origin)
        .args(["fast-import", "--quiet", "--done"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&stream).unwrap();
    assert!(child.wait().unwrap().success());
    origin
}

/// `git clone --depth 1 file://ORIGIN` into `dir/clone`.
fn depth_one_clone(dir: &Path, origin: &Path) -> PathBuf {
    let url = format!("file://{}", origin.display());
    run(git(dir).args(["clone", "-q", "--depth", "1", &url, "clone"]));
    dir.join("clone")
}

/// `sitemap ARGS` in `dir` with no CI variables but `env`.
fn sitemap_on_ci(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sitemap"));
    cmd.args(args).current_dir(dir).env("NO_COLOR", "1");
    for v in CI_VARIABLES {
        cmd.env_remove(v);
    }
    cmd.envs(env.iter().copied()).output().unwrap()
}

/// Every `<lastmod>` of the sitemap files under `dir/public`.
fn lastmods(public: &Path) -> Vec<(String, Lastmod)> {
    let mut out = Vec::new();
    for f in files_under(public) {
        if f.extension().is_none_or(|e| e != "xml") {
            continue;
        }
        let xml = fs::read_to_string(public.join(&f)).unwrap();
        let mut loc = String::new();
        for part in xml.split('<') {
            if let Some(l) = part.strip_prefix("loc>") {
                loc = l.to_owned();
            } else if let Some(l) = part.strip_prefix("lastmod>") {
                out.push((loc.clone(), Lastmod::parse(l).unwrap()));
            }
        }
    }
    out
}

/// The done-when of issue #16 item 1: in a depth-1 clone whose home and
/// section pages have no front matter dates, the default settings used
/// to give them (and every undated page) the checkout's mtime, the time
/// of the build.
fn depth_one_clone_gives_no_build_time(case: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let origin = old_history(tmp.path(), case);
    let clone = depth_one_clone(tmp.path(), &origin);
    let out = sitemap_on_ci(&clone, &["scan"], &[]);
    let stderr = text(&out.stderr, &clone);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let recent = jiff::Timestamp::now()
        .checked_sub(jiff::SignedDuration::from_hours(24))
        .unwrap();
    let entries = lastmods(&clone.join("public"));
    assert!(!entries.is_empty(), "{case}: no lastmod at all");
    let fresh: Vec<String> = entries
        .iter()
        .filter(|(_, l)| l.start() >= recent)
        .map(|(loc, l)| format!("{loc} {l}"))
        .collect();
    assert_eq!(
        fresh,
        Vec::<String>::new(),
        "{case}: lastmod within the last day"
    );
    assert!(
        stderr.contains("shallow git clone: the history of"),
        "{case}: {stderr}"
    );
}

#[test]
fn depth_one_clone_of_a_zola_site_gives_no_build_time() {
    depth_one_clone_gives_no_build_time("zola-rules");
}

#[test]
fn depth_one_clone_of_a_hugo_site_gives_no_build_time() {
    depth_one_clone_gives_no_build_time("hugo-rules");
}

/// The shallow-clone warning line of `stderr`.
fn shallow_warning(stderr: &str) -> &str {
    stderr
        .lines()
        .find(|l| l.contains("shallow git clone"))
        .unwrap_or_else(|| panic!("no shallow-clone warning in:\n{stderr}"))
}

/// The warning names the fix of the CI host the environment tells (each
/// host's variable set in the child, every other one removed), and the
/// cheap unshallow everywhere.
#[test]
fn shallow_warning_names_the_fix_for_each_ci_host() {
    let tmp = tempfile::tempdir().unwrap();
    let origin = old_history(tmp.path(), "zola-rules");
    let clone = depth_one_clone(tmp.path(), &origin);
    let prefix = "warning: shallow git clone: the history of 26 file(s) (first: content/_index.fr.md) is cut off, so their last commit date is unknown and they get no lastmod unless their front matter has a date; to fetch the full history, ";
    let cases: [(&[(&str, &str)], &str); 6] = [
        (
            &[],
            "run `git fetch --unshallow --filter=blob:none` before the build (in GitHub Actions: `fetch-depth: 0` in actions/checkout)",
        ),
        (
            &[("GITHUB_ACTIONS", "true")],
            "on GitHub Actions, set `fetch-depth: 0` under `with:` of the actions/checkout step (or run `git fetch --unshallow --filter=blob:none` before the build)",
        ),
        (
            &[("GITLAB_CI", "true")],
            "on GitLab CI, set `GIT_DEPTH: 0` under `variables:` in .gitlab-ci.yml (or Git shallow clone = 0 in Settings > CI/CD > General pipelines), or run `git fetch --unshallow --filter=blob:none` before the build",
        ),
        (
            &[("NETLIFY", "true")],
            "on Netlify, start the build command with `git fetch --unshallow --filter=blob:none && `",
        ),
        (
            &[("VERCEL", "1")],
            "on Vercel (shallow clones, no setting for the depth, no remote), start the build command with `git fetch --unshallow --filter=blob:none https://github.com/$VERCEL_GIT_REPO_OWNER/$VERCEL_GIT_REPO_SLUG.git && ` (a private repository needs a token in that URL), or build where the full history is and deploy with `vercel deploy --prebuilt`",
        ),
        (
            &[("CF_PAGES", "1")],
            "on Cloudflare Pages (shallow clones, no setting for the depth), start the build command with `git fetch --unshallow --filter=blob:none && `",
        ),
    ];
    for (env, fix) in cases {
        let out = sitemap_on_ci(&clone, &["scan", "--dry-run"], env);
        let stderr = text(&out.stderr, &clone);
        assert_eq!(out.status.code(), Some(0), "{env:?}: {stderr}");
        assert_eq!(
            shallow_warning(&stderr),
            format!("{prefix}{fix}"),
            "{env:?}"
        );
    }
    // `shallow = "fail"` names the same fix in its error.
    let out = sitemap_on_ci(
        &clone,
        &["scan", "--git-shallow", "fail"],
        &[("CF_PAGES", "1")],
    );
    let stderr = text(&out.stderr, &clone);
    assert!(
        stderr.contains("so their last commit date is unknown; to fetch the full history, on Cloudflare Pages (shallow clones, no setting for the depth), start the build command with `git fetch --unshallow --filter=blob:none && `; or set git shallow = \"warn\" or \"omit\""),
        "{stderr}"
    );
}

/// `git log -1 --format=FORMAT -- FILE` in `dir`, `+00:00` written `Z`.
fn git_log_date(dir: &Path, format: &str, file: &str) -> String {
    let out = run(git(dir).args(["log", "-1", &format!("--format={format}"), "--", file]));
    let out = out.trim();
    out.strip_suffix("+00:00")
        .map_or(out.to_owned(), |t| format!("{t}Z"))
}

/// A Zola site in a full git history whose commits were authored long
/// before they were committed (a rebase), and whose last commit
/// reformats two pages: `(dir, reformatting commit id)`.
fn rebased_site(dir: &Path) -> (PathBuf, String) {
    let site = dir.join("site");
    fs::create_dir(&site).unwrap();
    run(git(&site).args(["init", "-q", "."]));
    let commit = |files: &[(&str, &str)], author: &str, committer: &str| {
        for (path, text) in files {
            let path = site.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        run(git(&site).args(["add", "-A"]));
        run(git(&site)
            .args(["commit", "-q", "-m", "edit"])
            .env("GIT_AUTHOR_NAME", "A")
            .env("GIT_AUTHOR_EMAIL", "a@example.org")
            .env("GIT_COMMITTER_NAME", "C")
            .env("GIT_COMMITTER_EMAIL", "c@example.org")
            .env("GIT_AUTHOR_DATE", author)
            .env("GIT_COMMITTER_DATE", committer));
        run(git(&site).args(["rev-parse", "HEAD"]))
            .trim()
            .to_owned()
    };
    commit(
        &[
            ("zola.toml", "base_url = \"https://example.org\"\n"),
            ("content/_index.md", "+++\n+++\nHome\n"),
            ("content/a.md", "+++\n+++\nA\n"),
            ("content/b.md", "+++\n+++\nB\n"),
        ],
        "2021-03-01T10:00:00+01:00",
        "2022-01-01T00:00:00Z",
    );
    commit(
        &[("content/b.md", "+++\n+++\nB, edited\n")],
        "2021-04-01T10:00:00-05:00",
        "2022-02-01T00:00:00Z",
    );
    let reformat = commit(
        &[
            ("content/a.md", "+++\n+++\n\nA\n"),
            ("content/b.md", "+++\n+++\n\nB, edited\n"),
        ],
        "2023-04-01T08:00:00+03:00",
        "2023-05-01T00:00:00Z",
    );
    (site, reformat)
}

/// `loc lastmod` for every URL of `public/sitemap.xml`.
fn loc_lastmods(site: &Path) -> Vec<String> {
    lastmods(&site.join("public"))
        .into_iter()
        .map(|(loc, l)| format!("{loc} {l}"))
        .collect()
}

/// The sitemap lines of the home page, `a` and `b` when their source
/// files' dates are `dates`: the home page takes the newest of its own
/// and its pages' (Zola's section roll-up).
fn home_a_b(dates: &[String; 3]) -> Vec<String> {
    let newest = dates
        .iter()
        .max_by_key(|d| Lastmod::parse(d).unwrap())
        .unwrap();
    vec![
        format!("https://example.org/ {newest}"),
        format!("https://example.org/a/ {}", dates[1]),
        format!("https://example.org/b/ {}", dates[2]),
    ]
}

/// `--git-date author` end to end: every URL's lastmod is its source's
/// `git log -1 --format=%aI`; by default `%cI`.
#[test]
fn git_date_author_is_git_logs_author_date() {
    let tmp = tempfile::tempdir().unwrap();
    let (site, _) = rebased_site(tmp.path());
    let files = ["content/_index.md", "content/a.md", "content/b.md"];
    for (flags, format) in [(&["--git-date", "author"][..], "%aI"), (&[][..], "%cI")] {
        let mut args = vec!["scan", "-q", "--git-ignore-revs", ""];
        args.extend(flags);
        let out = sitemap_on_ci(&site, &args, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, &site));
        let dates = files.map(|f| git_log_date(&site, format, f));
        assert_eq!(loc_lastmods(&site), home_a_b(&dates), "{format}");
    }
    // Not a tautology: the two dates differ on every page.
    for f in files {
        assert_ne!(
            git_log_date(&site, "%aI", f),
            git_log_date(&site, "%cI", f),
            "{f}"
        );
    }
}

/// `.git-blame-ignore-revs` at the repository root is read by default;
/// `--ignore-revs-file` names another; the reformatting commit it lists
/// no longer dates the pages it touched (git log without that commit).
#[test]
fn ignore_revs_file_skips_the_reformatting_commit() {
    let tmp = tempfile::tempdir().unwrap();
    let (site, reformat) = rebased_site(tmp.path());
    let without = |file: &str| {
        let log = run(git(&site).args(["log", "--format=%H %cI", "--", file]));
        let date = log
            .lines()
            .filter_map(|l| l.split_once(' '))
            .find(|(id, _)| *id != reformat)
            .unwrap()
            .1
            .to_owned();
        date.strip_suffix("+00:00")
            .map_or(date.clone(), |t| format!("{t}Z"))
    };
    let expected = home_a_b(&["content/_index.md", "content/a.md", "content/b.md"].map(without));
    fs::write(
        site.join(".git-blame-ignore-revs"),
        format!("# fmt\n{reformat}\n"),
    )
    .unwrap();
    let out = sitemap_on_ci(&site, &["scan", "-q"], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, &site));
    assert_eq!(loc_lastmods(&site), expected);
    fs::rename(site.join(".git-blame-ignore-revs"), tmp.path().join("revs")).unwrap();
    let revs = tmp.path().join("revs");
    let out = sitemap_on_ci(
        &site,
        &["scan", "-q", "--ignore-revs-file", revs.to_str().unwrap()],
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, &site));
    assert_eq!(loc_lastmods(&site), expected);
    // Without the list the reformatting dates a and b.
    let out = sitemap_on_ci(&site, &["scan", "-q"], &[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        loc_lastmods(&site)[1..],
        [
            "https://example.org/a/ 2023-05-01T00:00:00Z",
            "https://example.org/b/ 2023-05-01T00:00:00Z"
        ]
    );
}

/// An abbreviated id in the list stops the run with the file and line.
#[test]
fn abbreviated_id_in_ignore_revs_is_an_error_naming_the_line() {
    let tmp = tempfile::tempdir().unwrap();
    let (site, reformat) = rebased_site(tmp.path());
    fs::write(
        site.join(".git-blame-ignore-revs"),
        format!("# fmt\n\n{}\n", &reformat[..8]),
    )
    .unwrap();
    let out = sitemap_on_ci(&site, &["scan", "-q"], &[]);
    assert_eq!(out.status.code(), Some(1));
    let short = &reformat[..8];
    assert_eq!(
        text(&out.stderr, &site).lines().next().unwrap(),
        format!(
            "<site>/.git-blame-ignore-revs:3: error: `{short}` is not a full commit id (40 or 64 hex digits); write the whole id (`git rev-parse {short}` prints it), as `git blame --ignore-revs-file` needs it too"
        )
    );
}

/// Outside any git work tree the default precedence used to give every
/// undated page its mtime (a CI checkout's time). Now `mtime` counts only
/// when `lastmod` is set, by a flag or in `sitemap.toml`, and names it.
#[test]
fn outside_git_mtime_counts_only_when_lastmod_names_it() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    for (path, text) in [
        ("zola.toml", "base_url = \"https://example.org\"\n"),
        ("content/_index.md", "+++\n+++\nHome\n"),
        ("content/a.md", "+++\ndate = 2024-01-01\n+++\nA\n"),
    ] {
        let path = site.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    crate::pin_mtimes(&site);
    let scan = |args: &[&str]| {
        let mut all = vec!["scan"];
        all.extend(args);
        let out = sitemap_on_ci(&site, &all, &[]);
        let stderr = text(&out.stderr, &site);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        (loc_lastmods(&site), stderr)
    };
    let (default, stderr) = scan(&[]);
    // The home page: its newest page's date, not its own file's mtime.
    assert_eq!(
        default,
        [
            "https://example.org/ 2024-01-01",
            "https://example.org/a/ 2024-01-01"
        ]
    );
    assert_eq!(
        stderr
            .lines()
            .find(|l| l.contains("not inside a git work tree")),
        Some(
            ".: warning: not inside a git work tree (or git is not installed); lastmod from git is skipped, and so is the files' mtime unless `lastmod` names `mtime`"
        )
    );
    let named = [
        "https://example.org/ 2024-03-04T05:06:07Z",
        "https://example.org/a/ 2024-01-01",
    ];
    assert_eq!(scan(&["--lastmod", "front-matter,date,mtime"]).0, named);
    fs::write(
        site.join("sitemap.toml"),
        "lastmod = [\"front-matter\", \"git\", \"date\", \"mtime\"]\n",
    )
    .unwrap();
    let (from_file, stderr) = scan(&[]);
    assert_eq!(from_file, named);
    // Named, so no hint about mtime.
    assert!(stderr.contains("lastmod from git is skipped\n"), "{stderr}");
}

/// A repository git refuses for its owner (`safe.directory`: CI
/// containers, checkouts mounted into Docker) was reported as "not inside
/// a git work tree (or git is not installed)", which sent users looking
/// for the wrong fault; the warning now passes on git's reason and fix.
#[test]
fn safe_directory_refusal_names_gits_reason_and_fix() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    for (path, text) in [
        ("zola.toml", "base_url = \"https://example.org\"\n"),
        ("content/_index.md", "+++\n+++\nHome\n"),
        ("content/a.md", "+++\n+++\nA\n"),
    ] {
        let path = site.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    run(git(&site).arg("init").arg("-q"));
    run(git(&site).args(["add", "."]));
    run(git(&site).args([
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.org",
        "commit",
        "-q",
        "-m",
        "a",
    ]));
    // What git does for a work tree owned by another uid (`chown -R
    // nobody`, checked by hand as root with git 2.47.3), without root.
    let out = sitemap_on_ci(
        &site,
        &["scan"],
        &[
            ("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1"),
            ("GIT_CONFIG_NOSYSTEM", "1"),
            ("GIT_CONFIG_GLOBAL", "/dev/null"),
        ],
    );
    let stderr = text(&out.stderr, &site);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.contains("warning: "))
            .collect::<Vec<_>>(),
        [
            ".: warning: git refuses the repository: detected dubious ownership in repository at '<site>'; lastmod from git is skipped, and so is the files' mtime unless `lastmod` names `mtime`; if you trust the repository, run `git config --global --add safe.directory <site>`",
            "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan",
        ]
    );
    // No git date, and no checkout time in its place.
    assert_eq!(
        fs::read_to_string(site.join("public/sitemap.xml")).unwrap(),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n\
\x20 <url>\n\
\x20   <loc>https://example.org/</loc>\n\
\x20 </url>\n\
\x20 <url>\n\
\x20   <loc>https://example.org/a/</loc>\n\
\x20 </url>\n\
</urlset>\n"
    );
}
