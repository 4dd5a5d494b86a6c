//! The shape of the house, checked on every `cargo test`: the crates'
//! dependencies run one way (skins → engine → readers → core), and no
//! file or function outside tests grows past what a newcomer reads in one
//! sitting unless it says why.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use syn::spanned::Spanned;
use syn::visit::Visit;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The workspace's packages: name → (folder relative to the root, the
/// workspace packages it depends on outside `[dev-dependencies]`).
fn packages() -> BTreeMap<String, (String, Vec<String>)> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let root = root();
    let members: Vec<&serde_json::Value> = meta["packages"].as_array().unwrap().iter().collect();
    let names: Vec<&str> = members
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    members
        .iter()
        .map(|p| {
            let manifest = Path::new(p["manifest_path"].as_str().unwrap());
            let dir = manifest
                .parent()
                .unwrap()
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].as_str() != Some("dev"))
                .map(|d| d["name"].as_str().unwrap())
                .filter(|d| names.contains(d))
                .map(str::to_owned)
                .collect();
            (p["name"].as_str().unwrap().to_owned(), (dir, deps))
        })
        .collect()
}

/// Which layer a folder is, from the top: a crate may depend only on
/// crates of a lower layer.
fn layer(dir: &str) -> Option<(u8, &'static str)> {
    if dir.starts_with("integrations/") {
        Some((3, "skin"))
    } else if dir == "sitemap-engine" {
        Some((2, "engine"))
    } else if dir.starts_with("adapters/") {
        Some((1, "reader"))
    } else if dir == "sitemap-core" {
        Some((0, "core"))
    } else if dir.starts_with("vendor/") {
        // Third-party code published under our name: below the readers
        // that use it, depending on nothing of ours.
        Some((0, "vendored crate"))
    } else {
        None
    }
}

