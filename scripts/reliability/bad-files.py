#!/usr/bin/env python3
"""Full disks and bad database files: a clear one-line error, the right exit status, never a crash, nothing lost.

Promises tested (docs/guide.md "Databases and backups", "Exit statuses", issue 14):
(a) Full disk. `quiz import` of bank A (Benchmarks/make-bank.py --quizzes 1000 --questions 100)
    into a database that cannot grow: on a small tmpfs when this machine lets us mount one
    (root), and in a child limited by RLIMIT_FSIZE (SIGXFSZ ignored, so writes fail with
    EFBIG). Also small writes (`add question`, `grade`) on a tmpfs already filled to the last
    byte. Each: exit 1, one line on stderr naming the disk, the database intact
    (`quiz check`, SQLite's integrity and foreign-key checks, row counts unchanged) and still
    usable: once space is there again, a small import succeeds.
(b) A read-only database file (0444; commands run as user nobody so that the bits count),
(c) a read-only folder (the -wal and -shm files cannot be made),
(d) a database file truncated to half its size, to 100 bytes, to 0 bytes,
(e) a page overwritten by random bytes (page 1 and random pages, several seeds).
    Every command is run on a fresh copy in each condition. Never a crash (death by a signal,
    "Fatal error", a hang). Where a command cannot work, it exits non-zero with exactly one
    line on stderr naming the problem ("read-only" with exit 1; "damaged" / "not a SQLite
    database" with exit 65); `check` lists what is damaged and exits 1. Reading commands work (exit 0) on
    read-only files and folders, and leave the file as it was. On a damaged file a command may
    succeed if it never reads the damaged part, but `check` must fail whenever SQLite's
    integrity_check does. A file truncated to 0 bytes is not a quiz database: reading commands
    must say so and leave it empty.
Prints a table of condition x command -> exit status ("!" marks a broken promise).

Rerun (the release build, as root for tmpfs and for the read-only cases; sizes are options):

    swift build -c release
    sudo python3 scripts/reliability/bad-files.py [--quiz .build/release/quiz] [--quizzes 1000] [--questions 100]
        [--cap-mib 16] [--seeds 3] [--pages 3]

Exits 1 if any promise was broken.
"""
import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rellib import (SEEDS, Promises, Work, copy_db, counts, difference, make_bank, options, parser,  # noqa: E402
                    print_table, remove_db, rng, run, settle, sqlite_checks)

NOBODY = 65534
DAMAGE_WORDS = ("damaged", "not a SQLite database", "malformed", "corrupt")
# A shell script, so that user nobody can run it too: rewrites the question's prompt.
EDITOR = """#!/bin/sh
sed -i 's/"prompt": *"[^"]*"/"prompt": "Edited in a bad-files run?"/' "$1"
"""


# ---------------------------------------------------------------------------------------------
# (a) Full disk


def can_mount(folder):
    if os.geteuid() != 0:
        return False
    probe = os.path.join(folder, "probe")
    os.makedirs(probe, exist_ok=True)
    ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], capture_output=True).returncode == 0
    if ok:
        subprocess.run(["umount", probe], check=True)
    os.rmdir(probe)
    return ok


def disk_error_ok(label, r, promises, word="disk"):
    """Exit 1 and one line naming the disk; on a full disk (ENOSPC), `word` is "full"."""
    lines = r.error_lines()
    promises.check(not r.crashed, f"{label}: no crash", r.describe())
    promises.check(r.returncode == 1, f"{label}: exit 1", r.describe())
    promises.check(len(lines) == 1, f"{label}: one line on stderr", r.describe())
    promises.check(bool(lines) and lines[0].startswith("Error:") and word in lines[0].lower(),
                   f"{label}: the error says '{word}'", r.describe())


