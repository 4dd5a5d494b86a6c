//! Last-commit dates for many files from one `git log` process.
//!
//! `git log -1 -- FILE` answers with the first commit, walking back from
//! HEAD, that is not TREESAME for FILE, where git's default history
//! simplification follows only the first TREESAME parent of a merge. This
//! module replays that rule for every requested file at once over one
//! `git log --diff-merges=separate --name-only` stream: each file waits at
//! the commit its walk has reached; a commit that changed it answers it,
//! otherwise it moves on to the parent git would follow. A commit must be
//! read after all its children, so a file never waits at a commit already
//! passed: git's default date order gives that unless dates are skewed,
//! and when it does not, the pass is redone with `--topo-order`. When no
//! file waits any more, git is stopped.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use sitemap_core::Lastmod;

use crate::error::Error;
use crate::lastmod::{GitDate, GitOptions, Uncommitted};

/// A commit or tree id (SHA-1 or SHA-256) held without allocating, since
/// the walk keys maps by tens of thousands of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Oid {
    bytes: [u8; 32],
    len: u8,
}

impl Oid {
    /// Parses lowercase or uppercase hex of 40 or 64 digits.
    fn from_hex(hex: &[u8]) -> Option<Oid> {
        if hex.len() != 40 && hex.len() != 64 {
            return None;
        }
        let mut oid = Oid {
            bytes: [0; 32],
            len: (hex.len() / 2) as u8,
        };
        for (i, pair) in hex.chunks_exact(2).enumerate() {
            let digit = |c: u8| (c as char).to_digit(16);
            oid.bytes[i] = (digit(pair[0])? * 16 + digit(pair[1])?) as u8;
        }
        Some(oid)
    }
}

impl std::fmt::Display for Oid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.bytes[..usize::from(self.len)]
            .iter()
            .try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// What git says about one file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GitLastmod {
    /// The date of the last commit that changed it.
    Committed(Lastmod),
    /// It has uncommitted changes (staged or not); with
    /// [`Uncommitted::Mtime`] its modification time stands in.
    Uncommitted,
    /// git does not track it.
    Untracked,
    /// A shallow clone cuts its history off: the date is unknown.
    CutOff,
    /// Tracked, but no commit reachable from HEAD has it (for example
    /// staged but never committed).
    NoCommit,
}

/// The git answers for a set of files, read by [`GitHistory::read`].
#[derive(Clone, Debug)]
pub struct GitHistory {
    toplevel: PathBuf,
    shallow: bool,
    files: HashMap<PathBuf, GitLastmod>,
}

impl GitHistory {
    /// Asks git about `files` (paths relative to `root`, which may be any
    /// directory inside a work tree). `Ok(None)` when `root` is not inside
    /// a git work tree or git is not installed.
    pub fn read(
        root: &Path,
        files: &[PathBuf],
        options: &GitOptions,
    ) -> Result<Option<GitHistory>, Error> {
        let git = Git {
            dir: root.to_owned(),
        };
        let Some(info) = git.rev_parse()? else {
            return Ok(None);
        };
        let mut history = GitHistory {
            toplevel: info.toplevel.clone(),
            shallow: info.shallow,
            files: HashMap::with_capacity(files.len()),
        };
        // Requested paths as git writes them: relative to the top level,
        // `/`-separated.
        let mut by_repo_path: HashMap<String, usize> = HashMap::with_capacity(files.len());
        for (i, file) in files.iter().enumerate() {
            match repo_path(&info.prefix, file) {
                Some(p) => {
                    by_repo_path.insert(p, i);
                }
                None => {
                    history.files.insert(file.clone(), GitLastmod::Untracked);
                }
            }
        }
        let git = Git {
            dir: info.toplevel.clone(),
        };
        let shallow_commits = if info.shallow {
            git.shallow_commits(&info.shallow_file)?
        } else {
            HashSet::new()
        };
        let ids: HashMap<&str, u32> = by_repo_path
            .iter()
            .map(|(p, &i)| (p.as_str(), i as u32))
            .collect();
        // `git status` runs beside the log: the walk settles untracked and
        // uncommitted files as soon as it knows them (so they do not keep
        // it going to the root), and status answers win at the end.
        let (tx, rx) = std::sync::mpsc::channel();
        let (walked, from_status) = std::thread::scope(|scope| -> Result<_, Error> {
            let (status_git, prefix) = (&git, info.prefix.as_str());
            scope.spawn(move || {
                // The receiver may be gone if the log failed first.
                let _ = tx.send(status_git.status(prefix));
            });
            let mut status = StatusSource {
                rx,
                answers: None,
                ids: &ids,
                uncommitted: options.uncommitted,
                git: &git,
            };
            let walked = if info.head_exists {
                git.log(&ids, options.date, &shallow_commits, &mut status)?
            } else {
                Vec::new()
            };
            Ok((walked, status.wait()?.to_vec()))
        })?;
        let mut wanted: Vec<Option<GitLastmod>> = vec![None; files.len()];
        for (i, answer) in walked.into_iter().chain(from_status) {
            wanted[i as usize] = Some(answer);
        }
        for (file, answer) in files.iter().zip(wanted) {
            history
                .files
                .entry(file.clone())
                .or_insert(answer.unwrap_or(GitLastmod::NoCommit));
        }
        Ok(Some(history))
    }

