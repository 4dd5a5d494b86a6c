//! The chapter loop: each chapter file read once, giving its page (front
//! matter as overrides, `{{#include}}`d files as deps) and its `loc`.

use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_core::diagnostic::{Diagnostic, Name, shown};
use sitemap_pages::overrides::Overrides;
use sitemap_pages::pipeline::Page;

use crate::{Book, ChapterPage, Error, MAX_CHAPTER_BYTES, chapters, includes};

/// What [`Book::pages`] read.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct BookPages {
    /// One page per chapter read, in `SUMMARY.md` order, named relative to
    /// `src/` (a chapter a preprocessor made up: its HTML path).
    pub pages: Vec<Page>,
    /// The chapter files that open with front matter (`src/…`).
    pub with_front_matter: Vec<PathBuf>,
    /// Links mdBook cannot expand, chapters outside `src/`: each names the
    /// chapter file.
    pub warnings: Vec<Diagnostic>,
}

impl Book {
    /// The pages of the book's chapters under `base`: front matter and
    /// `{{#include}}`s read here, so each chapter file is read once.
    pub fn pages(&self, base: &Loc) -> Result<BookPages, Error> {
        self.pages_counted(base, &sitemap_core::progress::FileCount::default())
    }

    /// [`Book::pages`], adding each chapter file read to `files` (for a
    /// progress display).
    pub fn pages_counted(
        &self,
        base: &Loc,
        files: &sitemap_core::progress::FileCount,
    ) -> Result<BookPages, Error> {
        let src_dir = self.src_dir();
        let src_shown = Path::new(&self.config.book.src);
        let expands_links = chapters::builtin_preprocessor_runs(&self.config, "links");
        let mut read = BookPages {
            pages: Vec::with_capacity(self.chapters.len()),
            ..BookPages::default()
        };
        // Every chapter's bad front matter is reported, not only the
        // first: one build shows the user all there is to fix.
        let mut refused = Vec::new();
        for chapter in &self.chapters {
            if let Some(source) = &chapter.source_path
                && !stays_inside(source)
            {
                // Its file is someone else's (another project, the home
                // folder) and its page lands outside the book: neither
                // read nor listed, so the ledger never records it.
                read.warnings.push(
                    Diagnostic::warning(format!(
                        "chapter `{}` lies outside {}/: not read, and left out of the sitemap",
                        Name::new(&chapter.name),
                        shown::path(src_shown)
                    ))
                    .in_file(src_shown.join(source)),
                );
                continue;
            }
            let loc = page_loc(base, chapter)?;
            let page = match &chapter.source_path {
                Some(source) => {
                    files.add();
                    // Errors name the file as the user knows it: `src/…`.
                    let shown = src_shown.join(source);
                    let (overrides, deps) = match sitemap_core::input::read_regular_text(
                        &src_dir.join(source),
                        MAX_CHAPTER_BYTES,
                    ) {
                        Ok(text) => {
                            let overrides = chapters::front_matter_of(&shown, &text)
                                .and_then(|fm| {
                                    if fm.format.is_some() {
                                        read.with_front_matter.push(shown.clone());
                                    }
                                    Overrides::from_front_matter(&shown, &fm)
                                })
                                .unwrap_or_else(|e| {
                                    refused.push(e);
                                    Overrides::default()
                                });
                            let deps = if expands_links {
                                let found =
                                    includes::of_chapter(&src_dir, src_shown, source, &text);
                                read.warnings.extend(found.warnings);
                                found.deps
                            } else {
                                Vec::new()
                            };
                            (overrides, deps)
                        }
                        // mdBook creates a missing chapter file
                        // (`create-missing`) and renders it empty.
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                            (Overrides::default(), Vec::new())
                        }
                        Err(e) => {
                            return Err(Error::Io {
                                path: src_dir.join(source),
                                source: e,
                            });
                        }
                    };
                    Page::new(source.clone(), loc)
                        .with_overrides(overrides)
                        .with_deps(deps)
                }
                // A chapter a preprocessor made up: no file, no overrides.
                None => Page::new(chapter.html_path.clone(), loc),
            };
            read.pages.push(page);
        }
        match refused.len() {
            0 => Ok(read),
            1 => Err(Error::Source(refused.remove(0))),
            _ => Err(Error::Chapters { errors: refused }),
        }
    }
}

/// Whether a chapter's file, named relative to `src/`, lies inside it,
/// read as mdBook joins it (lexically): `sub/../a.md` does, `../x.md` and
/// an absolute path do not.
fn stays_inside(path: &Path) -> bool {
    use std::path::Component;
    let mut depth = 0usize;
    for part in path.components() {
        match part {
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::ParentDir => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            Component::RootDir | Component::Prefix(_) => return false,
        }
    }
    true
}

/// The chapter page's URL: the base URL joined with the page's path, each
/// character that would end a path (`?`, `#`) or start an escape (`%`)
/// percent-encoded first, so a file name is always a path.
pub fn page_loc(base: &Loc, chapter: &ChapterPage) -> Result<Loc, Error> {
    base.join(&encode_path(&chapter.html_path))
        .map_err(|source| Error::Loc {
            chapter: chapter.name.clone(),
            html_path: chapter.html_path.clone(),
            source,
        })
}

/// Percent-encodes a relative path as the URL parser would (non-ASCII,
/// spaces and the characters it escapes in a path), plus `%`, `?` and `#`,
/// which in a file name are characters, not URL syntax.
fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            'A'..='Z'
            | 'a'..='z'
            | '0'..='9'
            | '-'
            | '.'
            | '_'
            | '~'
            | '/'
            | '!'
            | '$'
            | '&'
            | '\''
            | '('
            | ')'
            | '*'
            | '+'
            | ','
            | ';'
            | '='
            | ':'
            | '@' => out.push(c),
            _ => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chapter's `..` that stays inside `src/` is kept; one that
    /// climbs out of it, or an absolute path, is not.
    #[test]
    fn chapters_inside_src_by_their_written_path() {
        let inside: Vec<bool> = [
            "a.md",
            "./a.md",
            "sub/../a.md",
            "../a.md",
            "sub/../../a.md",
            "/etc/passwd",
        ]
        .iter()
        .map(|p| stays_inside(Path::new(p)))
        .collect();
        assert_eq!(inside, [true, true, true, false, false, false]);
    }
}
