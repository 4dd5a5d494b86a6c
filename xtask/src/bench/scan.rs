//! Benchmark `scan`: being written.

pub(crate) fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("benchmark `scan` is not written yet")
}
