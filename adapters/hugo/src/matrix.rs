//! A sites matrix as Hugo 0.153 and later builds one
//! (`hugolib/sitesmatrix`): which languages, versions and roles a
//! file, page or mount is built for. It is written as a glob slice per
//! dimension (`sites.matrix.versions = ["! v1.2.3", "v1.*"]`), matched
//! against each dimension's names in Hugo's order, and kept as a set of
//! indexes per dimension, so a matrix is always the product of its
//! three sets ([`Matrix`]). A dimension a matrix does not set is taken
//! from another matrix, or the default, as each caller says.
//!
//! The glob slice is read as Hugo's `predicate` package reads it, left
//! to right: a glob is an OR, a `! glob` or a range (`>= v2.0.0`) an AND
//! that ends the evaluation when it fails. So `["! v1.2.3", "v1.*",
//! "v2.*"]` also takes `v3.0.0` (the negation passes, and what follows
//! adds nothing), as Hugo's `Rotate` shows in its own tests. Globs use
//! `.` as their separator (`v2**` takes `v2.1.0`, `v2.*` does not).

use std::collections::BTreeSet;

use serde_json::Value;

/// The dimensions, as indexes into a [`Matrix`] or [`Globs`], in
/// Hugo's order.
pub(crate) const LANGUAGE: usize = 0;
pub(crate) const VERSION: usize = 1;
pub(crate) const ROLE: usize = 2;

/// Each dimension's key in a `sites.matrix` table.
const KEYS: [&str; 3] = ["languages", "versions", "roles"];

/// One dimension's names in Hugo's order (index 0 first), its default,
/// and whether the default's URLs are in its folder too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dimension {
    pub(crate) names: Vec<String>,
    pub(crate) default: usize,
    pub(crate) in_subdir: bool,
    /// Versions: a name is also found by its semantic version
    /// (`v1.0` is `v1.0.0`).
    pub(crate) semver: bool,
    /// Whether `>= v2.0.0` is a range (Hugo 0.155 and later), not a glob.
    pub(crate) ranges: bool,
}

impl Dimension {
    /// The default's name.
    pub(crate) fn default_name(&self) -> &str {
        self.names.get(self.default).map_or("", String::as_str)
    }

    /// The index of `name` (Hugo's `ResolveIndex`): its own, else for
    /// versions the one of the same semantic version.
    pub(crate) fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name).or_else(|| {
            let wanted = Semver::parse(name);
            let same = |n: &String| Semver::parse(n).hugo_order(&wanted).is_eq();
            self.semver
                .then(|| self.names.iter().position(same))
                .flatten()
        })
    }

    /// The indexes a glob slice takes; `None` when it is empty or takes
    /// none (Hugo then leaves the dimension unset).
    fn matching(&self, patterns: &[String]) -> Option<BTreeSet<usize>> {
        let steps: Vec<Step> = patterns
            .iter()
            .map(|p| p.trim())
            .filter(|p| !p.is_empty())
            .map(|p| self.step(p))
            .collect();
        if steps.is_empty() {
            return None;
        }
        let taken: BTreeSet<usize> = (0..self.names.len())
            .filter(|&i| evaluate(&steps, i, &self.names[i]))
            .collect();
        (!taken.is_empty()).then_some(taken)
    }

    /// One pattern of a glob slice as a step of the chain.
    fn step(&self, pattern: &str) -> Step {
        if let Some(negated) = pattern.strip_prefix("! ") {
            return Step::And(Test::NotGlob(dot_glob(negated)));
        }
        let ranges: [(&str, RangeTest); 6] = [
            // Index 0 is the greatest: `> v2` takes the ones before it.
            (">= ", |i, at| i <= at),
            ("<= ", |i, at| i >= at),
            ("== ", |i, at| i == at),
            ("!= ", |i, at| i != at),
            ("> ", |i, at| i < at),
            ("< ", |i, at| i > at),
        ];
        for (op, test) in ranges.into_iter().filter(|_| self.ranges) {
            if let Some(value) = pattern.strip_prefix(op) {
                return Step::And(match self.index(value) {
                    Some(at) => Test::Range(test, at),
                    None => Test::Never,
                });
            }
        }
        Step::Or(Test::Glob(dot_glob(pattern)))
    }
}

