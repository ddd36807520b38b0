#!/usr/bin/env python3
"""Benchmark of starting an attempt at a quiz with random slots (issue 36: question banks).

    python3 Benchmarks/bench-random-slots.py [--questions 100000] [--rounds 5]

Data: Benchmarks/make-bank.py --quizzes 1 --questions 100000 (its five sections, each question
with one tag of a 40-word vocabulary), imported once as bank `big` (`quiz import --bank`: five
categories of 20,000 questions). Three quizzes draw from it:
- `one-filter`: 20 random slots over the whole bank with one tag (about 2,500 candidates);
- `twenty-filters`: 20 random slots, each over a category with its own tag;
- `fixed`: 20 fixed slots placing bank questions (the reference: no draw).
Each round times 200 attempt starts of each quiz in one process (`quiz-bench draw`: the quiz
read in one transaction and its slots drawn, each start for its own taker and seed, nothing
written), side by side. The target: a start of 20 random slots with a tag filter under 10 ms.
Prints medians and ratios.
"""
import json
import os
import re
import statistics
import subprocess
import tempfile

from benchlib import arguments, bank as make_bank, build, fresh, run

STARTS = 200


def words(bank_path):
    """The most common tags of the bank, most common first."""
    with open(bank_path) as f:
        document = json.load(f)
    counts = {}
    for section in document["quizzes"][0]["sections"]:
        for question in section["questions"]:
            for tag in question.get("tags", []):
                counts[tag] = counts.get(tag, 0) + 1
    return sorted(counts, key=lambda tag: -counts[tag])


def quiz(binaries, db, *argv):
    subprocess.run([os.path.join(binaries, "quiz"), "--db", db, *argv], check=True, stdout=subprocess.DEVNULL)


def main():
    options = arguments(1, 100000, 5)
    binaries = build("quiz", "quiz-bench")
    bank_path = make_bank(1, options.questions)
    tags = words(bank_path)
    with tempfile.TemporaryDirectory() as work:
        db = os.path.join(work, "bank.sqlite")
        fresh(db)
        seconds = run([os.path.join(binaries, "quiz"), "--db", db, "import", bank_path, "--bank", "big"])[0]
        print(f"imported {options.questions:,} questions into bank big in {seconds:.1f} s")
        quiz(binaries, db, "add", "quiz", "one-filter", "--title", "One filter")
        quiz(binaries, db, "add", "random", "one-filter", "--from", "big", "--subcategories", "--tag", tags[0],
             "--count", "20")
        quiz(binaries, db, "add", "quiz", "twenty-filters", "--title", "Twenty filters")
        for index in range(20):
            quiz(binaries, db, "add", "random", "twenty-filters", "--from", f"big/Section {index % 5 + 1}",
                 "--tag", tags[index])
        quiz(binaries, db, "add", "quiz", "fixed", "--title", "Fixed")
        for index in range(20):
            quiz(binaries, db, "add", "slot", "fixed", f"big/q{index * 4999:04d}")
        times = {name: [] for name in ("fixed", "one-filter", "twenty-filters")}
        for round_ in range(options.rounds):
            line = []
            for name in times:
                out = run([os.path.join(binaries, "quiz-bench"), "draw", db, name, str(STARTS)], capture=True)[2]
                median = float(re.search(r"median ([0-9.]+) ms", out).group(1))
                times[name].append(median)
                line.append(f"{name} {median:.3f} ms")
            print(f"round {round_ + 1}: " + ", ".join(line))
        fixed = statistics.median(times["fixed"])
        for name, values in times.items():
            median = statistics.median(values)
            print(f"{name:16} median start {median:7.3f} ms    ratio to fixed {median / fixed:5.2f}"
                  + ("" if name == "fixed" else f"    target < 10 ms: {'met' if median < 10 else 'MISSED'}"))


if __name__ == "__main__":
    main()