def intact(label, quiz, db, before, promises):
    r = run([quiz, "--db", db, "check"])
    promises.check(r.returncode == 0, f"{label}: quiz check exits 0", r.describe() + r.out[-600:])
    integrity, foreign = sqlite_checks(db)
    promises.check(integrity == ["ok"], f"{label}: integrity_check ok", str(integrity[:3]))
    promises.check(foreign == [], f"{label}: foreign_key_check empty", str(foreign[:3]))
    now = counts(db)
    promises.check(now == before, f"{label}: nothing of the failed write was kept", difference(now, before))
    return r.returncode == 0 and integrity == ["ok"] and not foreign and now == before


def full_disk(args, work, base, small, promises, rows):
    quiz = args.quiz
    print(f"making bank A ({args.quizzes} x {args.questions}) ...", flush=True)
    bank = make_bank(work.path, args.quizzes, args.questions)
    before = counts(base)
    cap = args.cap_mib << 20

    # RLIMIT_FSIZE: any file quiz writes stops growing at the cap.
    db = work.file("capped.sqlite")
    copy_db(base, db)

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    r = run([quiz, "--db", db, "import", bank], preexec_fn=limited)
    label = f"RLIMIT_FSIZE {args.cap_mib} MiB: import bank A"
    disk_error_ok(label, r, promises)
    held = intact(label, quiz, db, before, promises)
    again = run([quiz, "--db", db, "import", small])
    promises.check(again.returncode == 0, f"{label}: a small import succeeds with the limit lifted", again.describe())
    rows.append(["RLIMIT_FSIZE", "import bank A", r.returncode, f"{r.seconds:.2f}", "yes" if held else "NO",
                 again.returncode, (r.error_lines() or [""])[0][:90]])

    if not can_mount(work.path):
        print("  (cannot mount a tmpfs here: the tmpfs cases are skipped; run as root to include them)")
        rows.append(["tmpfs", "(skipped: cannot mount)", "-", "-", "-", "-", ""])
        return
    mount = work.file("tmpfs")
    os.makedirs(mount)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={args.cap_mib}m", "tmpfs", mount], check=True)
    try:
        db = os.path.join(mount, "full.sqlite")
        copy_db(base, db)
        r = run([quiz, "--db", db, "import", bank])
        label = f"tmpfs {args.cap_mib} MiB: import bank A"
        disk_error_ok(label, r, promises, "full")
        held = intact(label, quiz, db, before, promises)
        subprocess.run(["mount", "-o", f"remount,size={args.cap_mib * 64}m", mount], check=True)
        again = run([quiz, "--db", db, "import", small])
        promises.check(again.returncode == 0, f"{label}: a small import succeeds once the disk has room",
                       again.describe())
        rows.append(["tmpfs", "import bank A", r.returncode, f"{r.seconds:.2f}", "yes" if held else "NO",
                     again.returncode, (r.error_lines() or [""])[0][:90]])
        subprocess.run(["mount", "-o", f"remount,size={args.cap_mib}m", mount], check=True)

        # A disk already full to the last byte: small writes.
        remove_db(db)
        copy_db(base, db)
        for kind, argv in (
                ("list", ["list"]),
                ("add question", ["add", "question", "reactive-swift", "--id", "full-disk", "--prompt", "Full?",
                                  "--right", "yes", "--wrong", "no"]),
                ("grade", ["grade", "reactive-swift", "--as", "full-disk", "--answer", "hot-or-cold=a"]),
                ("import small", ["import", small])):
            before_small = counts(db)
            filler = os.path.join(mount, "filler")
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            for chunk in (1 << 20, 65536, 4096, 512, 1):
                try:
                    while True:
                        os.write(fd, b"\0" * chunk)
                except OSError:
                    pass
            os.close(fd)
            r = run([quiz, "--db", db, *argv])
            label = f"tmpfs full to the last byte: {kind}"
            if r.returncode == 0:
                # It found room (in free pages of the file): that is fine, but must be whole.
                promises.check(not r.crashed, f"{label}: no crash", r.describe())
                rows.append(["tmpfs full", kind, r.returncode, f"{r.seconds:.2f}", "(wrote)", "-", "had room"])
                os.remove(filler)
                continue
            disk_error_ok(label, r, promises, "full")
            os.remove(filler)
            held = intact(label, quiz, db, before_small, promises)
            again = run([quiz, "--db", db, *argv])
            promises.check(again.returncode == 0, f"{label}: succeeds once space is freed", again.describe())
            rows.append(["tmpfs full", kind, r.returncode, f"{r.seconds:.2f}", "yes" if held else "NO",
                         again.returncode, (r.error_lines() or [""])[0][:90]])
    finally:
        subprocess.run(["umount", mount], capture_output=True)


