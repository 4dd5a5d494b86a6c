//! Built without the `gzip` feature: the same names as `gzip.rs`, each
//! failing with an error that says which feature to turn on, so the set
//! writer and the validator compile unchanged and a gzip request is a
//! clear error rather than a silently plain file.

use std::io::{self, BufRead, Read, Write};
use std::marker::PhantomData;
use std::sync::Arc;

/// The same block size as with gzip (the plain writer's buffer).
pub(crate) const BLOCK: usize = 128 * 1024;

fn off() -> io::Error {
    io::Error::new(
        io::ErrorKind::Unsupported,
        "gzip support is not compiled in (sitemap-core's `gzip` feature is off)",
    )
}

pub(crate) struct Pool;

impl Pool {
    pub(crate) fn new() -> io::Result<Pool> {
        Err(off())
    }
}

pub(crate) struct ParallelGz<W: Write>(PhantomData<W>);

impl<W: Write> ParallelGz<W> {
    pub(crate) fn new(_pool: Arc<Pool>, _out: W) -> io::Result<ParallelGz<W>> {
        Err(off())
    }

    pub(crate) fn write(&mut self, _bytes: &[u8]) -> io::Result<()> {
        Err(off())
    }

    pub(crate) fn finish(self) -> io::Result<W> {
        Err(off())
    }
}

/// A writer that refuses every write.
pub(crate) struct Refuse<W>(PhantomData<W>);

impl<W> Write for Refuse<W> {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(off())
    }

    fn flush(&mut self) -> io::Result<()> {
        Err(off())
    }
}

impl<W> Refuse<W> {
    pub(crate) fn finish(self) -> io::Result<W> {
        Err(off())
    }
}

pub(crate) fn gzip<W: Write>(_out: W) -> Refuse<W> {
    Refuse(PhantomData)
}

/// A reader that refuses to read: a gzipped input cannot be checked.
pub(crate) struct Gunzip;

impl Read for Gunzip {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(off())
    }
}

pub(crate) fn gunzip<R: BufRead>(_input: R) -> Gunzip {
    Gunzip
}

#[cfg(test)]
mod tests {
    use crate::{Loc, SetOptions, SetWriter};

    #[test]
    fn gzip_without_the_feature_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let base: Loc = "https://example.org/".parse().unwrap();
        let err = SetWriter::new(SetOptions::new(dir.path(), base).with_gzip(true))
            .err()
            .expect("gzip is refused");
        assert!(
            err.to_string().ends_with(
                "cannot start the gzip threads: gzip support is not compiled in (sitemap-core's `gzip` feature is off)"
            ),
            "{err}"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
