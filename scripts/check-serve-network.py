#!/usr/bin/env python3
"""`quiz serve` reached over a network: two client hosts, each a network namespace of this
machine joined to it by its own veth pair, on its own subnet, with its own address.

    scripts/check-serve-network.py [--quiz .build/debug/quiz] [--deadline 120]

Needs root (it makes the namespaces with `ip netns` and removes them on the way out, on
failure too), iproute2, curl and openssl. The loopback tests cannot show what it checks:

1. `--listen 0.0.0.0:PORT` prints the machine's addresses, each network's among them (not
   0.0.0.0), and warns that names and answers travel in clear; each host reaches the server at
   the address of its own network, signs in and saves an answer.
2. Wrong codes are limited per client address: host A, after five wrong codes, gets 429 with
   Retry-After, its right code too; host B signs in with its right code meanwhile.
3. `--client-connections 2`: host A holds two connections; its third is closed unanswered,
   while host B is answered.
4. TLS (`--tls-cert`, `--tls-key`, a certificate for both addresses): each host verifies the
   certificate and is answered; cookies are `Secure`; plain HTTP to the port gets no HTTP
   reply; no clear-text warning.
5. The default listen address (127.0.0.1) is not reachable from the hosts.

Every process has a deadline; on failure it says which check failed and exits 1.
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from quizserve import ServeProcess  # noqa: E402
QUIZ_ID = "network"
BANK = {"format": "quiz-bank/1", "quizzes": [{"id": QUIZ_ID, "title": "Over the network", "sections": [{
    "questions": [{"id": "q1", "prompt": "Which city is the capital of France?", "choices": [
        {"id": "a", "text": "Lyon", "correct": False}, {"id": "b", "text": "Paris", "correct": True}]}]}]}]}
ROSTER = "name,code\nAna,tiger\nBo,lion\n"
SUFFIX = str(os.getpid() % 100000)
# Two client hosts: namespace, host-side interface and address, client-side interface and address.
HOSTS = {
    "A": ("quiz-net-a-" + SUFFIX, "qzha" + SUFFIX, "10.231.1.1", "qzca" + SUFFIX, "10.231.1.2"),
    "B": ("quiz-net-b-" + SUFFIX, "qzhb" + SUFFIX, "10.231.2.1", "qzcb" + SUFFIX, "10.231.2.2"),
}


class CheckFailed(Exception):
    pass


def run(argv, timeout=30, check=True):
    """Runs argv to completion within `timeout` s; its CompletedProcess (text)."""
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as error:
        raise CheckFailed(f"{' '.join(argv)} did not finish within {timeout} s") from error
    if check and done.returncode != 0:
        raise CheckFailed(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
    return done


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


# MARK: - The network

def make_network():
    for namespace, host_side, host_address, client_side, client_address in HOSTS.values():
        run(["ip", "netns", "add", namespace])
        run(["ip", "link", "add", host_side, "type", "veth", "peer", "name", client_side])
        run(["ip", "link", "set", client_side, "netns", namespace])
        run(["ip", "addr", "add", host_address + "/24", "dev", host_side])
        run(["ip", "link", "set", host_side, "up"])
        inside = ["ip", "netns", "exec", namespace]
        run(inside + ["ip", "addr", "add", client_address + "/24", "dev", client_side])
        run(inside + ["ip", "link", "set", client_side, "up"])
        run(inside + ["ip", "link", "set", "lo", "up"])


def remove_network():
    for namespace, host_side, *_ in HOSTS.values():
        run(["ip", "link", "del", host_side], check=False)
        run(["ip", "netns", "del", namespace], check=False)


def on(host, argv, timeout=30, check=True):
    """Runs argv on client host `host` ("A" or "B")."""
    return run(["ip", "netns", "exec", HOSTS[host][0], *argv], timeout=timeout, check=check)


def server_address(host):
    """The server's address on the network of `host`."""
    return HOSTS[host][2]


# MARK: - The server

class Server(ServeProcess):
    """`quiz serve` on this machine (outside the namespaces), ready once it printed its addresses."""

    def __init__(self, quiz, db, *arguments):
        super().__init__([quiz, "--db", db, "serve", "--all", *arguments])
        deadline = time.monotonic() + 30
        while not any(line.startswith("Monitor: ") for line in self.lines):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise CheckFailed(f"quiz serve {' '.join(arguments)} did not start:\n{self.output}")
            time.sleep(0.05)

    def takers(self):
        """The takers' addresses printed: `Takers: URL` and the indented lines after it."""
        urls, taking = [], False
        for line in self.lines:
            if line.startswith("Takers: "):
                urls.append(line[len("Takers: "):].strip())
                taking = True
            elif taking and line.startswith(" "):
                urls.append(line.strip())
            else:
                taking = False
        return urls