# ---------------------------------------------------------------------------------------------
# (b)-(e) Bad files


def commands(case, extra):
    """(name, arguments, reads only) for every command, given the case's folder."""
    return [
        ("list", ["list"], True),
        ("show", ["show", "reactive-swift", "--answers"], True),
        ("show-hist", ["show", "reactive-swift/hot-or-cold", "--history"], True),
        ("export", ["export", "--with-attempts"], True),
        ("report", ["report", "reactive-swift"], True),
        ("history", ["history"], True),
        ("hist-one", ["history", "seed-reactive-bob-2"], True),
        ("search", ["search", "observable"], True),
        ("backup", ["backup", os.path.join(extra["out"], f"backup-{os.path.basename(case)}.sqlite")], True),
        ("check", ["check"], True),
        ("init", ["init"], False),
        ("import", ["import", extra["small"]], False),
        ("add", ["add", "question", "reactive-swift", "--id", "bad-files", "--prompt", "Bad?", "--right", "yes",
                 "--wrong", "no"], False),
        ("edit", ["edit", "reactive-swift/hot-or-cold"], False),
        ("grade", ["grade", "reactive-swift", "--as", "bad-files", "--answer", "hot-or-cold=a"], False),
        ("grade-file", ["grade", "--attempts", extra["ndjson"]], False),
        ("rm", ["rm", "reactive-swift/debounce"], False),
        ("mv", ["mv", "reactive-swift/hot-or-cold", "--at", "1"], False),
        ("regrade", ["regrade", "reactive-swift"], False),
    ]


