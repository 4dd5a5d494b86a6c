//! The pin list (`tests/corpus/front-matter.toml`) and the blocks it
//! names: the front matter of every Markdown file under each pinned
//! repository's content folders, read from the bare mirror at the pinned
//! commit (nothing is checked out), at most `per_repo` of them a
//! repository, spread evenly over its sorted paths.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

/// One pinned repository.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Pin {
    /// `owner/name` on GitHub; the mirror is `<mirrors>/<owner>+<name>/repo`.
    pub(crate) repo: String,
    pub(crate) commit: String,
    /// Folders (from the repository root) whose `.md` files are read.
    #[serde(default = "default_content")]
    pub(crate) content: Vec<String>,
}

fn default_content() -> Vec<String> {
    vec!["content".to_owned()]
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PinList {
    repo: Vec<Pin>,
}

/// The options both front matter differentials take: `--pins FILE`,
/// `--per-repo N`, `--batch N`, `--keep DIR`, `--record`.
pub(crate) struct Options {
    pub(crate) pins_file: std::path::PathBuf,
    pub(crate) per_repo: usize,
    pub(crate) batch: usize,
    pub(crate) keep: std::path::PathBuf,
    pub(crate) record: bool,
}

impl Options {
    /// Reads `args` over the defaults given; `usage` is named in every error.
    pub(crate) fn parse(args: &[String], defaults: Options, usage: &str) -> Result<Options> {
        let mut o = defaults;
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = || {
                it.next()
                    .with_context(|| format!("{arg} needs a value; {usage}"))
            };
            match arg.as_str() {
                "--pins" => o.pins_file = value()?.into(),
                "--per-repo" => o.per_repo = value()?.parse().context("--per-repo")?,
                "--batch" => o.batch = value()?.parse().context("--batch")?,
                "--keep" => o.keep = value()?.into(),
                "--record" => o.record = true,
                other => bail!("unknown argument `{other}`; {usage}"),
            }
        }
        Ok(o)
    }
}

/// Every pinned repository's blocks, each also written under
/// `<keep>/blocks/<owner>+<name>/<path>` (a fresh `keep`); and the pins.
pub(crate) fn harvest_all(o: &Options) -> Result<(Vec<Block>, Vec<Pin>)> {
    let pins = load(&o.pins_file)?;
    let mirrors = crate::corpus::mirrors();
    if o.keep.exists() {
        std::fs::remove_dir_all(&o.keep)?;
    }
    let mut blocks = Vec::new();
    for pin in &pins {
        let found = harvest(pin, &mirrors, o.per_repo)?;
        for b in &found {
            let file = o
                .keep
                .join("blocks")
                .join(pin.repo.replace('/', "+"))
                .join(&b.path);
            std::fs::create_dir_all(file.parent().expect("in a folder"))?;
            std::fs::write(file, &b.text)?;
        }
        blocks.extend(found);
    }
    Ok((blocks, pins))
}

pub(crate) fn load(path: &Path) -> Result<Vec<Pin>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let list: PinList = toml::from_str(&text).with_context(|| format!("{}", path.display()))?;
    let mut seen = std::collections::BTreeSet::new();
    for pin in &list.repo {
        if !seen.insert(&pin.repo) {
            bail!("{}: `{}` pinned twice", path.display(), pin.repo);
        }
        if pin.commit.len() != 40 || !pin.commit.bytes().all(|b| b.is_ascii_hexdigit()) {
            bail!(
                "{}: `{}`: commit must be a full 40-hex-digit id",
                path.display(),
                pin.repo
            );
        }
    }
    Ok(list.repo)
}

/// One harvested front matter block.
pub(crate) struct Block {
    pub(crate) repo: String,
    /// The file's path in the repository.
    pub(crate) path: String,
    /// The block as written, fences included; no body (a theme's
    /// shortcodes in it would fail the generated site for other reasons).
    pub(crate) text: String,
    /// An `_index.md`: built as a section, as in its repository.
    pub(crate) branch: bool,
}

pub(crate) fn harvest(pin: &Pin, mirrors: &Path, per_repo: usize) -> Result<Vec<Block>> {
    let git_dir = mirrors.join(pin.repo.replace('/', "+")).join("repo");
    if !git_dir.exists() {
        bail!(
            "no mirror of {} at {}; set SITEMAP_CORPUS_MIRRORS",
            pin.repo,
            git_dir.display()
        );
    }
    let listing = Command::new("git")
        .arg("--git-dir")
        .arg(&git_dir)
        .args(["ls-tree", "-r", "-z", "--name-only", &pin.commit, "--"])
        .args(&pin.content)
        .output()
        .with_context(|| format!("git ls-tree in {}", git_dir.display()))?;
    if !listing.status.success() {
        bail!(
            "{}: git ls-tree {}: {}",
            pin.repo,
            pin.commit,
            String::from_utf8_lossy(&listing.stderr).trim()
        );
    }
    let mut paths: Vec<String> = listing
        .stdout
        .split(|&b| b == 0)
        .filter_map(|p| std::str::from_utf8(p).ok())
        .filter(|p| p.ends_with(".md") || p.ends_with(".markdown"))
        .map(str::to_owned)
        .collect();
    paths.sort();
    let texts = read_blobs(&git_dir, &pin.commit, &paths)?;
    let blocks: Vec<Block> = paths
        .into_iter()
        .zip(texts)
        .filter_map(|(path, bytes)| {
            let text = String::from_utf8(bytes).ok()?;
            let block = front_matter_block(&text)?;
            let branch = path
                .rsplit('/')
                .next()
                .is_some_and(|n| n.starts_with("_index."));
            Some(Block {
                repo: pin.repo.clone(),
                path,
                text: block.to_owned(),
                branch,
            })
        })
        .collect();
    Ok(spread(blocks, per_repo))
}

