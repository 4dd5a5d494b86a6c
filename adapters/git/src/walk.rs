//! The replay of git's history simplification for every requested file
//! at once ([`Walk`]): files wait at the commit their walk has reached
//! and move to the parent git would follow; [`TreeLookup`] asks git for
//! the trees that tell a TREESAME merge parent apart.

use std::collections::HashSet;
use std::io::BufReader;
use std::io::{BufRead, Write};
use std::process::Child;
use std::process::ChildStdin;
use std::process::ChildStdout;
use std::process::Stdio;

use sitemap_core::Lastmod;

use super::GitLastmod;
use super::Oid;
use super::pass::Git;
use super::{OidMap, OidSet, PathIds};
use crate::error::Error;

/// One commit of the stream, with its per-parent file lists.
#[derive(Default)]
pub(super) struct Commit {
    pub(super) id: Oid,
    pub(super) parents: Vec<Oid>,
    pub(super) date: String,
    /// One list per block git printed: with `--diff-merges=separate` a
    /// merge has one block per parent whose diff is not empty.
    pub(super) blocks: Vec<Vec<u32>>,
}

/// The files still waiting, grouped by the commit they wait at.
///
/// Most commits move every waiting file on to the first parent, so files
/// are not moved one by one: each file points at a group, groups are
/// merged with union-find when two children's walks meet at one parent,
/// and only the few files a commit or merge lists are looked at. That
/// keeps the walk linear in the size of git's output, not in files times
/// commits.
pub(super) struct Walk<'a> {
    /// Requested repo paths → dense file numbers.
    pub(super) ids: &'a PathIds<'a>,
    /// The group each file was last put in (find its representative).
    group_of: Vec<u32>,
    /// Union-find parent of each group.
    group_parent: Vec<u32>,
    /// Files still waiting in each representative group.
    group_size: Vec<u32>,
    /// The answer for each file, once known.
    answer: Vec<Option<GitLastmod>>,
    /// Representative group waiting at each commit; the first commit
    /// (HEAD) is taken from `head`.
    pending: OidMap<u32>,
    pub(super) head: Option<u32>,
    pub(super) waiting: usize,
    /// Commits already read, to notice one read after its parent.
    processed: OidSet,
    /// A commit was read after one of its parents.
    pub(super) out_of_order: bool,
    /// `git status`'s answers have been taken into account.
    pub(super) status_applied: bool,
    pub(super) shallow_commits: &'a OidSet,
    /// Commits on the ignore-revs list: they answer no file, which waits
    /// on at the parent git would follow.
    ignored: &'a OidSet,
    /// Files an ignored commit changed while they waited at it: if no
    /// other commit answers them, the answer is
    /// [`GitLastmod::OnlyIgnoredRevs`], not `NoCommit`.
    touched_by_ignored: Vec<bool>,
    pub(super) trees: Option<TreeLookup>,
    pub(super) git: &'a Git,
    /// How many `git log` processes the pass started.
    pub(super) log_processes: usize,
}

