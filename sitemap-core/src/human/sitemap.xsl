<?xml version="1.0" encoding="UTF-8"?>
<!--
  Shows a sitemap to people: a browser that opens sitemap.xml applies this
  stylesheet (XSLT 1.0) and renders a table instead of raw XML. One
  stylesheet serves both a <urlset> (loc, lastmod, changefreq, priority,
  hreflang alternates, images) and a <sitemapindex> (its sitemaps, linked,
  so a visitor can open each in turn). Crawlers ignore it.
  Only the values a sitemap holds are shown: a column no entry fills is
  left out, and no default (priority 0.5) is made up. Browsers are
  removing XSLT, so the page says so and links to sitemap.html, the page
  for people, when one is written (the html-page variable below).
  Written by sitemap-core (sitemap_core::human::XSL).
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"
    xmlns:xhtml="http://www.w3.org/1999/xhtml"
    xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
    exclude-result-prefixes="s xhtml image">
  <xsl:output method="html" encoding="UTF-8" indent="yes" doctype-system="about:legacy-compat"/>

  <!-- The page for people beside the sitemap, or empty when none is written. -->
  <xsl:variable name="html-page" select="''"/>

  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="robots" content="noindex"/>
        <title>
          <xsl:choose>
            <xsl:when test="s:sitemapindex">Sitemap index</xsl:when>
            <xsl:otherwise>Sitemap</xsl:otherwise>
          </xsl:choose>
        </title>
        <style>
          body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1a1a1a; background: #fff; }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
          th button { font: inherit; font-weight: bold; border: 0; background: none; padding: 0; cursor: pointer; color: inherit; }
          th button::after { content: " \2195"; color: #777; }
          th[aria-sort="ascending"] button::after { content: " \2191"; }
          th[aria-sort="descending"] button::after { content: " \2193"; }
          td.num { font-variant-numeric: tabular-nums; }
          a { color: #0645ad; }
          ul.alternates { margin: 0; padding-left: 1rem; }
          td a { overflow-wrap: anywhere; }
          p.legacy { border-left: 4px solid #b58900; padding: .4rem .8rem; background: #fdf6e3; color: #1a1a1a; }
          @media (prefers-color-scheme: dark) { body { background: #111; color: #eee; } a { color: #8ab4f8; } th, td { border-color: #333; } }
        </style>
      </head>
      <body>
        <main>
          <xsl:apply-templates select="s:urlset | s:sitemapindex"/>
        </main>
        <script><![CDATA[
          // Click a column header to sort by it; click again to reverse.
          document.querySelectorAll("table.sortable").forEach(function (table) {
            table.querySelectorAll("th button").forEach(function (button, column) {
              button.addEventListener("click", function () {
                var th = button.parentNode;
                var ascending = th.getAttribute("aria-sort") !== "ascending";
                table.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
                th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
                var body = table.tBodies[0];
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = a.cells[column].getAttribute("data-sort") || a.cells[column].textContent;
                  var y = b.cells[column].getAttribute("data-sort") || b.cells[column].textContent;
                  var r = x.localeCompare(y, undefined, { numeric: true });
                  return ascending ? r : -r;
                });
                rows.forEach(function (row) { body.appendChild(row); });
              });
            });
          });
        ]]></script>
      </body>
    </html>
  </xsl:template>

  <!-- Below the heading: Chromium lays its own "XSLT is being removed"
       banner over the top of the page. -->
  <xsl:template name="legacy">
    <p class="legacy">This view of the sitemap is for browsers that still run XSLT, which browsers are removing.
      <xsl:if test="$html-page != ''">
        The same pages, listed for people in any browser: <a href="{$html-page}"><xsl:value-of select="$html-page"/></a>.
      </xsl:if>
    </p>
  </xsl:template>

  <xsl:template match="s:urlset">
    <xsl:variable name="lastmod" select="s:url/s:lastmod"/>
    <xsl:variable name="changefreq" select="s:url/s:changefreq"/>
    <xsl:variable name="priority" select="s:url/s:priority"/>
    <xsl:variable name="alternates" select="s:url/xhtml:link"/>
    <h1>Sitemap</h1>
    <xsl:call-template name="legacy"/>
    <p>This sitemap lists <strong><xsl:value-of select="count(s:url)"/></strong> pages for search engines.
      Select a column heading to sort.</p>
    <table class="sortable">
      <caption>Pages in this sitemap</caption>
      <thead>
        <tr>
          <th scope="col"><button type="button">Page</button></th>
          <xsl:if test="$lastmod"><th scope="col"><button type="button">Last modified</button></th></xsl:if>
          <xsl:if test="$changefreq"><th scope="col"><button type="button">Change frequency</button></th></xsl:if>
          <xsl:if test="$priority"><th scope="col"><button type="button">Priority</button></th></xsl:if>
          <xsl:if test="$alternates"><th scope="col"><button type="button">Other languages</button></th></xsl:if>
        </tr>
      </thead>
      <tbody>
        <xsl:for-each select="s:url">
          <tr>
            <td><a href="{normalize-space(s:loc)}"><xsl:value-of select="normalize-space(s:loc)"/></a>
              <xsl:if test="image:image"> (<xsl:value-of select="count(image:image)"/> images)</xsl:if>
            </td>
            <xsl:if test="$lastmod">
              <td data-sort="{normalize-space(s:lastmod)}">
                <xsl:if test="s:lastmod"><xsl:call-template name="date"><xsl:with-param name="value" select="normalize-space(s:lastmod)"/></xsl:call-template></xsl:if>
              </td>
            </xsl:if>
            <xsl:if test="$changefreq"><td><xsl:value-of select="s:changefreq"/></td></xsl:if>
            <xsl:if test="$priority"><td class="num"><xsl:value-of select="s:priority"/></td></xsl:if>
            <xsl:if test="$alternates">
              <td data-sort="{count(xhtml:link)}">
                <xsl:if test="xhtml:link">
                  <ul class="alternates">
                    <xsl:for-each select="xhtml:link">
                      <li><a href="{@href}" hreflang="{@hreflang}"><xsl:value-of select="@hreflang"/></a></li>
                    </xsl:for-each>
                  </ul>
                </xsl:if>
              </td>
            </xsl:if>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>

  <!-- A W3C date as people write it (1 May 2024, May 2024), the value
       itself kept in <time datetime> and shown on hover. -->
  <xsl:template name="date">
    <xsl:param name="value"/>
    <xsl:variable name="month" select="substring('JanFebMarAprMayJunJulAugSepOctNovDec', (substring($value, 6, 2) - 1) * 3 + 1, 3)"/>
    <time datetime="{$value}" title="{$value}">
      <xsl:choose>
        <xsl:when test="string-length($value) &gt;= 10">
          <xsl:value-of select="concat(number(substring($value, 9, 2)), ' ', $month, ' ', substring($value, 1, 4))"/>
        </xsl:when>
        <xsl:when test="string-length($value) = 7">
          <xsl:value-of select="concat($month, ' ', substring($value, 1, 4))"/>
        </xsl:when>
        <xsl:otherwise><xsl:value-of select="$value"/></xsl:otherwise>
      </xsl:choose>
    </time>
  </xsl:template>

  <xsl:template match="s:sitemapindex">
    <h1>Sitemap index</h1>
    <xsl:call-template name="legacy"/>
    <p>This index lists <strong><xsl:value-of select="count(s:sitemap)"/></strong> sitemaps.
      Open one to see its pages.</p>
    <table class="sortable">
      <caption>Sitemaps in this index</caption>
      <thead>
        <tr>
          <th scope="col"><button type="button">Sitemap</button></th>
          <xsl:if test="s:sitemap/s:lastmod"><th scope="col"><button type="button">Last modified</button></th></xsl:if>
        </tr>
      </thead>
      <tbody>
        <xsl:for-each select="s:sitemap">
          <tr>
            <td><a href="{normalize-space(s:loc)}"><xsl:value-of select="normalize-space(s:loc)"/></a></td>
            <xsl:if test="../s:sitemap/s:lastmod">
              <td data-sort="{normalize-space(s:lastmod)}">
                <xsl:if test="s:lastmod"><xsl:call-template name="date"><xsl:with-param name="value" select="normalize-space(s:lastmod)"/></xsl:call-template></xsl:if>
              </td>
            </xsl:if>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>
</xsl:stylesheet>
