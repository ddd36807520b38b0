"""Running `quiz serve` from a script: a fresh database, the server on a free loopback port, its
monitor token, JSON calls, the monitor's event stream, the server's peak memory. Shared by the
browser test (scripts/check-serve-browser.py) and the serve benchmarks (Benchmarks/bench-serve-*.py).

Every wait has a deadline and every process started here is killed by `stop` (or by the
`Served` context manager on the way out), so a hung server fails the caller instead of stalling it.
"""
import json
import os
import re
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

URL = re.compile(r"https?://[^\s\"'<>]+")


class ServeError(Exception):
    """Something about the server went wrong: the message says what, and the server's output."""


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on (just now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def quiz_command(quiz, db, *arguments, stdin=None, timeout=120):
    """Runs `quiz --db DB arguments…` to completion; raises ServeError with its stderr on failure."""
    try:
        done = subprocess.run([quiz, "--db", db, *arguments], input=stdin, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as error:
        raise ServeError(f"quiz {' '.join(arguments)} did not finish within {timeout} s") from error
    if done.returncode != 0:
        raise ServeError(f"quiz {' '.join(arguments)} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return done.stdout.decode(errors="replace")


class ServeProcess:
    """A `quiz serve` process (`argv`), its standard output and error collected line by line by a
    thread (so a full pipe never stalls it); `stop` ends it. Shared by `Served` and the network
    check (scripts/check-serve-network.py), which wait for it to be ready each in their way."""

    def __init__(self, argv):
        self.argv = argv
        self.lines = []
        self.process = subprocess.Popen(self.argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, text=True, errors="replace")
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def output(self):
        return "\n".join(self.lines)

    def kill(self):
        """SIGKILL, as a crash would."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)

    def stop(self, grace=10):
        """SIGTERM (a clean stop), then SIGKILL after `grace` seconds; returns the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.reader.join(timeout=5)
        return self.process.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class Served(ServeProcess):
    """A `quiz serve` process on 127.0.0.1:port, ready once it answers /api/ping;
    `monitor_url` and `monitor_token` come from the address it prints."""

    def __init__(self, quiz, db, *arguments, port=None, startup=30):
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        super().__init__([quiz, "--db", db, "serve", *arguments, "--listen", f"127.0.0.1:{self.port}"])
        try:
            self._wait_until_ready(startup)
        except BaseException:
            self.stop()
            raise

    def _wait_until_ready(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                time.sleep(0.2)  # let the reader take the last lines
                raise ServeError(f"quiz serve exited ({self.process.returncode}) on start:\n{self.output}")
            if self.monitor_url and self._answers_ping():
                return
            time.sleep(0.05)
        raise ServeError(f"quiz serve did not answer /api/ping with a monitor address within {seconds} s:\n"
                         f"{self.output}")

    def _answers_ping(self):
        try:
            with urllib.request.urlopen(self.base + "/api/ping", timeout=2) as reply:
                return reply.status == 200
        except OSError:
            return False

    @property
    def monitor_url(self):
        """The monitor address the server printed (the first address naming the monitor)."""
        for line in list(self.lines):
            for url in URL.findall(line):
                if "monitor" in url:
                    return url.rstrip(".,;)")
        return None

    @property
    def monitor_token(self):
        url = self.monitor_url or ""
        found = re.search(r"[?&]token=([^&#]+)", url)
        return found.group(1) if found else url.rstrip("/").rsplit("/", 1)[-1]

    def peak_memory_kib(self):
        """VmHWM of the server process (its peak resident memory), in KiB; None once it is gone."""
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def cpu_seconds(self):
        """CPU time (user + system) of the server so far, in all and by thread name:
        (total, {name: seconds}); None once it is gone. From /proc, in clock ticks."""
        tick = os.sysconf("SC_CLK_TCK")
        pid = self.process.pid
        by_thread = {}
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return None
        for task in tasks:
            try:
                with open(f"/proc/{pid}/task/{task}/stat") as stat:
                    text = stat.read()
            except OSError:
                continue  # a thread that ended meanwhile: the process's line below still counts it
            # The name is in parentheses and may hold spaces; the fields after it are fixed.
            name = text[text.index("(") + 1:text.rindex(")")]
            fields = text[text.rindex(")") + 2:].split()
            by_thread[name] = by_thread.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
        try:
            with open(f"/proc/{pid}/stat") as stat:
                text = stat.read()
        except OSError:
            return None
        fields = text[text.rindex(")") + 2:].split()
        return (int(fields[11]) + int(fields[12])) / tick, by_thread

    # MARK: - JSON calls

    def call(self, method, path, body=None, token=None, timeout=10):
        """(status, decoded JSON reply or None) of one request."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:
                status, raw = reply.status, reply.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, None

    def sign_in(self, quiz_id, taker):
        """The sign-in reply of `taker` on `quiz_id`; raises ServeError unless it is 200 or 201."""
        status, reply = self.call("POST", "/api/attempts", {"quiz": quiz_id, "taker": taker})
        if status not in (200, 201) or not reply or "attempt" not in reply:
            raise ServeError(f"sign-in of {taker} on {quiz_id}: {status} {reply}")
        return reply


def first_answer(question):
    """Some valid answer to a question as the API shows it (for load: what it is does not matter)."""
    kind = question.get("kind", "choice")
    if kind == "choice":
        return {"selected": [question["choices"][0]["id"]]}
    if kind == "numerical":
        return {"response": "1"}
    return {"response": "x"}


class EventCounter:
    """Reads the monitor's Server-Sent Events on a thread, counting the events (blocks with a
    `data:` line), in all and by their `event:` name ("message" when unnamed), until `close`."""

    def __init__(self, served, path="/api/monitor/events"):
        self.count = 0
        self.by_name = {}
        self.error = None
        self.connected = threading.Event()
        self.sock = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        request = (f"GET {path}?token={served.monitor_token} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   f"Accept: text/event-stream\r\nAuthorization: Bearer {served.monitor_token}\r\n\r\n")
        self.sock.sendall(request.encode())
        self.sock.settimeout(None)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            stream = self.sock.makefile("rb")
            status = stream.readline().decode(errors="replace")
            if " 200" not in status:
                self.error = f"monitor events: {status.strip()}"
                return
            chunked = False
            for raw in iter(stream.readline, b""):
                if raw in (b"\r\n", b"\n"):
                    break
                name, _, value = raw.decode(errors="replace").partition(":")
                if name.strip().lower() == "transfer-encoding" and "chunked" in value.lower():
                    chunked = True
            self.connected.set()
            self._count_events(dechunked(stream) if chunked else iter(stream.readline, b""))
        except OSError as error:
            if self.error is None:
                self.error = str(error)

    def _count_events(self, lines):
        in_event, name = False, "message"
        for raw in lines:
            line = raw.rstrip(b"\r\n")
            if line.startswith(b"data:"):
                in_event = True
            elif line.startswith(b"event:"):
                name = line[6:].strip().decode(errors="replace")
            elif not line and in_event:
                self.count += 1
                self.by_name[name] = self.by_name.get(name, 0) + 1
                in_event, name = False, "message"

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self.thread.join(timeout=5)


def dechunked(stream):
    """The lines of a chunked HTTP/1.1 body read from `stream`, joined across chunk boundaries."""
    pending = b""
    while True:
        size_line = stream.readline()
        if not size_line:
            return
        size = int(size_line.split(b";")[0].strip() or b"0", 16)
        if size == 0:
            return
        pending += stream.read(size)
        stream.readline()  # the CRLF after the chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            yield line + b"\n"
