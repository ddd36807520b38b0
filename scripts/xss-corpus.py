#!/usr/bin/env python3
"""The XSS corpus check's two halves (scripts/check-xss-corpus.sh runs them).

  xss-corpus.py bank VECTORS.json BANK.json     a quiz-bank/1 document: one question per vector
  xss-corpus.py check BANK.json REPORT.html DOM.html   what Chromium made of the report
"""
import json
import sys
from html.parser import HTMLParser


def bank(vectors_path, bank_path):
    vectors = json.load(open(vectors_path, encoding="utf-8"))["vectors"]
    questions = []
    for number, vector in enumerate(vectors, 1):
        html = vector["html"]
        questions.append({
            "id": f"v{number:03}", "prompt": html, "text_format": "html",
            "choices": [
                {"id": "a", "text": html, "correct": True, "feedback": html},
                {"id": "b", "text": "safe", "correct": False, "feedback": html},
            ],
        })
    answers = [{"question": q["id"], "selected": ["a"]} for q in questions]
    document = {
        "format": "quiz-bank/1",
        "quizzes": [{"id": "xss", "title": "XSS corpus", "sections": [{"questions": questions}]}],
        "attempts": [{"id": "1", "quiz": "xss", "taker": "t", "answers": answers}],
    }
    json.dump(document, open(bank_path, "w", encoding="utf-8"), ensure_ascii=False)


class Elements(HTMLParser):
    """Every element with its attributes, the page's title and its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.title = None
        self.in_title = False
        self.text = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, attrs))
        # The page's own <title> only: the SVG charts have <title>s of their own.
        if tag == "title" and self.title is None:
            self.in_title = True
            self.title = ""

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, attrs))

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False

    def handle_data(self, data):
        if self.in_title:
            self.title += data
        self.text.append(data)


# What the report itself holds (with the canary's one <script>); the questions may add none.
EXPECTED = {"script": 1, "style": 1, "meta": 2, "svg": 2}
SCRIPTABLE = ["script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link",
              "style", "form", "input", "button", "svg", "math", "video", "audio", "source", "isindex"]
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "background", "poster", "dynsrc",
                  "lowsrc"}


def check(bank_path, report_path, dom_path):
    questions = json.load(open(bank_path, encoding="utf-8"))["quizzes"][0]["sections"][0]["questions"]
    report = open(report_path, encoding="utf-8").read()
    source = Elements()
    source.feed(report)
    dom = Elements()
    dom.feed(open(dom_path, encoding="utf-8").read())
    problems = []
    if dom.title != source.title:
        problems.append(f"document.title changed to {dom.title!r}: a script ran")
    for tag in SCRIPTABLE:
        count = sum(1 for name, _ in dom.elements if name == tag)
        if count != EXPECTED.get(tag, 0):
            problems.append(f"{count} <{tag}> elements in the DOM, the report has {EXPECTED.get(tag, 0)}")
    for name, attrs in dom.elements:
        for key, value in attrs:
            if key.startswith("on"):
                problems.append(f"<{name} {key}={value!r}>")
            squeezed = "".join((value or "").split()).lower()
            if key in URL_ATTRIBUTES and squeezed.startswith(("javascript:", "vbscript:", "data:text")):
                problems.append(f"<{name} {key}={value!r}>")
    text = "".join(dom.text)
    shown = sum(1 for q in questions if q["id"] in text)
    if shown != len(questions):
        problems.append(f"{shown} of {len(questions)} questions are on the page")
    if problems:
        print("check-xss-corpus:\n  " + "\n  ".join(problems[:40]), file=sys.stderr)
        sys.exit(1)
    print(f"XSS corpus: {len(questions)} vectors as prompt and choice (and feedback, which the report does not show) "
          f"rendered in Chromium: no script ran, no on* attribute, no script URL")


if __name__ == "__main__":
    command, *arguments = sys.argv[1:]
    {"bank": bank, "check": check}[command](*arguments)
