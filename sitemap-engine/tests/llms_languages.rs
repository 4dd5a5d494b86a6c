//! llms.txt of a multilingual site: one file per language root, each
//! listing that language's pages only and linking the others under
//! "Optional" (a Zola site, a Hugo site, a multihost Hugo site); the
//! titles of the taxonomy and term pages the generator makes; and a
//! language's file once the site no longer has the language. Each test
//! asserts the whole of every llms.txt written.

use std::fs;
use std::path::Path;

use sitemap_engine::{Job, Layer, Origin, Report, Settings, Source};

/// Writes `files` (path, text) under `root`.
fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// Scans the site in `root` with `llms-txt` as given, lastmod from
/// dates, following Hugo 0.168.0 where it is a Hugo site.
fn run(root: &Path, llms_txt: bool) -> Report {
    let mut settings = Settings::default();
    settings.llms_txt = Some(llms_txt);
    settings.lastmod = Some(vec![sitemap_engine::LastmodSource::Date]);
    settings.hugo_version = Some("0.168.0".to_owned());
    Job::new(Source::Site(root.to_owned()))
        .with_layer(Layer::new(settings, Origin::Flag))
        .scan()
        .unwrap()
        .write(|_| {})
        .unwrap()
}

/// `body` as the toolkit writes it: with its marker line.
fn written(body: &str) -> String {
    format!(
        "{body}{}\n",
        sitemap_core::human::llms_marker(body.as_bytes())
    )
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap()
}

/// A Zola site in English at the root and in French in `fr/`: each
/// language's llms.txt lists its own pages under its own title and
/// description, its taxonomy titled with the taxonomy's name and each
/// term with its name as written (the first of those one slug merges,
/// as Zola keeps it), and links the other's file under "Optional".
#[test]
fn zola_site_has_an_llms_txt_per_language() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "zola.toml",
                "base_url = \"https://example.org\"\ntitle = \"Notes\"\n\
                 description = \"Notes on programming.\"\ntaxonomies = [{ name = \"tags\" }]\n\
                 [languages.fr]\ntitle = \"Carnet\"\ndescription = \"Notes sur la programmation.\"\n\
                 taxonomies = [{ name = \"tags\" }]\n",
            ),
            ("content/_index.md", "+++\ntitle = \"Home\"\n+++\n"),
            ("content/_index.fr.md", "+++\ntitle = \"Accueil\"\n+++\n"),
            ("content/posts/_index.md", "+++\ntitle = \"Posts\"\n+++\n"),
            (
                "content/posts/_index.fr.md",
                "+++\ntitle = \"Billets\"\n+++\n",
            ),
            (
                "content/posts/borrow.md",
                "+++\ntitle = \"Borrowing\"\ndescription = \"How borrows work.\"\n\
                 [taxonomies]\ntags = [\"rust\", \"Memory safety\"]\n+++\n",
            ),
            (
                "content/posts/traits.md",
                "+++\ntitle = \"Traits\"\n[taxonomies]\ntags = [\"Rust\"]\n+++\n",
            ),
            (
                "content/posts/borrow.fr.md",
                "+++\ntitle = \"Emprunts\"\n[taxonomies]\ntags = [\"Rust\", \"Mémoire\"]\n+++\n",
            ),
        ],
    );
    let report = run(dir.path(), true);
    let public = dir.path().join("public");
    assert_eq!(
        report.files,
        [public.join("llms.txt"), public.join("fr/llms.txt")]
    );
    assert_eq!(
        read(&public.join("llms.txt")),
        written(
            "# Notes\n\n> Notes on programming.\n\n## Pages\n\n- [Home](https://example.org/)\n\n\
             ## Posts\n\n- [Posts](https://example.org/posts/)\n\
             - [Borrowing](https://example.org/posts/borrow/): How borrows work.\n\
             - [Traits](https://example.org/posts/traits/)\n\n## Optional\n\n\
             - [fr](https://example.org/fr/llms.txt): the site's pages in this language\n\
             - [tags](https://example.org/tags/)\n\
             - [Memory safety](https://example.org/tags/memory-safety/)\n\
             - [Rust](https://example.org/tags/rust/)\n\n"
        )
    );
    assert_eq!(
        read(&public.join("fr/llms.txt")),
        written(
            "# Carnet\n\n> Notes sur la programmation.\n\n## Pages\n\n\
             - [Accueil](https://example.org/fr/)\n\n## Billets\n\n\
             - [Billets](https://example.org/fr/posts/)\n\
             - [Emprunts](https://example.org/fr/posts/borrow/)\n\n## Optional\n\n\
             - [en](https://example.org/llms.txt): the site's pages in this language\n\
             - [tags](https://example.org/fr/tags/)\n\
             - [Mémoire](https://example.org/fr/tags/memoire/)\n\
             - [Rust](https://example.org/fr/tags/rust/)\n\n"
        )
    );
}

