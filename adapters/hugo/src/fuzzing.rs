//! Not part of the API: the readers the fuzz targets of `tests/` drive
//! directly, where a whole scan per case would hide them (the glob
//! automaton is matched millions of times a second; a scan reads a
//! site).

use crate::glob::{Dialect, compile_as};

/// A cascade glob compiled as gobwas/glob's v1.0.0 (`current`) or
/// v0.2.3 reads it: the number of states of its automaton and a
/// matcher, or the words it is refused with.
pub fn glob(pattern: &str, current: bool) -> Result<(usize, impl Fn(&str) -> bool), String> {
    let dialect = if current { Dialect::V1 } else { Dialect::V0 };
    let glob = compile_as(pattern, dialect).map_err(|fault| fault.to_string())?;
    Ok((glob.states(), move |text: &str| glob.is_match(text)))
}

/// The Org keyword block opening `bytes`, as the Hugo `version` reads
/// it into front matter (JSON), or why it is refused; `None` when the
/// text opens with no block.
pub fn org_keywords(
    bytes: &[u8],
    version: crate::HugoVersion,
) -> Result<Option<serde_json::Value>, String> {
    crate::org::read_bytes(bytes, &crate::rules::HugoRules::of(version))
}
