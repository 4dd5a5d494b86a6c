//! The one settings table, through each integration: every key of
//! `sitemap_engine::keys::KEYS` is given to `sitemap scan` (in
//! `sitemap.toml` and as its flag), to build.rs (`Sitemap::settings`) and
//! to the mdBook plugin (`[output.sitemap]`), and each must show the same
//! effect in what is written. The keys that choose what `scan` reads are
//! refused by the plugin, with the reason.

use std::fs;
use std::path::{Path, PathBuf};

use sitemap_engine::keys::{KEYS, Scope};

/// One key: how each integration is given it, and what it must do.
struct Case {
    key: &'static str,
    /// `sitemap.toml` (and the builder's settings), relative to the site.
    site: &'static str,
    /// `[output.sitemap]` of book.toml; `None` for a key the plugin refuses.
    book: Option<&'static str>,
    /// The same as flags of `sitemap scan`.
    flags: &'static [&'static str],
    /// Checks the written output; gets the site or book root and the
    /// default output folder.
    check: fn(&Path, &Path) -> Result<(), String>,
}

const CASES: &[Case] = &[
    Case {
        key: "base-url",
        site: "base-url = \"https://example.net/docs/\"",
        book: Some("base-url = \"https://example.net/docs/\""),
        flags: &["--base-url", "https://example.net/docs/"],
        check: |_, out| all_locs(out, |l| l.starts_with("https://example.net/docs/")),
    },
    Case {
        key: "flavor",
        site: "flavor = \"zola\"",
        book: None,
        flags: &["--flavor", "zola"],
        check: |_, out| has_loc(out, "https://example.org/a/"),
    },
    Case {
        key: "html",
        site: "html = \"built\"\nbase-url = \"https://example.org/\"",
        book: None,
        flags: &["--html", "built", "--base-url", "https://example.org/"],
        check: |root, _| has_loc(&root.join("built"), "https://example.org/about.html"),
    },
    Case {
        key: "html-source",
        site: "html = \"built\"\nbase-url = \"https://example.org/\"\nhtml-source = \"content\"",
        book: None,
        flags: &[
            "--html",
            "built",
            "--base-url",
            "https://example.org/",
            "--html-source",
            "content",
        ],
        // built/a.html comes from content/a.md, updated 2024-06-01.
        check: |root, _| {
            lastmod_of(
                &root.join("built"),
                "https://example.org/a.html",
                "2024-06-01",
            )
        },
    },
    Case {
        key: "clean-urls",
        site: "html = \"built\"\nbase-url = \"https://example.org/\"\nclean-urls = true",
        book: None,
        flags: &[
            "--html",
            "built",
            "--base-url",
            "https://example.org/",
            "--clean-urls",
        ],
        check: |root, _| has_loc(&root.join("built"), "https://example.org/about"),
    },
    Case {
        key: "trailing-slash",
        site: "html = \"built\"\nbase-url = \"https://example.org/\"\ntrailing-slash = \"keep\"",
        book: None,
        flags: &[
            "--html",
            "built",
            "--base-url",
            "https://example.org/",
            "--trailing-slash",
            "keep",
        ],
        check: |root, _| has_loc(&root.join("built"), "https://example.org/index.html"),
    },
    Case {
        key: "include",
        site: "include = [\"content/a.md\"]",
        book: Some("include = [\"a.md\"]"),
        flags: &["--include", "content/a.md"],
        check: |_, out| no_loc_ending(out, "b/").and(no_loc_ending(out, "b.html")),
    },
    Case {
        key: "exclude",
        site: "exclude = [\"content/b.md\"]",
        book: Some("exclude = [\"b.md\"]"),
        flags: &["--exclude", "content/b.md"],
        check: |_, out| no_loc_ending(out, "b/").and(no_loc_ending(out, "b.html")),
    },
    Case {
        key: "include-drafts",
        site: "include-drafts = true",
        book: Some("include-drafts = true"),
        flags: &["--include-drafts"],
        check: |_, out| some_loc(out, |l| l.contains("draft")),
    },
    Case {
        key: "lastmod",
        site: "lastmod = [\"date\"]",
        book: Some("lastmod = [\"date\"]"),
        flags: &["--lastmod", "date"],
        // `date` 2024-01-01 rather than front matter's `updated`.
        check: |_, out| some_url(out, |u| u.contains("<lastmod>2024-01-01</lastmod>")),
    },
    Case {
        key: "changefreq",
        site: "changefreq = \"weekly\"",
        book: Some("changefreq = \"weekly\""),
        flags: &["--changefreq", "weekly"],
        check: |_, out| every_url(out, |u| u.contains("<changefreq>weekly</changefreq>")),
    },
    Case {
        key: "priority",
        site: "priority = 0.3",
        book: Some("priority = 0.3"),
        flags: &["--priority", "0.3"],
        check: |_, out| every_url(out, |u| u.contains("<priority>0.3</priority>")),
    },
    Case {
        key: "git.date",
        site: "[git]\ndate = \"author\"",
        book: Some("[output.sitemap.git]\ndate = \"author\""),
        flags: &["--git-date", "author"],
        // Not a git repository: accepted, nothing else to see.
        check: |_, out| listed(out),
    },
    Case {
        key: "git.shallow",
        site: "[git]\nshallow = \"omit\"",
        book: Some("[output.sitemap.git]\nshallow = \"omit\""),
        flags: &["--git-shallow", "omit"],
        check: |_, out| listed(out),
    },
    Case {
        key: "git.uncommitted",
        site: "[git]\nuncommitted = \"last-commit\"",
        book: Some("[output.sitemap.git]\nuncommitted = \"last-commit\""),
        flags: &["--git-uncommitted", "last-commit"],
        check: |_, out| listed(out),
    },
    Case {
        key: "git.timeout",
        site: "[git]\ntimeout = 30",
        book: Some("[output.sitemap.git]\ntimeout = 30"),
        flags: &["--git-timeout", "30"],
        // A git that answers in time: accepted, nothing else to see
        // (tests/git_timeout.rs has one that does not).
        check: |_, out| listed(out),
    },
    Case {
        key: "out",
        site: "out = \"elsewhere\"",
        book: Some("out = \"elsewhere\""),
        flags: &["--out", "elsewhere"],
        check: |root, _| listed(&root.join("elsewhere")),
    },
    Case {
        key: "filename",
        site: "filename = \"map.xml\"",
        book: Some("filename = \"map.xml\""),
        flags: &["--filename", "map.xml"],
        check: |_, out| exists(&out.join("map.xml")).and(absent(&out.join("sitemap.xml"))),
    },
    Case {
        key: "format",
        site: "format = \"txt\"",
        book: Some("format = \"txt\""),
        flags: &["--format", "txt"],
        check: |_, out| exists(&out.join("sitemap.txt")),
    },
    Case {
        key: "gzip",
        site: "gzip = true",
        book: Some("gzip = true"),
        flags: &["--gzip"],
        check: |_, out| exists(&out.join("sitemap.xml.gz")),
    },
    Case {
        key: "limits",
        site: "limits = \"sitemaps-org\"",
        book: Some("limits = \"sitemaps-org\""),
        flags: &["--limits", "sitemaps-org"],
        check: |_, out| listed(out),
    },
    Case {
        key: "max-urls",
        site: "max-urls = 1",
        book: Some("max-urls = 1"),
        flags: &["--max-urls", "1"],
        check: |_, out| {
            let root = fs::read_to_string(out.join("sitemap.xml")).map_err(|e| e.to_string())?;
            root.contains("<sitemapindex")
                .then_some(())
                .ok_or(format!("not an index: {root}"))
        },
    },
    Case {
        key: "robots",
        site: "robots = true",
        book: Some("robots = true"),
        flags: &["--robots"],
        check: |_, out| {
            let robots = fs::read_to_string(out.join("robots.txt")).map_err(|e| e.to_string())?;
            robots
                .contains("Sitemap: https://example.org/sitemap.xml")
                .then_some(())
                .ok_or(robots)
        },
    },
    Case {
        key: "stylesheet",
        site: "stylesheet = true",
        book: Some("stylesheet = true"),
        flags: &["--stylesheet"],
        check: |_, out| exists(&out.join("sitemap.xsl")),
    },
    Case {
        key: "html-page",
        site: "html-page = true",
        book: Some("html-page = true"),
        flags: &["--html-page"],
        check: |_, out| exists(&out.join("sitemap.html")),
    },
    Case {
        key: "check-site",
        site: "check-site = true",
        book: Some("check-site = true"),
        flags: &["--check-site"],
        // The set matches what is there (a book's built pages; a site's
        // folder with no page yet is checked as sitemaps alone), so the
        // run succeeds and writes as without it.
        check: |_, out| exists(&out.join("sitemap.xml")),
    },
    Case {
        key: "ledger",
        site: "ledger = \"sitemap.ledger\"",
        book: Some("ledger = \"sitemap.ledger\""),
        flags: &["--ledger", "sitemap.ledger"],
        // Relative to the site (the book) from a file, to the working
        // folder from a flag: both are the root here.
        check: |root, _| {
            let text =
                fs::read_to_string(root.join("sitemap.ledger")).map_err(|e| e.to_string())?;
            text.starts_with("# sitemap ledger 1")
                .then_some(())
                .ok_or(text)
        },
    },
    Case {
        key: "lastmod-deps",
        site: "lastmod-deps = [\"bundle\"]",
        book: None,
        flags: &["--lastmod-deps", "bundle"],
        // The bundle `c/`'s photo (untracked, so its mtime) is newer than
        // its index.md.
        check: |_, out| lastmod_of(out, "https://example.org/c/", "2024-07-01T00:00:00Z"),
    },
    Case {
        key: "git.ignore-revs",
        site: "[git]\nignore-revs = \"revs.txt\"",
        book: Some("[output.sitemap.git]\nignore-revs = \"revs.txt\""),
        flags: &["--git-ignore-revs", "revs.txt"],
        // A work tree with no commits: read, and nothing to skip.
        check: |_, out| listed(out),
    },
    Case {
        key: "images",
        site: "images = true",
        book: Some("images = true"),
        flags: &["--images"],
        // The bundle `c/`'s photo; the book's `a.md` shows `img/x.png`.
        check: |_, out| some_url(out, |u| u.contains("<image:loc>https://example.org/")),
    },
    Case {
        key: "image-hosts",
        site: "images = true\nimage-hosts = [\"*.cdn.example.net\"]",
        book: Some("images = true\nimage-hosts = [\"*.cdn.example.net\"]"),
        flags: &["--images", "--image-hosts", "*.cdn.example.net"],
        check: |_, out| {
            some_url(out, |u| {
                u.contains("<image:loc>https://media.cdn.example.net/m.jpg</image:loc>")
            })
        },
    },
    Case {
        key: "image-keys",
        site: "images = true\nimage-keys = [\"extra.cover\"]",
        book: None,
        flags: &["--images", "--image-keys", "extra.cover"],
        check: |_, out| {
            some_url(out, |u| {
                u.contains("<image:loc>https://example.org/cover.jpg</image:loc>")
            })
        },
    },
    Case {
        key: "og-image",
        site: "html = \"built\"\nbase-url = \"https://example.org/\"\nimages = true\nog-image = true",
        book: None,
        flags: &[
            "--html",
            "built",
            "--base-url",
            "https://example.org/",
            "--images",
            "--og-image",
        ],
        // built/about.html's head names its share card; its body is empty.
        check: |root, _| {
            some_url(&root.join("built"), |u| {
                u.contains("<image:loc>https://example.org/card.png</image:loc>")
            })
        },
    },
    Case {
        key: "exclude-urls",
        // The site's page is `/b/`, the book's chapter `/b.html`.
        site: "exclude-urls = [\"/b{/,.html}\"]",
        book: Some("exclude-urls = [\"/b{/,.html}\"]"),
        flags: &["--exclude-urls", "/b{/,.html}"],
        check: |_, out| {
            no_loc_ending(out, "b/")
                .and(no_loc_ending(out, "b.html"))
                .and(some_loc(out, |l| {
                    l.ends_with("/a/") || l.ends_with("/a.html")
                }))
        },
    },
    Case {
        key: "include-urls",
        site: "include-urls = [\"/a{/,.html}\"]",
        book: Some("include-urls = [\"/a{/,.html}\"]"),
        flags: &["--include-urls", "/a{/,.html}"],
        check: |_, out| {
            all_locs(out, |l| l.ends_with("/a/") || l.ends_with("/a.html"))
                .and(some_loc(out, |l| {
                    l.ends_with("/a/") || l.ends_with("/a.html")
                }))
        },
    },
    Case {
        key: "robots-disallowed",
        site: "robots-disallowed = \"keep\"",
        book: Some("robots-disallowed = \"keep\""),
        flags: &["--robots-disallowed", "keep"],
        // The site's and the book's robots.txt disallow their `private`
        // page, which is left out by default.
        check: |_, out| some_url(out, |u| u.contains("<loc>https://example.org/private")),
    },
    Case {
        key: "split-by",
        site: "split-by = { \"**/a{/,.html}\" = \"alpha\" }",
        book: Some("split-by = { \"**/a{/,.html}\" = \"alpha\" }"),
        flags: &["--split-by", "**/a{/,.html}=alpha"],
        check: |_, out| split_into_alpha_and_other(out),
    },
    Case {
        key: "llms-txt",
        site: "llms-txt = true",
        book: Some("llms-txt = true"),
        flags: &["--llms-txt"],
        check: |_, out| {
            let text = fs::read_to_string(out.join("llms.txt")).map_err(|e| e.to_string())?;
            text.starts_with("# ").then_some(()).ok_or(text)
        },
    },
    Case {
        key: "x-default",
        site: "x-default = \"fr\"",
        book: None,
        flags: &["--x-default", "fr"],
        // The French version, not the default language's.
        check: |_, out| {
            some_url(out, |u| {
                u.contains(r#"hreflang="x-default" href="https://example.org/fr/t/""#)
            })
        },
    },
    Case {
        key: "strict",
        // Nothing is built beside this site, so there is nothing to
        // disagree with: the run passes. Its effect after a build is
        // pinned by tests/build_check.rs.
        site: "strict = true",
        book: None,
        flags: &["--strict"],
        check: |_, out| has_loc(out, "https://example.org/a/"),
    },
    Case {
        key: "hugo-version",
        // The site is Zola's, which the key does not concern: taken and
        // left alone. Its effect on a Hugo site is pinned by
        // tests/hugo_version.rs and the differential cases.
        site: "hugo-version = \"0.111.3\"",
        book: None,
        flags: &["--hugo-version", "0.111.3"],
        check: |_, out| has_loc(out, "https://example.org/a/"),
    },
];

/// `split-by`: an index over `sitemap-alpha-<tag>.xml`, listing only the
/// page `a`, then `sitemap-other-<tag>.xml` with the rest.
fn split_into_alpha_and_other(out: &Path) -> Result<(), String> {
    let index = fs::read_to_string(out.join("sitemap.xml")).map_err(|e| e.to_string())?;
    let children: Vec<&str> = index
        .split("<loc>")
        .skip(1)
        .map(|c| c[..c.find("</loc>").unwrap()].rsplit('/').next().unwrap())
        .collect();
    let [alpha, other] = children[..] else {
        return Err(format!("expected two sitemaps, got {children:?}"));
    };
    if !alpha.starts_with("sitemap-alpha-") || !other.starts_with("sitemap-other-") {
        return Err(format!("unexpected names {children:?}"));
    }
    let alpha = blocks(&fs::read_to_string(out.join(alpha)).map_err(|e| e.to_string())?);
    let alpha: Vec<&str> = alpha.iter().map(|u| loc(u)).collect();
    match alpha[..] {
        [a] if a.ends_with("/a/") || a.ends_with("/a.html") => Ok(()),
        _ => Err(format!("alpha lists {alpha:?}")),
    }
}

#[test]
fn the_cases_cover_every_key_of_the_table() {
    // The `[submit]` keys change no scan: tests/submit.rs runs them
    // through sitemap.toml, the flags of `sitemap submit` and book.toml.
    let mut keys: Vec<&str> = KEYS
        .iter()
        .filter(|k| k.scope != Scope::Submit)
        .map(|k| k.name)
        .collect();
    let mut cases: Vec<&str> = CASES.iter().map(|c| c.key).collect();
    keys.sort_unstable();
    cases.sort_unstable();
    assert_eq!(cases, keys);
    for case in CASES {
        let key = sitemap_engine::keys::key(case.key).unwrap();
        assert_eq!(
            case.book.is_none(),
            key.scope == Scope::Site,
            "{}: the plugin refuses exactly the keys of scope Site",
            case.key
        );
    }
}

#[test]
fn every_key_has_the_same_effect_through_sitemap_toml() {
    each(|case, dir| {
        let root = site(dir);
        fs::write(root.join("sitemap.toml"), format!("{}\n", case.site)).unwrap();
        let out = crate::sitemap(&root, &["scan", "-q"]);
        ok(&out)?;
        (case.check)(&root, &root.join("public"))
    });
}

#[test]
fn every_key_has_the_same_effect_as_a_flag() {
    each(|case, dir| {
        let root = site(dir);
        let mut args = vec!["scan", "-q"];
        args.extend(case.flags);
        let out = crate::sitemap(&root, &args);
        ok(&out)?;
        (case.check)(&root, &root.join("public"))
    });
}

#[test]
fn every_key_has_the_same_effect_through_the_build_rs_builder() {
    each(|case, dir| {
        let root = site(dir);
        // The builder's values are the program's own: relative paths are
        // taken from where it runs, so the test gives them from the site.
        let settings: sitemap_build::Settings =
            toml::from_str(case.site).map_err(|e| e.to_string())?;
        sitemap_build::Sitemap::content(&root)
            .settings(settings.relative_to(&root))
            .write()
            .map_err(|e| e.to_string())?;
        (case.check)(&root, &root.join("public"))
    });
}

#[test]
fn every_key_has_the_same_effect_through_book_toml() {
    each(|case, dir| {
        let root = book(dir, case.book.unwrap_or(case.site));
        let result = mdbook_sitemap::SitemapBook::load(&root).and_then(|book| book.write());
        match (case.book, result) {
            (Some(_), Ok(_)) => (case.check)(&root, &root.join("book/html")),
            (Some(_), Err(e)) => Err(e.to_string()),
            (None, Err(e)) if e.to_string().contains("for mdBook the book is the source") => Ok(()),
            (None, other) => Err(format!("expected a refusal, got {other:?}")),
        }
    });
}

/// Runs `f` on every case, each in its own folder, and reports every
/// case that fails at once.
fn each(f: impl Fn(&Case, &Path) -> Result<(), String>) {
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|case| {
            let dir = tempfile::tempdir().unwrap();
            f(case, dir.path())
                .err()
                .map(|e| format!("{}: {e}", case.key))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A Zola site: the home page, `a` (date and a later `updated`), `b`, a
/// draft, the page bundle `c` (its `photo.jpg` newer than its `index.md`,
/// both untracked in a git work tree with no commits, so their mtimes
/// are their git lastmods), and `built/`, the same pages as built HTML.
fn site(dir: &Path) -> PathBuf {
    let root = dir.join("site");
    let files = [
        (
            "zola.toml",
            "base_url = \"https://example.org\"\n[languages.fr]\n",
        ),
        // For `git.ignore-revs`: the site is a work tree, so it is read.
        ("revs.txt", "# no commit to skip\n"),
        ("content/_index.md", "+++\n+++\n"),
        (
            "content/a.md",
            "+++\ndate = 2024-01-01\nupdated = 2024-06-01\n+++\nA\n",
        ),
        ("content/b.md", "+++\ndate = 2024-02-01\n+++\nB\n"),
        // A page in English and French, for `x-default`.
        ("content/t.md", "+++\n+++\nT\n"),
        ("content/t.fr.md", "+++\n+++\nT\n"),
        ("content/draft.md", "+++\ndraft = true\n+++\nD\n"),
        // Disallowed by the site's robots.txt: left out unless
        // `robots-disallowed = "keep"`.
        ("content/private.md", "+++\n+++\nP\n"),
        ("static/robots.txt", "User-agent: *\nDisallow: /private/\n"),
        // Images: a bundle file, a CDN's, and a cover under `extra`.
        (
            "content/c/index.md",
            "+++\n[extra]\ncover = \"/cover.jpg\"\n+++\nC ![p](photo.jpg)\n\n![cdn](https://media.cdn.example.net/m.jpg)\n",
        ),
        ("content/c/photo.jpg", "JPEG"),
        (
            "built/index.html",
            "<html><head><title>Home</title></head></html>",
        ),
        ("built/a.html", "<html><head><title>A</title></head></html>"),
        (
            "built/about.html",
            "<html><head><title>About</title><meta property=\"og:image\" content=\"/card.png\"></head></html>",
        ),
    ];
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    for (file, mtime) in [
        ("content/c/index.md", 1_709_251_200),  // 2024-03-01
        ("content/c/photo.jpg", 1_719_792_000), // 2024-07-01
    ] {
        fs::File::options()
            .write(true)
            .open(root.join(file))
            .unwrap()
            .set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(mtime))
            .unwrap();
    }
    let init = std::process::Command::new("git")
        .args(["init", "-q", "."])
        .current_dir(&root)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .status()
        .unwrap();
    assert!(init.success());
    root
}

/// An mdBook book with the same pages, `[output.sitemap]` holding `table`.
fn book(dir: &Path, table: &str) -> PathBuf {
    let root = dir.join("book-root");
    // A `[output.sitemap.git]` fragment opens its own table, after the
    // keys of `[output.sitemap]`.
    let (top, git) = match table.find("[output.sitemap.git]") {
        Some(at) => table.split_at(at),
        None => (table, ""),
    };
    let base = if table.contains("base-url") {
        ""
    } else {
        "base-url = \"https://example.org/\"\n"
    };
    let toml =
        format!("[book]\ntitle = \"t\"\n\n[output.html]\n\n[output.sitemap]\n{base}{top}\n{git}\n");
    let files = [
        ("book.toml", toml.as_str()),
        (
            "src/SUMMARY.md",
            "- [A](a.md)\n- [B](b.md)\n- [Draft](draft.md)\n- [Private](private.md)\n",
        ),
        (
            "src/a.md",
            "---\ndate: 2024-01-01\nupdated: 2024-06-01\n---\n# A\n\n![x](img/x.png)\n",
        ),
        (
            "src/b.md",
            "---\ndate: 2024-02-01\n---\n# B\n\n![cdn](https://media.cdn.example.net/m.jpg)\n",
        ),
        ("src/draft.md", "---\ndraft: true\n---\n# Draft\n"),
        ("src/private.md", "# Private\n"),
        // Served at the host root (unless `base-url` says otherwise).
        (
            "book/html/robots.txt",
            "User-agent: *\nDisallow: /private\n",
        ),
    ];
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    fs::create_dir_all(root.join("book/html")).unwrap();
    root
}

fn ok(out: &std::process::Output) -> Result<(), String> {
    out.status
        .success()
        .then_some(())
        .ok_or_else(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The `<url>` blocks (or text lines) of the set in `out`, children of an
/// index followed.
fn urls(out: &Path) -> Result<Vec<String>, String> {
    let root = ["sitemap.xml", "sitemap.xml.gz", "sitemap.txt", "map.xml"]
        .iter()
        .map(|n| out.join(n))
        .find(|p| p.exists())
        .ok_or_else(|| format!("no sitemap in {}", out.display()))?;
    let text = sitemap_testkit::read_maybe_gz(&root);
    if root.extension().is_some_and(|e| e == "txt") {
        return Ok(text.lines().map(|l| format!("<loc>{l}</loc>")).collect());
    }
    if text.contains("<sitemapindex") {
        let mut all = Vec::new();
        for child in text.split("<loc>").skip(1) {
            let loc = &child[..child.find("</loc>").unwrap()];
            let name = loc.rsplit('/').next().unwrap();
            let child = sitemap_testkit::read_maybe_gz(&out.join(name));
            all.extend(blocks(&child));
        }
        return Ok(all);
    }
    Ok(blocks(&text))
}

fn blocks(xml: &str) -> Vec<String> {
    xml.split("<url>").skip(1).map(str::to_owned).collect()
}

fn loc(block: &str) -> &str {
    let start = block.find("<loc>").map_or(0, |i| i + 5);
    let end = block.find("</loc>").unwrap_or(block.len());
    &block[start..end]
}

fn every_url(out: &Path, f: impl Fn(&str) -> bool) -> Result<(), String> {
    let urls = urls(out)?;
    match urls.iter().find(|u| !f(u)) {
        None if !urls.is_empty() => Ok(()),
        None => Err("no URL".to_owned()),
        Some(u) => Err(format!("not so: {u}")),
    }
}

fn some_url(out: &Path, f: impl Fn(&str) -> bool) -> Result<(), String> {
    let urls = urls(out)?;
    urls.iter()
        .any(|u| f(u))
        .then_some(())
        .ok_or(format!("none so among {urls:?}"))
}

fn all_locs(out: &Path, f: impl Fn(&str) -> bool) -> Result<(), String> {
    every_url(out, |u| f(loc(u)))
}

fn some_loc(out: &Path, f: impl Fn(&str) -> bool) -> Result<(), String> {
    some_url(out, |u| f(loc(u)))
}

/// Pages are listed (the key was accepted and changed nothing else).
fn listed(out: &Path) -> Result<(), String> {
    some_loc(out, |l| l.starts_with("https://example.org/"))
}

fn has_loc(out: &Path, want: &str) -> Result<(), String> {
    some_loc(out, |l| l == want)
}

fn no_loc_ending(out: &Path, end: &str) -> Result<(), String> {
    let urls = urls(out)?;
    match urls.iter().find(|u| loc(u).ends_with(end)) {
        None => Ok(()),
        Some(u) => Err(format!("listed: {}", loc(u))),
    }
}

fn lastmod_of(out: &Path, want: &str, lastmod: &str) -> Result<(), String> {
    let tag = format!("<lastmod>{lastmod}</lastmod>");
    some_url(out, |u| loc(u) == want && u.contains(&tag))
}

fn exists(path: &Path) -> Result<(), String> {
    path.exists()
        .then_some(())
        .ok_or(format!("{} missing", path.display()))
}

fn absent(path: &Path) -> Result<(), String> {
    (!path.exists())
        .then_some(())
        .ok_or(format!("{} written", path.display()))
}

/// A message about a value names where the value came from, with a hint
/// for that place: the flag, sitemap.toml and its line, book.toml's table
/// and line, the builder method, Hugo's configuration.
#[test]
fn a_bad_value_is_named_where_it_was_set() {
    let dir = tempfile::tempdir().unwrap();
    let root = site(dir.path());
    let stderr = |args: &[&str]| {
        let out = crate::sitemap(&root, args);
        (out.status.code(), crate::text(&out.stderr, &root))
    };
    assert_eq!(
        stderr(&["scan", "--filename", "map.json"]),
        (
            Some(2),
            "error: `--filename`: `map.json`: expected a file name ending in `.xml` (the format)\n  hint: change --filename on the command line\n".to_owned()
        )
    );
    fs::write(
        root.join("sitemap.toml"),
        "robots = true\nfilename = \"map.json\"\n",
    )
    .unwrap();
    assert_eq!(
        stderr(&["scan"]),
        (
            Some(1),
            "sitemap.toml:2: error: `filename`: `map.json`: expected a file name ending in `.xml` (the format)\n  hint: change `filename` in sitemap.toml\n".to_owned()
        )
    );
    // The flag wins over the file, so the file's bad value is not read.
    assert_eq!(stderr(&["scan", "-q", "--filename", "map.xml"]).0, Some(0));

    let err = sitemap_build::Sitemap::content(&root)
        .filename("map.json")
        .write()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`.filename(..)`: `map.json`: expected a file name ending in `.xml` (the format)"
    );
    assert_eq!(
        err.hint(),
        Some("change the value passed to `.filename(..)`")
    );

    let book_root = book(dir.path(), "max-urls = 0");
    let book = mdbook_sitemap::SitemapBook::load(&book_root).unwrap();
    let err = book.write().unwrap_err().to_string();
    assert_eq!(
        err.replace(&*book_root.to_string_lossy(), "<book>"),
        "<book>/book.toml:8: [output.sitemap] `max-urls`: 0: expected 1 to 50000 (the limit of the chosen `limits`)"
    );
}
