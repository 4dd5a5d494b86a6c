//! The files a chapter includes, as mdBook 0.5's `links` preprocessor
//! (`mdbook-driver`'s `links.rs`) expands them, so a chapter's `lastmod`
//! counts a listing that changed after the chapter's own text.
//!
//! - `{{#include FILE}}`, `{{#include FILE:ANCHOR}}`,
//!   `{{#include FILE:START:END}}`, `{{#rustdoc_include …}}` (same forms),
//!   `{{#playground FILE …}}` (and its old name `{{#playpen …}}`), with
//!   the link patterns mdBook uses; `FILE` is relative to the folder of the
//!   file the link is written in.
//! - `\{{#…}}` is escaped: mdBook writes it as text. Its pattern runs to
//!   the *last* `}}` on the line, so a link after it on the same line is
//!   escaped too, as in mdBook.
//! - An included file's text is expanded in turn, but only the part mdBook
//!   keeps: the line range or anchor of an `include`; every line of a
//!   `rustdoc_include` (the rest is hidden behind `# `, still expanded);
//!   the whole file of a `playground`. Links in lines an `include` leaves
//!   out are not deps.
//! - Nesting stops at mdBook's depth of 10: the file linked at that depth
//!   is dropped from the page, so it is no dep. A cycle (a file including
//!   itself) reaches that depth in mdBook; here each (file, part) is
//!   expanded once, and the cycle is a warning.
//! - A file mdBook cannot read leaves the link as text in the page; here
//!   that is a warning naming the chapter file and line.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;
use sitemap_core::diagnostic::{Diagnostic, Name, shown};

/// mdBook's `MAX_LINK_NESTED_DEPTH`.
const MAX_DEPTH: usize = 10;

/// mdBook's link pattern: an escaped link, or a link type and its
/// arguments.
static LINK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\\\{\{#.*\}\}|\{\{\s*#([a-zA-Z0-9_]+)\s+([^}]+)\}\}").expect("valid pattern")
});
static ANCHOR_START: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"ANCHOR:\s*(?P<name>[\w_-]+)").expect("valid pattern"));
static ANCHOR_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"ANCHOR_END:\s*(?P<name>[\w_-]+)").expect("valid pattern"));

/// What a chapter includes.
#[derive(Debug, Default)]
pub(crate) struct Includes {
    /// The files, relative to `src/` (`..` kept where a path leaves it),
    /// sorted, each once.
    pub(crate) deps: Vec<PathBuf>,
    /// Links mdBook cannot expand, at the chapter file and line.
    pub(crate) warnings: Vec<Diagnostic>,
}

/// Which part of an included file mdBook keeps, and so expands further.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Part {
    /// `include` with a line range: lines `start..end` (0-based).
    Lines(usize, Option<usize>),
    /// `include` with an anchor: the lines between its markers.
    Anchor(String),
    /// `rustdoc_include` with an anchor: every line but the markers.
    AllButMarkers,
    /// `rustdoc_include` with a range, `playground`: every line.
    Whole,
}

/// Finds the files `text`, the chapter `chapter` (relative to `src/`),
/// includes. `src_dir` is the book's `src/` on disk, `src_shown` as the
/// user knows it (`src`), for warnings.
pub(crate) fn of_chapter(src_dir: &Path, src_shown: &Path, chapter: &Path, text: &str) -> Includes {
    let shown = src_shown.join(chapter);
    let mut walk = Walk {
        src_dir,
        shown: &shown,
        src_shown: src_shown.to_owned(),
        done: HashMap::new(),
        stack: Vec::new(),
        out: Includes::default(),
        too_deep: false,
    };
    let dir = chapter.parent().unwrap_or(Path::new(""));
    walk.expand(text, dir, None, 0);
    if walk.too_deep {
        walk.out.warnings.push(
            Diagnostic::warning(format!(
                "includes nested more than {MAX_DEPTH} deep (a file including itself?); mdBook drops the innermost include from the page"
            ))
            .in_file(&shown),
        );
    }
    walk.out.deps.sort();
    walk.out.deps.dedup();
    walk.out
}

struct Walk<'a> {
    src_dir: &'a Path,
    shown: &'a Path,
    /// `src/` as the user knows it, for naming an included file.
    src_shown: PathBuf,
    /// Each (file, part) expanded, at the smallest depth so far: from a
    /// deeper one it can only reach less.
    done: HashMap<(PathBuf, Part), usize>,
    /// The (file, part)s being expanded, outermost first: one met again
    /// is a cycle, which mdBook follows down to its depth limit.
    stack: Vec<(PathBuf, Part)>,
    out: Includes,
    too_deep: bool,
}

