#!/usr/bin/env python3
"""Benchmark of `quiz report` (issue: grading reports).

    python3 Benchmarks/bench-report.py [--quizzes 100] [--questions 100] [--attempts 100] [--rounds 5]
                                       [--large-attempts 100000] [--large-questions 50]

Data: Benchmarks/make-bank.py (100 quizzes x 100 questions x 100 attempts: 10,000 attempts,
1,000,000 answers), imported once. The reference is the sqlite3 CLI computing, on the same
database, the per-question means and variances in SQL (REFERENCE_SQL below). Side by side in
each round:
- one quiz: `quiz report Q --format json` against one sqlite3 run of the reference for Q;
- all quizzes in turn, in one process each: `quiz report Q1 … Q100 --format json` against one
  sqlite3 run of the reference for each quiz in turn;
- all quizzes in turn, one process per quiz for both (startup included 100 times).
Then one large quiz (make-bank.py --quizzes 1 --questions 50 --attempts 100000: 5,000,000
answers), imported into a database of its own: `quiz report` against the reference, with the
report's peak memory (the target is under 64 MiB).
Prints medians and ratios.
"""
import os
import shutil
import statistics
import sys
import tempfile

from benchlib import arguments, bank as make_bank, build, run as run_measured, timed

REFERENCE_SQL = """
SELECT v.question_id, count(*), avg(an.score),
       (sum(an.score * an.score) - sum(an.score) * sum(an.score) / count(*)) / (count(*) - 1)
FROM attempts a
JOIN answers an ON an.attempt_id = a.id
JOIN question_versions v ON v.id = an.version_id
WHERE a.quiz_id = (SELECT id FROM quizzes WHERE slug = '{quiz}')
GROUP BY v.question_id;
"""


run = timed


def large_quiz(quiz, work, attempts, questions, rounds):
    """One quiz of `attempts` x `questions`: report time against the reference, and peak memory."""
    bank = make_bank(1, questions, attempts)
    db = os.path.join(work, "large.sqlite")
    run([quiz, "--db", db, "import", bank])
    sql = REFERENCE_SQL.format(quiz="quiz-00000").encode()
    ref_times, times, peaks = [], [], []
    for round_ in range(rounds):
        ref_times.append(run(["sqlite3", db], sql))
        seconds, rss, _ = run_measured([quiz, "--db", db, "report", "quiz-00000", "--format", "json"])
        times.append(seconds)
        peaks.append(rss)
        print(f"large round {round_ + 1}: sqlite3 {ref_times[-1]:.2f} s, quiz report {times[-1]:.2f} s, "
              f"peak {peaks[-1]:.0f} MiB")
    a, b = statistics.median(ref_times), statistics.median(times)
    return (f"{f'one quiz of {attempts:,} attempts x {questions}':40} sqlite3 CLI {a:8.2f} s    quiz report "
            f"{b:8.2f} s    ratio {b / a:.2f}; peak memory {max(peaks):.0f} MiB (target < 64 MiB)")


def main():
    import argparse
    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--large-attempts", type=int, default=100_000)
    extra.add_argument("--large-questions", type=int, default=50)
    large, rest = extra.parse_known_args()
    sys.argv[1:] = rest
    args = arguments(100, 100, 5, attempts=100)
    if not shutil.which("sqlite3"):
        sys.exit("the sqlite3 CLI is needed: apt-get install sqlite3")
    bank = make_bank(args.quizzes, args.questions, args.attempts)
    quiz = os.path.join(build("quiz"), "quiz")
    work = tempfile.mkdtemp(prefix="quiz-bench-")
    db = os.path.join(work, "bank.sqlite")
    run([quiz, "--db", db, "import", bank])
    ids = [f"quiz-{i:05d}" for i in range(args.quizzes)]
    one = ids[len(ids) // 2]
    print(f"data: {bank} imported ({args.quizzes * args.attempts} attempts); one quiz: {one}")

    all_sql_script = "".join(REFERENCE_SQL.format(quiz=q) for q in ids).encode()
    one_sql, one_quiz, all_sql, all_quiz, each_sql, each_quiz = [], [], [], [], [], []
    for round_ in range(args.rounds):
        one_sql.append(statistics.median(run(["sqlite3", db], REFERENCE_SQL.format(quiz=one).encode()) for _ in range(10)))
        one_quiz.append(statistics.median(run([quiz, "--db", db, "report", one, "--format", "json"]) for _ in range(10)))
        all_sql.append(run(["sqlite3", db], all_sql_script))
        all_quiz.append(run([quiz, "--db", db, "report", *ids, "--format", "json"]))
        each_sql.append(sum(run(["sqlite3", db], REFERENCE_SQL.format(quiz=q).encode()) for q in ids))
        each_quiz.append(sum(run([quiz, "--db", db, "report", q, "--format", "json"]) for q in ids))
        print(f"round {round_ + 1}: one quiz sqlite3 {one_sql[-1] * 1000:.1f} ms, quiz {one_quiz[-1] * 1000:.1f} ms; "
              f"all in one process sqlite3 {all_sql[-1]:.3f} s, quiz {all_quiz[-1]:.3f} s; "
              f"a process per quiz sqlite3 {each_sql[-1]:.2f} s, quiz {each_quiz[-1]:.2f} s")
    large_line = large_quiz(quiz, work, large.large_attempts, large.large_questions, min(args.rounds, 3))
    shutil.rmtree(work)
    print()
    for name, ref, ours, unit, scale in (
        ("one quiz (a process each)", one_sql, one_quiz, "ms", 1000),
        ("all quizzes in turn (one process each)", all_sql, all_quiz, "s", 1),
        ("all quizzes, a process per quiz", each_sql, each_quiz, "s", 1),
    ):
        a, b = statistics.median(ref), statistics.median(ours)
        print(f"{name:40} sqlite3 CLI {a * scale:8.2f} {unit}   quiz report {b * scale:8.2f} {unit}   ratio {b / a:.2f} (target <= 1.50)")
    print(large_line)


if __name__ == "__main__":
    main()
