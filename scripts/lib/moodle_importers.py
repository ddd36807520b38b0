"""What Moodle's core importers do with a file, read from their PHP, to draft expected.json.

A reading of question/format.php (qformat_default: readdata, readquestions, importprocess),
question/format/gift/format.php, question/format/xml/format.php, question/format/aiken/format.php
and the save_question_options sanity checks of qtype_multichoice, qtype_shortanswer and
qtype_numerical, as of Moodle 4.x. It counts; it does not build questions. Where Moodle's
behaviour is not certain the result says so in `notes`, and expected.json was reviewed by hand.
"""

import re
import xml.etree.ElementTree as ET

# Moodle's qtype names -> quiz kinds; anything else is skipped by quiz with a warning.
KINDS = {
    "multichoice": "choice",
    "truefalse": "choice",
    "shortanswer": "short-answer",
    "numerical": "numerical",
    "match": "matching",
    "matching": "matching",
    "essay": "essay",
    "description": "description",
    "cloze": "cloze",
    "multianswer": "cloze",
}
CORE_OTHER = {"calculated", "calculatedsimple", "calculatedmulti", "ddwtos", "gapselect",
              "ddimageortext", "ddmarker", "randomsamatch", "ordering", "random"}

# question_bank::fraction_options_full(): the only grades an import may use while the import
# form's "match grades" is "error if grade not listed", its default (qformat_default::importprocess
# checks every fraction with match_grade_options before it saves anything).
GRADES = [1.0, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2,
          0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05]
GRADES = [0.0] + GRADES + [-g for g in GRADES]


def unlisted(fractions):
    """The fractions match_grade_options refuses (it allows a difference under 0.00001)."""
    return [f for f in fractions if not any(abs(f - g) < 0.00001 for g in GRADES)]


GIFT_WEIGHT = re.compile(r"^%\-*([0-9]{1,2})\.?([0-9]*)%")


class Result:
    def __init__(self):
        self.kinds = {}
        self.skipped = {}
        self.errors = []      # Moodle errors: the import stops (stoponerror is on by default)
        self.divergences = []  # what issue 22 decides quiz does differently, on purpose
        self.notes = []

    def add(self, qtype):
        kind = KINDS.get(qtype)
        if kind:
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
        else:
            self.skipped[qtype] = self.skipped.get(qtype, 0) + 1


def read_lines(data):
    """qformat_default::readdata: file() lines, BOM off, a lone-CR file split on CR."""
    text = data.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines(keepends=True)
    if lines and "\r" in lines[0] and "\n" not in lines[0]:
        return text.split("\r")
    return lines


def php_empty(line):
    return line == "" or line == "0"


# MARK: - GIFT

def gift_blocks(lines):
    """qformat_default::readquestions: questions are runs of non-blank (trimmed) lines."""
    block, start, number = [], 0, 0
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if php_empty(line):
            if block:
                yield start, block
            block = []
        else:
            if not block:
                start = number
            block.append(line)
    if block:
        yield start, block


def escaped_pre(text):
    text = text.replace("\\\\", "&&092;")
    for a, b in [("\\:", "&&058;"), ("\\#", "&&035;"), ("\\=", "&&061;"), ("\\{", "&&123;"),
                 ("\\}", "&&125;"), ("\\~", "&&126;"), ("\\n", "&&010")]:
        text = text.replace(a, b)
    return text.replace("&&092;", "\\")


