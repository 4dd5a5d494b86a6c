//! Git lastmod against real repositories, each answer compared with what
//! `git log -1 --format=%cI -- FILE` says in the same repository.

use std::path::{Path, PathBuf};

use sitemap_git::{GitDate, GitHistory, GitLastmod, GitOptions, Uncommitted};

use crate::support::Repo;

/// Our answer and git's for every file, as `file: answer` lines, so a
/// mismatch shows the whole table.
fn ours_and_git(dir: &Path, files: &[String], options: &GitOptions) -> (Vec<String>, Vec<String>) {
    let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let history = GitHistory::read(dir, &paths, options)
        .unwrap()
        .expect("a git work tree");
    let format = match options.date {
        GitDate::Author => "%aI",
        _ => "%cI",
    };
    let ours = files
        .iter()
        .map(|f| match history.get(Path::new(f)).unwrap() {
            GitLastmod::Committed(l) => format!("{f}: {l}"),
            other => format!("{f}: {other:?}"),
        })
        .collect();
    let theirs = files
        .iter()
        .map(|f| {
            format!(
                "{f}: {}",
                Repo::reference(dir, format, f).unwrap_or_else(|| "NoCommit".into())
            )
        })
        .collect();
    (ours, theirs)
}

fn assert_same_as_git(repo: &Repo) -> Vec<String> {
    let files = repo.tracked("");
    let (ours, theirs) = ours_and_git(&repo.dir, &files, &GitOptions::default());
    assert_eq!(ours, theirs);
    ours
}

#[test]
fn linear_history_keeps_each_commits_offset() {
    let repo = Repo::new();
    repo.write("a.md", "a1");
    repo.write("b.md", "b1");
    repo.write("docs/c.md", "c1");
    repo.commit("one", "2024-01-01T10:00:00+02:00");
    repo.write("b.md", "b2");
    repo.commit("two", "2024-02-01T08:30:00-05:00");
    repo.write("docs/c.md", "c2");
    repo.commit("three", "2024-03-01T00:00:00Z");
    repo.write("b.md", "b3");
    repo.commit("four", "2024-04-01T23:59:59+05:30");
    let answers = assert_same_as_git(&repo);
    assert_eq!(
        answers,
        [
            "a.md: 2024-01-01T10:00:00+02:00",
            "b.md: 2024-04-01T23:59:59+05:30",
            "docs/c.md: 2024-03-01T00:00:00Z"
        ]
    );
}

#[test]
fn author_date_on_request() {
    let repo = Repo::new();
    repo.write("a.md", "a1");
    repo.write("b.md", "b1");
    repo.commit_dated("one", "2023-06-01T12:00:00+01:00", "2024-01-01T10:00:00Z");
    repo.write("b.md", "b2");
    // A rebased commit: written long before it was committed.
    repo.commit_dated("two", "2023-07-01T09:00:00-07:00", "2024-02-01T10:00:00Z");
    let files = repo.tracked("");
    let mut options = GitOptions::default();
    options.date = GitDate::Author;
    let (ours, theirs) = ours_and_git(&repo.dir, &files, &options);
    assert_eq!(ours, theirs);
    assert_eq!(
        ours,
        [
            "a.md: 2023-06-01T12:00:00+01:00",
            "b.md: 2023-07-01T09:00:00-07:00"
        ]
    );
    let (committer, _) = ours_and_git(&repo.dir, &files, &GitOptions::default());
    assert_eq!(
        committer,
        ["a.md: 2024-01-01T10:00:00Z", "b.md: 2024-02-01T10:00:00Z"]
    );
}

