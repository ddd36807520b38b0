#!/usr/bin/env python3
"""Benchmark of `quiz watch` (issue: change observables).

    python3 Benchmarks/bench-watch.py [--edits 1000] [--idle 60] [--rounds 2]

1. Latency: `quiz watch --format json` runs on a database while another process
   (`quiz-bench edit`, using the library) makes single-question edits 10 ms apart, each its own
   transaction, printing the commit time of each change number. Latency = when the watch's line
   arrived − when the edit committed; p50, p99 and max over all edits (target p99 < 100 ms).
2. Idle: a watch that sits on an idle database for --idle seconds; CPU time / wall time
   (target < 1% of a core).
3. Import with an observer: `quiz import` of make-bank.py --quizzes 1000 --questions 100 into a
   new database, without and with a `quiz watch` running on it, side by side in each round
   (target: at most 10% slower).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from benchlib import BIN, ROOT, bank as make_bank, build, fresh


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_watch(db, *extra):
    return subprocess.Popen([os.path.join(BIN, "quiz"), "--db", db, "watch", *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--idle", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    build("quiz", "quiz-bench")
    work = tempfile.mkdtemp(prefix="quiz-bench-")
    quiz = os.path.join(BIN, "quiz")

    # 1. Latency
    db = os.path.join(work, "watch.sqlite")
    subprocess.run([quiz, "--db", db, "import", os.path.join(ROOT, "seeds")], check=True, stdout=subprocess.DEVNULL)
    watch = start_watch(db, "--format", "json")
    arrivals = {}

    def read():
        for line in watch.stdout:
            arrivals[json.loads(line)["seq"]] = time.time()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(0.5)
    out = subprocess.run([os.path.join(BIN, "quiz-bench"), "edit", db, "reactive-swift", str(args.edits), "10"],
                         check=True, capture_output=True, text=True).stdout
    commits = {int(seq): float(at) for seq, at in (line.split() for line in out.splitlines())}
    deadline = time.time() + 5
    while len(arrivals) < len(commits) and time.time() < deadline:
        time.sleep(0.05)
    watch.kill()
    latencies = sorted((arrivals[s] - commits[s]) * 1000 for s in commits if s in arrivals)
    missing = len(commits) - len(latencies)

    def pct(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))]

    # 2. Idle
    idle_db = os.path.join(work, "idle.sqlite")
    subprocess.run([quiz, "--db", idle_db, "init"], check=True, stdout=subprocess.DEVNULL)
    idle = start_watch(idle_db)
    time.sleep(1)
    before, start = cpu_seconds(idle.pid), time.time()
    time.sleep(args.idle)
    idle_cpu = (cpu_seconds(idle.pid) - before) / (time.time() - start) * 100
    idle.kill()

    # 3. Import with and without an observer
    bank = make_bank(1000, 100)
    plain, observed = [], []
    for round_ in range(args.rounds):
        for label, times in (("plain", plain), ("observed", observed)):
            target = os.path.join(work, f"{label}.sqlite")
            fresh(target)
            subprocess.run([quiz, "--db", target, "init"], check=True, stdout=subprocess.DEVNULL)
            watcher = start_watch(target) if label == "observed" else None
            time.sleep(0.3)
            begin = time.perf_counter()
            subprocess.run([quiz, "--db", target, "import", bank], check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - begin)
            if watcher:
                watcher.kill()
        print(f"round {round_ + 1}: import {plain[-1]:.2f} s, with a watch running {observed[-1]:.2f} s")
    shutil.rmtree(work)

    print()
    print(f"commit → watch line over {len(latencies)} edits ({missing} missing): p50 {pct(0.5):.1f} ms, "
          f"p99 {pct(0.99):.1f} ms, max {latencies[-1]:.1f} ms (target p99 < 100 ms)")
    print(f"idle watch for {args.idle} s: {idle_cpu:.3f}% of a core (target < 1%)")
    a, b = statistics.median(plain), statistics.median(observed)
    print(f"bulk import: {a:.2f} s alone, {b:.2f} s with a watch running: {100 * (b / a - 1):+.1f}% (target <= +10%)")


if __name__ == "__main__":
    main()
