#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ against the readers in Sources/QuizDomain (quiz-bank/1)
# and Sources/QuizFormats (GIFT, Aiken, Moodle XML, the cloze syntax) and runs
# each for a number of minutes, starting from its seed corpus in Fuzz/corpus/TARGET.
#
#   scripts/fuzz.sh [MINUTES] [TARGET...]      targets: json attempt gift aiken moodle cloze (default: all)
#
# A crash, a hang (over 10 s for one input) or an input using over 2 GB stops the run; libFuzzer
# leaves the input as Fuzz/findings/crash-… (or timeout-…, oom-…). Make it a regression test,
# fix the reader, and run again. New inputs that reach new code go to .build/fuzz/corpus, not
# into the repository's seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
shift || true
[[ "$minutes" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: MINUTES must be a whole number of at least 1" >&2; exit 64; }
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json attempt gift aiken moodle cloze)

# Each run builds in a folder of its own, so that runs of different targets can go side by side.
run=.build/fuzz/run-$$
trap 'rm -rf "$run"' EXIT
mkdir -p "$run/modules" "$run/src" Fuzz/findings
mapfile -t domain < <(find Sources/QuizDomain -name '*.swift' | sort)
# A harness is one module of the domain and the formats' readers (not the registry, which
# needs the Canvas QTI writer and libzip): copies of the readers without their
# `import QuizDomain`, which in one module names nothing.
for file in Sources/QuizFormats/Registry/{FormatReading,EditProblems,ContentSigns}.swift \
  Sources/QuizFormats/{Keeping,GIFT,Aiken,MoodleXML,QuizBank,Cloze}/*.swift; do
  [[ "$file" == */GIFTEditing.swift ]] && continue
  sed '/^import QuizDomain$/d' "$file" > "$run/src/$(echo "${file#Sources/QuizFormats/}" | tr / _)"
done
mapfile -t formats < <(find "$run/src" -name '*.swift' | sort)
domain+=("${formats[@]}")
# The formats read Moodle XML through the XML module over libxml2: build that module first,
# instrumented too, as a static library the harnesses link.
xml=(-I Sources/CLibXML2 -Xcc -I/usr/include/libxml2)
echo "fuzz: building the XML module"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name XML "${xml[@]}" \
  -emit-module -emit-module-path "$run/modules/XML.swiftmodule" -emit-library -static \
  -o "$run/libXML.a" Sources/XML/*.swift
for target in "${targets[@]}"; do
  [ -f "Fuzz/$target.swift" ] || { echo "fuzz: no harness Fuzz/$target.swift" >&2; exit 64; }
  binary=.build/fuzz/$target
  extra=()
  case "$target" in gift | aiken | moodle) extra=(Fuzz/FormatChecks.swift) ;; esac
  echo "fuzz: building $target"
  rm -f "$binary"
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name QuizFuzz \
    "${xml[@]}" -I "$run/modules" "${domain[@]}" "${extra[@]}" "Fuzz/$target.swift" \
    "$run/libXML.a" -lxml2 -o "$binary" 2>&1 | grep -v "Cannot export local symbol" >&2 || true
  [ -x "$binary" ] || { echo "fuzz: building $target failed" >&2; exit 1; }
  work=.build/fuzz/corpus/$target
  mkdir -p "$work"
  echo "fuzz: running $target for $minutes min"
  "$binary" -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="Fuzz/findings/$target-" -print_final_stats=1 \
    "$work" "Fuzz/corpus/$target" 2>&1 | tee ".build/fuzz/$target.log" | grep -E "^Done |stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY" || true
  echo "fuzz: $target corpus now $(find "$work" -type f | wc -l) inputs"
  if grep -q "ERROR: libFuzzer\|ERROR: AddressSanitizer\|SUMMARY:" ".build/fuzz/$target.log"; then
    echo "fuzz: $target FAILED; see .build/fuzz/$target.log and Fuzz/findings/" >&2
    exit 1
  fi
done
