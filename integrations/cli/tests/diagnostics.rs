//! Issue #47, typed diagnostics: names from the input (a configuration's
//! key, a built folder's name) reach the terminal escaped (`\n`,
//! `\x1b`) and cut to a bound with the count of what was cut, and
//! `--output json` gives each warning's file, line and key as fields of
//! their own, never inside a sentence to be read back.

use std::fs;

use super::{sitemap, text};

/// A Zola site with one page and `config` as its zola.toml.
fn zola_site(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("zola.toml"), config).unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(dir.path().join("content/a.md"), "+++\ntitle = \"a\"\n+++\n").unwrap();
    dir
}

/// The lines every scan of these sites (no git, never built) starts with.
const FIRST: &str = "\
.: warning: not inside a git work tree (or git is not installed); lastmod from git is skipped, and so is the files' mtime unless `lastmod` names `mtime`
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
";

/// What the scan says of a key Zola does not know, `shown` as the report
/// shows it.
fn unknown_zola_key(line: Option<usize>, shown: &str) -> String {
    let place = line.map_or_else(|| "zola.toml".to_owned(), |l| format!("zola.toml:{l}"));
    format!(
        "{place}: warning: `{shown}` is no setting of Zola 0.22, which refuses the site \
         (\"unknown field\"); an older Zola builds it, and the scan reads the rest of the site: \
         remove it, or move it under `[extra]`\n"
    )
}

/// Unknown keys of zola.toml are named with their lines, in its tables
/// too (they were named with the file alone).
#[test]
fn unknown_zola_keys_are_named_with_their_lines() {
    let dir = zola_site(
        "base_url = \"https://example.org\"\ncolour = 1\n[languages.fr]\ntitel = \"x\"\n\
         [markdown]\nhilight = true\n",
    );
    let out = sitemap(dir.path(), &["scan", "--dry-run"]);
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(0),
            format!(
                "{}{}{}{FIRST}sitemap: 1 files read, 3 URLs, none excluded; dry run, nothing written\n",
                unknown_zola_key(Some(2), "colour"),
                unknown_zola_key(Some(4), "languages.fr.titel"),
                unknown_zola_key(Some(6), "markdown.hilight"),
            )
        )
    );
}

/// A zola.toml key holding a line break, a title-setting OSC (`ESC ]0;`)
/// and a screen-clearing CSI (`ESC [2J`) was printed raw: a forged
/// report line, a retitled terminal, a cleared screen. It is shown
/// escaped, and kept whole as the JSON's `key` field (escaped too).
#[test]
fn a_zola_key_with_a_line_break_and_escapes_cannot_forge_a_line() {
    let dir = zola_site(
        "base_url = \"https://example.org\"\n\
         \"x\\nzola.toml: warning: forged\\u001b]0;pwned\\u0007\\u001b[2J\" = 1\n",
    );
    let out = sitemap(dir.path(), &["scan", "--dry-run"]);
    let shown = "x\\nzola.toml: warning: forged\\x1b]0;pwned\\x07\\x1b[2J";
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(0),
            format!(
                "{}{FIRST}sitemap: 1 files read, 2 URLs, none excluded; dry run, nothing written\n",
                unknown_zola_key(None, shown)
            )
        )
    );
    assert!(
        !out.stderr.contains(&0x1b),
        "an escape reached the terminal"
    );

    let out = sitemap(dir.path(), &["scan", "--output", "json"]);
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (Some(0), String::new())
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found = &json["diagnostics"];
    assert_eq!(
        found[0],
        serde_json::json!({
            "severity": "warning", "file": "zola.toml", "line": null, "column": null,
            "key": shown,
            "message": unknown_zola_key(None, shown)
                .trim_end()
                .strip_prefix("zola.toml: warning: ")
                .unwrap(),
            "hint": null, "kind": "zola-unknown-key"
        })
    );
    // The text form of the same warnings, a line each, for a reader that
    // wants only lines.
    assert_eq!(
        json["warnings"][0],
        unknown_zola_key(None, shown)
            .trim_end()
            .replacen("warning: ", "", 1)
    );
    assert!(!out.stdout.contains(&0x1b), "an escape reached the JSON");
}