def gift(data, result):
    for start, lines in gift_blocks(read_lines(data)):
        lines = [" " if l.strip().startswith("//") else l for l in lines]
        text = "\n".join(lines).strip()
        if text == "":
            continue
        text = escaped_pre(text)
        if text.startswith("$CATEGORY:"):
            continue
        name_only = False
        if text.startswith("::"):
            rest = text[2:]
            end = rest.find("::")
            if end >= 0:
                text = rest[end + 2:].strip()
        a, b = text.find("{"), text.find("}")
        if a < 0 and b < 0:
            qtype, answer = "description", ""
            if text == "":
                name_only = True
        elif a < 0 or b < 0:
            result.errors.append(f"line {start}: braceerror (a {{ or }} is missing)")
            continue
        else:
            answer = text[a + 1:b].strip()
            remaining = text[:a] + text[b + 1:]
            if "{" in remaining and "}" in remaining[remaining.find("{"):]:
                cloze = re.search(r"\{\d*:[A-Z_]+:", remaining) or re.match(r"\d*:[A-Z_]+:", answer)
                result.divergences.append(
                    f"line {start}: " + ("cloze syntax inside GIFT" if cloze else "several answer blocks")
                    + " (Moodle reads the first block only and keeps the rest as text)")
            if text[:a].strip() == "" and text[b + 1:].strip() == "":
                name_only = True
            gf = answer.rfind("####")
            if gf >= 0:
                answer = answer[:gf].strip()
            if answer == "":
                qtype = "essay"
            elif answer[0] == "#":
                qtype = "numerical"
            elif "~" in answer:
                qtype = "multichoice"
            elif "=" in answer and "->" in answer:
                qtype = "match"
            else:
                tf = answer
                if answer.find("#") > 0:
                    tf = answer[:answer.find("#")].strip()
                qtype = "truefalse" if tf in ("T", "TRUE", "F", "FALSE") else "shortanswer"
        if name_only:
            result.notes.append(f"line {start}: a question with no text besides its answers (Moodle: empty text)")
        error = gift_check(qtype, answer)
        if error == "__nonnumeric__":
            result.divergences.append(f"line {start}: a numerical answer that is not a number "
                                      "(Moodle turns it into any answer at 100 %)")
            error = None
        if error:
            result.errors.append(f"line {start}: {error}")
            continue
        result.add(qtype)


def gift_check(qtype, answer):
    """The GIFT reader's own errors, then the save_question_options sanity checks."""
    if qtype == "multichoice":
        single = "=" in answer
        parts = answer.replace("=", "~=").split("~")
        parts[0] = parts[0].strip()
        if parts[0] == "":
            parts = parts[1:]
        if len(parts) < 2:
            return "importminerror (fewer than 2 answers)"
        fractions = []
        for p in parts:
            p = p.strip()
            if p.startswith("="):
                w, p = 1.0, p[1:]
            elif GIFT_WEIGHT.match(p):
                w = gift_weight(p)
            else:
                w = 0.0
            if p.split("#", 1)[0].strip() != "":
                fractions.append(w)
        bad = unlisted(all_weights(parts))
        if bad:
            return f"invalidgradequestion (grades not in Moodle's list: {', '.join(f'{b:g}' for b in bad)})"
        if single and max(fractions) != 1:
            return f"errfractionsnomax (no answer at 100 %: {max(fractions) * 100:g} %)"
        if not single and round(sum(f for f in fractions if f > 0), 2) != 1:
            return f"errfractionsaddwrong (positive grades add to {sum(f for f in fractions if f > 0) * 100:g} %)"
    elif qtype == "match":
        parts = answer.split("=")
        parts[0] = parts[0].strip()
        if parts[0] == "":
            parts = parts[1:]
        if len(parts) < 2:
            return "importminerror (fewer than 2 pairs)"
        for p in parts:
            if "->" not in p:
                return "giftmatchingformat (a pair without ->)"
    elif qtype == "shortanswer":
        parts = answer.split("=")
        parts[0] = parts[0].strip()
        if parts[0] == "":
            parts = parts[1:]
        if not parts:
            return "importminerror"
        weights = [gift_weight(p.strip()) if GIFT_WEIGHT.match(p.strip()) else 1.0 for p in parts]
        bad = unlisted(weights)
        if bad:
            return f"invalidgradequestion (grades not in Moodle's list: {', '.join(f'{b:g}' for b in bad)})"
        if max(weights) != 1:
            return f"fractionsnomax ({max(weights) * 100:g} %)"
    elif qtype == "numerical":
        body = answer[1:]
        if "~" in body:
            body = body[:body.find("~")]
        parts = body.split("=")
        parts[0] = parts[0].strip()
        if parts[0] == "":
            parts = parts[1:]
        if not parts:
            return "giftnonumericalanswers"
        weights = []
        for p in parts:
            p = p.strip()
            weights.append(gift_weight(p) if GIFT_WEIGHT.match(p) else 1.0)
            if GIFT_WEIGHT.match(p):
                p = p[p.find("%", 1) + 1:]
            value = p.split("#", 1)[0].strip()
            if ".." in value[1:]:
                lo, hi = value.split("..", 1)
                if not (is_number(lo) and is_number(hi)):
                    return "a range that is not numbers (PHP 8 arithmetic on non-numeric strings throws)"
            elif ":" in value[1:]:
                v, tol = value.split(":", 1)
                if not is_number(tol.strip()):
                    return "errornotnumbers (tolerance)"
            # A non-numeric value is accepted by Moodle as '*' (the `is_numeric($ans) || $ans = '*'`
            # bug); issue 22 makes it an error in quiz.
            elif not is_number(value):
                return "__nonnumeric__"
        bad = unlisted(weights)
        if bad:
            return f"invalidgradequestion (grades not in Moodle's list: {', '.join(f'{b:g}' for b in bad)})"
        # qtype_numerical::save_question_options has no check that an answer is worth 100 %.
    return None


