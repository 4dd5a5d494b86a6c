//! Hugo's site-level `[sitemap]` table (`changefreq`, `priority`,
//! `filename`) as [`Site::sitemap`] and [`Site::sitemap_for`] read it.
//!
//! Each expected value is what the real Hugo wrote for the same
//! configuration (hugo v0.111.3+extended linux/amd64, Debian 12, built
//! with `hugo --source SITE`, then `public/sitemap.xml`, or
//! `public/<lang>/<filename>` on a multilingual site, read);
//! `every_valid_case_matches_real_hugo` builds each accepted case again
//! with the installed `hugo` and compares, so a Hugo that reads the table
//! otherwise fails it.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::Command;

use sitemap_content::{Site, SiteOptions, SiteSitemap};

use crate::open;

/// One configuration: its files (path relative to the site root, text),
/// and what the scan reads, as [`show`] writes it.
struct Case {
    name: &'static str,
    files: &'static [(&'static str, &'static str)],
    expected: &'static str,
}

const VALID: &[Case] = &[
    // Hugo: <changefreq>weekly</changefreq><priority>0.3</priority> in public/map.xml.
    Case {
        name: "toml root file",
        files: &[(
            "hugo.toml",
            "baseURL = \"https://x.org/\"\n[sitemap]\nchangefreq = \"weekly\"\npriority = 0.3\nfilename = \"map.xml\"\n",
        )],
        expected: "site: changefreq weekly, priority 0.3, filename map.xml\n",
    },
    // Keys in any case. Hugo: monthly, 0.7, in public/sm.xml.
    Case {
        name: "yaml",
        files: &[(
            "hugo.yaml",
            "baseURL: https://x.org/\nsitemap:\n  changeFreq: monthly\n  Priority: 0.7\n  filename: sm.xml\n",
        )],
        expected: "site: changefreq monthly, priority 0.7, filename sm.xml\n",
    },
    // Hugo: daily, 0.1.
    Case {
        name: "json",
        files: &[(
            "hugo.json",
            r#"{"baseURL": "https://x.org/", "sitemap": {"changefreq": "daily", "priority": 0.1}}"#,
        )],
        expected: "site: changefreq daily, priority 0.1, filename -\n",
    },
    // The older name of the root file. Hugo: always, 1 (an integer).
    Case {
        name: "config.toml",
        files: &[(
            "config.toml",
            "baseURL = \"https://x.org/\"\n[sitemap]\nchangefreq = \"always\"\npriority = 1\n",
        )],
        expected: "site: changefreq always, priority 1.0, filename -\n",
    },
    // `config/_default/sitemap.toml` is the `sitemap` table, and
    // `config/production/` wins over it. Hugo: yearly, 0.2.
    Case {
        name: "config folder",
        files: &[
            (
                "config/_default/hugo.toml",
                "baseURL = \"https://x.org/\"\n",
            ),
            (
                "config/_default/sitemap.toml",
                "changefreq = \"yearly\"\npriority = 0.9\n",
            ),
            ("config/production/sitemap.toml", "priority = 0.2\n"),
        ],
        expected: "site: changefreq yearly, priority 0.2, filename -\n",
    },
    // Hugo: neither <changefreq> nor <priority>, public/sitemap.xml.
    Case {
        name: "unset",
        files: &[("hugo.toml", "baseURL = \"https://x.org/\"\n")],
        expected: "site: changefreq -, priority -, filename -\n",
    },
    // Hugo's default is -1, "not set": it writes no <priority>; an empty
    // changefreq writes no <changefreq>.
    Case {
        name: "negative priority",
        files: &[(
            "hugo.toml",
            "baseURL = \"https://x.org/\"\n[sitemap]\nchangefreq = \"\"\npriority = -0.5\n",
        )],
        expected: "site: changefreq -, priority -, filename -\n",
    },
    // Hugo reads a string as a number (`cast.ToFloat`): 0.5. And 0 is
    // written, not dropped.
    Case {
        name: "priority as a string",
        files: &[(
            "hugo.toml",
            "baseURL = \"https://x.org/\"\n[sitemap]\npriority = \"0.5\"\n",
        )],
        expected: "site: changefreq -, priority 0.5, filename -\n",
    },
    Case {
        name: "priority zero",
        files: &[(
            "hugo.toml",
            "baseURL = \"https://x.org/\"\n[sitemap]\npriority = 0\n",
        )],
        expected: "site: changefreq -, priority 0.0, filename -\n",
    },
    // A language's table replaces the site's as a whole: Hugo wrote
    // public/en/sitemap.xml with hourly and no priority, public/fr/sitemap.xml
    // with neither, and public/de/map.xml with the site's 0.4.
    Case {
        name: "per language",
        files: &[(
            "hugo.toml",
            "baseURL = \"https://x.org/\"\n[sitemap]\nfilename = \"map.xml\"\npriority = 0.4\n\
             [languages.en]\nweight = 1\n[languages.en.sitemap]\nchangefreq = \"hourly\"\n\
             [languages.fr]\nweight = 2\n[languages.fr.sitemap]\npriority = -1\n\
             [languages.de]\nweight = 3\n",
        )],
        expected: "site: changefreq -, priority 0.4, filename map.xml\n\
                   en: changefreq hourly, priority -, filename -\n\
                   fr: changefreq -, priority -, filename -\n\
                   de: changefreq -, priority 0.4, filename map.xml\n",
    },
    // Even on a one-language site the language's table counts: Hugo
    // wrote monthly.
    Case {
        name: "one language's own table",
        files: &[(
            "hugo.toml",
            "baseURL = \"https://x.org/\"\n[sitemap]\nchangefreq = \"daily\"\n\
             [languages.en.sitemap]\nchangefreq = \"monthly\"\n",
        )],
        expected: "site: changefreq daily, priority -, filename -\n\
                   en: changefreq monthly, priority -, filename -\n",
    },
];

