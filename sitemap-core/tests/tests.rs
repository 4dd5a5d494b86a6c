//! Integration tests of sitemap-core, one module per feature.

mod validate;
