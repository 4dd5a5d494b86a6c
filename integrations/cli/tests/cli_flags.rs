//! One CLI: every subcommand's help as a snapshot (so a flag's wording or
//! default changes only on purpose), the TOML block of `scan --help`
//! pasteable as it is, `--output text|json` for every report (the old
//! `--format json|text` of `validate` and `changes` still working, with a
//! note), `validate -q`, `changes [DIR]`, and the JSON reports of `scan`
//! and `scan --check` compared whole.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn sitemap(dir: &Path, args: &[&str], columns: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("COLUMNS", columns)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

const SUBCOMMANDS: [&str; 7] = [
    "scan", "validate", "mdbook", "index", "write", "changes", "submit",
];

/// The help of `sitemap` and of each subcommand, at 100 columns.
#[test]
fn help_texts() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let top = sitemap(here, &["--help"], "100");
    assert!(top.status.success());
    insta::assert_snapshot!("help", text(&top.stdout));
    for sub in SUBCOMMANDS {
        let out = sitemap(here, &[sub, "--help"], "100");
        assert!(out.status.success(), "{sub}");
        insta::assert_snapshot!(format!("help_{sub}"), text(&out.stdout));
    }
}

/// `scan -h` was `--help` again, some 175 lines with the notes meant for
/// the plugin and the builder: `-h` is now one short line of help per
/// flag (each key's `summary`), without the `--no-…` negations, and
/// `--help` the whole doc (as clap's `help` and `long_help` intend).
#[test]
fn scan_short_help_is_one_line_per_flag() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = sitemap(here, &["scan", "-h"], "100");
    assert!(out.status.success());
    let short = text(&out.stdout);
    assert!(!short.contains("mdBook:") && !short.contains("build.rs"));
    assert!(!short.contains("--no-"), "{short}");
    // After the options heading, flag lines and help lines alternate:
    // no flag's help runs onto a second line.
    let options: Vec<&str> = short
        .split_once("Options:\n")
        .map_or(Vec::new(), |(_, rest)| rest.lines().collect());
    for pair in options.chunks(2) {
        assert!(pair[0].trim_start().starts_with('-'), "{pair:?}");
        assert!(
            pair.get(1)
                .is_some_and(|h| !h.trim_start().starts_with('-')),
            "{pair:?}"
        );
    }
    insta::assert_snapshot!("help_scan_short", short);
}

/// The block after the paragraph on sitemap.toml in `scan --help` is TOML as it is
/// printed, at any usual terminal width: every key commented out (pasted
/// whole it sets nothing), and with each `# ` of a key or table removed,
/// every key with its sub-tables.
#[test]
fn the_toml_block_of_scan_help_parses_at_every_width() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut blocks = Vec::new();
    for columns in ["80", "100", "200"] {
        let block = help_block(here, columns);
        let pasted: toml::Table =
            toml::from_str(&block).unwrap_or_else(|e| panic!("at {columns} columns: {e}\n{block}"));
        assert!(pasted.is_empty(), "{pasted:?}");
        let on = uncommented(&block);
        let table: toml::Table =
            toml::from_str(&on).unwrap_or_else(|e| panic!("at {columns} columns: {e}\n{on}"));
        let mut keys: Vec<String> = Vec::new();
        for (k, v) in &table {
            match v.as_table() {
                Some(sub) => keys.extend(sub.keys().map(|s| format!("{k}.{s}"))),
                None => keys.push(k.clone()),
            }
        }
        // `[git]` and `[submit]` are tables of their own, after the rest.
        assert!(keys.contains(&"git.date".to_owned()), "{keys:?}");
        assert!(keys.contains(&"submit.key".to_owned()), "{keys:?}");
        assert_eq!(keys.len(), sitemap_engine::keys::KEYS.len(), "{keys:?}");
        blocks.push(block);
    }
    // Pre-wrapped: the width does not change it.
    assert_eq!(blocks[0], blocks[1]);
    assert_eq!(blocks[1], blocks[2]);
}

