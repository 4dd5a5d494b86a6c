//! A stand-in for a site generator: it "exports" the site by writing the
//! sitemap (and llms.txt) its build script made into the folder named on
//! the command line (default `public/`).

const SITEMAP: &str = include_str!(concat!(env!("OUT_DIR"), "/sitemap.xml"));
const LLMS_TXT: &str = include_str!(concat!(env!("OUT_DIR"), "/llms.txt"));

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "public".to_owned());
    std::fs::create_dir_all(&dir)?;
    let path = std::path::Path::new(&dir).join("sitemap.xml");
    std::fs::write(&path, SITEMAP)?;
    std::fs::write(std::path::Path::new(&dir).join("llms.txt"), LLMS_TXT)?;
    println!("wrote {}", path.display());
    Ok(())
}
