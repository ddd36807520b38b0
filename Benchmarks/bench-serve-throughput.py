#!/usr/bin/env python3
"""Throughput of `quiz serve`'s answer saves with wrk, beside two references in the same run
(issue 23, "Reliability and speed").

    python3 Benchmarks/bench-serve-throughput.py [--quiz .build/release/quiz] [--takers 64]
        [--threads 2] [--connections 64] [--seconds 15] [--baseline-seconds 5]

Builds nothing: --quiz names the binary (build it first with
`swift build -c release --static-swift-stdlib --product quiz`). In a fresh temporary database
with one 20-question choice quiz from Benchmarks/make-bank.py it starts `quiz serve --reveal end`
on a free loopback port, signs --takers takers in, and runs, one after the other:

1. the HTTP floors, routes that do no database work: wrk on `GET /api/ping`, and the same wrk
   PUTting the same answers' bodies to `PUT /api/ping` (which reads the body and ignores it);
2. the saves: wrk PUTting answers (serve-throughput/put-answers.lua) over keep-alive
   connections, spread over the takers' tokens and questions, each question answered by turns
   with two different choices (reveal `end` lets an answer change, so every PUT is a save);
3. after the server stopped, the C baseline (serve-throughput/baseline.c, compiled here with
   gcc -O2 -lsqlite3) committing the same single-row writes into the same database, one
   transaction each: the answer's upsert with its change-log row, as a save commits, and the
   upsert alone.

It prints saved answers/s, the floors' requests/s, the ratios (goal >= 0.5: the database costs
at most half the throughput, read against the PUT floor: the same requests, the same wrk, with
the database's work the only difference; the GET floor's ratio is printed beside it), the
baseline's commits/s, and saved answers/s as this machine's capacity. Every process is bounded in time and killed at the end.
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from quizserve import ServeError, Served, quiz_command  # noqa: E402

SCRIPT = os.path.join(HERE, "serve-throughput", "put-answers.lua")
BASELINE = os.path.join(HERE, "serve-throughput", "baseline.c")
QUIZ_ID = "quiz-00000"


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiz", default=os.path.join(ROOT, ".build", "release", "quiz"), help="the quiz binary")
    parser.add_argument("--takers", type=int, default=64, help="takers signed in for the saves (default 64)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    parser.add_argument("--connections", type=int, default=64, help="wrk keep-alive connections (default 64)")
    parser.add_argument("--seconds", type=int, default=15, help="seconds of each wrk run (default 15)")
    parser.add_argument("--baseline-seconds", type=float, default=5, help="seconds of each C run (default 5)")
    return parser.parse_args()


def make_database(quiz, work):
    bank = os.path.join(work, "bank.json")
    with open(bank, "wb") as out:
        subprocess.run([sys.executable, os.path.join(HERE, "make-bank.py"), "--quizzes", "1", "--questions", "20"],
                       stdout=out, check=True, timeout=60)
    db = os.path.join(work, "throughput.sqlite")
    quiz_command(quiz, db, "import", bank)
    return db


def write_targets(served, takers, path, floor_path):
    """Signs the takers in; writes every (token, question) twice, with two different choices, in
    an order that moves from taker to taker; and the same bodies PUT to /api/ping to floor_path."""
    attempts = [served.sign_in(QUIZ_ID, f"wrk-{number:04d}") for number in range(takers)]
    lines = []
    for turn in (0, 1):
        for position in range(len(attempts[0]["questions"])):
            for attempt in attempts:
                question = attempt["questions"][position]
                choices = question["choices"]
                body = '{"selected":["%s"]}' % choices[turn % len(choices)]["id"]
                lines.append(f"/api/attempts/{attempt['attempt']}/answers/{question['id']}\t{body}\n")
    with open(path, "w", encoding="utf-8") as out:
        out.writelines(lines)
    with open(floor_path, "w", encoding="utf-8") as out:
        out.writelines("/api/ping\t" + line.split("\t", 1)[1] for line in lines)
    return len(lines)


def wrk(url, args, *script_arguments, served=None):
    """One wrk run through the Lua script; returns its result line's figures, with the CPU time
    per request of wrk and, given `served`, of the server and of its committer thread."""
    argv = ["wrk", f"-t{args.threads}", f"-c{args.connections}", f"-d{args.seconds}s", "--timeout", "5s",
            "-s", SCRIPT, url]
    if script_arguments:
        argv += ["--", *script_arguments]
    server_before = served.cpu_seconds() if served else None
    wrk_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=args.seconds + 60)
    except subprocess.TimeoutExpired:
        sys.exit(f"wrk did not finish within {args.seconds + 60} s: {' '.join(argv)}")
    found = re.search(r"^result (.*)$", done.stdout, re.M)
    if done.returncode != 0 or not found:
        sys.exit(f"wrk failed ({done.returncode}): {' '.join(argv)}\n{done.stdout}\n{done.stderr}")
    figures = {key: float(value) for key, value in (pair.split("=") for pair in found.group(1).split())}
    figures["per_second"] = (figures["requests"] - figures["non200"]) / figures["seconds"]
    wrk_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    requests = max(figures["requests"], 1)
    figures["wrk_us"] = ((wrk_after.ru_utime - wrk_before.ru_utime) + (wrk_after.ru_stime - wrk_before.ru_stime)) \
        / requests * 1e6
    server_after = served.cpu_seconds() if served else None
    if server_before and server_after:
        figures["server_us"] = (server_after[0] - server_before[0]) / requests * 1e6
        committer = server_after[1].get("quiz commits", 0) - server_before[1].get("quiz commits", 0)
        figures["committer_us"] = committer / requests * 1e6
    return figures


def baseline(db, work, seconds, *flags):
    binary = os.path.join(work, "baseline")
    if not os.path.exists(binary):
        subprocess.run(["gcc", "-O2", "-o", binary, BASELINE, "-lsqlite3"], check=True, timeout=120)
    done = subprocess.run([binary, db, str(seconds), *flags], capture_output=True, text=True, timeout=seconds + 60)
    found = re.search(r"per_second=(\d+)", done.stdout)
    if done.returncode != 0 or not found:
        sys.exit(f"the C baseline failed ({done.returncode}): {done.stderr}")
    return float(found.group(1))


def describe(label, figures):
    print(f"{label}: {figures['per_second']:,.0f}/s ({figures['requests']:,.0f} requests in "
          f"{figures['seconds']:.1f} s, {figures['non200']:.0f} not 200, {figures['socket_errors']:.0f} socket "
          f"errors; p50 {figures['p50_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms)")


def describe_cpu(put_floor, saves):
    """Where the CPU of a request goes, from /proc and wrk's resource usage (the machine's other
    load is not in it, unlike the rates): what a save costs beyond a PUT ping is the database's
    work and the hand-over to the thread that commits it. The ratio reaches 0.5 only when that
    extra is at most a whole PUT ping, server and wrk together."""
    if "server_us" not in saves or "server_us" not in put_floor:
        return
    ping = put_floor["server_us"] + put_floor["wrk_us"]
    save = saves["server_us"] + saves["wrk_us"]
    print(f"CPU per request, server + wrk: PUT ping {put_floor['server_us']:.1f} + {put_floor['wrk_us']:.1f} us, "
          f"save {saves['server_us']:.1f} + {saves['wrk_us']:.1f} us (the committer thread "
          f"{saves['committer_us']:.1f} us of it); a save costs {save - ping:.1f} us more than a PUT ping, "
          f"{(save - ping) / ping:.2f} pings (0.5 needs at most 1, on a machine with nothing else running)")


def main():
    args = arguments()
    if not os.access(args.quiz, os.X_OK):
        sys.exit(f"{args.quiz} is not an executable: build it with "
                 "`swift build -c release --static-swift-stdlib --product quiz` or name one with --quiz")
    if shutil.which("wrk") is None or shutil.which("gcc") is None:
        sys.exit("this benchmark needs wrk and gcc (apt-get install wrk gcc libsqlite3-dev)")
    work = tempfile.mkdtemp(prefix="quiz-serve-throughput-")
    served = None
    try:
        db = make_database(args.quiz, work)
        served = Served(args.quiz, db, "--all", "--reveal", "end")
        targets = os.path.join(work, "targets.tsv")
        floor_targets = os.path.join(work, "floor-targets.tsv")
        count = write_targets(served, args.takers, targets, floor_targets)
        floor = wrk(served.base + "/api/ping", args, served=served)
        put_floor = wrk(served.base, args, floor_targets, str(args.threads), served=served)
        saves = wrk(served.base, args, targets, str(args.threads), served=served)
        peak = served.peak_memory_kib()
        served.stop()
        served = None
        logged = baseline(db, work, args.baseline_seconds)
        answer_only = baseline(db, work, args.baseline_seconds, "--answer-only")
    except ServeError as error:
        sys.exit(str(error))
    finally:
        if served is not None:
            served.stop()
        shutil.rmtree(work, ignore_errors=True)

    # A floor that answered nothing but errors (a binary without PUT /api/ping) has no ratio.
    ratio = saves["per_second"] / put_floor["per_second"] if put_floor["per_second"] else float("nan")
    get_ratio = saves["per_second"] / floor["per_second"] if floor["per_second"] else float("nan")
    print(f"\nquiz serve throughput: wrk -t{args.threads} -c{args.connections} -d{args.seconds}s on loopback, "
          f"{args.takers} takers x 20 questions ({count} PUT targets), {os.cpu_count()} cores")
    describe("HTTP floor (GET /api/ping)", floor)
    describe("HTTP floor (PUT /api/ping, the same bodies)", put_floor)
    describe("answers saved (PUT)", saves)
    print(f"saves / PUT floor: {ratio:.2f} (goal >= 0.5: {'met' if ratio >= 0.5 else 'NOT met'}); "
          f"saves / GET floor: {get_ratio:.2f}")
    print(f"C baseline, one transaction each: {logged:,.0f} commits/s with the change-log row (as a save commits), "
          f"{answer_only:,.0f} commits/s with the answer row alone")
    describe_cpu(put_floor, saves)
    print(f"server peak memory (VmHWM): {peak / 1024:.1f} MiB" if peak else "server peak memory: unknown")
    print(f"capacity of this machine: {saves['per_second']:,.0f} saved answers/s")
    failed = sum(run["non200"] + run["socket_errors"] for run in (saves, floor, put_floor))
    sys.exit(0 if failed == 0 else 1)


if __name__ == "__main__":
    main()
