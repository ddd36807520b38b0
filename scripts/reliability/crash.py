#!/usr/bin/env python3
"""Crash runs: a write interrupted at any moment leaves all of itself or none of it, and a sound database.

Promises tested (docs/guide.md "Exit statuses", issue 14):
- `quiz import` of bank A (Benchmarks/make-bank.py --quizzes 1000 --questions 100), killed
  with SIGKILL at random moments, half of the trials into a database that holds the seeds only
  (inserts), half into one that already holds bank A (every question changes: updates). After
  each kill: `quiz check` exits 0, SQLite's `PRAGMA integrity_check` says ok and
  `PRAGMA foreign_key_check` finds nothing, and every table's row count (and the newest
  change-log number) equals the snapshot taken before the import or the one of a complete
  import: all or nothing.
- The same with SIGINT and SIGTERM: same result, and the import exits 130 / 143 saying that
  nothing was imported (or 0 if it had committed).
- `quiz grade --attempts FILE` of 10,000 attempts (100 answers each), interrupted by SIGKILL,
  SIGINT and SIGTERM in turn: all attempts or none.
- `quiz edit QUIZ` saving a whole quiz of 100 changed questions, killed (SIGKILL) at random
  moments after the editor (a script) has written its file: all new versions or none.
- A SIGINT or SIGTERM that arrives after an import or a `grade --attempts` has committed
  (made certain by a full pipe as standard output, which blocks the summary): the exit status
  must not say that nothing was written.
- A full-screen `quiz take` in a tmux pane, sent SIGINT or SIGTERM while on screen: the pane's
  `stty -g` afterwards equals the one before, the alternate screen is left and the cursor shown,
  the status is 130 / 143, and no attempt was recorded.

Rerun (the release build; sizes are options, defaults are the issue's):

    swift build -c release
    python3 scripts/reliability/crash.py [--quiz .build/release/quiz] [--trials 20]
        [--signal-trials 10] [--grade-trials 6] [--attempts 10000] [--edit-trials 10] [--take-trials 2]
        [--quizzes 1000] [--questions 100] [--seed 14]

Prints each trial and the figures at the end; exits 1 if any promise was broken.
"""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rellib import (SEEDS, Promises, Work, copy_db, counts, difference, make_bank, options, parser,  # noqa: E402
                    print_table, remove_db, rng, run, settle, sqlite_checks)

SIGNAL_NAMES = {signal.SIGKILL: "KILL", signal.SIGINT: "INT", signal.SIGTERM: "TERM"}


def interrupt(argv, delay, sig, env=None, wait_for=None):
    """Starts argv, waits `delay` seconds (after `wait_for` exists, if given), sends sig.
    Returns (returncode, stderr, finished_before_the_signal, seconds the process ran)."""
    full_env = dict(os.environ, **env) if env else None
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env=full_env)
    if wait_for:
        while not os.path.exists(wait_for) and process.poll() is None:
            time.sleep(0.0005)
    time.sleep(delay)
    finished = process.poll() is not None
    if not finished:
        process.send_signal(sig)
    _, err = process.communicate()
    return process.returncode, err.decode(errors="replace"), finished, time.perf_counter() - start


def verify(label, quiz, db, before, after, promises):
    """The checks after an interruption; returns 'none', 'all' or 'PARTIAL'."""
    r = run([quiz, "--db", db, "check"])
    promises.check(r.returncode == 0, f"{label}: quiz check exits 0 after the interruption", r.describe() + r.out[-800:])
    integrity, foreign = sqlite_checks(db)
    promises.check(integrity == ["ok"], f"{label}: PRAGMA integrity_check is ok", str(integrity[:5]))
    promises.check(foreign == [], f"{label}: PRAGMA foreign_key_check is empty", str(foreign[:5]))
    now = counts(db)
    outcome = "none" if now == before else "all" if now == after else "PARTIAL"
    promises.check(outcome != "PARTIAL", f"{label}: the database holds all of the write or none of it",
                   f"vs before: {difference(now, before)}; vs after: {difference(now, after)}")
    return outcome


