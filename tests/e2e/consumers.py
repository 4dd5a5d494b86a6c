"""Real sitemap consumers, for the served end-to-end tests.

Each starts from a site's home page on a loopback web server, finds the
sitemaps only through /robots.txt (no guessed paths), and prints one JSON
object on stdout:

    python consumers.py usp    http://127.0.0.1:PORT/
    python consumers.py scrapy http://127.0.0.1:PORT/

- usp (ultimate-sitemap-parser): {"sitemaps": [url...], "invalid": [[url,
  reason]...], "pages": [url...]}
- scrapy (Scrapy's SitemapSpider, which fetches every page it finds):
  {"sitemaps": [url...], "pages": [{"url", "status", "noindex"}...]}

Only loopback URLs are ever fetched: anything else is refused before a
request is made, so a wrong base URL fails the test instead of reaching
out.
"""

import json
import sys
from urllib.parse import urlsplit

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def loopback_only(url):
    host = urlsplit(url).hostname
    if host not in LOOPBACK:
        raise SystemExit(f"refusing to fetch {url}: not a loopback address")


def run_usp(home):
    from usp.tree import sitemap_tree_for_homepage
    from usp.objects.sitemap import InvalidSitemap
    from usp.web_client.requests_client import RequestsWebClient

    class LoopbackClient(RequestsWebClient):
        def get(self, url):
            loopback_only(url)
            return super().get(url)

    tree = sitemap_tree_for_homepage(
        home, web_client=LoopbackClient(), use_robots=True, use_known_paths=False
    )
    sitemaps, invalid = [], []
    for sitemap in tree.all_sitemaps():
        if isinstance(sitemap, InvalidSitemap):
            invalid.append([sitemap.url, sitemap.reason])
        elif not sitemap.url.endswith("/robots.txt"):
            sitemaps.append(sitemap.url)
    pages = sorted({page.url for page in tree.all_pages()})
    return {"sitemaps": sorted(sitemaps), "invalid": invalid, "pages": pages}


def run_scrapy(home):
    import scrapy
    from scrapy.crawler import CrawlerProcess
    from scrapy.spiders import SitemapSpider

    found = {"sitemaps": [], "pages": []}

    class Spider(SitemapSpider):
        name = "consumer"
        sitemap_urls = [home.rstrip("/") + "/robots.txt"]

        def _parse_sitemap(self, response):
            loopback_only(response.url)
            if not response.url.endswith("/robots.txt"):
                found["sitemaps"].append(response.url)
            for request in super()._parse_sitemap(response):
                loopback_only(request.url)
                yield request

        def parse(self, response):
            robots = response.headers.get("X-Robots-Tag", b"").decode().lower()
            metas = " ".join(
                response.xpath(
                    "//meta[translate(@name,'ROBTS','robts')='robots']/@content"
                ).getall()
            ).lower()
            noindex = any(word in robots + " " + metas for word in ("noindex", "none"))
            found["pages"].append(
                {"url": response.url, "status": response.status, "noindex": noindex}
            )

    process = CrawlerProcess(
        settings={
            "LOG_LEVEL": "ERROR",
            "ROBOTSTXT_OBEY": True,
            "HTTPERROR_ALLOW_ALL": True,
            "REDIRECT_ENABLED": False,
            "TELNETCONSOLE_ENABLED": False,
            "RETRY_ENABLED": False,
            "DOWNLOAD_TIMEOUT": 20,
            "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
        }
    )
    process.crawl(Spider)
    process.start()
    found["sitemaps"].sort()
    found["pages"].sort(key=lambda p: p["url"])
    return found


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("usp", "scrapy"):
        raise SystemExit(__doc__)
    consumer, home = sys.argv[1], sys.argv[2]
    loopback_only(home)
    result = run_usp(home) if consumer == "usp" else run_scrapy(home)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
