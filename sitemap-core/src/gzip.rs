//! Deterministic gzip: the same input gives byte-identical `.gz` files.
//!
//! Two encoders write the same header (no name, no comment, mtime 0,
//! XFL 0, OS 255 "unknown"), so neither the clock nor the machine leaks
//! into the output:
//!
//! - [`gzip`] wraps any writer in a single-stream flate2 encoder;
//! - the set writer's [`ParallelGz`] cuts the stream into blocks and
//!   compresses them on a small thread pool the way pigz does: each block
//!   is a raw deflate stream primed with the 32 KiB before it as a
//!   dictionary and ended with a sync flush, so the concatenation is one
//!   valid deflate stream. Block boundaries depend only on the input, never
//!   on the number of threads or their timing, so the output is the same
//!   on every machine.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use flate2::write::GzEncoder;
use flate2::{Compress, Compression, Crc, FlushCompress, GzBuilder, Status};

/// The compression level every gzip file is written at: the level of
/// `gzip` itself, which the size target is measured against.
pub const GZIP_LEVEL: u32 = 6;

/// The gzip header both encoders write: magic, deflate, no flags, mtime 0,
/// XFL 0 (the level is neither fastest nor best), OS 255.
const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255];

/// The deflate window: how much history a block's dictionary carries.
const WINDOW: usize = 32 * 1024;

/// The write size of the plain part writer's file thread (`set::parts`).
pub(crate) const BLOCK: usize = 128 * 1024;

/// Uncompressed bytes per compressed block. Each block hashes its 32 KiB
/// dictionary again and ends with a sync flush and fresh Huffman tables,
/// so larger blocks cost less; smaller ones keep every core busy to the
/// end of a file (the last block of a file is compressed alone). On the
/// writer bench's bytes (callgrind, 17 MB of them), 256 KiB against 128
/// KiB: 5.2% fewer deflate instructions and 0.16% smaller; 512 KiB saves
/// only 2.4% more for twice the serial tail per file.
const GZ_BLOCK: usize = 256 * 1024;

/// Wraps `out` in a gzip encoder at [`GZIP_LEVEL`] with a fixed header
/// (mtime 0, no file name, OS byte 255), so that the same input always
/// gives the same bytes. Call `finish()` on the encoder to write the
/// trailer.
///
/// ```
/// use std::io::Write;
///
/// let mut a = sitemap_core::gzip(Vec::new());
/// a.write_all(b"<urlset/>")?;
/// let mut b = sitemap_core::gzip(Vec::new());
/// b.write_all(b"<urlset/>")?;
/// assert_eq!(a.finish()?, b.finish()?);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn gzip<W: Write>(out: W) -> GzEncoder<W> {
    GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(out, Compression::new(GZIP_LEVEL))
}

/// Reads a gzip stream (all its members), for the validator.
pub(crate) fn gunzip<R: std::io::BufRead>(input: R) -> flate2::bufread::MultiGzDecoder<R> {
    flate2::bufread::MultiGzDecoder::new(input)
}

/// A block to compress.
struct Job {
    /// `data[..dict]` is the dictionary, `data[dict..]` the block.
    data: Vec<u8>,
    dict: usize,
    last: bool,
    /// A recycled buffer for the output.
    out: Vec<u8>,
    reply: SyncSender<io::Result<Done>>,
}

/// A compressed block.
struct Done {
    data: Vec<u8>,
    out: Vec<u8>,
    crc: Crc,
}

/// A pool of compressor threads shared by the parts of a set, one part at
/// a time.
pub(crate) struct Pool {
    jobs: Option<SyncSender<Job>>,
    workers: Vec<JoinHandle<()>>,
    threads: usize,
}

