//! What the user sees on stderr: errors with hints, warnings, the summary
//! line, and a progress line for long scans on a terminal (the step and
//! the count of files read: `scanning content: 12,345 files`).

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use sitemap_core::progress::FileCount;
use sitemap_engine::diagnostic::{Diagnostic, Labels, diagnostics_of};

/// Terminal settings, decided once.
pub(crate) struct Ui {
    color: bool,
    tty: bool,
    quiet: AtomicBool,
}

impl Ui {
    pub(crate) fn new() -> Ui {
        let tty = std::io::stderr().is_terminal();
        // https://no-color.org: any non-empty value turns colour off.
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Ui {
            color: tty && !no_color,
            tty,
            quiet: AtomicBool::new(false),
        }
    }

    pub(crate) fn set_quiet(&self, quiet: bool) {
        self.quiet.store(quiet, Ordering::Relaxed);
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// The labels, painted when stderr is a terminal that takes colour.
    fn labels(&self) -> Labels {
        Labels::new(
            self.paint("1;33", "warning:"),
            self.paint("1;31", "error:"),
            self.paint("1;36", "hint:"),
        )
    }

    /// `file:line: error: …` for each place the error names (several bad
    /// pages of one scan are a line each, then the count), then the
    /// hint: the error's own, else the one its cause chain offers.
    pub(crate) fn error(&self, err: &anyhow::Error) {
        let found = errors_of(err);
        let labels = self.labels();
        let mut out = std::io::stderr().lock();
        for d in &found {
            let _ = writeln!(out, "{}", d.render(&labels));
        }
    }

    /// One `error:` line for one bad item of many (a line of a URL list),
    /// printed as it is found so memory does not grow with the errors.
    pub(crate) fn error_line(&self, d: &Diagnostic) {
        let line = d.render(&self.labels());
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    }

    /// `file:line: warning: …`, the shape every skin prints.
    pub(crate) fn warning(&self, d: &Diagnostic) {
        if self.quiet.load(Ordering::Relaxed) {
            return;
        }
        let line = d.render(&self.labels());
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    }

    /// What a job tells while it runs, printed at once.
    pub(crate) fn notice(&self, notice: sitemap_engine::Notice<'_>) {
        match notice {
            sitemap_engine::Notice::Waiting(dir) => self.summary(&waiting_for(dir)),
            sitemap_engine::Notice::Warning(warning) => self.warning(&warning),
            sitemap_engine::Notice::Error(error) => self.error_line(&error),
            _ => {}
        }
    }

    pub(crate) fn summary(&self, message: &str) {
        if self.quiet.load(Ordering::Relaxed) {
            return;
        }
        let _ = writeln!(std::io::stderr().lock(), "{}", message);
    }

    /// A progress line, `⠋ scanning content: 12,345 files (3s)`, that
    /// appears only on a terminal, never with `-q` or a JSON report
    /// (both set quiet), and only once the work has taken more than a
    /// second: short scans print nothing but the summary. `files` is the
    /// count the scan's readers add to; it is read at each redraw.
    pub(crate) fn spinner(&self, message: &str, files: &FileCount) -> Spinner {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_message(message.to_owned());
        let count = files.clone();
        if let Ok(style) =
            ProgressStyle::with_template("{spinner} {msg}: {files} files ({elapsed})")
        {
            bar.set_style(style.with_key(
                "files",
                move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&thousands(count.get()));
                },
            ));
        }
        let done = Arc::new(AtomicBool::new(false));
        let drawn = Arc::new(AtomicBool::new(false));
        if draws(self.tty, self.quiet.load(Ordering::Relaxed)) {
            let bar = bar.clone();
            let done = Arc::clone(&done);
            let drawn = Arc::clone(&drawn);
            std::thread::spawn(move || {
                std::thread::sleep(delay());
                if !done.load(Ordering::Relaxed) {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    drawn.store(true, Ordering::Relaxed);
                    bar.enable_steady_tick(Duration::from_millis(120));
                }
            });
        }
        Spinner { bar, done, drawn }
    }
}

/// Whether the progress line is drawn at all: only on a terminal, and
/// not when the run is quiet (`-q`, or a JSON report on stdout).
fn draws(tty: bool, quiet: bool) -> bool {
    tty && !quiet
}

