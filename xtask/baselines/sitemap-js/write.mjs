// Reads JSON Lines (loc, lastmod) on stdin and writes them as a gzipped
// split set with sitemap.js, as its README does for large sites
// (SitemapAndIndexStream, 50,000 URLs a file): the same job as
// `sitemap write --gzip`, for `cargo xtask bench write`.
// Usage: node write.mjs OUT BASE_URL < urls.jsonl
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { createGzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolve } from 'node:path';
import { SitemapAndIndexStream, SitemapStream } from 'sitemap';

const [out, base] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const index = new SitemapAndIndexStream({
  limit: 50000,
  getSitemapStream: (i) => {
    const sitemap = new SitemapStream({ hostname: base });
    const name = `sitemap-${i}.xml.gz`;
    const ws = sitemap.pipe(createGzip({ level: 6 })).pipe(createWriteStream(resolve(out, name)));
    return [new URL(name, base).toString(), sitemap, ws];
  },
});

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const entries = Readable.from(lines).pipe(new Transform({
  objectMode: true,
  transform(line, _enc, done) {
    if (line.length === 0) return done();
    const { loc, lastmod } = JSON.parse(line);
    done(null, lastmod ? { url: loc, lastmod } : { url: loc });
  },
}));

await pipeline(entries, index, createWriteStream(resolve(out, 'sitemap.xml')));