/// The Hugo site of the test below: English at the root, French in
/// `fr/` (its own title and description; its name as Hugo 0.158 and
/// later say it, `label`, English's as earlier ones, `languageName`),
/// taxonomies `tags` and `my-series`, one term with content of its own.
const HUGO_SITE: &[(&str, &str)] = &[
    (
        "hugo.toml",
        "baseURL = \"https://example.com/\"\ntitle = \"Field notes\"\n\
         disableKinds = [\"rss\"]\n[params]\ndescription = \"Notes from the field.\"\n\
         [taxonomies]\ntag = \"tags\"\nseries = \"my-series\"\n\
         [languages.en]\nweight = 1\nlanguageName = \"English\"\n\
         [languages.fr]\nweight = 2\nlabel = \"Français\"\ntitle = \"Carnet de terrain\"\n\
         [languages.fr.params]\ndescription = \"Notes du terrain.\"\n",
    ),
    ("content/_index.md", "---\ntitle: Home\n---\n"),
    ("content/_index.fr.md", "---\ntitle: Accueil\n---\n"),
    ("content/posts/_index.md", "---\ntitle: Posts\n---\n"),
    ("content/posts/_index.fr.md", "---\ntitle: Billets\n---\n"),
    (
        "content/posts/borrow.md",
        "---\ntitle: Borrowing\ndescription: How borrows work.\n\
         tags: [Rust, state of the art]\nmy-series: [the book]\ntranslationKey: borrow\n---\n",
    ),
    (
        "content/posts/borrow.fr.md",
        "---\ntitle: Emprunts\ntags: [rust, états]\ntranslationKey: borrow\n---\n",
    ),
    (
        "content/tags/rust/_index.md",
        "---\ntitle: The Rust language\ndescription: Everything on Rust.\n---\n",
    ),
];

/// A Hugo site in two languages: each language's root has its llms.txt
/// with that language's pages; a taxonomy is titled as Hugo titles it
/// (`Tags`, `My Series`), a term with its name as a page writes it,
/// title-cased (`State of the Art`, `États`), or with its own content's
/// title, which makes it a page of its own, outside "Optional".
#[test]
fn hugo_site_has_an_llms_txt_per_language_and_titled_terms() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), HUGO_SITE);
    let report = run(dir.path(), true);
    let public = dir.path().join("public");
    assert_eq!(
        report.files,
        [public.join("llms.txt"), public.join("fr/llms.txt")]
    );
    assert_eq!(
        read(&public.join("llms.txt")),
        written(
            "# Field notes\n\n> Notes from the field.\n\n## Pages\n\n\
             - [Home](https://example.com/)\n\n## Posts\n\n- [Posts](https://example.com/posts/)\n\
             - [Borrowing](https://example.com/posts/borrow/): How borrows work.\n\n\
             ## Tags\n\n- [The Rust language](https://example.com/tags/rust/): Everything on Rust.\n\n\
             ## Optional\n\n\
             - [Français (fr)](https://example.com/fr/llms.txt): the site's pages in this language\n\
             - [My Series](https://example.com/my-series/)\n\
             - [The Book](https://example.com/my-series/the-book/)\n\
             - [Tags](https://example.com/tags/)\n\
             - [State of the Art](https://example.com/tags/state-of-the-art/)\n\n"
        )
    );
    assert_eq!(
        read(&public.join("fr/llms.txt")),
        written(
            "# Carnet de terrain\n\n> Notes du terrain.\n\n## Pages\n\n\
             - [Accueil](https://example.com/fr/)\n\n## Billets\n\n\
             - [Billets](https://example.com/fr/posts/)\n\
             - [Emprunts](https://example.com/fr/posts/borrow/)\n\n## Optional\n\n\
             - [English (en)](https://example.com/llms.txt): the site's pages in this language\n\
             - [My Series](https://example.com/fr/my-series/)\n\
             - [Tags](https://example.com/fr/tags/)\n\
             - [États](https://example.com/fr/tags/%C3%A9tats/)\n\
             - [Rust](https://example.com/fr/tags/rust/)\n\n"
        )
    );
}

