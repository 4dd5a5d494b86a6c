//! The files that go with the set: the stylesheet, `sitemap.html` and
//! `llms.txt`.

use std::path::Path;

use sitemap_core::Loc;
use sitemap_engine::{Job, Layer, Origin, Settings, Source};

/// `stylesheet` and `html-page` on the Zola fixture: the sitemap
/// references the stylesheet and still validates, and every link of
/// sitemap.html is a page of the sitemap, titled from its front matter.
#[test]
fn scan_writes_stylesheet_and_html_page() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters/zola/tests/fixtures/zola-rules");
    copy_tree(&fixture, dir.path());
    let mut settings = Settings::default();
    settings.stylesheet = Some(true);
    settings.html_page = Some(true);
    let report = Job::new(Source::Site(dir.path().to_owned()))
        .with_layer(Layer::new(settings, Origin::Flag))
        .scan()
        .unwrap()
        .write(|_| {})
        .unwrap();
    let public = dir.path().join("public");
    assert_eq!(
        report.files,
        [public.join("sitemap.xsl"), public.join("sitemap.html")]
    );
    let xml = std::fs::read_to_string(public.join("sitemap.xml")).unwrap();
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?xml-stylesheet type=\"text/xsl\" href=\"sitemap.xsl\"?>\n"),
        "{xml}"
    );
    sitemap_testkit::assert_valid(
        &public.join("sitemap.xml"),
        sitemap_testkit::Schema::UrlsetWithExtensions,
    );
    assert_eq!(
        std::fs::read_to_string(public.join("sitemap.xsl")).unwrap(),
        sitemap_core::human::xsl_linking(sitemap_core::human::HTML_FILE_NAME),
        "with sitemap.html written, the stylesheet's notice links to it"
    );
    let locs: Vec<String> = xml
        .split("<loc>")
        .skip(1)
        .map(|s| s[..s.find("</loc>").unwrap()].replace("&amp;", "&"))
        .collect();
    let html = std::fs::read_to_string(public.join("sitemap.html")).unwrap();
    // sitemap.html sits in the base_url's folder, so its links are relative to it.
    let base = Loc::parse("https://example.org/blog/").unwrap();
    let mut linked: Vec<String> = html
        .split("<li><a href=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].replace("&amp;", "&"))
        .filter(|href| !href.starts_with('#'))
        .map(|href| base.join(&href).unwrap().to_string())
        .collect();
    let mut expected = locs.clone();
    linked.sort();
    expected.sort();
    assert_eq!(
        linked, expected,
        "sitemap.html links every page of the sitemap, and nothing else"
    );
    // Titles from front matter, not from the URL.
    assert!(
        html.contains("<a href=\"posts/my-custom-slug/\">Custom</a>"),
        "{html}"
    );
}

/// Runs the Zola fixture in `root` with `llms-txt` as given.
fn run_llms(root: &Path, llms_txt: Option<bool>) -> sitemap_engine::Report {
    let mut settings = Settings::default();
    settings.llms_txt = llms_txt;
    Job::new(Source::Site(root.to_owned()))
        .with_layer(Layer::new(settings, Origin::Flag))
        .scan()
        .unwrap()
        .write(|_| {})
        .unwrap()
}

/// `llms-txt` on the Zola fixture (English at the root, French in
/// `fr/`): every page link of the two llms.txt is a URL of the sitemap
/// and every URL of the sitemap is linked once (those with a title of
/// their own outside "Optional"), besides each file's link to the other;
/// a hand-made llms.txt is left alone with a warning; ours are removed
/// by a run without the key.
#[test]
fn llms_txt_lists_exactly_the_sitemap_and_only_ours_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters/zola/tests/fixtures/zola-rules");
    copy_tree(&fixture, dir.path());
    let public = dir.path().join("public");
    let llms = public.join("llms.txt");
    let fr = public.join("fr/llms.txt");

    let report = run_llms(dir.path(), Some(true));
    assert_eq!(report.files, [llms.clone(), fr.clone()]);
    let xml = std::fs::read_to_string(public.join("sitemap.xml")).unwrap();
    let mut locs: Vec<String> = xml
        .split("<loc>")
        .skip(1)
        .map(|s| s[..s.find("</loc>").unwrap()].replace("&amp;", "&"))
        .collect();
    let text = std::fs::read_to_string(&llms).unwrap();
    let fr_text = std::fs::read_to_string(&fr).unwrap();
    assert!(text.starts_with("# Rules\n"), "{text}");
    assert!(fr_text.starts_with("# Règles\n"), "{fr_text}");
    let optional = text.find("\n## Optional\n").unwrap_or(text.len());
    let links = |part: &str| -> Vec<String> {
        part.lines()
            .filter_map(|l| l.strip_prefix("- ["))
            .map(|l| {
                let rest = &l[l.find("](").unwrap() + 2..];
                rest[..rest.find(')').unwrap()]
                    .replace("%28", "(")
                    .replace("%29", ")")
            })
            .collect()
    };
    let mut linked = links(&text);
    linked.extend(links(&fr_text));
    let (languages, mut linked): (Vec<String>, Vec<String>) =
        linked.into_iter().partition(|l| l.ends_with("/llms.txt"));
    assert_eq!(
        languages,
        [
            "https://example.org/blog/fr/llms.txt",
            "https://example.org/blog/llms.txt"
        ]
    );
    linked.sort();
    locs.sort();
    assert_eq!(linked, locs, "llms.txt links exactly the sitemap's URLs");
    // Titled from front matter, outside "Optional".
    assert!(
        links(&text[..optional])
            .contains(&"https://example.org/blog/posts/my-custom-slug/".to_owned())
            && text[..optional]
                .contains("- [Custom](https://example.org/blog/posts/my-custom-slug/)"),
        "{text}"
    );

    // Ours, without the key: removed with the set's leftovers.
    let report = run_llms(dir.path(), None);
    assert!(
        report.set.removed.contains(&llms) && report.set.removed.contains(&fr),
        "{:?}",
        report.set.removed
    );
    assert!(!llms.exists() && !fr.exists());

    // A hand-made one: left alone either way, with a warning when asked.
    std::fs::write(&llms, "# Mine\n").unwrap();
    let report = run_llms(dir.path(), Some(true));
    assert_eq!(report.files, std::slice::from_ref(&fr));
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.message.contains("llms.txt was not written by this tool")),
        "{:?}",
        report.warnings
    );
    let report = run_llms(dir.path(), Some(false));
    assert_eq!(std::fs::read_to_string(&llms).unwrap(), "# Mine\n");
    // The French one is still the toolkit's: removed beside a root one
    // that is not.
    assert_eq!(report.set.removed, std::slice::from_ref(&fr));
}

pub(crate) fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