def digest(path):
    h = hashlib.sha256()
    for suffix in ("",):
        if os.path.exists(path + suffix):
            with open(path + suffix, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def conditions(args, pristine):
    """(name, kind, prepare(case folder) -> db path, user to run as)."""
    result = [("healthy", "ok", None), ("ro-file", "ro", "file"), ("ro-folder", "ro", "folder"),
              ("trunc-half", "trunc", "half"), ("trunc-100B", "trunc", 100), ("trunc-0B", "empty", 0)]
    import sqlite3
    connection = sqlite3.connect(pristine)
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    page_count = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.close()
    for seed in range(1, args.seeds + 1):
        random = rng(args.seed, f"pages-{seed}")
        pages = [1] + sorted(random.sample(range(2, page_count + 1), min(args.pages, page_count - 1)))
        for page in pages:
            result.append((f"page{page}-s{seed}", "page", (page, seed, page_size)))
    return result, page_count


def prepare(condition, pristine, case, seed):
    name, kind, detail = condition
    os.makedirs(case)
    db = os.path.join(case, "quiz.sqlite")
    copy_db(pristine, db)
    if kind == "ro" and detail == "file":
        os.chmod(case, 0o777)
        os.chmod(db, 0o444)
    elif kind == "ro" and detail == "folder":
        os.chown(db, NOBODY, NOBODY)
        os.chmod(db, 0o600)
        os.chmod(case, 0o555)
    elif kind in ("trunc", "empty"):
        size = os.path.getsize(db) // 2 if detail == "half" else detail
        os.truncate(db, size)
    elif kind == "page":
        page, page_seed, page_size = detail
        random = rng(seed, f"bytes-{page}-{page_seed}")
        with open(db, "r+b") as f:
            f.seek((page - 1) * page_size)
            f.write(bytes(random.getrandbits(8) for _ in range(page_size)))
    return db


def as_nobody():
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def judge(condition, command, reads, r, db_before, db_after, detected, listing, promises):
    """The promise for this command in this condition; returns the table cell."""
    name, kind, _ = condition
    label = f"{name} / {command}"
    lines = r.error_lines()
    ok = True

    def need(condition_ok, what):
        nonlocal ok
        if not promises.check(condition_ok, f"{label}: {what}", r.describe()):
            ok = False

    need(not r.crashed, "no crash")
    if kind == "ok":
        need(r.returncode == 0, "exit 0")
    elif kind == "ro":
        if reads:
            need(r.returncode == 0, "a reading command works on a read-only database (exit 0)")
            need(db_before == db_after, "the file is left as it was")
        elif r.returncode != 0 or command != "init":
            need(r.returncode == 1, "a writing command exits 1 on a read-only database")
            need(len(lines) == 1 and "read-only" in lines[0], "one line saying the database is read-only")
            need(db_before == db_after, "the file is left as it was")
    elif kind == "empty":
        if reads:
            need(r.returncode != 0, "a reading command says an empty file is no quiz database (non-zero exit)")
            need(db_after == db_before, "a reading command leaves the empty file empty")
            if r.returncode != 0:
                need(len(lines) == 1 or command == "check", "one line on stderr")
        # A writing command may treat an empty file as a new database, as SQLite does.
    else:  # damaged: truncated or a page overwritten
        if command == "check" and detected:
            need(r.returncode != 0, "check fails on a file SQLite finds damaged")
            if listing and listing != ["ok"]:
                need(any(line in r.out + r.err for line in listing),
                     f"check lists what integrity_check finds (such as {listing[0]!r})")
        if r.returncode != 0:
            text = " ".join(lines)
            need(any(word in text for word in DAMAGE_WORDS), "the error says the file is damaged")
            # check lists the damage itself and exits 1 (65 for a file that is no SQLite database).
            need(r.returncode in ((1, 65) if command == "check" else (65,)), "exit 65 (damaged database)")
            if command not in ("check", "init"):  # both list what is damaged
                need(len(lines) == 1, "exactly one line on stderr")
    return f"{r.returncode}{'' if ok else '!'}"


def bad_files(args, work, pristine, extra, promises):
    conds, page_count = conditions(args, pristine)
    names = [name for name, _, _ in commands(work.path, extra)]
    table = []
    runs = 0
    seconds = []
    root = os.geteuid() == 0
    if not root:
        print("  (not root: the read-only cases run as this user; permission bits count for it)")
    for condition in conds:
        name, kind, _ = condition
        probe = work.file(f"probe-{name}")
        probe_db = prepare(condition, pristine, probe, args.seed)
        listing = None  # what integrity_check lists, when it can list anything
        try:
            integrity, _ = sqlite_checks(probe_db) if kind in ("trunc", "page") else (["ok"], [])
            listing = [line for row in integrity for line in row.splitlines() if line and not line.startswith("***")]
        except Exception as error:  # noqa: BLE001 — SQLite itself refuses the file: damaged
            integrity = [str(error)]
        detected = integrity != ["ok"]
        shutil.rmtree(probe)
        row = [name]
        for command, arguments, reads in commands(work.file(f"case-{name}"), extra):
            case = work.file(f"case-{name}-{command}")
            db = prepare(condition, pristine, case, args.seed)
            before = digest(db)
            user = as_nobody if kind == "ro" and root else None
            try:
                r = run([args.quiz, "--db", db, *arguments], preexec_fn=user, timeout=args.timeout,
                        env={"EDITOR": extra["editor"], "VISUAL": "", "TMPDIR": extra["tmp"]})
            except subprocess.TimeoutExpired:
                promises.check(False, f"{name} / {command}: finishes within {args.timeout} s (a hang)")
                row.append("hang!")
                shutil.rmtree(case, ignore_errors=True)
                continue
            runs += 1
            seconds.append(r.seconds)
            row.append(judge(condition, command, reads, r, before, digest(db), detected, listing, promises))
            shutil.rmtree(case, ignore_errors=True)
        row.append("yes" if detected else "no")
        table.append(row)
        print(f"  {name}: {' '.join(row[1:])}", flush=True)
    return names, table, runs, seconds, page_count


def main():
    p = parser(__doc__)
    p.add_argument("--quizzes", type=int, default=1000, help="bank A's quizzes for the full-disk import (default 1000)")
    p.add_argument("--questions", type=int, default=100, help="bank A's questions per quiz (default 100)")
    p.add_argument("--cap-mib", type=int, default=16, help="the file-size limit and the tmpfs size (default 16 MiB)")
    p.add_argument("--seeds", type=int, default=3, help="seeds for the random pages (default 3)")
    p.add_argument("--pages", type=int, default=3, help="random pages per seed, besides page 1 (default 3)")
    p.add_argument("--timeout", type=int, default=60, help="seconds after which a command counts as hung (default 60)")
    args = options(p)
    promises = Promises()
    started = time.perf_counter()
    disk_rows = []
    with Work(args.keep) as work:
        os.chmod(work.path, 0o755)  # user nobody runs quiz on files in here
        print(f"quiz: {args.quiz}\nwork folder: {work.path}")
        small = work.file("small.json")
        with open(small, "w") as f:
            json.dump({"format": "quiz-bank/1", "quizzes": [{"id": "bad-files-small", "title": "Small", "sections": [
                {"questions": [{"id": "one", "prompt": "One?", "choices": [{"text": "yes", "correct": True},
                                                                           {"text": "no", "correct": False}]}]}]}]}, f)
        ndjson = work.file("attempt.ndjson")
        with open(ndjson, "w") as f:
            f.write(json.dumps({"id": "bad-files-attempt", "quiz": "reactive-swift", "taker": "bad-files",
                                "answers": [{"question": "hot-or-cold", "selected": ["a"]}]}) + "\n")
        editor = work.file("editor.sh")
        with open(editor, "w") as f:
            f.write(EDITOR)
        out, tmp = work.file("out"), work.file("tmp")
        for folder in (out, tmp):
            os.makedirs(folder)
            os.chmod(folder, 0o1777)
        for path in (small, ndjson):
            os.chmod(path, 0o644)
        os.chmod(editor, 0o755)

        base = work.file("base.sqlite")
        r = run([args.quiz, "--db", base, "import", SEEDS])
        promises.check(r.returncode == 0, "setup: import seeds/", r.describe())
        settle(base)

        print("(a) full disk")
        full_disk(args, work, base, small, promises, disk_rows)

        print("(b)-(e) bad files: every command on a fresh copy in each condition")
        pristine = work.file("pristine.sqlite")
        copy_db(base, pristine)
        extra_bank = make_bank(work.path, 20, 20, attempts=5)
        r = run([args.quiz, "--db", pristine, "import", extra_bank])
        promises.check(r.returncode == 0, "setup: import a 20 x 20 bank with attempts", r.describe())
        settle(pristine)
        extra = {"small": small, "ndjson": ndjson, "editor": editor, "out": out, "tmp": tmp}
        names, table, runs, seconds, page_count = bad_files(args, work, pristine, extra, promises)

    print("\n== figures ==")
    print(f"(a) full disk (cap {args.cap_mib} MiB, bank A {args.quizzes} x {args.questions}):")
    print_table(["limit", "write", "exit", "seconds", "intact", "after: exit", "message"], disk_rows)
    print(f"(b)-(e) {runs} runs, {len(table)} conditions x {len(names)} commands; the database has {page_count} pages;"
          f" exit statuses ('!' = promise broken; last column: SQLite's integrity_check finds the damage):")
    print_table(["condition"] + names + ["detected"], table)
    print(f"total time {time.perf_counter() - started:.0f} s")
    promises.finish()


if __name__ == "__main__":
    main()
