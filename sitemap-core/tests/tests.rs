//! sitemap-core's integration tests: one binary, a module per feature.
//!
//! Every XML file the writer tests write is validated with xmllint against the
//! official XSDs (`sitemap-testkit`), parsed back with quick-xml and
//! compared with what was written.

mod common;

mod atomic;
mod groups;
mod gzip;
mod images;
mod model;
mod props;
mod regression;
mod robots_rules;
mod set;
mod text;
mod validate;
mod xml;
