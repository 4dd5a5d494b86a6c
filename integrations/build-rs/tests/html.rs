//! Feature `html`: a built HTML folder.

use sitemap_build::Sitemap;

use crate::support::{fixture, rerun_lines, written};

#[test]
fn built_html_folder() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("html-built");
    let built = Sitemap::html(&root, "https://html.example.org/")
        .out_dir(out.path())
        .write()
        .unwrap();
    insta::assert_snapshot!("html_built_files", written(out.path()));
    insta::assert_snapshot!("html_built_rerun", rerun_lines(&built, &root));
}
