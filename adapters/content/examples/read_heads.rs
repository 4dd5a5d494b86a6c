//! The floor of a content scan: the same parallel walk as the scan, each
//! file opened in its held folder and its first 4 KB read (cached reads
//! without advice, as the scan does), nothing parsed. `cargo xtask bench
//! scan` times it beside the scan so that the part of a scan that is
//! walking and reading, not work of ours, is measured in the same run.
//!
//! With `--parse`, each head's front matter is also parsed by the parser
//! the scan uses (Hugo's fences and YAML reading), into the same
//! `FrontMatter`: the floor of a scan that reads every page's front
//! matter with the crates we use, before any of Hugo's rules.
//!
//! `read_heads DIR [--parse]` prints the number of files and bytes read
//! (and front matters parsed).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use ignore::{WalkBuilder, WalkState};
use rustix::fs::{Mode, OFlags};

fn main() {
    let mut args = std::env::args_os().skip(1);
    let dir = args
        .next()
        .map(PathBuf::from)
        .expect("usage: read_heads DIR [--parse]");
    let parse = args.next().is_some_and(|a| a == "--parse");
    let files = AtomicU64::new(0);
    let parsed = AtomicU64::new(0);
    let bytes = AtomicU64::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(8));
    WalkBuilder::new(&dir)
        .standard_filters(false)
        .follow_links(true)
        .threads(threads)
        .build_parallel()
        .run(|| {
            let (files, bytes, parsed) = (&files, &bytes, &parsed);
            let mut held: Option<(PathBuf, rustix::fd::OwnedFd)> = None;
            let mut buf = vec![0_u8; 4096];
            Box::new(move |entry| {
                let Ok(entry) = entry else {
                    return WalkState::Continue;
                };
                if !entry.file_type().is_some_and(|t| t.is_file()) {
                    return WalkState::Continue;
                }
                let path = entry.path();
                let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
                    return WalkState::Continue;
                };
                if held.as_ref().is_none_or(|(p, _)| p.as_path() != parent) {
                    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
                    let parent_or_dot = if parent == Path::new("") {
                        Path::new(".")
                    } else {
                        parent
                    };
                    let fd = rustix::fs::open(parent_or_dot, flags, Mode::empty())
                        .expect("cannot open a folder");
                    held = Some((parent.to_owned(), fd));
                }
                let (_, fd) = held.as_ref().expect("set above");
                let flags = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NONBLOCK;
                let file = std::fs::File::from(
                    rustix::fs::openat(fd, name, flags, Mode::empty()).expect("cannot open a file"),
                );
                let n = sitemap_pages::head_read::read_first(&file, &mut buf).expect("cannot read");
                files.fetch_add(1, Ordering::Relaxed);
                bytes.fetch_add(n as u64, Ordering::Relaxed);
                if parse && parse_head(path, &buf[..n]) {
                    parsed.fetch_add(1, Ordering::Relaxed);
                }
                WalkState::Continue
            })
        });
    println!(
        "{} files, {} bytes read, {} front matters parsed",
        files.load(Ordering::Relaxed),
        bytes.load(Ordering::Relaxed),
        parsed.load(Ordering::Relaxed)
    );
}

/// Parses the front matter at the start of `head` (up to the last whole
/// character read); whether there was one.
fn parse_head(path: &Path, head: &[u8]) -> bool {
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).expect("checked"),
    };
    sitemap_pages::front_matter::parse_as(
        path,
        text,
        sitemap_pages::front_matter::Fences::Hugo,
        sitemap_pages::yaml::Dialect::Hugo,
    )
    .is_ok_and(|fm| fm.format.is_some())
}
