#!/usr/bin/env python3
"""Imports every real question bank of Tests/RealBanks and compares it with expected.json.

Usage: scripts/real-banks.py [--quiz BINARY] [--only TEXT] [--quiet] [--json FILE]

Each file goes into a fresh database in a temporary folder (`quiz import --format F --quiz bank
FILE`), then `quiz export --format json bank` tells which kinds were kept. expected.json says
what Moodle's own core importers do with the file; see Tests/RealBanks/SOURCES.md for where each
file comes from. Prints one block per file, then the totals; exits 1 when a file differs from
its expectation, 2 when the corpus or the binary cannot be read.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BANKS = os.path.join(ROOT, "Tests", "RealBanks")
# One command may take this long on a busy machine before it counts as hung.
DEADLINE = 120


def run(binary, arguments, folder):
    """Runs quiz with a clean environment: no user database, no terminal, no editor."""
    env = {"PATH": "/usr/bin:/bin", "HOME": folder, "LANG": "C.UTF-8", "NO_COLOR": "1"}
    try:
        done = subprocess.run([binary] + arguments, cwd=folder, env=env, capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        return -1, "", f"[killed: still running after {DEADLINE} s]"
    return (done.returncode, done.stdout.decode("utf-8", "replace"),
            done.stderr.decode("utf-8", "replace"))


def exported_kinds(binary, database, folder):
    """The kinds of the questions stored in quiz `bank`, counted from its JSON export."""
    status, out, err = run(binary, ["export", "--db", database, "--format", "json", "bank"], folder)
    if status != 0:
        return None, err.strip()
    kinds = {}
    for quiz in json.loads(out).get("quizzes", []):
        for section in quiz.get("sections", []):
            for question in section.get("questions", []):
                kind = question.get("type", "choice")
                kinds[kind] = kinds.get(kind, 0) + 1
    return kinds, None


def check(binary, relative, expected):
    """Imports one file and says how it compares: a dict with the outcome and what differs."""
    path = os.path.join(BANKS, relative)
    with tempfile.TemporaryDirectory(prefix="real-banks-") as folder:
        database = os.path.join(folder, "quiz.sqlite")
        status, _, err = run(binary, ["import", "--db", database, "--format", expected["format"],
                                      "--quiz", "bank", "--title", "Real bank", path], folder)
        lines = [line for line in err.splitlines() if line.strip()]
        warnings = [line for line in lines if "warning:" in line]
        problems = [line for line in lines if "warning:" not in line]
        kinds = {}
        if status == 0:
            kinds, failure = exported_kinds(binary, database, folder)
            if kinds is None:
                return {"status": status, "kinds": {}, "warnings": warnings,
                        "differences": [f"the export after the import failed: {failure}"], "error": failure}
    return {"status": status, "kinds": kinds, "warnings": warnings,
            "error": " | ".join(problems) if status != 0 else None,
            "differences": differences(expected, status, kinds, warnings)}


def differences(expected, status, kinds, warnings):
    """What quiz did that the expectation does not say; empty when the file behaves as expected."""
    found = []
    refused = expected.get("error") or expected.get("divergence")
    if refused:
        if status == 0:
            why = "Moodle rejects it" if expected.get("error") else "issue 22 says to refuse it"
            found.append(f"imported (exit 0) although {why}: {refused}")
        elif status != 65:
            found.append(f"exit {status}, not 65 (bad data)")
        return found
    if expected["questions"] == 0:
        if status != 65:
            found.append(f"exit {status}: nothing is importable, so the import should fail with 65")
    elif status != 0:
        found.append(f"exit {status}: the import failed")
        return found
    for kind in sorted(set(expected["kinds"]) | set(kinds)):
        want, got = expected["kinds"].get(kind, 0), kinds.get(kind, 0)
        if want != got:
            found.append(f"{kind}: {got} imported, {want} expected")
    said = " ".join(warnings).lower()
    for qtype in expected.get("skipped", {}):
        if qtype.lower() not in said:
            found.append(f"no warning names the skipped type {qtype}")
    return found


def kept(expected, result):
    """How many of the expected questions quiz imported, kind by kind (never more than expected)."""
    return sum(min(n, result["kinds"].get(kind, 0)) for kind, n in expected["kinds"].items())


def show(relative, expected, result, quiet):
    ok = not result["differences"]
    got = sum(result["kinds"].values())
    mark = "ok  " if ok else "DIFF"
    print(f"{mark} {relative}: {got} imported / {expected['questions']} expected (exit {result['status']})")
    if quiet and ok:
        return
    for difference in result["differences"]:
        print(f"       differs: {difference}")
    for warning in result["warnings"][:4]:
        print(f"       warning: {warning.split('warning:', 1)[1].strip()}")
    if len(result["warnings"]) > 4:
        print(f"       … {len(result['warnings']) - 4} more warnings")
    if result["error"]:
        print(f"       error: {result['error'][:400]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiz", default=os.path.join(ROOT, ".build", "debug", "quiz"),
                        help="the quiz binary (default: .build/debug/quiz)")
    parser.add_argument("--only", default="", help="check only the files whose name contains this")
    parser.add_argument("--quiet", action="store_true", help="one line per file that behaves as expected")
    parser.add_argument("--json", metavar="FILE", help="also write every file's result to FILE, as JSON")
    options = parser.parse_args()
    if not os.access(options.quiz, os.X_OK):
        print(f"real-banks: {options.quiz} is not an executable quiz binary (--quiz)", file=sys.stderr)
        return 2
    with open(os.path.join(BANKS, "expected.json"), encoding="utf-8") as file:
        expectations = json.load(file)
    totals = {"files": 0, "as_expected": 0, "accepted": 0, "whole": 0, "want": 0, "got": 0}
    results = {}
    for relative in sorted(expectations):
        if options.only not in relative:
            continue
        expected = expectations[relative]
        if not os.path.exists(os.path.join(BANKS, relative)):
            print(f"real-banks: {relative} is in expected.json but not in {BANKS}", file=sys.stderr)
            return 2
        result = check(options.quiz, relative, expected)
        show(relative, expected, result, options.quiet)
        results[relative] = result
        totals["files"] += 1
        totals["as_expected"] += not result["differences"]
        if not expected.get("error"):
            totals["accepted"] += 1
            totals["want"] += expected["questions"]
            totals["got"] += kept(expected, result) if result["status"] == 0 else 0
            # A file of plugin types only is whole when quiz names them and imports nothing.
            nothing = expected["questions"] == 0 and not result["differences"]
            totals["whole"] += nothing or (result["status"] == 0 and result["kinds"] == expected["kinds"])
    share = 100 * totals["got"] / totals["want"] if totals["want"] else 100
    print()
    print(f"Questions: {totals['got']} of the {totals['want']} Moodle imports ({share:.1f} %), "
          f"in the {totals['accepted']} files Moodle accepts")
    print(f"Files imported whole: {totals['whole']} of {totals['accepted']}")
    print(f"Files as expected: {totals['as_expected']} of {totals['files']}")
    if options.json:
        with open(options.json, "w", encoding="utf-8") as file:
            json.dump({"totals": totals, "files": results}, file, indent=1, ensure_ascii=False)
    return 0 if totals["as_expected"] == totals["files"] else 1


if __name__ == "__main__":
    sys.exit(main())
