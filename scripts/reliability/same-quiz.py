#!/usr/bin/env python3
"""Same-quiz run: writers on ONE quiz never undo each other (issue 19).

Promises tested:
- Twenty `quiz add question` on the same quiz at the same moment keep twenty questions, and
  none is retired.
- N processes (default 4) make M mixed writes each (default 200) on the same quiz: `add
  question`, `add section --at`, `mv --section --at`, `rm`, `edit QUIZ/QUESTION` (through
  $EDITOR, a script that rewrites the prompt, and that cancels when told someone else saved
  meanwhile) and `grade`. A model applies the writes that exited 0, in commit order (the change
  log gives the order: each write's entry names its question or section), and the final quiz
  (sections, their questions in order, prompts, retired questions, attempts) equals the model.
- Every write that exited 0 has exactly one change-log entry, and every entry one write.
- `quiz check` is clean at the end.

Rerun (the release build; the swift test suite runs it on the debug build):

    swift build -c release
    python3 scripts/reliability/same-quiz.py [--quiz .build/release/quiz] [--processes 4] [--ops 200]
        [--adders 20] [--seed 14]

Prints the figures at the end; exits 1 if any promise was broken.
"""
import json
import os
import sqlite3
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rellib import Promises, Work, options, parser, rng, run  # noqa: E402

QUIZ = "cc"

# The editor: rewrites the prompt of the question being edited, or, when quiz reopens the file
# because someone else saved meanwhile, empties it (cancels) as a careful person would.
EDITOR = r'''
import json, os, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
if "Someone else saved" in text:
    open(path, "w").close()
    sys.exit(0)
question = json.loads("\n".join(l for l in text.splitlines() if not l.startswith("//")))
question["prompt"] = os.environ["NEW_PROMPT"]
with open(path, "w", encoding="utf-8") as f:
    json.dump(question, f, ensure_ascii=False)
'''


class Operation:
    """One write: what it asks for, the change-log key it must leave, and how it ran."""

    def __init__(self, process, index, kind, key, argv, params, env=None):
        self.process, self.index, self.kind, self.key = process, index, kind, key
        self.argv, self.params, self.env = argv, params, env
        self.result = None

    @property
    def applied(self):
        r = self.result
        return (r is not None and r.returncode == 0 and "No changes." not in r.out
                and "nothing changed" not in r.out)


class Process:
    """One writer: a stream of quiz processes, each choosing from what this writer believes."""

    def __init__(self, number, args, editor, work):
        self.number, self.args, self.editor, self.work = number, args, editor, work
        self.random = rng(args.seed, f"same-quiz-{number}")
        self.mine = []  # questions this writer added and has not removed
        self.sections_seen = 1
        self.operations = []

    def quiz(self, argv, env=None):
        return run([self.args.quiz, "--db", self.args.db, *argv], env=env, timeout=120)

    def choose(self, index):
        r = self.random.random()
        tag = f"p{self.number}-{index}"
        if not self.mine or r < 0.30:
            qid = f"q-{tag}"
            return Operation(self.number, index, "add", ("question", qid), [
                "add", "question", QUIZ, "--id", qid, "--prompt", f"Added {tag}?", "--right", "yes", "--wrong", "no"],
                {"id": qid, "prompt": f"Added {tag}?"})
        qid = self.random.choice(self.mine)
        if r < 0.42:
            title = f"S {tag}"
            at = self.random.randint(1, self.sections_seen + 1)
            return Operation(self.number, index, "section", ("section", title),
                             ["add", "section", QUIZ, title, "--at", str(at)], {"title": title, "at": at})
        if r < 0.60:
            section = self.random.randint(1, self.sections_seen)
            at = self.random.randint(1, 3)
            return Operation(self.number, index, "mv", ("question", qid),
                             ["mv", f"{QUIZ}/{qid}", "--section", str(section), "--at", str(at)],
                             {"id": qid, "section": section, "at": at})
        if r < 0.70:
            return Operation(self.number, index, "rm", ("question", qid), ["rm", f"{QUIZ}/{qid}"], {"id": qid})
        if r < 0.85:
            prompt = f"Edited {tag}?"
            env = {"EDITOR": f"{sys.executable} {self.editor}", "VISUAL": "", "NEW_PROMPT": prompt,
                   "TMPDIR": self.work.path}
            return Operation(self.number, index, "edit", ("question", qid), ["edit", f"{QUIZ}/{qid}"],
                             {"id": qid, "prompt": prompt}, env)
        taker = f"taker {tag}"
        return Operation(self.number, index, "grade", ("attempt", taker),
                         ["grade", QUIZ, "--as", taker, "--answer", f"{qid}=a"], {"id": qid, "taker": taker})

    def run(self):
        for index in range(self.args.ops):
            operation = self.choose(index)
            operation.result = self.quiz(operation.argv, env=operation.env)
            self.operations.append(operation)
            if operation.result.returncode != 0:
                continue
            if operation.kind == "add":
                self.mine.append(operation.params["id"])
            elif operation.kind == "rm":
                self.mine.remove(operation.params["id"])
            elif operation.kind == "section":
                self.sections_seen += 1


