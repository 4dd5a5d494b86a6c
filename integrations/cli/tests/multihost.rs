//! A multihost Hugo site (a `baseURL` per language): Hugo publishes each
//! language in `public/<lang>/` with a sitemap of its own and no index;
//! the scan writes the same sets there, each equal to the real Hugo's
//! (the current one, built first), each valid against the XSD, and the
//! build check finds nothing to say.

use std::fs;

use sitemap_testkit::{Schema, assert_valid};

use crate::build_check::{current_hugo, hugo, locs, write};

#[test]
fn each_host_gets_its_own_sitemap_equal_to_hugos() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "defaultContentLanguage = \"fr\"\ndisableKinds = [\"rss\"]\n\
                 [languages.en]\nbaseURL = \"https://example.com/docs/\"\nweight = 1\n\
                 [languages.fr]\nbaseURL = \"https://example.fr/\"\nweight = 2\n",
            ),
            (
                "content/posts/a.en.md",
                "---\ntitle: a\ntags: [x]\ntranslationKey: a\n---\n",
            ),
            (
                "content/posts/a.fr.md",
                "---\ntitle: a fr\ntranslationKey: a\n---\n",
            ),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(&current_hugo(), dir.path());
    let hosts = ["en", "fr"];
    let theirs: Vec<Vec<String>> = hosts
        .iter()
        .map(|l| locs(&dir.path().join(format!("public/{l}/sitemap.xml"))))
        .collect();
    assert!(!dir.path().join("public/sitemap.xml").exists());

    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--hugo-version",
            "0.168.0",
            "--lastmod",
            "front-matter",
        ],
    );
    assert_eq!(
        (out.status.code(), crate::text(&out.stderr, dir.path())),
        (
            Some(0),
            "warning: public/fr/sitemap.xml is Hugo's own sitemap, not written by this tool: \
             this run replaced it, but Hugo writes it again on every build, so build with \
             `hugo && sitemap scan`, and set `disableKinds = [\"sitemap\"]` in hugo.toml to stop \
             Hugo writing its own (or give ours another `filename`)\n\
             sitemap: 2 files read as Hugo 0.168.0 (the hugo-version setting), 11 URLs, none excluded, checked against 11 built pages; wrote public/fr/sitemap.xml; wrote \
             public/en/sitemap.xml\n"
                .to_owned()
        )
    );
    for (lang, theirs) in hosts.iter().zip(&theirs) {
        let ours = dir.path().join(format!("public/{lang}/sitemap.xml"));
        assert_eq!(&locs(&ours), theirs, "{lang}");
        assert_valid(
            &ours,
            Schema::for_document(&fs::read_to_string(&ours).unwrap()),
        );
    }
    assert!(!dir.path().join("public/sitemap.xml").exists());

    // Written: a check finds both sets up to date.
    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--hugo-version",
            "0.168.0",
            "--lastmod",
            "front-matter",
            "--check",
        ],
    );
    assert_eq!(
        (out.status.code(), crate::text(&out.stderr, dir.path())),
        (
            Some(0),
            "sitemap: 11 URLs; public/fr is up to date\n".to_owned()
        )
    );
}

/// A language key that is no folder name (`../../escape`) would put its
/// host's sitemap outside the output folder: refused, nothing written.
#[test]
fn a_language_key_that_leaves_the_output_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    write(
        &site,
        &[
            (
                "hugo.toml",
                "defaultContentLanguage = \"en\"\n[languages.en]\nbaseURL = \"https://a.org/\"\n\
                 [languages.\"../../escape\"]\nbaseURL = \"https://b.org/\"\n",
            ),
            ("content/a.md", "---\ntitle: a\n---\n"),
        ],
    );
    let out = crate::sitemap(
        &site,
        &[
            "scan",
            "--hugo-version",
            "0.168.0",
            "--lastmod",
            "front-matter",
            "--quiet",
        ],
    );
    assert_eq!(
        (out.status.code(), crate::text(&out.stderr, &site)),
        (
            Some(1),
            "error: the language `../../escape` has a host of its own (https://b.org/), but its \
             key is no folder name, and its sitemap would be written outside ./public\n  \
             hint: name the language with a plain code such as `fr` or `pt-br`\n"
                .to_owned()
        )
    );
    assert!(!site.join("public").exists());
    assert!(!dir.path().join("escape").exists());
}

