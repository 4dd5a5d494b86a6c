//! What a job tells while it runs, for the skin to print at once.

/// What a job tells while it runs, before its report, for the skin to
/// print at once: a long list's bad lines are told as they are read, not
/// held.
#[derive(Debug)]
#[non_exhaustive]
pub enum Notice<'a> {
    /// Another run holds the output folder: the job waits for it.
    Waiting(&'a std::path::Path),
    /// Something to know, at its file and line (a value repaired, a URL
    /// left out).
    Warning(sitemap_core::Diagnostic),
    /// An input refused (a bad line of a URL list, a file that cannot be
    /// read whole); the job fails once every one is told.
    Error(sitemap_core::Diagnostic),
}
