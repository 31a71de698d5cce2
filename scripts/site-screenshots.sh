#!/usr/bin/env bash
# Screenshots of the results site (index, every run page, every comparison) with headless Chromium,
# to look at the charts as a reader would: ECharts draws in the browser, so a page is only checked
# once it has been rendered. Usage: scripts/site-screenshots.sh [results-dir] [out-dir]
# Needs chromium (Debian: apt-get install chromium).
set -euo pipefail
results=$(cd "${1:-results}" && pwd)
out=${2:-target/site-screenshots}
mkdir -p "$out"
shoot() { # page, png, height
  chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 \
    --window-size=1400,"$3" --screenshot="$out/$2" "file://$1" 2>/dev/null
}
shoot "$results/index.html" index.png 2000
for page in "$results"/*/run.html; do
  [ -e "$page" ] && shoot "$page" "run-$(basename "$(dirname "$page")").png" 6000
done
for page in "$results"/comparisons/*/compare.html; do
  [ -e "$page" ] && shoot "$page" "compare-$(basename "$(dirname "$page")").png" 2500
done
ls -1 "$out"
