//! Benchmark `html`: being written.

pub(crate) fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("benchmark `html` is not written yet")
}
