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
/// `sitemap-content`, written by `git fast-import` as three commits dated
/// in 2022 and 2023: everything, then the home page's and a section's
/// files again (so the last commit is not the first). Returns its path.
fn old_history(dir: &Path, case: &str) -> PathBuf {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content/tests/fixtures")
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
