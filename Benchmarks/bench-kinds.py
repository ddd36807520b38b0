#!/usr/bin/env python3
"""Benchmark of the question kinds (issue 21): typed answers against choice answers.

    python3 Benchmarks/bench-kinds.py [--quizzes 10] [--questions 10] [--attempts 10000] [--rounds 3]
                                      [--baseline REV]

Data: Benchmarks/make-bank.py, twice at the same sizes (10 quizzes x 10 questions x 10,000
attempts: 100,000 attempts, 1,000,000 answers): once with choice questions (the default bank),
once with `--kinds typed` (every question short answer or numerical, every answer typed). Each
round, side by side:

- `quiz grade --attempts` of the typed attempts and of the choice attempts (NDJSON), each into
  a copy of a database holding its quizzes; target: typed / choice <= 1.3;
- `quiz report` of every quiz (all 100,000 attempts) in each database; target: typed / choice
  <= 1.3;
- with --baseline REV (a git revision, default: none), `quiz import` of bank A (1000 quizzes x
  100 questions) and `quiz grade --attempts` of the choice attempts, by this build and by REV's
  release build (made in a git worktree under bench-data/), to show that they are unchanged.

Prints each round and the medians with their ratios.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile

from benchlib import DATA, ROOT, bank as make_bank, build, fresh, timed


def ndjson_of(bank):
    """The quizzes alone as a document, and the attempts as NDJSON, next to the bank."""
    stem = bank[:-5]
    quizzes, lines = stem + "-quizzes.json", stem + "-attempts.ndjson"
    if not os.path.exists(lines) or os.path.getmtime(lines) < os.path.getmtime(bank):
        doc = json.load(open(bank, encoding="utf-8"))
        with open(quizzes, "w", encoding="utf-8") as f:
            json.dump({"format": "quiz-bank/1", "quizzes": doc["quizzes"]}, f, ensure_ascii=False, separators=(",", ":"))
        with open(lines, "w", encoding="utf-8") as f:
            for attempt in doc["attempts"]:
                f.write(json.dumps(attempt, ensure_ascii=False, separators=(",", ":")) + "\n")
    return quizzes, lines


def baseline_binary(revision):
    """The release `quiz` of `revision`, built once in a worktree under bench-data/."""
    commit = subprocess.run(["git", "rev-parse", revision], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.strip()
    tree = os.path.join(DATA, f"baseline-{commit[:12]}")
    if not os.path.exists(tree):
        subprocess.run(["git", "worktree", "add", "--detach", tree, commit], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "quiz"], cwd=tree,
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(tree, ".build", "release", "quiz"), commit[:12]


def copy_db(source, target):
    fresh(target)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(source + suffix):
            shutil.copyfile(source + suffix, target + suffix)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quizzes", type=int, default=10)
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--attempts", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default=None)
    args = parser.parse_args()

    quiz = os.path.join(build("quiz"), "quiz")
    old = baseline_binary(args.baseline) if args.baseline else None
    bank_a = make_bank(1000, 100) if old else None
    work = tempfile.mkdtemp(prefix="quiz-bench-kinds-")
    databases = {}
    for kinds in ("choice", "typed"):
        quizzes, lines = ndjson_of(make_bank(args.quizzes, args.questions, args.attempts, kinds))
        base = os.path.join(work, f"{kinds}-base.sqlite")
        timed([quiz, "--db", base, "import", quizzes])
        databases[kinds] = (base, lines)
    if old:
        # The baseline's own database: it cannot open one of a newer schema.
        quizzes, lines = ndjson_of(make_bank(args.quizzes, args.questions, args.attempts, "choice"))
        old_base = os.path.join(work, "old-base.sqlite")
        timed([old[0], "--db", old_base, "import", quizzes])
    total = args.quizzes * args.attempts
    print(f"data: {total} attempts of {args.questions} answers each, choice and typed")
    figures = {key: [] for key in ("grade-choice", "grade-typed", "report-choice", "report-typed", "import", "old",
                                   "old-grade")}
    every = [f"quiz-{number:05d}" for number in range(args.quizzes)]
    for round_ in range(args.rounds):
        line = f"round {round_ + 1}:"
        for kinds in ("choice", "typed"):
            base, lines = databases[kinds]
            db = os.path.join(work, f"{kinds}.sqlite")
            copy_db(base, db)
            figures[f"grade-{kinds}"].append(timed([quiz, "--db", db, "grade", "--attempts", lines]))
            figures[f"report-{kinds}"].append(timed([quiz, "--db", db, "report", *every, "--format", "json"]))
            line += f" {kinds}: grade {figures[f'grade-{kinds}'][-1]:.2f} s, report {figures[f'report-{kinds}'][-1]:.2f} s;"
        if old:
            for key, binary in (("import", quiz), ("old", old[0])):
                db = os.path.join(work, "a.sqlite")
                fresh(db)
                figures[key].append(timed([binary, "--db", db, "import", bank_a]))
            line += f" bank A import {figures['import'][-1]:.2f} s, baseline {figures['old'][-1]:.2f} s;"
            lines = databases["choice"][1]
            db = os.path.join(work, "old.sqlite")
            copy_db(old_base, db)
            figures["old-grade"].append(timed([old[0], "--db", db, "grade", "--attempts", lines]))
            line += f" baseline choice grade {figures['old-grade'][-1]:.2f} s"
        print(line)
    shutil.rmtree(work)
    med = {key: statistics.median(values) for key, values in figures.items() if values}
    print()
    print(f"grade --attempts  choice {med['grade-choice']:6.2f} s  typed {med['grade-typed']:6.2f} s  "
          f"typed/choice {med['grade-typed'] / med['grade-choice']:.2f} (target <= 1.30)")
    print(f"report (all)      choice {med['report-choice']:6.2f} s  typed {med['report-typed']:6.2f} s  "
          f"typed/choice {med['report-typed'] / med['report-choice']:.2f} (target <= 1.30)")
    if old:
        print(f"import bank A     this {med['import']:6.2f} s  baseline {old[1]} {med['old']:6.2f} s  "
              f"this/baseline {med['import'] / med['old']:.2f}")
        print(f"grade choice      this {med['grade-choice']:6.2f} s  baseline {old[1]} {med['old-grade']:6.2f} s  "
              f"this/baseline {med['grade-choice'] / med['old-grade']:.2f}")


if __name__ == "__main__":
    main()
