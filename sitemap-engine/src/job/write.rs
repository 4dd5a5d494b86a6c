//! The `write` job: a list of URLs made elsewhere, or another generator's
//! sitemap, in; a correct sitemap set out, through the one writer
//! ([`Publisher`]), so every output setting means the same for both.
//!
//! - A **list** ([`url_list`](crate::url_list), as Google's Sitemap
//!   Generator and sitemap.js's CLI take one) is streamed: memory holds
//!   one line and the writer's duplicate hashes, not the list. Every bad
//!   line is told as it is found (the first [`MAX_SHOWN`]; the rest are
//!   counted); a list with any bad line writes nothing, and one with no
//!   good line is said not to look like a list.
//! - A **sitemap** (a `<urlset>`, an index with its children, or either
//!   gzipped: [`sitemap_input`](crate::sitemap_input)) is read back and
//!   repaired, each dropped or corrected value told with its file and
//!   line, and the run still writes (the point is to repair what a
//!   generator wrote). Without `out` the set replaces the input in its
//!   own folder: everything is read before the writer switches the new
//!   files in, so reading and writing one folder is safe. A file that
//!   cannot be read whole stops the run: the entries after the fault are
//!   unknown, and writing the ones before it would replace the input with
//!   part of it.
//!
//! The input's own bytes tell the two apart (no URL list starts with `<`
//! or gzip's magic bytes). A `loc` outside the base URL is left out with
//! a warning naming its line.

use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

use sitemap_core::{Diagnostic, Pushed};

use super::notice::Notice;
use crate::error::Error;
use crate::human::HumanPage;
use crate::input::sitemap_input::{self, Found, ReadSummary};
use crate::input::url_list::UrlList;
use crate::publish::{Outputs, Publisher, Report};
use crate::settings::{Layer, Resolved, base_url_check};

/// The most bad lines of a list told one by one; past it they are
/// counted, so a binary file given by mistake prints a screenful, not one
/// line per line of it.
const MAX_SHOWN: u64 = 100;

/// The `write` job: its input and the output settings.
#[must_use = "a job does nothing until it is run"]
pub struct WriteJob {
    input: Input,
    layers: Vec<Layer>,
    lock_wait: Option<Duration>,
}

/// What the job reads.
enum Input {
    /// A sitemap file.
    Sitemap(PathBuf),
    /// A list, named in messages (its path, or `<stdin>`).
    List { reader: Box<dyn Read>, name: String },
}

impl std::fmt::Debug for WriteJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let input = match &self.input {
            Input::Sitemap(path) => format!("sitemap {}", path.display()),
            Input::List { name, .. } => format!("list {name}"),
        };
        f.debug_struct("WriteJob")
            .field("input", &input)
            .field("layers", &self.layers)
            .field("lock_wait", &self.lock_wait)
            .finish()
    }
}

/// What the `write` job did.
#[derive(Debug)]
#[non_exhaustive]
pub struct Written {
    /// The set published, and what the writer warns of.
    pub report: Report,
    /// What was read.
    pub read: WriteRead,
}

/// What the `write` job read.
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteRead {
    /// A list, of this many lines.
    List {
        /// Lines read.
        lines: u64,
    },
    /// A sitemap and the files it named.
    Sitemaps(ReadSummary),
}

impl WriteJob {
    /// The list `reader` gives (standard input, a pipe), named `name` in
    /// messages.
    pub fn list(reader: impl Read + 'static, name: impl Into<String>) -> WriteJob {
        WriteJob::new(Input::List {
            reader: Box::new(reader),
            name: name.into(),
        })
    }

