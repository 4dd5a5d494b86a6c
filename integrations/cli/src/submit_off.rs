//! `sitemap submit` in a binary built without the `submit` feature (no
//! HTTP client): the command is still listed, takes whatever it is given,
//! and fails saying how to install a `sitemap` that submits, instead of
//! clap's "unrecognized subcommand".

use clap::Args;

use crate::Outcome;
use crate::ui::Ui;

/// Tell search engines what changed (IndexNow); this binary was built without it (the `submit` feature).
#[derive(Args, Debug)]
pub(crate) struct SubmitArgs {
    /// The command's arguments, not read.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    rest: Vec<String>,
}

pub(crate) fn run(_: &SubmitArgs, _: &Ui) -> anyhow::Result<Outcome> {
    Err(sitemap_engine::Error::Job {
        message: "`sitemap submit`: this `sitemap` was built without IndexNow submission (its `submit` feature, on by default, was turned off)".to_owned(),
        hint: "install it with its default features: `cargo install --locked --path integrations/cli` from a clone".to_owned(),
    }
    .into())
}

/// No request is ever sent, so none failed.
pub(crate) fn failed(_: &anyhow::Error) -> bool {
    false
}
