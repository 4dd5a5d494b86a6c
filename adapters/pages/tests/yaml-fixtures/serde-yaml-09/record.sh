#!/bin/sh
# Records what zola reads from each block in cases/ into recorded/NAME.txt:
# the block, indented, is a page's `extra` table; "accepted" and one line
# per key of `page.extra`: key, "-" (Tera has no Go types) and
# `json_encode`, or "refused" and zola's message. Run from this folder with
# zola 0.22.1 as $ZOLA (default: zola on PATH): sh record.sh
set -eu
zola=${ZOLA:-zola}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p recorded
for case in cases/*.yaml; do
    name=$(basename "$case" .yaml)
    site="$work/$name"
    mkdir -p "$site/content" "$site/templates"
    printf 'base_url = "https://example.org/"\n' > "$site/zola.toml"
    printf '{%% for k, v in page.extra %%}{{ k | safe }}\t-\t{{ v | json_encode() | safe }}\n{%% endfor %%}' > "$site/templates/page.html"
    printf 'x' > "$site/templates/index.html"
    printf 'x' > "$site/templates/section.html"
    { echo ---; echo 'title: t'; echo 'extra:'; sed 's/^/  /' "$case"; echo ---; } > "$site/content/p.md"
    if out=$(cd "$site" && "$zola" build 2>&1); then
        { echo accepted; cat "$site/public/p/index.html"; } > "recorded/$name.txt"
    else
        { echo refused; echo "$out" | grep -v '^Building\|^Checking\|^-> \|^Creating' | sed "s|$site/||"; } > "recorded/$name.txt"
    fi
done
