#!/usr/bin/env python3
"""A second reference for `quiz import`: Python's stdlib json + sqlite3 writing the same rows
into the same schema with the same pragmas, in one transaction.

    python_import.py bank.json db.sqlite migrations/0001_initial.sql

Prints the seconds taken, JSON parsing included.
"""
import json
import sqlite3
import sys
import time

NOW = "2026-11-29T10:00:00Z"


def main():
    start = time.perf_counter()
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    db = sqlite3.connect(sys.argv[2], isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    for path in sys.argv[3:]:
        db.executescript(open(path, encoding="utf-8").read())
    cur = db.cursor()
    cur.execute("BEGIN IMMEDIATE")
    for quiz in doc["quizzes"]:
        cur.execute("INSERT INTO quizzes (slug, title, description, scoring, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (quiz["id"], quiz["title"], quiz.get("description"), quiz.get("scoring"), NOW, NOW))
        quiz_id = cur.lastrowid
        # The quiz's own bank and its top category; a category per section title (migration 0020).
        cur.execute("INSERT INTO banks (slug, title, created_at, updated_at) VALUES (?, ?, ?, ?)", (quiz["id"], quiz["title"], NOW, NOW))
        bank_id = cur.lastrowid
        cur.execute("INSERT INTO categories (bank_id, parent_id, name) VALUES (?, NULL, '')", (bank_id,))
        top_id = cur.lastrowid
        cur.execute("UPDATE quizzes SET bank_id = ? WHERE id = ?", (bank_id, quiz_id))
        categories = {}
        cur.execute("INSERT INTO change_log (changed_at, entity, operation, quiz) VALUES (?, 'quiz', 'insert', ?)", (NOW, quiz["id"]))
        for s, section in enumerate(quiz["sections"]):
            cur.execute("INSERT INTO sections (quiz_id, position, title) VALUES (?, ?, ?)", (quiz_id, s, section.get("title")))
            section_id = cur.lastrowid
            title = section.get("title") or ""
            if title and title not in categories:
                cur.execute("INSERT INTO categories (bank_id, parent_id, name) VALUES (?, ?, ?)", (bank_id, top_id, title))
                categories[title] = cur.lastrowid
            category_id = categories.get(title, top_id)
            for p, question in enumerate(section["questions"]):
                choices = question["choices"]
                correct = sum(1 for c in choices if c["correct"])
                cur.execute("INSERT INTO questions (quiz_id, slug, section_id, position, current_version, bank_id, category_id) VALUES (?, ?, ?, ?, 1, ?, ?)",
                            (quiz_id, question["id"], section_id, p, bank_id, category_id))
                question_id = cur.lastrowid
                cur.execute("INSERT INTO question_versions (question_id, version, created_at, prompt, explanation, points, multiple, scoring, shuffle, choice_count, correct_count) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (question_id, NOW, question["prompt"], question.get("explanation"), float(question.get("points", 1)),
                             int(question.get("multiple", correct > 1)), question.get("scoring"), int(question.get("shuffle", False)),
                             len(choices), correct))
                version_id = cur.lastrowid
                cur.executemany("INSERT INTO choices (version_id, position, slug, text, correct, weight, feedback) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                [(version_id, i, c.get("id", chr(97 + i)), c["text"], int(c["correct"]), c.get("weight"), c.get("feedback"))
                                 for i, c in enumerate(choices)])
                cur.executemany("INSERT INTO question_tags (question_id, position, tag) VALUES (?, ?, ?)",
                                [(question_id, i, t) for i, t in enumerate(question.get("tags", []))])
    cur.execute("COMMIT")
    db.close()
    print(f"{time.perf_counter() - start:.3f}")


if __name__ == "__main__":
    main()