def free_port():
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        return probe.getsockname()[1]


def curl(host, method, url, body=None, cafile=None):
    """(status, headers text, body text) of one request from client host `host`."""
    argv = ["curl", "-sS", "--max-time", "10", "-X", method, "-D", "-"]
    if cafile:
        argv += ["--cacert", cafile]
    if body is not None:
        argv += ["-H", "Content-Type: application/json", "--data-binary", json.dumps(body)]
    done = on(host, argv + [url], check=False)
    if done.returncode != 0:
        return None, "", done.stderr.strip()
    # Read as text, whose newlines Python turns CR LF into LF.
    head, _, rest = done.stdout.partition("\n\n")
    status = int(head.split(" ", 2)[1]) if head.startswith("HTTP/") else None
    return status, head, rest


# MARK: - The checks

def check_every_interface(quiz, db, roster):
    port = free_port()
    server = Server(quiz, db, "--listen", f"0.0.0.0:{port}", "--roster", roster)
    try:
        urls = server.takers()
        for host in HOSTS:
            expect(f"http://{server_address(host)}:{port}/" in urls,
                   f"the takers' addresses printed lack host {host}'s network: {urls}\n{server.output}")
        expect(not any("0.0.0.0" in url for url in urls), f"0.0.0.0 printed as an address: {urls}")
        expect("in clear" in server.output, f"no clear-text warning:\n{server.output}")
        for host, taker, code in (("A", "Ana", "tiger"), ("B", "Bo", "lion")):
            base = f"http://{server_address(host)}:{port}"
            status, _, body = curl(host, "POST", base + "/api/attempts",
                                   {"quiz": QUIZ_ID, "taker": taker, "code": code})
            expect(status == 201, f"host {host}: sign-in of {taker} gave {status} {body}")
            token = json.loads(body)["attempt"]
            status, _, body = curl(host, "PUT", f"{base}/api/attempts/{token}/answers/q1", {"selected": ["2"]})
            expect(status == 200, f"host {host}: the answer gave {status} {body}")
        print("ok: every interface: both networks' addresses printed, each host signed in and answered")
        check_codes_per_address(port)
    finally:
        server.stop()


def check_codes_per_address(port):
    a = f"http://{server_address('A')}:{port}/api/attempts"
    b = f"http://{server_address('B')}:{port}/api/attempts"
    statuses = [curl("A", "POST", a, {"quiz": QUIZ_ID, "taker": "Ana", "code": f"wrong{n}"})[0] for n in range(6)]
    expect(statuses[:5] == [401] * 5 and statuses[5] == 429, f"host A's wrong codes gave {statuses}")
    status, head, body = curl("A", "POST", a, {"quiz": QUIZ_ID, "taker": "Ana", "code": "tiger"})
    expect(status == 429 and "retry-after:" in head.lower(), f"host A's right code while limited: {status} {body}")
    status, _, body = curl("B", "POST", b, {"quiz": QUIZ_ID, "taker": "Bo", "code": "lion"})
    expect(status == 200, f"host B, not limited, resuming Bo: {status} {body}")
    # Counted per address and name: a classmate behind host A's address signs in with their code.
    status, _, body = curl("A", "POST", a, {"quiz": QUIZ_ID, "taker": "Bo", "code": "lion"})
    expect(status == 200, f"host A, another name with its right code, while Ana is limited: {status} {body}")
    print("ok: wrong codes limited per address and name: host A 429 (Retry-After) for Ana after 5, "
          "Bo signed in from host A and from host B meanwhile")


HOLD = """
import socket, sys, time
held = [socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=10) for _ in range(int(sys.argv[3]))]
print("held", flush=True)
time.sleep(float(sys.argv[4]))
"""
THIRD = """
import socket, sys
s = socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=10)
try:
    s.sendall(b"GET /api/ping HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n")
    print(repr(s.recv(100)))
except OSError as error:
    print("closed:", error)
"""


