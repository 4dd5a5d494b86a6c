//! Benchmark `writer`: being written.

pub(crate) fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("benchmark `writer` is not written yet")
}
