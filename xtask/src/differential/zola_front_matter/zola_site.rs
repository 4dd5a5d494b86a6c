//! Blocks built by the real Zola: many pages and sections a generated
//! site, whose home template prints, for each block, what Zola made of
//! its front matter (`get_page`/`get_section` as JSON, and the URL of
//! each of its taxonomy terms). A site Zola refuses is rebuilt without
//! the file its error names (or, when it names none, as two halves), so
//! every block gets its own verdict.
//!
//! What is not front matter is given what it needs so that only front
//! matter can refuse a block: every taxonomy a block names is declared,
//! and every template it names exists (empty).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use serde_json::Value;

use crate::differential::front_matter::harvest::Block;

/// The site's base URL; a printed permalink minus this is its path.
pub(super) const BASE_URL: &str = "https://diff.example.org";

/// The file of block `i` in a generated site, below `content/`: a page
/// keeps its file name (`2024-05-01-hello.md` gives Zola a date and a
/// slug) and a bundle its folder's, in a folder of its own; a name with
/// a language suffix (which needs the site's languages) or one the home
/// template cannot quote becomes `index.md`.
pub(super) fn content_file(i: usize, block: &Block) -> String {
    if block.branch {
        return format!("s{i}/_index.md");
    }
    let mut parts = block.path.rsplit('/');
    let name = parts.next().unwrap_or_default();
    let parent = parts.next().unwrap_or_default();
    let plain = |s: &str| !s.is_empty() && !s.contains(['"', '\\', '{', '}', '%']);
    match name.strip_suffix(".md") {
        Some("index") if plain(parent) && !parent.contains('.') => {
            format!("p{i}/{parent}/index.md")
        }
        Some(stem) if stem != "index" && plain(stem) && !stem.contains('.') => {
            format!("p{i}/{name}")
        }
        _ => format!("p{i}/index.md"),
    }
}

/// What Zola made of one block.
pub(super) enum Verdict {
    /// The values the home template printed, with `rendered` (whether
    /// Zola wrote the block's page) and `terms` (its terms' URL paths).
    Built(Value),
    /// Zola refused the site with only this block in it: its message.
    Refused(String),
}

/// The site configuration for `blocks`: every taxonomy they name.
pub(super) fn config(blocks: &[&Block]) -> String {
    let mut names = BTreeSet::new();
    for block in blocks {
        names.extend(named(block, "taxonomies"));
    }
    let list: Vec<String> = names
        .iter()
        .map(|n| format!("{{ name = {} }}", Value::String(n.clone())))
        .collect();
    format!(
        "base_url = \"{BASE_URL}\"\ncompile_sass = false\nbuild_search_index = false\ngenerate_feeds = false\ntaxonomies = [{}]\n",
        list.join(", ")
    )
}

/// The keys of the table `table` in the block (taxonomy names), or, for
/// `template`, the templates it names; read loosely (a block Zola
/// refuses may name anything), since a name too many costs nothing.
fn named(block: &Block, table: &str) -> Vec<String> {
    let body = block
        .text
        .trim_start_matches('\u{feff}')
        .lines()
        .skip(1)
        .take_while(|l| l.trim_end() != "+++" && l.trim_end() != "---");
    let toml = block.text.trim_start_matches('\u{feff}').starts_with("+++");
    let mut found = Vec::new();
    if toml {
        let text: Vec<&str> = body.collect();
        if let Ok(value) = text.join("\n").parse::<toml::Table>() {
            if table == "template" {
                for key in ["template", "page_template"] {
                    if let Some(toml::Value::String(s)) = value.get(key) {
                        found.push(s.clone());
                    }
                }
            } else if let Some(toml::Value::Table(t)) = value.get(table) {
                found.extend(t.keys().cloned());
            }
        }
        return found;
    }
    // YAML: `table:` then its indented keys; `template: x.html`.
    let mut inside = false;
    for line in body {
        let trimmed = line.trim_end();
        if table == "template" {
            for key in ["template:", "page_template:"] {
                if let Some(v) = trimmed.strip_prefix(key) {
                    found.push(v.trim().trim_matches(['"', '\'']).to_owned());
                }
            }
            continue;
        }
        if trimmed == format!("{table}:") {
            inside = true;
        } else if inside && line.starts_with([' ', '\t']) {
            let key = trimmed.trim_start();
            if !key.starts_with('-')
                && let Some((k, _)) = key.split_once(':')
            {
                found.push(k.trim().trim_matches(['"', '\'']).to_owned());
            }
        } else if !trimmed.is_empty() {
            inside = false;
        }
    }
    found
}

