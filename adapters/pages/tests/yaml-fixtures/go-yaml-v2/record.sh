#!/bin/sh
# Records what hugo reads from each block in cases/ into recorded/NAME.txt:
# "refused" (and hugo's message on the next line) or "accepted" and one
# line per key of .Params: key, Go type, jsonify. Run from this folder
# with hugo 0.111.3 on PATH: sh record.sh
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p recorded
for case in cases/*.yaml; do
    name=$(basename "$case" .yaml)
    site="$work/$name"
    mkdir -p "$site/content" "$site/layouts/_default"
    cat > "$site/hugo.toml" <<'TOML'
baseURL = "https://example.org/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "home", "section", "robotsTXT", "404"]
TOML
    cat > "$site/layouts/_default/single.html" <<'LAYOUT'
{{ range $k, $v := .Params }}{{ $k | safeHTML }}	{{ printf "%T" $v | safeHTML }}	{{ jsonify $v }}
{{ end }}
LAYOUT
    { echo ---; cat "$case"; echo ---; } > "$site/content/p.md"
    if out=$(cd "$site" && hugo --quiet 2>&1); then
        { echo accepted; cat "$site/public/p/index.html"; } > "recorded/$name.txt"
    else
        { echo refused; echo "$out" | sed "s|$site/||"; } > "recorded/$name.txt"
    fi
done