/// Merges of every shape git simplifies: a side branch that changed a
/// file, a `--no-ff` merge whose tree is its second parent's, `-s ours`
/// (tree is the first parent's, and the side branch's later commit must
/// not win), a conflict resolved to new content (the merge itself is the
/// answer), a conflict resolved to the side's content (follow the second
/// parent), an octopus merge, a commit dated before its parent, a
/// cherry-picked fix, and a merge whose walk reaches a commit git's date
/// order has already shown.
#[test]
fn merges_follow_git_history_simplification() {
    let repo = Repo::new();
    for f in ["a", "b", "c", "d", "e", "x", "y", "z"] {
        repo.write(&format!("{f}.md"), &format!("{f}0\n"));
    }
    repo.commit("root", "2024-01-01T00:00:00Z");

    // Both sides change different files; a real merge.
    repo.git(&["checkout", "-q", "-b", "f1"]);
    repo.write("b.md", "b1\n");
    repo.commit("f1: b", "2024-01-02T00:00:00+01:00");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("c.md", "c1\n");
    repo.commit("main: c", "2024-01-03T00:00:00Z");
    repo.git_at(
        "2024-01-04T00:00:00Z",
        &["merge", "-q", "--no-ff", "-m", "merge f1", "f1"],
    );

    // main did not move: the merge's tree is f2's.
    repo.git(&["checkout", "-q", "-b", "f2"]);
    repo.write("d.md", "d1\n");
    repo.commit("f2: d", "2024-01-05T00:00:00-03:00");
    repo.git(&["checkout", "-q", "main"]);
    repo.git_at(
        "2024-01-06T00:00:00Z",
        &["merge", "-q", "--no-ff", "-m", "merge f2", "f2"],
    );

    // `-s ours`: f3's change to e (dated later) is not in main.
    repo.git(&["checkout", "-q", "-b", "f3"]);
    repo.write("e.md", "e-f3\n");
    repo.commit("f3: e", "2024-01-09T00:00:00Z");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("e.md", "e-main\n");
    repo.commit("main: e", "2024-01-07T00:00:00Z");
    repo.git_at(
        "2024-01-10T00:00:00Z",
        &["merge", "-q", "-s", "ours", "-m", "merge f3 (ours)", "f3"],
    );

    // A conflict resolved to new content: the merge changed a.
    repo.git(&["checkout", "-q", "-b", "f4"]);
    repo.write("a.md", "a-f4\n");
    repo.commit("f4: a", "2024-01-11T00:00:00Z");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("a.md", "a-main\n");
    repo.commit("main: a", "2024-01-12T00:00:00Z");
    let conflict = crate::support::git_command(&repo.dir)
        .args(["merge", "-q", "f4"])
        .output()
        .unwrap();
    assert!(!conflict.status.success(), "a conflict was expected");
    repo.write("a.md", "a-resolved\n");
    repo.commit("merge f4 (resolved)", "2024-01-13T00:00:00+09:00");

    // A conflict resolved to the side's content: follow the second parent.
    repo.git(&["checkout", "-q", "-b", "f5"]);
    repo.write("b.md", "b-f5\n");
    repo.commit("f5: b", "2024-01-14T00:00:00Z");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("b.md", "b-main\n");
    repo.commit("main: b", "2024-01-15T00:00:00Z");
    repo.git_at(
        "2024-01-16T00:00:00Z",
        &[
            "merge",
            "-q",
            "-X",
            "theirs",
            "-m",
            "merge f5 (theirs)",
            "f5",
        ],
    );

    // An octopus merge, one branch with a commit dated before its parent.
    repo.git(&["checkout", "-q", "-b", "g1"]);
    repo.write("x.md", "x1\n");
    repo.commit("g1: x", "2023-12-01T00:00:00Z");
    repo.git(&["checkout", "-q", "main"]);
    repo.git(&["checkout", "-q", "-b", "g2"]);
    repo.write("y.md", "y1\n");
    repo.commit("g2: y", "2024-01-17T00:00:00Z");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("c.md", "c2\n");
    repo.commit("main: c again", "2024-01-18T00:00:00Z");
    repo.git_at(
        "2024-01-19T00:00:00Z",
        &["merge", "-q", "--no-ff", "-m", "octopus", "g1", "g2"],
    );

    // The same fix on both sides (a cherry-pick, dated later on main):
    // the merge is TREESAME to both parents and git follows the first.
    repo.git(&["checkout", "-q", "-b", "h1"]);
    repo.write("z.md", "fixed\n");
    repo.commit("h1: fix z", "2024-01-20T00:00:00Z");
    repo.write("y.md", "y2\n");
    repo.commit("h1: y", "2024-01-21T00:00:00Z");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("z.md", "fixed\n");
    repo.commit("main: cherry-picked fix z", "2024-01-22T00:00:00Z");
    repo.git_at(
        "2024-01-23T00:00:00Z",
        &["merge", "-q", "--no-ff", "-m", "merge h1", "h1"],
    );

    // A side commit dated before its fork point, and a merge that takes
    // the side's (the fork point's) version of w: in date order the fork
    // point is read before the side commit that leads to it.
    repo.write("w.md", "w-fork\n");
    repo.commit("fork point: w", "2024-01-24T00:00:00Z");
    repo.git(&["checkout", "-q", "-b", "skew"]);
    repo.write("v.md", "v-skew\n");
    repo.commit("skew: v, dated long before", "2023-06-01T00:00:00Z");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("w.md", "w-main\n");
    repo.commit("main: w", "2024-01-25T00:00:00Z");
    let merged = crate::support::git_command(&repo.dir)
        .args(["merge", "-q", "--no-commit", "skew"])
        .output()
        .unwrap();
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    repo.write("w.md", "w-fork\n");
    repo.commit("merge skew, w back to the fork's", "2024-01-26T00:00:00Z");

    let answers = assert_same_as_git(&repo);
    assert_eq!(
        answers,
        [
            "a.md: 2024-01-13T00:00:00+09:00",
            "b.md: 2024-01-14T00:00:00Z",
            "c.md: 2024-01-18T00:00:00Z",
            "d.md: 2024-01-05T00:00:00-03:00",
            "e.md: 2024-01-07T00:00:00Z",
            "v.md: 2023-06-01T00:00:00Z",
            "w.md: 2024-01-24T00:00:00Z",
            "x.md: 2023-12-01T00:00:00Z",
            "y.md: 2024-01-21T00:00:00Z",
            "z.md: 2024-01-22T00:00:00Z",
        ]
    );
}

#[test]
fn renames_are_not_followed() {
    let repo = Repo::new();
    repo.write("old.md", "same content\n");
    repo.write("dir/moved.md", "moved\n");
    repo.write("edited.md", "before\n");
    repo.commit("one", "2024-01-01T00:00:00Z");
    repo.git(&["mv", "old.md", "new.md"]);
    repo.commit("rename", "2024-02-01T00:00:00Z");
    repo.git(&["mv", "dir", "folder"]);
    repo.commit("rename dir", "2024-03-01T00:00:00Z");
    repo.git(&["mv", "edited.md", "renamed-and-edited.md"]);
    repo.write("renamed-and-edited.md", "after\n");
    repo.commit("rename and edit", "2024-04-01T00:00:00Z");
    let answers = assert_same_as_git(&repo);
    assert_eq!(
        answers,
        [
            "folder/moved.md: 2024-03-01T00:00:00Z",
            "new.md: 2024-02-01T00:00:00Z",
            "renamed-and-edited.md: 2024-04-01T00:00:00Z"
        ]
    );
}

#[test]
fn deleted_and_re_added() {
    let repo = Repo::new();
    repo.write("page.md", "content\n");
    repo.write("other.md", "other\n");
    repo.commit("one", "2024-01-01T00:00:00Z");
    repo.remove("page.md");
    repo.commit("delete", "2024-02-01T00:00:00Z");
    repo.write("other.md", "other 2\n");
    repo.commit("unrelated", "2024-03-01T00:00:00Z");
    // The same content again: still a change against the parent.
    repo.write("page.md", "content\n");
    repo.commit("re-add", "2024-04-01T00:00:00Z");
    repo.write("other.md", "other 3\n");
    repo.commit("later", "2024-05-01T00:00:00Z");
    let answers = assert_same_as_git(&repo);
    assert_eq!(
        answers,
        [
            "other.md: 2024-05-01T00:00:00Z",
            "page.md: 2024-04-01T00:00:00Z"
        ]
    );
}

