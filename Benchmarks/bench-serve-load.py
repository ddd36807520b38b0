#!/usr/bin/env python3
"""Load run of `quiz serve` with locust (issue 23, "Reliability and speed").

    python3 Benchmarks/bench-serve-load.py [--quiz .build/release/quiz] [--users 500]
        [--spawn-rate 100] [--run-time 60] [--questions 20] [--think 1.0] [--processes 1]

Builds nothing: --quiz names the binary (build it first with
`swift build -c release --static-swift-stdlib --product quiz`). In a fresh temporary database it
imports one choice quiz of --questions questions made by Benchmarks/make-bank.py, starts
`quiz serve --reveal end` on a free loopback port, `quiz watch` on the same database and a client
of the monitor's event stream, then runs locust headless (Benchmarks/serve-load/locustfile.py):
--users takers at a time, each signing in under a new name, fetching the attempt, saving an
answer to every question, submitting, and starting again, for --run-time seconds.

Two modes:
- `--think S` (default 1.0): before each answer and before the submit a taker pauses a random
  time uniform in [0.5, 1.5] × S seconds, as a person answering as fast as they can read and
  click. The server then sees a little under users / S saves a second, which one locust process
  drives with CPU to spare, so the latency measured is the server's, not the client's queue.
- `--think 0`: no pause, a closed loop (a stress run): each user sends its next request as soon
  as the last is answered, so by Little's law the mean latency is users / requests per second,
  however fast the server is, whenever the client (locust) cannot drive more. The run prints
  that bound.

--processes N (N > 1) runs locust's own --processes N (N workers forked beside a master; the
default 1 is one plain locust process); each worker writes its own results file and the driver
merges them. On 2 cores shared with the server a second worker measured no faster, and with
pauses its p99 was worse (3 processes taking turns), so the default is 1.

Then it prints:

- answers saved per second, and p50/p99 latency per route (over every request the locust users
  made; goal p99 < 50 ms for answer saves), and the saves' p50/p99 after the ramp-up (the
  takers signing in --spawn-rate a second at the start can make much of the tail);
- errors (goal 0);
- answers lost: answers the server acknowledged (200, "saved": true) to any worker that the
  database does not hold afterwards, looked up in its served and submitted answers (goal 0); and
  the other way round, the answers it holds that no worker saw acknowledged, which can only be
  the saves in flight when locust stopped (at most one per taker: more means some worker's
  acknowledgements went missing, and the run fails);
- the server's peak memory (VmHWM), the CPU the server and locust used, and the events
  `quiz watch` and the event stream received.

Everything is bounded in time and every process started is killed at the end.
"""
import argparse
import glob
import json
import math
import os
import shutil
import signal
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
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean pause (s) before each answer and the submit, uniform in [0.5, 1.5] × it; "
                             "0: no pause, a closed loop (default 1.0)")
    parser.add_argument("--processes", type=int, default=1,
                        help="locust processes generating the load (N > 1: locust's --processes N; default 1)")
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