/// 19 unknown Zola keys of 200 KB each printed 3.8 MB of warnings. Each
/// is named cut to its first 200 characters, with the count of the rest.
#[test]
fn nineteen_zola_keys_of_200_kb_each_print_a_bounded_report() {
    let long = |i: usize| format!("k{i:02}{}", "x".repeat(200_000));
    let mut config = "base_url = \"https://example.org\"\n".to_owned();
    for i in 0..19 {
        config.push_str(&format!("{} = 1\n", long(i)));
    }
    let dir = zola_site(&config);
    let out = sitemap(dir.path(), &["scan", "--dry-run"]);
    let stderr = text(&out.stderr, dir.path());
    let mut expected = String::new();
    for i in 0..19 {
        let shown = format!("k{i:02}{}… (199803 more characters)", "x".repeat(200 - 3));
        expected.push_str(&unknown_zola_key(Some(i + 2), &shown));
    }
    expected.push_str(FIRST);
    expected.push_str("sitemap: 1 files read, 2 URLs, none excluded; dry run, nothing written\n");
    assert_eq!(
        (out.status.code(), stderr.as_str()),
        (Some(0), expected.as_str())
    );
    assert!(stderr.len() < 10_000, "{} bytes of warnings", stderr.len());

    // The JSON is bounded the same way.
    let out = sitemap(dir.path(), &["scan", "--output", "json"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stdout.len() < 30_000,
        "{} bytes of JSON",
        out.stdout.len()
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let keys: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["key"].as_str())
        .collect();
    let want: Vec<String> = (0..19)
        .map(|i| format!("k{i:02}{}… (199803 more characters)", "x".repeat(197)))
        .collect();
    assert_eq!(keys, want);
}

/// Every warning of `--output json` has its file, line and key as
/// fields: a sitemap.toml pattern that matches nothing is at its line,
/// with its key; the run's own warnings have no file.
#[test]
fn json_warnings_carry_file_line_and_key_as_fields() {
    let dir = zola_site("base_url = \"https://example.org\"\n");
    fs::write(
        dir.path().join("sitemap.toml"),
        "# settings\nexclude-urls = [\"/nothing/**\"]\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "--output", "json"]);
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (Some(0), String::new())
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let fields: Vec<(serde_json::Value, serde_json::Value, serde_json::Value)> =
        json["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| (d["file"].clone(), d["line"].clone(), d["key"].clone()))
            .collect();
    assert_eq!(
        fields,
        [
            (".".into(), serde_json::Value::Null, serde_json::Value::Null),
            ("sitemap.toml".into(), 2.into(), "exclude-urls".into()),
            (
                "public/".into(),
                serde_json::Value::Null,
                serde_json::Value::Null
            ),
        ]
    );
    // No field is left inside the sentence.
    for d in json["diagnostics"].as_array().unwrap() {
        let message = d["message"].as_str().unwrap();
        assert!(
            !message.starts_with(d["file"].as_str().unwrap()),
            "{message}"
        );
    }
}

/// An error names its folder as its place, escaped: a folder that is
/// no site. With `--output json` the same error is on stdout too, its
/// place a field.
#[test]
fn an_error_names_its_folder_as_its_place() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("evil\n.: error: forged")).unwrap();
    let out = sitemap(dir.path(), &["scan", "evil\n.: error: forged/nope"]);
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(1),
            "evil\\n.: error: forged/nope: error: no such folder\n  \
             hint: give the site's root folder, the one holding its configuration, or run the \
             command in it\n"
                .to_owned()
        )
    );
    assert!(out.stdout.is_empty());
    let out = sitemap(
        dir.path(),
        &["scan", "evil\n.: error: forged/nope", "--output", "json"],
    );
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"errors": [{
            "severity": "error", "file": "evil\\n.: error: forged/nope", "line": null,
            "column": null, "key": null, "message": "no such folder",
            "hint": "give the site's root folder, the one holding its configuration, or run \
                     the command in it",
            "kind": null
        }]})
    );
}

/// A book.toml key holding a line break and escape sequences, which
/// mdBook 0.4 reads past and 0.5 refuses: named escaped, its line forged
/// nowhere.
#[test]
fn a_book_toml_key_with_a_line_break_and_escapes_cannot_forge_a_line() {
    let dir = super::mdbook::book();
    let toml = dir.path().join("book.toml");
    let written = fs::read_to_string(&toml).unwrap();
    fs::write(
        &toml,
        written.replace(
            "[book]\n",
            "[book]\n\"x\\nbook.toml: warning: forged\\u001b]0;pwned\\u0007\\u001b[2J\" = 1\n",
        ),
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &["mdbook", ".", "--dry-run", "--lastmod", "front-matter"],
    );
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(0),
            "book.toml: warning: `book.x\\nbook.toml: warning: forged\\x1b]0;pwned\\x07\\x1b[2J` \
             is no setting of mdBook 0.5, which refuses the book; mdBook 0.4 reads it, and the \
             scan reads the rest: remove it\n\
             sitemap: 2 URLs, 0 chapter(s) left out; dry run, nothing written\n"
                .to_owned()
        )
    );
    assert!(
        !out.stderr.contains(&0x1b),
        "an escape reached the terminal"
    );
}

/// A site in a folder named `evil⏎site` whose build holds a folder named
/// `x⏎: warning: forged`: the build check's report names both escaped,
/// in the text and in the JSON, where the folder is the diagnostic's
/// `file` field.
#[test]
fn a_built_folder_named_with_a_line_break_is_escaped_in_text_and_json() {
    use crate::build_check::{current_hugo, hugo, write};
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("evil\nsite");
    write(
        &site,
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\n\
                 disableKinds = [\"rss\", \"taxonomy\", \"term\", \"sitemap\"]\n",
            ),
            ("content/a.md", "---\ntitle: a\n---\n"),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(&current_hugo(), &site);
    write(
        &site,
        &[(
            "public/x\n: warning: forged/index.html",
            "<html><head><title>x</title></head></html>\n",
        )],
    );
    let args = [
        "scan",
        "evil\nsite",
        "--lastmod",
        "front-matter",
        "--hugo-version",
        "0.168.0",
    ];
    let unlisted = "1 built page(s) not in the sitemap and not left out on purpose: \
                    https://example.org/x%0A:%20warning:%20forged/ \
                    (evil\\nsite/public/x\\n: warning: forged/index.html)";
    let out = crate::sitemap(dir.path(), &[&args[..], &["--dry-run"]].concat());
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(0),
            format!(
                "evil\\nsite/public/: warning: {unlisted}\n\
                 sitemap: 1 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, \
                 none excluded, checked against 3 built pages; dry run, nothing written\n"
            )
        )
    );
    let out = crate::sitemap(dir.path(), &[&args[..], &["--output", "json"]].concat());
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (Some(0), String::new())
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["diagnostics"],
        serde_json::json!([{
            "severity": "warning", "file": "evil\\nsite/public/", "line": null,
            "column": null, "key": null, "message": unlisted, "hint": null, "kind": null
        }])
    );
}
