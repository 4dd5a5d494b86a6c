//! The binary's two roles as mdBook calls them.

use crate::support::{Book, run_exe};

/// mdBook asks `mdbook-sitemap supports <renderer>` before running the
/// preprocessor for a renderer; only renderers that show chapter text get
/// their front matter stripped.
#[test]
fn supports_answers_for_renderers_that_show_chapters() {
    let dir = tempfile::tempdir().unwrap();
    let answers: Vec<String> = ["html", "markdown", "sitemap", "epub", "linkcheck"]
        .iter()
        .map(|r| format!("{r}: {}", run_exe(&["supports", r], b"", dir.path()).0))
        .collect();
    assert_eq!(
        answers,
        [
            "html: true",
            "markdown: true",
            "sitemap: false",
            "epub: false",
            "linkcheck: false"
        ]
    );
}

/// The preprocessor role, run as mdBook runs it: `[context, book]` in,
/// the book out, each chapter's front matter cut off and nothing else
/// changed.
#[test]
fn preprocessor_role_strips_front_matter_only() {
    let book = Book::fixture("front-matter");
    let config = book.config(|_| {});
    let md = mdbook_driver::MDBook::load_with_config(book.root(), config).unwrap();
    let ctx = mdbook_preprocessor::PreprocessorContext::new(
        md.root.clone(),
        md.config.clone(),
        "html".to_owned(),
    );
    let input = serde_json::to_vec(&(&ctx, &md.book)).unwrap();

    let mut child = std::process::Command::new(crate::support::EXE)
        .current_dir(book.root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stripped: mdbook_preprocessor::book::Book = serde_json::from_slice(&out.stdout).unwrap();

    let contents: Vec<String> = stripped
        .chapters()
        .map(|ch| {
            format!(
                "== {}\n{}",
                ch.source_path.as_ref().unwrap().display(),
                ch.content
            )
        })
        .collect();
    insta::assert_snapshot!("preprocessed_chapters", contents.join(""));
}

/// A chapter whose front matter does not parse stops the build with the
/// file and line, rather than rendering the broken block as text.
#[test]
fn preprocessor_role_refuses_broken_front_matter() {
    let book = Book::fixture("front-matter");
    book.write(
        "src/yaml.md",
        "---\nsitemap:\n  priority: [0.8\n---\n# YAML chapter\n",
    );
    let config = book.config(|_| {});
    let md = mdbook_driver::MDBook::load_with_config(book.root(), config).unwrap();
    let ctx = mdbook_preprocessor::PreprocessorContext::new(
        md.root.clone(),
        md.config.clone(),
        "html".to_owned(),
    );
    let input = serde_json::to_vec(&(&ctx, &md.book)).unwrap();
    let (ok, stderr) = run_exe(&[], &input, book.root());
    assert!(!ok);
    insta::assert_snapshot!("preprocessor_broken_front_matter", stderr);
}

#[test]
fn no_input_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, stderr) = run_exe(&[], b"", dir.path());
    assert!(!ok);
    assert_eq!(
        stderr,
        "error: expected mdBook's JSON on stdin; this program is run by `mdbook build` (see --help)\n"
    );
}

/// `mdbook-sitemap build` (a new user's guess at the command) said only
/// "unexpected arguments": it names the mdBook command that runs the
/// plugin, and how the plugin is added.
#[test]
fn mdbooks_own_commands_run_on_the_plugin_name_the_mdbook_command() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["build", "serve"] {
        let (ok, stderr) = run_exe(&[command], b"", dir.path());
        assert!(!ok);
        assert_eq!(
            stderr,
            format!(
                "error: `mdbook-sitemap {command}`: mdBook runs this program itself during `mdbook {command}`; run `mdbook {command}` in the book's folder (once `mdbook-sitemap install --base-url URL` has added its tables to book.toml)\n"
            )
        );
    }
}