/// The TOML block of `scan --help` at `columns`.
fn help_block(here: &Path, columns: &str) -> String {
    let help = text(&sitemap(here, &["scan", "--help"], columns).stdout);
    // The block: after the paragraph that introduces it.
    help.split_once("sitemap.toml (at the site root")
        .and_then(|(_, rest)| rest.split_once("\n\n"))
        .unwrap_or_else(|| panic!("no TOML block at {columns} columns:\n{help}"))
        .1
        .to_owned()
}

/// `block` with the `# ` of each key and table line removed.
fn uncommented(block: &str) -> String {
    block
        .lines()
        .map(|line| match line.strip_prefix("# ") {
            Some(rest)
                if rest.starts_with('[')
                    || rest.split_once(" = ").is_some_and(|(k, _)| {
                        k.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                    }) =>
            {
                rest
            }
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The block pasted whole into a Hugo site's sitemap.toml made it a Zola
/// site with `include-urls = ["/blog/**"]` and left out 43 pages: now it
/// sets nothing, and the scan lists what it lists without it.
#[test]
fn the_help_block_pasted_into_a_sites_settings_changes_nothing() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    crate::copy_tree(&crate::example("hugo-site"), dir.path());
    let scan = ["scan", "--dry-run", "--lastmod", "front-matter"];
    let before = sitemap(dir.path(), &scan, "100");
    let settings = dir.path().join("sitemap.toml");
    let mut toml = fs::read_to_string(&settings).unwrap();
    toml.push_str(&help_block(here, "100"));
    fs::write(&settings, toml).unwrap();
    let after = sitemap(dir.path(), &scan, "100");
    assert_eq!(after.status.code(), Some(0), "{}", text(&after.stderr));
    assert_eq!(text(&after.stdout), text(&before.stdout));
    assert_eq!(text(&after.stderr), text(&before.stderr));
    assert_eq!(text(&after.stdout).lines().count(), 15);
}

const VALID: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.org/</loc></url>
</urlset>
"#;

const INVALID: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.org/</loc><lastmod>yesterday</lastmod></url>
</urlset>
"#;

/// `validate -q` prints only the errors: nothing for a valid file, the
/// error line (no summary) for an invalid one; the exit status is as
/// without it.
#[test]
fn validate_quiet_prints_only_errors() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("ok.xml"), VALID).unwrap();
    fs::write(tmp.path().join("bad.xml"), INVALID).unwrap();
    let ok = sitemap(tmp.path(), &["validate", "-q", "ok.xml"], "100");
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(text(&ok.stdout), "");
    assert_eq!(text(&ok.stderr), "");
    let loud = sitemap(tmp.path(), &["validate", "bad.xml"], "100");
    let bad = sitemap(tmp.path(), &["validate", "--quiet", "bad.xml"], "100");
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(loud.status.code(), Some(1));
    let errors: String = text(&loud.stdout)
        .lines()
        .filter(|l| l.contains(": error: "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(!errors.is_empty(), "{}", text(&loud.stdout));
    assert_eq!(text(&bad.stdout), errors);
    insta::assert_snapshot!("validate_quiet", text(&bad.stdout));
}

/// `--output json` and the deprecated `--format json` print the same
/// document; only the old spelling adds the note on stderr.
#[test]
fn validate_output_json_and_the_deprecated_format() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("ok.xml"), VALID).unwrap();
    let new = sitemap(
        tmp.path(),
        &["validate", "--output", "json", "ok.xml"],
        "100",
    );
    let old = sitemap(
        tmp.path(),
        &["validate", "--format", "json", "ok.xml"],
        "100",
    );
    assert_eq!(new.status.code(), Some(0));
    assert_eq!(old.status.code(), Some(0));
    assert_eq!(new.stdout, old.stdout);
    let json: serde_json::Value = serde_json::from_slice(&new.stdout).unwrap();
    assert_eq!(json["summary"]["valid"], 1);
    assert_eq!(text(&new.stderr), "");
    assert_eq!(
        text(&old.stderr),
        "note: `--format json` is deprecated here; use `--output json` (`--format` is the sitemap file's format, xml or txt)\n"
    );
    // Both at once is a usage error.
    let both = sitemap(
        tmp.path(),
        &["validate", "--output", "json", "--format", "json", "ok.xml"],
        "100",
    );
    assert_eq!(both.status.code(), Some(2));
}

