#!/usr/bin/env python3
"""Writes a deterministic quiz-bank/1 document for benchmarks and load tests.

    python3 Benchmarks/make-bank.py --quizzes 1000 --questions 100 > bank-a.json
    python3 Benchmarks/make-bank.py --quizzes 100 --questions 100 --attempts 100 > bank-b.json

Quiz i is `quiz-0000i`, its questions `q0000`, `q0001`, … spread over five sections ("Section 1"
to "Section 5"): the first four get questions // 5 each (at least one), the fifth the rest
(left out when nothing is left, so fewer than 5 questions still gives four sections of one).
Each question has 4 to 6 choices (`a`, `b`, …), 1 to 3 of them correct, worth 1 or 2 points,
with one tag and, three times in ten, an explanation. A quiz scores all-or-nothing, partial or
per-choice. Every attempt answers every question of its quiz; a taker of skill s picks the
right choices with probability s, else a random selection.

`--kinds typed` makes every question short answer or numerical instead (alternately), with
attempts that type the right answer with probability s, else a near miss or a wrong text; the
choice bank (the default) is byte for byte what it was. `--kinds every` cycles through every
kind — choice, short answer, numerical, matching, essay, description, cloze (a short-answer, a
numerical and a choice gap) — for the format benchmarks; it makes no attempts.

The same arguments always give the same bytes (one seeded random generator, drawn from in a
fixed order), so figures taken on different days compare and the files need not be kept.
The output is compact JSON, keys in a fixed order, ending with a newline.
"""
import argparse
import json
import random
import sys

VOCABULARY = tuple(
    "observable subject relay binding scheduler stream operator subscription "
    "dispose sequence element error completion hot cold replay buffer window "
    "throttle debounce merge zip combine latest flat map filter reduce scan "
    "table view cell section model identity diff animation reuse delegate "
    "data source quiz choice answer grade score attempt history report".split()
)
SECTIONS = 5
SCORING_RULES = ("all-or-nothing", "partial", "per-choice")
POINTS = (1, 1, 1, 2)  # one question in four is worth 2 points
EXPLAINED = 0.3  # the share of questions with an explanation


