#!/usr/bin/env python3
"""Benchmark of `quiz report` of a quiz built from fixed slots against the same quiz written
the way quizzes were before banks (issue 36: question banks).

    python3 Benchmarks/bench-slots-report.py [--quizzes 1] [--questions 100] [--attempts 2000] [--rounds 5]

Data: Benchmarks/make-bank.py (one quiz of 100 questions, 2,000 attempts), imported once. A
second quiz, `placed`, places every question of the first from its bank with a fixed slot
(`quiz add slot placed QUIZ/QUESTION`), and gets the same attempts (the document's attempts,
renamed). Each round runs `quiz report Q --format json` ten times for each quiz, alternating,
and compares the medians: the target is that the quiz of fixed slots is no slower.
"""
import json
import os
import statistics
import subprocess
import tempfile

from benchlib import arguments, bank as make_bank, build, fresh, run, timed

RUNS = 10


def quiz(binaries, db, *argv):
    subprocess.run([os.path.join(binaries, "quiz"), "--db", db, *argv], check=True, stdout=subprocess.DEVNULL)


def placed_attempts(bank_path, work):
    """The document's attempts as attempts at `placed`, in a document of their own."""
    with open(bank_path) as f:
        document = json.load(f)
    source = document["quizzes"][0]
    attempts = []
    for attempt in document.get("attempts", []):
        copy = dict(attempt)
        copy["quiz"] = "placed"
        if "id" in copy:
            copy["id"] = "placed-" + copy["id"]
        attempts.append(copy)
    path = os.path.join(work, "placed-attempts.json")
    with open(path, "w") as f:
        json.dump({"format": "quiz-bank/1", "quizzes": [], "attempts": attempts}, f)
    questions = [q["id"] for section in source["sections"] for q in section["questions"]]
    return source["id"], questions, path


def main():
    options = arguments(1, 100, 5, attempts=2000)
    binaries = build("quiz")
    bank_path = make_bank(options.quizzes, options.questions, options.attempts)
    with tempfile.TemporaryDirectory() as work:
        db = os.path.join(work, "bank.sqlite")
        fresh(db)
        run([os.path.join(binaries, "quiz"), "--db", db, "import", bank_path])
        original, questions, attempts = placed_attempts(bank_path, work)
        quiz(binaries, db, "add", "quiz", "placed", "--title", "Placed")
        for question in questions:
            quiz(binaries, db, "add", "slot", "placed", f"{original}/{question}")
        quiz(binaries, db, "import", attempts)
        report = [os.path.join(binaries, "quiz"), "--db", db, "report"]
        for name in (original, "placed"):
            out = run(report + [name, "--format", "json"], capture=True)[2]
            print(f"{name}: report of {len(out):,} bytes")
        print(f"{'round':>5}  {'own questions':>14}  {'fixed slots':>12}  ratio")
        ratios = []
        for round_number in range(1, options.rounds + 1):
            own, slots = [], []
            for _ in range(RUNS):
                own.append(timed(report + [original, "--format", "json"]))
                slots.append(timed(report + ["placed", "--format", "json"]))
            ratio = statistics.median(slots) / statistics.median(own)
            ratios.append(ratio)
            print(f"{round_number:>5}  {statistics.median(own) * 1000:>11.2f} ms  "
                  f"{statistics.median(slots) * 1000:>9.2f} ms  {ratio:.3f}")
        print(f"median ratio (fixed slots / own questions): {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
