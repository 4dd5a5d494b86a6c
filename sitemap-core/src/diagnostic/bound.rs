//! A bound on how many findings of one [`Kind`] a run names: a real site
//! has a stale key or a broken page or two; a configuration of thousands
//! of unknown keys, or a built folder of thousands of broken pages, is
//! named twenty times, then counted.

use std::collections::HashMap;
use std::path::PathBuf;

use super::{Diagnostic, Kind};

/// The most findings of one kind a run names.
pub const MOST_OF_A_KIND: usize = 20;

/// `diagnostics` with at most [`MOST_OF_A_KIND`] of each kind, in their
/// order; after the last one named, one more line counts the rest:
/// `and 312 more {more}`, with the file they share (if they do) and the
/// worst severity among them. Findings of no kind are all kept.
///
/// ```
/// use sitemap_core::diagnostic::{Diagnostic, Kind, bound_kinds};
///
/// const KEY: Kind = Kind::new("unknown-key", "unknown keys");
/// let found = (0..25).map(|i| Diagnostic::warning(format!("`k{i}`")).in_file("z.toml").with_kind(KEY));
/// let shown = bound_kinds(found.collect());
/// assert_eq!(shown.len(), 21);
/// assert_eq!(shown[20].to_string(), "z.toml: warning: and 5 more unknown keys");
/// ```
pub fn bound_kinds(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut total: HashMap<Kind, usize> = HashMap::new();
    for kind in diagnostics.iter().filter_map(|d| d.kind) {
        *total.entry(kind).or_default() += 1;
    }
    if total.values().all(|&n| n <= MOST_OF_A_KIND) {
        return diagnostics;
    }
    let mut cut: HashMap<Kind, Cut> = HashMap::new();
    let mut seen: HashMap<Kind, usize> = HashMap::new();
    let mut out = Vec::with_capacity(diagnostics.len());
    // Where each kind's count goes: after its last finding named.
    let mut count_at: Vec<(usize, Kind)> = Vec::new();
    for d in diagnostics {
        let Some(kind) = d.kind else {
            out.push(d);
            continue;
        };
        let n = seen.entry(kind).or_default();
        *n += 1;
        if *n <= MOST_OF_A_KIND {
            out.push(d);
            if *n == MOST_OF_A_KIND && total[&kind] > MOST_OF_A_KIND {
                count_at.push((out.len(), kind));
            }
            continue;
        }
        cut.entry(kind)
            .and_modify(|c| c.add(&d))
            .or_insert_with(|| Cut::new(&d));
    }
    for (at, kind) in count_at.into_iter().rev() {
        let c = &cut[&kind];
        let mut count = Diagnostic::new(c.severity, format!("and {} more {}", c.count, kind.more))
            .with_kind(kind);
        count.file = c.file.clone().flatten();
        out.insert(at, count);
    }
    out
}

/// What the findings left out of one kind have in common.
struct Cut {
    count: usize,
    severity: super::Severity,
    /// `Some(file)` while they all name the same file (or none).
    file: Option<Option<PathBuf>>,
}

impl Cut {
    fn new(d: &Diagnostic) -> Cut {
        Cut {
            count: 1,
            severity: d.severity,
            file: Some(d.file.clone()),
        }
    }

    fn add(&mut self, d: &Diagnostic) {
        self.count += 1;
        self.severity = self.severity.max(d.severity);
        if self.file.as_ref().is_some_and(|f| *f != d.file) {
            self.file = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Kind = Kind::new("a", "a-findings");
    const B: Kind = Kind::new("b", "b-findings");

    #[test]
    fn each_kind_is_cut_alone_and_counted_where_it_stops() {
        let mut all = Vec::new();
        for i in 0..30 {
            all.push(
                Diagnostic::warning(format!("a{i}"))
                    .in_file(format!("f{}", i % 2))
                    .with_kind(A),
            );
            all.push(
                Diagnostic::warning(format!("b{i}"))
                    .in_file("g")
                    .with_kind(B),
            );
            if i == 25 {
                all.push(Diagnostic::error("b-bad").in_file("g").with_kind(B));
                all.push(Diagnostic::warning("plain"));
            }
        }
        let shown: Vec<String> = bound_kinds(all).iter().map(ToString::to_string).collect();
        assert_eq!(shown.len(), 20 + 20 + 2 + 1);
        assert_eq!(shown[38], "f1: warning: a19");
        assert_eq!(shown[39], "warning: and 10 more a-findings");
        assert_eq!(shown[40], "g: warning: b19");
        assert_eq!(shown[41], "g: error: and 11 more b-findings");
        assert_eq!(shown[42], "warning: plain");
    }

    #[test]
    fn twenty_of_a_kind_are_all_named() {
        let all: Vec<Diagnostic> = (0..MOST_OF_A_KIND)
            .map(|i| Diagnostic::warning(format!("a{i}")).with_kind(A))
            .collect();
        assert_eq!(bound_kinds(all.clone()), all);
    }
}
