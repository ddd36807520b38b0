#!/usr/bin/env python3
"""Concurrency run: concurrent writers lose nothing, never see "database is locked", and `watch` sees every change once.

Promises tested (docs/guide.md "Observing changes", `quiz backup`, issue 14):
- 4 writers (each a stream of `quiz` processes, run side by side) make 500 writes each on one
  database: `add question`, `edit` of one question (through $EDITOR, a script that rewrites
  the prompt), `rm` of a question, `grade QUIZ --as NAME --answer ...` and `import` of a small
  quiz-bank/1 file (a new quiz, or new prompts for one imported before). Meanwhile
  `quiz watch --format json` runs, a loop of `quiz report` runs, and `quiz backup` copies the
  database several times; and, a few seconds in, one bulk import of bank A
  (Benchmarks/make-bank.py --quizzes 1000 --questions 100, several seconds of holding the
  write lock) runs among them: the other writers must wait for it, not fail.
- Every write exits 0, and no stderr of any process (writers, reports, backups, watch) mentions
  "locked" or "busy".
- Every write is accounted for: the final export holds, for every writer, exactly the
  questions and prompts its successful writes leave, every imported quiz with its latest
  prompts, and one attempt per successful grade.
- `watch` printed every change-log entry committed during the run exactly once, in increasing
  order (the list equals the change log's), and never claimed a change outside the log.
- Every report exits 0 and the attempt count it reports never decreases.
- Every backup exits 0, is readable by its owner only, and passes `quiz --db COPY check`.
- The same-quiz scenario (scripts/reliability/same-quiz.py): 20 simultaneous adds keep 20
  questions, and the writers' mixed writes on ONE quiz leave what a model applying them in
  change-log order leaves.

Rerun (the release build; sizes are options, defaults are the issue's):

    swift build -c release
    python3 scripts/reliability/concurrency.py [--quiz .build/release/quiz] [--writers 4] [--writes 500]
        [--backups 5] [--backup-every 15] [--bulk-quizzes 1000] [--bulk-questions 100] [--bulk-at 5]
        [--seed 14]        (--bulk-quizzes 0: no bulk import)

Prints the figures at the end; exits 1 if any promise was broken.
"""
import json
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rellib import SEEDS, Promises, Work, make_bank, options, parser, print_table, quantiles, rng, run  # noqa: E402

EDITOR = r'''
import json, os, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    question = json.load(f)
question["prompt"] = os.environ["NEW_PROMPT"]
with open(path, "w", encoding="utf-8") as f:
    json.dump(question, f, ensure_ascii=False)
'''

# The seeds' quiz the writers grade attempts at, and the answers they give.
GRADED_QUIZ = "reactive-swift"
GRADE_ANSWERS = ["what-is-rxswift=a,c", "hot-or-cold=a", "dispose-bag=a"]
KINDS = ("add", "edit", "rm", "grade", "import")