def cpu_seconds(pid):
    """User and system CPU seconds a live process has used; None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_locust(served, work, args):
    """Runs locust headless; returns the merged results of its processes (see merge) and the CPU
    seconds locust used (every process: the master waits for its workers)."""
    results = os.path.join(work, "results")
    os.mkdir(results)
    argv = [sys.executable, "-m", "locust", "-f", LOCUSTFILE, "--headless", "--only-summary",
            "-u", str(args.users), "-r", str(args.spawn_rate), "--run-time", f"{args.run_time}s",
            "--host", served.base, "--quiz-id", "quiz-00000", "--results", results, "--think", str(args.think),
            "--loglevel", "WARNING"]
    if args.processes > 1:
        argv += ["--processes", str(args.processes)]
    timeout = args.run_time + 120
    started = time.monotonic()
    # A session of its own, so that on a timeout the master and its workers are killed together.
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                               text=True, start_new_session=True)
    try:
        _, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=10)
        sys.exit(f"locust did not finish within {timeout} s")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    wall = time.monotonic() - started
    files = sorted(glob.glob(os.path.join(results, "results-*.json")))
    if len(files) != args.processes:
        sys.exit(f"locust ({process.returncode}) left {len(files)} results files, not one per process "
                 f"({args.processes}): a worker's acknowledged answers would go uncounted\n{stderr[-4000:]}")
    outcome = merge(files)
    # Each process's own CPU at its stop (its RUSAGE_SELF), the master's too: the master does not
    # always reap its workers, so this process's RUSAGE_CHILDREN would miss them.
    for path in glob.glob(os.path.join(results, "master-*.json")):
        with open(path, encoding="utf-8") as f:
            outcome["cpu"] += json.load(f)["cpu"]
    return outcome, wall


def merge(files):
    """One outcome from every process's results: per route the [end, ms] replies and the failures,
    the failure messages, the span from the first request to the last reply, every acknowledged
    (taker, question), how many each process acknowledged, and the CPU seconds they used."""
    outcome = {"replies": {}, "failures": {}, "messages": {}, "acknowledged": set(), "per_process": [],
               "start": math.inf, "end": -math.inf, "cpu": 0.0}
    for path in files:
        with open(path, encoding="utf-8") as f:
            part = json.load(f)
        for name, replies in part["replies"].items():
            outcome["replies"].setdefault(name, []).extend(replies)
        for key in ("failures", "messages"):
            for name, count in part[key].items():
                outcome[key][name] = outcome[key].get(name, 0) + count
        pairs = {tuple(pair) for pair in part["acknowledged"]}
        if len(pairs) != len(part["acknowledged"]) or pairs & outcome["acknowledged"]:
            sys.exit(f"{path}: an answer acknowledged twice (taker names must be unique)")
        outcome["acknowledged"] |= pairs
        outcome["per_process"].append(len(pairs))
        outcome["cpu"] += part["cpu"]
        if part["span"][0] is not None:
            outcome["start"] = min(outcome["start"], part["span"][0])
            outcome["end"] = max(outcome["end"], part["span"][1])
    outcome["seconds"] = outcome["end"] - outcome["start"] if outcome["end"] > outcome["start"] else float("nan")
    return outcome


def percentile(sorted_values, fraction):
    """The value below which `fraction` of the values lie (nearest rank)."""
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, max(0, math.ceil(fraction * len(sorted_values)) - 1))]


def answers_in_database(db):
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as connection:
        return set(connection.execute(ANSWERED).fetchall())


def report(outcome, held, peak_kib, watch_lines, events, cpu, args):
    acknowledged = outcome["acknowledged"]
    seconds = outcome["seconds"]
    mode = (f"takers pausing {0.5 * args.think:g}–{1.5 * args.think:g} s before each answer" if args.think > 0
            else "no pause: closed loop")
    generator = f"{args.processes} locust processes" if args.processes > 1 else "1 locust process"
    print(f"\nquiz serve under locust: {args.users} takers at a time, {mode}; {args.questions}-question quiz, "
          f"{args.run_time} s on loopback, {generator}")
    print(f"answers saved: {len(acknowledged)} in {seconds:.1f} s: {len(acknowledged) / seconds:.0f}/s"
          + (f" (per process: {', '.join(str(n) for n in outcome['per_process'])})" if args.processes > 1 else ""))
    print(f"{'route':46} {'requests':>9} {'fails':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    every = []
    for name, replies in sorted(outcome["replies"].items()):
        times = sorted(ms for _, ms in replies)
        every.extend(replies)
        print(f"{name:46} {len(times):>9} {outcome['failures'].get(name, 0):>6} {percentile(times, 0.5):>7.1f} "
              f"{percentile(times, 0.99):>7.1f} {times[-1]:>7.1f}")
    if args.think == 0 and every:
        # Little's law over the run after the ramp-up, when all the users are running: each has
        # one request in flight or is (briefly) in locust's own code, so users / throughput bounds
        # the mean latency from above, whatever the server does.
        ramp_end = outcome["start"] + args.users / args.spawn_rate
        steady = [ms for end, ms in every if end >= ramp_end]
        window = outcome["end"] - ramp_end
        if steady and window > 1:
            rate = len(steady) / window
            print(f"closed loop: {args.users} users / {rate:.0f} req/s = mean latency bound "
                  f"{1000 * args.users / rate:.0f} ms (measured mean {sum(steady) / len(steady):.0f} ms, "
                  f"after the {args.users / args.spawn_rate:g} s ramp-up)")
    errors = sum(outcome["failures"].values())
    print(f"errors: {errors} (goal 0)")
    for message, count in sorted(outcome["messages"].items(), key=lambda item: -item[1])[:5]:
        print(f"  {count}x {message[:200]}")
    lost = acknowledged - held
    print(f"answers lost: {len(lost)} of {len(acknowledged)} acknowledged (goal 0)")
    for taker, question in sorted(lost)[:5]:
        print(f"  {taker} {question}")
    unseen = len(held - acknowledged)
    complete = unseen <= args.users
    print(f"answers in the database: {len(held)} = {len(held) - unseen} acknowledged + {unseen} in flight at the "
          f"stop (at most one per taker, {args.users}: {'ok' if complete else 'MORE: acknowledgements missing'})")
    print(f"server peak memory (VmHWM): {peak_kib / 1024:.1f} MiB" if peak_kib else "server peak memory: unknown")
    server_cpu, locust_cpu, wall = cpu
    print(f"CPU over the locust run ({wall:.1f} s): " + (f"server {server_cpu / wall:.2f} cores, " if server_cpu is not None
                                                          else "") + f"locust {locust_cpu / wall:.2f} cores")
    print(f"quiz watch lines: {watch_lines}; monitor events received: {events}")
    saves = sorted(ms for _, ms in outcome["replies"].get(SAVE, []))
    p99 = percentile(saves, 0.99)
    # The same saves without those answered during the ramp-up, when --spawn-rate takers a second
    # sign in at once (a class starting together): which part of the tail that burst makes.
    ramp = args.users / args.spawn_rate
    later = sorted(ms for end, ms in outcome["replies"].get(SAVE, []) if end >= outcome["start"] + ramp)
    print(f"answer saves after the {ramp:g} s ramp-up: {len(later)}, p50 {percentile(later, 0.5):.1f} ms, "
          f"p99 {percentile(later, 0.99):.1f} ms")
    print(f"answer saves p99 {p99:.1f} ms: goal < 50 ms {'met' if p99 < 50 else 'NOT met'}")
    return errors == 0 and not lost and complete


def main():
    args = arguments()
    if args.processes < 1 or args.users < 1 or args.think < 0:
        sys.exit("--processes and --users must be at least 1, --think at least 0")
    if not os.access(args.quiz, os.X_OK):
        sys.exit(f"{args.quiz} is not an executable: build it with "
                 "`swift build -c release --static-swift-stdlib --product quiz` or name one with --quiz")
    work = tempfile.mkdtemp(prefix="quiz-serve-load-")
    served = watch = events = None
    try:
        db = make_database(args.quiz, work, args.questions)
        served = Served(args.quiz, db, "--all", "--reveal", "end")
        watch = LineCounter([args.quiz, "--db", db, "watch"])
        events = EventCounter(served)
        if not events.connected.wait(10):
            sys.exit(f"the monitor's event stream did not open: {events.error}")
        server_cpu = cpu_seconds(served.process.pid)
        outcome, wall = run_locust(served, work, args)
        server_after = cpu_seconds(served.process.pid)
        cpu = (server_after - server_cpu if None not in (server_cpu, server_after) else None, outcome["cpu"], wall)
        time.sleep(1)  # let the watch and the event stream catch up with the last commits
        peak = served.peak_memory_kib()
        watch_lines = watch.count
        event_count = f"{events.count} ({', '.join(f'{n} {c}' for n, c in sorted(events.by_name.items()))})"
        served.stop()
        ok = report(outcome, answers_in_database(db), peak, watch_lines, event_count, cpu, args)
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
