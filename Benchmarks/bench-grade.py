#!/usr/bin/env python3
"""Benchmark of `quiz grade --attempts` and `quiz history` (issue: taking and grading).

    python3 Benchmarks/bench-grade.py [--quizzes 100] [--questions 100] [--attempts 100] [--rounds 3]

Data: Benchmarks/make-bank.py (100 quizzes x 100 questions x 100 attempts: 10,000 attempts,
1,000,000 answers). The quizzes are imported first (not timed); then, side by side in each
round on two copies of that database, the same attempts are recorded by `quiz import` (a
quiz-bank/1 document of attempts) and by `quiz grade --attempts` (newline-delimited JSON).
Then `quiz history --quiz` runs 20 times on the result. Prints medians and the ratio.
"""
import json
import os
import shutil
import statistics
import tempfile

from benchlib import arguments, bank as make_bank, build, timed


def copy_db(source, target):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target + suffix):
            os.remove(target + suffix)
        if os.path.exists(source + suffix):
            shutil.copyfile(source + suffix, target + suffix)


def main():
    args = arguments(100, 100, 3, attempts=100)

    bank = make_bank(args.quizzes, args.questions, args.attempts)
    stem = bank[:-5]
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
    quiz = os.path.join(build("quiz"), "quiz")
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

    history = [timed([quiz, "--db", os.path.join(work, "b.sqlite"), "history", "--quiz", f"quiz-{args.quizzes // 2:05d}"]) for _ in range(20)]
    version = [timed([quiz, "--version"]) for _ in range(20)]
    shutil.rmtree(work)
    imp, grade = statistics.median(imports), statistics.median(grades)
    print()
    print(f"quiz import of the attempts       {imp:6.2f} s")
    print(f"quiz grade --attempts (NDJSON)    {grade:6.2f} s   grade/import {grade / imp:.2f} (target <= 1.50)")
    print(f"quiz history --quiz (one quiz)    {statistics.median(history) * 1000:6.1f} ms (target < 50 ms), "
          f"of which process start {statistics.median(version) * 1000:.1f} ms (quiz --version)")


if __name__ == "__main__":
    main()