class Writer:
    """One writer: its operations, what they should leave in the database, and their results."""

    def __init__(self, number, args, work, editor):
        self.number = number
        self.quiz_id = f"w{number}"
        self.args, self.work, self.editor = args, work, editor
        self.random = rng(args.seed, f"writer-{number}")
        self.questions = {}  # id -> prompt, what the database should hold for quiz wN
        self.next_question = 0
        self.imported = {}  # quiz id -> {question id: prompt}
        self.takers = []  # one attempt each
        self.results = []  # (kind, Result)

    def quiz(self, *arguments, env=None):
        return run([self.args.quiz, "--db", self.args.db, *arguments], env=env, timeout=300)

    def step(self, index):
        r = self.random.random()
        if not self.questions or r < 0.30:
            kind = "add"
        elif r < 0.48:
            kind = "edit"
        elif r < 0.58:
            kind = "rm"
        elif r < 0.83:
            kind = "grade"
        else:
            kind = "import"
        if kind == "add":
            qid = f"q{self.next_question}"
            self.next_question += 1
            prompt = f"Writer {self.number}, question {qid}, as added at write {index}?"
            result = self.quiz("add", "question", self.quiz_id, "--id", qid, "--prompt", prompt,
                               "--right", f"yes {qid}", "--wrong", f"no {qid}", "--wrong", "maybe")
            if result.returncode == 0:
                self.questions[qid] = prompt
        elif kind == "edit":
            qid = self.random.choice(sorted(self.questions))
            prompt = f"Writer {self.number}, question {qid}, as edited at write {index}?"
            result = self.quiz("edit", f"{self.quiz_id}/{qid}",
                               env={"EDITOR": f"{sys.executable} {self.editor}", "VISUAL": "",
                                    "NEW_PROMPT": prompt, "TMPDIR": self.work.path})
            if result.returncode == 0:
                self.questions[qid] = prompt
        elif kind == "rm":
            qid = self.random.choice(sorted(self.questions))
            result = self.quiz("rm", f"{self.quiz_id}/{qid}")
            if result.returncode == 0:
                del self.questions[qid]
        elif kind == "grade":
            taker = f"w{self.number}-grade-{index}"
            answers = [x for a in GRADE_ANSWERS for x in ("--answer", a)]
            result = self.quiz("grade", GRADED_QUIZ, "--as", taker, *answers)
            if result.returncode == 0:
                self.takers.append(taker)
        else:
            if self.imported and self.random.random() < 0.5:
                quiz_id = self.random.choice(sorted(self.imported))
            else:
                quiz_id = f"i{self.number}-{index}"
            questions = {f"iq{k}": f"Imported {quiz_id} question {k} at write {index}?" for k in range(3)}
            doc = {"format": "quiz-bank/1", "quizzes": [{
                "id": quiz_id, "title": f"Imported by writer {self.number}",
                "sections": [{"title": "Only", "questions": [
                    {"id": qid, "prompt": prompt, "choices": [{"text": "right", "correct": True},
                                                              {"text": "wrong", "correct": False}]}
                    for qid, prompt in questions.items()]}]}]}
            path = self.work.file(f"import-w{self.number}-{index}.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f)
            result = self.quiz("import", path)
            os.remove(path)
            if result.returncode == 0:
                self.imported[quiz_id] = questions
        self.results.append((kind, result))

    def run(self):
        for index in range(self.args.writes):
            self.step(index)


def latest_seq(db):
    connection = sqlite3.connect(db)
    try:
        return connection.execute("SELECT coalesce(max(seq), 0) FROM change_log").fetchone()[0]
    finally:
        connection.close()


def main():
    p = parser(__doc__)
    p.add_argument("--writers", type=int, default=4, help="concurrent writers (default 4)")
    p.add_argument("--writes", type=int, default=500, help="writes per writer (default 500)")
    p.add_argument("--backups", type=int, default=5, help="backups taken while the writers run (default 5)")
    p.add_argument("--backup-every", type=float, default=15, help="seconds between backups (default 15)")
    p.add_argument("--bulk-quizzes", type=int, default=1000, help="quizzes of the bulk import (default 1000; 0: none)")
    p.add_argument("--bulk-questions", type=int, default=100, help="questions per quiz of the bulk import (default 100)")
    p.add_argument("--bulk-at", type=float, default=5, help="seconds into the run the bulk import starts (default 5)")
    args = options(p)
    promises = Promises()
    started = time.perf_counter()
    with Work(args.keep) as work:
        print(f"quiz: {args.quiz}\nwork folder: {work.path}")
        args.db = work.file("shared.sqlite")
        editor = work.file("editor.py")
        with open(editor, "w") as f:
            f.write(EDITOR)
        setup = [run([args.quiz, "--db", args.db, "import", SEEDS])]
        for number in range(args.writers):
            setup.append(run([args.quiz, "--db", args.db, "add", "quiz", f"w{number}", "--title", f"Writer {number}"]))
        for r in setup:
            promises.check(r.returncode == 0, "setup", r.describe())
        bank = None
        if args.bulk_quizzes:
            print(f"making the bulk import's bank ({args.bulk_quizzes} x {args.bulk_questions}) ...", flush=True)
            bank = make_bank(work.path, args.bulk_quizzes, args.bulk_questions)
        start_seq = latest_seq(args.db)

        watch_out = open(work.file("watch.ndjson"), "wb")
        watch_err = open(work.file("watch.err"), "wb")
        watch = subprocess.Popen([args.quiz, "--db", args.db, "watch", "--since", str(start_seq), "--format", "json"],
                                 stdout=watch_out, stderr=watch_err, stdin=subprocess.DEVNULL)

        writers = [Writer(number, args, work, editor) for number in range(args.writers)]
        threads = [threading.Thread(target=w.run) for w in writers]
        done = threading.Event()
        reports, backups, bulk = [], [], []

        def report_loop():
            while not done.is_set():
                reports.append(run([args.quiz, "--db", args.db, "report", GRADED_QUIZ, "--format", "json"]))

        def backup_loop():
            # Spread over the expected run: one backup every few seconds until --backups are taken.
            while not done.is_set() and len(backups) < args.backups:
                if done.wait(args.backup_every):
                    break
                copy = work.file(f"backup-{len(backups)}.sqlite")
                backups.append((copy, run([args.quiz, "--db", args.db, "backup", copy])))

        def bulk_import():
            if bank and not done.wait(args.bulk_at):
                bulk.append(run([args.quiz, "--db", args.db, "import", bank]))

        helpers = [threading.Thread(target=report_loop), threading.Thread(target=backup_loop)]
        bulk_thread = threading.Thread(target=bulk_import)
        threads.append(bulk_thread)
        write_start = time.perf_counter()
        for t in threads + helpers:
            t.start()
        for t in threads:
            t.join()
        write_seconds = time.perf_counter() - write_start
        done.set()
        for t in helpers:
            t.join()
        # A backup after the writers, if the run was too short to take them all meanwhile.
        while len(backups) < args.backups:
            copy = work.file(f"backup-{len(backups)}.sqlite")
            backups.append((copy, run([args.quiz, "--db", args.db, "backup", copy])))
            print(f"  (backup {len(backups)} taken after the writers ended)")

        end_seq = latest_seq(args.db)
        # Let the watch catch up (it polls every 50 ms), then stop it.
        deadline = time.time() + 30
        seen = []
        while time.time() < deadline:
            watch_out.flush()
            with open(work.file("watch.ndjson"), "rb") as f:
                lines = f.read().decode(errors="replace").splitlines()
            seen = [json.loads(line) for line in lines if line.strip()]
            if seen and seen[-1].get("seq") == end_seq:
                break
            time.sleep(0.1)
        time.sleep(0.5)
        watch_alive = watch.poll() is None
        watch.send_signal(signal.SIGINT)
        try:
            watch_rc = watch.wait(timeout=10)
        except subprocess.TimeoutExpired:
            watch.kill()
            watch_rc = watch.wait()
        watch_out.close()
        watch_err.close()
        with open(work.file("watch.ndjson"), "rb") as f:
            seen = [json.loads(line) for line in f.read().decode(errors="replace").splitlines() if line.strip()]
        with open(work.file("watch.err"), "rb") as f:
            watch_stderr = f.read().decode(errors="replace")

        # ---- Every write exited 0, no lock error anywhere.
        results = [(w.number, kind, r) for w in writers for kind, r in w.results] + [("bulk", "bulk import", r)
                                                                                    for r in bulk]
        failed = [(n, kind, r) for n, kind, r in results if r.returncode != 0]
        locked = [(n, kind, r) for n, kind, r in results if r.lock_error]
        for n, kind, r in failed[:10]:
            promises.check(False, f"writer {n}: {kind} exits 0", r.describe())
        promises.check(not failed, f"every write exits 0 ({len(failed)} of {len(results)} did not)")
        promises.check(not locked, f"no write's stderr mentions locked/busy ({len(locked)} did)")
        crashed = [r for _, _, r in results if r.crashed]
        promises.check(not crashed, f"no write crashed ({len(crashed)} did)", crashed[0].describe() if crashed else "")

        # ---- Reports.
        bad_reports = [r for r in reports if r.returncode != 0 or r.lock_error]
        for r in bad_reports[:5]:
            promises.check(False, "report exits 0 without a lock error", r.describe())
        promises.check(not bad_reports, f"every report exits 0 ({len(bad_reports)} of {len(reports)} did not)")
        counts = []
        for r in reports:
            if r.returncode == 0:
                try:
                    counts.append(json.loads(r.out)["attempts"])
                except (ValueError, KeyError, TypeError):
                    promises.check(False, "report prints JSON with an attempt count", r.out[:300])
        decreasing = sum(1 for a, b in zip(counts, counts[1:]) if b < a)
        promises.check(decreasing == 0, f"the attempt count a report shows never decreases ({decreasing} times it did)")

        # ---- Every write accounted for, from an export of the final database.
        export = run([args.quiz, "--db", args.db, "export", "--with-attempts"])
        promises.check(export.returncode == 0, "final export", export.describe())
        document = json.loads(export.out)
        quizzes = {q["id"]: {qq["id"]: qq["prompt"] for s in q["sections"] for qq in s["questions"]}
                   for q in document["quizzes"]}
        takers = {}
        for attempt in document.get("attempts", []):
            takers[attempt["taker"]] = takers.get(attempt["taker"], 0) + 1
        lost = 0
        for w in writers:
            ok = quizzes.get(w.quiz_id) == w.questions
            if not ok:
                have = quizzes.get(w.quiz_id, {})
                missing = sorted(set(w.questions) - set(have))
                extra = sorted(set(have) - set(w.questions))
                stale = sorted(q for q in set(w.questions) & set(have) if w.questions[q] != have[q])
                lost += len(missing) + len(extra) + len(stale)
                promises.check(False, f"writer {w.number}: quiz {w.quiz_id} holds what its writes left",
                               f"missing {missing[:10]}, unexpected {extra[:10]}, stale prompts {stale[:10]}")
            for quiz_id, questions in w.imported.items():
                if quizzes.get(quiz_id) != questions:
                    lost += 1
                    promises.check(False, f"writer {w.number}: imported quiz {quiz_id} holds its last import",
                                   f"{quizzes.get(quiz_id)} vs {questions}")
            for taker in w.takers:
                if takers.get(taker) != 1:
                    lost += 1
                    promises.check(False, f"writer {w.number}: one attempt by {taker}", f"found {takers.get(taker)}")
        expected_takers = {t for w in writers for t in w.takers}
        stray = [t for t in takers if t.startswith("w") and "-grade-" in t and t not in expected_takers]
        promises.check(not stray, "no attempt that no successful grade made", str(stray[:10]))
        if bulk and bulk[0].returncode == 0:
            with open(bank, encoding="utf-8") as f:
                bank_quizzes = {q["id"]: {qq["id"]: qq["prompt"] for s in q["sections"] for qq in s["questions"]}
                                for q in json.load(f)["quizzes"]}
            missing = [quiz_id for quiz_id, questions in bank_quizzes.items() if quizzes.get(quiz_id) != questions]
            lost += len(missing)
            promises.check(not missing, f"the bulk import's quizzes are all there ({len(missing)} not)", str(missing[:10]))
        promises.check(lost == 0, f"every successful write is in the final database ({lost} not)")

        # ---- The watch.
        connection = sqlite3.connect(args.db)
        logged = [seq for (seq,) in connection.execute("SELECT seq FROM change_log WHERE seq > ? ORDER BY seq",
                                                       (start_seq,))]
        connection.close()
        seqs = [line["seq"] for line in seen if "seq" in line]
        external = [line for line in seen if line.get("kind") == "external"]
        duplicates = len(seqs) - len(set(seqs))
        unordered = sum(1 for a, b in zip(seqs, seqs[1:]) if b <= a)
        missed = sorted(set(logged) - set(seqs))
        unknown = sorted(set(seqs) - set(logged))
        gaps = sum(1 for a, b in zip(logged, logged[1:]) if b != a + 1)
        promises.check(duplicates == 0, f"watch printed no change twice ({duplicates} duplicates)")
        promises.check(unordered == 0, f"watch printed changes in increasing order ({unordered} out of order)")
        promises.check(not missed, f"watch printed every logged change ({len(missed)} missed)", str(missed[:20]))
        promises.check(not unknown, f"watch printed only logged changes ({len(unknown)} unknown)", str(unknown[:20]))
        promises.check(not external, f"watch reported no change outside the log ({len(external)} times)",
                       str(external[:3]))
        promises.check(len(logged) >= len(results) - len(failed),
                       f"the change log has an entry for every write ({len(logged)} entries, "
                       f"{len(results) - len(failed)} writes)")
        promises.check("locked" not in watch_stderr.lower() and "busy" not in watch_stderr.lower()
                       and "Fatal error" not in watch_stderr, "watch's stderr has no lock error or crash",
                       watch_stderr[:500])
        promises.check(watch_alive, "watch was still running when the run ended", f"exit {watch.returncode}")
        promises.check(watch_rc in (0, 130, -signal.SIGINT), f"watch ends on SIGINT (exit {watch_rc})")

        # ---- Backups.
        backup_rows = []
        for copy, r in backups:
            promises.check(r.returncode == 0 and not r.lock_error, f"backup {os.path.basename(copy)} exits 0",
                           r.describe())
            mode = stat.S_IMODE(os.stat(copy).st_mode) if os.path.exists(copy) else None
            promises.check(mode == 0o600, f"backup {os.path.basename(copy)} is owner-only",
                           f"mode {oct(mode) if mode is not None else 'missing'}")
            check = run([args.quiz, "--db", copy, "check"]) if os.path.exists(copy) else None
            promises.check(check is not None and check.returncode == 0, f"quiz check of {os.path.basename(copy)} exits 0",
                           check.describe() + check.out[-600:] if check else "no copy")
            copy_seq = latest_seq(copy) if os.path.exists(copy) else None
            backup_rows.append([os.path.basename(copy), f"{r.seconds:.2f}", copy_seq,
                                oct(mode) if mode is not None else "-", check.returncode if check else "-"])
        final_check = run([args.quiz, "--db", args.db, "check"])
        promises.check(final_check.returncode == 0, "quiz check of the shared database exits 0", final_check.describe())

    print("\n== figures ==")
    if bulk:
        print(f"bulk import of {args.bulk_quizzes} x {args.bulk_questions} started {args.bulk_at:.0f} s in: "
              f"exit {bulk[0].returncode}, {bulk[0].seconds:.1f} s")
    print(f"{args.writers} writers x {args.writes} writes in {write_seconds:.1f} s "
          f"({len(results) / write_seconds:.0f} writes/s), while watch, {len(reports)} reports and "
          f"{len(backups)} backups ran")
    rows = []
    for kind in KINDS + ("bulk import",):
        mine = [r for _, k, r in results if k == kind]
        if mine:
            rows.append([kind, len(mine), sum(1 for r in mine if r.returncode == 0),
                         sum(1 for r in mine if r.returncode != 0), sum(1 for r in mine if r.lock_error),
                         quantiles([r.seconds for r in mine])])
    rows.append(["all", len(results), len(results) - len(failed), len(failed), len(locked),
                 quantiles([r.seconds for _, _, r in results])])
    print_table(["write", "runs", "exit 0", "failed", "locked/busy", "seconds min / median / max"], rows)
    print(f"final state: {sum(len(w.questions) for w in writers)} writer questions, "
          f"{sum(len(w.imported) for w in writers)} imported quizzes, "
          f"{sum(len(w.takers) for w in writers)} graded attempts; writes not found: {lost}")
    print(f"change log: {len(logged)} entries ({start_seq + 1}..{end_seq}), gaps in the numbering {gaps}; "
          f"watch printed {len(seqs)}: duplicates {duplicates}, out of order {unordered}, missed {len(missed)}, "
          f"external {len(external)}")
    print(f"reports: {len(reports)} runs, failed {len(bad_reports)}, "
          f"seconds {quantiles([r.seconds for r in reports])}, attempts seen {counts[0] if counts else '-'}"
          f" -> {counts[-1] if counts else '-'}")
    print("backups (taken while the writers ran):")
    print_table(["copy", "seconds", "newest change", "mode", "check exit"], backup_rows)
    # ---- The same-quiz scenario: the writers above each have a quiz of their own, which is why
    # they never saw two writers undo each other; same-quiz.py puts them on one quiz.
    print("\nsame-quiz scenario (scripts/reliability/same-quiz.py):", flush=True)
    same = run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "same-quiz.py"),
                "--quiz", args.quiz, "--processes", str(args.writers), "--seed", str(args.seed)], timeout=1800)
    print("\n".join("  " + line for line in same.out.strip().splitlines()[-10:]))
    promises.check(same.returncode == 0, "same-quiz: writers on one quiz leave what the model does", same.err[-600:])
    print(f"total time {time.perf_counter() - started:.0f} s")
    promises.finish()


if __name__ == "__main__":
    main()
