//! The sitemap files being written: each part streams into its own
//! temporary file on a thread of its own ([`FileThread`]), plain or
//! gzipped in parallel blocks ([`Sink`]), hashed as it goes so its final
//! name carries its content ([`DonePart`]). A finished part's thread
//! writes its last block and syncs the file while the next part is
//! encoded ([`Closing`]).

use std::cmp::Ordering;
use std::fs::File;
use std::io;
use std::io::Write;
use std::sync::mpsc;

use jiff::SignedDuration;
use xxhash_rust::xxh3::Xxh3;

use crate::Lastmod;
use crate::gzip::BLOCK;
use crate::gzip::ParallelGz;
use crate::output::StagedFile;
use crate::xml::OnRoot;

/// A part being written.
pub(super) struct Part {
    pub(super) number: u64,
    pub(super) temp: StagedFile,
    /// Of the uncompressed bytes: the part's name tag.
    pub(super) hash: Xxh3,
    pub(super) sink: Sink,
    pub(super) urls: u64,
    pub(super) bytes: u64,
    pub(super) on_root: OnRoot,
    pub(super) newest: Option<Lastmod>,
    /// `newest`'s start since the epoch, when there is one: the first key
    /// of `Lastmod`'s order, kept so each entry computes only its own.
    pub(super) newest_start: SignedDuration,
}

impl Part {
    /// Keeps `lastmod` if it is newer than the newest so far, in the order
    /// of `Lastmod`'s `Ord` (the instant first, then precision and text on
    /// a tie).
    pub(super) fn offer_lastmod(&mut self, lastmod: Option<&Lastmod>) {
        let Some(lastmod) = lastmod else { return };
        let start = lastmod.start_since_epoch();
        let newer = match &self.newest {
            None => true,
            Some(newest) => match start.cmp(&self.newest_start) {
                Ordering::Greater => true,
                Ordering::Less => false,
                Ordering::Equal => lastmod > newest,
            },
        };
        if newer {
            self.newest = Some(lastmod.clone());
            self.newest_start = start;
        }
    }
}

pub(super) enum Sink {
    Plain(FileThread),
    /// The compressed bytes go through a file thread too, so that the
    /// part's `fsync` overlaps the next part's encoding.
    Gz(ParallelGz<FileThread>),
}

impl Sink {
    pub(super) fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::Plain(w) => w.write(bytes),
            Sink::Gz(w) => w.write(bytes),
        }
    }

    /// Writes what is left; the file thread then syncs the file to disk
    /// while the caller goes on: [`Closing::wait`] says when it is done.
    pub(super) fn finish(self) -> io::Result<Closing> {
        match self {
            Sink::Plain(w) => w.finish(),
            Sink::Gz(w) => w.finish()?.finish(),
        }
    }
}

/// A part's file thread writing its last block and syncing the file.
/// Waited for before the part is renamed, or when dropped (a part
/// abandoned on an error), so the thread never outlives the part.
pub(super) struct Closing(Option<FileThread>);

impl Closing {
    /// Waits for the last write and the `fsync`; their error, if any.
    pub(super) fn wait(mut self) -> io::Result<()> {
        match self.0.take() {
            Some(mut thread) => thread.close(),
            None => Ok(()),
        }
    }
}

impl Drop for Closing {
    fn drop(&mut self) {
        if let Some(mut thread) = self.0.take() {
            let _ = thread.close();
        }
    }
}

/// A file written in blocks by a thread of its own, so that the write
/// system calls of a large sitemap overlap the encoding of its entries
/// (on a 100,000-page scan they were a fifth of what was left for one
/// core after the parallel walk). Blocks go back to the encoder for reuse.
pub(super) struct FileThread {
    block: Vec<u8>,
    to_writer: Option<mpsc::SyncSender<Vec<u8>>>,
    spare: mpsc::Receiver<Vec<u8>>,
    pub(super) writer: Option<std::thread::JoinHandle<io::Result<()>>>,
}

impl FileThread {
    pub(super) fn new(mut file: File) -> io::Result<FileThread> {
        let (to_writer, blocks) = mpsc::sync_channel::<Vec<u8>>(2);
        let (give_back, spare) = mpsc::channel();
        let writer = std::thread::Builder::new()
            .name("sitemap-write".to_owned())
            .spawn(move || -> io::Result<()> {
                for mut block in blocks {
                    file.write_all(&block)?;
                    block.clear();
                    // The encoder may have finished already.
                    let _ = give_back.send(block);
                }
                // Published files must survive a power cut once renamed.
                file.sync_all()
            })?;
        Ok(FileThread {
            block: Vec::with_capacity(BLOCK),
            to_writer: Some(to_writer),
            spare,
            writer: Some(writer),
        })
    }

    pub(super) fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.block.extend_from_slice(bytes);
        if self.block.len() >= BLOCK {
            self.send()?;
        }
        Ok(())
    }

    fn send(&mut self) -> io::Result<()> {
        let next = self
            .spare
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(BLOCK));
        let full = std::mem::replace(&mut self.block, next);
        let sent = self.to_writer.as_ref().map(|w| w.send(full));
        match sent {
            Some(Ok(())) => Ok(()),
            // The thread stopped at a failed write: its error says why.
            _ => match self.close() {
                Err(e) => Err(e),
                Ok(()) => Err(io::Error::other("the sitemap writer thread stopped")),
            },
        }
    }

    /// Sends the last block and lets the thread write it and sync the
    /// file without waiting for it.
    pub(super) fn finish(mut self) -> io::Result<Closing> {
        if !self.block.is_empty() {
            self.send()?;
        }
        drop(self.to_writer.take());
        Ok(Closing(Some(self)))
    }

    /// Ends the thread once it has written every block sent.
    fn close(&mut self) -> io::Result<()> {
        drop(self.to_writer.take());
        match self.writer.take() {
            Some(writer) => writer
                .join()
                .unwrap_or_else(|_| Err(io::Error::other("the sitemap writer thread panicked"))),
            None => Ok(()),
        }
    }
}

/// What [`ParallelGz`] writes its compressed blocks to.
impl Write for FileThread {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        FileThread::write(self, bytes)?;
        Ok(bytes.len())
    }

    /// Blocks go to the thread as they fill; [`FileThread::finish`] sends
    /// the last one.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for FileThread {
    fn drop(&mut self) {
        // A part abandoned on an error: the thread must not outlive it.
        let _ = self.close();
    }
}

/// A finished part, still under its temporary name.
pub(super) struct DonePart {
    pub(super) temp: StagedFile,
    /// Its file thread, still writing or syncing; waited for before the
    /// next part is finished and before any renaming.
    pub(super) closing: Option<Closing>,
    pub(super) hash: u64,
    pub(super) urls: u64,
    pub(super) bytes: u64,
    pub(super) newest: Option<Lastmod>,
}