impl Walk<'_> {
    /// Expands the links in `text`, written in a file in `dir` (relative
    /// to `src/`); `from` names that file when it is an included one.
    fn expand(&mut self, text: &str, dir: &Path, from: Option<&Path>, depth: usize) {
        for cap in LINK.captures_iter(text) {
            let (Some(kind), Some(args)) = (cap.get(1), cap.get(2)) else {
                // Escaped: written as text.
                continue;
            };
            let mut args = args.as_str().split_whitespace();
            let Some(target) = args.next() else { continue };
            let (file, part) = match kind.as_str() {
                "include" => {
                    let (file, rest) = split_target(target);
                    (file, include_part(rest))
                }
                "rustdoc_include" => {
                    let (file, rest) = split_target(target);
                    let part = match include_part(rest) {
                        Part::Anchor(_) => Part::AllButMarkers,
                        _ => Part::Whole,
                    };
                    (file, part)
                }
                "playground" | "playpen" => (target, Part::Whole),
                // `title` and types mdBook does not know read no file.
                _ => continue,
            };
            let written = dir.join(file);
            let rel = normalize(&written);
            let included = match sitemap_core::input::read_regular_text(
                &self.src_dir.join(&written),
                crate::MAX_CHAPTER_BYTES,
            ) {
                Ok(included) => included,
                Err(e) => {
                    let link = &cap[0];
                    let line = text[..cap.get(0).map_or(0, |m| m.start())]
                        .matches('\n')
                        .count()
                        + 1;
                    self.missing(link, &rel, from, line, &e);
                    continue;
                }
            };
            if depth >= MAX_DEPTH {
                self.too_deep = true;
                continue;
            }
            self.out.deps.push(rel.clone());
            let key = (rel.clone(), part.clone());
            if self.stack.contains(&key) {
                // Nothing new to find, but mdBook recurses to its limit.
                self.too_deep = true;
                continue;
            }
            if self.done.get(&key).is_some_and(|&d| d <= depth) {
                continue;
            }
            self.done.insert(key.clone(), depth);
            let kept = keep(&included, &part);
            let dir = rel.parent().map(Path::to_owned).unwrap_or_default();
            self.stack.push(key);
            self.expand(&kept, &dir, Some(&rel), depth + 1);
            self.stack.pop();
        }
    }

    fn missing(
        &mut self,
        link: &str,
        rel: &Path,
        from: Option<&Path>,
        line: usize,
        error: &std::io::Error,
    ) {
        let target = normalize(&self.src_shown.join(rel));
        let link = Name::new(link);
        let said = format!(
            "{link}: cannot read {} ({error}); mdBook leaves the link as text in the page; correct the path, or write \\{link} to show it as text",
            shown::path(&target)
        );
        self.out.warnings.push(match from {
            // The line is the chapter's; in an included file the kept
            // part's lines are not the file's, so the file is named.
            None => Diagnostic::warning(said).at(self.shown, line as u64),
            Some(file) => Diagnostic::warning(format!(
                "{} (in {}, which it includes): {said}",
                shown::path(self.shown),
                shown::path(&normalize(&self.src_shown.join(file)))
            )),
        });
    }
}

/// `FILE:REST` → (`FILE`, `REST`).
fn split_target(target: &str) -> (&str, Option<&str>) {
    match target.split_once(':') {
        Some((file, rest)) => (file, Some(rest)),
        None => (target, None),
    }
}

/// mdBook's reading of what follows `FILE:` in an `include`: a 1-based
/// line, a `START:END` range (either side may be empty), or an anchor.
fn include_part(rest: Option<&str>) -> Part {
    let mut parts = rest.unwrap_or("").splitn(3, ':');
    let first = parts.next();
    let start = match first {
        Some("") | None => None,
        Some(s) => match s.parse::<usize>() {
            Ok(n) => Some(n.saturating_sub(1)),
            Err(_) => return Part::Anchor(s.to_owned()),
        },
    };
    let end = parts.next().map(str::parse::<usize>);
    match (start, end) {
        (Some(start), Some(Ok(end))) => Part::Lines(start, Some(end)),
        (Some(start), Some(Err(_))) => Part::Lines(start, None),
        (Some(start), None) => Part::Lines(start, Some(start + 1)),
        (None, Some(Ok(end))) => Part::Lines(0, Some(end)),
        (None, _) => Part::Whole,
    }
}

