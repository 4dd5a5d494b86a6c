//! Deterministic gzip: byte-identical output, a fixed header, gunzip
//! gives back what was written.

use std::io::{Read, Write};

use sitemap_core::{Limits, SetOptions, SetWriter, Url};

use crate::common::url;

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[test]
fn gzip_is_deterministic_with_a_fixed_header() {
    let input = b"<urlset>&amp;</urlset>\n".repeat(1000);
    let compress = || {
        let mut gz = sitemap_core::gzip(Vec::new());
        gz.write_all(&input).unwrap();
        gz.finish().unwrap()
    };
    let a = compress();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let b = compress();
    assert_eq!(a, b, "same bytes a second later");
    // magic, deflate, no flags, mtime 0, XFL 0, OS 255.
    assert_eq!(&a[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
    assert_eq!(gunzip(&a), input);
}

/// Enough entries for several compression blocks per file and a split.
fn many(n: usize) -> Vec<Url> {
    (0..n)
        .map(|i| {
            url(&format!(
                "https://example.org/section-{}/page-{i}?a=1&b={}",
                i % 17,
                i * 7919 % 1000
            ))
            .with_lastmod(
                format!("2024-{:02}-{:02}", i % 12 + 1, i % 28 + 1)
                    .parse()
                    .unwrap(),
            )
        })
        .collect()
}

fn write_set(dir: &std::path::Path, urls: &[Url], gzip: bool) {
    let options = SetOptions::new(dir, "https://example.org/".parse().unwrap())
        .with_gzip(gzip)
        .with_limits(Limits::LEGACY.with_max_urls(2_000));
    SetWriter::new(options).unwrap().write_all(urls).unwrap();
    sitemap_testkit::assert_all_valid(dir);
}

#[test]
fn gzipped_set_is_byte_identical_twice_and_gunzips_to_the_plain_set() {
    let urls = many(5_000);
    let (a, b, plain) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    write_set(a.path(), &urls, true);
    write_set(b.path(), &urls, true);
    write_set(plain.path(), &urls, false);
    let names = sitemap_testkit::list_files(a.path());
    assert_eq!(
        names,
        [
            "sitemap-1-f6167892.xml.gz",
            "sitemap-2-96bffb6f.xml.gz",
            "sitemap-3-10c84145.xml.gz",
            "sitemap.xml.gz"
        ]
    );
    assert_eq!(sitemap_testkit::list_files(b.path()), names);
    for name in &names {
        let x = std::fs::read(a.path().join(name)).unwrap();
        let y = std::fs::read(b.path().join(name)).unwrap();
        assert!(x == y, "{name} differs between two runs");
        assert_eq!(
            &x[..10],
            &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255],
            "{name} header"
        );
        let plain_name = name.trim_end_matches(".gz");
        let plain_bytes = std::fs::read(plain.path().join(plain_name)).unwrap();
        let unzipped = gunzip(&x);
        if plain_name == "sitemap.xml" {
            // The index names the .gz files: the same tags, since a tag
            // hashes the uncompressed content.
            assert_eq!(
                String::from_utf8(unzipped).unwrap(),
                String::from_utf8(plain_bytes)
                    .unwrap()
                    .replace(".xml<", ".xml.gz<")
            );
        } else {
            assert!(unzipped == plain_bytes, "{name} gunzips to {plain_name}");
        }
    }
    assert_eq!(sitemap_testkit::assert_all_valid(a.path()), 4);
}

#[test]
fn parallel_blocks_round_trip_at_every_size_near_a_block_boundary() {
    // Sizes around the 256 KiB block (about 2,900 of these entries; every
    // tenth size from 2,850 to 2,990 lands a block end just before, at or
    // just after an entry) and the 32 KiB window, in one file each.
    let sizes = [1, 2, 370, 1_450]
        .into_iter()
        .chain((2_850..3_000).step_by(10));
    let urls = many(6_000);
    for n in sizes.chain([6_000]) {
        let (gz, plain) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        for (dir, gzip) in [(gz.path(), true), (plain.path(), false)] {
            let options = SetOptions::new(dir, "https://example.org/".parse().unwrap())
                .with_gzip(gzip)
                .with_limits(Limits::LEGACY);
            SetWriter::new(options)
                .unwrap()
                .write_all(&urls[..n])
                .unwrap();
        }
        let x = std::fs::read(gz.path().join("sitemap.xml.gz")).unwrap();
        let y = std::fs::read(plain.path().join("sitemap.xml")).unwrap();
        assert!(gunzip(&x) == y, "{n} entries");
    }
}
