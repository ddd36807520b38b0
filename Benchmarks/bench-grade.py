#!/usr/bin/env python3
"""Benchmark of `quiz grade --attempts` and `quiz history` (issue: taking and grading).

    python3 Benchmarks/bench-grade.py [--quizzes 100] [--questions 100] [--attempts 100] [--rounds 3]

Data: shared/bench/make-bank.py (100 quizzes x 100 questions x 100 attempts: 10,000 attempts,
1,000,000 answers). The quizzes are imported first (not timed); then, side by side in each
round on two copies of that database, the same attempts are recorded by `quiz import` (a
quiz-bank/1 document of attempts) and by `quiz grade --attempts` (newline-delimited JSON).
Then `quiz history --quiz` runs 20 times on the result. Prints medians and the ratio.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")


def timed(argv):
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(argv)}\n{result.stderr.decode(errors='replace')}")
    return seconds


def copy_db(source, target):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target + suffix):
            os.remove(target + suffix)
        if os.path.exists(source + suffix):
            shutil.copyfile(source + suffix, target + suffix)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quizzes", type=int, default=100)
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--attempts", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    data = os.path.join(ROOT, "bench-data")
    os.makedirs(data, exist_ok=True)
    stem = os.path.join(data, f"bank-{args.quizzes}x{args.questions}x{args.attempts}")
    bank = stem + ".json"
    if not os.path.exists(bank):
        with open(bank, "wb") as f:
            subprocess.run([sys.executable, os.path.join(SHARED, "bench", "make-bank.py"), "--quizzes", str(args.quizzes),
                            "--questions", str(args.questions), "--attempts", str(args.attempts)], stdout=f, check=True)
    quizzes_only, attempts_doc, ndjson = stem + "-quizzes.json", stem + "-attempts.json", stem + "-attempts.ndjson"
    if not os.path.exists(ndjson) or os.path.getmtime(ndjson) < os.path.getmtime(bank):
        doc = json.load(open(bank, encoding="utf-8"))
        with open(quizzes_only, "w", encoding="utf-8") as f:
            json.dump({"format": "quiz-bank/1", "quizzes": doc["quizzes"]}, f, ensure_ascii=False, separators=(",", ":"))
        with open(attempts_doc, "w", encoding="utf-8") as f:
            json.dump({"format": "quiz-bank/1", "quizzes": [], "attempts": doc["attempts"]}, f, ensure_ascii=False,
                      separators=(",", ":"))
        with open(ndjson, "w", encoding="utf-8") as f:
            for attempt in doc["attempts"]:
                f.write(json.dumps(attempt, ensure_ascii=False, separators=(",", ":")) + "\n")
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "quiz"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    quiz = os.path.join(ROOT, ".build", "release", "quiz")
    work = tempfile.mkdtemp(prefix="quiz-bench-")
    base = os.path.join(work, "base.sqlite")
    timed([quiz, "--db", base, "import", quizzes_only])
    answers = args.quizzes * args.questions * args.attempts
    print(f"data: {bank} ({args.quizzes * args.attempts} attempts, {answers} answers)")

    imports, grades = [], []
    for round_ in range(args.rounds):
        a, b = os.path.join(work, "a.sqlite"), os.path.join(work, "b.sqlite")
        copy_db(base, a)
        copy_db(base, b)
        imports.append(timed([quiz, "--db", a, "import", attempts_doc]))
        grades.append(timed([quiz, "--db", b, "grade", "--attempts", ndjson]))
        print(f"round {round_ + 1}: import {imports[-1]:.2f} s, grade --attempts {grades[-1]:.2f} s")

    history = [timed([quiz, "--db", os.path.join(work, "b.sqlite"), "history", "--quiz", "quiz-00042"]) for _ in range(20)]
    version = [timed([quiz, "--version"]) for _ in range(20)]
    shutil.rmtree(work)
    imp, grade = statistics.median(imports), statistics.median(grades)
    print()
    print(f"quiz import of the attempts       {imp:6.2f} s")
    print(f"quiz grade --attempts (NDJSON)    {grade:6.2f} s   grade/import {grade / imp:.2f} (target <= 1.50)")
    print(f"quiz history --quiz (100 rows)    {statistics.median(history) * 1000:6.1f} ms (target < 50 ms), "
          f"of which process start {statistics.median(version) * 1000:.1f} ms (quiz --version)")


if __name__ == "__main__":
    main()