impl Pool {
    /// A pool with one compressor per available core.
    pub(crate) fn new() -> io::Result<Pool> {
        Pool::with_threads(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// A pool of `threads` compressors (1 to 16). The bytes written do not
    /// depend on it.
    pub(crate) fn with_threads(threads: usize) -> io::Result<Pool> {
        let threads = threads.clamp(1, 16);
        let (tx, rx) = sync_channel::<Job>(threads);
        let rx = Arc::new(Mutex::new(rx));
        let mut workers = Vec::with_capacity(threads);
        for i in 0..threads {
            let rx = Arc::clone(&rx);
            let handle = std::thread::Builder::new()
                .name(format!("sitemap-gzip-{i}"))
                .stack_size(256 * 1024)
                .spawn(move || worker(&rx))?;
            workers.push(handle);
        }
        Ok(Pool {
            jobs: Some(tx),
            workers,
            threads,
        })
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing the channel ends each worker's loop.
        self.jobs = None;
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

fn worker(rx: &Mutex<Receiver<Job>>) {
    let mut deflate = Compress::new(Compression::new(GZIP_LEVEL), false);
    loop {
        let job = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(mut job) = job else { return };
        let result = compress_block(&mut deflate, &job.data, job.dict, job.last, &mut job.out);
        let reply = result.map(|crc| Done {
            data: std::mem::take(&mut job.data),
            out: std::mem::take(&mut job.out),
            crc,
        });
        // The part may have been dropped after an error; nothing to do then.
        let _ = job.reply.send(reply);
    }
}

fn compress_block(
    deflate: &mut Compress,
    data: &[u8],
    dict: usize,
    last: bool,
    out: &mut Vec<u8>,
) -> io::Result<Crc> {
    deflate.reset();
    if dict > 0 {
        deflate
            .set_dictionary(&data[..dict])
            .map_err(io::Error::other)?;
    }
    let input = &data[dict..];
    let mut crc = Crc::new();
    crc.update(input);
    out.clear();
    let flush = if last {
        FlushCompress::Finish
    } else {
        FlushCompress::Sync
    };
    let start = deflate.total_in();
    loop {
        if out.capacity() - out.len() < 4096 {
            out.reserve(input.len() / 4 + 4096);
        }
        let consumed = (deflate.total_in() - start) as usize;
        let status = deflate
            .compress_vec(&input[consumed..], out, flush)
            .map_err(io::Error::other)?;
        let consumed = (deflate.total_in() - start) as usize;
        let room_left = out.len() < out.capacity();
        match status {
            Status::StreamEnd => break,
            // A sync flush is complete once all input is in and the
            // encoder stopped with output space to spare.
            Status::Ok | Status::BufError if !last && consumed == input.len() && room_left => break,
            Status::Ok | Status::BufError => {}
        }
    }
    Ok(crc)
}

/// One gzip file being written through a [`Pool`]. Blocks are handed to
/// the pool as they fill and written in order; at most `2 × threads + 1`
/// blocks are in flight, which bounds memory to a few hundred KiB per
/// core whatever the size of the file.
pub(crate) struct ParallelGz<W: Write> {
    pool: Arc<Pool>,
    out: W,
    /// Dictionary (the previous 32 KiB) followed by the block being filled.
    block: Vec<u8>,
    dict: usize,
    pending: VecDeque<Receiver<io::Result<Done>>>,
    free_data: Vec<Vec<u8>>,
    free_out: Vec<Vec<u8>>,
    crc: Crc,
}

impl<W: Write> ParallelGz<W> {
    /// Starts a gzip file on `out`; writes the header.
    pub(crate) fn new(pool: Arc<Pool>, mut out: W) -> io::Result<ParallelGz<W>> {
        out.write_all(&HEADER)?;
        Ok(ParallelGz {
            pool,
            out,
            block: Vec::with_capacity(WINDOW + GZ_BLOCK + 64 * 1024),
            dict: 0,
            pending: VecDeque::new(),
            free_data: Vec::new(),
            free_out: Vec::new(),
            crc: Crc::new(),
        })
    }

    /// Appends uncompressed bytes; a full block goes to the pool.
    pub(crate) fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.block.extend_from_slice(bytes);
        if self.block.len() - self.dict >= GZ_BLOCK {
            self.dispatch(false)?;
        }
        Ok(())
    }

    fn dispatch(&mut self, last: bool) -> io::Result<()> {
        let mut next = self
            .free_data
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(WINDOW + GZ_BLOCK + 64 * 1024));
        next.clear();
        let tail = self.block.len().saturating_sub(WINDOW);
        next.extend_from_slice(&self.block[tail..]);
        let data = std::mem::replace(&mut self.block, next);
        let dict = std::mem::replace(&mut self.dict, self.block.len());
        let (reply, done) = sync_channel(1);
        let job = Job {
            data,
            dict,
            last,
            out: self.free_out.pop().unwrap_or_default(),
            reply,
        };
        let jobs = self.pool.jobs.as_ref().ok_or_else(closed)?;
        jobs.send(job).map_err(|_| closed())?;
        self.pending.push_back(done);
        while self.pending.len() > 2 * self.pool.threads + 1 {
            self.write_oldest()?;
        }
        Ok(())
    }

    fn write_oldest(&mut self) -> io::Result<()> {
        let Some(done) = self.pending.pop_front() else {
            return Ok(());
        };
        let done = done.recv().map_err(|_| closed())??;
        self.out.write_all(&done.out)?;
        self.crc.combine(&done.crc);
        self.free_data.push(done.data);
        self.free_out.push(done.out);
        Ok(())
    }

    /// Compresses what is left, writes the trailer, and hands back the
    /// inner writer (flushed).
    pub(crate) fn finish(mut self) -> io::Result<W> {
        self.dispatch(true)?;
        while !self.pending.is_empty() {
            self.write_oldest()?;
        }
        self.out.write_all(&self.crc.sum().to_le_bytes())?;
        self.out.write_all(&self.crc.amount().to_le_bytes())?;
        self.out.flush()?;
        Ok(self.out)
    }
}

fn closed() -> io::Error {
    io::Error::other("a gzip compressor thread stopped")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// Sitemap-like lines, several blocks' worth.
    fn input() -> Vec<u8> {
        (0..14_000)
            .flat_map(|i| {
                format!(
                    "  <url>\n    <loc>https://example.org/{}/page-{i}?a=1&amp;b={}</loc>\n  </url>\n",
                    i % 13,
                    i * 7919 % 1000
                )
                .into_bytes()
            })
            .collect()
    }

    fn compress(threads: usize, input: &[u8]) -> Vec<u8> {
        let pool = Arc::new(Pool::with_threads(threads).unwrap());
        let mut gz = ParallelGz::new(pool, Vec::new()).unwrap();
        // Uneven pieces, as entries come.
        for piece in input.chunks(997) {
            gz.write(piece).unwrap();
        }
        gz.finish().unwrap()
    }

    #[test]
    fn same_bytes_with_one_and_many_threads_and_one_gzip_member() {
        let input = input();
        assert!(input.len() > 4 * GZ_BLOCK, "several blocks");
        let one = compress(1, &input);
        for threads in [2, 3, 8] {
            assert!(compress(threads, &input) == one, "{threads} threads");
        }
        // One member: the single-member decoder reads all of it.
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&one[..])
            .read_to_end(&mut out)
            .unwrap();
        assert!(out == input);
        // And gzip itself, where installed.
        if let Ok(mut child) = std::process::Command::new("gzip")
            .args(["-d", "-c"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
        {
            let mut stdin = child.stdin.take().unwrap();
            let feed = std::thread::spawn(move || stdin.write_all(&one));
            let output = child.wait_with_output().unwrap();
            feed.join().unwrap().unwrap();
            assert!(output.status.success(), "gzip -d refused the stream");
            assert!(output.stdout == input, "gzip -d gives the input back");
        }
    }
}