def judge_status(label, sig, rc, err, finished, outcome, message, promises):
    """The exit status an interruption must give, for the outcome it had."""
    if finished:
        promises.check(rc == 0 and outcome == "all", f"{label}: finished before the signal: exit 0 and all written",
                       f"exit {rc}, outcome {outcome}, stderr {err.strip()[:300]!r}")
        return "finished first"
    if sig == signal.SIGKILL:
        promises.check(rc == -signal.SIGKILL, f"{label}: died of SIGKILL", f"exit {rc}")
        return "killed"
    if outcome == "none":
        ok = rc == 128 + sig or rc == -sig
        promises.check(ok, f"{label}: interrupted by SIG{SIGNAL_NAMES[sig]}: exit {128 + sig}",
                       f"exit {rc}, stderr {err.strip()[:300]!r}")
        if rc == 128 + sig:
            promises.check(message in err, f"{label}: says '{message}'", f"stderr {err.strip()[:300]!r}")
            lines = [line for line in err.splitlines() if line.strip()]
            promises.check(len(lines) == 1, f"{label}: one line on stderr", repr(err[:500]))
            return f"exit {rc}"
        return f"died of SIG{SIGNAL_NAMES[sig]} (no handler yet)" if rc == -sig else f"exit {rc}"
    if outcome == "all":
        promises.check(rc == 0, f"{label}: everything was written, so the exit status says success",
                       f"exit {rc}, stderr {err.strip()[:300]!r}")
        return f"committed, exit {rc}"
    return f"exit {rc}"


def import_trials(args, work, quiz, promises, stats):
    print(f"making bank A ({args.quizzes} x {args.questions}) and a changed bank A' (seed 55) ...", flush=True)
    bank_a = make_bank(work.path, args.quizzes, args.questions)
    bank_a2 = make_bank(work.path, args.quizzes, args.questions, seed=55)
    base = work.file("base.sqlite")
    r = run([quiz, "--db", base, "import", SEEDS])
    promises.check(r.returncode == 0, "setup: import seeds/", r.describe())
    settle(base)
    with_a = work.file("with-a.sqlite")
    copy_db(base, with_a)
    full = run([quiz, "--db", with_a, "import", bank_a])
    promises.check(full.returncode == 0, "setup: complete import of bank A", full.describe())
    settle(with_a)
    with_a2 = work.file("with-a2.sqlite")
    copy_db(with_a, with_a2)
    full2 = run([quiz, "--db", with_a2, "import", bank_a2])
    promises.check(full2.returncode == 0, "setup: complete import of bank A' over bank A", full2.describe())
    settle(with_a2)
    kinds = {
        "insert": (base, bank_a, counts(base), counts(with_a), full.seconds),
        "update": (with_a, bank_a2, counts(with_a), counts(with_a2), full2.seconds),
    }
    print(f"complete imports: insert {full.seconds:.2f} s, update {full2.seconds:.2f} s; "
          f"question_versions {kinds['insert'][2]['question_versions']} -> {kinds['insert'][3]['question_versions']}"
          f" -> {kinds['update'][3]['question_versions']}")
    stats["import_seconds"] = (full.seconds, full2.seconds)
    random = rng(args.seed, "import")
    trial_db = work.file("trial.sqlite")
    plan = [signal.SIGKILL] * args.trials + [signal.SIGINT] * args.signal_trials + [signal.SIGTERM] * args.signal_trials
    rows = []
    for number, sig in enumerate(plan):
        kind = "insert" if number % 2 == 0 else "update"
        source, bank, before, after, seconds = kinds[kind]
        copy_db(source, trial_db)
        delay = random.uniform(0, seconds * 0.97)
        label = f"import {kind} #{number + 1} SIG{SIGNAL_NAMES[sig]} at {delay:.2f} s"
        rc, err, finished, ran = interrupt([quiz, "--db", trial_db, "import", bank], delay, sig)
        promises.check(not any(m in err for m in ("Fatal error", "Segmentation")), f"{label}: no crash", err[:300])
        outcome = verify(label, quiz, trial_db, before, after, promises)
        status = judge_status(label, sig, rc, err, finished, outcome, "Interrupted: nothing was imported.", promises)
        rows.append([number + 1, "SIG" + SIGNAL_NAMES[sig], kind, f"{delay:.2f}", f"{delay / seconds:.0%}", outcome,
                     status])
        print(f"  {label}: {outcome}, {status}", flush=True)
        remove_db(trial_db)
    stats["import_rows"] = rows
    return with_a