/// At most `n` of `items`, evenly spread, in order: a repository's first
/// folder alone would say less than a sample of all of them.
fn spread<T>(items: Vec<T>, n: usize) -> Vec<T> {
    let len = items.len();
    if len <= n {
        return items;
    }
    items
        .into_iter()
        .enumerate()
        .filter(|(i, _)| (i * n) / len != ((i + 1) * n) / len)
        .map(|(_, item)| item)
        .collect()
}

/// The blobs of `paths` at `commit`, in one `git cat-file --batch`.
pub(crate) fn read_blobs(git_dir: &Path, commit: &str, paths: &[String]) -> Result<Vec<Vec<u8>>> {
    let mut child = Command::new("git")
        .arg("--git-dir")
        .arg(git_dir)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .context("git cat-file")?;
    let mut stdin = child.stdin.take().expect("piped");
    let requests: String = paths.iter().map(|p| format!("{commit}:{p}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
    let mut out = BufReader::new(child.stdout.take().expect("piped"));
    let mut blobs = Vec::with_capacity(paths.len());
    for path in paths {
        let mut header = String::new();
        out.read_line(&mut header)?;
        let size = match header.split_whitespace().collect::<Vec<_>>()[..] {
            [_, "blob", size] => size.parse::<usize>()?,
            // A missing blob (a large file the snapshot lacks) is no block.
            _ => {
                blobs.push(Vec::new());
                continue;
            }
        };
        let mut blob = vec![0; size + 1];
        out.read_exact(&mut blob)
            .with_context(|| format!("reading {path}"))?;
        blob.pop();
        blobs.push(blob);
    }
    writer.join().expect("writer thread")?;
    child.wait()?;
    Ok(blobs)
}

/// The front matter block opening `text` (after a byte-order mark), up to
/// and including its closing fence; the whole text when the block is
/// never closed (a refusal to compare too); `None` without front matter.
pub(crate) fn front_matter_block(text: &str) -> Option<&str> {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[start..];
    let fence = ["---", "+++"].into_iter().find(|f| {
        rest.starts_with(f)
            && rest[3..]
                .chars()
                .next()
                .is_none_or(|c| c == '\n' || c == '\r' || c == ' ' || c == '\t')
    });
    if let Some(fence) = fence {
        let first_newline = rest.find('\n')?;
        let mut offset = first_newline + 1;
        for line in rest[offset..].split_inclusive('\n') {
            offset += line.len();
            if line.trim_end() == fence {
                return Some(&text[..start + offset]);
            }
        }
        return Some(text);
    }
    if rest.starts_with('{') {
        return Some(&text[..start + json_object_end(rest)]);
    }
    None
}

/// Where the JSON object opening `text` ends: its braces counted outside
/// strings, as Hugo's page lexer counts them.
fn json_object_end(text: &str) -> usize {
    let (mut depth, mut in_string, mut escaped) = (0_usize, false, false);
    for (i, c) in text.char_indices() {
        match (in_string, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => in_string = false,
            (false, _, '"') => in_string = true,
            (false, _, '{') => depth += 1,
            (false, _, '}') => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_end_at_their_closing_fence() {
        let yaml = "---\ntitle: a\n---\nbody {{< x >}}\n";
        assert_eq!(front_matter_block(yaml), Some("---\ntitle: a\n---\n"));
        let toml = "\u{feff}+++\ntitle = \"a\"\n+++\r\nbody";
        assert_eq!(
            front_matter_block(toml),
            Some("\u{feff}+++\ntitle = \"a\"\n+++\r\n")
        );
        let json = "{\"title\": \"}{\", \"a\": {\"b\": 1}}\nbody";
        assert_eq!(
            front_matter_block(json),
            Some("{\"title\": \"}{\", \"a\": {\"b\": 1}}")
        );
        assert_eq!(front_matter_block("# no front matter\n"), None);
        assert_eq!(front_matter_block("----\nhr\n"), None);
    }

    #[test]
    fn spread_keeps_n_evenly() {
        let kept = spread((0..10).collect(), 3);
        assert_eq!(kept, [3, 6, 9]);
        assert_eq!(spread(vec![1, 2], 5), [1, 2]);
    }

    #[test]
    fn the_committed_pin_list_loads() {
        let pins = load(&crate::root().join("tests/corpus/front-matter.toml")).unwrap();
        assert!(pins.len() >= 60);
    }
}