    /// The answer for a file, by the path it was requested with.
    pub fn get(&self, file: &Path) -> Option<&GitLastmod> {
        self.files.get(file)
    }

    /// Whether the repository is a shallow clone.
    pub fn is_shallow(&self) -> bool {
        self.shallow
    }

    /// The work tree's top level.
    pub fn toplevel(&self) -> &Path {
        &self.toplevel
    }
}

/// `prefix` (from `git rev-parse --show-prefix`, ends with `/` or is
/// empty) joined with a root-relative path, `/`-separated; `None` for a
/// path git could not be asked about (not UTF-8, or leaving the root).
fn repo_path(prefix: &str, file: &Path) -> Option<String> {
    let mut out = prefix.to_owned();
    for (n, part) in file.components().enumerate() {
        match part {
            std::path::Component::Normal(p) => {
                if n > 0 && !out.is_empty() && !out.ends_with('/') {
                    out.push('/');
                }
                out.push_str(p.to_str()?);
            }
            std::path::Component::CurDir => {}
            _ => return None,
        }
    }
    Some(out)
}

/// `git status` entries: path from the top level, two-letter status.
type StatusEntries = Vec<(String, [u8; 2])>;

/// The answers `git status` gives (untracked, uncommitted), from a thread
/// running beside the log.
struct StatusSource<'a> {
    rx: std::sync::mpsc::Receiver<Result<StatusEntries, Error>>,
    answers: Option<Vec<(u32, GitLastmod)>>,
    ids: &'a HashMap<&'a str, u32>,
    uncommitted: Uncommitted,
    git: &'a Git,
}

impl StatusSource<'_> {
    fn convert(&self, entries: StatusEntries) -> Vec<(u32, GitLastmod)> {
        entries
            .into_iter()
            .filter_map(|(path, code)| {
                let &i = self.ids.get(path.as_str())?;
                if code == *b"??" {
                    Some((i, GitLastmod::Untracked))
                } else if self.uncommitted == Uncommitted::Mtime {
                    Some((i, GitLastmod::Uncommitted))
                } else {
                    None
                }
            })
            .collect()
    }

    fn take(&mut self, received: Result<StatusEntries, Error>) -> Result<(), Error> {
        let answers = self.convert(received?);
        self.answers = Some(answers);
        Ok(())
    }

    /// The answers, once `git status` has finished.
    fn poll(&mut self) -> Result<Option<&[(u32, GitLastmod)]>, Error> {
        if self.answers.is_none() {
            match self.rx.try_recv() {
                Ok(received) => self.take(received)?,
                Err(std::sync::mpsc::TryRecvError::Empty) => return Ok(None),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    // The thread sends before it ends; no message means it
                    // panicked, which `wait` reports.
                    return Ok(None);
                }
            }
        }
        Ok(self.answers.as_deref())
    }

    /// The answers, waiting for `git status` if need be.
    fn wait(&mut self) -> Result<&[(u32, GitLastmod)], Error> {
        if self.answers.is_none() {
            let received = self
                .rx
                .recv()
                .map_err(|_| self.git.error("`git status` ended without an answer"))?;
            self.take(received)?;
        }
        Ok(self.answers.as_deref().unwrap_or_default())
    }
}

