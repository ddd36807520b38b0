"""Locust users for Benchmarks/bench-serve-load.py: each user is a taker of the served quiz who
signs in under a name of their own, fetches the attempt (its questions), PUTs an answer to every
question, submits, and starts again as a new taker.

    locust -f Benchmarks/serve-load/locustfile.py --headless -u 500 -r 100 --run-time 60s \
        --host http://127.0.0.1:PORT --quiz-id quiz-00000 --results DIR [--think 1.0] [--processes 2]

--think SECONDS: before each answer and before the submit the taker pauses a random time, uniform
in [0.5, 1.5] × SECONDS (1.0: a person answering as fast as they can read and click); 0: no pause
at all, each user sends its next request as soon as the last one is answered (a closed loop,
where the latency is set by how many users wait, not by the server alone).

Requests are named by route (the token and question id left out). Every PUT answered 200 with
"saved": true is an acknowledged answer. At the end each process that ran users (the one process,
or each worker under --processes) writes DIR/results-PID.json: per route every reply's end time
and response time (ms) and the failures, the failure messages, the span from its first
request's start to its last reply, its acknowledged answers as [taker, question] pairs and the
CPU seconds it used (a master writes DIR/master-PID.json with its CPU only), for
the driver to merge, summarise and look for in the database. (The driver reads these rather than
locust's stats CSV, whose last write can miss the final second of requests, and which holds no
acknowledged answers.) Taker names carry the process id, so no two workers share a taker.
"""
import itertools
import json
import os
import random
import resource
import time

import gevent
from locust import FastHttpUser, events, task
from locust.exception import StopUser
from locust.runners import MasterRunner

SIGN_IN = "POST /api/attempts"
FETCH = "GET /api/attempts/:token"
SAVE = "PUT /api/attempts/:token/answers/:question"
SUBMIT = "POST /api/attempts/:token/submit"

acknowledged = []  # (taker, question) of every answer the server said it saved
replies = {}  # route name -> [[end time (time.time(), to the ms), response time (ms)], …]
failures = {}  # route name -> count
messages = {}  # "route: message" -> count
span = [None, None]  # first request's start, last reply's end (time.time())
taker_numbers = itertools.count()


@events.init_command_line_parser.add_listener
def add_arguments(parser):
    parser.add_argument("--quiz-id", default="quiz-00000", help="the served quiz the takers take")
    parser.add_argument("--results", default=".", help="the folder each process writes results-PID.json into")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean pause (s) before each answer and the submit, uniform in [0.5, 1.5] × it; 0: none")
    parser.add_argument("--attempts-per-user", type=int, default=0,
                        help="attempts each user makes before it stops (0: until the run time is up)")


@events.request.add_listener
def record(name, response_time, exception, **_):
    now = time.time()
    if span[0] is None:
        span[0] = now - response_time / 1000
    span[1] = now
    replies.setdefault(name, []).append((round(now, 3), response_time))
    if exception is not None:
        failures[name] = failures.get(name, 0) + 1
        key = f"{name}: {str(exception)[:200]}"
        messages[key] = messages.get(key, 0) + 1


@events.test_stop.add_listener
def write_results(environment, **_):
    pid = os.getpid()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime
    if isinstance(environment.runner, MasterRunner):  # runs no users: only its CPU
        path = os.path.join(environment.parsed_options.results, f"master-{pid}.json")
        results = {"pid": pid, "cpu": cpu}
    else:
        path = os.path.join(environment.parsed_options.results, f"results-{pid}.json")
        results = {"pid": pid, "cpu": cpu, "replies": replies, "failures": failures, "messages": messages,
                   "span": span, "acknowledged": acknowledged}
    with open(path + ".part", "w", encoding="utf-8") as out:
        json.dump(results, out)
    os.replace(path + ".part", path)


def answer_for(question):
    """A valid answer to the question as the API shows it (which one does not matter for load)."""
    kind = question.get("kind", "choice")
    if kind == "choice":
        return {"selected": [question["choices"][0]["id"]]}
    if kind == "numerical":
        return {"response": "1"}
    return {"response": "x"}


class Taker(FastHttpUser):
    """One taker at a time per user, pausing --think seconds (on average) before each answer."""

    def on_start(self):
        options = self.environment.parsed_options
        self.quiz_id = options.quiz_id
        self.think = max(0.0, options.think)
        self.attempts_left = options.attempts_per_user or None
        self.pid = os.getpid()

    def pause(self):
        """A person reading the question and clicking: uniform in [0.5, 1.5] × --think seconds."""
        if self.think > 0:
            gevent.sleep(random.uniform(0.5 * self.think, 1.5 * self.think))

    @task
    def take_the_quiz(self):
        if self.attempts_left == 0:
            raise StopUser()
        taker = f"load-{self.pid}-{next(taker_numbers):06d}"
        token = self.sign_in(taker)
        if token is None:
            return
        questions = self.fetch(token)
        for question in questions:
            self.pause()
            self.save(token, taker, question)
        self.pause()
        self.client.post(f"/api/attempts/{token}/submit", name=SUBMIT)
        if self.attempts_left is not None:
            self.attempts_left -= 1

    def sign_in(self, taker):
        with self.client.post("/api/attempts", json={"quiz": self.quiz_id, "taker": taker}, name=SIGN_IN,
                              catch_response=True) as reply:
            if reply.status_code not in (200, 201):
                reply.failure(f"sign-in: {reply.status_code} {reply.text[:200]}")
                return None
            return reply.json()["attempt"]

    def fetch(self, token):
        with self.client.get(f"/api/attempts/{token}", name=FETCH, catch_response=True) as reply:
            if reply.status_code != 200:
                reply.failure(f"fetch: {reply.status_code} {reply.text[:200]}")
                return []
            return reply.json()["questions"]

    def save(self, token, taker, question):
        with self.client.put(f"/api/attempts/{token}/answers/{question['id']}", json=answer_for(question),
                             name=SAVE, catch_response=True) as reply:
            if reply.status_code != 200:
                reply.failure(f"save: {reply.status_code} {reply.text[:200]}")
                return
            if reply.json().get("saved") is not True:
                reply.failure(f"save: 200 without \"saved\": true: {reply.text[:200]}")
                return
            acknowledged.append((taker, question["id"]))