    /// The file at `path`: a sitemap when its bytes say so, else a list.
    /// Only a regular file is looked into: peeking into a FIFO
    /// (`<(generate-urls)`) would eat the head of the list, which is then
    /// streamed.
    pub fn open(path: &Path) -> Result<WriteJob, Error> {
        if path.is_dir() {
            return Err(Error::folder_for_file(
                path,
                "a list of URLs, one a line, or a sitemap to rewrite",
            ));
        }
        let io = |source| Error::Io {
            path: path.to_owned(),
            source,
        };
        if path.is_file() && sitemap_input::is_sitemap(path).map_err(io)? {
            return Ok(WriteJob::new(Input::Sitemap(path.to_owned())));
        }
        let file = std::fs::File::open(path).map_err(io)?;
        Ok(WriteJob::list(file, path.display().to_string()))
    }

    fn new(input: Input) -> WriteJob {
        WriteJob {
            input,
            layers: Vec::new(),
            lock_wait: None,
        }
    }

    /// Whether the input is a sitemap, which without `out` is written
    /// into its own folder (a list needs `out`).
    pub fn reads_sitemap(&self) -> bool {
        matches!(self.input, Input::Sitemap(_))
    }

    /// Adds a layer below those added before.
    pub fn with_layer(mut self, layer: Layer) -> WriteJob {
        self.layers.push(layer);
        self
    }

    /// When another run holds the output folder, wait at most this long
    /// for it (`None`: as long as it takes).
    pub fn with_lock_wait(mut self, wait: Option<Duration>) -> WriteJob {
        self.lock_wait = wait;
        self
    }

