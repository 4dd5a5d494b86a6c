//! Benchmark `git`: our one-pass git lastmod against one plain `git log`.
//!
//! `cargo xtask bench git [--files N] [--commits N] [--runs R] [--sample S]`
//! (defaults 20,000 files, 50,000 commits, 3 runs, 200-file sample):
//!
//! 1. generates a repository with `git fast-import` (files added over
//!    time, edits skewed towards recent pages as on a real site, a short
//!    side branch merged every 100 commits, several UTC offsets), cached
//!    under `target/bench-cache/` between runs;
//! 2. R times, alternating so both see the same machine load: times the
//!    `git_lastmod` example of sitemap-git (release build; reads the last
//!    commit date of every file, from spawn to exit) and one
//!    `git log --name-only --format=%ct > /dev/null` pass;
//! 3. times the naive way, one `git log -1 --format=%cI -- FILE` per file,
//!    on a sample, checks that every sampled answer is identical to ours,
//!    and prints the medians and ratios;
//! 4. runs ours once more, untimed, with a `git` on `PATH` that logs each
//!    call before running the real one, and prints which git processes
//!    ours ran (how many `git log` shared the pass, and their
//!    `--reverse`/`--skip`/`--max-count`).

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::report::{Load, Row};
use super::{median, target_dir};

use anyhow::{Context, Result, bail};

/// Our pass must take at most this many times the plain `git log` pass
/// (the target #29 set).
const TARGET: f64 = 0.6;

