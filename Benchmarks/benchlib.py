"""What the benchmark scripts share: where things are, the data, the release build, timing."""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKE_BANK = os.path.join(ROOT, "Benchmarks", "make-bank.py")
DATA = os.path.join(ROOT, "bench-data")
BIN = os.path.join(ROOT, ".build", "release")
MIGRATIONS = sorted(os.path.join(ROOT, "migrations", f) for f in os.listdir(os.path.join(ROOT, "migrations"))
                    if f.endswith(".sql"))


def bank(quizzes, questions, attempts=0, kinds="choice"):
    """The Benchmarks/make-bank.py document for these sizes (and kinds), made once into bench-data/."""
    os.makedirs(DATA, exist_ok=True)
    name = f"bank-{quizzes}x{questions}" + (f"x{attempts}" if attempts else "") + \
        ("" if kinds == "choice" else f"-{kinds}") + ".json"
    path = os.path.join(DATA, name)
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(MAKE_BANK):
        with open(path, "wb") as f:
            subprocess.run([sys.executable, MAKE_BANK, "--quizzes", str(quizzes), "--questions", str(questions),
                            "--attempts", str(attempts), "--kinds", kinds], stdout=f, check=True)
    return path


def build(*products):
    """Release build with the Swift runtime linked in (how quiz ships); returns the binaries' folder."""
    for product in products or ("quiz",):
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", product], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
    return BIN


def fresh(path):
    """Removes a database and its -wal and -shm files."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def run(argv, stdin=None, capture=False):
    """Runs argv to completion; returns (seconds, peak RSS of that process in MiB, stdout).
    Exits with its error output when it fails."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                   stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=err)
        if stdin is not None:
            process.stdin.write(stdin)
            process.stdin.close()
        out = process.stdout.read() if capture else b""
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = status
        seconds = time.perf_counter() - start
        if status != 0:
            err.seek(0)
            sys.exit(f"failed ({status}): {' '.join(argv)}\n{err.read().decode(errors='replace')}")
    return seconds, usage.ru_maxrss / 1024, out.decode()


def timed(argv, stdin=None):
    """Seconds to run argv."""
    return run(argv, stdin)[0]


def arguments(quizzes, questions, rounds, attempts=None):
    """The bank's size and the number of rounds, from the command line (these are the defaults)."""
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("--quizzes", type=int, default=quizzes)
    parser.add_argument("--questions", type=int, default=questions)
    if attempts is not None:
        parser.add_argument("--attempts", type=int, default=attempts)
    parser.add_argument("--rounds", type=int, default=rounds)
    return parser.parse_args()
