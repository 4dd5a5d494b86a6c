//! Closing a [`SetWriter`]: the last part finished, every part given its
//! final name (`<stem>.xml` alone, or numbered and tagged with its hash),
//! and the index written over them, all still under temporary names.

use std::io::BufWriter;

use super::SetWriter;
use crate::IndexWriter;
use crate::Loc;
use crate::XmlOptions;
use crate::gzip::gzip;
use crate::output::StagedFile;
use crate::set::cleanup::write_index_to;
use crate::set::error::SetError;
use crate::set::error::SetErrorKind;
use crate::set::report::IndexFile;
use crate::set::report::SetReport;
use crate::set::report::SitemapFile;
use crate::set::staged::StagedSet;

impl SetWriter {
    /// Completes the last file and writes the index when there is more
    /// than one file, all under temporary names and synced; nothing
    /// visible changes until [`StagedSet::commit`].
    pub fn stage(mut self) -> Result<StagedSet, SetError> {
        if self.failed {
            return Err(SetError::new(self.root_path(), SetErrorKind::Failed));
        }
        let Some(part) = self.current.take() else {
            return Err(SetError::new(self.root_path(), SetErrorKind::Empty));
        };
        self.finish_part(part)?;
        self.wait_for_closing()?;
        // The pool's threads are no longer needed; let them go now.
        self.pool = None;
        let done = std::mem::take(&mut self.done);

        let mut sitemaps = Vec::with_capacity(done.len());
        let mut parts = Vec::with_capacity(done.len());
        let single = done.len() == 1;
        // One name per part: with several groups, each group's parts are
        // numbered from 1 (no number when the group fits in one).
        let grouped = self.groups.len() > 1;
        let groups = std::mem::take(&mut self.groups);
        let mut of_group = groups
            .iter()
            .flat_map(|(name, count)| (1..=*count).map(move |n| (name.as_deref(), n, *count)));
        for (i, part) in done.into_iter().enumerate() {
            let group = of_group.next();
            let name = match group {
                _ if single => self.options.single_name(),
                Some((Some(group), n, count)) if grouped => {
                    let number = (count > 1).then_some(n);
                    self.options.group_part_name(group, number, part.hash)
                }
                _ => self.options.part_name(i as u64 + 1, part.hash),
            };
            let path = self.options.dir.join(&name);
            sitemaps.push(SitemapFile {
                path: path.clone(),
                loc: self.loc_of(&name)?,
                urls: part.urls,
                bytes: part.bytes,
                lastmod: part.newest,
            });
            let mut temp = part.temp;
            temp.set_path(path);
            parts.push(temp);
        }
        let (root, index) = if single {
            let Some(root) = parts.pop() else {
                unreachable!("one part")
            };
            (root, None)
        } else {
            let (temp, file) = self.write_index(&sitemaps)?;
            (temp, Some(file))
        };
        let mut swept = self.out.swept().to_vec();
        swept.sort();
        let report = SetReport {
            sitemaps,
            index,
            urls: self.urls,
            skipped_outside: self.skipped_outside,
            skipped_duplicates: self.skipped_duplicates,
            skipped: std::mem::take(&mut self.skipped),
            images: self.images,
            images_cut: self.images_cut,
            cut: std::mem::take(&mut self.cut),
            removed: Vec::new(),
            kept: Vec::new(),
            swept,
        };
        Ok(StagedSet {
            options: self.options,
            folder: self.folder,
            out: self.out,
            parts,
            extras: Vec::new(),
            root,
            robots: None,
            retired: Vec::new(),
            report,
        })
    }

    fn loc_of(&self, name: &str) -> Result<Loc, SetError> {
        self.folder.join(name).map_err(|e| {
            SetError::new(
                self.options.dir.join(name),
                SetErrorKind::Options(format!("base_url: {e}")),
            )
        })
    }

    fn write_index(&self, sitemaps: &[SitemapFile]) -> Result<(StagedFile, IndexFile), SetError> {
        let options = &self.options;
        let name = options.index_name();
        let path = options.dir.join(&name);
        let (file, temp) = self.out.create(&name, self.mode)?;
        let io_err =
            |action, source| SetError::new(temp.temp_path(), SetErrorKind::Io { action, source });
        let mut xml = XmlOptions::default();
        xml.stylesheet.clone_from(&options.index_stylesheet);
        let writer = BufWriter::new(file);
        let bytes = if options.gzip {
            write_index_to(IndexWriter::new(gzip(writer), xml), sitemaps)
                .and_then(|(w, n)| w.finish().map(|w| (w, n)))
        } else {
            write_index_to(IndexWriter::new(writer, xml), sitemaps)
        }
        .and_then(|(w, n)| {
            let file = w.into_inner().map_err(|e| e.into_error())?;
            file.sync_all().map(|()| n)
        })
        .map_err(|e| io_err("write", e))?;
        if bytes > options.limits.max_bytes {
            let kind = SetErrorKind::IndexTooLarge {
                bytes,
                limit: options.limits.max_bytes,
            };
            return Err(SetError::new(&path, kind));
        }
        let loc = self.loc_of(&name)?;
        Ok((temp, IndexFile { path, loc, bytes }))
    }
}