def compact(value):
    """One JSON value, compact, non-ASCII text as is."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def letter(index):
    return chr(ord("a") + index)


def section_sizes(questions):
    """How many questions each section gets: four of questions // 5 (at least 1), then the rest."""
    each = max(1, questions // SECTIONS)
    sizes = [each] * (SECTIONS - 1)
    rest = questions - each * (SECTIONS - 1)
    if rest > 0:
        sizes.append(rest)
    return sizes


class AnswerKey:
    """What an attempt needs to know about one question."""

    def __init__(self, question_id, choice_count, correct, multiple):
        self.question_id = question_id
        self.choice_count = choice_count
        self.correct = correct  # sorted choice indexes
        self.multiple = multiple


class BankMaker:
    """Makes quizzes and attempts from one random generator. The order of the draws is part of
    the output: changing it changes every byte after it."""

    def __init__(self, seed, kinds="choice"):
        self.rng = random.Random(seed)
        self.typed = kinds == "typed"
        self.every = kinds == "every"

    def sentence(self, words):
        return " ".join(self.rng.choice(VOCABULARY) for _ in range(words)).capitalize()

    def question(self, number):
        """A question object and its answer key."""
        rng = self.rng
        choice_count = rng.randint(4, 6)
        correct_count = rng.randint(1, 3)
        correct = set(rng.sample(range(choice_count), correct_count))
        choices = []
        for index in range(choice_count):
            text = self.sentence(rng.randint(2, 8))
            choices.append({"id": letter(index), "text": text, "correct": index in correct})
        question_id = f"q{number:04d}"
        prompt = self.sentence(rng.randint(6, 16)) + "?"
        points = rng.choice(POINTS)
        tag = rng.choice(VOCABULARY)
        question = {
            "id": question_id,
            "prompt": prompt,
            "points": points,
            "multiple": correct_count > 1,
            "tags": [tag],
            "choices": choices,
        }
        if rng.random() < EXPLAINED:
            question["explanation"] = self.sentence(12)
        return question, AnswerKey(question_id, choice_count, sorted(correct), correct_count > 1)

    def typed_question(self, number):
        """A short-answer (even numbers) or numerical (odd) question, and its answer key (the
        right text as key.correct)."""
        rng = self.rng
        question_id = f"q{number:04d}"
        prompt = self.sentence(rng.randint(6, 16)) + "?"
        points = rng.choice(POINTS)
        if number % 2 == 0:
            word = rng.choice(VOCABULARY)
            question = {"id": question_id, "type": "short-answer", "prompt": prompt, "points": points,
                        "tags": [rng.choice(VOCABULARY)],
                        "answers": [{"text": word}, {"text": word[:3] + "*", "fraction": 0.5}]}
            return question, AnswerKey(question_id, 0, word, False)
        value = rng.randint(1, 999) / 10
        question = {"id": question_id, "type": "numerical", "prompt": prompt, "points": points,
                    "tags": [rng.choice(VOCABULARY)], "answers": [{"value": value, "tolerance": 0.05}],
                    "units": [{"unit": "cm", "multiplier": 1}, {"unit": "m", "multiplier": 0.01}],
                    "unit_grading": "mark"}
        return question, AnswerKey(question_id, 0, value, True)

    def every_kind_question(self, number):
        """A question of the kind number % 7 gives, in the order of the docstring."""
        rng = self.rng
        kind = number % 7
        if kind == 0:
            return self.question(number)[0]
        question_id = f"q{number:04d}"
        prompt = self.sentence(rng.randint(6, 16)) + "?"
        common = {"id": question_id, "prompt": prompt, "tags": [rng.choice(VOCABULARY)]}
        word = rng.choice(VOCABULARY)
        value = rng.randint(1, 999) / 10
        if kind == 1:
            return {**common, "type": "short-answer", "points": rng.choice(POINTS),
                    "answers": [{"text": word, "feedback": self.sentence(4)},
                                {"text": word[:3] + "*", "fraction": 0.5}]}
        if kind == 2:
            return {**common, "type": "numerical", "points": rng.choice(POINTS),
                    "answers": [{"value": value, "tolerance": 0.05}, {"value": value * 10, "fraction": 0.5}]}
        if kind == 3:
            pairs = [{"id": letter(i), "stem": self.sentence(3), "answer": self.sentence(2)} for i in range(4)]
            return {**common, "type": "matching", "points": rng.choice(POINTS), "pairs": pairs,
                    "distractors": [self.sentence(2)]}
        if kind == 4:
            return {**common, "type": "essay", "points": rng.choice(POINTS), "response_format": "html",
                    "response_lines": 10, "grader_info": self.sentence(8)}
        if kind == 5:
            return {**common, "type": "description"}
        choices = [{"id": letter(i), "text": self.sentence(2), "correct": i == 0} for i in range(3)]
        return {**common, "type": "cloze", "prompt": prompt + " {#1}, {#2} and {#3}.",
                "parts": [{"kind": "short-answer", "answers": [{"text": word}]},
                          {"kind": "numerical", "points": 2, "answers": [{"value": value, "tolerance": 0.5}]},
                          {"kind": "choice", "choices": choices}]}

    def typed_response(self, key, skill):
        """What a taker of this skill types for a typed question."""
        rng = self.rng
        if isinstance(key.correct, str):
            if rng.random() < skill:
                return key.correct
            return rng.choice((key.correct[:3] + "x", rng.choice(VOCABULARY), key.correct.upper()))
        if rng.random() < skill:
            return rng.choice((f"{key.correct} cm", f"{key.correct / 100} m", f"{key.correct}"))
        return f"{round(key.correct + rng.randint(1, 50) / 10, 1)} cm"

    def quiz(self, number, questions):
        """A quiz object and the answer keys of its questions, in order."""
        sections = []
        keys = []
        for index, size in enumerate(section_sizes(questions)):
            items = []
            for _ in range(size):
                if self.every:
                    items.append(self.every_kind_question(len(keys)))
                    keys.append(None)
                    continue
                question, key = self.typed_question(len(keys)) if self.typed else self.question(len(keys))
                items.append(question)
                keys.append(key)
            sections.append({"title": f"Section {index + 1}", "questions": items})
        title = self.sentence(4)
        scoring = self.rng.choice(SCORING_RULES)
        quiz = {"id": f"quiz-{number:05d}", "title": title, "scoring": scoring, "sections": sections}
        return quiz, keys

    def selection(self, key, skill):
        """The choice indexes a taker of this skill picks."""
        rng = self.rng
        if rng.random() < skill:
            return key.correct
        if key.multiple:
            count = rng.randint(1, 3)
            return sorted(rng.sample(range(key.choice_count), count))
        return [rng.randrange(key.choice_count)]

    def attempt(self, quiz_id, keys, number, attempts_per_quiz):
        skill = self.rng.random()
        if self.typed:
            answers = [{"question": key.question_id, "response": self.typed_response(key, skill)} for key in keys]
        else:
            answers = [
                {"question": key.question_id, "selected": [letter(i) for i in self.selection(key, skill)]}
                for key in keys
            ]
        taker = self.rng.randrange(max(1, attempts_per_quiz * 2))
        minute = number % 60
        return {
            "id": f"{quiz_id}-attempt-{number:05d}",
            "quiz": quiz_id,
            "taker": f"taker-{taker:05d}",
            "started_at": f"2026-11-01T10:{minute:02d}:00Z",
            "submitted_at": f"2026-11-01T11:{minute:02d}:00Z",
            "answers": answers,
        }


def write_bank(out, quizzes, questions, attempts, seed, kinds="choice"):
    """Writes the document to `out` (text): quizzes as they are made; each quiz's attempts are
    drawn right after it but written after all quizzes, kept meanwhile as JSON text."""
    maker = BankMaker(seed, kinds)
    attempt_texts = []
    out.write('{"format":"quiz-bank/1","quizzes":[')
    for number in range(quizzes):
        quiz, keys = maker.quiz(number, questions)
        if number:
            out.write(",")
        out.write(compact(quiz))
        for index in range(attempts):
            attempt_texts.append(compact(maker.attempt(quiz["id"], keys, index, attempts)))
    out.write("]")
    if attempt_texts:
        out.write(',"attempts":[')
        out.write(",".join(attempt_texts))
        out.write("]")
    out.write("}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quizzes", type=int, default=100, help="number of quizzes (default 100)")
    parser.add_argument("--questions", type=int, default=100, help="questions per quiz (default 100)")
    parser.add_argument("--attempts", type=int, default=0, help="attempts per quiz (default 0: no attempts)")
    parser.add_argument("--seed", type=int, default=54, help="random seed (default 54)")
    parser.add_argument("--kinds", choices=("choice", "typed", "every"), default="choice",
                        help="choice questions (default), short-answer and numerical ones, or every kind")
    args = parser.parse_args()
    if args.kinds == "every" and args.attempts:
        parser.error("--kinds every makes no attempts: leave out --attempts")
    write_bank(sys.stdout, args.quizzes, args.questions, args.attempts, args.seed, args.kinds)


if __name__ == "__main__":
    main()
