//! A stand-in for a site generator: it "exports" the site by writing the
//! sitemap its build script made into the folder named on the command
//! line (default `public/`).

const SITEMAP: &str = include_str!(concat!(env!("OUT_DIR"), "/sitemap.xml"));

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "public".to_owned());
    std::fs::create_dir_all(&dir)?;
    let path = std::path::Path::new(&dir).join("sitemap.xml");
    std::fs::write(&path, SITEMAP)?;
    println!("wrote {}", path.display());
    Ok(())
}