def all_weights(parts):
    """Every multiple-choice piece's fraction, blank pieces included (they are checked too)."""
    weights = []
    for p in parts:
        p = p.strip()
        if p.startswith("="):
            weights.append(1.0)
        elif GIFT_WEIGHT.match(p):
            weights.append(gift_weight(p))
        else:
            weights.append(0.0)
    return weights


def gift_weight(p):
    inner = p[1:p.find("%", 1)]
    try:
        return float(inner) / 100
    except ValueError:
        return 0.0


def is_number(s):
    s = s.strip()
    return re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", s) is not None


# MARK: - Aiken

def aiken(data, result):
    question, answers = None, 0
    number = 0
    for line in read_lines(data):
        for piece in line.split("\r"):
            number += 1
            now = piece.strip()
            if len(now) < 2:
                continue
            if re.match(r"^[A-Z][).][ \t]?", now):
                if question is None:
                    result.errors.append(f"line {number}: questionnotstarted")
                    continue
                answers += 1
            elif now.startswith("ANSWER:"):
                if question is None:
                    result.errors.append(f"line {number}: questionnotstarted")
                    continue
                if answers < 2:
                    result.errors.append(f"line {number}: questionmissinganswers")
                    question = None
                    continue
                letter = now[now.find(":") + 1:].strip()[:1]
                if not letter or not (0 <= ord(letter) - ord("A") < answers):
                    result.errors.append(f"line {number}: ANSWER: {letter!r} names no choice (no answer at 100 %)")
                    question = None
                    continue
                result.add("multichoice")
                question = None
            else:
                if question is not None:
                    result.errors.append(f"line {number}: questionnotcomplete")
                question, answers = number, 0
    if question is not None:
        result.notes.append(f"line {question}: a question without ANSWER: at the end is dropped silently")


# MARK: - Moodle XML

CLOZE = re.compile(r"\{(\d*):(NUMERICAL|NM|SHORTANSWER|SA|MW|SHORTANSWER_C|SAC|MWC|MULTICHOICE|MC|"
                   r"MULTICHOICE_V|MCV|MULTICHOICE_H|MCH|MULTICHOICE_S|MCS|MULTICHOICE_VS|MCVS|"
                   r"MULTICHOICE_HS|MCHS|MULTIRESPONSE|MR|MULTIRESPONSE_H|MRH|MULTIRESPONSE_S|MRS|"
                   r"MULTIRESPONSE_HS|MRHS):((?:[^}\\]|\\.)*)\}", re.S)


