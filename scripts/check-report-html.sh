#!/usr/bin/env bash
# Renders the HTML report of the sample quizzes in a real browser (headless Chromium, Debian's
# `chromium`) and checks what the page shows: its DOM after rendering holds every quiz title,
# every question id, the inline <svg> charts and no "NaN"; a screenshot is saved as well.
# Fails when Chromium is missing (`.ci/run` installs it).
#
#   scripts/check-report-html.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "check-report-html: Chromium is not installed (apt-get install chromium fonts-noto-cjk)" >&2
  exit 1
fi
out=${1:-$(mktemp -d)/report.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product quiz >/dev/null
quiz=$(swift build --show-bin-path)/quiz
"$quiz" --db "$work/quiz.sqlite" import seeds/ >/dev/null
"$quiz" --db "$work/quiz.sqlite" report world-languages reactive-swift --format html -o "$work/report.html"
"$quiz" --db "$work/quiz.sqlite" export world-languages reactive-swift -o "$work/export.json"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2400)
"$browser" "${flags[@]}" --dump-dom "file://$work/report.html" >"$work/dom.html" 2>/dev/null
"$browser" "${flags[@]}" --screenshot="$out" "file://$work/report.html" >/dev/null 2>&1
python3 - "$work/export.json" "$work/dom.html" "$out" <<'PY'
import html, json, os, sys
export, dom_path, shot = sys.argv[1:]
dom = open(dom_path, encoding="utf-8").read()
text = html.unescape(dom)
problems = []
quizzes = json.load(open(export, encoding="utf-8"))["quizzes"]
for quiz in quizzes:
    if quiz["title"] not in text:
        problems.append(f"quiz title {quiz['title']!r} is not on the page")
    for section in quiz["sections"]:
        for question in section["questions"]:
            if question["id"] not in text:
                problems.append(f"question {quiz['id']}/{question['id']} is not on the page")
charts = dom.count("<svg")
if charts < len(quizzes):
    problems.append(f"{charts} <svg> charts for {len(quizzes)} quizzes")
if "NaN" in text:
    problems.append("the page shows NaN")
size = os.path.getsize(shot) if os.path.exists(shot) else 0
if size < 20000:
    problems.append(f"screenshot {shot} is only {size} bytes: the page did not render")
if problems:
    print("check-report-html: " + "\n  ".join(problems), file=sys.stderr)
    sys.exit(1)
questions = sum(len(s["questions"]) for q in quizzes for s in q["sections"])
print(f"report rendered: {len(quizzes)} quizzes, {questions} question ids, {charts} charts, screenshot {shot}")
PY
