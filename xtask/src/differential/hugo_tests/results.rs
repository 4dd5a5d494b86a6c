//! What a run says: a line per site as it finishes, `report.txt` in each
//! site's folder, the summary counts, and `results.md` (the counts, a
//! table of causes, and one line for every site that differs or that
//! one side refuses, grouped by cause).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::compare::Outcome;
use super::{Origin, Record};

/// How many URLs of each side a line names.
const SHOWN: usize = 2;

/// The counts of a run and what `results.md` is made from.
pub(super) struct Report<'a> {
    pub(super) version: &'a str,
    pub(super) commit: &'a str,
    /// The commit as `git describe` names it; empty when it cannot.
    pub(super) described: &'a str,
    /// Which build of ours ran (its speed is most of a run's time).
    pub(super) ours: &'a str,
    pub(super) records: &'a [Record],
    pub(super) minutes: u64,
    pub(super) jobs: usize,
}

/// The verdict's words, as the summary and the tables say them.
pub(super) fn verdict(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Equal => "equal",
        Outcome::Differs { .. } => "differs",
        Outcome::RefusedByOurs(_) => "refused by ours",
        Outcome::RefusedByHugo(_) => "refused by Hugo only",
        Outcome::RefusedByBoth(_) => "refused by both",
        Outcome::HugoFails(_) => "Hugo fails",
        Outcome::NoSitemap(_) => "no sitemap from Hugo",
    }
}

/// Whether Hugo built the site with a sitemap: the verdicts the
/// percentage is of.
fn built(outcome: &Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Equal | Outcome::Differs { .. } | Outcome::RefusedByOurs(_)
    )
}

/// `equal of whole, xx.x %`.
fn percent(equal: usize, whole: usize) -> String {
    match whole {
        0 => "no site".to_owned(),
        n => format!("{equal} of {n}, {:.1} %", equal as f64 * 100.0 / n as f64),
    }
}

/// An [`Origin`] as the results name it.
fn origin_words(origin: Origin) -> String {
    match origin {
        Origin::AsWritten => "a literal with a configuration file, its sitemap on".to_owned(),
        Origin::SitemapEnabled => "`sitemap` taken out of its `disableKinds`".to_owned(),
        Origin::NoConfig => {
            "no configuration file: an empty `hugo.toml` (Hugo's defaults)".to_owned()
        }
        Origin::Rewritten(why) => format!("rewritten by its test, built as written: {why}"),
    }
}

/// The verdicts a run fails on: a difference, or a refusal by one side
/// only.
pub(crate) const OPEN: [&str; 3] = ["differs", "refused by ours", "refused by Hugo only"];

/// Whether the site is one the run fails on ([`OPEN`]).
fn is_open(outcome: &Outcome) -> bool {
    OPEN.contains(&verdict(outcome))
}

/// The short account of a site's verdict: the first URLs of each side,
/// or the refusing side's message.
fn detail(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Differs {
            only_hugo,
            only_ours,
        } => {
            let side = |label: &str, urls: &[String]| {
                if urls.is_empty() {
                    return None;
                }
                let mut s = format!("{label} {}", urls.len());
                for u in urls.iter().take(SHOWN) {
                    let _ = write!(s, " `{u}`");
                }
                if urls.len() > SHOWN {
                    s.push_str(" …");
                }
                Some(s)
            };
            [side("only Hugo", only_hugo), side("only ours", only_ours)]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join("; ")
        }
        Outcome::RefusedByOurs(m)
        | Outcome::RefusedByHugo(m)
        | Outcome::RefusedByBoth(m)
        | Outcome::HugoFails(m) => short(m),
        Outcome::NoSitemap(Some(n)) => format!("ours lists {n} URLs"),
        Outcome::NoSitemap(None) => "ours refused it too".to_owned(),
        Outcome::Equal => String::new(),
    }
}

/// A tool's message for one table cell: this machine's paths cut to the
/// site's, one line, at most 160 characters.
fn short(message: &str) -> String {
    let mut m = message.to_owned();
    // `…/sites/<site>/root/site/` and Hugo's quoted forms of it.
    while let Some(at) = m.find("/root/site") {
        let start = m[..at].rfind([' ', '"', '(', '\'']).map_or(0, |i| i + 1);
        m.replace_range(start..at + "/root/site".len(), "");
    }
    let m = m.trim_start_matches("ERROR ").trim_start_matches("error: ");
    let mut out: String = m.chars().take(160).collect();
    if m.chars().count() > 160 {
        out.push('…');
    }
    out.replace('|', "\\|")
}