/// A site with the case's configuration and one page.
fn site_of(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    fs::create_dir_all(root.join("content/s")).unwrap();
    fs::write(root.join("content/s/a.md"), "---\ntitle: a\n---\n").unwrap();
}

fn show_one(out: &mut String, name: &str, s: &SiteSitemap) {
    writeln!(
        out,
        "{name}: changefreq {}, priority {}, filename {}",
        s.changefreq.map_or("-".to_owned(), |c| c.to_string()),
        s.priority.map_or("-".to_owned(), |p| p.to_string()),
        s.filename.as_deref().unwrap_or("-"),
    )
    .unwrap();
}

/// The site's table, then each language's effective one where the site
/// has more than one language or a language has its own.
fn show(site: &Site) -> String {
    let mut out = String::new();
    show_one(&mut out, "site", &site.sitemap);
    if site.languages.len() > 1 || !site.language_sitemaps.is_empty() {
        for lang in &site.languages {
            show_one(&mut out, lang, site.sitemap_for(lang));
        }
    }
    out
}

#[test]
fn hugo_sitemap_table_in_every_config_form() {
    for case in VALID {
        let dir = tempfile::tempdir().unwrap();
        site_of(dir.path(), case.files);
        let site = open(dir.path(), &SiteOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_eq!(show(&site), case.expected, "case {}", case.name);
    }
}

/// The first `<url>`'s `changefreq` and `priority` in a sitemap Hugo wrote.
fn first_url(xml: &str) -> (Option<String>, Option<f64>) {
    let block = xml.split("<url>").nth(1).expect("a <url>");
    let block = &block[..block.find("</url>").unwrap()];
    let inner = |tag: &str| {
        let open = format!("<{tag}>");
        let start = block.find(&open)? + open.len();
        let end = block[start..].find('<')? + start;
        Some(block[start..end].to_owned())
    };
    (
        inner("changefreq"),
        inner("priority").map(|p| p.parse().unwrap()),
    )
}

/// Each accepted case built by the real `hugo` (Debian: `apt-get install
/// -y hugo`): every language's sitemap is where the table's `filename`
/// puts it and holds the `changefreq` and `priority` the scan read.
#[test]
fn every_valid_case_matches_real_hugo() {
    let version = match Command::new("hugo").arg("version").output() {
        Ok(v) if v.status.success() => String::from_utf8_lossy(&v.stdout).into_owned(),
        _ => panic!("this test needs the `hugo` binary: apt-get install -y hugo"),
    };
    for case in VALID {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        site_of(&root, case.files);
        let site = open(&root, &SiteOptions::default()).unwrap();
        let out = dir.path().join("public");
        let status = Command::new("hugo")
            .args(["--quiet", "--source"])
            .arg(&root)
            .arg("--destination")
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success(), "hugo failed on case {}", case.name);
        for lang in &site.languages {
            let ours = site.sitemap_for(lang);
            let name = ours.filename.as_deref().unwrap_or("sitemap.xml");
            let path = if site.languages.len() > 1 {
                out.join(lang).join(name)
            } else {
                out.join(name)
            };
            let xml = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("case {}: {}: {e}", case.name, path.display()));
            let (changefreq, priority) = first_url(&xml);
            assert_eq!(
                changefreq.as_deref(),
                ours.changefreq.map(|c| c.as_str()),
                "case {}, {lang}: {version}",
                case.name
            );
            assert_eq!(
                priority,
                ours.priority.map(|p| p.value()),
                "case {}, {lang}: {version}",
                case.name
            );
        }
    }
}

