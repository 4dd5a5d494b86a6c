//! A multihost Hugo site (a `baseURL` per language): Hugo publishes each
//! language in `public/<lang>/` with a sitemap of its own and no index;
//! the scan writes the same sets there, each equal to the real Hugo's
//! (the current one, built first), each valid against the XSD, and the
//! build check finds nothing to say.

use std::fs;
use std::path::Path;

use sitemap_testkit::{Schema, assert_valid};

use crate::build_check::{current_hugo, hugo, write};

fn locs(file: &Path) -> Vec<String> {
    let xml = fs::read_to_string(file).unwrap();
    let mut locs: Vec<String> = xml
        .split("<loc>")
        .skip(1)
        .map(|s| s[..s.find("</loc>").unwrap()].to_owned())
        .collect();
    locs.sort();
    locs
}

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
             sitemap: 2 files read, 11 URLs, none excluded; wrote public/fr/sitemap.xml; wrote \
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
