#!/usr/bin/env python3
"""Benchmark of GIFT and Moodle XML import of a bank mixing every kind against quiz-bank/1 JSON
import of the same content (issue 22: a bank A-sized GIFT and Moodle XML bank mixing every kind
imports within 1.3x / 1.5x the JSON import of the same content).

    python3 Benchmarks/bench-every-kind.py [--quizzes 1000] [--questions 100] [--rounds 3]

Makes bank A's size with `make-bank.py --kinds every` (choice, short answer, numerical, matching,
essay, description and cloze in turn), imports it, and writes each quiz back as Moodle XML and as
GIFT with `quiz export QUIZ --format …` (one file per quiz, in a folder). GIFT has no cloze, so
its export leaves the cloze questions out: the GIFT folder is imported once more and exported as
quiz-bank/1 JSON, which gives the JSON of exactly the GIFT content. Then, side by side in each
round, each into a new database: the JSON bank, the Moodle XML folder, the JSON of the GIFT
content and the GIFT folder. Prints medians and the two ratios. Every figure comes from this run.
"""
import json
import os
import shutil
import statistics
import subprocess
import tempfile

from benchlib import arguments, bank as make_bank, build, fresh, run


def export_folder(quiz, db, ids, folder, fmt, suffix):
    os.makedirs(folder)
    for quiz_id in ids:
        with open(os.path.join(folder, quiz_id + suffix), "wb") as f:
            subprocess.run([quiz, "--db", db, "export", quiz_id, "--format", fmt], stdout=f,
                           stderr=subprocess.DEVNULL, check=True)


def size_mb(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(path, n)) for n in os.listdir(path)) / 2**20
    return os.path.getsize(path) / 2**20


def main():
    args = arguments(1000, 100, 3)
    bank = make_bank(args.quizzes, args.questions, kinds="every")
    quiz = os.path.join(build("quiz"), "quiz")
    work = tempfile.mkdtemp(prefix="quiz-bench-kinds-")
    try:
        source = os.path.join(work, "source.sqlite")
        run([quiz, "--db", source, "import", bank])
        ids = [e["id"] for e in json.loads(run([quiz, "--db", source, "list", "--format", "json"], capture=True)[2])]
        xml = os.path.join(work, "xml")
        gift = os.path.join(work, "gift")
        export_folder(quiz, source, ids, xml, "moodle-xml", ".xml")
        export_folder(quiz, source, ids, gift, "gift", ".gift")
        gift_db = os.path.join(work, "gift-source.sqlite")
        run([quiz, "--db", gift_db, "import", gift])
        gift_json = os.path.join(work, "gift-content.json")
        with open(gift_json, "wb") as f:
            subprocess.run([quiz, "--db", gift_db, "export", "--format", "json"], stdout=f, check=True)
        print(f"bank: {args.quizzes} quizzes x {args.questions} questions of every kind; JSON {size_mb(bank):.1f} MiB, "
              f"Moodle XML {size_mb(xml):.1f} MiB; GIFT content as JSON {size_mb(gift_json):.1f} MiB, "
              f"GIFT {size_mb(gift):.1f} MiB")

        names = (("json", bank), ("xml", xml), ("gift-json", gift_json), ("gift", gift))
        times = {name: [] for name, _ in names}
        memory = {name: [] for name, _ in names}
        for round_number in range(args.rounds):
            for name, target in names:
                db = os.path.join(work, f"{name}.sqlite")
                fresh(db)
                seconds, peak, _ = run([quiz, "--db", db, "import", target])
                times[name].append(seconds)
                memory[name].append(peak)
            print(f"round {round_number + 1}: " + ", ".join(f"{n} {times[n][-1]:.2f} s" for n, _ in names)
                  + f" (XML/JSON {times['xml'][-1] / times['json'][-1]:.2f}x, "
                  f"GIFT/JSON {times['gift'][-1] / times['gift-json'][-1]:.2f}x)")
        median = {name: statistics.median(values) for name, values in times.items()}
        print(f"median: JSON {median['json']:.2f} s, Moodle XML {median['xml']:.2f} s: "
              f"XML/JSON = {median['xml'] / median['json']:.2f} (target <= 1.5)")
        print(f"median: JSON of the GIFT content {median['gift-json']:.2f} s, GIFT {median['gift']:.2f} s: "
              f"GIFT/JSON = {median['gift'] / median['gift-json']:.2f} (target <= 1.3)")
        print("peak memory: " + ", ".join(f"{n} {max(memory[n]):.0f} MiB" for n, _ in names))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