/// A glob with `.` as its separator, as the one `glob::compile` makes
/// with `/`: the two characters swap places in the pattern and in the
/// names matched. `None`: not a glob gobwas compiles, which matches
/// nothing here.
fn dot_glob(pattern: &str) -> Option<super::glob::Glob> {
    super::glob::compile(&swap_dots(pattern))
}

fn swap_dots(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '.' => '/',
            '/' => '.',
            c => c,
        })
        .collect()
}

/// A range's test of a name's index against the index it names.
type RangeTest = fn(usize, usize) -> bool;

/// What one step asks of a name at an index.
enum Test {
    Glob(Option<super::glob::Glob>),
    NotGlob(Option<super::glob::Glob>),
    Range(RangeTest, usize),
    /// A range naming no such value: nothing passes.
    Never,
}

impl Test {
    fn passes(&self, i: usize, name: &str) -> bool {
        match self {
            Test::Glob(g) => g.as_ref().is_some_and(|g| g.is_match(&swap_dots(name))),
            Test::NotGlob(g) => !g.as_ref().is_some_and(|g| g.is_match(&swap_dots(name))),
            Test::Range(test, at) => test(i, *at),
            Test::Never => false,
        }
    }
}

enum Step {
    And(Test),
    Or(Test),
}

/// Hugo's `PR.And`/`PR.Or` chain over one name: a failed AND breaks
/// the evaluation, and a break carries through every step after it.
fn evaluate(steps: &[Step], i: usize, name: &str) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        Unset,
        True,
        False,
        Break,
    }
    let mut state = State::Unset;
    for step in steps {
        state = match (step, state) {
            (Step::And(_), State::False | State::Break) => State::Break,
            (Step::And(t), _) => {
                if t.passes(i, name) {
                    State::True
                } else {
                    State::Break
                }
            }
            (Step::Or(_), State::True) => State::True,
            (Step::Or(_), State::Break) => State::Break,
            (Step::Or(t), _) => {
                if t.passes(i, name) {
                    State::True
                } else {
                    State::False
                }
            }
        };
    }
    state == State::True
}

/// A version name as Hugo's `version.ParseVersion` reads it: a leading
/// `v` dropped, `major.minor.patch` as numbers (what is no number is 0),
/// what follows a `-` the suffix.
#[derive(Clone, Debug)]
pub(crate) struct Semver {
    numbers: [u64; 3],
    suffix: String,
    /// The text read, compared as text when both versions are 0.0.0.
    source: String,
}

impl Semver {
    pub(crate) fn parse(name: &str) -> Semver {
        let s = name.trim();
        let s = s.strip_prefix('v').unwrap_or(s);
        let (numbers_part, suffix) = match s.find('-') {
            Some(at) if at > 0 => (&s[..at], s[at + 1..].to_owned()),
            _ => (s, String::new()),
        };
        let mut numbers = [0_u64; 3];
        for (slot, part) in numbers.iter_mut().zip(numbers_part.split('.')) {
            *slot = part.parse().unwrap_or(0);
        }
        Semver {
            numbers,
            suffix,
            source: numbers_part.to_owned(),
        }
    }

    /// Hugo's order of versions of the same weight: the greatest first
    /// (`version.CompareVersions`), names that are no version by their
    /// text.
    pub(crate) fn hugo_order(&self, other: &Semver) -> std::cmp::Ordering {
        let zero = |v: &Semver| v.numbers == [0, 0, 0];
        if zero(self) && zero(other) {
            return self.source.cmp(&other.source);
        }
        if self.numbers == other.numbers {
            return self.suffix.cmp(&other.suffix);
        }
        other.numbers.cmp(&self.numbers)
    }
}

/// A `sites.matrix` or `sites.complements` table as written: each
/// dimension's glob slice (a text or a list of them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Globs(pub(crate) [Vec<String>; 3]);

