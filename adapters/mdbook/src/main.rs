//! Placeholder: filled by its issue.
fn main() {}