/// Skins gather settings and present the report: they depend on the
/// engine and the core only, which re-export what a skin needs. Readers
/// never depend on the engine or a skin; the core on nothing of ours.
#[test]
fn dependencies_run_one_way_from_skins_to_the_core() {
    let packages = packages();
    let mut wrong = Vec::new();
    for (name, (dir, deps)) in &packages {
        let Some((level, kind)) = layer(dir) else {
            continue;
        };
        for dep in deps {
            let (dep_dir, _) = &packages[dep];
            let Some((dep_level, dep_kind)) = layer(dep_dir) else {
                wrong.push(format!(
                    "{name} ({dir}) depends on {dep} ({dep_dir}), outside the layers"
                ));
                continue;
            };
            let allowed = match level {
                3 => dep == "sitemap-engine" || dep == "sitemap-core",
                // Readers build on one another (content, html and book on
                // the pages step, the pages step on git history), never
                // on what calls them.
                _ => dep_level < level || (level == 1 && dep_level == 1),
            };
            if !allowed {
                wrong.push(format!(
                    "{name} (a {kind}, {dir}) depends on {dep} (a {dep_kind}, {dep_dir})"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies against the flow:\n{}",
        wrong.join("\n")
    );
}

/// Each generator's rules sit in a crate of their own on top of the
/// readers (`sitemap-zola`, `sitemap-hugo` over `sitemap-content`): no
/// reader depends on one, not even the other generator's, so what Zola
/// and Hugo share knows neither, and the engine alone chooses which
/// opens a site.
#[test]
fn no_reader_depends_on_a_generator_crate() {
    const GENERATORS: [&str; 2] = ["sitemap-zola", "sitemap-hugo"];
    let packages = packages();
    let mut wrong = Vec::new();
    for (name, (dir, deps)) in &packages {
        if !dir.starts_with("adapters/") {
            continue;
        }
        for dep in deps.iter().filter(|d| GENERATORS.contains(&d.as_str())) {
            wrong.push(format!("{name} ({dir}) depends on {dep}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "readers that depend on a generator's crate:\n{}",
        wrong.join("\n")
    );
}

/// A file outside tests past this many lines says why at its top.
const MAX_FILE_LINES: usize = 600;
/// A function outside tests past this many lines says why just above it.
const MAX_FN_LINES: usize = 150;
/// The marker of a long file: a comment line in its first lines.
const LONG_FILE: &str = "// tidy: long file:";
/// The marker of a long function: a comment line among those just above it.
const LONG_FN: &str = "// tidy: long function:";

/// Rust sources outside tests: the crates' `src/`, not `tests/`, not
/// inline `#[cfg(test)]` modules, not the xtask (a tool, read as one).
fn library_sources() -> Vec<PathBuf> {
    let out = Command::new("git")
        .args(["ls-files", "-z", "*.rs"])
        .current_dir(root())
        .output()
        .expect("git ls-files");
    out.stdout
        .split(|&b| b == 0)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .filter(|p| {
            !p.is_empty()
                && p.contains("/src/")
                && !p.starts_with("vendor/")
                && !p.starts_with("xtask/")
                && !p.starts_with("tests/")
                && !p.starts_with("examples/")
                && !p.ends_with("/tests.rs")
                && !p.contains("/tests/")
        })
        .map(|p| root().join(p))
        .collect()
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg")
                && matches!(&a.meta, syn::Meta::List(l) if l.tokens.to_string() == "test"))
    })
}

/// Collects the functions (free, in impls and traits) with the lines of
/// their signature's start and body's end (doc comments not counted),
/// skipping test code.
struct Functions {
    found: Vec<(String, usize, usize)>,
}

impl Functions {
    fn add(&mut self, sig: &syn::Signature, body: &syn::Block) {
        self.found.push((
            sig.ident.to_string(),
            sig.span().start().line,
            body.span().end().line,
        ));
    }
}

impl<'ast> Visit<'ast> for Functions {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if !is_cfg_test(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if !is_cfg_test(&f.attrs) {
            self.add(&f.sig, &f.block);
            syn::visit::visit_item_fn(self, f);
        }
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_cfg_test(&f.attrs) {
            self.add(&f.sig, &f.block);
            syn::visit::visit_impl_item_fn(self, f);
        }
    }
    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(body) = &f.default {
            self.add(&f.sig, body);
        }
        syn::visit::visit_trait_item_fn(self, f);
    }
}

/// The line an inline test module starts at (its attribute), if any: the
/// file's own length ends there.
fn test_module_start(file: &syn::File) -> Option<usize> {
    file.items.iter().find_map(|item| match item {
        syn::Item::Mod(m) if is_cfg_test(&m.attrs) => {
            Some(m.attrs.first().map_or(m.span(), |a| a.span()).start().line)
        }
        _ => None,
    })
}

#[test]
fn no_long_file_or_function_outside_tests_unless_it_says_why() {
    let mut long = Vec::new();
    for path in library_sources() {
        let text = fs::read_to_string(&path).unwrap();
        let rel = path.strip_prefix(root()).unwrap().display().to_string();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let lines: Vec<&str> = text.lines().collect();
        let own = test_module_start(&file).map_or(lines.len(), |l| l - 1);
        if own > MAX_FILE_LINES
            && !lines
                .iter()
                .take(40)
                .any(|l| l.trim_start().starts_with(LONG_FILE))
        {
            long.push(format!("{rel}: {own} lines (over {MAX_FILE_LINES}); split it, or say why at its top with `{LONG_FILE} …`"));
        }
        let mut functions = Functions { found: Vec::new() };
        functions.visit_file(&file);
        for (name, start, end) in functions.found {
            let len = end + 1 - start;
            let said = lines[..start - 1]
                .iter()
                .rev()
                .take(12)
                .any(|l| l.trim_start().starts_with(LONG_FN));
            if len > MAX_FN_LINES && !said {
                long.push(format!("{rel}:{start}: fn {name} is {len} lines (over {MAX_FN_LINES}); split it into named steps, or say why above it with `{LONG_FN} …`"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "too long to read in one sitting:\n{}",
        long.join("\n")
    );
}
