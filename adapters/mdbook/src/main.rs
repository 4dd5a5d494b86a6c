//! `mdbook-sitemap`: the mdBook plugin binary.
//!
//! mdBook runs it in three ways, and one binary serves them all:
//!
//! - `mdbook-sitemap supports <renderer>`: the preprocessor's question;
//!   exit status 0 means yes.
//! - stdin holds `[context, book]` (a JSON array): the preprocessor role,
//!   which answers with the book, front matter stripped, on stdout.
//! - stdin holds a render context (a JSON object): the renderer role,
//!   which writes the sitemap into the book's HTML folder.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use mdbook_preprocessor::Preprocessor;
use mdbook_sitemap::SitemapPreprocessor;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("mdbook-sitemap: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["supports", renderer] => {
            let yes = SitemapPreprocessor::new().supports_renderer(renderer)?;
            return Ok(if yes {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            });
        }
        ["--version" | "-V"] => {
            println!("mdbook-sitemap {}", env!("CARGO_PKG_VERSION"));
            return Ok(ExitCode::SUCCESS);
        }
        ["--help" | "-h"] => {
            println!("{}", HELP.trim_start());
            println!("Every key (each optional but base-url; the same keys may sit under");
            println!("[preprocessor.sitemap] for a book with only the HTML output):\n");
            for line in mdbook_sitemap::config::keys().lines() {
                println!("    {line}");
            }
            return Ok(ExitCode::SUCCESS);
        }
        [] => {}
        _ => bail!("unexpected arguments {args:?}; mdBook runs this program itself (see --help)"),
    }

    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("reading mdBook's input from stdin")?;
    match input.trim_start().as_bytes().first() {
        Some(b'[') => preprocess(&input),
        Some(b'{') => render(&input),
        _ => bail!(
            "expected mdBook's JSON on stdin; this program is run by `mdbook build` (see --help)"
        ),
    }
}

fn preprocess(input: &str) -> Result<ExitCode> {
    let (ctx, book) = mdbook_preprocessor::parse_input(input.as_bytes())?;
    warn_on_version(&ctx.mdbook_version);
    let book = SitemapPreprocessor::new().run(&ctx, book)?;
    let mut stdout = std::io::stdout().lock();
    serde_json::to_writer(&mut stdout, &book).context("writing the book to mdBook")?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn render(input: &str) -> Result<ExitCode> {
    let ctx = mdbook_renderer::RenderContext::from_json(input.as_bytes())?;
    warn_on_version(&ctx.version);
    let report = mdbook_sitemap::render(&ctx)?;
    for warning in &report.warnings {
        eprintln!("mdbook-sitemap: warning: {warning}");
    }
    eprintln!("mdbook-sitemap: {report}");
    Ok(ExitCode::SUCCESS)
}

/// mdBook's JSON may change between minor versions before 1.0.
fn warn_on_version(theirs: &str) {
    let ours = mdbook_preprocessor::MDBOOK_VERSION;
    let minor = |v: &str| v.split('.').take(2).collect::<Vec<_>>().join(".");
    if minor(theirs) != minor(ours) {
        eprintln!(
            "mdbook-sitemap: warning: built against mdBook {ours}, called by mdBook {theirs}; if the build fails, install an mdbook-sitemap built for your mdBook"
        );
    }
}

const HELP: &str = r#"
mdbook-sitemap: writes a Sitemaps 0.90 sitemap.xml for an mdBook book.

Add to book.toml:

    [preprocessor.sitemap]            # strips front matter from chapters

    [output.html]

    [output.sitemap]
    base-url = "https://example.org/book/"

`mdbook build` then writes sitemap.xml next to the HTML in book/html/.
mdBook runs this program itself; it takes no arguments.
"#;