def cloze_errors(text):
    gaps = CLOZE.findall(text)
    if not gaps:
        return ["noquestions (no gap)"]
    errors = []
    for i, (_, kind, body) in enumerate(gaps, 1):
        alts = re.split(r"(?<!\\)~", body)
        full = False
        for alt in alts:
            m = re.match(r"\s*(=|%(-?[0-9.]+)%)?(.*)", alt, re.S)
            if m.group(1) == "=" or (m.group(2) and float(m.group(2)) == 100):
                full = True
            if kind in ("NUMERICAL", "NM"):
                value = re.split(r"(?<!\\)#", m.group(3))[0].strip()
                v = value.split(":")[0].strip()
                if v != "*" and v != "" and not is_number(v):
                    errors.append(f"gap {i}: {v!r} is not a number")
        if kind.startswith("MULTI") or kind.startswith("MC") or kind.startswith("MR"):
            if len(alts) < 2:
                errors.append(f"gap {i}: fewer than 2 choices")
        if not full and not (kind.startswith("MULTIRESPONSE") or kind.startswith("MR")):
            errors.append(f"gap {i}: no answer at 100 %")
    return errors


def xml(data, result):
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        result.errors.append(f"XML not well-formed: {error}")
        return
    if root.tag != "quiz":
        result.errors.append(f"root element <{root.tag}>, not <quiz>")
        return
    for q in root.findall("question"):
        qtype = q.get("type")
        if qtype == "category":
            continue
        name = q.find("name/text")
        if qtype not in ("cloze", "multianswer") and name is None:
            result.errors.append(f"question of type {qtype}: xmlimportnoname (no <name><text>)")
            continue
        label = f"question {name.text if name is not None else '?'!r} ({qtype})"
        error = xml_check(qtype, q)
        if error:
            result.errors.append(f"{label}: {error}")
            continue
        if qtype not in KINDS and qtype not in CORE_OTHER:
            result.notes.append(f"{qtype} is a plugin type: Moodle imports it only where that plugin is "
                                "installed, else it fails the file with xmltypeunsupported")
        result.add(qtype)


def fraction(a):
    try:
        return float(a.get("fraction", "0")) / 100
    except ValueError:
        return 0.0


def xml_check(qtype, q):
    answers = q.findall("answer")
    if qtype in ("multichoice", "shortanswer", "numerical", "calculated", "calculatedsimple",
                 "calculatedmulti"):
        bad = unlisted([fraction(a) for a in answers])
        if bad:
            return f"invalidgradequestion (grades not in Moodle's list: {', '.join(f'{b:g}' for b in bad)})"
    if qtype == "multichoice":
        single = (q.findtext("single") or "true").strip()
        single = not (single == "false" or single in ("", "0"))
        fs = [fraction(a) for a in answers if (a.findtext("text") or "").strip() != ""]
        if not fs:
            return "no answers"
        if single and max(fs) != 1:
            return f"errfractionsnomax ({max(fs) * 100:g} %)"
        if not single and round(sum(f for f in fs if f > 0), 2) != 1:
            return f"errfractionsaddwrong ({sum(f for f in fs if f > 0) * 100:g} %)"
    elif qtype == "shortanswer":
        fs = [fraction(a) for a in answers]
        if fs and max(fs) != 1:
            return f"fractionsnomax ({max(fs) * 100:g} %)"
    elif qtype in ("cloze", "multianswer"):
        errors = cloze_errors(q.findtext("questiontext/text") or "")
        if errors:
            return "invalidmultianswerquestion: " + "; ".join(errors)
    return None


def examine(fmt, data):
    result = Result()
    {"gift": gift, "aiken": aiken, "moodle-xml": xml}[fmt](data, result)
    return result
