//! `cargo xtask bench NAME`: each benchmark measures our code and a
//! baseline in the same run and prints the ratio, since the machines this
//! runs on are shared and noisy.

use anyhow::{Result, bail};

mod git;
mod html;
mod scan;
mod writer;

const NAMES: [&str; 4] = ["writer", "git", "scan", "html"];

pub(crate) fn run(args: &[String]) -> Result<()> {
    let Some((name, rest)) = args.split_first() else {
        bail!("usage: cargo xtask bench <{}|all>", NAMES.join("|"));
    };
    match name.as_str() {
        "writer" => writer::run(rest),
        "git" => git::run(rest),
        "scan" => scan::run(rest),
        "html" => html::run(rest),
        "all" => {
            writer::run(rest)?;
            git::run(rest)?;
            scan::run(rest)?;
            html::run(rest)
        }
        other => bail!(
            "unknown benchmark `{other}`; one of: {}, all",
            NAMES.join(", ")
        ),
    }
}
