//! A `sitemap` built without the `submit` feature (`cargo install
//! --no-default-features`: no HTTP client) keeps the command, and says
//! how to get a binary that submits instead of clap's "unrecognized
//! subcommand". `cargo xtask ci` runs this with the feature off.

use crate::{sitemap, text};

#[test]
fn submit_without_the_feature_says_how_to_install_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = sitemap(dir.path(), &["submit", "--dry-run", "--key", "k"]);
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
error: `sitemap submit`: this `sitemap` was built without IndexNow submission (its `submit` feature, on by default, was turned off)
  hint: install it with its default features: `cargo install --locked --path integrations/cli` from a clone
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}