/// A host none of whose pages is listed (a cascade leaves every English
/// page out, and with `kind = "*"` the English sitemap page too: Hugo
/// 0.168 writes no `en/sitemap.xml`): the scan writes the other hosts'
/// sets, says which host got none, and exits 0 instead of refusing a
/// site Hugo builds.
#[test]
fn a_host_with_no_page_listed_gets_no_set_and_the_others_are_written() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "defaultContentLanguage = \"en\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
                 [[cascade]]\nbuild = {render = \"never\", list = \"never\"}\n\
                 [cascade.target]\nkind = \"*\"\nsites = {matrix = {languages = [\"en\"]}}\n\
                 [languages.en]\nbaseURL = \"https://example.com/\"\nweight = 1\n\
                 [languages.de]\nbaseURL = \"https://example.de/\"\nweight = 2\n",
            ),
            ("content/a.en.md", "---\ntitle: a\n---\n"),
            ("content/a.de.md", "---\ntitle: a\n---\n"),
        ],
    );
    hugo(&current_hugo(), dir.path());
    assert!(!dir.path().join("public/en/sitemap.xml").exists());
    let theirs = locs(&dir.path().join("public/de/sitemap.xml"));
    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--hugo-version",
            "0.168.0",
            "--lastmod",
            "front-matter",
        ],
    );
    let stderr = crate::text(&out.stderr, dir.path());
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "public/en/: warning: no page served at https://example.com/ is listed (each is left \
             out), so no sitemap is written for that host, and the files already there are left \
             as they were\n"
        ),
        "{stderr}"
    );
    assert!(!dir.path().join("public/en/sitemap.xml").exists());
    assert_eq!(theirs, ["https://example.de/", "https://example.de/a/"]);
    assert_eq!(locs(&dir.path().join("public/de/sitemap.xml")), theirs);
    let de = dir.path().join("public/de/sitemap.xml");
    assert_valid(&de, Schema::for_document(&fs::read_to_string(&de).unwrap()));
}

/// A multihost site with two active languages and a disabled one, which
/// Hugo 0.125.4+ builds with one host's paths: the warning names the file
/// that disables the language (a language file of a configuration
/// folder), not another file of that language's settings.
#[test]
fn the_one_host_warning_names_the_file_that_disables_the_language() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "config/_default/hugo.toml",
                "defaultContentLanguage = \"en\"\n\
                 [languages.en]\nbaseURL = \"https://example.com/\"\nweight = 1\n\
                 [languages.de]\nbaseURL = \"https://example.de/\"\nweight = 2\n",
            ),
            (
                "config/_default/languages.fr.toml",
                "baseURL = \"https://example.fr/\"\nweight = 3\ndisabled = true\n",
            ),
            ("config/_default/params.fr.toml", "subtitle = \"fr\"\n"),
            ("content/a.md", "---\ntitle: a\n---\n"),
        ],
    );
    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--hugo-version",
            "0.168.0",
            "--dry-run",
            "--lastmod",
            "front-matter",
        ],
    );
    let stderr = crate::text(&out.stderr, dir.path());
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let warning = stderr
        .lines()
        .find(|l| l.contains("is disabled"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(
        warning,
        "config/_default/languages.fr.toml: warning: the language `fr` is disabled, so Hugo \
         0.168.0 (0.125.4 and later) counts it out twice and builds this site, whose languages \
         each have a `baseURL`, with the paths of one host: each language's URLs get its folder \
         (`<its baseURL>/<lang>/…`), and the sitemap follows them; to serve each language at the \
         root of its own host, remove `fr` from the languages"
    );
}

/// On a site Hugo builds with one host's paths (a disabled language), a
/// `url` outside its language's folder is served at that language's host
/// but outside the folder its sitemap lies in. Hugo 0.168.0 lists it
/// there anyway (`https://example.de/elsewhere/` in
/// `https://example.de/de/sitemap.xml`), which the protocol forbids; the
/// scan leaves it out with a warning naming the hosts and the URL, and
/// writes the rest (random differential seed 4205, where it once
/// vanished without a word).
#[test]
fn a_url_outside_every_hosts_folder_is_left_out_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "defaultContentLanguage = \"en\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n\
                 [languages.en]\nbaseURL = \"https://example.com/\"\nweight = 1\n\
                 [languages.de]\nbaseURL = \"https://example.de/\"\nweight = 2\n\
                 [languages.fr]\nbaseURL = \"https://example.fr/\"\nweight = 3\ndisabled = true\n",
            ),
            ("content/a.en.md", "---\ntitle: a\n---\n"),
            ("content/a.de.md", "---\ntitle: a\n---\n"),
            ("content/b.de.md", "---\ntitle: b\nurl: /elsewhere/\n---\n"),
        ],
    );
    let args = [
        "scan",
        "--hugo-version",
        "0.168.0",
        "--lastmod",
        "front-matter",
    ];
    let dry = crate::sitemap(dir.path(), &[&args[..], &["--dry-run"]].concat());
    let stderr = crate::text(&dry.stderr, dir.path());
    assert!(
        stderr.contains(
            "warning: 1 URL(s) lie outside every host's folder (https://example.com/, \
             https://example.de/de/) and would be left out (a sitemap may list only URLs under \
             its own folder)\n"
        ),
        "{stderr}"
    );
    let out = crate::sitemap(dir.path(), &args);
    let stderr = crate::text(&out.stderr, dir.path());
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "warning: 1 URL(s) lie outside every host's folder (https://example.com/, \
             https://example.de/de/) and were left out, such as https://example.de/elsewhere/ (a \
             sitemap may list only URLs under its own folder); give the page a `url` under its \
             language's folder, or serve each language from the root of its own host\n"
        ),
        "{stderr}"
    );
    assert_eq!(
        locs(&dir.path().join("public/de/sitemap.xml")),
        ["https://example.de/de/", "https://example.de/de/a/"]
    );
    assert_eq!(
        locs(&dir.path().join("public/en/sitemap.xml")),
        ["https://example.com/", "https://example.com/a/"]
    );
    for lang in ["en", "de"] {
        let set = dir.path().join(format!("public/{lang}/sitemap.xml"));
        assert_valid(
            &set,
            Schema::for_document(&fs::read_to_string(&set).unwrap()),
        );
    }
}