#[test]
fn uncommitted_and_untracked_files() {
    let repo = Repo::new();
    repo.write("clean.md", "clean\n");
    repo.write("edited.md", "v1\n");
    repo.write("staged.md", "v1\n");
    repo.commit("one", "2024-01-01T00:00:00Z");
    repo.write("edited.md", "v2, not committed\n");
    repo.write("staged.md", "v2, staged\n");
    repo.git(&["add", "staged.md"]);
    repo.write("new-staged.md", "new\n");
    repo.git(&["add", "new-staged.md"]);
    repo.write("untracked.md", "untracked\n");
    let files: Vec<PathBuf> = [
        "clean.md",
        "edited.md",
        "new-staged.md",
        "staged.md",
        "untracked.md",
        "missing.md",
    ]
    .map(PathBuf::from)
    .to_vec();

    let history = GitHistory::read(&repo.dir, &files, &GitOptions::default())
        .unwrap()
        .unwrap();
    let answers: Vec<String> = files
        .iter()
        .map(|f| format!("{}: {:?}", f.display(), history.get(f).unwrap()))
        .collect();
    assert_eq!(
        answers,
        [
            "clean.md: Committed(Lastmod(2024-01-01T00:00:00Z))",
            "edited.md: Uncommitted",
            "new-staged.md: Uncommitted",
            "staged.md: Uncommitted",
            "untracked.md: Untracked",
            "missing.md: NoCommit",
        ]
    );

    // `last-commit`: edits are ignored, the committed date is git's own.
    let mut options = GitOptions::default();
    options.uncommitted = Uncommitted::LastCommit;
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let (ours, theirs) = ours_and_git(&repo.dir, &names, &options);
    assert_eq!(
        ours,
        [
            "clean.md: 2024-01-01T00:00:00Z",
            "edited.md: 2024-01-01T00:00:00Z",
            "new-staged.md: NoCommit",
            "staged.md: 2024-01-01T00:00:00Z",
            "untracked.md: Untracked",
            "missing.md: NoCommit",
        ]
    );
    // git log knows nothing of the untracked file either.
    let theirs: Vec<String> = theirs
        .into_iter()
        .map(|t| t.replace("untracked.md: NoCommit", "untracked.md: Untracked"))
        .collect();
    assert_eq!(ours, theirs);
}

/// The site is a folder of the repository: paths are relative to it. Its
/// name has a space and glob characters, which git must take literally;
/// an edit outside the site is not the site's.
#[test]
fn site_root_in_a_subdirectory() {
    let repo = Repo::new();
    repo.write("site [en]/content/a.md", "a\n");
    repo.write("site [en]/content/b.md", "b\n");
    repo.write("site e/content/a.md", "not the site\n");
    repo.write("README.md", "readme\n");
    repo.commit("one", "2024-01-01T00:00:00Z");
    repo.write("site [en]/content/b.md", "b2\n");
    repo.commit("two", "2024-01-02T00:00:00Z");
    repo.write("README.md", "readme 2\n");
    repo.write("site e/content/a.md", "still not the site\n");
    repo.commit("three", "2024-01-03T00:00:00Z");
    // Uncommitted outside the site: no effect on the site's files.
    repo.write("site e/content/a.md", "edited\n");
    let site = repo.dir.join("site [en]");
    let files = repo.tracked("site [en]");
    assert_eq!(files, ["content/a.md", "content/b.md"]);
    let (ours, theirs) = ours_and_git(&site, &files, &GitOptions::default());
    assert_eq!(ours, theirs);
    assert_eq!(
        ours,
        [
            "content/a.md: 2024-01-01T00:00:00Z",
            "content/b.md: 2024-01-02T00:00:00Z"
        ]
    );

    // `git status` is asked about the site folder too.
    repo.write("site [en]/content/a.md", "a, edited\n");
    repo.write("site [en]/content/c.md", "new\n");
    let paths = [PathBuf::from("content/a.md"), PathBuf::from("content/c.md")];
    let history = GitHistory::read(&site, &paths, &GitOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(history.get(&paths[0]), Some(&GitLastmod::Uncommitted));
    assert_eq!(history.get(&paths[1]), Some(&GitLastmod::Untracked));
}

/// A site whose `content/` is a submodule with a submodule of its own:
/// the superproject's `git log` sees neither, so each is read by its own
/// pass, and every answer is git's asked in the repository that tracks
/// the file.
#[test]
fn nested_submodules_are_dated_by_their_own_history() {
    let deep = Repo::new();
    deep.write("d.md", "d\n");
    deep.commit("d", "2023-03-03T03:00:00+03:00");
    let mid = Repo::new();
    mid.write("m.md", "m\n");
    mid.commit("m", "2023-06-06T06:00:00-06:00");
    mid.add_submodule(&deep, "deep", "2023-07-07T00:00:00Z");
    let top = Repo::new();
    top.write("site/index.md", "index\n");
    top.commit("index", "2024-01-01T00:00:00Z");
    top.add_submodule(&mid, "site/content", "2024-02-02T00:00:00Z");
    top.git(&[
        "-c",
        "protocol.file.allow=always",
        "submodule",
        "update",
        "-q",
        "--init",
        "--recursive",
    ]);
    let site = top.dir.join("site");
    top.write("site/content/new.md", "untracked in the submodule\n");
    let files = [
        "content/deep/d.md",
        "content/m.md",
        "content/new.md",
        "index.md",
    ];
    let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let history = GitHistory::read(&site, &paths, &GitOptions::default())
        .unwrap()
        .unwrap();
    let ours: Vec<String> = files
        .iter()
        .map(|f| match history.get(Path::new(f)).unwrap() {
            GitLastmod::Committed(l) => format!("{f}: {l}"),
            other => format!("{f}: {other:?}"),
        })
        .collect();
    let git = |dir: &Path, file: &str| Repo::reference(dir, "%cI", file).unwrap();
    assert_eq!(
        ours,
        [
            format!(
                "content/deep/d.md: {}",
                git(&site.join("content/deep"), "d.md")
            ),
            format!("content/m.md: {}", git(&site.join("content"), "m.md")),
            "content/new.md: Untracked".to_owned(),
            format!("index.md: {}", git(&site, "index.md")),
        ]
    );
    assert_eq!(
        ours[..2],
        [
            "content/deep/d.md: 2023-03-03T03:00:00+03:00",
            "content/m.md: 2023-06-06T06:00:00-06:00"
        ]
    );
    // One pass for each repository that holds requested files.
    assert_eq!(history.log_processes(), 3);
    assert!(history.submodules_not_checked_out().is_empty());

    // The status-only read (the `mtime` source) looks inside them too: a
    // committed file there is tracked, not untracked with a true mtime.
    top.write("site/content/deep/d.md", "d, edited\n");
    let status = GitHistory::read_status(&site, &paths, &GitOptions::default())
        .unwrap()
        .unwrap();
    let answers: Vec<Option<&GitLastmod>> = paths.iter().map(|p| status.get(p)).collect();
    assert_eq!(
        answers,
        [
            Some(&GitLastmod::Uncommitted),
            Some(&GitLastmod::Tracked),
            Some(&GitLastmod::Untracked),
            Some(&GitLastmod::Tracked),
        ]
    );
}

/// A nested submodule that is not checked out is named by its path from
/// the top, with the files as they were asked for.
#[test]
fn nested_submodule_not_checked_out_is_named_from_the_top() {
    let deep = Repo::new();
    deep.write("d.md", "d\n");
    deep.commit("d", "2023-03-03T03:00:00Z");
    let mid = Repo::new();
    mid.write("m.md", "m\n");
    mid.commit("m", "2023-06-06T06:00:00Z");
    mid.add_submodule(&deep, "deep", "2023-07-07T00:00:00Z");
    let top = Repo::new();
    top.write("index.md", "index\n");
    top.commit("index", "2024-01-01T00:00:00Z");
    // Only the outer submodule is checked out.
    top.add_submodule(&mid, "content", "2024-02-02T00:00:00Z");
    top.write("content/deep/d.md", "copied by hand\n");
    let paths = [
        PathBuf::from("content/deep/d.md"),
        PathBuf::from("content/m.md"),
    ];
    for history in [
        GitHistory::read(&top.dir, &paths, &GitOptions::default()),
        GitHistory::read_status(&top.dir, &paths, &GitOptions::default()),
    ] {
        let history = history.unwrap().unwrap();
        assert_eq!(
            history.get(&paths[0]),
            Some(&GitLastmod::SubmoduleNotCheckedOut)
        );
        let missing: Vec<(PathBuf, Vec<PathBuf>)> = history
            .submodules_not_checked_out()
            .iter()
            .map(|n| (n.path.clone(), n.files.clone()))
            .collect();
        assert_eq!(
            missing,
            [(PathBuf::from("content/deep"), vec![paths[0].clone()])]
        );
    }
}

#[test]
fn not_a_repository() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.md"), "a").unwrap();
    let history =
        GitHistory::read(dir.path(), &[PathBuf::from("a.md")], &GitOptions::default()).unwrap();
    assert!(history.is_none());
}

