//! `cargo xtask examples`: end-to-end builds of every site under
//! `examples/`.

use anyhow::Result;

pub(crate) fn run(_args: &[String]) -> Result<()> {
    eprintln!("xtask examples: no examples yet");
    Ok(())
}