/// A multihost Hugo site (a `baseURL` per language): each host's folder
/// gets its set and its own llms.txt, holding only that host's pages,
/// under its language's title, and linking the other host's; nothing at
/// the output folder's root.
#[test]
fn hugo_multihost_llms_txt_holds_each_hosts_pages() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "defaultContentLanguage = \"fr\"\ndisableKinds = [\"rss\", \"sitemap\"]\n\
                 title = \"Le carnet\"\n\
                 [languages.en]\nbaseURL = \"https://example.com/docs/\"\nweight = 1\n\
                 title = \"The notebook\"\n\
                 [languages.fr]\nbaseURL = \"https://example.fr/\"\nweight = 2\n",
            ),
            ("content/_index.en.md", "---\ntitle: Home\n---\n"),
            ("content/_index.fr.md", "---\ntitle: Accueil\n---\n"),
            (
                "content/posts/a.en.md",
                "---\ntitle: Apples\ntags: [fruit]\ntranslationKey: a\n---\n",
            ),
            (
                "content/posts/a.fr.md",
                "---\ntitle: Pommes\ntags: [Fruits d'été]\ntranslationKey: a\n---\n",
            ),
        ],
    );
    let report = run(dir.path(), true);
    let public = dir.path().join("public");
    assert!(!public.join("llms.txt").exists());
    assert_eq!(report.files, [public.join("fr/llms.txt")]);
    assert_eq!(report.hosts[0].files, [public.join("en/llms.txt")]);
    assert_eq!(
        read(&public.join("fr/llms.txt")),
        written(
            "# Le carnet\n\n## Pages\n\n- [Accueil](https://example.fr/)\n\n## Posts\n\n\
             - [Pommes](https://example.fr/posts/a/)\n\n## Optional\n\n\
             - [en](https://example.com/docs/llms.txt): the site's pages in this language\n\
             - [Categories](https://example.fr/categories/)\n\
             - [/posts/](https://example.fr/posts/)\n\
             - [Tags](https://example.fr/tags/)\n\
             - [Fruits D'été](https://example.fr/tags/fruits-d%C3%A9t%C3%A9/)\n\n"
        )
    );
    assert_eq!(
        read(&public.join("en/llms.txt")),
        written(
            "# The notebook\n\n## Pages\n\n- [Home](https://example.com/docs/)\n\n## Posts\n\n\
             - [Apples](https://example.com/docs/posts/a/)\n\n## Optional\n\n\
             - [fr](https://example.fr/llms.txt): the site's pages in this language\n\
             - [Categories](https://example.com/docs/categories/)\n\
             - [/posts/](https://example.com/docs/posts/)\n\
             - [Tags](https://example.com/docs/tags/)\n\
             - [Fruit](https://example.com/docs/tags/fruit/)\n\n"
        )
    );
}