#[test]
fn repository_without_commits() {
    let repo = Repo::new();
    repo.write("a.md", "a\n");
    let history = GitHistory::read(&repo.dir, &[PathBuf::from("a.md")], &GitOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(history.get(Path::new("a.md")), Some(&GitLastmod::Untracked));
}

/// Five commits, each changing one file; cloned with `--depth 2`, the
/// boundary is the fourth. Files changed above it match git; the rest are
/// cut off, where `git log -1` would stamp the boundary's date on them.
#[test]
fn shallow_clone_never_stamps_the_boundary_date() {
    let source = Repo::new();
    for (i, f) in ["one.md", "two.md", "three.md", "four.md", "five.md"]
        .iter()
        .enumerate()
    {
        source.write(f, &format!("{i}\n"));
        source.commit(f, &format!("2024-01-0{}T00:00:00Z", i + 1));
    }
    let clone = Repo::shallow_clone(&source, 2);
    let files = clone.tracked("");
    let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let history = GitHistory::read(&clone.dir, &paths, &GitOptions::default())
        .unwrap()
        .unwrap();
    assert!(history.is_shallow());
    let lines: Vec<String> = files
        .iter()
        .map(|f| {
            let ours = match history.get(Path::new(f)).unwrap() {
                GitLastmod::Committed(l) => l.to_string(),
                other => format!("{other:?}"),
            };
            let shallow_git = Repo::reference(&clone.dir, "%cI", f).unwrap();
            let full_git = Repo::reference(&source.dir, "%cI", f).unwrap();
            format!("{f}: ours {ours}, git in the clone {shallow_git}, git in full {full_git}")
        })
        .collect();
    assert_eq!(
        lines,
        [
            "five.md: ours 2024-01-05T00:00:00Z, git in the clone 2024-01-05T00:00:00Z, git in full 2024-01-05T00:00:00Z",
            "four.md: ours CutOff, git in the clone 2024-01-04T00:00:00Z, git in full 2024-01-04T00:00:00Z",
            "one.md: ours CutOff, git in the clone 2024-01-04T00:00:00Z, git in full 2024-01-01T00:00:00Z",
            "three.md: ours CutOff, git in the clone 2024-01-04T00:00:00Z, git in full 2024-01-03T00:00:00Z",
            "two.md: ours CutOff, git in the clone 2024-01-04T00:00:00Z, git in full 2024-01-02T00:00:00Z",
        ]
    );

    let depth_one = Repo::shallow_clone(&source, 1);
    let history = GitHistory::read(&depth_one.dir, &paths, &GitOptions::default())
        .unwrap()
        .unwrap();
    for p in &paths {
        assert_eq!(history.get(p), Some(&GitLastmod::CutOff), "{}", p.display());
    }
}

/// A small deterministic generator (no external randomness in tests).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random history with branches, merges of every strategy, deletes,
/// re-adds, renames and varied offsets, every branch merged into main at
/// the end; with `skew`, now and then a commit dated before its parent.
fn random_history(seed: u64, skew: bool) -> Repo {
    let repo = Repo::new();
    let mut rng = Lcg(seed);
    let names: Vec<String> = (0..10).map(|i| format!("p{i}.md")).collect();
    let offsets = ["Z", "+02:00", "-07:00", "+05:30"];
    let mut day = 0_u64;
    let mut date = |rng: &mut Lcg| {
        day += 1;
        let d = if skew && rng.next(6) == 0 {
            day.saturating_sub(5)
        } else {
            day
        };
        // Without skew, the hour only grows within a day's commits.
        let hour = if skew { rng.next(24) } else { 0 };
        format!(
            "2024-{:02}-{:02}T{:02}:00:00{}",
            1 + d / 28 % 12,
            1 + d % 28,
            hour,
            if skew {
                offsets[rng.next(4) as usize]
            } else {
                "Z"
            }
        )
    };
    for n in &names[..5] {
        repo.write(n, "0\n");
    }
    let first = date(&mut rng);
    repo.commit("root", &first);
    let mut branches = vec!["main".to_owned()];
    let mut current = "main".to_owned();
    for step in 0..60 {
        match rng.next(10) {
            0 => {
                let b = format!("b{step}");
                repo.git(&["checkout", "-q", "-b", &b]);
                branches.push(b.clone());
                current = b;
            }
            1 => {
                let b = branches[rng.next(branches.len() as u64) as usize].clone();
                repo.git(&["checkout", "-q", &b]);
                current = b;
            }
            2 | 3 => {
                let other = branches[rng.next(branches.len() as u64) as usize].clone();
                if other == current {
                    continue;
                }
                let strategy: &[&str] = match rng.next(4) {
                    0 => &["-s", "ours"],
                    1 => &["-X", "theirs"],
                    2 => &["-X", "ours", "--no-ff"],
                    _ => &["-X", "theirs", "--no-ff"],
                };
                let mut args = vec!["merge", "-q", "-m", "merge"];
                args.extend_from_slice(strategy);
                args.push(&other);
                let d = date(&mut rng);
                let out = crate::support::git_command(&repo.dir)
                    .args(&args)
                    .env("GIT_AUTHOR_DATE", &d)
                    .env("GIT_COMMITTER_DATE", &d)
                    .output()
                    .unwrap();
                if !out.status.success() {
                    // A modify/delete conflict `-X` cannot settle: keep
                    // the working tree's files as they are.
                    repo.commit("merge (resolved)", &d);
                }
            }
            _ => {
                for _ in 0..=rng.next(3) {
                    let name = &names[rng.next(names.len() as u64) as usize];
                    let path = repo.dir.join(name);
                    match rng.next(5) {
                        0 if path.exists() => repo.remove(name),
                        1 if path.exists() => {
                            let to = &names[rng.next(names.len() as u64) as usize];
                            if to != name && !repo.dir.join(to).exists() {
                                std::fs::rename(&path, repo.dir.join(to)).unwrap();
                            }
                        }
                        // Few distinct contents, so both sides of a merge often agree.
                        _ => repo.write(name, &format!("v{}\n", rng.next(3))),
                    }
                }
                let d = date(&mut rng);
                repo.commit(&format!("step {step}"), &d);
            }
        }
    }
    // Bring every branch into main so all of that history is walked.
    repo.git(&["checkout", "-q", "main"]);
    for b in &branches[1..] {
        let d = date(&mut rng);
        let out = crate::support::git_command(&repo.dir)
            .args([
                "merge",
                "-q",
                "--no-ff",
                "-X",
                "theirs",
                "-m",
                "final merge",
                b,
            ])
            .env("GIT_AUTHOR_DATE", &d)
            .env("GIT_COMMITTER_DATE", &d)
            .output()
            .unwrap();
        if !out.status.success() {
            repo.commit("final merge (resolved)", &d);
        }
    }
    // The walk must have met merges of several shapes to mean much.
    let merges = repo.git(&["rev-list", "--merges", "--count", "HEAD"]);
    assert!(
        merges.trim().parse::<u32>().unwrap() >= 3,
        "seed {seed}: only {merges} merges"
    );
    repo
}

/// Random histories with skewed dates; every file's answer compared with
/// git's, for several seeds.
#[test]
fn random_histories_match_git() {
    for seed in [1_u64, 7, 42, 2024] {
        let repo = random_history(seed, true);
        let files = repo.tracked("");
        let (ours, theirs) = ours_and_git(&repo.dir, &files, &GitOptions::default());
        assert_eq!(ours, theirs, "seed {seed}");
    }
}

/// Our answers when the pass is split over `processes` `git log`
/// processes, planned after `split_at` commits; and how many processes
/// gave them.
fn ours_split(
    dir: &Path,
    files: &[String],
    processes: usize,
    split_at: usize,
) -> (Vec<String>, usize) {
    let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let history =
        GitHistory::read_with_processes(dir, &paths, &GitOptions::default(), processes, split_at)
            .unwrap()
            .expect("a git work tree");
    let answers = files
        .iter()
        .map(|f| match history.get(Path::new(f)).unwrap() {
            GitLastmod::Committed(l) => format!("{f}: {l}"),
            other => format!("{f}: {other:?}"),
        })
        .collect();
    (answers, history.log_processes())
}

/// Process counts and split points to try: the split planned before the
/// first commit, after a few, with more processes than the history has
/// commits to share.
const SPLITS: [(usize, usize); 6] = [(2, 0), (2, 3), (3, 1), (4, 0), (4, 9), (64, 0)];

/// The history split over several `git log --skip --max-count`
/// processes gives exactly git's answers, merges and all, and the split
/// really happened.
#[test]
fn split_passes_match_git() {
    for seed in [3_u64, 11, 99] {
        let repo = random_history(seed, false);
        let files = repo.tracked("");
        let (_, theirs) = ours_and_git(&repo.dir, &files, &GitOptions::default());
        let commits: usize = repo
            .git(&["rev-list", "--count", "HEAD"])
            .trim()
            .parse()
            .unwrap();
        for (processes, split_at) in SPLITS {
            let (ours, used) = ours_split(&repo.dir, &files, processes, split_at);
            assert_eq!(
                ours, theirs,
                "seed {seed}, {processes} processes at {split_at}"
            );
            // The planned parts (at most one per commit left), and one
            // more when the first share was split again.
            let planned = processes.min(commits - split_at);
            assert!(
                used == planned || used == planned + 1,
                "seed {seed}, {processes} processes at {split_at}: {used} ran, {commits} commits"
            );
        }
    }
}

/// With skewed dates the split pass notices a commit shown after its
/// parent like the single one does, and the answers still match git.
#[test]
fn split_passes_with_skewed_dates_match_git() {
    for seed in [1_u64, 7] {
        let repo = random_history(seed, true);
        let files = repo.tracked("");
        let (_, theirs) = ours_and_git(&repo.dir, &files, &GitOptions::default());
        for (processes, split_at) in SPLITS {
            let (ours, _) = ours_split(&repo.dir, &files, processes, split_at);
            assert_eq!(
                ours, theirs,
                "seed {seed}, {processes} processes at {split_at}"
            );
        }
    }
}

/// The walk stops as soon as the requested files have their answers,
/// whichever part it is in; a file no commit has still says so.
#[test]
fn split_passes_stop_early_in_any_part() {
    let repo = Repo::new();
    for i in 0..40 {
        repo.write(&format!("page-{i:02}.md"), &format!("{i}\n"));
        repo.commit(
            &format!("page {i}"),
            &format!("2024-03-{:02}T{:02}:00:00+01:00", 1 + i / 2, i % 2 * 12),
        );
    }
    // Newest only (answered in the first part), one from each region of
    // the history, the oldest (the root), and one no commit has (so the
    // walk reads everything).
    for wanted in [
        &["page-39.md", "page-38.md"][..],
        &["page-30.md"],
        &["page-20.md", "page-25.md"],
        &["page-05.md"],
        &["page-00.md"],
        &["page-12.md", "missing.md"],
    ] {
        let files: Vec<String> = wanted.iter().map(|f| (*f).to_owned()).collect();
        let (_, theirs) = ours_and_git(&repo.dir, &files, &GitOptions::default());
        for (processes, split_at) in SPLITS {
            let (ours, _) = ours_split(&repo.dir, &files, processes, split_at);
            assert_eq!(
                ours, theirs,
                "{wanted:?}, {processes} processes at {split_at}"
            );
        }
    }
}

/// Every answer of a history, as `file: answer` lines.
fn answers(history: &GitHistory, files: &[String]) -> Vec<String> {
    files
        .iter()
        .map(|f| format!("{f}: {:?}", history.get(Path::new(f)).unwrap()))
        .collect()
}

/// A split pass in a shallow clone ends at the shallow boundary like the
/// single pass: cut-off files stay cut off, the others keep their dates.
#[test]
fn split_passes_in_a_shallow_clone() {
    let source = Repo::new();
    for i in 0..12 {
        source.write(&format!("page-{}.md", i % 5), &format!("{i}\n"));
        source.commit(
            &format!("edit {i}"),
            &format!("2024-02-{:02}T00:00:00Z", i + 1),
        );
    }
    let options = GitOptions::default();
    // Depth 7: every page's last edit is above the boundary (edit 5).
    // Depth 3: only edits 10 and 11 are; the boundary's own (edit 9) and
    // everything before it is unknown, so three pages are cut off.
    for (depth, cut_off) in [(7, 0), (3, 3)] {
        let clone = Repo::shallow_clone(&source, depth);
        let files = clone.tracked("");
        let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
        let single = GitHistory::read_with_processes(&clone.dir, &paths, &options, 1, 0)
            .unwrap()
            .unwrap();
        let single = answers(&single, &files);
        assert_eq!(
            single.iter().filter(|l| l.ends_with("CutOff")).count(),
            cut_off,
            "depth {depth}: {single:?}"
        );
        for (processes, split_at) in [(2, 0), (3, 1), (4, 0)] {
            let split =
                GitHistory::read_with_processes(&clone.dir, &paths, &options, processes, split_at)
                    .unwrap()
                    .unwrap();
            assert_eq!(
                answers(&split, &files),
                single,
                "depth {depth}, {processes} processes at {split_at}"
            );
            assert!(split.log_processes() >= 2, "depth {depth}: no split");
        }
    }
}

/// A history long enough for [`GitHistory::read`] itself to split it
/// (past 2,000 commits), written with `git fast-import`: 3,000 commits
/// over 150 pages, a side branch of two commits merged every 30th.
fn long_history() -> Repo {
    use std::io::Write;
    let repo = Repo::new();
    let mut stream = Vec::new();
    let mut rng = Lcg(5);
    let (mut mark, mut time, mut main_tip) = (0_usize, 1_700_000_000_u64, 0_usize);
    let mut commit = |stream: &mut Vec<u8>,
                      branch: &str,
                      from: usize,
                      merge: Option<usize>,
                      files: &[usize],
                      rng: &mut Lcg| {
        mark += 1;
        time += 60 + rng.next(600);
        writeln!(stream, "commit refs/heads/{branch}\nmark :{mark}").unwrap();
        writeln!(
            stream,
            "committer C <c@example.org> {time} +0100\ndata 4\nedit"
        )
        .unwrap();
        if from > 0 {
            writeln!(stream, "from :{from}").unwrap();
        }
        if let Some(m) = merge {
            writeln!(stream, "merge :{m}").unwrap();
        }
        for f in files {
            let content = format!("page {f} at {mark}\n");
            writeln!(
                stream,
                "M 100644 inline content/page-{f:03}.md\ndata {}\n{content}",
                content.len()
            )
            .unwrap();
        }
        mark
    };
    let all: Vec<usize> = (0..150).collect();
    main_tip = commit(&mut stream, "main", main_tip, None, &all, &mut rng);
    let mut made = 1;
    while made < 3_000 {
        if made % 30 == 0 {
            let a = rng.next(150) as usize;
            let side = commit(&mut stream, "side", main_tip, None, &[a], &mut rng);
            let side = commit(&mut stream, "side", side, None, &[(a + 1) % 150], &mut rng);
            main_tip = commit(
                &mut stream,
                "main",
                main_tip,
                Some(side),
                &[a, (a + 1) % 150],
                &mut rng,
            );
            made += 3;
        } else {
            // Mostly recent-looking pages, now and then any.
            let f = if rng.next(4) == 0 {
                rng.next(150)
            } else {
                rng.next(20)
            } as usize;
            main_tip = commit(&mut stream, "main", main_tip, None, &[f], &mut rng);
            made += 1;
        }
    }
    writeln!(stream, "done").unwrap();
    let mut child = crate::support::git_command(&repo.dir)
        .args(["fast-import", "--quiet", "--done"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&stream).unwrap();
    assert!(child.wait().unwrap().success());
    repo.git(&["checkout", "-q", "-f", "main"]);
    repo
}

/// On a long history `read` splits the pass as it sees fit (how, depends
/// on the machine's cores and load); its answers are the single pass's
/// for every file, and git's for a sample.
#[test]
fn long_history_read_matches_the_single_pass_and_git() {
    let repo = long_history();
    let files = repo.tracked("");
    assert_eq!(files.len(), 150);
    let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let options = GitOptions::default();
    let read = GitHistory::read(&repo.dir, &paths, &options)
        .unwrap()
        .unwrap();
    let single = GitHistory::read_with_processes(&repo.dir, &paths, &options, 1, 0)
        .unwrap()
        .unwrap();
    assert_eq!(single.log_processes(), 1);
    assert_eq!(answers(&read, &files), answers(&single, &files));
    let sample: Vec<String> = files.iter().step_by(10).cloned().collect();
    let (ours, theirs) = ours_and_git(&repo.dir, &sample, &options);
    assert_eq!(ours, theirs);
    // The newest pages alone: the walk stops long before the root.
    let newest: Vec<PathBuf> = paths[..20].to_vec();
    let early = GitHistory::read(&repo.dir, &newest, &options)
        .unwrap()
        .unwrap();
    for p in &newest {
        assert_eq!(early.get(p), single.get(p), "{}", p.display());
    }
}

/// Answers as [`ours_and_git`] writes them.
fn dated(history: &GitHistory, files: &[String]) -> Vec<String> {
    files
        .iter()
        .map(|f| match history.get(Path::new(f)).unwrap() {
            GitLastmod::Committed(l) => format!("{f}: {l}"),
            other => format!("{f}: {other:?}"),
        })
        .collect()
}

/// `git log --format='%H %cI' -- FILE` with the commits of `ignored`
/// removed: the newest that is left, as `file: date` (`OnlyIgnoredRevs`
/// when none is), the way [`ours_and_git`] writes answers.
fn reference_without(dir: &Path, files: &[String], ignored: &[String]) -> Vec<String> {
    files
        .iter()
        .map(|f| {
            let log = crate::support::run_git(dir, &["log", "--format=%H %cI", "--", f], None);
            let kept = log
                .lines()
                .filter_map(|l| l.split_once(' '))
                .find(|(id, _)| !ignored.iter().any(|i| i == id));
            match kept {
                Some((_, date)) => {
                    let date = date
                        .strip_suffix("+00:00")
                        .map_or(date.to_owned(), |t| format!("{t}Z"));
                    format!("{f}: {date}")
                }
                None if log.trim().is_empty() => format!("{f}: NoCommit"),
                None => format!("{f}: OnlyIgnoredRevs"),
            }
        })
        .collect()
}

/// Issue #16: a mass-reformatting commit stamped its date on every file
/// it touched. Listed in `.git-blame-ignore-revs` (read by default at the
/// top level, with its comments and blank lines), it is skipped: each
/// file gets its newest commit not listed, as `git log` says once the
/// listed commits are removed, by one process and by a split pass.
#[test]
fn ignored_revs_are_skipped_as_git_log_without_them() {
    let repo = long_history();
    // git is asked about a sample (a `git log` per file is slow on 3,000
    // commits); the pass reads all 150 at once.
    let all = repo.tracked("");
    let paths: Vec<PathBuf> = all.iter().map(PathBuf::from).collect();
    let files: Vec<String> = all.iter().step_by(6).cloned().collect();
    let sample = |history: &GitHistory| dated(history, &files);
    // The root (it added every page), and every 7th commit that is not a
    // merge: a file whose only commits are these has no date that counts.
    let commits = repo.git(&["rev-list", "--no-merges", "HEAD"]);
    let commits: Vec<&str> = commits.lines().collect();
    let mut ignored: Vec<String> = commits.iter().step_by(7).map(|c| c.to_string()).collect();
    ignored.push(commits.last().unwrap().to_string());
    // And every commit of one sampled page that no merge changed.
    let only = files
        .iter()
        .map(|f| repo.git(&["log", "--format=%H %P", "--", f]))
        .find(|log| log.lines().all(|l| l.split(' ').count() == 2))
        .expect("a page no merge changed");
    ignored.extend(only.lines().map(|l| l[..40].to_owned()));
    let mut list = String::from("# Mass reformatting\n\n");
    for id in &ignored {
        list.push_str(&format!("{id}   # reformat\n"));
    }
    repo.write(".git-blame-ignore-revs", &list);
    let theirs = reference_without(&repo.dir, &files, &ignored);
    let unlisted = reference_without(&repo.dir, &files, &[]);
    assert_ne!(
        theirs, unlisted,
        "the list must change some answers to mean anything"
    );
    assert!(
        theirs.iter().any(|l| l.ends_with("OnlyIgnoredRevs")),
        "{theirs:#?}"
    );
    let options = GitOptions::default();
    for processes in [1, 2, 4] {
        let history = GitHistory::read_with_processes(&repo.dir, &paths, &options, processes, 500)
            .unwrap()
            .unwrap();
        assert_eq!(sample(&history), theirs, "{processes} process(es)");
    }
    // Named explicitly, or turned off with an empty path.
    let mut named = GitOptions::default();
    std::fs::rename(
        repo.dir.join(".git-blame-ignore-revs"),
        repo.dir.join("revs"),
    )
    .unwrap();
    named.ignore_revs = Some(PathBuf::from("revs"));
    let history = GitHistory::read(&repo.dir, &paths, &named)
        .unwrap()
        .unwrap();
    assert_eq!(sample(&history), theirs);
    repo.write(".git-blame-ignore-revs", &list);
    named.ignore_revs = Some(PathBuf::new());
    let history = GitHistory::read(&repo.dir, &paths, &named)
        .unwrap()
        .unwrap();
    assert_eq!(sample(&history), unlisted);
}

/// A small history: every page written, one edited, a reformatting of all
/// of them, then one more edit. With the reformatting listed, the pages
/// keep the dates of their last real edits.
#[test]
fn reformatting_commit_listed_keeps_the_last_real_edit() {
    let repo = Repo::new();
    for f in ["a.md", "b.md", "c.md"] {
        repo.write(f, &format!("{f}\n"));
    }
    repo.commit("pages", "2022-01-01T00:00:00Z");
    repo.write("b.md", "b, edited\n");
    repo.commit("edit b", "2022-06-01T00:00:00+02:00");
    for f in ["a.md", "b.md", "c.md"] {
        let text = std::fs::read_to_string(repo.dir.join(f)).unwrap();
        repo.write(f, &format!("  {text}"));
    }
    repo.commit("reformat everything", "2023-01-01T00:00:00Z");
    let reformat = repo.git(&["rev-parse", "HEAD"]).trim().to_owned();
    repo.write("c.md", "c, edited\n");
    repo.commit("edit c", "2023-02-01T00:00:00Z");
    repo.write(".git-blame-ignore-revs", &format!("{reformat}\n"));
    let files = repo.tracked("");
    let theirs = reference_without(&repo.dir, &files, &[reformat]);
    let (ours, _) = ours_and_git(&repo.dir, &files, &GitOptions::default());
    assert_eq!(ours, theirs);
    assert_eq!(
        ours,
        [
            "a.md: 2022-01-01T00:00:00Z",
            "b.md: 2022-06-01T00:00:00+02:00",
            "c.md: 2023-02-01T00:00:00Z"
        ]
    );
}

/// An abbreviated id cannot be trusted to name one commit (and `git
/// blame` refuses it too): an error naming the file and line.
#[test]
fn abbreviated_ignore_rev_is_an_error_naming_its_line() {
    let repo = Repo::new();
    repo.write("a.md", "a\n");
    repo.commit("a", "2024-01-01T00:00:00Z");
    let head = repo.git(&["rev-parse", "HEAD"]);
    repo.write(
        ".git-blame-ignore-revs",
        &format!("# ok\n{}\n\n{}  # short\n", head.trim(), &head[..12]),
    );
    let err = GitHistory::read(&repo.dir, &[PathBuf::from("a.md")], &GitOptions::default())
        .unwrap_err()
        .to_string();
    let file = repo.dir.join(".git-blame-ignore-revs");
    assert_eq!(
        err,
        format!(
            "{}:4: `{}` is not a full commit id (40 or 64 hex digits); write the whole id (`git rev-parse {}` prints it), as `git blame --ignore-revs-file` needs it too",
            file.display(),
            &head[..12],
            &head[..12]
        )
    );
}

/// `core.fsmonitor` in the scanned tree's own config names a program git
/// runs on `ls-files` and `status`: a site unpacked from an archive ran
/// its code when scanned. git is run with `core.fsmonitor=false` (and no
/// hooks), so the program never runs and the dates are still git's.
#[test]
fn the_trees_fsmonitor_program_is_never_run() {
    use std::os::unix::fs::PermissionsExt;
    let repo = Repo::new();
    repo.write("a.md", "a1");
    repo.write("docs/b.md", "b1");
    repo.commit("one", "2024-01-01T10:00:00Z");
    repo.write("a.md", "a2");
    let outside = tempfile::tempdir().unwrap();
    let marker = outside.path().join("ran");
    let program = outside.path().join("monitor.sh");
    std::fs::write(
        &program,
        format!("#!/bin/sh\ntouch '{}'\necho\n", marker.display()),
    )
    .unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    repo.git(&["config", "core.fsmonitor", &program.to_string_lossy()]);
    // The program is one git runs for this tree.
    repo.git(&["ls-files"]);
    assert!(marker.exists(), "git itself runs core.fsmonitor here");
    std::fs::remove_file(&marker).unwrap();

    let files = ["a.md".to_owned(), "docs/b.md".to_owned()];
    let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    for uncommitted in [Uncommitted::LastCommit, Uncommitted::Mtime] {
        let mut options = GitOptions::default();
        options.uncommitted = uncommitted;
        let history = GitHistory::read(&repo.dir, &paths, &options)
            .unwrap()
            .expect("a git work tree");
        assert!(
            !marker.exists(),
            "{uncommitted:?}: the tree's core.fsmonitor program was run"
        );
        assert!(matches!(
            history.get(Path::new("docs/b.md")).unwrap(),
            GitLastmod::Committed(_)
        ));
    }
}
