#!/usr/bin/env bash
# Makes quiz.sqlite and the expected outputs beside it with the quiz binary of the release
# before banks (commit d86f363, schema 19): `make.sh PATH/TO/OLD/quiz`. BanksMigrationCLITests
# opens a copy with the current quiz, which migrates it, and compares every output to these.
# The data are the repository's seeds plus a quiz made here; nothing personal.
set -euo pipefail
old=$1
here=$(cd "$(dirname "$0")" && pwd)
seeds=$(cd "$here/../../../../seeds" && pwd)
db=$(mktemp -d)/quiz.sqlite
q() { "$old" --db "$db" "$@"; }
q import "$seeds" >/dev/null
q add quiz extra --title "Extra: sections and history" >/dev/null
q add section extra "Part 1/2" >/dev/null
q add question extra --id capital --prompt "Capital of France?" --right Paris --wrong Rome --tag geo >/dev/null
q add numerical extra --id pi --prompt "Pi to two places?" --value 3.14 --tolerance 0.01 >/dev/null
q add section extra "" >/dev/null 2>&1 || q add section extra "Essays" >/dev/null
q add essay extra --id why --prompt "Why?" >/dev/null
q add question extra --id gone --prompt "Soon retired?" --right yes --wrong no --section 1 >/dev/null
q grade extra --as "Zoë Ähm" --answer capital=a --answer pi=3.14 --answer why=Because --answer gone=b \
  --at 2026-11-20T10:00:00Z >/dev/null
q grade extra --as "李雷" --answer capital=b --answer pi=3 --at 2026-11-21T10:00:00Z >/dev/null
q rm extra/gone >/dev/null
# Version 2 of capital, by importing the quiz with its prompt changed.
q export extra | sed 's/"Capital of France?"/"Capital city of France?"/' >"$(dirname "$db")/extra.json"
q import "$(dirname "$db")/extra.json" >/dev/null
attempt=$(q history --quiz extra --taker "Zoë Ähm" --format csv | sed -n 2p | cut -d, -f1)
q mark "$attempt" why 1 --comment "Fair" --as teacher >/dev/null
"$(command -v sqlite3)" "$db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
cp "$db" "$here/quiz.sqlite"
# Expected outputs, from the old binary.
q export --with-attempts >"$here/export.json"
q export extra --format gift >"$here/extra.gift" 2>/dev/null || true
q export extra --format moodle-xml >"$here/extra.xml"
q report extra reactive-swift world-languages >"$here/report.txt"
q report extra --format json >"$here/report-extra.json"
q history --limit 0 >"$here/history.txt"
q check >"$here/check.txt"
for quiz in extra reactive-swift world-languages; do q regrade "$quiz" --dry-run >"$here/regrade-$quiz.txt"; done
q list >"$here/list.txt"
