#!/bin/sh
# Records a case's expected files from a real hugo:
#   tests/data/differential/hugo/record.sh CASE_DIR "what the case pins" [HUGO]
# HUGO is the hugo binary (default: the `hugo` on PATH; the current release
# is target/tools/hugo-current after `cargo xtask setup`). The site is built
# with
#   HUGO --source SITE --destination OUT --baseURL https://diff.example.org/
# expected.txt gets the <loc>s and expected-entries.txt loc, changefreq and
# priority (tab-separated, `-` for none). The header names the version,
# which the test scans the case with (`--hugo-version`).
set -eu
case_dir=$(cd "$1" && pwd)
pins=$2
hugo=${3:-hugo}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$case_dir/site" "$tmp/site"
"$hugo" --quiet --source "$tmp/site" --destination "$tmp/out" --baseURL https://diff.example.org/
version=$("$hugo" version | cut -d' ' -f2 | cut -d+ -f1 | cut -d- -f1)
# Every sitemap Hugo wrote: a multilingual site's sitemap.xml is an
# index of one sitemap per language (in `<lang>/`); a multihost site has
# one in each language's folder and no index over them, or (0.125.4+,
# with a disabled language) an index naming `<host>/<lang>/sitemap.xml`;
# a site of several versions or roles (0.153+) has one per language in
# each version's and role's folder (`member/v1.0.0/fr/sitemap.xml`),
# which its index does not name.
sitemaps=$(find "$tmp/out" -name 'sitemap.xml' -exec grep -l '<urlset' {} + | sort)
header="# hugo $version, sitemap.xml <loc>s, built with
# hugo --source site --destination OUT --baseURL https://diff.example.org/
# Pins: $pins"
{
    echo "$header"
    # shellcheck disable=SC2086
    cat $sitemaps | grep -o '<loc>[^<]*</loc>' | sed 's/<[^>]*>//g' | sort
} > "$case_dir/expected.txt"
{
    echo "$header"
    echo "# loc<TAB>changefreq<TAB>priority"
    # One line per <url>: its loc, changefreq and priority, `-` when absent.
    # shellcheck disable=SC2086
    cat $sitemaps | tr -d '\n' | sed 's#</url>#\n#g' | grep '<loc>' | while read -r url; do
        loc=$(printf '%s' "$url" | sed -n 's#.*<loc>\([^<]*\)</loc>.*#\1#p')
        cf=$(printf '%s' "$url" | sed -n 's#.*<changefreq>\([^<]*\)</changefreq>.*#\1#p')
        pr=$(printf '%s' "$url" | sed -n 's#.*<priority>\([^<]*\)</priority>.*#\1#p')
        printf '%s\t%s\t%s\n' "$loc" "${cf:--}" "${pr:--}"
    done | sort
} > "$case_dir/expected-entries.txt"
