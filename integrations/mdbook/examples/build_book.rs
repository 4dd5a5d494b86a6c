//! `mdbook build` without installing mdBook: builds the book in BOOK_DIR
//! into OUT_DIR with the `mdbook-sitemap` binary at PLUGIN as its
//! preprocessor and renderer. `cargo xtask examples` uses it for
//! `examples/mdbook-book`, so CI needs no `cargo install mdbook`.
//!
//! ```sh
//! cargo run -p mdbook-sitemap-toolkit --example build_book -- BOOK_DIR OUT_DIR PLUGIN
//! ```

use anyhow::{Context, bail};
use mdbook_driver::MDBook;
use mdbook_driver::config::Config;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [book, out, plugin] = args.as_slice() else {
        bail!("usage: build_book BOOK_DIR OUT_DIR PLUGIN");
    };
    let toml = std::path::Path::new(book).join("book.toml");
    let mut config =
        Config::from_disk(&toml).with_context(|| format!("{}: cannot load", toml.display()))?;
    // Quoted: mdBook splits `command` like a shell would.
    let command = format!("'{plugin}'");
    for table in ["preprocessor.sitemap", "output.sitemap"] {
        config.set(format!("{table}.command"), &command)?;
    }
    config.set("build.build-dir", out)?;
    MDBook::load_with_config(book, config)?.build()
}
