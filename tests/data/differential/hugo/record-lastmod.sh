#!/bin/sh
# Records a lastmod case's expected files from the real hugo (0.111.3):
#   tests/data/differential/hugo/record-lastmod.sh CASE_DIR "what the case pins"
# The site is copied to a temporary folder, its git history made from
# commits.txt (AUTHOR_DATE COMMITTER_DATE FILE...) as the test makes it,
# and built with
#   hugo --source SITE --destination OUT --baseURL https://diff.example.org/
# expected.txt gets the <loc>s, expected-lastmod.txt loc<TAB>lastmod.
set -eu
case_dir=$(cd "$1" && pwd)
pins=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$case_dir/site" "$tmp/site"
if [ -f "$case_dir/commits.txt" ]; then
    (
        cd "$tmp/site"
        git init -q
        grep -v '^#' "$case_dir/commits.txt" | while read -r author committer files; do
            [ -n "$author" ] || continue
            # shellcheck disable=SC2086
            git add -- $files
            GIT_AUTHOR_DATE=$author GIT_COMMITTER_DATE=$committer \
                git -c user.name=t -c user.email=t@example.org commit -q -m change
        done
    )
fi
hugo --quiet --source "$tmp/site" --destination "$tmp/out" --baseURL https://diff.example.org/
version=$(hugo version | cut -d' ' -f2 | cut -d+ -f1)
header="# hugo $version (Debian 12), built with
# hugo --source site --destination OUT --baseURL https://diff.example.org/
# (record-lastmod.sh: the git history of commits.txt, if any, made first)
# Pins: $pins"
{
    echo "$header"
    grep -o '<loc>[^<]*</loc>' "$tmp/out/sitemap.xml" | sed 's/<[^>]*>//g' | sort
} > "$case_dir/expected.txt"
{
    echo "$header"
    echo "# loc<TAB>lastmod (a loc alone: none)"
    tr -d '\n' < "$tmp/out/sitemap.xml" | grep -o '<url>.*</url>' | sed 's#</url>#\n#g' |
        sed -n 's#.*<loc>\([^<]*\)</loc>\(.*<lastmod>\([^<]*\)</lastmod>\)\{0,1\}.*#\1\t\3#p' |
        sed 's/\t$//' | sort
} > "$case_dir/expected-lastmod.txt"