impl<'a> Walk<'a> {
    pub(super) fn new(
        ids: &'a PathIds<'a>,
        shallow_commits: &'a OidSet,
        ignored: &'a OidSet,
        git: &'a Git,
    ) -> Walk<'a> {
        let n = ids.values().map(|&i| i as usize + 1).max().unwrap_or(0);
        let mut answer = vec![Some(GitLastmod::NoCommit); n];
        for &i in ids.values() {
            answer[i as usize] = None;
        }
        Walk {
            ids,
            group_of: vec![0; n],
            group_parent: vec![0],
            group_size: vec![ids.len() as u32],
            answer,
            pending: OidMap::default(),
            head: Some(0),
            waiting: ids.len(),
            processed: OidSet::default(),
            out_of_order: false,
            status_applied: false,
            shallow_commits,
            ignored,
            touched_by_ignored: if ignored.is_empty() {
                Vec::new()
            } else {
                vec![false; n]
            },
            trees: None,
            git,
            log_processes: 0,
        }
    }

    pub(super) fn into_answers(self) -> Vec<(u32, GitLastmod)> {
        let ids = self.ids;
        let mut answer = self.answer;
        let touched = self.touched_by_ignored;
        ids.values()
            .map(|&i| {
                // A file whose walk ran past every commit without meeting
                // one that has it: tracked, but never committed on this
                // history, or changed only by ignored commits.
                let a = answer[i as usize].take().unwrap_or(GitLastmod::NoCommit);
                if a == GitLastmod::NoCommit && touched.get(i as usize) == Some(&true) {
                    (i, GitLastmod::OnlyIgnoredRevs)
                } else {
                    (i, a)
                }
            })
            .collect()
    }

    fn find(&mut self, mut g: u32) -> u32 {
        while self.group_parent[g as usize] != g {
            let up = self.group_parent[self.group_parent[g as usize] as usize];
            self.group_parent[g as usize] = up;
            g = up;
        }
        g
    }

    fn new_group(&mut self) -> u32 {
        let g = self.group_parent.len() as u32;
        self.group_parent.push(g);
        self.group_size.push(0);
        g
    }

    /// Whether `file` waits in the group whose representative is `rep`.
    fn waits_in(&mut self, file: u32, rep: u32) -> bool {
        self.answer[file as usize].is_none() && self.find(self.group_of[file as usize]) == rep
    }

    /// Takes `git status`'s answers: those files stop waiting wherever
    /// they are (their final answer is set by the caller).
    pub(super) fn settle(&mut self, answers: &[(u32, GitLastmod)]) {
        self.status_applied = true;
        for (file, answer) in answers {
            if self.answer[*file as usize].is_none() {
                let rep = self.find(self.group_of[*file as usize]);
                self.resolve(*file, rep, answer.clone());
            }
        }
    }

    fn resolve(&mut self, file: u32, rep: u32, answer: GitLastmod) {
        self.answer[file as usize] = Some(answer);
        self.group_size[rep as usize] -= 1;
        self.waiting -= 1;
    }

    /// Sends the group `rep` on to wait at `commit`.
    pub(super) fn send(&mut self, rep: u32, commit: Oid) {
        if self.group_size[rep as usize] == 0 {
            return;
        }
        if self.processed.contains(&commit) {
            self.out_of_order = true;
            return;
        }
        match self.pending.get(&commit).copied() {
            Some(other) => {
                let other = self.find(other);
                if other != rep {
                    self.group_parent[rep as usize] = other;
                    self.group_size[other as usize] += self.group_size[rep as usize];
                    self.group_size[rep as usize] = 0;
                }
            }
            None => {
                self.pending.insert(commit, rep);
            }
        }
    }

    /// Sends one file on to wait at `commit`, out of the group `rep`.
    fn send_one(&mut self, file: u32, rep: u32, commit: Oid) {
        if self.processed.contains(&commit) {
            self.out_of_order = true;
            return;
        }
        self.group_size[rep as usize] -= 1;
        let target = match self.pending.get(&commit).copied() {
            Some(g) => self.find(g),
            None => {
                let g = self.new_group();
                self.pending.insert(commit, g);
                g
            }
        };
        self.group_of[file as usize] = target;
        self.group_size[target as usize] += 1;
    }

    /// Every file still waiting in `rep` (a full scan: used only at root
    /// and shallow-boundary commits, which are few).
    fn all_in(&mut self, rep: u32) -> Vec<u32> {
        (0..self.answer.len() as u32)
            .filter(|&f| self.waits_in(f, rep))
            .collect()
    }

    pub(super) fn process(&mut self, commit: &Commit) -> Result<(), Error> {
        self.processed.insert(commit.id);
        let group = match self.head.take() {
            Some(g) => Some(g),
            None => self.pending.remove(&commit.id),
        };
        let Some(group) = group else {
            return Ok(());
        };
        let rep = self.find(group);
        if self.group_size[rep as usize] == 0 {
            return Ok(());
        }
        let lastmod = || {
            Lastmod::parse(&commit.date)
                .map(GitLastmod::Committed)
                .map_err(|e| {
                    self.git.error(format!(
                        "commit {} has date {:?}: {e}",
                        commit.id, commit.date
                    ))
                })
        };
        if self.shallow_commits.contains(&commit.id) {
            // The boundary of a shallow clone: what it changed, and
            // everything before it, is unknown.
            for f in self.all_in(rep) {
                self.resolve(f, rep, GitLastmod::CutOff);
            }
            return Ok(());
        }
        if self.ignored.contains(&commit.id) {
            // Not a change that counts: the files it changed wait on, at
            // the parent git would follow for them, as if this commit
            // had changed nothing of theirs.
            self.pass_over_ignored(commit, rep)?;
            return Ok(());
        }
        match commit.parents.len() {
            0 => {
                // A root commit: it added every file it has; a file it
                // lacks has no commit on this walk.
                let date = lastmod()?;
                for &f in commit.blocks.iter().flatten() {
                    if self.waits_in(f, rep) {
                        self.resolve(f, rep, date.clone());
                    }
                }
                for f in self.all_in(rep) {
                    self.resolve(f, rep, GitLastmod::NoCommit);
                }
            }
            1 => {
                let mut date = None;
                for &f in commit.blocks.iter().flatten() {
                    if self.waits_in(f, rep) {
                        if date.is_none() {
                            date = Some(lastmod()?);
                        }
                        let d = date.clone().expect("set above");
                        self.resolve(f, rep, d);
                    }
                }
                self.send(rep, commit.parents[0]);
            }
            n => {
                // A merge. Which block belongs to which parent: git prints
                // no block for a parent whose tree is the merge's own, so
                // when blocks are missing, ask which parents those are.
                let blocks = &commit.blocks;
                let per_parent = self.per_parent(commit, n)?;
                // Only files some block lists can leave the first-parent
                // walk; every other file is TREESAME to the first parent.
                let mut listed: Vec<u32> = blocks.iter().flatten().copied().collect();
                listed.sort_unstable();
                listed.dedup();
                let mut date = None;
                for f in listed {
                    if !self.waits_in(f, rep) {
                        continue;
                    }
                    // The first parent f is TREESAME to (None: the whole
                    // tree is), as git's simplification follows.
                    let follow = per_parent
                        .iter()
                        .position(|p| p.as_ref().is_none_or(|changed| !changed.contains(&f)));
                    match follow {
                        Some(0) => {}
                        Some(p) => self.send_one(f, rep, commit.parents[p]),
                        None => {
                            if date.is_none() {
                                date = Some(lastmod()?);
                            }
                            let d = date.clone().expect("set above");
                            self.resolve(f, rep, d);
                        }
                    }
                }
                self.send(rep, commit.parents[0]);
            }
        }
        Ok(())
    }

    /// Each parent's changed files, in parent order; `None` for a parent
    /// whose tree is the merge's own (git prints no block for it, so when
    /// blocks are missing the trees tell which parents those are).
    fn per_parent(
        &mut self,
        commit: &Commit,
        n: usize,
    ) -> Result<Vec<Option<HashSet<u32>>>, Error> {
        let blocks = &commit.blocks;
        Ok(if blocks.len() == n {
            blocks
                .iter()
                .map(|b| Some(b.iter().copied().collect()))
                .collect()
        } else if blocks.len() == 1 && blocks[0].is_empty() {
            vec![None; n]
        } else {
            // Rare (a merge whose tree is one parent's), so the
            // trees are asked for here rather than printed for
            // every commit.
            let own = self.tree_of(commit.id)?;
            let trees = self.parent_trees(&commit.parents)?;
            let same: Vec<bool> = trees.iter().map(|t| *t == own).collect();
            let differing = same.iter().filter(|s| !**s).count();
            if differing != blocks.len() {
                return Err(self.git.error(format!(
                    "merge {} has {} diff blocks for {differing} parent(s) that differ from it",
                    commit.id,
                    blocks.len()
                )));
            }
            let mut it = blocks.iter();
            same.iter()
                .map(|&s| {
                    if s {
                        None
                    } else {
                        it.next().map(|b| b.iter().copied().collect())
                    }
                })
                .collect()
        })
    }

    /// An ignored commit: a file it changed is answered by no one here.
    /// Through a merge a file still follows the first parent it is
    /// TREESAME to, and the first parent when it is TREESAME to none.
    fn pass_over_ignored(&mut self, commit: &Commit, rep: u32) -> Result<(), Error> {
        for &f in commit.blocks.iter().flatten() {
            if self.waits_in(f, rep) {
                self.touched_by_ignored[f as usize] = true;
            }
        }
        match commit.parents.len() {
            0 => {
                for f in self.all_in(rep) {
                    self.resolve(f, rep, GitLastmod::NoCommit);
                }
            }
            1 => self.send(rep, commit.parents[0]),
            n => {
                let per_parent = self.per_parent(commit, n)?;
                let mut listed: Vec<u32> = commit.blocks.iter().flatten().copied().collect();
                listed.sort_unstable();
                listed.dedup();
                for f in listed {
                    if !self.waits_in(f, rep) {
                        continue;
                    }
                    let follow = per_parent
                        .iter()
                        .position(|p| p.as_ref().is_none_or(|changed| !changed.contains(&f)));
                    if let Some(p) = follow.filter(|&p| p > 0) {
                        self.send_one(f, rep, commit.parents[p]);
                    }
                }
                self.send(rep, commit.parents[0]);
            }
        }
        Ok(())
    }

    fn parent_trees(&mut self, parents: &[Oid]) -> Result<Vec<Oid>, Error> {
        parents.iter().map(|&p| self.tree_of(p)).collect()
    }

    fn tree_of(&mut self, commit: Oid) -> Result<Oid, Error> {
        if self.trees.is_none() {
            self.trees = Some(TreeLookup::start(self.git)?);
        }
        let lookup = self.trees.as_mut().expect("started above");
        lookup.tree_of(&commit, self.git)
    }
}

