#!/usr/bin/env bash
# Puts every vector of Tests/QuizCLITests/Reference/xss-vectors.json (the OWASP XSS filter
# evasion cheat sheet and html5sec.org; see its header) into a quiz as an HTML prompt, a choice
# and a choice's feedback, renders `quiz report --format html` in headless Chromium and checks
# that no script ran: document.title, which the vectors' canary and alert/confirm/prompt
# would change, is as written; no element of the questions has an on* attribute; nothing
# scriptable (script, iframe, object, embed, base, meta, link, style, form, svg) was added to
# the report's own; no javascript:, vbscript: or data:text URL. A control page first shows
# that the canary does fire in this Chromium. Fails when Chromium is missing.
#
#   scripts/check-xss-corpus.sh
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "check-xss-corpus: Chromium is not installed (apt-get install chromium)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product quiz >/dev/null
quiz=$(swift build --show-bin-path)/quiz
flags=(--headless --no-sandbox --disable-gpu --virtual-time-budget=5000)
render() { timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$1" 2>/dev/null; }

# alert, confirm and prompt become canaries too (the vectors' encoded calls were kept).
canary="<script>window.alert=window.confirm=window.prompt=function(){document.title='XSS'};</script>"
printf '<!DOCTYPE html><html><head><title>control</title>%s</head><body><img src=x onerror="alert(1)"></body></html>' \
  "$canary" >"$work/control.html"
render "$work/control.html" >"$work/control-dom.html"
if ! grep -q "<title>XSS</title>" "$work/control-dom.html"; then
  echo "check-xss-corpus: the canary did not fire on the control page: the check would see nothing" >&2
  exit 1
fi

python3 scripts/xss-corpus.py bank Tests/QuizCLITests/Reference/xss-vectors.json "$work/bank.json"
"$quiz" --db "$work/quiz.sqlite" import "$work/bank.json" >/dev/null
"$quiz" --db "$work/quiz.sqlite" report xss --format html -o "$work/report.html"
# The canary goes first in <head>, before anything of the report runs.
python3 - "$work/report.html" "$work/page.html" "$canary" <<'PY'
import sys
report, page, canary = sys.argv[1:]
text = open(report, encoding="utf-8").read()
open(page, "w", encoding="utf-8").write(text.replace("<head>", "<head>" + canary, 1))
PY
render "$work/page.html" >"$work/dom.html"
python3 scripts/xss-corpus.py check "$work/bank.json" "$work/report.html" "$work/dom.html"