struct RepoInfo {
    toplevel: PathBuf,
    prefix: String,
    shallow: bool,
    shallow_file: PathBuf,
    head_exists: bool,
}

struct Git {
    dir: PathBuf,
}

impl Git {
    fn command(&self) -> Command {
        let mut cmd = Command::new("git");
        // No index refresh writes (a build must not take index.lock), and
        // no pager, colour or signature lines in the output we parse.
        cmd.current_dir(&self.dir)
            .env("GIT_OPTIONAL_LOCKS", "0")
            .env("GIT_PAGER", "cat")
            // A site folder named `[draft]` is a path, not a glob.
            .env("GIT_LITERAL_PATHSPECS", "1")
            .env_remove("GIT_DIR")
            .env_remove("GIT_WORK_TREE")
            .args([
                "-c",
                "log.showSignature=false",
                "-c",
                "core.quotePath=false",
            ]);
        cmd
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::Git {
            dir: self.dir.clone(),
            message: message.into(),
        }
    }

    fn output(&self, args: &[&str]) -> Result<std::process::Output, Error> {
        self.command()
            .args(args)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| self.error(format!("cannot run `git {}`: {e}", args.join(" "))))
    }

    fn rev_parse(&self) -> Result<Option<RepoInfo>, Error> {
        let out = match self
            .command()
            .args([
                "rev-parse",
                "--show-toplevel",
                "--show-prefix",
                "--is-shallow-repository",
                "--git-path",
                "shallow",
            ])
            .stdin(Stdio::null())
            .output()
        {
            Ok(out) => out,
            // No git at all: the same as no repository.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.error(format!("cannot run git: {e}"))),
        };
        if !out.status.success() {
            // Not a work tree (or a bare repository): no git dates.
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        let [toplevel, prefix, shallow, shallow_file] = lines[..] else {
            return Err(self.error(format!("unexpected `git rev-parse` output: {text:?}")));
        };
        let head = self.output(&["rev-parse", "--quiet", "--verify", "HEAD^{commit}"])?;
        Ok(Some(RepoInfo {
            toplevel: PathBuf::from(toplevel),
            prefix: prefix.to_owned(),
            shallow: shallow == "true",
            shallow_file: self.dir.join(shallow_file),
            head_exists: head.status.success(),
        }))
    }

    /// `git status` for the paths under `prefix`: (path from the top level,
    /// two-letter status).
    fn status(&self, prefix: &str) -> Result<StatusEntries, Error> {
        let pathspec = if prefix.is_empty() {
            ".".to_owned()
        } else {
            prefix.to_owned()
        };
        let args = [
            "status",
            "--porcelain=v1",
            "-z",
            "--untracked-files=all",
            "--no-renames",
            "--ignore-submodules=all",
            "--",
            pathspec.as_str(),
        ];
        let out = self.output(&args)?;
        if !out.status.success() {
            return Err(self.error(format!(
                "`git status` failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        Ok(out
            .stdout
            .split(|&b| b == 0)
            .filter(|entry| entry.len() > 3)
            .map(|entry| {
                (
                    String::from_utf8_lossy(&entry[3..]).into_owned(),
                    [entry[0], entry[1]],
                )
            })
            .collect())
    }

    fn shallow_commits(&self, file: &Path) -> Result<HashSet<Oid>, Error> {
        let text = std::fs::read_to_string(file).map_err(|source| Error::Io {
            path: file.to_owned(),
            source,
        })?;
        Ok(text
            .lines()
            .filter_map(|l| Oid::from_hex(l.trim().as_bytes()))
            .collect())
    }

    /// The walk: answers for the files in `ids` (repo path → index).
    ///
    /// git's default order (newest commit date first) streams from the
    /// first commit and almost always shows every child before its parent;
    /// `--topo-order` guarantees that but must walk the whole history
    /// before showing anything. So the default order is read first, and
    /// only if a commit turns up after one of its parents (a clock skew,
    /// or equal dates across branches) is the walk redone in topological
    /// order.
    fn log(
        &self,
        ids: &HashMap<&str, u32>,
        date: GitDate,
        shallow_commits: &HashSet<Oid>,
        status: &mut StatusSource<'_>,
    ) -> Result<Vec<(u32, GitLastmod)>, Error> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        match self.walk(ids, date, shallow_commits, status, false)? {
            Some(answers) => Ok(answers),
            None => self
                .walk(ids, date, shallow_commits, status, true)?
                .ok_or_else(|| {
                    self.error("`git log --topo-order` showed a commit after its parent")
                }),
        }
    }

    /// One `git log` pass; `None` when, in date order, a commit came after
    /// one of its parents.
    fn walk(
        &self,
        ids: &HashMap<&str, u32>,
        date: GitDate,
        shallow_commits: &HashSet<Oid>,
        status: &mut StatusSource<'_>,
        topo_order: bool,
    ) -> Result<Option<Vec<(u32, GitLastmod)>>, Error> {
        let format = match date {
            GitDate::Committer => "--format=%x1e%H%x1f%P%x1f%cI",
            GitDate::Author => "--format=%x1e%H%x1f%P%x1f%aI",
        };
        let mut args = vec![
            "log",
            "--no-renames",
            "--diff-merges=separate",
            "--root",
            "--name-only",
            "-z",
            "--no-color",
            "--no-ext-diff",
            format,
        ];
        if topo_order {
            args.push("--topo-order");
        }
        args.extend(["HEAD", "--"]);
        let mut child = self
            .command()
            .args(&args)
            // Into a pipe git would flush after every commit: one write
            // and one wake-up of this reader per commit. Fully buffered
            // output costs a fraction of that.
            .env("GIT_FLUSH", "0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| self.error(format!("cannot run `git log`: {e}")))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut walk = Walk::new(ids, shallow_commits, self);
        let result = walk.read(BufReader::with_capacity(1 << 16, stdout), status);
        let stopped_early = walk.waiting == 0 || walk.out_of_order;
        if let Some(mut trees) = walk.trees.take() {
            trees.finish();
        }
        if stopped_early {
            // Every file has its answer (or the order was wrong): the rest
            // of the history is not needed. The kill fails only if git
            // already exited.
            let _ = child.kill();
        }
        let mut stderr = String::new();
        if let Some(mut e) = child.stderr.take() {
            let _ = e.read_to_string(&mut stderr);
        }
        let status = child
            .wait()
            .map_err(|e| self.error(format!("`git log`: {e}")))?;
        result?;
        if !stopped_early && !status.success() {
            return Err(self.error(format!("`git log` failed: {}", stderr.trim())));
        }
        if walk.out_of_order {
            return Ok(None);
        }
        Ok(Some(walk.into_answers()))
    }
}

/// The parts of a `%H%x1f%P%x1f%cI` header: id, parents (space
/// separated), date.
fn parse_header(header: &[u8]) -> Option<(Oid, &[u8], &str)> {
    let mut parts = header.split(|&b| b == 0x1f);
    let id = Oid::from_hex(parts.next()?)?;
    let parents = parts.next()?;
    let date = std::str::from_utf8(parts.next()?).ok()?;
    Some((id, parents, date))
}

/// One commit of the stream, with its per-parent file lists.
#[derive(Default)]
struct Commit {
    id: Oid,
    parents: Vec<Oid>,
    date: String,
    /// One list per block git printed: with `--diff-merges=separate` a
    /// merge has one block per parent whose diff is not empty.
    blocks: Vec<Vec<u32>>,
}

/// The files still waiting, grouped by the commit they wait at.
///
/// Most commits move every waiting file on to the first parent, so files
/// are not moved one by one: each file points at a group, groups are
/// merged with union-find when two children's walks meet at one parent,
/// and only the few files a commit or merge lists are looked at. That
/// keeps the walk linear in the size of git's output, not in files times
/// commits.
struct Walk<'a> {
    /// Requested repo paths → dense file numbers.
    ids: &'a HashMap<&'a str, u32>,
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
    pending: HashMap<Oid, u32>,
    head: Option<u32>,
    waiting: usize,
    /// Commits already read, to notice one read after its parent.
    processed: HashSet<Oid>,
    /// A commit was read after one of its parents.
    out_of_order: bool,
    /// `git status`'s answers have been taken into account.
    status_applied: bool,
    shallow_commits: &'a HashSet<Oid>,
    trees: Option<TreeLookup>,
    git: &'a Git,
}

impl<'a> Walk<'a> {
    fn new(
        ids: &'a HashMap<&'a str, u32>,
        shallow_commits: &'a HashSet<Oid>,
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
            pending: HashMap::new(),
            head: Some(0),
            waiting: ids.len(),
            processed: HashSet::new(),
            out_of_order: false,
            status_applied: false,
            shallow_commits,
            trees: None,
            git,
        }
    }

    fn into_answers(self) -> Vec<(u32, GitLastmod)> {
        let ids = self.ids;
        let mut answer = self.answer;
        ids.values()
            // A file whose walk ran past every commit without meeting one
            // that has it: tracked, but never committed on this history.
            .map(|&i| (i, answer[i as usize].take().unwrap_or(GitLastmod::NoCommit)))
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
    fn settle(&mut self, answers: &[(u32, GitLastmod)]) {
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
    fn send(&mut self, rep: u32, commit: Oid) {
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

    fn read(
        &mut self,
        mut input: impl BufRead,
        status: &mut StatusSource<'_>,
    ) -> Result<(), Error> {
        let mut token = Vec::new();
        let mut current: Option<Commit> = None;
        let mut spare: Option<Commit> = None;
        let mut first_file = false;
        loop {
            token.clear();
            let n = input
                .read_until(0, &mut token)
                .map_err(|e| self.git.error(format!("reading `git log`: {e}")))?;
            if n == 0 {
                break;
            }
            if token.last() == Some(&0) {
                token.pop();
            }
            if token.first() == Some(&0x1e) {
                let Some((id, parents, date)) = parse_header(&token[1..]) else {
                    return Err(self.git.error(format!(
                        "unexpected `git log` header {:?}",
                        String::from_utf8_lossy(&token[1..])
                    )));
                };
                first_file = true;
                if let Some(c) = current.as_mut().filter(|c| c.id == id) {
                    // The same merge again: its diff against the next parent.
                    c.blocks.push(Vec::new());
                    continue;
                }
                if let Some(done) = current.take() {
                    self.process(&done)?;
                    if !self.status_applied
                        && let Some(answers) = status.poll()?
                    {
                        self.settle(answers);
                    }
                    if self.waiting == 0 || self.out_of_order {
                        return Ok(());
                    }
                    spare = Some(done);
                }
                // Reuse the last commit's buffers: no allocation per commit.
                let mut c = spare.take().unwrap_or_default();
                c.id = id;
                c.parents.clear();
                for p in parents.split(|&b| b == b' ').filter(|p| !p.is_empty()) {
                    let parent = Oid::from_hex(p).ok_or_else(|| {
                        self.git.error(format!(
                            "unexpected `git log` parent {:?}",
                            String::from_utf8_lossy(p)
                        ))
                    })?;
                    c.parents.push(parent);
                }
                c.date.clear();
                c.date.push_str(date);
                c.blocks.truncate(1);
                match c.blocks.first_mut() {
                    Some(b) => b.clear(),
                    None => c.blocks.push(Vec::new()),
                }
                current = Some(c);
                continue;
            }
            let mut name = &token[..];
            if first_file {
                // git writes a newline between the header and the first name.
                name = name.strip_prefix(b"\n").unwrap_or(name);
                first_file = false;
            }
            if name.is_empty() {
                continue;
            }
            let Some(commit) = current.as_mut() else {
                continue;
            };
            if let Some(&i) = std::str::from_utf8(name).ok().and_then(|n| self.ids.get(n)) {
                commit
                    .blocks
                    .last_mut()
                    .expect("a commit has a block")
                    .push(i);
            }
        }
        if let Some(done) = current.take() {
            self.process(&done)?;
        }
        Ok(())
    }

    fn process(&mut self, commit: &Commit) -> Result<(), Error> {
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
                let per_parent: Vec<Option<HashSet<u32>>> = if blocks.len() == n {
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
                };
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
struct TreeLookup {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl TreeLookup {
    fn start(git: &Git) -> Result<TreeLookup, Error> {
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

    fn finish(&mut self) {
        // Closing stdin ends cat-file.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}
