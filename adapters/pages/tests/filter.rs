//! Include and exclude globs over source paths.

use std::path::Path;

use sitemap_pages::filter::Filter;

fn verdicts(filter: &Filter, paths: &[&str]) -> Vec<String> {
    paths
        .iter()
        .map(|p| match filter.check(Path::new(p)) {
            None => format!("{p}: in"),
            Some(why) => format!("{p}: out ({why})"),
        })
        .collect()
}

#[test]
fn include_and_exclude() {
    let filter = Filter::new(
        &["content/**".into(), "about.md".into()],
        &["**/drafts/**".into(), "content/*.tmp.md".into()],
    )
    .unwrap();
    let paths = [
        "content/a.md",
        "content/blog/post.md",
        "content/blog/drafts/wip.md",
        "content/x.tmp.md",
        "content/blog/x.tmp.md",
        "about.md",
        "static/about.md",
    ];
    assert_eq!(
        verdicts(&filter, &paths),
        [
            "content/a.md: in",
            "content/blog/post.md: in",
            "content/blog/drafts/wip.md: out (matches exclude pattern `**/drafts/**`)",
            "content/x.tmp.md: out (matches exclude pattern `content/*.tmp.md`)",
            // `*` does not cross `/`.
            "content/blog/x.tmp.md: in",
            "about.md: in",
            "static/about.md: out (matches no include pattern)",
        ]
    );
}

#[test]
fn no_patterns_include_everything() {
    let filter = Filter::new(&[], &[]).unwrap();
    assert_eq!(
        verdicts(&filter, &["a.md", "x/y/z.md"]),
        ["a.md: in", "x/y/z.md: in"]
    );
}

#[test]
fn bad_globs_are_named() {
    let errors = [
        Filter::new(&["content/[".into()], &[])
            .unwrap_err()
            .to_string(),
        Filter::new(&[], &["ok/**".into(), "a/{b".into()])
            .unwrap_err()
            .to_string(),
    ];
    insta::assert_snapshot!(errors.join("\n"));
}