/// The line printed as a site finishes, for those that are neither
/// equal nor out of the comparison from the start.
pub(super) fn progress_line(r: &Record) -> Option<String> {
    if matches!(r.outcome, Outcome::Equal | Outcome::NoSitemap(_)) {
        return None;
    }
    Some(format!(
        "{}: {}: {}",
        r.name,
        verdict(&r.outcome),
        detail(&r.outcome)
    ))
}

/// `report.txt` of a site: the verdict, the cause, every differing URL.
pub(super) fn site_report(r: &Record) -> String {
    let mut s = format!("{}\n{}\n", r.name, verdict(&r.outcome));
    if let Some(cause) = &r.cause {
        let _ = writeln!(s, "cause: {cause}");
    }
    match &r.outcome {
        Outcome::Differs {
            only_hugo,
            only_ours,
        } => {
            for u in only_hugo {
                let _ = writeln!(s, "only Hugo: {u}");
            }
            for u in only_ours {
                let _ = writeln!(s, "only ours: {u}");
            }
        }
        other => {
            let _ = writeln!(s, "{}", detail(other));
        }
    }
    s
}

impl Report<'_> {
    fn count(&self, f: impl Fn(&Outcome) -> bool) -> usize {
        self.records.iter().filter(|r| f(&r.outcome)).count()
    }

    /// `(verdict, sites)` in the order the summary gives them.
    pub(super) fn counts(&self) -> Vec<(String, usize)> {
        let mut rows = vec![("txtar literals".to_owned(), self.records.len())];
        let by = |v: &str| self.count(|o| verdict(o) == v);
        rows.push(("Hugo built with a sitemap".to_owned(), self.built()));
        for v in ["equal", "differs", "refused by ours"] {
            rows.push((format!("- {v}"), by(v)));
        }
        for v in [
            "no sitemap from Hugo",
            "refused by Hugo only",
            "refused by both",
            "Hugo fails",
        ] {
            rows.push((v.to_owned(), by(v)));
        }
        rows
    }

    /// The sites Hugo built with a sitemap: the percentage's whole.
    pub(super) fn built(&self) -> usize {
        self.count(built)
    }

    /// The sites Hugo built with a sitemap that ours lists equal.
    pub(super) fn equal(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Equal))
    }

    fn percent(&self) -> String {
        percent(self.equal(), self.built())
    }

    /// `(origin, sites, built with a sitemap, equal)`, one row for each
    /// [`Origin`] present, in its order.
    fn by_origin(&self) -> Vec<(String, [usize; 3])> {
        let mut rows: BTreeMap<Origin, [usize; 3]> = BTreeMap::new();
        for r in self.records {
            let row = rows.entry(r.origin).or_default();
            row[0] += 1;
            row[1] += usize::from(built(&r.outcome));
            row[2] += usize::from(matches!(r.outcome, Outcome::Equal));
        }
        rows.into_iter()
            .map(|(origin, n)| (origin_words(origin), n))
            .collect()
    }

    /// The content adapter sites Hugo built with a sitemap: how many,
    /// equal after the build (counted), equal from the sources alone.
    fn adapters(&self) -> [usize; 3] {
        let mut n = [0; 3];
        for r in self.records {
            if let Some(sources) = &r.from_sources
                && built(&r.outcome)
            {
                n[0] += 1;
                n[1] += usize::from(matches!(r.outcome, Outcome::Equal));
                n[2] += usize::from(matches!(sources, Outcome::Equal));
            }
        }
        n
    }

    /// The counts, printed at the end of a run.
    pub(super) fn summary(&self) -> String {
        let mut s = String::new();
        for (what, n) in self.counts() {
            let _ = writeln!(s, "{what:<45} {n:>5}");
        }
        let _ = write!(
            s,
            "equal of those Hugo builds with a sitemap: {}",
            self.percent()
        );
        s
    }

    /// The top of `results.md`: where the figures come from, the
    /// verdicts, and which sites make up which count.
    fn head_markdown(&self) -> String {
        let mut s = String::from(
            "# Hugo's integration test sites: Hugo's sitemap against our scan\n\n\
             Written by `cargo xtask differential hugo-tests --record`\n\
             (`xtask/src/differential/hugo_tests/`, whose docs say how the sites are\n\
             made and compared); not edited by hand. Each site is named\n\
             `<test file>:<line>` in Hugo's repository at the commit below.\n\n",
        );
        let _ = writeln!(s, "- Hugo: `{}`", self.version);
        let _ = write!(s, "- Hugo's tests: gohugoio/hugo at `{}`", self.commit);
        if !self.described.is_empty() {
            let _ = write!(s, " (`{}`)", self.described);
        }
        let _ = writeln!(
            s,
            "\n- A run: about {} min with `--jobs {}` on {} cores ({})",
            self.minutes,
            self.jobs,
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            self.ours
        );
        let _ = writeln!(
            s,
            "- Equal of those Hugo builds with a sitemap: **{}**\n",
            self.percent()
        );
        s.push_str("| verdict | sites |\n|---|---|\n");
        for (what, n) in self.counts() {
            let _ = writeln!(s, "| {what} | {n} |");
        }
        s.push_str(
            "\n## Which count is which\n\n\
             Every txtar literal is built, each with its layouts dropped and its\n\
             shortcodes made inert. The sites as their tests hold them (the first\n\
             row that fits); the measure before this one counted the first row only\n\
             and skipped the others.\n\n\
             | the site | sites | Hugo built with a sitemap | equal |\n|---|---|---|---|\n",
        );
        for (origin, [n, built, equal]) in self.by_origin() {
            let _ = writeln!(s, "| {origin} | {n} | {built} | {equal} |");
        }
        let [adapters, after, before] = self.adapters();
        let whole = self.built();
        let equal_before = self.equal() - after + before;
        let _ = writeln!(
            s,
            "\nContent adapter sites (`_content.gotmpl`) Hugo built with a sitemap: {adapters}.\n\
             Each is scanned after Hugo's build, with the build in place, as users run the\n\
             tool (`hugo && sitemap scan`): {after} equal, the verdict counted above. Scanned\n\
             from their sources alone, before the build: {before} equal, which would make the\n\
             whole {}.",
            percent(equal_before, whole)
        );
        s
    }

    /// `results.md`.
    pub(super) fn markdown(&self) -> String {
        let mut s = self.head_markdown();

        // Causes, most sites first.
        let open: Vec<&Record> = self
            .records
            .iter()
            .filter(|r| is_open(&r.outcome))
            .collect();
        let unclassified = "not yet classified".to_owned();
        let cause = |r: &Record| r.cause.clone().unwrap_or_else(|| unclassified.clone());
        let mut causes: BTreeMap<String, [usize; 3]> = BTreeMap::new();
        for r in &open {
            let column = match r.outcome {
                Outcome::Differs { .. } => 0,
                Outcome::RefusedByOurs(_) => 1,
                _ => 2,
            };
            causes.entry(cause(r)).or_default()[column] += 1;
        }
        let mut causes: Vec<(String, [usize; 3])> = causes.into_iter().collect();
        causes.sort_by_key(|(c, n)| (std::cmp::Reverse(n.iter().sum::<usize>()), c.clone()));
        s.push_str("\n## Causes\n\nOf the sites that differ or that one side refuses, what each is most likely about (the first that fits, from the features the site uses and the URLs that differ).\n\n| cause | sites | differ | refused by ours | refused by Hugo only |\n|---|---|---|---|---|\n");
        for (c, [d, o, h]) in &causes {
            let _ = writeln!(s, "| {c} | {} | {d} | {o} | {h} |", d + o + h);
        }

        s.push_str("\n## Sites\n\nBy cause, then by name.\n\n| site | verdict | cause | first differing URLs, or the refusal |\n|---|---|---|---|\n");
        let mut sorted = open;
        sorted.sort_by_key(|r| (causes.iter().position(|(c, _)| *c == cause(r)), &r.name));
        for r in sorted {
            let _ = writeln!(
                s,
                "| `{}` | {} | {} | {} |",
                r.name,
                verdict(&r.outcome),
                cause(r),
                detail(&r.outcome)
            );
        }

        // The rest that was not compared, for the record.
        let mut failed: Vec<&Record> = self
            .records
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::RefusedByBoth(_) | Outcome::HugoFails(_)))
            .collect();
        failed.sort_by_key(|r| (verdict(&r.outcome), &r.name));
        s.push_str("\n## Not compared\n\nRefused by both, or Hugo failed for a reason outside the site (a program or network it needs, a template removed here, the time limit): neither counted in the percentage. The sites Hugo writes no sitemap for (`disableKinds`, `renderSegments`) are only counted above.\n\n| site | verdict | detail |\n|---|---|---|\n");
        for r in failed {
            let _ = writeln!(
                s,
                "| `{}` | {} | {} |",
                r.name,
                verdict(&r.outcome),
                detail(&r.outcome)
            );
        }
        s
    }
}
