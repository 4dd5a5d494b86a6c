//! Blocks built by the real Hugo: many pages a generated site, whose home
//! page's only output (`fmdiff.json`) prints, for each page, what Hugo
//! made of its front matter. A site Hugo refuses is rebuilt without the
//! page its error names (or, when it names none, as two halves), so every
//! block gets its own verdict.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use serde_json::Value;

use super::harvest::Block;

const CONFIG: &str = r#"baseURL = "https://diff.example.org/"
disableKinds = ["RSS", "sitemap", "robotsTXT", "404"]
[outputs]
home = ["fmdiff"]
section = []
page = []
taxonomy = []
term = []
[outputFormats.fmdiff]
mediaType = "application/json"
baseName = "fmdiff"
isPlainText = true
notAlternative = true
"#;

/// Dates as instants in UTC (`lastmodAsWritten`: in the offset written,
/// as a sitemap keeps it), or "" for Go's zero time.
const LAYOUT: &str = r#"{{- define "partials/fmdiff-term" }}{{ return .RelPermalink }}{{ end -}}
{{- define "partials/fmdiff-date" }}{{ return (cond .IsZero "" (.UTC.Format "2006-01-02T15:04:05Z")) }}{{ end -}}
{{- range site.Data.fmdiff.paths -}}
{{- with site.GetPage . -}}
{{ dict "path" .File.Dir "kind" .Kind "slug" .Slug "draft" .Draft "weight" .Weight "aliases" .Aliases
  "date" (partial "fmdiff-date" .Date) "lastmod" (partial "fmdiff-date" .Lastmod)
  "lastmodAsWritten" (cond .Lastmod.IsZero "" (.Lastmod.Format "2006-01-02T15:04:05Z07:00"))
  "publishDate" (partial "fmdiff-date" .PublishDate) "expiryDate" (partial "fmdiff-date" .ExpiryDate)
  "title" .Title "relPermalink" .RelPermalink "listed" (in site.AllPages .)
  "changefreq" .Sitemap.ChangeFreq "priority" .Sitemap.Priority "translationKey" .TranslationKey
  "tags" (apply (.GetTerms "tags") "partial" "fmdiff-term" ".")
  "categories" (apply (.GetTerms "categories") "partial" "fmdiff-term" ".")
  "params" .Params | jsonify }}
{{ end -}}
{{- end -}}
"#;

/// The page path of block `i` in a generated site.
pub(super) fn page_file(i: usize, block: &Block) -> String {
    if block.branch {
        format!("content/s{i}/_index.md")
    } else {
        format!("content/p{i}/index.md")
    }
}

/// What Hugo made of one block.
pub(super) enum Verdict {
    /// The page's values, as the layout printed them.
    Built(Value),
    /// Hugo refused the site with only this page in it: its message.
    Refused(String),
}

/// Builds the blocks `ids` (indices into `blocks`) in `work`, returning
/// one verdict each, in the order of `ids`.
pub(super) fn build(
    hugo: &Path,
    work: &Path,
    blocks: &[Block],
    ids: &[usize],
) -> Result<Vec<(usize, Verdict)>> {
    let mut verdicts = Vec::new();
    let mut pending = vec![ids.to_vec()];
    while let Some(mut set) = pending.pop() {
        if set.is_empty() {
            continue;
        }
        match build_once(hugo, work, blocks, &set)? {
            Ok(pages) => {
                for i in set {
                    let found = pages.iter().find(|p| p["path"] == dir_of(i, &blocks[i]));
                    verdicts.push((
                        i,
                        match found {
                            Some(page) => Verdict::Built(page.clone()),
                            None => Verdict::Refused("built, but no page at its path".into()),
                        },
                    ));
                }
            }
            Err(message) => {
                let named = set
                    .iter()
                    .position(|&i| message.contains(&format!("content/{}", dir_of(i, &blocks[i]))));
                match named {
                    Some(pos) => {
                        let i = set.remove(pos);
                        verdicts.push((i, Verdict::Refused(message)));
                        pending.push(set);
                    }
                    None if set.len() == 1 => verdicts.push((set[0], Verdict::Refused(message))),
                    None => {
                        let second = set.split_off(set.len() / 2);
                        pending.push(set);
                        pending.push(second);
                    }
                }
            }
        }
    }
    Ok(verdicts)
}

/// The folder of block `i`'s page, as Hugo's `.File.Dir` prints it.
fn dir_of(i: usize, block: &Block) -> String {
    let file = page_file(i, block);
    let dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    format!("{}/", dir.trim_start_matches("content/"))
}

/// One build: `Ok` with the printed pages, or `Err` with Hugo's message.
fn build_once(
    hugo: &Path,
    work: &Path,
    blocks: &[Block],
    ids: &[usize],
) -> Result<std::result::Result<Vec<Value>, String>> {
    let site = work.join("site");
    if site.exists() {
        std::fs::remove_dir_all(&site)?;
    }
    for dir in ["layouts", "data", "content"] {
        std::fs::create_dir_all(site.join(dir))?;
    }
    std::fs::write(site.join("hugo.toml"), CONFIG)?;
    std::fs::write(site.join("layouts/index.fmdiff.json"), LAYOUT)?;
    let mut paths = Vec::new();
    for &i in ids {
        let file = site.join(page_file(i, &blocks[i]));
        std::fs::create_dir_all(file.parent().expect("in a folder"))?;
        std::fs::write(&file, &blocks[i].text)?;
        let dir = dir_of(i, &blocks[i]);
        paths.push(format!("/{}", dir.trim_end_matches('/')));
    }
    std::fs::write(
        site.join("data/fmdiff.json"),
        serde_json::to_string(&serde_json::json!({ "paths": paths }))?,
    )?;
    let out = work.join("public");
    if out.exists() {
        std::fs::remove_dir_all(&out)?;
    }
    let output = Command::new(hugo)
        .arg("--source")
        .arg(&site)
        .arg("--destination")
        .arg(&out)
        .args([
            "--buildDrafts",
            "--buildFuture",
            "--buildExpired",
            "--quiet",
        ])
        .output()
        .with_context(|| format!("running {}", hugo.display()))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr).trim().to_owned();
        return Ok(Err(message.replace(&format!("{}/", site.display()), "")));
    }
    let json = std::fs::read_to_string(out.join("fmdiff.json")).context("fmdiff.json")?;
    let pages = json
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect::<std::result::Result<Vec<Value>, _>>()
        .context("parsing fmdiff.json")?;
    Ok(Ok(pages))
}