/// How long a scan runs before its progress line appears: a second, or
/// `SITEMAP_PROGRESS_DELAY_MS` (the pty test sets 0 to see the line on a
/// small site).
fn delay() -> Duration {
    std::env::var("SITEMAP_PROGRESS_DELAY_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(Duration::from_secs(1), Duration::from_millis)
}

/// `12345` as `12,345`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Ends the progress line when dropped.
pub(crate) struct Spinner {
    bar: ProgressBar,
    done: Arc<AtomicBool>,
    /// Whether the line was put on the terminal.
    drawn: Arc<AtomicBool>,
}

impl Spinner {
    pub(crate) fn set_message(&self, message: &str) {
        self.bar.set_message(message.to_owned());
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if self.drawn.load(Ordering::Relaxed) {
            // The final count, drawn once past the redraw rate limit,
            // then cleared.
            self.bar.finish();
        }
        self.bar.finish_and_clear();
    }
}

/// A failed run's errors as data, each with its place as fields and the
/// hint with the last.
fn errors_of(err: &anyhow::Error) -> Vec<Diagnostic> {
    let mut found = diagnostics_of(err.as_ref());
    if found.iter().all(|d| d.hint.is_none())
        && let (Some(hint), Some(last)) = (hint_of(err), found.last_mut())
    {
        last.hint = Some(hint);
    }
    found
}

/// A failed run's errors as the JSON document of `--output json`, on
/// stdout: `{"errors": [...]}`, each error's file, line and key a field.
pub(crate) fn print_errors_json(err: &anyhow::Error) {
    #[derive(serde::Serialize)]
    struct Failed {
        errors: Vec<Diagnostic>,
    }
    let doc = Failed {
        errors: errors_of(err),
    };
    if let Ok(text) = serde_json::to_string_pretty(&doc) {
        let _ = writeln!(std::io::stdout().lock(), "{text}");
    }
}

/// The hint of the first error in the chain that has one.
/// A content error, also where the engine carries it (its `transparent`
/// wrapping hides it from the cause chain).
fn content_error<'a>(
    cause: &'a (dyn std::error::Error + 'static),
) -> Option<&'a sitemap_engine::ContentError> {
    match cause.downcast_ref::<sitemap_engine::Error>() {
        Some(sitemap_engine::Error::Content(e)) => Some(e),
        _ => cause.downcast_ref(),
    }
}

fn hint_of(err: &anyhow::Error) -> Option<String> {
    for cause in err.chain() {
        // A content error says its own fix, or none: the pages errors
        // under it name theirs in their messages.
        if let Some(e) = content_error(cause) {
            return e.hint();
        }
        if let Some(h) = cause
            .downcast_ref::<sitemap_engine::Error>()
            .and_then(|e| e.hint())
        {
            return Some(h.to_owned());
        }
        if let Some(h) = cause
            .downcast_ref::<sitemap_engine::submit::SubmitError>()
            .and_then(|e| e.hint())
        {
            return Some(h.to_owned());
        }
        if let Some(sitemap_engine::Error::Source(e)) = cause.downcast_ref() {
            return source_hint(e);
        }
        if let Some(e) = cause.downcast_ref::<crate::settings::Hinted>() {
            return Some(e.hint.clone());
        }
        if let Some(e) = cause.downcast_ref::<sitemap_engine::PagesError>() {
            return source_hint(e);
        }
    }
    None
}

/// A git that ran out of time names its fixes itself: no value in a file
/// is wrong.
fn source_hint(e: &sitemap_engine::PagesError) -> Option<String> {
    match e {
        sitemap_engine::PagesError::History(sitemap_engine::GitError::GitTimeout { .. }) => None,
        _ => Some("fix the value in the file named above".to_owned()),
    }
}

/// The notice when another run holds the output folder, naming the
/// process that holds it when the kernel's lock table says.
pub(crate) fn waiting_for(dir: &std::path::Path) -> String {
    let holder = sitemap_core::output::lock_holder(dir)
        .map(|pid| format!(" (process {pid} holds its lock)"))
        .unwrap_or_default();
    format!(
        "waiting for another run writing into {}{holder}",
        shown(dir)
    )
}

/// A path as the user gave it (without a leading `./`).
pub(crate) fn shown(path: &std::path::Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}

/// A write to stdout whose reader has gone (`sitemap scan --dry-run |
/// head`): the reader has what it wanted, so the run ends there quietly.
#[derive(Debug)]
pub(crate) struct StdoutClosed;

impl std::fmt::Display for StdoutClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stdout was closed by its reader")
    }
}

/// The error of a write to stdout: [`StdoutClosed`] when the pipe's reader
/// closed it (only stdout: a closed connection while submitting is a
/// failure), else the I/O error naming stdout.
pub(crate) fn stdout_error(e: std::io::Error) -> anyhow::Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        anyhow::Error::new(e).context(StdoutClosed)
    } else {
        anyhow::Error::new(e).context("cannot write to stdout")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The drawing decision: a terminal and not quiet, nothing else.
    #[test]
    fn the_line_is_drawn_only_on_a_terminal_and_never_quiet() {
        assert!(draws(true, false));
        assert!(!draws(true, true));
        assert!(!draws(false, false));
        assert!(!draws(false, true));
    }

    #[test]
    fn counts_have_thousands_separators() {
        let shown: Vec<String> = [0, 7, 999, 1_000, 12_345, 1_234_567]
            .into_iter()
            .map(thousands)
            .collect();
        assert_eq!(shown, ["0", "7", "999", "1,000", "12,345", "1,234,567"]);
    }
}
