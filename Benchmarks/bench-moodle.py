#!/usr/bin/env python3
"""Benchmark of Moodle XML import against quiz-bank/1 JSON import of the same content (issue:
Formats II), and of its memory against the file's size.

    python3 Benchmarks/bench-moodle.py [--quizzes 1000] [--questions 100] [--rounds 3]

Makes bank A with Benchmarks/make-bank.py, imports it, and writes each quiz back as Moodle XML
with `quiz export QUIZ --format moodle-xml` (one file per quiz, in a folder). Then, side by side
in each round: `quiz import BANK.json` into a new database, and `quiz import FOLDER/` (every .xml
file, one transaction) into another. Moodle XML carries what bank A holds except the quiz's
title and the questions' text format defaults, so the work — parse, validate, version, insert —
is the same. Then memory: every quiz's questions in one Moodle XML file (one category per quiz),
imported alone; its peak resident memory against the file's size. Prints medians and the ratios.
Every figure comes from this run.
"""
import json
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
    work = tempfile.mkdtemp(prefix="quiz-bench-moodle-")
    try:
        source = os.path.join(work, "source.sqlite")
        run([quiz, "--db", source, "import", bank])
        ids = [entry["id"] for entry in json.loads(run([quiz, "--db", source, "list", "--format", "json"],
                                                         capture=True)[2])]
        folder = os.path.join(work, "xml")
        os.makedirs(folder)
        for quiz_id in ids:
            with open(os.path.join(folder, quiz_id + ".xml"), "wb") as f:
                subprocess.run([quiz, "--db", source, "export", quiz_id, "--format", "moodle-xml"], stdout=f,
                               stderr=subprocess.DEVNULL, check=True)
        xml_mb = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder)) / 2**20
        json_mb = os.path.getsize(bank) / 2**20
        print(f"bank: {args.quizzes} quizzes x {args.questions} questions; JSON {json_mb:.1f} MiB, "
              f"Moodle XML {xml_mb:.1f} MiB in {len(os.listdir(folder))} files")

        times = {"json": [], "xml": []}
        for round_number in range(args.rounds):
            for name, target in (("json", bank), ("xml", folder)):
                db = os.path.join(work, f"{name}.sqlite")
                fresh(db)
                seconds, _, _ = run([quiz, "--db", db, "import", target])
                times[name].append(seconds)
            print(f"round {round_number + 1}: JSON {times['json'][-1]:.2f} s, Moodle XML {times['xml'][-1]:.2f} s "
                  f"({times['xml'][-1] / times['json'][-1]:.2f}x)")
        json_median = statistics.median(times["json"])
        xml_median = statistics.median(times["xml"])
        print(f"median: JSON import {json_median:.2f} s, Moodle XML import {xml_median:.2f} s: "
              f"XML/JSON = {xml_median / json_median:.2f} (target <= 1.5)")

        # One file holding every question: a category per quiz, the quiz's questions after it.
        one = os.path.join(work, "one.xml")
        with open(one, "wb") as out:
            out.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n')
            for quiz_id in ids:
                with open(os.path.join(folder, quiz_id + ".xml"), "rb") as f:
                    body = f.read()
                body = body[body.index(b"<quiz>") + len(b"<quiz>"):body.rindex(b"</quiz>")]
                out.write(b'  <question type="category">\n    <category>\n      <text>' + quiz_id.encode()
                          + b"</text>\n    </category>\n  </question>" + body)
            out.write(b"</quiz>\n")
        size_mb = os.path.getsize(one) / 2**20
        db = os.path.join(work, "one.sqlite")
        fresh(db)
        seconds, peak, _ = run([quiz, "--db", db, "import", one, "--quiz", "everything", "--title", "Everything"])
        print(f"one file of {size_mb:.1f} MiB ({args.quizzes * args.questions} questions): imported in {seconds:.2f} s, "
              f"peak memory {peak:.0f} MiB = {peak / size_mb:.2f}x the file (target < 2)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