    /// Reads the input and publishes the set, telling `notice` of each
    /// finding as it is read.
    pub fn run(self, notice: &mut dyn FnMut(Notice<'_>)) -> Result<Written, Error> {
        let resolved = Resolved::new(&self.layers);
        let base = base_url_check::setting(&resolved)?.ok_or_else(|| {
            Error::job(
                "no base URL",
                "set `base-url`: the folder URL the sitemap is served from",
            )
        })?;
        // A sitemap is written into its own folder without `out`; a list
        // has none.
        let own_folder = match &self.input {
            Input::Sitemap(path) => {
                let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
                Some(folder.unwrap_or(Path::new(".")).to_owned())
            }
            Input::List { .. } => None,
        };
        let mut outputs = Outputs::resolve(&resolved, base, own_folder.as_deref())?;
        outputs.lock_wait = self.lock_wait;
        match self.input {
            Input::List { reader, name } => write_list(reader, &name, outputs, notice),
            Input::Sitemap(path) => write_sitemap(&path, outputs, notice),
        }
    }
}

/// A list's entries published, or every bad line told and nothing
/// written.
fn write_list(
    reader: Box<dyn Read>,
    name: &str,
    outputs: Outputs,
    notice: &mut dyn FnMut(Notice<'_>),
) -> Result<Written, Error> {
    let base = outputs.set.base_url.clone();
    // sitemap.html and llms.txt list every page, so only then are the
    // entries held.
    let held = outputs.html_page || outputs.llms_txt;
    let mut pages = Vec::new();
    let mut publisher = Publisher::open(outputs, |dir| notice(Notice::Waiting(dir)))?;
    let mut list = UrlList::new(BufReader::with_capacity(256 * 1024, reader), base.clone());
    let (mut bad, mut good) = (0_u64, 0_u64);
    let io = |source| Error::Io {
        path: PathBuf::from(name),
        source,
    };
    while let Some(entry) = list.next_entry().map_err(io)? {
        match entry {
            // After a bad line nothing is written, but the rest is still
            // read so every bad line is told (or counted) in one run.
            Ok(listed) if bad == 0 => {
                good += 1;
                if publisher.push(&listed.url)? == Pushed::SkippedOutside {
                    notice(Notice::Warning(
                        Diagnostic::warning(format!(
                            "{} lies outside {base}: left out",
                            listed.url.loc
                        ))
                        .at(name, listed.line)
                        .with_column(Some(listed.col as u64)),
                    ));
                    continue;
                }
                if held {
                    pages.push(HumanPage {
                        loc: listed.url.loc,
                        source: None,
                        lastmod: listed.url.lastmod,
                    });
                }
            }
            Ok(_) => good += 1,
            Err(line) => {
                bad += 1;
                if bad <= MAX_SHOWN {
                    notice(Notice::Error(line.at(name)));
                }
            }
        }
    }
    if bad > 0 {
        // The publisher is dropped unfinished: its temporary files go.
        return Err(bad_lines(name, bad, good));
    }
    let report = publisher.finish(&pages)?;
    Ok(Written {
        report,
        read: WriteRead::List {
            lines: list.lines_read(),
        },
    })
}

/// The error of a list with `bad` bad lines (and `good` good ones).
fn bad_lines(name: &str, bad: u64, good: u64) -> Error {
    let shown = if bad > MAX_SHOWN {
        format!(" (the first {MAX_SHOWN} shown)")
    } else {
        String::new()
    };
    let message = if good == 0 {
        format!(
            "{name} does not look like a URL list or a sitemap: none of its {bad} line(s) is a URL{shown}; nothing written"
        )
    } else {
        format!("{bad} bad line(s) in {name}{shown}; nothing written")
    };
    Error::job(
        message,
        "each line is a URL with optional key=value fields, or a JSON object with `loc`; see `sitemap write --help`",
    )
}

/// A sitemap (with an index's children) read back and published, or
/// nothing written when a file of it cannot be read whole.
fn write_sitemap(
    input: &Path,
    outputs: Outputs,
    notice: &mut dyn FnMut(Notice<'_>),
) -> Result<Written, Error> {
    let base = outputs.set.base_url.clone();
    let held = outputs.html_page;
    let mut pages = Vec::new();
    let mut publisher = Publisher::open(outputs, |dir| notice(Notice::Waiting(dir)))?;
    let read = sitemap_input::read_sitemaps(input, &base, &mut |found| -> Result<(), Stop> {
        match found {
            Found::Note(note) => notice(Notice::Warning(note)),
            Found::Unread(fault) => notice(Notice::Error(fault)),
            Found::Url { file, line, url } => {
                if publisher.push(&url).map_err(Stop::Job)? == Pushed::SkippedOutside {
                    notice(Notice::Warning(
                        Diagnostic::warning(format!("{} lies outside {base}: left out", url.loc))
                            .at(file, line),
                    ));
                } else if held {
                    pages.push(HumanPage {
                        loc: url.loc,
                        source: None,
                        lastmod: url.lastmod,
                    });
                }
            }
        }
        Ok(())
    })
    .map_err(|stop| match stop {
        Stop::Job(e) => e,
        Stop::Io(source) => Error::Io {
            path: input.to_owned(),
            source,
        },
    })?;
    if read.unread > 0 {
        // The publisher is dropped unfinished: its temporary files go,
        // and the input stays as it is.
        return Err(Error::job(
            format!(
                "{} sitemap file(s) could not be read whole, so URLs of the input are unknown; nothing written, {} left as it is",
                read.unread,
                sitemap_core::diagnostic::shown::path(input)
            ),
            "repair the file at the line named above (`sitemap validate FILE` shows every finding), then run again",
        ));
    }
    let mut report = publisher.finish(&pages)?;
    // The old index's children are the generator's files: never deleted,
    // but no longer listed, so the user hears that they are left over.
    let written: Vec<&Path> = report
        .set
        .sitemaps
        .iter()
        .map(|s| s.path.as_path())
        .collect();
    let left_over: Vec<Diagnostic> = read
        .children
        .iter()
        .filter(|child| child.exists() && !written.iter().any(|w| same_file(w, child)))
        .map(|child| {
            Diagnostic::warning(
                "read, and not part of the new set: delete it once the new set is served",
            )
            .in_file(child)
        })
        .collect();
    report.warnings.extend(left_over);
    Ok(Written {
        report,
        read: WriteRead::Sitemaps(read),
    })
}

/// Why reading a sitemap stopped: the writer refused an entry, or the
/// input failed to be read.
enum Stop {
    Job(Error),
    Io(std::io::Error),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Io(e)
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