class Model:
    """The quiz as the writes that exited 0 leave it, applied in commit order."""

    def __init__(self):
        self.sections = [["S0", ["seed"]]]
        self.prompts = {"seed": "Seed?"}
        self.answered = set()
        self.retired = set()
        self.attempts = 0

    def locate(self, qid):
        for s, (_, questions) in enumerate(self.sections):
            if qid in questions:
                return s, questions.index(qid)
        raise KeyError(qid)

    def apply(self, op):
        p = op.params
        if op.kind == "add":
            self.sections[-1][1].append(p["id"])
            self.prompts[p["id"]] = p["prompt"]
        elif op.kind == "section":
            self.sections.insert(p["at"] - 1, [p["title"], []])
        elif op.kind == "mv":
            s, i = self.locate(p["id"])
            self.sections[s][1].pop(i)
            self.sections[p["section"] - 1][1].insert(p["at"] - 1, p["id"])
        elif op.kind == "rm":
            s, i = self.locate(p["id"])
            self.sections[s][1].pop(i)
            if p["id"] in self.answered:
                self.retired.add(p["id"])
        elif op.kind == "edit":
            self.prompts[p["id"]] = p["prompt"]
        elif op.kind == "grade":
            self.answered.add(p["id"])
            self.attempts += 1


def change_log(db, after):
    connection = sqlite3.connect(db)
    try:
        return connection.execute(
            "SELECT seq, entity, operation, item FROM change_log WHERE seq > ? AND quiz = ? ORDER BY seq",
            (after, QUIZ)).fetchall()
    finally:
        connection.close()


def retired_questions(db):
    connection = sqlite3.connect(db)
    try:
        return {slug for (slug,) in connection.execute(
            "SELECT q.slug FROM questions q JOIN quizzes z ON z.id = q.quiz_id WHERE z.slug = ? AND q.retired_at IS NOT NULL",
            (QUIZ,))}
    finally:
        connection.close()


def order_by_log(operations, entries, promises):
    """The applied operations in the order of their change-log entries. Keys are unique to a
    writer, and a writer's operations run one after another, so each entry belongs to the
    earliest unmatched applied operation of its key."""
    waiting = {}
    grades = [op for op in operations if op.applied and op.kind == "grade"]
    attempt_entries = [e for e in entries if e[1] == "attempt"]
    promises.check(len(attempt_entries) == len(grades),
                   f"one attempt entry per grade that exited 0 ({len(attempt_entries)} for {len(grades)})")
    entries = [e for e in entries if e[1] != "attempt"]
    for op in operations:
        if op.applied and op.kind != "grade":
            waiting.setdefault(op.key, []).append(op)
    for queue in waiting.values():
        queue.sort(key=lambda op: op.index)
    ordered, unmatched = [], []
    for seq, entity, _, item in entries:
        # An edit is a save of the quiz; its entry names the one question it changed.
        queue = waiting.get(("question" if entity == "quiz" else entity, item))
        if not queue:
            unmatched.append((seq, entity, item))
            continue
        ordered.append(queue.pop(0))
    left = [op for queue in waiting.values() for op in queue]
    promises.check(not unmatched, f"every change-log entry has a write that exited 0 ({len(unmatched)} do not)",
                   str(unmatched[:5]))
    promises.check(not left, f"every write that exited 0 has its change-log entry ({len(left)} have none)",
                   "; ".join(f"{' '.join(op.argv)}" for op in left[:5]))
    # A grade names its question, which a later rm retires; a grade after the rm fails. So
    # grades come first, in any order: they change nothing else the model holds.
    return grades + ordered


def quiz(args, *argv):
    return run([args.quiz, "--db", args.db, *argv], timeout=120)


