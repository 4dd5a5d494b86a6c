//! Sitemaps for humans.
