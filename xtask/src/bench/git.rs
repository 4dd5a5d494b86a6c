//! Benchmark `git`: being written.

pub(crate) fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("benchmark `git` is not written yet")
}
