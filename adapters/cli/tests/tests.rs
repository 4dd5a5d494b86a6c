//! Integration tests for the `sitemap` binary: each runs the built binary
//! on a copy of a fixture site and compares the whole output.

mod mdbook;
mod scan;
