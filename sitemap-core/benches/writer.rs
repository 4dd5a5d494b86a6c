//! Criterion benchmarks of the writers' hot paths, for comparing changes
//! to the encoder on one machine (`cargo bench -p sitemap-core`). The
//! figures against `gzip -6` come from `cargo xtask bench writer`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sitemap_core::{
    ChangeFreq, Lastmod, Limits, Loc, SetOptions, SetWriter, Url, XmlOptions, XmlWriter,
};

fn entries(n: u64) -> Vec<Url> {
    (0..n)
        .map(|i| {
            let loc = format!(
                "https://www.example.com/docs/{i}-release-notes-and-install-guide/?lang=en&page={}",
                i % 9
            );
            Url::new(Loc::parse(&loc).unwrap())
                .with_lastmod(
                    Lastmod::parse(&format!("2024-05-{:02}T10:30:00Z", i % 28 + 1)).unwrap(),
                )
                .with_changefreq(ChangeFreq::Weekly)
        })
        .collect()
}

fn urlset(c: &mut Criterion) {
    let urls = entries(10_000);
    let mut size = XmlWriter::new(Vec::new(), XmlOptions::default());
    for u in &urls {
        size.write(u).unwrap();
    }
    let bytes = size.finish().unwrap().len() as u64;
    let mut group = c.benchmark_group("urlset");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("xml_writer_10k", |b| {
        b.iter(|| {
            let mut w = XmlWriter::new(Vec::with_capacity(bytes as usize), XmlOptions::default());
            for u in &urls {
                w.write(black_box(u)).unwrap();
            }
            w.finish().unwrap()
        })
    });
    group.finish();
}

fn set(c: &mut Criterion) {
    let urls = entries(20_000);
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("set");
    group.sample_size(10);
    group.throughput(Throughput::Elements(urls.len() as u64));
    for gzip in [false, true] {
        let name = if gzip { "gzip_20k" } else { "plain_20k" };
        group.bench_function(name, |b| {
            b.iter(|| {
                let options =
                    SetOptions::new(dir.path(), "https://www.example.com/".parse().unwrap())
                        .with_gzip(gzip)
                        .with_limits(Limits::LEGACY.with_max_urls(5_000));
                SetWriter::new(options).unwrap().write_all(&urls).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, urlset, set);
criterion_main!(benches);