def check_client_connections(quiz, db):
    port = free_port()
    server = Server(quiz, db, "--listen", f"0.0.0.0:{port}", "--client-connections", "2")
    holder = None
    try:
        address = server_address("A")
        holder = subprocess.Popen(["ip", "netns", "exec", HOSTS["A"][0], sys.executable, "-c", HOLD, address,
                                   str(port), "2", "20"], stdout=subprocess.PIPE, text=True)
        expect(holder.stdout.readline().strip() == "held", "host A could not open its two connections")
        third = on("A", [sys.executable, "-c", THIRD, address, str(port)]).stdout.strip()
        expect(third in ("b''",) or third.startswith("closed:"), f"host A's third connection was answered: {third}")
        status, _, body = curl("B", "GET", f"http://{server_address('B')}:{port}/api/ping")
        expect(status == 200, f"host B while host A holds its two: {status} {body}")
        print(f"ok: --client-connections 2: host A's third connection closed unanswered ({third}), host B answered")
    finally:
        if holder is not None:
            holder.kill()
            holder.wait(timeout=10)
        server.stop()


def check_tls(quiz, db, work):
    cert, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
    names = ",".join(f"IP:{server_address(host)}" for host in HOSTS)
    run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=quiz-network-check", "-days", "1",
         "-addext", f"subjectAltName={names}", "-keyout", key, "-out", cert], timeout=60)
    port = free_port()
    server = Server(quiz, db, "--listen", f"0.0.0.0:{port}", "--tls-cert", cert, "--tls-key", key)
    try:
        expect("in clear" not in server.output, f"a clear-text warning under TLS:\n{server.output}")
        expect(all(url.startswith("https://") for url in server.takers()), f"addresses: {server.takers()}")
        for host in HOSTS:
            base = f"https://{server_address(host)}:{port}"
            status, _, body = curl(host, "GET", base + "/api/quizzes", cafile=cert)
            expect(status == 200 and QUIZ_ID in body, f"host {host} over TLS: {status} {body}")
            status, head, _ = curl(host, "GET", base + "/", cafile=cert)
            cookies = [line for line in head.split("\n") if line.lower().startswith("set-cookie:")]
            expect(status == 200 and cookies and all("Secure" in line for line in cookies),
                   f"host {host}: the sign-in page's cookies: {status} {cookies}")
        status, _, error = curl("A", "GET", f"http://{server_address('A')}:{port}/api/ping")
        expect(status is None, f"plain HTTP to the TLS port was answered: {status}")
        print(f"ok: TLS: both hosts verified the certificate and were answered, cookies Secure, plain HTTP refused "
              f"({error[:60]})")
    finally:
        server.stop()


def check_loopback_default(quiz, db):
    port = free_port()
    server = Server(quiz, db, "--listen", f"127.0.0.1:{port}")
    try:
        for host in HOSTS:
            status, _, error = curl(host, "GET", f"http://{server_address(host)}:{port}/api/ping")
            expect(status is None, f"host {host} reached a server listening on loopback: {status}")
        print("ok: a server on 127.0.0.1 is not reachable from the hosts")
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiz", default=os.path.join(ROOT, ".build", "debug", "quiz"), help="the quiz binary")
    parser.add_argument("--deadline", type=int, default=120, help="seconds the whole check may take (default 120)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("check-serve-network: needs root, to make network namespaces (ip netns)")
    if not os.access(args.quiz, os.X_OK):
        sys.exit(f"check-serve-network: {args.quiz} is not an executable (swift build --product quiz)")
    # The whole run's deadline: SIGALRM ends it wherever it is, and the finally below cleans up.
    import signal

    def out_of_time(*_):
        raise CheckFailed(f"the whole check took more than {args.deadline} s")
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(args.deadline)
    with tempfile.TemporaryDirectory(prefix="quiz-network-") as work:
        db, bank, roster = (os.path.join(work, name) for name in ("quiz.sqlite", "bank.json", "roster.csv"))
        with open(bank, "w") as out:
            json.dump(BANK, out)
        with open(roster, "w") as out:
            out.write(ROSTER)
        run([args.quiz, "--db", db, "import", bank], timeout=60)
        try:
            make_network()
            check_every_interface(args.quiz, db, roster)
            check_client_connections(args.quiz, db)
            check_tls(args.quiz, db, work)
            check_loopback_default(args.quiz, db)
        except CheckFailed as failure:
            print(f"check-serve-network: FAILED: {failure}", file=sys.stderr)
            sys.exit(1)
        finally:
            signal.alarm(0)
            remove_network()
    print("check-serve-network: all checks passed")


if __name__ == "__main__":
    main()
