#!/usr/bin/env python3
"""Benchmark of GIFT import against quiz-bank/1 JSON import of the same content (issue: Formats I).

    python3 Benchmarks/bench-gift.py [--quizzes 1000] [--questions 100] [--rounds 3]

Makes bank A with Benchmarks/make-bank.py, imports it, and writes each quiz back as GIFT with
`quiz export QUIZ --format gift` (one file per quiz, in a folder). Then, side by side in each
round: `quiz import BANK.json` into a new database, and `quiz import FOLDER/` (every .gift file,
one transaction) into another. GIFT carries no points or per-question scoring, so the two
databases differ in those; the work — parse, validate, version, insert — is the same. Prints
medians and the ratio. Every figure comes from this run.
"""
import os
import shutil
import statistics
import subprocess
import tempfile

from benchlib import arguments, bank as make_bank, build, fresh, run


def main():
    args = arguments(1000, 100, 3)

    bank = make_bank(args.quizzes, args.questions)
    quiz = os.path.join(build("quiz"), "quiz")
    work = tempfile.mkdtemp(prefix="quiz-bench-gift-")
    try:
        source = os.path.join(work, "source.sqlite")
        run([quiz, "--db", source, "import", bank])
        ids = subprocess.run([quiz, "--db", source, "list", "--format", "json"], capture_output=True, check=True).stdout
        import json
        folder = os.path.join(work, "gift")
        os.makedirs(folder)
        for entry in json.loads(ids):
            with open(os.path.join(folder, entry["id"] + ".gift"), "wb") as f:
                subprocess.run([quiz, "--db", source, "export", entry["id"], "--format", "gift"], stdout=f,
                               stderr=subprocess.DEVNULL, check=True)
        gift_mb = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder)) / 2**20
        json_mb = os.path.getsize(bank) / 2**20
        print(f"bank: {args.quizzes} quizzes x {args.questions} questions; JSON {json_mb:.1f} MiB, "
              f"GIFT {gift_mb:.1f} MiB in {len(os.listdir(folder))} files")

        times = {"json": [], "gift": []}
        memory = {"json": [], "gift": []}
        for round_number in range(args.rounds):
            for name, target in (("json", bank), ("gift", folder)):
                db = os.path.join(work, f"{name}.sqlite")
                fresh(db)
                seconds, peak, _ = run([quiz, "--db", db, "import", target])
                times[name].append(seconds)
                memory[name].append(peak)
            print(f"round {round_number + 1}: JSON {times['json'][-1]:.2f} s, GIFT {times['gift'][-1]:.2f} s "
                  f"({times['gift'][-1] / times['json'][-1]:.2f}x)")
        json_median = statistics.median(times["json"])
        gift_median = statistics.median(times["gift"])
        print(f"median: JSON import {json_median:.2f} s, GIFT import {gift_median:.2f} s: "
              f"GIFT/JSON = {gift_median / json_median:.2f} (target <= 1.3)")
        print(f"peak memory: JSON {max(memory['json']):.0f} MiB, GIFT {max(memory['gift']):.0f} MiB")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