pub(crate) fn run(args: &[String]) -> Result<Vec<Row>> {
    let mut files: usize = 20_000;
    let mut commits: usize = 50_000;
    let mut runs: usize = 3;
    let mut sample: usize = 200;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| -> Result<usize> {
            it.next()
                .with_context(|| format!("{name} needs a number"))?
                .parse()
                .with_context(|| format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--files" => files = value("--files")?,
            "--commits" => commits = value("--commits")?,
            "--runs" => runs = value("--runs")?,
            "--sample" => sample = value("--sample")?,
            other => bail!(
                "unknown argument `{other}`; usage: cargo xtask bench git [--files N] [--commits N] [--runs R] [--sample S]"
            ),
        }
    }
    if runs == 0 || files == 0 || commits < 2 {
        bail!("--runs and --files must be at least 1, --commits at least 2");
    }

    let exe = super::build_release("sitemap-git", ["--example", "git_lastmod"])?;

    let cache = target_dir().join("bench-cache");
    let repo = cache.join(format!("git-{files}-files-{commits}-commits"));
    let generated = generate(&repo, files, commits)?;
    // A work tree as a user has it: index stat data fresh (`git status`
    // refreshes it), so status need not re-read every file. Untimed.
    git_output(&repo, &["update-index", "-q", "--refresh"])?;
    let list = cache.join(format!("git-{files}-files-{commits}-commits.list"));
    let tracked = git_output(&repo, &["ls-files", "-z"])?;
    let paths: Vec<&str> = tracked.split('\0').filter(|p| !p.is_empty()).collect();
    std::fs::write(&list, paths.join("\n") + "\n")
        .with_context(|| format!("writing {}", list.display()))?;
    let merges = git_output(&repo, &["rev-list", "--merges", "--count", "HEAD"])?;
    let total = git_output(&repo, &["rev-list", "--count", "HEAD"])?;

    println!(
        "bench git: {} files, {} commits ({} merges){}",
        paths.len(),
        total.trim(),
        merges.trim(),
        if generated {
            ", repository generated"
        } else {
            ", repository from the cache"
        }
    );
    println!("  repository: {}", repo.display());

    let load = Load::start();
    let mut ours = Vec::with_capacity(runs);
    let mut baseline = Vec::with_capacity(runs);
    let mut answers = String::new();
    for _ in 0..runs {
        let (took, out) = time_ours(&exe, &repo, &list)?;
        ours.push(took);
        answers = out;
        baseline.push(time_git_log(&repo)?);
    }

    // Early stopping: the 500 newest pages (where recent edits go) are all
    // answered long before the root, and the walk stops there.
    let newest: Vec<&str> = {
        let mut by_number = paths.clone();
        by_number.sort_by_key(|p| std::cmp::Reverse(p.rsplit('-').next().map(str::to_owned)));
        by_number.into_iter().take(500).collect()
    };
    let newest_list = cache.join(format!("git-{files}-files-{commits}-commits.newest"));
    std::fs::write(&newest_list, newest.join("\n") + "\n")
        .with_context(|| format!("writing {}", newest_list.display()))?;
    let mut subset = Vec::with_capacity(runs);
    for _ in 0..runs {
        subset.push(time_ours(&exe, &repo, &newest_list)?.0);
    }

    // The naive way, on an evenly spread sample; also the correctness check.
    let ours_by_path: std::collections::HashMap<&str, &str> =
        answers.lines().filter_map(|l| l.split_once('\t')).collect();
    let step = (paths.len() / sample.max(1)).max(1);
    let sampled: Vec<&str> = paths.iter().step_by(step).take(sample).copied().collect();
    let start = Instant::now();
    let mut identical = 0;
    let mut first_mismatch = None;
    for path in &sampled {
        let git = git_output(&repo, &["log", "-1", "--format=%cI", "--", path])?;
        if ours_by_path.get(path).copied() == Some(git.trim()) {
            identical += 1;
        } else if first_mismatch.is_none() {
            first_mismatch = Some(format!(
                "{path}: ours {:?}, git {:?}",
                ours_by_path.get(path),
                git.trim()
            ));
        }
    }
    let naive = start.elapsed();

    let wall = |t: &[Took]| t.iter().map(|t| t.wall).collect::<Vec<_>>();
    let cpu = |t: &[Took]| t.iter().map(|t| t.cpu).collect::<Option<Vec<_>>>();
    let ours_median = median(&mut wall(&ours));
    let base_median = median(&mut wall(&baseline));
    let ratio = ours_median.as_secs_f64() / base_median.as_secs_f64();
    let naive_all = naive.as_secs_f64() * paths.len() as f64 / sampled.len().max(1) as f64;
    // Other work on the machine takes the cores ours splits the pass
    // over; our own runs add up to 2 while they last.
    let quiet = load.finish();
    println!("  wall clock, median of {runs} alternating runs:");
    println!(
        "    ours (one history pass)               {:>8.3} s  runs {}",
        ours_median.as_secs_f64(),
        show(&wall(&ours))
    );
    println!(
        "    git log --name-only --format=%ct      {:>8.3} s  runs {}",
        base_median.as_secs_f64(),
        show(&wall(&baseline))
    );
    println!(
        "    ratio ours / git log                  {ratio:>8.3}  (target <= {TARGET}) {}",
        quiet.verdict(ratio <= TARGET)
    );
    let subset_median = median(&mut wall(&subset));
    println!(
        "    ours, only the {} newest pages        {:>8.3} s  ratio {:.3} (the walk stops early)",
        newest.len(),
        subset_median.as_secs_f64(),
        subset_median.as_secs_f64() / base_median.as_secs_f64()
    );
    if let (Some(mut ours_cpu), Some(mut base_cpu)) = (cpu(&ours), cpu(&baseline)) {
        // On a shared, loaded machine wall time mostly measures the load;
        // CPU time is what each side actually cost.
        let (o, b) = (median(&mut ours_cpu), median(&mut base_cpu));
        println!("  CPU time (user + system, git included), median:");
        println!(
            "    ours {:.3} s, git log {:.3} s, ratio {:.3}",
            o.as_secs_f64(),
            b.as_secs_f64(),
            o.as_secs_f64() / b.as_secs_f64()
        );
    }
    println!(
        "  naive `git log -1 -- FILE` per file     {:>8.3} s for {} files, ~{:.1} s for all {} ({:.0}x ours)",
        naive.as_secs_f64(),
        sampled.len(),
        naive_all,
        paths.len(),
        naive_all / ours_median.as_secs_f64()
    );
    println!(
        "  sample check: {identical}/{} answers identical to `git log -1 --format=%cI -- FILE`",
        sampled.len()
    );
    if let Some(m) = first_mismatch {
        bail!("our answer differs from git's: {m}");
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("  git processes ours ran ({cores} cores; untimed runs through a logging `git`):");
    for (what, file_list) in [("all files", &list), ("500 newest", &newest_list)] {
        let calls = git_calls(&exe, &repo, file_list, &cache)?;
        let logs: Vec<&String> = calls.iter().filter(|c| c.starts_with("log ")).collect();
        let mut others: Vec<&str> = calls
            .iter()
            .filter(|c| !c.starts_with("log "))
            .filter_map(|c| c.split(' ').next())
            .collect();
        others.sort_unstable();
        let ranges: Vec<String> = logs
            .iter()
            .map(|c| {
                let range: Vec<&str> = c
                    .split(' ')
                    .filter(|a| {
                        a.starts_with("--skip=")
                            || a.starts_with("--max-count=")
                            || *a == "--reverse"
                    })
                    .collect();
                if range.is_empty() {
                    "(from HEAD)".to_owned()
                } else {
                    range.join(" ")
                }
            })
            .collect();
        println!(
            "    {what:<10}: {} `git log` process(es): {}; also {}",
            logs.len(),
            ranges.join(", "),
            others.join(", ")
        );
    }
    Ok(vec![Row {
        bench: format!("`git`: lastmod of {files} files, {commits} commits (`--runs {runs}`)"),
        ours: format!("{:.2} s", ours_median.as_secs_f64()),
        baseline: format!(
            "one `git log --name-only` pass: {:.2} s",
            base_median.as_secs_f64()
        ),
        ratio: format!("{ratio:.2}×"),
        target: format!("≤ {TARGET}×"),
        met: Some(ratio <= TARGET),
        quiet,
    }])
}

/// Runs ours once with a `git` first on `PATH` that appends its arguments
/// to a file before running the real git; returns each call's arguments
/// from the subcommand on (`-c name=value` options dropped).
fn git_calls(exe: &Path, repo: &Path, list: &Path, cache: &Path) -> Result<Vec<String>> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let real = std::env::split_paths(&path)
        .map(|dir| dir.join("git"))
        .find(|p| p.is_file())
        .context("no git on PATH")?;
    let dir = cache.join("git-logging");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let calls = dir.join("calls.txt");
    let wrapper = dir.join("git");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '{}'\nexec '{}' \"$@\"\n",
            calls.display(),
            real.display()
        ),
    )
    .with_context(|| format!("writing {}", wrapper.display()))?;
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))?;
    }
    if calls.exists() {
        std::fs::remove_file(&calls)?;
    }
    let mut dirs = vec![dir.clone()];
    dirs.extend(std::env::split_paths(&path));
    let out = Command::new(exe)
        .arg(repo)
        .arg(list)
        .env("PATH", std::env::join_paths(dirs)?)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .stdout(Stdio::null())
        .status()
        .with_context(|| format!("running {}", exe.display()))?;
    if !out.success() {
        bail!("{} failed", exe.display());
    }
    let text = std::fs::read_to_string(&calls).unwrap_or_default();
    Ok(text
        .lines()
        .map(|line| {
            let mut args = line.split(' ').peekable();
            while args.peek() == Some(&"-c") {
                args.next();
                args.next();
            }
            args.collect::<Vec<_>>().join(" ")
        })
        .collect())
}