def make_attempts(bank_a, path, total, seed):
    """`total` attempts over the first 100 quizzes of bank A, one answer per question, NDJSON."""
    with open(bank_a, encoding="utf-8") as f:
        quizzes = json.load(f)["quizzes"][:100]
    random = rng(seed, "attempts")
    answers = 0
    with open(path, "w", encoding="utf-8") as out:
        for number in range(total):
            quiz = quizzes[number % len(quizzes)]
            chosen = []
            for section in quiz["sections"]:
                for question in section["questions"]:
                    ids = [choice["id"] for choice in question["choices"]]
                    count = random.randint(1, 2) if question.get("multiple") else 1
                    chosen.append({"question": question["id"], "selected": sorted(random.sample(ids, count))})
            answers += len(chosen)
            out.write(json.dumps({"id": f"crash-{number:05d}", "quiz": quiz["id"], "taker": f"taker-{number % 300:03d}",
                                  "submitted_at": "2026-11-29T12:00:00Z", "answers": chosen},
                                 separators=(",", ":")) + "\n")
    return answers


def grade_trials(args, work, quiz, with_a, promises, stats):
    attempts = work.file("attempts.ndjson")
    answers = make_attempts(os.path.join(work.path, f"bank-{args.quizzes}x{args.questions}x0-s54.json"), attempts,
                            args.attempts, args.seed)
    after_db = work.file("graded.sqlite")
    copy_db(with_a, after_db)
    full = run([quiz, "--db", after_db, "grade", "--attempts", attempts])
    promises.check(full.returncode == 0, "setup: complete grade --attempts", full.describe())
    before, after = counts(with_a), counts(after_db)
    print(f"complete grade --attempts: {args.attempts} attempts, {answers} answers, {full.seconds:.2f} s")
    stats["grade_seconds"] = full.seconds
    remove_db(after_db)
    random = rng(args.seed, "grade")
    trial_db = work.file("trial.sqlite")
    rows = []
    for number in range(args.grade_trials):
        sig = (signal.SIGKILL, signal.SIGINT, signal.SIGTERM)[number % 3]
        copy_db(with_a, trial_db)
        delay = random.uniform(0, full.seconds * 0.97)
        label = f"grade --attempts #{number + 1} SIG{SIGNAL_NAMES[sig]} at {delay:.2f} s"
        rc, err, finished, _ = interrupt([quiz, "--db", trial_db, "grade", "--attempts", attempts], delay, sig)
        outcome = verify(label, quiz, trial_db, before, after, promises)
        status = judge_status(label, sig, rc, err, finished, outcome, "Interrupted: no attempt was recorded.", promises)
        rows.append([number + 1, "SIG" + SIGNAL_NAMES[sig], f"{delay:.2f}", f"{delay / full.seconds:.0%}", outcome,
                     status])
        print(f"  {label}: {outcome}, {status}", flush=True)
        remove_db(trial_db)
    stats["grade_rows"] = rows


EDITOR = r'''
import json, os, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    doc = json.load(f)
for section in doc["quizzes"][0]["sections"]:
    for question in section["questions"]:
        question["prompt"] += " (edited)"
with open(path, "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False)
open(os.environ["EDIT_MARKER"], "w").close()
os._exit(0)
'''