/// A language's llms.txt once the site no longer has the language goes
/// as the root one goes without `llms-txt`: removed when unedited, left
/// alone with a warning when edited; without the key, every one of the
/// toolkit's goes. Another set's llms.txt below the output folder (a
/// book's, linking its own languages) and a hand-made one are never
/// touched.
#[test]
fn a_removed_languages_llms_txt_goes_as_the_root_one_does() {
    let dir = tempfile::tempdir().unwrap();
    let config = |languages: &str| {
        format!("base_url = \"https://example.org\"\ntitle = \"Notes\"\n{languages}")
    };
    write(
        dir.path(),
        &[
            (
                "zola.toml",
                &config("[languages.fr]\ntitle = \"Carnet\"\n[languages.de]\n"),
            ),
            ("content/_index.md", "+++\ntitle = \"Home\"\n+++\n"),
            ("content/_index.fr.md", "+++\ntitle = \"Accueil\"\n+++\n"),
            ("content/_index.de.md", "+++\ntitle = \"Start\"\n+++\n"),
        ],
    );
    let public = dir.path().join("public");
    let book = written(
        "# Book\n\n## Chapters\n\n- [Intro](https://example.org/docs/intro.html)\n\n\
         ## Optional\n\n- [fr](https://example.org/docs/fr/llms.txt)\n\n",
    );
    write(
        &public,
        &[("docs/llms.txt", &book), ("es/llms.txt", "# Mine\n")],
    );
    let shown = |p: &Path| p.strip_prefix(dir.path()).unwrap().display().to_string();
    let report = run(dir.path(), true);
    assert_eq!(
        report.written(shown),
        "wrote public/sitemap.xml, public/llms.txt, public/de/llms.txt, public/fr/llms.txt"
    );
    assert_eq!(
        read(&public.join("de/llms.txt")),
        written(
            "# Notes\n\n## Pages\n\n- [Start](https://example.org/de/)\n\n## Optional\n\n\
             - [en](https://example.org/llms.txt): the site's pages in this language\n\
             - [fr](https://example.org/fr/llms.txt): the site's pages in this language\n\n"
        )
    );

    // German gone: its file, as written, goes with the set.
    write(
        dir.path(),
        &[("zola.toml", &config("[languages.fr]\ntitle = \"Carnet\"\n"))],
    );
    fs::remove_file(dir.path().join("content/_index.de.md")).unwrap();
    let report = run(dir.path(), true);
    assert_eq!(
        report.written(shown),
        "wrote public/sitemap.xml, public/llms.txt, public/fr/llms.txt; removed de/llms.txt"
    );
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    assert!(!public.join("de/llms.txt").exists());

    // French edited, then gone: left alone, with a warning.
    let fr = public.join("fr/llms.txt");
    let edited = read(&fr).replacen(
        "\n\n<!--",
        "\n\n## Mine\n\n- [Talk](https://example.org/t)\n\n<!--",
        1,
    );
    fs::write(&fr, &edited).unwrap();
    write(dir.path(), &[("zola.toml", &config(""))]);
    fs::remove_file(dir.path().join("content/_index.fr.md")).unwrap();
    let report = run(dir.path(), true);
    assert_eq!(
        report.written(shown),
        "wrote public/sitemap.xml, public/llms.txt"
    );
    assert_eq!(
        messages(&report.warnings),
        [format!(
            "{} was written by this tool and edited since, so it was left alone although the \
             sitemap lists no page in its language any more; delete it if it is no longer wanted",
            fr.display()
        )]
    );
    assert_eq!(read(&fr), edited);
    assert_eq!(
        read(&public.join("llms.txt")),
        written("# Notes\n\n## Pages\n\n- [Home](https://example.org/)\n\n")
    );

    // Without the key: the root one goes, the edited one stays.
    let report = run(dir.path(), false);
    assert_eq!(
        report.written(shown),
        "wrote public/sitemap.xml; removed llms.txt"
    );
    assert_eq!(
        messages(&report.warnings),
        [format!(
            "{} was written by this tool and edited since, so it was left alone although \
             `llms-txt` is off; delete it if it is no longer wanted",
            fr.display()
        )]
    );
    assert_eq!(read(&fr), edited);
    assert_eq!(read(&public.join("docs/llms.txt")), book);
    assert_eq!(read(&public.join("es/llms.txt")), "# Mine\n");
}

/// A language's folder that is a link (which could lead out of the
/// output folder) gets no llms.txt written through it: a warning says
/// so, and the rest of the set is written.
#[cfg(unix)]
#[test]
fn a_language_folder_that_is_a_link_is_not_written_through() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "zola.toml",
                "base_url = \"https://example.org\"\ntitle = \"Notes\"\n[languages.fr]\n",
            ),
            ("content/_index.md", "+++\ntitle = \"Home\"\n+++\n"),
            ("content/_index.fr.md", "+++\ntitle = \"Accueil\"\n+++\n"),
        ],
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let public = dir.path().join("public");
    fs::create_dir_all(&public).unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), public.join("fr")).unwrap();
    let report = run(dir.path(), true);
    assert_eq!(report.files, [public.join("llms.txt")]);
    assert_eq!(
        messages(&report.warnings),
        [format!(
            "{} was not written: part of its folder is a link or a file, and nothing is \
             written through one",
            public.join("fr/llms.txt").display()
        )]
    );
    assert_eq!(fs::read_dir(elsewhere.path()).unwrap().count(), 0);
}

fn messages(warnings: &[sitemap_core::Diagnostic]) -> Vec<String> {
    warnings.iter().map(|w| w.message.clone()).collect()
}