/// The part of `text` mdBook keeps for `part` (markers and all, where they
/// are kept), joined by newlines.
fn keep(text: &str, part: &Part) -> String {
    let lines: Vec<&str> = match part {
        Part::Whole => return text.to_owned(),
        Part::Lines(start, end) => {
            let take = end.map_or(usize::MAX, |e| e.saturating_sub(*start));
            text.lines().skip(*start).take(take).collect()
        }
        Part::AllButMarkers => text
            .lines()
            .filter(|l| !ANCHOR_START.is_match(l) && !ANCHOR_END.is_match(l))
            .collect(),
        Part::Anchor(name) => {
            let mut inside = false;
            let mut kept = Vec::new();
            for line in text.lines() {
                if inside {
                    match ANCHOR_END.captures(line) {
                        Some(cap) if &cap["name"] == name => break,
                        Some(_) => {}
                        None if ANCHOR_START.is_match(line) => {}
                        None => kept.push(line),
                    }
                } else if ANCHOR_START
                    .captures(line)
                    .is_some_and(|cap| &cap["name"] == name)
                {
                    inside = true;
                }
            }
            kept
        }
    };
    lines.join("\n")
}

/// `path` with `.` dropped and each `..` taking off the name before it;
/// a `..` with nothing before it stays (a file beside `src/`).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_as_mdbook_reads_them() {
        assert_eq!(include_part(None), Part::Whole);
        assert_eq!(include_part(Some("2")), Part::Lines(1, Some(2)));
        assert_eq!(include_part(Some("2:4")), Part::Lines(1, Some(4)));
        assert_eq!(include_part(Some("2:")), Part::Lines(1, None));
        assert_eq!(include_part(Some(":4")), Part::Lines(0, Some(4)));
        assert_eq!(include_part(Some("::")), Part::Whole);
        assert_eq!(include_part(Some("main")), Part::Anchor("main".into()));
    }

    #[test]
    fn kept_lines() {
        let text = "a\n// ANCHOR: x\nb\n// ANCHOR: y\nc\n// ANCHOR_END: y\nd\n// ANCHOR_END: x\ne";
        assert_eq!(keep(text, &Part::Anchor("x".into())), "b\nc\nd");
        assert_eq!(keep(text, &Part::Anchor("y".into())), "c");
        assert_eq!(keep(text, &Part::Lines(0, Some(1))), "a");
        assert_eq!(keep(text, &Part::Lines(6, None)), "d\n// ANCHOR_END: x\ne");
        assert_eq!(keep(text, &Part::AllButMarkers), "a\nb\nc\nd\ne");
    }

    /// A file that includes itself twice is read a handful of times, not
    /// the 2^10 of mdBook's walk to its depth limit, and the cycle is a
    /// warning; a missing file named in an included one names both.
    #[test]
    fn include_cycle_stops_at_the_depth_limit() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("src");
        std::fs::create_dir_all(src.join("parts")).unwrap();
        std::fs::write(
            src.join("parts/loop.md"),
            "{{#include loop.md}}\n{{#include loop.md:1}}\n{{#include gone.rs}}\n",
        )
        .unwrap();
        let found = of_chapter(
            &src,
            Path::new("src"),
            Path::new("ch.md"),
            "# Ch\n\n{{#include parts/loop.md}}\n",
        );
        assert_eq!(found.deps, [PathBuf::from("parts/loop.md")]);
        let said: Vec<String> = found
            .warnings
            .iter()
            .map(|w| w.unlabelled().to_string())
            .collect();
        assert_eq!(
            said,
            [
                "src/ch.md (in src/parts/loop.md, which it includes): {{#include gone.rs}}: cannot read src/parts/gone.rs (No such file or directory (os error 2)); mdBook leaves the link as text in the page; correct the path, or write \\{{#include gone.rs}} to show it as text",
                "src/ch.md: includes nested more than 10 deep (a file including itself?); mdBook drops the innermost include from the page",
            ]
        );
    }

    #[test]
    fn normalized_paths() {
        assert_eq!(normalize(Path::new("a/./b/../c")), Path::new("a/c"));
        assert_eq!(normalize(Path::new("../x/../../y")), Path::new("../../y"));
    }
}