def edit_trials(args, work, quiz, with_a, promises, stats):
    editor = work.file("editor.py")
    with open(editor, "w") as f:
        f.write(EDITOR)
    marker = work.file("editor-done")
    tmp = work.file("tmp")
    os.makedirs(tmp, exist_ok=True)
    env = {"EDITOR": f"{sys.executable} {editor}", "VISUAL": "", "EDIT_MARKER": marker, "TMPDIR": tmp}
    after_db = work.file("edited.sqlite")
    copy_db(with_a, after_db)
    saves = []
    for _ in range(3):  # when the save commits, counted from the editor's end (polled with a reader)
        copy_db(with_a, after_db)
        if os.path.exists(marker):
            os.remove(marker)
        reader = sqlite3.connect(after_db)
        newest = reader.execute("SELECT max(seq) FROM change_log").fetchone()[0]
        process = subprocess.Popen([quiz, "--db", after_db, "edit", "quiz-00000"], env=dict(os.environ, **env),
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        while not os.path.exists(marker) and process.poll() is None:
            time.sleep(0.0005)
        edited_at = time.perf_counter()
        committed = None
        while committed is None and process.poll() is None:
            if reader.execute("SELECT max(seq) FROM change_log").fetchone()[0] != newest:
                committed = time.perf_counter() - edited_at
            time.sleep(0.0005)
        reader.close()
        out, err = process.communicate()
        exited = time.perf_counter() - edited_at
        saves.append((committed if committed is not None else exited, exited))
        promises.check(process.returncode == 0 and b"version 1" in out, "setup: a complete edit saves new versions",
                       f"exit {process.returncode} {out[:200]!r} {err[:300]!r}")
    save, exit_after = sorted(saves)[1]
    before, after = counts(with_a), counts(after_db)
    print(f"complete edit of quiz-00000 ({args.questions} questions): committed {save * 1000:.0f} ms after the editor's"
          f" file, exited after {exit_after * 1000:.0f} ms; "
          f"question_versions +{after['question_versions'] - before['question_versions']}")
    stats["edit_save"] = save
    remove_db(after_db)
    random = rng(args.seed, "edit")
    trial_db = work.file("trial.sqlite")
    rows = []
    for number in range(args.edit_trials):
        copy_db(with_a, trial_db)
        if os.path.exists(marker):
            os.remove(marker)
        delay = random.uniform(0, save * 1.2)
        label = f"edit #{number + 1} SIGKILL {delay * 1000:.0f} ms after the editor's file"
        rc, err, finished, _ = interrupt([quiz, "--db", trial_db, "edit", "quiz-00000"], delay, signal.SIGKILL,
                                         env=env, wait_for=marker)
        outcome = verify(label, quiz, trial_db, before, after, promises)
        status = judge_status(label, signal.SIGKILL, rc, err, finished, outcome, "", promises)
        rows.append([number + 1, f"{delay * 1000:.0f}", f"{delay / save:.0%}", outcome, status])
        print(f"  {label}: {outcome}, {status}", flush=True)
        remove_db(trial_db)
    stats["edit_rows"] = rows


def after_commit_trials(args, work, quiz, promises, stats):
    """A signal that arrives after the commit, while quiz prints its summary: the write is all
    there, so the exit status must not say it was interrupted with nothing written. The moment
    is made certain by giving quiz a standard output that is a full pipe: it commits, then
    blocks writing its summary, and is signalled then."""
    base = work.file("after-commit.sqlite")
    r = run([quiz, "--db", base, "import", SEEDS])
    promises.check(r.returncode == 0, "setup: import seeds/ (after-commit trials)", r.describe())
    settle(base)
    bank = make_bank(work.path, 20, 20)
    attempt = work.file("one-attempt.ndjson")
    with open(attempt, "w") as f:
        f.write(json.dumps({"id": "after-commit", "quiz": "reactive-swift", "taker": "after-commit",
                            "answers": [{"question": "hot-or-cold", "selected": ["a"]}]}) + "\n")
    trial_db = work.file("trial.sqlite")
    rows = []
    for what, argv, message in (("import", ["import", bank], "Interrupted: nothing was imported."),
                                ("grade --attempts", ["grade", "--attempts", attempt],
                                 "Interrupted: no attempt was recorded.")):
        for sig in (signal.SIGINT, signal.SIGTERM):
            copy_db(base, trial_db)
            before = counts(trial_db)
            label = f"{what}, SIG{SIGNAL_NAMES[sig]} after the commit"
            reader, writer = os.pipe()
            os.set_blocking(writer, False)
            try:
                while True:
                    os.write(writer, b"x" * 4096)
            except BlockingIOError:
                pass
            os.set_blocking(writer, True)
            process = subprocess.Popen([quiz, "--db", trial_db, *argv], stdin=subprocess.DEVNULL, stdout=writer,
                                       stderr=subprocess.PIPE)
            os.close(writer)
            end = time.time() + 60
            while time.time() < end and process.poll() is None and counts(trial_db) == before:
                time.sleep(0.01)
            time.sleep(0.2)  # committed; now blocked writing the summary
            blocked = process.poll() is None
            if blocked:
                process.send_signal(sig)
            _, err = process.communicate()
            os.close(reader)
            err = err.decode(errors="replace")
            promises.check(blocked, f"{label}: (the test means something) quiz was still running after its commit")
            written = counts(trial_db) != before
            promises.check(written, f"{label}: (the test means something) the write was committed")
            says_nothing = process.returncode in (128 + sig, -sig) and message in err
            promises.check(not (written and says_nothing),
                           f"{label}: the write is all there, so quiz must not exit {128 + sig} saying '{message}'",
                           f"exit {process.returncode}, stderr {err.strip()[:200]!r}")
            rows.append([what, "SIG" + SIGNAL_NAMES[sig], "all" if written else "none", process.returncode,
                         err.strip().splitlines()[-1][:60] if err.strip() else ""])
            print(f"  {label}: {'all' if written else 'none'} written, exit {process.returncode}", flush=True)
            remove_db(trial_db)
    stats["after_commit_rows"] = rows


def take_trials(args, work, quiz, promises, stats):
    if not shutil.which("tmux"):
        promises.check(False, "take: tmux is needed for the full-screen take runs (apt-get install tmux)")
        return
    base = work.file("take.sqlite")
    r = run([quiz, "--db", base, "import", SEEDS])
    promises.check(r.returncode == 0, "setup: import seeds/ for take", r.describe())
    rows = []
    plan = [signal.SIGINT] * args.take_trials + [signal.SIGTERM] * args.take_trials
    for number, sig in enumerate(plan):
        label = f"take #{number + 1} SIG{SIGNAL_NAMES[sig]}"
        files = {name: work.file(f"take-{number}-{name}") for name in ("before", "after", "status")}
        before_attempts = counts(base)["attempts"]
        # A tmux server of its own per trial (a socket in the work folder): nothing else is touched.
        tmux = ["tmux", "-S", work.file(f"tmux-{number}.sock"), "-f", "/dev/null"]
        subprocess.run(tmux + ["new-session", "-d", "-s", "rel", "-x", "100", "-y", "30", "/bin/sh"], check=True)
        try:
            def send(text):
                subprocess.run(tmux + ["send-keys", "-t", "rel", "-l", text], check=True)
                subprocess.run(tmux + ["send-keys", "-t", "rel", "Enter"], check=True)

            def display(fmt):
                return subprocess.run(tmux + ["display-message", "-p", "-t", "rel", fmt], capture_output=True,
                                      text=True).stdout.strip()

            def wait(condition, seconds=10):
                end = time.time() + seconds
                while time.time() < end:
                    if condition():
                        return True
                    time.sleep(0.02)
                return False

            def written(path):
                return os.path.exists(path) and open(path).read().endswith("\n")

            send(f"stty -g > {files['before']}")
            wait(lambda: written(files["before"]))
            # Through a non-interactive sh: an interactive one abandons the rest of a command
            # line whose command died of SIGINT, and would record nothing.
            send(f"sh -c '{quiz} --db {base} take reactive-swift --as tmux-taker; echo $? > {files['status']}; "
                 f"stty -g > {files['after']}'")
            pane = display("#{pane_pid}")
            tty = display("#{pane_tty}")

            def quiz_pid():
                """The quiz process among the pane shell's descendants."""
                pending = [pane]
                while pending:
                    pid = pending.pop()
                    try:
                        with open(f"/proc/{pid}/task/{pid}/children") as f:
                            children = f.read().split()
                    except OSError:
                        continue
                    for child in children:
                        try:
                            if os.readlink(f"/proc/{child}/exe") == os.path.realpath(quiz):
                                return int(child)
                        except OSError:
                            pass
                        pending.append(child)
                return None

            on_screen = wait(lambda: quiz_pid() and display("#{alternate_on}") == "1")
            promises.check(on_screen, f"{label}: take shows full screen in the pane")
            time.sleep(0.3)
            subprocess.run(tmux + ["send-keys", "-t", "rel", "j"], check=True)  # move: the taker is mid-question
            time.sleep(0.3)
            during = subprocess.run(["stty", "-g", "-F", tty], capture_output=True, text=True).stdout.strip()
            pid = quiz_pid()
            if pid:
                os.kill(pid, sig)
            done = wait(lambda: written(files["after"]))
            promises.check(done, f"{label}: the shell got its prompt back")
            before = open(files["before"]).read().strip()
            after = open(files["after"]).read().strip() if done else "?"
            status = open(files["status"]).read().strip() if os.path.exists(files["status"]) else "?"
            alternate = display("#{alternate_on}")
            cursor = display("#{cursor_flag}")
            promises.check(during != before, f"{label}: (the test means something) the terminal was in raw mode",
                           f"during {during}")
            promises.check(after == before, f"{label}: stty -g after equals stty -g before",
                           f"before {before}\n    after  {after}")
            promises.check(status == str(128 + sig), f"{label}: exit status {128 + sig}", f"status {status}")
            promises.check(alternate == "0", f"{label}: the alternate screen was left", f"alternate_on {alternate}")
            promises.check(cursor == "1", f"{label}: the cursor is shown again", f"cursor_flag {cursor}")
            attempts = counts(base)["attempts"]
            promises.check(attempts == before_attempts, f"{label}: no attempt recorded",
                           f"{before_attempts} -> {attempts}")
            rows.append([number + 1, "SIG" + SIGNAL_NAMES[sig], "yes" if during != before else "no",
                         "equal" if after == before else "DIFFERENT", status, alternate, cursor])
            print(f"  {label}: stty {'equal' if after == before else 'DIFFERENT'}, status {status}", flush=True)
        finally:
            subprocess.run(tmux + ["kill-server"], capture_output=True)
    r = run([quiz, "--db", base, "check"])
    promises.check(r.returncode == 0, "take: quiz check exits 0 after the interrupted takes", r.describe())
    stats["take_rows"] = rows


def main():
    p = parser(__doc__)
    p.add_argument("--trials", type=int, default=20, help="SIGKILL trials of the bank A import (default 20)")
    p.add_argument("--signal-trials", type=int, default=10, help="SIGINT and SIGTERM trials each (default 10)")
    p.add_argument("--grade-trials", type=int, default=6, help="interrupted grade --attempts (default 6)")
    p.add_argument("--attempts", type=int, default=10000, help="attempts in the grade file (default 10000)")
    p.add_argument("--edit-trials", type=int, default=10, help="edit saves killed (default 10)")
    p.add_argument("--take-trials", type=int, default=2, help="full-screen takes per signal (default 2)")
    p.add_argument("--quizzes", type=int, default=1000, help="bank A's quizzes (default 1000)")
    p.add_argument("--questions", type=int, default=100, help="bank A's questions per quiz (default 100)")
    args = options(p)
    promises = Promises()
    stats = {}
    started = time.perf_counter()
    with Work(args.keep) as work:
        print(f"quiz: {args.quiz}\nwork folder: {work.path}")
        with_a = import_trials(args, work, args.quiz, promises, stats)
        grade_trials(args, work, args.quiz, with_a, promises, stats)
        edit_trials(args, work, args.quiz, with_a, promises, stats)
        after_commit_trials(args, work, args.quiz, promises, stats)
        take_trials(args, work, args.quiz, promises, stats)

    print("\n== figures ==")
    ins, upd = stats["import_seconds"]
    print(f"import of bank A ({args.quizzes} x {args.questions}), interrupted at random moments "
          f"(complete: insert {ins:.2f} s, update {upd:.2f} s):")
    print_table(["#", "signal", "import", "at s", "of run", "outcome", "status"], stats["import_rows"])
    print(f"grade --attempts, {args.attempts} attempts (complete: {stats['grade_seconds']:.2f} s):")
    print_table(["#", "signal", "at s", "of run", "outcome", "status"], stats["grade_rows"])
    print(f"edit save of {args.questions} questions (committed {stats['edit_save'] * 1000:.0f} ms after the editor's file), killed:")
    print_table(["#", "ms after editor", "of save", "outcome", "status"], stats["edit_rows"])
    print("a signal after the commit (standard output a full pipe):")
    print_table(["write", "signal", "written", "exit", "stderr"], stats["after_commit_rows"])
    if stats.get("take_rows"):
        print("full-screen take in tmux, signalled:")
        print_table(["#", "signal", "raw during", "stty after", "status", "alt screen", "cursor"], stats["take_rows"])
    every = stats["import_rows"] + stats["grade_rows"]
    outcomes = {}
    for row in every:
        outcomes[row[-2]] = outcomes.get(row[-2], 0) + 1
    for row in stats["edit_rows"]:
        outcomes[row[-2]] = outcomes.get(row[-2], 0) + 1
    print(f"interrupted writes: {len(every) + len(stats['edit_rows'])}, outcomes: "
          + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"total time {time.perf_counter() - started:.0f} s")
    promises.finish()


if __name__ == "__main__":
    main()