/// The home template: one `BLOCK i` line of JSON, then a `TERM i` line
/// for each term URL, for every block.
fn home_template(blocks: &[Block], ids: &[usize]) -> String {
    let mut t = String::new();
    for &i in ids {
        let file = content_file(i, &blocks[i]);
        if blocks[i].branch {
            let _ = writeln!(
                t,
                "{{% set s = get_section(path=\"{file}\", metadata_only=true) %}}BLOCK {i} {{{{ s | json_encode() | safe }}}}"
            );
        } else {
            let _ = writeln!(
                t,
                "{{% set p = get_page(path=\"{file}\") %}}BLOCK {i} {{{{ p | json_encode() | safe }}}}\n{{% for kind, terms in p.taxonomies %}}{{% for term in terms %}}TERM {i} {{{{ get_taxonomy_url(kind=kind, name=term) | safe }}}}\n{{% endfor %}}{{% endfor %}}"
            );
        }
    }
    t
}

/// Builds the blocks `ids` (indices into `blocks`) in `work`, returning
/// one verdict each.
pub(super) fn build(
    zola: &Path,
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
        match build_once(zola, work, blocks, &set)? {
            Ok(found) => verdicts.extend(found),
            Err(message) => {
                let named: Vec<usize> = (0..set.len())
                    .filter(|&pos| {
                        let i = set[pos];
                        message.contains(&format!("content/{}", content_file(i, &blocks[i])))
                    })
                    .collect();
                // Two files named (a path collision) are two blocks each
                // fine alone: split them apart rather than blame one.
                let named = match named[..] {
                    [pos] => Some(pos),
                    _ => None,
                };
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

/// Writes the generated site for `ids` into `site`.
pub(super) fn write_site(site: &Path, blocks: &[Block], ids: &[usize]) -> Result<()> {
    if site.exists() {
        std::fs::remove_dir_all(site)?;
    }
    let templates = site.join("templates");
    std::fs::create_dir_all(&templates)?;
    let chosen: Vec<&Block> = ids.iter().map(|&i| &blocks[i]).collect();
    std::fs::write(site.join("zola.toml"), config(&chosen))?;
    let mut names: BTreeSet<String> = [
        "page.html",
        "section.html",
        "taxonomy_list.html",
        "taxonomy_single.html",
    ]
    .map(str::to_owned)
    .into();
    for block in &chosen {
        names.extend(named(block, "template"));
    }
    for name in names {
        // A name that climbs out of the folder is no template Zola finds.
        if name.is_empty() || name.contains("..") || name.starts_with('/') {
            continue;
        }
        let file = templates.join(&name);
        std::fs::create_dir_all(file.parent().expect("in a folder"))?;
        std::fs::write(file, "")?;
    }
    std::fs::write(templates.join("index.html"), home_template(blocks, ids))?;
    for &i in ids {
        let file = site.join("content").join(content_file(i, &blocks[i]));
        std::fs::create_dir_all(file.parent().expect("in a folder"))?;
        std::fs::write(&file, &blocks[i].text)?;
    }
    Ok(())
}

/// One build: `Ok` with each block's verdict, or `Err` with Zola's message.
fn build_once(
    zola: &Path,
    work: &Path,
    blocks: &[Block],
    ids: &[usize],
) -> Result<std::result::Result<Vec<(usize, Verdict)>, String>> {
    let site = work.join("site");
    write_site(&site, blocks, ids)?;
    let out = work.join("public");
    if out.exists() {
        std::fs::remove_dir_all(&out)?;
    }
    let output = Command::new(zola)
        .arg("--root")
        .arg(&site)
        .arg("build")
        .arg("--output-dir")
        .arg(&out)
        .arg("--force")
        .arg("--drafts")
        .output()
        .with_context(|| format!("running {}", zola.display()))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr).trim().to_owned();
        return Ok(Err(message.replace(&format!("{}/", site.display()), "")));
    }
    let home = std::fs::read_to_string(out.join("index.html")).context("index.html")?;
    Ok(Ok(read_home(&home, &out)?))
}

/// The verdicts the home page printed; `out` says which pages Zola wrote.
pub(super) fn read_home(home: &str, out: &Path) -> Result<Vec<(usize, Verdict)>> {
    let mut found: Vec<(usize, Value)> = Vec::new();
    for line in home.lines() {
        if let Some(rest) = line.strip_prefix("BLOCK ") {
            let (i, json) = rest.split_once(' ').context("BLOCK line")?;
            let mut value: Value =
                serde_json::from_str(json).with_context(|| format!("block {i}: Zola's JSON"))?;
            let path = value["path"].as_str().unwrap_or_default().to_owned();
            let rendered = out
                .join(path.trim_start_matches('/'))
                .join("index.html")
                .is_file();
            value["rendered"] = Value::Bool(rendered);
            value["terms"] = Value::Array(Vec::new());
            found.push((i.parse()?, value));
        } else if let Some(rest) = line.strip_prefix("TERM ") {
            let (i, url) = rest.split_once(' ').context("TERM line")?;
            let i: usize = i.parse()?;
            let path = url.strip_prefix(BASE_URL).unwrap_or(url).to_owned();
            if let Some((_, v)) = found.iter_mut().rev().find(|(j, _)| *j == i) {
                v["terms"]
                    .as_array_mut()
                    .expect("set above")
                    .push(Value::String(path));
            }
        }
    }
    Ok(found
        .into_iter()
        .map(|(i, v)| (i, Verdict::Built(v)))
        .collect())
}
