#!/usr/bin/env python3
"""Load run of `quiz serve` with locust (issue 23, "Reliability and speed").

    python3 Benchmarks/bench-serve-load.py [--quiz .build/release/quiz] [--users 500]
        [--spawn-rate 100] [--run-time 60] [--questions 20]

Builds nothing: --quiz names the binary (build it first with
`swift build -c release --static-swift-stdlib --product quiz`). In a fresh temporary database it
imports one choice quiz of --questions questions made by Benchmarks/make-bank.py, starts
`quiz serve --reveal end` on a free loopback port, `quiz watch` on the same database and a client
of the monitor's event stream, then runs locust headless (Benchmarks/serve-load/locustfile.py):
--users takers at a time, each signing in under a new name, fetching the attempt, saving an
answer to every question as fast as the server replies, submitting, and starting again, for
--run-time seconds. Then it prints:

- answers saved per second, and p50/p99 latency per route (over every request the locust users
  made; goal p99 < 50 ms for answer saves);
- errors (goal 0);
- answers lost: answers the server acknowledged (200, "saved": true) that the database does not
  hold afterwards, looked up in its served and submitted answers (goal 0);
- the server's peak memory (VmHWM) and the events `quiz watch` and the event stream received.

Everything is bounded in time and every process started is killed at the end.
"""
import argparse
import csv
import json
import math
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from quizserve import EventCounter, ServeError, Served, quiz_command  # noqa: E402

LOCUSTFILE = os.path.join(HERE, "serve-load", "locustfile.py")
SAVE = "PUT /api/attempts/:token/answers/:question"

# Every (taker, question id) the database holds an answer for: the served attempts' saved
# answers (migration 0011) and the answers of submitted attempts.
ANSWERED = """
SELECT a.taker, q.slug FROM answers AS x
  JOIN attempts AS a ON a.id = x.attempt_id
  JOIN question_versions AS v ON v.id = x.version_id
  JOIN questions AS q ON q.id = v.question_id
UNION
SELECT s.taker, q.slug FROM served_answers AS x
  JOIN served_attempts AS s ON s.id = x.served_id
  JOIN question_versions AS v ON v.id = x.version_id
  JOIN questions AS q ON q.id = v.question_id
"""


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiz", default=os.path.join(ROOT, ".build", "release", "quiz"), help="the quiz binary")
    parser.add_argument("--users", type=int, default=500, help="takers at a time (default 500)")
    parser.add_argument("--spawn-rate", type=int, default=100, help="takers started per second (default 100)")
    parser.add_argument("--run-time", type=int, default=60, help="seconds of load (default 60)")
    parser.add_argument("--questions", type=int, default=20, help="questions in the quiz (default 20)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    return parser.parse_args()


def make_database(quiz, work, questions):
    bank = os.path.join(work, "bank.json")
    with open(bank, "wb") as out:
        subprocess.run([sys.executable, os.path.join(HERE, "make-bank.py"), "--quizzes", "1", "--questions",
                        str(questions)], stdout=out, check=True, timeout=60)
    db = os.path.join(work, "load.sqlite")
    quiz_command(quiz, db, "import", bank)
    return db


class LineCounter:
    """Counts the lines a process writes to its standard output (a `quiz watch`)."""

    def __init__(self, argv):
        self.count = 0
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        stdin=subprocess.DEVNULL)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        for _ in self.process.stdout:
            self.count += 1

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
        self.thread.join(timeout=5)


