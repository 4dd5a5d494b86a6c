//! Reads JSON Lines (`loc`, `lastmod`) on stdin and writes them as a
//! gzipped split set with the `sitemap` crate: 50,000 URLs a file,
//! `sitemap-N.xml.gz`, then `sitemap.xml` as the index. The same job as
//! `sitemap write --gzip`, for `cargo xtask bench write`.

use std::fs::File;
use std::io::{BufRead, BufWriter, Write};

use flate2::Compression;
use flate2::write::GzEncoder;
use sitemap::structs::{SiteMapEntry, UrlEntry};
use sitemap::writer::SiteMapWriter;

#[derive(serde::Deserialize)]
struct Line {
    loc: String,
    lastmod: Option<String>,
}

const PER_FILE: usize = 50_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = std::path::PathBuf::from(args.next().expect("usage: OUT BASE_URL"));
    let base = args.next().expect("usage: OUT BASE_URL");
    std::fs::create_dir_all(&out).unwrap();
    let stdin = std::io::stdin().lock();
    let mut lines = stdin.lines();
    let mut files = Vec::new();
    let mut done = false;
    while !done {
        let name = format!("sitemap-{}.xml.gz", files.len() + 1);
        let file = BufWriter::new(File::create(out.join(&name)).unwrap());
        let mut gz = GzEncoder::new(file, Compression::new(6));
        let writer = SiteMapWriter::new(&mut gz);
        let mut urls = writer.start_urlset().unwrap();
        let mut n = 0;
        while n < PER_FILE {
            let Some(line) = lines.next() else {
                done = true;
                break;
            };
            let line: Line = serde_json::from_str(&line.unwrap()).unwrap();
            let mut entry = UrlEntry::builder().loc(line.loc.as_str());
            if let Some(l) = &line.lastmod {
                entry = entry.lastmod(chrono::DateTime::parse_from_rfc3339(l).unwrap());
            }
            urls.url(entry.build().unwrap()).unwrap();
            n += 1;
        }
        drop(urls.end().unwrap());
        gz.finish().unwrap().flush().unwrap();
        if n == 0 {
            std::fs::remove_file(out.join(&name)).unwrap();
        } else {
            files.push(name);
        }
    }
    let mut index = BufWriter::new(File::create(out.join("sitemap.xml")).unwrap());
    let mut sitemaps = SiteMapWriter::new(&mut index)
        .start_sitemapindex()
        .unwrap();
    for name in &files {
        let entry = SiteMapEntry::builder().loc(format!("{base}{name}").as_str());
        sitemaps.sitemap(entry.build().unwrap()).unwrap();
    }
    drop(sitemaps.end().unwrap());
    index.flush().unwrap();
}