impl Globs {
    /// The table `value` (`{languages = "en", versions = ["v1*"]}`);
    /// empty for anything else.
    pub(crate) fn from_value(value: Option<&Value>) -> Globs {
        let mut globs = Globs::default();
        let Some(Value::Object(table)) = value else {
            return globs;
        };
        for (slot, key) in globs.0.iter_mut().zip(KEYS) {
            let found = table.iter().find(|(k, _)| k.eq_ignore_ascii_case(key));
            *slot = match found.map(|(_, v)| v) {
                Some(Value::String(s)) => vec![s.clone()],
                Some(Value::Array(items)) => items.iter().filter_map(text).collect(),
                Some(v) => text(v).into_iter().collect(),
                None => Vec::new(),
            };
        }
        globs
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(Vec::is_empty)
    }

    /// Hugo's `SetFromParamsIfNotSet`: each dimension this does not set
    /// takes `other`'s.
    pub(crate) fn fill(&mut self, other: &Globs) {
        for (mine, theirs) in self.0.iter_mut().zip(&other.0) {
            if mine.is_empty() {
                mine.clone_from(theirs);
            }
        }
    }
}

/// A value in a glob slice as Hugo's `ToStringSlicePreserveString`
/// takes it: text, or a number or boolean as text.
fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The sites something is built for: per dimension the indexes taken,
/// `None` where the dimension is not set yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Matrix(pub(crate) [Option<BTreeSet<usize>>; 3]);

impl Matrix {
    /// The matrix `globs` take of `dims` (Hugo's `IntSetsBuilder.WithConfig`):
    /// a dimension whose slice takes nothing stays unset. Also whether
    /// a dimension's slice was written and took nothing (a mount is
    /// then dropped).
    pub(crate) fn of_globs(globs: &Globs, dims: &[Dimension; 3]) -> (Matrix, bool) {
        let mut missed = false;
        let mut m = Matrix::default();
        for ((slot, patterns), dim) in m.0.iter_mut().zip(&globs.0).zip(dims) {
            *slot = dim.matching(patterns);
            missed |= !patterns.is_empty() && slot.is_none();
        }
        (m, missed)
    }

    /// Each dimension not set takes `other`'s (`WithDimensionsFromOtherIfNotSet`).
    pub(crate) fn fill_from(&mut self, other: &Matrix) {
        for (mine, theirs) in self.0.iter_mut().zip(&other.0) {
            if mine.is_none() {
                mine.clone_from(theirs);
            }
        }
    }

    /// Each dimension not set takes its default (`WithDefaultsIfNotSet`).
    pub(crate) fn with_defaults(mut self, dims: &[Dimension; 3]) -> Matrix {
        for (slot, dim) in self.0.iter_mut().zip(dims) {
            slot.get_or_insert_with(|| BTreeSet::from([dim.default]));
        }
        self
    }

    /// Each dimension not set takes all its values (`WithAllIfNotSet`).
    pub(crate) fn with_all(mut self, dims: &[Dimension; 3]) -> Matrix {
        for (slot, dim) in self.0.iter_mut().zip(dims) {
            slot.get_or_insert_with(|| (0..dim.names.len()).collect());
        }
        self
    }

    /// Replaces one dimension's set.
    pub(crate) fn set(&mut self, dimension: usize, indexes: BTreeSet<usize>) {
        self.0[dimension] = Some(indexes);
    }

    /// Whether the site of these indexes is in it (an unset dimension
    /// holds none).
    pub(crate) fn has(&self, site: [usize; 3]) -> bool {
        self.0
            .iter()
            .zip(site)
            .all(|(set, i)| set.as_ref().is_some_and(|s| s.contains(&i)))
    }

