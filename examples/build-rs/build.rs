//! Writes the sitemap of the site in `site/` into OUT_DIR, where `main.rs`
//! embeds it. Cargo reruns this only when a file it read changes (or a
//! page is added under `site/content/`).

fn main() -> Result<(), sitemap_build::Error> {
    let out_dir =
        std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let built = sitemap_build::Sitemap::content("site")
        .out_dir(&out_dir)
        .llms_txt(true)
        .write()?;
    built.rerun_if_changed();
    Ok(())
}