/// A small Zola site: a home page, `a`, and a draft.
fn site(dir: &Path) {
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::write(
        dir.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::write(dir.join("content/_index.md"), "+++\n+++\n").unwrap();
    fs::write(
        dir.join("content/a.md"),
        "+++\ntitle = \"A\"\ndate = 2024-01-01\n+++\nA\n",
    )
    .unwrap();
    fs::write(
        dir.join("content/b.md"),
        "+++\ntitle = \"B\"\ndraft = true\n+++\nB\n",
    )
    .unwrap();
}

/// `changes DIR` reads DIR/sitemap.toml's `ledger`, relative to DIR, as
/// `scan DIR` does; `--output json` and `--format json` agree.
#[test]
fn changes_takes_the_site_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("site");
    site(&dir);
    fs::write(dir.join("sitemap.toml"), "ledger = \"ledger.txt\"\n").unwrap();
    let scan = sitemap(tmp.path(), &["scan", "site", "-q"], "100");
    assert!(scan.status.success(), "{}", text(&scan.stderr));
    let out = sitemap(tmp.path(), &["changes", "site"], "100");
    assert!(out.status.success(), "{}", text(&out.stderr));
    insta::assert_snapshot!("changes_dir", text(&out.stdout));
    assert_eq!(
        text(&out.stderr).split(" by the run").next().unwrap(),
        "ledger site/ledger.txt: 2 added, 0 changed, 0 removed"
    );
    let new = sitemap(tmp.path(), &["changes", "site", "--output", "json"], "100");
    let old = sitemap(tmp.path(), &["changes", "site", "--format", "json"], "100");
    assert_eq!(new.stdout, old.stdout);
    let json: serde_json::Value = serde_json::from_slice(&new.stdout).unwrap();
    assert_eq!(json["changes"].as_array().unwrap().len(), 2);
    assert!(text(&old.stderr).starts_with("note: `--format json` is deprecated here"));
    assert!(!text(&new.stderr).contains("deprecated"));
}

/// `scan --output json`: the summary as one document on stdout, nothing
/// on stderr; then `--check --output json` after an edit names the URLs
/// added, removed and changed (exit 3), and the text `--check` says the
/// same.
#[test]
fn scan_and_check_json_reports() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    site(dir);
    let out = sitemap(dir, &["scan", "--output", "json"], "100");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    insta::assert_snapshot!("scan_json", serde_json::to_string_pretty(&json).unwrap());
    assert_eq!(sitemap_testkit::assert_all_valid(&dir.join("public")), 1);

    let up = sitemap(dir, &["scan", "--check", "--output", "json"], "100");
    assert_eq!(up.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&up.stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"up_to_date": true, "files": [], "added": [], "removed": [], "changed": []})
    );

    fs::remove_file(dir.join("content/a.md")).unwrap();
    fs::write(dir.join("content/c.md"), "+++\ntitle = \"C\"\n+++\nC\n").unwrap();
    let check = sitemap(dir, &["scan", "--check", "--output", "json"], "100");
    assert_eq!(check.status.code(), Some(3));
    let json: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    insta::assert_snapshot!("check_json", serde_json::to_string_pretty(&json).unwrap());
    let check = sitemap(dir, &["scan", "--check"], "100");
    assert_eq!(check.status.code(), Some(3));
    insta::assert_snapshot!("check_text", text(&check.stderr));
}