/// Values Hugo 0.111.3 writes into its sitemap as they are (`sometimes`,
/// `3`, `2`), writes as `0` (`"abc"`), ignores (a `sitemap` that is no
/// table) or writes over the home page (an empty `filename`): refused,
/// naming the file that sets the key, since the first would make the
/// sitemap invalid and the others hide a typo.
#[test]
fn hugo_sitemap_values_hugo_writes_unchecked_are_refused() {
    let cases: &[(&[(&str, &str)], &str)] = &[
        (
            &[(
                "hugo.toml",
                "baseURL = \"https://x.org/\"\n[sitemap]\nchangefreq = \"sometimes\"\n",
            )],
            "<site>/hugo.toml: `sitemap.changefreq = \"sometimes\"`: expected one of always, hourly, \
             daily, weekly, monthly, yearly, never (Hugo would write it into the sitemap as it is, \
             which the sitemap protocol refuses)",
        ),
        (
            &[(
                "hugo.toml",
                "baseURL = \"https://x.org/\"\n[sitemap]\nchangefreq = 3\n",
            )],
            "<site>/hugo.toml: `sitemap.changefreq = 3`: expected one of always, hourly, daily, \
             weekly, monthly, yearly, never",
        ),
        (
            &[(
                "hugo.toml",
                "baseURL = \"https://x.org/\"\n[sitemap]\npriority = 2.0\n",
            )],
            "<site>/hugo.toml: `sitemap.priority = 2.0`: expected a number from 0.0 to 1.0 (or a \
             negative one for none, as Hugo's default -1)",
        ),
        (
            &[(
                "hugo.yaml",
                "baseURL: https://x.org/\nsitemap:\n  priority: abc\n",
            )],
            "<site>/hugo.yaml: `sitemap.priority = \"abc\"`: expected a number from 0.0 to 1.0 (or \
             a negative one for none, as Hugo's default -1)",
        ),
        (
            &[(
                "hugo.toml",
                "baseURL = \"https://x.org/\"\nsitemap = \"x\"\n",
            )],
            "<site>/hugo.toml: `sitemap` must be a table of `changefreq`, `priority` and \
             `filename`, found \"x\"",
        ),
        (
            &[(
                "hugo.toml",
                "baseURL = \"https://x.org/\"\n[sitemap]\nfilename = \"\"\n",
            )],
            "<site>/hugo.toml: `sitemap.filename` is empty: Hugo would write the sitemap as the \
             home page's index.html; remove the key for sitemap.xml, or name a file",
        ),
        // The file that sets the key is named, not the root file.
        (
            &[
                ("hugo.toml", "baseURL = \"https://x.org/\"\n"),
                ("config/_default/sitemap.toml", "priority = 1.5\n"),
            ],
            "<site>/config/_default/sitemap.toml: `sitemap.priority = 1.5`: expected a number \
             from 0.0 to 1.0 (or a negative one for none, as Hugo's default -1)",
        ),
        (
            &[
                ("hugo.toml", "baseURL = \"https://x.org/\"\n"),
                (
                    "config/_default/languages.toml",
                    // `en` too: Hugo refuses a default language it does not define.
                    "[en]\nweight = 1\n[fr]\nweight = 2\n[fr.sitemap]\nchangefreq = \"sometimes\"\n",
                ),
            ],
            "<site>/config/_default/languages.toml: `languages.fr.sitemap.changefreq = \
             \"sometimes\"`: expected one of always, hourly, daily, weekly, monthly, yearly, never \
             (Hugo would write it into the sitemap as it is, which the sitemap protocol refuses)",
        ),
    ];
    for (files, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        site_of(dir.path(), files);
        let err = open(dir.path(), &SiteOptions::default()).unwrap_err();
        let message = err
            .to_string()
            .replace(&*dir.path().to_string_lossy(), "<site>");
        assert_eq!(message, *expected);
    }
}
