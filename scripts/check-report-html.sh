#!/usr/bin/env bash
# Renders the HTML report of the sample quizzes in a real browser (headless Chromium, Debian's
# `chromium`) and saves a screenshot, to check that the self-contained page (tables, inline SVG
# charts, CJK text) renders. Prints the screenshot's path; exits 0 without a check when Chromium
# is absent (CI may skip it).
#
#   scripts/check-report-html.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "Chromium not installed (apt-get install chromium fonts-noto-cjk): skipped"
  exit 0
fi
out=${1:-$(mktemp -d)/report.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product quiz >/dev/null
quiz=$(swift build --show-bin-path)/quiz
"$quiz" --db "$work/quiz.sqlite" import seeds/ >/dev/null
"$quiz" --db "$work/quiz.sqlite" report world-languages reactive-swift --format html -o "$work/report.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2400 \
  --screenshot="$out" "file://$work/report.html" >/dev/null 2>&1
size=$(stat -c %s "$out")
if [ "$size" -lt 20000 ]; then
  echo "screenshot $out is only $size bytes: the page did not render" >&2
  exit 1
fi
echo "$out"