def twenty_adders(args, work, promises):
    """The issue's reproduction: N adds at the same moment keep N questions."""
    args.db = work.file("adders.sqlite")
    promises.check(quiz(args, "add", "quiz", QUIZ, "--title", "CC").returncode == 0, "adders: add quiz")
    results = [None] * args.adders
    barrier = threading.Barrier(args.adders)

    def add(i):
        barrier.wait()
        results[i] = quiz(args, "add", "question", QUIZ, "--id", f"q{i}", "--prompt", f"Q {i}?", "--right", "yes",
                          "--wrong", "no")

    threads = [threading.Thread(target=add, args=(i,)) for i in range(args.adders)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    failed = [r for r in results if r.returncode != 0]
    promises.check(not failed, f"adders: all {args.adders} adds exit 0 ({len(failed)} did not)",
                   failed[0].describe() if failed else "")
    export = json.loads(quiz(args, "export", QUIZ).out)
    kept = sorted(q["id"] for s in export["quizzes"][0]["sections"] for q in s["questions"])
    promises.check(kept == sorted(f"q{i}" for i in range(args.adders)),
                   f"adders: the quiz keeps all {args.adders} questions (it keeps {len(kept)})")
    retired = retired_questions(args.db)
    promises.check(not retired, f"adders: no question is retired ({len(retired)} are)")
    return len(kept)


def mixed_writers(args, work, promises):
    args.db = work.file("mixed.sqlite")
    setup = {"format": "quiz-bank/1", "quizzes": [{"id": QUIZ, "title": "CC", "sections": [
        {"title": "S0", "questions": [{"id": "seed", "prompt": "Seed?", "choices": [
            {"text": "yes", "correct": True}, {"text": "no", "correct": False}]}]}]}]}
    path = work.file("setup.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(setup, f)
    promises.check(quiz(args, "import", path).returncode == 0, "mixed: setup import")
    start = change_log(args.db, 0)[-1][0]
    editor = work.file("editor.py")
    with open(editor, "w") as f:
        f.write(EDITOR)
    processes = [Process(n, args, editor, work) for n in range(args.processes)]
    threads = [threading.Thread(target=p.run) for p in processes]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.perf_counter() - began
    operations = [op for p in processes for op in p.operations]
    crashed = [op for op in operations if op.result.crashed]
    promises.check(not crashed, f"mixed: no write crashed ({len(crashed)} did)",
                   crashed[0].result.describe() if crashed else "")
    locked = [op for op in operations if op.result.lock_error]
    promises.check(not locked, f"mixed: no write failed on a lock ({len(locked)} did)",
                   locked[0].result.describe() if locked else "")
    model = Model()
    for op in order_by_log(operations, change_log(args.db, start), promises):
        model.apply(op)
    export = json.loads(quiz(args, "export", QUIZ, "--with-attempts").out)
    stored = export["quizzes"][0]
    sections = [[s.get("title"), [q["id"] for q in s["questions"]]] for s in stored["sections"]]
    promises.check(sections == model.sections, "mixed: the quiz's sections and question order equal the model's",
                   f"stored {sections}\n    model  {model.sections}")
    prompts = {q["id"]: q["prompt"] for s in stored["sections"] for q in s["questions"]}
    expected = {q: model.prompts[q] for _, qs in model.sections for q in qs}
    promises.check(prompts == expected, "mixed: every prompt equals the model's",
                   str({q: (prompts.get(q), expected.get(q)) for q in set(prompts) | set(expected)
                        if prompts.get(q) != expected.get(q)})[:500])
    retired = retired_questions(args.db)
    promises.check(retired == model.retired, f"mixed: retired questions equal the model's ({len(retired)} vs "
                   f"{len(model.retired)})")
    attempts = len(export.get("attempts", []))
    promises.check(attempts == model.attempts, f"mixed: {attempts} attempts, the model {model.attempts}")
    check = quiz(args, "check")
    promises.check(check.returncode == 0, "mixed: quiz check is clean", check.describe())
    kinds = {}
    for op in operations:
        row = kinds.setdefault(op.kind, [0, 0])
        row[0] += 1
        row[1] += op.applied
    return seconds, kinds, len(operations)


def main():
    p = parser(__doc__)
    p.add_argument("--processes", type=int, default=4, help="concurrent writers on the quiz (default 4)")
    p.add_argument("--ops", type=int, default=200, help="writes per writer (default 200)")
    p.add_argument("--adders", type=int, default=20, help="simultaneous add question (default 20)")
    args = options(p)
    promises = Promises()
    with Work(args.keep, prefix="quiz-same-quiz-") as work:
        kept = twenty_adders(args, work, promises)
        seconds, kinds, total = mixed_writers(args, work, promises)
    print(f"\n{args.adders} simultaneous adds kept {kept} questions")
    print(f"{total} mixed writes by {args.processes} processes on one quiz in {seconds:.1f} s:")
    for kind, (count, applied) in sorted(kinds.items()):
        print(f"  {kind:8} {count:4} run, {applied:4} applied")
    promises.finish()


if __name__ == "__main__":
    main()
