#!/usr/bin/env python3
"""Flatten a quiz-bank/1 document into the rows `quiz import` writes, one per line, for the C
baseline (Benchmarks/c-baseline/insert_rows.c), which then times nothing but the inserts.

    bank_to_rows.py bank.json > bank.rows

Lines are tab-separated; the first field names the table. In text fields, backslash, tab and
newline are escaped as \\\\, \\t and \\n; an absent value is a lone \\N. A file's bytes are written in
hex. Q, S, U, C, T and F lines carry what import writes to quizzes, sections, questions and
question_versions, choices, question_tags and question_files.
"""
import base64
import json
import sys


def field(value):
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)):
        return repr(float(value)) if isinstance(value, float) else str(value)
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def text_format(question):
    """The stored text_format: NULL for plain text (the default)."""
    value = question.get("text_format", "plain")
    return None if value == "plain" else value


def main():
    doc = json.load(open(sys.argv[1], encoding="utf-8"))
    out = sys.stdout
    for quiz in doc["quizzes"]:
        out.write("\t".join(["Q", field(quiz["id"]), field(quiz["title"]), field(quiz.get("description")),
                             field(quiz.get("scoring")), field(quiz.get("shuffle_questions"))]) + "\n")
        for section in quiz["sections"]:
            out.write("\t".join(["S", field(section.get("title")), field(section.get("pick"))]) + "\n")
            for question in section["questions"]:
                choices = question["choices"]
                correct = sum(1 for c in choices if c["correct"])
                multiple = question.get("multiple", correct > 1)
                out.write("\t".join(["U", field(question["id"]), field(question["prompt"]),
                                     field(question.get("explanation")), field(question.get("points", 1)),
                                     field(multiple), field(question.get("scoring")),
                                     field(question.get("shuffle", False)), str(len(choices)), str(correct),
                                     field(text_format(question))]) + "\n")
                for i, choice in enumerate(choices):
                    out.write("\t".join(["C", field(choice.get("id", chr(97 + i))), field(choice["text"]),
                                         field(choice["correct"]), field(choice.get("weight")),
                                         field(choice.get("feedback"))]) + "\n")
                for tag in question.get("tags", []):
                    out.write("\t".join(["T", field(tag)]) + "\n")
                for file in question.get("files", []):
                    data = base64.b64decode(file["data"]).hex()
                    out.write("\t".join(["F", field(file["field"]), field(file["name"]), data]) + "\n")


if __name__ == "__main__":
    main()