fn git(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE");
    cmd
}

fn git_output(dir: &Path, args: &[&str]) -> Result<String> {
    let out = git(dir)
        .args(args)
        .output()
        .with_context(|| format!("running git {args:?}"))?;
    if !out.status.success() {
        bail!(
            "git {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(String::from_utf8(out.stdout)?)
}

/// Wall-clock and CPU time of one run.
#[derive(Clone, Copy)]
struct Took {
    wall: Duration,
    cpu: Option<Duration>,
}

fn time_ours(exe: &Path, repo: &Path, list: &Path) -> Result<(Took, String)> {
    let cpu_before = super::children_cpu();
    let start = Instant::now();
    let out = Command::new(exe)
        .arg(repo)
        .arg(list)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("running {}", exe.display()))?;
    let wall = start.elapsed();
    let cpu = super::children_cpu()
        .zip(cpu_before)
        .map(|(a, b)| a.saturating_sub(b));
    if !out.status.success() {
        bail!("{} failed", exe.display());
    }
    Ok((Took { wall, cpu }, String::from_utf8(out.stdout)?))
}

fn time_git_log(repo: &Path) -> Result<Took> {
    let cpu_before = super::children_cpu();
    let start = Instant::now();
    let status = git(repo)
        .args(["log", "--name-only", "--format=%ct"])
        .stdout(Stdio::null())
        .status()
        .context("running git log")?;
    let wall = start.elapsed();
    let cpu = super::children_cpu()
        .zip(cpu_before)
        .map(|(a, b)| a.saturating_sub(b));
    if !status.success() {
        bail!("git log failed");
    }
    Ok(Took { wall, cpu })
}

fn show(times: &[Duration]) -> String {
    times
        .iter()
        .map(|t| format!("{:.3}", t.as_secs_f64()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small deterministic generator, so every machine builds the same
/// repository.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Builds the repository unless the cache has it; `true` when built.
fn generate(repo: &Path, files: usize, commits: usize) -> Result<bool> {
    let done = repo.join(".git/bench-complete");
    if done.exists() {
        return Ok(false);
    }
    if repo.exists() {
        std::fs::remove_dir_all(repo).with_context(|| format!("removing {}", repo.display()))?;
    }
    std::fs::create_dir_all(repo).with_context(|| format!("creating {}", repo.display()))?;
    eprintln!(
        "generating {files} files and {commits} commits in {} ...",
        repo.display()
    );
    let status = git(repo).args(["init", "-q", "-b", "main", "."]).status()?;
    if !status.success() {
        bail!("git init failed");
    }
    let mut child = git(repo)
        .args(["fast-import", "--quiet", "--done"])
        .stdin(Stdio::piped())
        .spawn()
        .context("running git fast-import")?;
    let stdin = child.stdin.take().expect("piped");
    write_history(BufWriter::with_capacity(1 << 20, stdin), files, commits)?;
    let status = child.wait()?;
    if !status.success() {
        bail!("git fast-import failed");
    }
    let status = git(repo).args(["checkout", "-q", "-f", "main"]).status()?;
    if !status.success() {
        bail!("git checkout failed");
    }
    std::fs::write(&done, "")?;
    Ok(true)
}

fn path_of(file: usize) -> String {
    format!("content/section-{:02}/page-{file:05}.md", file % 50)
}

/// Writes fast-import commits with increasing times and varied offsets.
struct Stream<W: Write> {
    out: W,
    rng: Lcg,
    time: u64,
    mark: usize,
}

impl<W: Write> Stream<W> {
    /// One commit on `branch` after mark `from` (0: none), merging mark
    /// `merge`, setting each `(file, revision)`; returns its mark.
    fn commit(
        &mut self,
        branch: &str,
        from: usize,
        merge: Option<usize>,
        changes: &[(usize, u32)],
    ) -> Result<usize> {
        const ZONES: [&str; 5] = ["+0000", "+0200", "-0500", "+0530", "+0900"];
        self.mark += 1;
        self.time += 600 + self.rng.below(3000) as u64;
        let zone = ZONES[self.rng.below(ZONES.len())];
        let message = format!("edit {}", changes.len());
        let out = &mut self.out;
        writeln!(out, "commit refs/heads/{branch}\nmark :{}", self.mark)?;
        writeln!(
            out,
            "committer Bench <bench@example.org> {} {zone}",
            self.time
        )?;
        writeln!(out, "data {}\n{message}", message.len())?;
        if from > 0 {
            writeln!(out, "from :{from}")?;
        }
        if let Some(m) = merge {
            writeln!(out, "merge :{m}")?;
        }
        for &(file, rev) in changes {
            let content = format!("page {file} revision {rev}\n");
            writeln!(
                out,
                "M 100644 inline {}\ndata {}\n{content}",
                path_of(file),
                content.len()
            )?;
        }
        Ok(self.mark)
    }

    /// A page to edit: mostly among the 500 newest, sometimes any.
    fn pick(&mut self, added: usize) -> usize {
        if self.rng.below(10) < 7 {
            added - 1 - self.rng.below(added.min(500))
        } else {
            self.rng.below(added)
        }
    }
}

/// The fast-import stream: 10% of the files in the first commit, the rest
/// added one by one over the first 80% of the history; each commit edits
/// one to three pages, mostly among the 500 newest; every 100th commit
/// merges a side branch of three commits forked two commits earlier.
fn write_history(out: impl Write, files: usize, commits: usize) -> Result<()> {
    let mut s = Stream {
        out,
        rng: Lcg(0x5eed),
        time: 1_500_000_000,
        mark: 0,
    };
    let mut revision = vec![0_u32; files];
    let initial = (files / 10).max(1);
    let add_every = (commits * 8 / 10) as f64 / (files - initial).max(1) as f64;

    let first: Vec<(usize, u32)> = (0..initial).map(|f| (f, 0)).collect();
    let mut added = initial;
    let mut main_tip = s.commit("main", 0, None, &first)?;
    let mut made = 1;

    while made < commits {
        if made % 100 == 99 && commits - made >= 6 {
            // A side branch forked here, two commits on main meanwhile,
            // then the merge (which carries the side's edits, as a merge
            // of non-conflicting changes does).
            let mut side_tip = main_tip;
            let mut side_changes = Vec::new();
            for _ in 0..3 {
                let f = s.pick(added);
                revision[f] += 1;
                side_changes.push((f, revision[f]));
                side_tip = s.commit("side", side_tip, None, &[(f, revision[f])])?;
                made += 1;
            }
            for _ in 0..2 {
                let f = s.pick(added);
                if side_changes.iter().any(|(c, _)| *c == f) {
                    continue;
                }
                revision[f] += 1;
                main_tip = s.commit("main", main_tip, None, &[(f, revision[f])])?;
                made += 1;
            }
            // The side's final contents.
            side_changes.sort_by_key(|&(f, rev)| (f, std::cmp::Reverse(rev)));
            side_changes.dedup_by_key(|(f, _)| *f);
            main_tip = s.commit("main", main_tip, Some(side_tip), &side_changes)?;
            made += 1;
            continue;
        }
        let mut changes = Vec::new();
        let due = initial + (made as f64 / add_every) as usize;
        if added < files && added < due {
            changes.push((added, 0));
            added += 1;
        }
        for _ in 0..=s.rng.below(3) {
            let f = s.pick(added);
            if changes.iter().any(|(c, _)| *c == f) {
                continue;
            }
            revision[f] += 1;
            changes.push((f, revision[f]));
        }
        main_tip = s.commit("main", main_tip, None, &changes)?;
        made += 1;
    }
    // Whatever the history did not reach yet, in one last commit.
    if added < files {
        let rest: Vec<(usize, u32)> = (added..files).map(|f| (f, 0)).collect();
        s.commit("main", main_tip, None, &rest)?;
    }
    writeln!(s.out, "done")?;
    s.out.flush()?;
    Ok(())
}
