//! `--output text|json`: the format of the report a subcommand prints
//! (`scan`, `validate`, `changes`, `submit`), kept apart from `--format`,
//! which in `scan`/`write`/`mdbook` is the sitemap file's format (xml or
//! txt). `validate` and `changes` once took `--format json|text`; that
//! spelling still works, hidden from `--help`, with a note on stderr.

use clap::{Args, ValueEnum};

/// A report's format.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum ReportFormat {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON document on stdout, for CI.
    Json,
}

/// `--output`, with the deprecated `--format` of `validate` and `changes`.
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct ReportArgs {
    /// The report's format: `text`, or `json` (one document on stdout, for CI).
    #[arg(long, value_enum, value_name = "text|json")]
    pub(crate) output: Option<ReportFormat>,
    /// Deprecated: the old spelling of `--output`.
    #[arg(long, value_enum, hide = true, conflicts_with = "output")]
    pub(crate) format: Option<ReportFormat>,
}

impl ReportArgs {
    /// The format asked for; a note on stderr when it was asked for with
    /// the deprecated `--format`.
    pub(crate) fn format(&self) -> ReportFormat {
        if let Some(old) = self.format {
            let word = match old {
                ReportFormat::Text => "text",
                ReportFormat::Json => "json",
            };
            eprintln!("{}", deprecation(word));
        }
        self.output.or(self.format).unwrap_or_default()
    }
}

/// The note printed for `--format json|text` on `validate` and `changes`.
pub(crate) fn deprecation(word: &str) -> String {
    format!(
        "note: `--format {word}` is deprecated here; use `--output {word}` (`--format` is the sitemap file's format, xml or txt)"
    )
}