def run_locust(served, work, args):
    """Runs locust headless; returns its results (see the locustfile) and its failure rows."""
    prefix = os.path.join(work, "locust")
    results = os.path.join(work, "results.json")
    argv = [sys.executable, "-m", "locust", "-f", LOCUSTFILE, "--headless", "--only-summary",
            "-u", str(args.users), "-r", str(args.spawn_rate), "--run-time", f"{args.run_time}s",
            "--host", served.base, "--csv", prefix, "--quiz-id", "quiz-00000", "--results", results,
            "--loglevel", "WARNING"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=args.run_time + 120)
    except subprocess.TimeoutExpired:
        sys.exit(f"locust did not finish within {args.run_time + 120} s")
    if not os.path.exists(results):
        sys.exit(f"locust failed ({done.returncode}):\n{done.stderr[-4000:]}")
    with open(results, encoding="utf-8") as f:
        outcome = json.load(f)
    failure_rows = []
    if os.path.exists(prefix + "_failures.csv"):
        with open(prefix + "_failures.csv", newline="") as f:
            failure_rows = list(csv.DictReader(f))
    return outcome, failure_rows


def percentile(sorted_values, fraction):
    """The value below which `fraction` of the values lie (nearest rank)."""
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, max(0, math.ceil(fraction * len(sorted_values)) - 1))]


def answers_in_database(db):
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as connection:
        return set(connection.execute(ANSWERED).fetchall())


def report(outcome, failure_rows, held, peak_kib, watch_lines, events, args):
    acknowledged = {tuple(pair) for pair in outcome["acknowledged"]}
    seconds = outcome["seconds"] or float("nan")
    print(f"\nquiz serve under locust: {args.users} takers at a time, {args.questions}-question quiz, "
          f"{args.run_time} s on loopback")
    print(f"answers saved: {len(acknowledged)} in {seconds:.1f} s: {len(acknowledged) / seconds:.0f}/s")
    print(f"{'route':46} {'requests':>9} {'fails':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    for name, times in sorted(outcome["response_times"].items()):
        times.sort()
        print(f"{name:46} {len(times):>9} {outcome['failures'].get(name, 0):>6} {percentile(times, 0.5):>7.1f} "
              f"{percentile(times, 0.99):>7.1f} {times[-1]:>7.1f}")
    errors = sum(outcome["failures"].values())
    print(f"errors: {errors} (goal 0)")
    for row in failure_rows[:5]:
        print(f"  {row['Occurrences']}x {row['Method']} {row['Name']}: {row['Error'][:160]}")
    lost = acknowledged - held
    print(f"answers lost: {len(lost)} of {len(acknowledged)} acknowledged (goal 0)")
    for taker, question in sorted(lost)[:5]:
        print(f"  {taker} {question}")
    print(f"server peak memory (VmHWM): {peak_kib / 1024:.1f} MiB" if peak_kib else "server peak memory: unknown")
    print(f"quiz watch lines: {watch_lines}; monitor events received: {events}")
    saves = sorted(outcome["response_times"].get(SAVE, []))
    p99 = percentile(saves, 0.99)
    print(f"answer saves p99 {p99:.1f} ms: goal < 50 ms {'met' if p99 < 50 else 'NOT met'}")
    return errors == 0 and not lost


def main():
    args = arguments()
    if not os.access(args.quiz, os.X_OK):
        sys.exit(f"{args.quiz} is not an executable: build it with "
                 "`swift build -c release --static-swift-stdlib --product quiz` or name one with --quiz")
    work = tempfile.mkdtemp(prefix="quiz-serve-load-")
    served = watch = events = None
    try:
        db = make_database(args.quiz, work, args.questions)
        served = Served(args.quiz, db, "--reveal", "end")
        watch = LineCounter([args.quiz, "--db", db, "watch"])
        events = EventCounter(served)
        if not events.connected.wait(10):
            sys.exit(f"the monitor's event stream did not open: {events.error}")
        outcome, failure_rows = run_locust(served, work, args)
        time.sleep(1)  # let the watch and the event stream catch up with the last commits
        peak = served.peak_memory_kib()
        watch_lines = watch.count
        event_count = f"{events.count} ({', '.join(f'{n} {c}' for n, c in sorted(events.by_name.items()))})"
        served.stop()
        ok = report(outcome, failure_rows, answers_in_database(db), peak, watch_lines, event_count, args)
    except ServeError as error:
        sys.exit(str(error))
    finally:
        for part in (events, watch, served):
            if part is not None:
                part.close() if part is events else part.stop()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
