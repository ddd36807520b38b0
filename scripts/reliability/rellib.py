"""What the reliability scripts share: the quiz binary, a private work folder, running quiz,
the database's row counts and SQLite's own checks, bank A, and the list of broken promises.

Nothing here reaches outside the repository: data comes from Benchmarks/make-bank.py and
seeds/, and every file is made in a fresh temporary folder that is deleted afterwards.
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAKE_BANK = os.path.join(ROOT, "Benchmarks", "make-bank.py")
SEEDS = os.path.join(ROOT, "seeds")
DEFAULT_QUIZ = os.path.join(ROOT, ".build", "release", "quiz")

# What a crash looks like in stderr (Swift's runtime traps, the C library, the shell).
CRASH_MARKS = ("Fatal error", "Segmentation fault", "Illegal instruction", "Bus error", "Aborted",
               "Stack dump", "core dumped")


def parser(doc):
    """The options every script takes; each script adds its sizes."""
    p = argparse.ArgumentParser(description=doc.strip().splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=doc)
    p.add_argument("--quiz", default=DEFAULT_QUIZ, help="the quiz binary (default: .build/release/quiz)")
    p.add_argument("--seed", type=int, default=14, help="random seed of the run (default 14)")
    p.add_argument("--keep", action="store_true", help="keep the work folder (printed) instead of deleting it")
    return p


def options(p):
    args = p.parse_args()
    args.quiz = os.path.abspath(args.quiz)
    if not os.access(args.quiz, os.X_OK):
        sys.exit(f"no quiz binary at {args.quiz}: build it (swift build -c release) or give --quiz PATH")
    return args


class Work:
    """A fresh temporary folder, deleted on exit (unless --keep)."""

    def __init__(self, keep=False, prefix="quiz-reliability-"):
        self.keep = keep
        self.path = tempfile.mkdtemp(prefix=prefix)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.keep:
            print(f"work folder kept: {self.path}")
        else:
            shutil.rmtree(self.path, ignore_errors=True)

    def file(self, name):
        return os.path.join(self.path, name)


class Result:
    def __init__(self, argv, returncode, out, err, seconds):
        self.argv, self.returncode, self.out, self.err, self.seconds = argv, returncode, out, err, seconds

    @property
    def crashed(self):
        return self.returncode < 0 or any(mark in self.err for mark in CRASH_MARKS)

    @property
    def lock_error(self):
        lowered = self.err.lower()
        return "locked" in lowered or "busy" in lowered

    def error_lines(self):
        return [line for line in self.err.splitlines() if line.strip()]

    def describe(self):
        return f"$ {' '.join(self.argv)}\n  exit {self.returncode}\n  stderr: {self.err.strip()[:600]!r}"


def run(argv, input=None, env=None, timeout=600, preexec_fn=None, cwd=None):
    """Runs argv to completion; stdout and stderr as text."""
    start = time.perf_counter()
    full_env = dict(os.environ, **env) if env else None
    p = subprocess.run(argv, input=input, capture_output=True, env=full_env, timeout=timeout,
                       preexec_fn=preexec_fn, cwd=cwd,
                       stdin=None if input is not None else subprocess.DEVNULL)
    return Result(argv, p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"),
                  time.perf_counter() - start)


def make_bank(folder, quizzes, questions, attempts=0, seed=54, name=None):
    """Benchmarks/make-bank.py's document for these sizes (bank A: 1000 x 100), written into folder."""
    path = os.path.join(folder, name or f"bank-{quizzes}x{questions}x{attempts}-s{seed}.json")
    with open(path, "wb") as f:
        subprocess.run([sys.executable, MAKE_BANK, "--quizzes", str(quizzes), "--questions", str(questions),
                        "--attempts", str(attempts), "--seed", str(seed)], stdout=f, check=True)
    return path


def remove_db(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def settle(path):
    """Checkpoints the WAL into the main file, so that the file alone is the whole database."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def copy_db(source, target):
    """A copy of a settled database (main file only: settle() it first)."""
    remove_db(target)
    shutil.copyfile(source, target)


def tables(path):
    connection = sqlite3.connect(path)
    try:
        return [name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")]
    finally:
        connection.close()


def counts(path):
    """Rows per table (every table, the change log and SQLite's sequences too) and the newest
    change-log number: what "all or nothing" is compared on."""
    connection = sqlite3.connect(path)
    try:
        names = [name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")]
        result = {name: connection.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in names}
        if "change_log" in names:
            result["max(change_log.seq)"] = connection.execute("SELECT max(seq) FROM change_log").fetchone()[0]
        return result
    finally:
        connection.close()


def sqlite_checks(path):
    """(integrity_check's rows, foreign_key_check's rows), with SQLite itself (Python's sqlite3)."""
    connection = sqlite3.connect(path)
    try:
        integrity = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        foreign = connection.execute("PRAGMA foreign_key_check").fetchall()
        return integrity, foreign
    finally:
        connection.close()


def difference(a, b):
    """The tables whose counts differ, as text."""
    keys = sorted(set(a) | set(b))
    return ", ".join(f"{k}: {a.get(k)} vs {b.get(k)}" for k in keys if a.get(k) != b.get(k)) or "none"


class Promises:
    """Collects broken promises; the script prints them and exits 1 if there is any."""

    def __init__(self):
        self.broken = []
        self.checked = 0

    def check(self, ok, what, detail=""):
        self.checked += 1
        if not ok:
            self.broken.append(what + (f"\n    {detail}" if detail else ""))
            print(f"  BROKEN: {what}" + (f"\n    {detail}" if detail else ""), flush=True)
        return ok

    def finish(self):
        print()
        if self.broken:
            print(f"{len(self.broken)} of {self.checked} checks BROKEN:")
            for item in self.broken:
                print(f"  - {item}")
            sys.exit(1)
        print(f"all {self.checked} checks held")


def print_table(headers, rows, indent="  "):
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]
    for row in [headers] + rows:
        print(indent + "  ".join(str(x).rjust(w) if i else str(x).ljust(w)
                                 for i, (x, w) in enumerate(zip(row, widths))).rstrip())


def quantiles(values):
    """min / median / max, as text."""
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[0]:.3f} / {ordered[len(ordered) // 2]:.3f} / {ordered[-1]:.3f}"


def rng(seed, name):
    return random.Random(f"{seed}-{name}")


def dump(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