/// A `git cat-file --batch-check` process asked for commits' trees, one
/// line at a time, only for merges whose diff blocks need telling apart.
pub(super) struct TreeLookup {
    pub(super) child: Child,
    pub(super) stdin: Option<ChildStdin>,
    pub(super) stdout: BufReader<ChildStdout>,
}

impl TreeLookup {
    pub(super) fn start(git: &Git) -> Result<TreeLookup, Error> {
        let mut child = git
            .command()
            .args(["cat-file", "--batch-check=%(objectname)"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| git.error(format!("cannot run `git cat-file`: {e}")))?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Ok(TreeLookup {
            child,
            stdin,
            stdout,
        })
    }

    fn tree_of(&mut self, commit: &Oid, git: &Git) -> Result<Oid, Error> {
        let stdin = self.stdin.as_mut().expect("open until finish");
        writeln!(stdin, "{commit}^{{tree}}")
            .and_then(|()| stdin.flush())
            .map_err(|e| git.error(format!("`git cat-file`: {e}")))?;
        let mut line = String::new();
        self.stdout
            .read_line(&mut line)
            .map_err(|e| git.error(format!("`git cat-file`: {e}")))?;
        Oid::from_hex(line.trim().as_bytes())
            .ok_or_else(|| git.error(format!("`git cat-file` found no tree for commit {commit}")))
    }

    pub(super) fn finish(&mut self) {
        // Closing stdin ends cat-file.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}
