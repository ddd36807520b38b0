#!/usr/bin/env python3
"""Benchmark of `quiz import` and `quiz export` (issue: JSON import and export).

    python3 Benchmarks/bench-import.py [--quizzes 1000] [--questions 100] [--rounds 3]
    python3 Benchmarks/bench-import.py --instructions [--quizzes 100] [--questions 100]

Builds the release binary and the C baseline, makes the data with Benchmarks/make-bank.py,
then runs, side by side in each round: the C program doing only the prepared-statement inserts
of the same rows into the same schema (the ceiling), `quiz import` into a new database, and
`quiz export` of that database. Python's stdlib json+sqlite3 import runs once as a second
reference. Prints medians, ratios and peak memory. Every figure comes from this run.

`--instructions` runs the C program and `quiz import` once each under valgrind's callgrind
instead (use a small bank: 100 quizzes take a minute) and prints the instructions each
executed, which unlike seconds do not depend on the machine's load: the import's whole process
(both threads) and its writing thread alone, against the C program's.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchlib import arguments, MIGRATIONS, ROOT, bank as make_bank, build, fresh, run


def instructions(argv, work, name):
    """Instructions argv executes under callgrind: {thread number: count}, thread 1 the main."""
    out = os.path.join(work, name + ".callgrind")
    subprocess.run(["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--callgrind-out-file={out}"] + argv,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    counts = {}
    for file in os.listdir(work):
        if not file.startswith(name + ".callgrind"):
            continue
        thread = int(file.rsplit("-", 1)[1]) if "-" in file[len(name):] else 1
        with open(os.path.join(work, file)) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    counts[thread] = int(line.split()[1])
                    break
    return counts


def instruction_ratios(quiz, baseline, bank, rows, work):
    db = os.path.join(work, "c.sqlite")
    c = sum(instructions([baseline, rows, db] + MIGRATIONS, work, "c").values())
    db = os.path.join(work, "quiz.sqlite")
    threads = instructions([quiz, "--db", db, "import", bank], work, "quiz")
    total = sum(threads.values())
    writer = threads.get(1, 0)
    print(f"instructions (callgrind): C {c / 1e6:.0f} M; quiz import {total / 1e6:.0f} M in all "
          f"({total / c:.2f} x C), writing thread {writer / 1e6:.0f} M ({writer / c:.2f} x C), "
          + ", ".join(f"thread {t} {n / 1e6:.0f} M" for t, n in sorted(threads.items()) if t != 1))


def main():
    counting = "--instructions" in sys.argv
    if counting:
        sys.argv.remove("--instructions")
    args = arguments(100 if counting else 1000, 100, 3)

    bank = make_bank(args.quizzes, args.questions)
    rows = bank[:-5] + ".rows"
    if not os.path.exists(rows) or os.path.getmtime(rows) < os.path.getmtime(bank):
        with open(rows, "wb") as f:
            subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "bank_to_rows.py"), bank], stdout=f, check=True)
    quiz = os.path.join(build("quiz"), "quiz")
    work = tempfile.mkdtemp(prefix="quiz-bench-")
    baseline = os.path.join(work, "insert_rows")
    subprocess.run(["cc", "-O2", "-o", baseline, os.path.join(ROOT, "Benchmarks", "c-baseline", "insert_rows.c"), "-lsqlite3"],
                   check=True)
    size_mb = os.path.getsize(bank) / 2**20
    print(f"data: {bank} ({size_mb:.1f} MiB, {args.quizzes} quizzes x {args.questions} questions)")
    if counting:
        instruction_ratios(quiz, baseline, bank, rows, work)
        shutil.rmtree(work)
        return

    c_times, import_times, export_times, import_rss, export_rss, reimport_times = [], [], [], [], [], []
    for round_ in range(args.rounds):
        db = os.path.join(work, "c.sqlite")
        fresh(db)
        _, _, out = run([baseline, rows, db] + MIGRATIONS, capture=True)
        c_times.append(float(out.strip()))
        fresh(db)

        db = os.path.join(work, "quiz.sqlite")
        fresh(db)
        seconds, rss, _ = run([quiz, "--db", db, "import", bank])
        import_times.append(seconds)
        import_rss.append(rss)
        seconds, rss, _ = run([quiz, "--db", db, "export", "-o", os.path.join(work, "export.json")])
        export_times.append(seconds)
        export_rss.append(rss)
        seconds, _, _ = run([quiz, "--db", db, "import", bank])
        reimport_times.append(seconds)
        print(f"round {round_ + 1}: C {c_times[-1]:.2f} s, quiz import {import_times[-1]:.2f} s "
              f"({import_times[-1] / c_times[-1]:.2f} x), "
              f"export {export_times[-1]:.2f} s, re-import (unchanged) {reimport_times[-1]:.2f} s")

    db = os.path.join(work, "python.sqlite")
    fresh(db)
    _, _, out = run([sys.executable, os.path.join(ROOT, "Benchmarks", "python_import.py"), bank, db] + MIGRATIONS, capture=True)
    python_time = float(out.strip())
    shutil.rmtree(work)

    c, imp, exp, reimp = (statistics.median(x) for x in (c_times, import_times, export_times, reimport_times))
    print()
    print(f"{'':34}{'median s':>10}{'vs C':>8}")
    print(f"{'C inserts only (ceiling)':34}{c:>10.2f}{1:>8.2f}")
    per_round = statistics.median(q / base for q, base in zip(import_times, c_times))
    print(f"{'quiz import':34}{imp:>10.2f}{imp / c:>8.2f}   target <= 1.15; median of the rounds' ratios {per_round:.2f}")
    print(f"{'Python json+sqlite3 import':34}{python_time:>10.2f}{python_time / c:>8.2f}")
    print(f"{'quiz export':34}{exp:>10.2f}{exp / c:>8.2f}   export/import {exp / imp:.2f} (target <= 1.00)")
    print(f"{'quiz import, all unchanged':34}{reimp:>10.2f}{reimp / c:>8.2f}")
    print(f"peak memory: import {max(import_rss):.0f} MiB, export {max(export_rss):.0f} MiB; "
          f"file {size_mb:.0f} MiB; import/file {max(import_rss) / size_mb:.2f} (target < 2)")


if __name__ == "__main__":
    main()
