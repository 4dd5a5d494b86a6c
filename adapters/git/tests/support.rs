//! The shared git test repositories (sitemap-testkit's `repo`).

pub(crate) use sitemap_testkit::repo::*;
