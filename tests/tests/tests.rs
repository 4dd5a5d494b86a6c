//! Workspace-level tests: tidy checks that keep the repository's own rules
//! (as rust-analyzer's `xtask/src/tidy.rs` does, so `cargo test` enforces
//! them): crate docs and doctests, no ignored tests, fixture READMEs,
//! examples with expected output, and the bundled schemas as documented;
//! and the fuzz targets `cargo xtask fuzz` runs for minutes (`fuzz`).

mod fuzz;
mod house;
mod tidy;
