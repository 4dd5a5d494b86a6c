//! The jobs every skin calls.

pub(crate) mod summary;