    /// Every site in it, language first, then version, then role.
    pub(crate) fn sites(&self) -> Vec<[usize; 3]> {
        let empty = BTreeSet::new();
        let [l, v, r] = self.0.each_ref().map(|s| s.as_ref().unwrap_or(&empty));
        let mut out = Vec::with_capacity(l.len() * v.len() * r.len());
        for &li in l {
            for &vi in v {
                for &ri in r {
                    out.push([li, vi, ri]);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn versions() -> Dimension {
        let names = ["v4.0.0", "v3.0.0", "v2.1.0", "v2.0.0", "v1.2.3"];
        Dimension {
            names: names.map(str::to_owned).to_vec(),
            default: 0,
            in_subdir: false,
            semver: true,
            ranges: true,
        }
    }

    fn taken(patterns: &[&str]) -> Vec<&'static str> {
        let dim = versions();
        let patterns: Vec<String> = patterns.iter().map(|p| (*p).to_owned()).collect();
        let names = ["v4.0.0", "v3.0.0", "v2.1.0", "v2.0.0", "v1.2.3"];
        dim.matching(&patterns)
            .unwrap_or_default()
            .into_iter()
            .map(|i| names[i])
            .collect()
    }

    /// The glob slices and ranges of Hugo's `TestSitesMatrixRangeMatchers`
    /// and `TestPageRotate`, with what Hugo built for them.
    #[test]
    fn glob_slices_take_what_hugo_takes() {
        assert_eq!(
            taken(&[">= v2.0.0"]),
            ["v4.0.0", "v3.0.0", "v2.1.0", "v2.0.0"]
        );
        assert_eq!(
            taken(&[">= v2.0.0", "<= v3.0.0"]),
            ["v3.0.0", "v2.1.0", "v2.0.0"]
        );
        assert_eq!(taken(&["< v3.0.0"]), ["v2.1.0", "v2.0.0", "v1.2.3"]);
        assert_eq!(taken(&["> v2.0.0"]), ["v4.0.0", "v3.0.0", "v2.1.0"]);
        assert_eq!(
            taken(&[">= v2.0.0", "! v2.1.0", "<= v4.0.0"]),
            ["v4.0.0", "v3.0.0", "v2.0.0"]
        );
        // A negation first passes everything else it does not name.
        assert_eq!(
            taken(&["! v2.1.*", "v1.2.3", "v2.**"]),
            ["v4.0.0", "v3.0.0", "v2.0.0", "v1.2.3"]
        );
        assert_eq!(taken(&["v2**"]), ["v2.1.0", "v2.0.0"]);
        assert_eq!(taken(&["v2.*"]), Vec::<&str>::new());
        assert_eq!(taken(&["v2.*.*", "v1.2.3"]), ["v2.1.0", "v2.0.0", "v1.2.3"]);
        assert_eq!(taken(&["**"]).len(), 5);
        assert_eq!(taken(&["> v9.0.0"]), Vec::<&str>::new());
        assert_eq!(taken(&["{v4.0.0,v1.2.3}"]), ["v4.0.0", "v1.2.3"]);
        assert_eq!(taken(&["v1.2"]), Vec::<&str>::new());
        assert_eq!(taken(&[">= v3"]), ["v4.0.0", "v3.0.0"]);
        // Before Hugo 0.155, a range is a glob that names nothing.
        let dim = Dimension {
            ranges: false,
            ..versions()
        };
        assert_eq!(dim.matching(&[">= v2.0.0".to_owned()]), None);
    }

    #[test]
    fn versions_sort_greatest_first_and_names_as_text() {
        let mut names = [
            "v1.0.0",
            "v2.0.0",
            "v1.10.0",
            "latest",
            "beta",
            "v2.0.0-rc1",
        ];
        names.sort_by(|a, b| Semver::parse(a).hugo_order(&Semver::parse(b)));
        assert_eq!(
            names,
            [
                "v2.0.0",
                "v2.0.0-rc1",
                "v1.10.0",
                "v1.0.0",
                "beta",
                "latest"
            ]
        );
    }

    #[test]
    fn a_matrix_is_the_product_of_its_sets() {
        let dims = [versions(), versions(), versions()];
        let globs = Globs::from_value(Some(&serde_json::json!({
            "languages": "v1.2.3", "Roles": ["v4**", "v3**"]
        })));
        let (m, missed) = Matrix::of_globs(&globs, &dims);
        assert!(!missed);
        assert_eq!(m.0[VERSION], None);
        let m = m.with_defaults(&dims);
        assert_eq!(m.sites(), [[4, 0, 0], [4, 0, 1]]);
        assert!(m.has([4, 0, 1]) && !m.has([4, 1, 1]));
        let (_, missed) = Matrix::of_globs(
            &Globs::from_value(Some(&serde_json::json!({"roles": "x"}))),
            &dims,
        );
        assert!(missed);
    }
}