/// Each host keeps its own robots.txt, as Hugo writes one per host
/// (`enableRobotsTXT`; checked with the current Hugo): with `robots`,
/// the scan adds to each the line naming that host's sitemap, and to
/// none a line naming another host's; a host below its domain's root
/// (`/docs/`) is told to add the line at the root too.
#[test]
fn each_hosts_robots_txt_names_its_own_sitemap() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "hugo.toml",
                "defaultContentLanguage = \"fr\"\ndisableKinds = [\"rss\"]\nenableRobotsTXT = true\n\
                 [languages.en]\nbaseURL = \"https://example.com/docs/\"\nweight = 1\n\
                 [languages.fr]\nbaseURL = \"https://example.fr/\"\nweight = 2\n",
            ),
            ("content/posts/a.en.md", "---\ntitle: a\n---\n"),
            ("content/posts/a.fr.md", "---\ntitle: a fr\n---\n"),
            (
                "layouts/all.html",
                "<html><head><title>{{ .Title }}</title></head></html>\n",
            ),
        ],
    );
    hugo(&current_hugo(), dir.path());
    let hosts = [
        ("en", "https://example.com/docs/"),
        ("fr", "https://example.fr/"),
    ];
    let theirs: Vec<(Vec<String>, String)> = hosts
        .iter()
        .map(|(l, _)| {
            let robots = dir.path().join(format!("public/{l}/robots.txt"));
            (
                locs(&dir.path().join(format!("public/{l}/sitemap.xml"))),
                fs::read_to_string(robots).unwrap(),
            )
        })
        .collect();
    assert!(!dir.path().join("public/robots.txt").exists());
    assert!(!dir.path().join("public/sitemap.xml").exists());

    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--hugo-version",
            "0.168.0",
            "--lastmod",
            "front-matter",
            "--robots",
        ],
    );
    assert_eq!(
        (out.status.code(), crate::text(&out.stderr, dir.path())),
        (
            Some(0),
            "warning: public/fr/sitemap.xml is Hugo's own sitemap, not written by this tool: \
             this run replaced it, but Hugo writes it again on every build, so build with \
             `hugo && sitemap scan`, and set `disableKinds = [\"sitemap\"]` in hugo.toml to stop \
             Hugo writing its own (or give ours another `filename`)\n\
             warning: robots.txt is read only at the host's root; https://example.com/docs/ is \
             below it, so add the `Sitemap: https://example.com/docs/sitemap.xml` line to the \
             root robots.txt too\n\
             sitemap: 2 files read as Hugo 0.168.0 (the hugo-version setting), 10 URLs, none \
             excluded, checked against 10 built pages; wrote public/fr/sitemap.xml and \
             robots.txt; wrote public/en/sitemap.xml and robots.txt\n"
                .to_owned()
        )
    );
    for ((lang, base), (locs_theirs, robots_theirs)) in hosts.iter().zip(&theirs) {
        assert_eq!(robots_theirs, "User-agent: *\n", "{lang}");
        assert_eq!(
            fs::read_to_string(dir.path().join(format!("public/{lang}/robots.txt"))).unwrap(),
            format!("{robots_theirs}Sitemap: {base}sitemap.xml\n"),
            "{lang}"
        );
        assert_eq!(
            &locs(&dir.path().join(format!("public/{lang}/sitemap.xml"))),
            locs_theirs,
            "{lang}"
        );
    }
    assert!(!dir.path().join("public/robots.txt").exists());
    assert!(!dir.path().join("public/sitemap.xml").exists());
}
