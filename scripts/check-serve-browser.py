#!/usr/bin/env python3
"""Takes a quiz served by `quiz serve` end to end in a real browser (headless Chromium through
chromedriver and selenium), with the teacher's monitor open in a second browser.

    scripts/check-serve-browser.py [--quiz .build/debug/quiz] [--deadline 180] [--screenshots DIR]

In a fresh temporary database it imports a two-question quiz (a choice question with feedback,
a short-answer question), serves it with `--reveal each` on a free loopback port and checks:

- sign-in by name; the monitor shows the taker;
- the question page's Submit is disabled until a choice is picked;
- after picking the wrong choice: the reveal marks it red and the right one green (computed
  styles), each readable (contrast >= 4.5 against its background), with the choice's feedback;
- Next; the short answer typed and submitted; the final score shown (1 of 2);
- within 1 s of each answer, the monitor page shows the taker's progress;
- accessibility: axe-core (from PyPI's selenium-axe-python) on the sign-in, question, reveal,
  monitor, cloze question and review pages, failing on serious or critical violations; and by
  hand on each of them: a lang attribute, a label for every input.

Then a second quiz (a short answer, a numerical, a cloze with two text gaps), each server on a
fresh database of its own, a fresh browser for each taker:

- `--reveal end`: a typed answer left by Skip, another by Previous (each page, come back to,
  holds what was typed), Enter in the cloze's first gap moves the focus to the second and sends
  nothing, the gaps typed and "Finish and submit the quiz" pressed; the review (scored 3 of 4)
  and the database (`quiz export --with-attempts`) hold all three answers; Sign out from the
  review, after which / and /review show the sign-in page, nothing of the last taker's;
- `--time-limit 6s`: an answer typed and never submitted; the page's timer counts down and at
  zero sends it; the browser lands on the review, which, like the database, holds it.

Then the monitor with a class of 1,500: takers signed in through the API from three loopback
addresses (the server allows 600 new attempts a minute per address); the monitor page loads
with every row and the counts, one more answer shows within 1 s, and typing a name in the
filter leaves that taker's row alone on the page.

Every step has a deadline, and the whole run one more (--deadline); on failure it says which
step failed and what the page showed, saves screenshots when --screenshots is given, and exits 1.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from quizserve import ServeError, Served, quiz_command  # noqa: E402

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit("check-serve-browser: selenium is missing (python3 -m pip install selenium; .ci/run installs it)")

TAKER = "Ada Browser"
QUIZ_ID = "browser-check"
NAVIGATION_QUIZ_ID = "browser-navigation"
BANK = {
    "format": "quiz-bank/1",
    "quizzes": [{
        "id": QUIZ_ID,
        "title": "Browser check",
        "sections": [{
            "title": "Only",
            "questions": [
                {"id": "capital", "prompt": "Which city is the capital of France?", "points": 1, "choices": [
                    {"id": "a", "text": "Lyon", "correct": False, "feedback": "Lyon is the third city of France."},
                    {"id": "b", "text": "Paris", "correct": True, "feedback": "Paris it is."},
                    {"id": "c", "text": "Marseille", "correct": False}]},
                {"id": "planet", "type": "short-answer", "prompt": "Which is the largest planet?", "points": 1,
                 "answers": [{"text": "Jupiter"}]},
            ],
        }],
    }, {
        # Served apart (`--reveal end`, then `--time-limit`): typed answers left by Skip,
        # Previous, Finish and the timer, and a cloze question's two text gaps.
        "id": NAVIGATION_QUIZ_ID,
        "title": "Browser navigation check",
        "sections": [{
            "title": "Only",
            "questions": [
                {"id": "planet", "type": "short-answer", "prompt": "Which is the largest planet?", "points": 1,
                 "answers": [{"text": "Jupiter"}]},
                {"id": "legs", "type": "numerical", "prompt": "How many legs has a spider?", "points": 1,
                 "answers": [{"value": 8}]},
                {"id": "verse", "type": "cloze", "prompt": "The {#1} and the {#2} went to sea.",
                 "parts": [{"kind": "short-answer", "answers": [{"text": "Owl"}]},
                           {"kind": "short-answer", "answers": [{"text": "Pussy-cat"}]}]},
            ],
        }],
    }],
}
WRONG, RIGHT, WRONG_FEEDBACK = "Lyon", "Paris", "Lyon is the third city of France."
STEP_SECONDS = 10  # any one wait
MONITOR_SECONDS = 1.0  # the monitor shows an answer within this
PROGRESS = r"\b{answered}\s*(/|of)\s*2\b"  # a taker's progress on the monitor: "1/2", "1 of 2"


class CheckFailed(Exception):
    pass


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiz", default=os.path.join(ROOT, ".build", "debug", "quiz"), help="the quiz binary")
    parser.add_argument("--deadline", type=int, default=180, help="seconds the whole check may take (default 180)")
    parser.add_argument("--screenshots", help="a folder for the pages' screenshots (on failure too)")
    return parser.parse_args()


def browser(width=800, height=1000):
    """A headless Chromium under chromedriver, every wait bounded."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--lang=en-GB"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_page_load_timeout(STEP_SECONDS * 2)
    driver.set_script_timeout(STEP_SECONDS * 2)
    return driver


def wait(driver, what, condition, seconds=STEP_SECONDS):
    # A condition may read an element of the page the browser is leaving (a form just posted, its
    # redirect loading): that element is stale, and the condition is asked again.
    try:
        return WebDriverWait(
            driver, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
        ).until(lambda d: condition(d))
    except TimeoutException:
        raise CheckFailed(f"{what}: not within {seconds} s; the page ({driver.current_url}) shows:\n"
                          f"{page_text(driver)[:1500]}") from None


def page_text(driver):
    try:
        return driver.find_element(By.TAG_NAME, "body").text
    except WebDriverException:
        return "(no page)"


def visible(elements):
    return [element for element in elements if element.is_displayed()]


def submit_button(driver):
    """The visible submit button of the page's form (the first one)."""
    buttons = visible(driver.find_elements(By.CSS_SELECTOR, "form button[type=submit], form input[type=submit], "
                                                            "form button:not([type])"))
    return buttons[0] if buttons else None


def click_labelled(driver, text):
    """Clicks the choice whose label reads `text` (the label, as a taker would)."""
    for label in visible(driver.find_elements(By.TAG_NAME, "label")):
        if label.text.strip() == text or text in label.text.split("\n"):
            label.click()
            return
    raise CheckFailed(f"no choice labelled {text!r} on the page:\n{page_text(driver)[:1500]}")


def button_named(driver, *names):
    """A visible button or link whose text is one of `names` (case-insensitive), or None."""
    wanted = {name.lower() for name in names}
    for element in visible(driver.find_elements(By.CSS_SELECTOR, "button, a, input[type=submit]")):
        text = (element.text or element.get_attribute("value") or "").strip().lower()
        if text in wanted or any(text.startswith(name) for name in wanted):
            return element
    return None


# MARK: - Colours

COLOUR = re.compile(r"rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)")

# For the element holding `text` on the page: itself and its ancestors up to the form or list,
# each with its computed colour, background colour and border colours (the reveal may colour any
# of them), and the effective background (the first ancestor's that is not transparent).
MARKING_SCRIPT = """
const text = arguments[0];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
let node = null;
while (walker.nextNode()) { if (walker.currentNode.textContent.trim() === text) { node = walker.currentNode; break; } }
if (!node) return null;
const chain = [];
for (let e = node.parentElement; e && e !== document.body; e = e.parentElement) {
  const s = getComputedStyle(e);
  chain.push({tag: e.tagName, cls: e.className, color: s.color, background: s.backgroundColor,
              border: s.borderLeftColor + ' ' + s.borderTopColor, outline: s.outlineColor});
  if (['FORM', 'UL', 'OL', 'FIELDSET', 'MAIN'].includes(e.tagName)) break;
}
let background = 'rgb(255, 255, 255)';
for (let e = node.parentElement; e; e = e.parentElement) {
  const b = getComputedStyle(e).backgroundColor;
  if (b && b !== 'transparent' && !b.startsWith('rgba(0, 0, 0, 0)')) { background = b; break; }
}
return {chain: chain, text: getComputedStyle(node.parentElement).color, background: background};
"""


def rgb(value):
    found = COLOUR.search(value or "")
    if not found or (found.group(4) is not None and float(found.group(4)) == 0):
        return None
    return tuple(float(found.group(i)) for i in (1, 2, 3))


def hue_of(colour):
    """'red', 'green' or None for an RGB triple."""
    r, g, b = colour
    if r > g * 1.4 and r > b * 1.4 and r > 80:
        return "red"
    if g > r * 1.2 and g > b * 0.9 and g > 60:
        return "green"
    return None


def marking(driver, text):
    """The hue the reveal gives the choice `text` (from the colours of it and its container) and
    its contrast; raises CheckFailed when the choice is not on the page."""
    found = driver.execute_script(MARKING_SCRIPT, text)
    if not found:
        raise CheckFailed(f"the reveal does not show the choice {text!r}:\n{page_text(driver)[:1500]}")
    hues = []
    for element in found["chain"]:
        for key in ("background", "border", "color", "outline"):
            for part in re.findall(r"rgba?\([^)]*\)", element[key]):
                colour = rgb(part)
                if colour and hue_of(colour):
                    hues.append(hue_of(colour))
    text_colour, background = rgb(found["text"]), rgb(found["background"]) or (255, 255, 255)
    ratio = contrast(text_colour, background) if text_colour else 0
    return (hues[0] if hues else None), ratio, found


def luminance(colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# MARK: - Accessibility

def axe_violations(driver):
    """Serious and critical axe-core violations of the page, or None when axe-core is not installed."""
    try:
        from selenium_axe_python import Axe
    except ImportError:
        return None
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options='{"resultTypes": ["violations"]}')
    return [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]


# Inputs without a label: no <label for>, no wrapping label, no aria-label(ledby).
UNLABELLED_SCRIPT = """
return Array.from(document.querySelectorAll('input, select, textarea'))
  .filter(e => e.type !== 'hidden' && e.type !== 'submit' && e.type !== 'button')
  .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
  .map(e => e.outerHTML.slice(0, 160));
"""


def check_accessibility(driver, page, notes):
    lang = driver.execute_script("return document.documentElement.getAttribute('lang')")
    if not lang:
        raise CheckFailed(f"the {page} page has no lang attribute on <html>")
    unlabelled = driver.execute_script(UNLABELLED_SCRIPT)
    if unlabelled:
        raise CheckFailed(f"the {page} page has inputs without a label: {unlabelled}")
    violations = axe_violations(driver)
    if violations is None:
        notes.append(f"{page}: axe-core not installed (pip install selenium-axe-python): checked by the rules only")
        return
    if violations:
        details = "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at "
                            f"{[n['target'] for n in v['nodes']][:3]}" for v in violations)
        raise CheckFailed(f"axe-core finds serious or critical violations on the {page} page: {details}")
    notes.append(f"{page}: axe-core, no serious or critical violation")


# MARK: - The monitor

# The text of the smallest row-like element holding the taker's name ('' when none does).
TAKER_ROW_SCRIPT = """
const name = arguments[0];
const rows = Array.from(document.querySelectorAll('tr, li, article, section, div, p'))
  .filter(e => e.innerText && e.innerText.includes(name));
rows.sort((a, b) => a.innerText.length - b.innerText.length);
return rows.length ? rows[0].innerText : '';
"""


def monitor_shows(teacher, what, pattern, since, seconds=MONITOR_SECONDS):
    """Waits until `seconds` after `since` (time.monotonic()) for the monitor's row of the taker
    to match `pattern`; returns how long after `since` it did."""
    while True:
        row = teacher.execute_script(TAKER_ROW_SCRIPT, TAKER) or ""
        if re.search(pattern, row):
            return time.monotonic() - since
        if time.monotonic() > since + seconds:
            raise CheckFailed(f"the monitor does not show {what} within {seconds} s; its row of the taker reads "
                              f"{row!r}; the page:\n{page_text(teacher)[:1500]}")
        time.sleep(0.02)


# MARK: - A class of hundreds on the monitor

CROWD = 1500
CROWD_ADDRESSES = ("127.0.0.1", "127.0.0.2", "127.0.0.3")


def crowd_sign_in(served, quiz_id, taker, address):
    """Signs `taker` in from the loopback `address` (an address of its own, as a class behind
    several NAT addresses would); returns the attempt's JSON."""
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", int(served.base.rsplit(":", 1)[1]), timeout=10,
                                            source_address=(address, 0))
    try:
        connection.request("POST", "/api/attempts", json.dumps({"quiz": quiz_id, "taker": taker}),
                           {"Content-Type": "application/json"})
        reply = connection.getresponse()
        body = reply.read()
        if reply.status != 201:
            raise CheckFailed(f"the sign-in of {taker} from {address}: {reply.status} {body[:300]!r}")
        return json.loads(body)
    finally:
        connection.close()


def crowd_the_monitor(served, teacher, notes, shoot):
    """1,500 takers on the monitor: it loads with every row and the counts, an answer shows
    within a second, and the filter finds one taker."""
    started = time.monotonic()
    attempts = [crowd_sign_in(served, QUIZ_ID, f"Taker {n:04d}", CROWD_ADDRESSES[n % len(CROWD_ADDRESSES)])
                for n in range(CROWD)]
    notes.append(f"monitor crowd: {CROWD} sign-ins from {len(CROWD_ADDRESSES)} addresses in "
                 f"{time.monotonic() - started:.1f} s")
    loading = time.monotonic()
    teacher.get(served.monitor_url)
    expected = f"{CROWD} attempts: {CROWD} in progress"
    wait(teacher, f"the monitor's counts of {CROWD} attempts",
         lambda d: expected in d.find_element(By.ID, "monitor-counts").text and
         len(d.find_elements(By.CSS_SELECTOR, "#attempts tbody tr")) == CROWD)
    wait(teacher, "the monitor's live updates", lambda d: "Live" in d.find_element(By.ID, "monitor-status").text)
    notes.append(f"monitor crowd: the page showed {CROWD} rows {time.monotonic() - loading:.1f} s after it was asked for")
    last = attempts[-1]
    question = last["questions"][0]
    answer = {"selected": [question["choices"][0]["id"]]} if question.get("choices") else {"response": "x"}
    sent = time.monotonic()
    status, reply = served.call("PUT", f"/api/attempts/{last['attempt']}/answers/{question['id']}", answer,
                                token=last["attempt"])
    if status != 200:
        raise CheckFailed(f"an answer of Taker {CROWD - 1:04d}: {status} {reply}")
    row = f"Taker {CROWD - 1:04d}"
    while True:
        text = teacher.execute_script(TAKER_ROW_SCRIPT, row) or ""
        if re.search(PROGRESS.format(answered=1), text):
            break
        if time.monotonic() > sent + MONITOR_SECONDS:
            raise CheckFailed(f"with {CROWD} rows the monitor does not show an answer within {MONITOR_SECONDS} s: {text!r}")
        time.sleep(0.02)
    notes.append(f"monitor crowd: an answer showed {1000 * (time.monotonic() - sent):.0f} ms after its save")
    search = teacher.find_element(By.ID, "monitor-filter")
    search.send_keys("taker 0042")
    shown_rows = "return Array.from(document.querySelectorAll('#attempts tbody tr')).filter(r => !r.hidden)" \
        ".map(r => r.cells[0].textContent)"
    wait(teacher, "the filter leaving one row", lambda d: d.execute_script(shown_rows) == ["Taker 0042"])
    if "1 shown" not in teacher.find_element(By.ID, "monitor-counts").text:
        raise CheckFailed(f"the counts do not say how many rows the filter shows: "
                          f"{teacher.find_element(By.ID, 'monitor-counts').text!r}")
    check_accessibility(teacher, "monitor with a filter", notes)
    shoot(teacher, "8-monitor-crowd")


# MARK: - The run

def take_the_quiz(served, taker, teacher, notes, shoot):
    taker.get(served.base + "/")
    wait(taker, "the sign-in page", lambda d: visible(d.find_elements(By.CSS_SELECTOR, "input[type=text], input:not([type])")))
    check_accessibility(taker, "sign-in", notes)
    shoot(taker, "1-sign-in")
    name = visible(taker.find_elements(By.CSS_SELECTOR, "input[type=text], input:not([type])"))[0]
    name.send_keys(TAKER)
    submit_button(taker).click()

    wait(taker, "the first question", lambda d: "capital of France" in page_text(d))
    teacher.get(served.monitor_url)
    wait(teacher, "the monitor showing the signed-in taker", lambda d: TAKER in page_text(d))
    check_accessibility(teacher, "monitor", notes)
    button = submit_button(taker)
    if button is None:
        raise CheckFailed(f"the question page has no submit button:\n{page_text(taker)[:1500]}")
    if button.is_enabled():
        raise CheckFailed("the question page's Submit is enabled before a choice is picked")
    check_accessibility(taker, "question", notes)
    shoot(taker, "2-question")
    click_labelled(taker, WRONG)
    wait(taker, "Submit enabled once a choice is picked", lambda d: submit_button(d).is_enabled(), seconds=2)
    submit_button(taker).click()
    wait(taker, "the reveal with the chosen answer's feedback", lambda d: WRONG_FEEDBACK in page_text(d))
    # The answer is saved once the reveal is back: from then on the monitor has a second.
    took = monitor_shows(teacher, "the first answer", PROGRESS.format(answered=1), time.monotonic())
    notes.append(f"monitor: the first answer showed {1000 * took:.0f} ms after its reveal")
    shoot(taker, "3-reveal")
    for text, hue in ((WRONG, "red"), (RIGHT, "green")):
        shown, ratio, found = marking(taker, text)
        if shown != hue:
            raise CheckFailed(f"the reveal should mark {text!r} {hue}, its colours are {json.dumps(found['chain'])}")
        if ratio < 4.5:
            raise CheckFailed(f"the reveal's {hue} {text!r} has a contrast of {ratio:.2f} (WCAG AA needs 4.5)")
        notes.append(f"reveal: {text} {hue}, contrast {ratio:.1f}")
    check_accessibility(taker, "reveal", notes)

    next_button = wait(taker, "a Next button on the reveal", lambda d: button_named(d, "next", "continue"))
    next_button.click()
    wait(taker, "the second question", lambda d: "largest planet" in page_text(d))
    field = visible(taker.find_elements(By.CSS_SELECTOR, "input[type=text], input:not([type]), textarea"))
    if not field:
        raise CheckFailed(f"the short-answer page has no text field:\n{page_text(taker)[:1500]}")
    field[0].send_keys("Jupiter")
    wait(taker, "Submit enabled once an answer is typed", lambda d: submit_button(d).is_enabled(), seconds=2)
    submit_button(taker).click()
    wait(taker, "the second reveal (a Next or Finish button)", lambda d: button_named(d, "next", "finish"))
    took = monitor_shows(teacher, "the second answer", PROGRESS.format(answered=2), time.monotonic())
    notes.append(f"monitor: the second answer showed {1000 * took:.0f} ms after its reveal")
    finish_the_attempt(taker, shoot)


def finish_the_attempt(taker, shoot):
    """From the last reveal: Next/Finish/Submit until the final score shows (1 of 2 points)."""
    score = re.compile(r"\b1(\.0)?\s*(/|of|out of)\s*2\b")
    for _ in range(3):
        if score.search(page_text(taker)) and not button_named(taker, "next"):
            break
        button = button_named(taker, "finish", "submit", "next", "see your score")
        if button is None:
            break
        button.click()
        time.sleep(0.2)
    wait(taker, "the final score (1 of 2)", lambda d: score.search(page_text(d)))
    shoot(taker, "4-score")


# MARK: - Leaving a page: Previous, Skip, Finish, the timer

NAVIGATOR, TIMED_TAKER = "Grace Browser", "Alan Browser"
TIME_LIMIT = 6  # seconds: `--time-limit` of the timer's server
NAVIGATION_QUESTIONS = 3
# What each page of the navigation quiz gets typed: Skip leaves the first, Previous the second,
# Finish the cloze's two gaps.
TYPED = {"planet": "Saturn", "legs": "8", "verse": ["Owl", "Pussy-cat"]}

# Each question of the review: its heading and the "Your answer" part, as shown.
REVIEW_SCRIPT = """
return Array.from(document.querySelectorAll('section.review-item')).map(s => ({
  heading: (s.querySelector('h2') || {}).innerText || '',
  given: (s.querySelector('.given') || {}).innerText || ''}));
"""

# Enter in a gap must not submit: a submit event of any form (or a new page, which has no
# `quizCheckStayed`) would show it; sessionStorage outlives the page it was set on.
WATCH_SUBMITS_SCRIPT = """
window.quizCheckStayed = true;
sessionStorage.removeItem('quizCheckSubmitted');
document.addEventListener('submit', function () { sessionStorage.setItem('quizCheckSubmitted', '1'); }, true);
"""


def sign_in(served, driver, taker):
    """Signs `taker` in on `served` (a browser of their own, as another person's) and waits for
    the first question."""
    driver.get(served.base + "/")
    field = wait(driver, "the sign-in page", lambda d: visible(d.find_elements(By.CSS_SELECTOR, "input#taker")))[0]
    field.send_keys(taker)
    submit_button(driver).click()
    wait_for_question(driver, 1)


def wait_for_question(driver, number, count=NAVIGATION_QUESTIONS):
    wait(driver, f"question {number} of {count}", lambda d: f"Question {number} of {count}" in page_text(d))


def answer_field(driver, name="response"):
    """The text field `name` of the answer form (a cloze gap's stands in the prompt and belongs
    to the form by `form=answer`)."""
    fields = visible(driver.find_elements(By.CSS_SELECTOR, f'input[type=text][name="{name}"][form="answer"], '
                                                           f'form#answer input[type=text][name="{name}"]'))
    if not fields:
        raise CheckFailed(f"the page has no text field {name!r} in its answer form:\n{page_text(driver)[:1500]}")
    return fields[0]


def go_button(driver, value):
    """The answer form's button `go=value` (previous, next, finish): it saves what the page holds
    before it leaves, so it is a submit button of the answer form, not a link."""
    found = visible(driver.find_elements(By.CSS_SELECTOR, f'form#answer button[type=submit][name=go][value="{value}"]'))
    if not found:
        raise CheckFailed(f"the answer form has no go={value} button; its buttons: {action_buttons(driver)}")
    return found[0]


def action_buttons(driver):
    return [button.text.strip() for button in visible(driver.find_elements(By.CSS_SELECTOR, "form#answer button"))]


def expect_buttons(driver, expected, where):
    """The answer form's buttons in order: Submit first (Enter submits the first), then the ways out."""
    shown = action_buttons(driver)
    if shown != expected:
        raise CheckFailed(f"{where}: the answer form's buttons should be {expected}, they are {shown}")


def expect_value(driver, name, expected, where):
    value = answer_field(driver, name).get_attribute("value")
    if value != expected:
        raise CheckFailed(f"{where}: the field {name!r} should hold the saved {expected!r}, it holds {value!r}")


def review_answers(driver):
    """{question number: the answer the review shows}, once the review is there."""
    wait(driver, "the review (the final score)", lambda d: d.current_url.endswith("/review") and
         "Your score" in page_text(d), seconds=STEP_SECONDS)
    items = driver.execute_script(REVIEW_SCRIPT)
    shown = {}
    for item in items:
        found = re.search(r"Question (\d+)", item["heading"])
        if found:
            shown[int(found.group(1))] = item["given"]
    if len(shown) != NAVIGATION_QUESTIONS:
        raise CheckFailed(f"the review should show {NAVIGATION_QUESTIONS} questions, it shows {items}:\n"
                          f"{page_text(driver)[:1500]}")
    return shown


def expect_review(driver, expected):
    """The review shows for each question number in `expected` every typed text given (the rest:
    No answer)."""
    shown = review_answers(driver)
    for number, given in shown.items():
        typed = expected.get(number)
        if typed is None:
            if "No answer" not in given:
                raise CheckFailed(f"the review's question {number} should read No answer, it reads {given!r}")
            continue
        missing = [text for text in typed if text not in given]
        if missing or "No answer" in given:
            raise CheckFailed(f"the review's question {number} should show the typed {typed}, it reads {given!r}")


def recorded_answers(quiz, db, taker):
    """{question id: the recorded answer} of `taker`'s one attempt at the navigation quiz, as
    `quiz export --with-attempts` reads it from the database: what was saved, not what a page shows."""
    exported = json.loads(quiz_command(quiz, db, "export", "--with-attempts", NAVIGATION_QUIZ_ID))
    attempts = [attempt for attempt in exported.get("attempts", []) if attempt.get("taker") == taker]
    if len(attempts) != 1 or not attempts[0].get("submitted_at"):
        raise CheckFailed(f"the database should hold one submitted attempt of {taker}, it holds {attempts}")
    return {answer["question"]: answer for answer in attempts[0].get("answers", [])}


def expect_recorded(quiz, db, taker, expected):
    """`expected`: {question id: the typed text, or a cloze's list of gap texts}; no other answer."""
    recorded = recorded_answers(quiz, db, taker)
    for question, typed in expected.items():
        answer = recorded.get(question, {})
        got = [part.get("response", "") for part in answer.get("parts", [])] if isinstance(typed, list) \
            else answer.get("response")
        if got != typed:
            raise CheckFailed(f"the database should hold {typed!r} as {taker}'s answer to {question}, "
                              f"it holds {answer or 'no answer'}")
    extra = set(recorded) - set(expected)
    if extra:
        raise CheckFailed(f"the database holds answers of {taker} to {sorted(extra)} that were never given: {recorded}")


def navigate_the_quiz(served, quiz, db, taker, notes, shoot):
    """Under `--reveal end`: each way out of a page keeps what was typed there. Skip on the
    first question, Previous on the second (each found the other's answer saved when it came
    back), Enter in the cloze's first gap (the focus moves to the second, nothing is sent), and
    Finish on the cloze; the review and the database show all three answers. Then Sign out from
    the review: the next person at this browser gets the sign-in page, not this review."""
    sign_in(served, taker, NAVIGATOR)
    resume = re.search(r"Resume code: (\S+)", page_text(taker))
    if not resume or not visible(taker.find_elements(By.CSS_SELECTOR, "form[action='/sign-out'] button")):
        raise CheckFailed(f"the question page should show a resume code and Sign out:\n{page_text(taker)[:1500]}")
    expect_buttons(taker, ["Submit", "Skip"], "question 1")
    answer_field(taker).send_keys(TYPED["planet"])
    go_button(taker, "next").click()
    wait_for_question(taker, 2)
    expect_buttons(taker, ["Submit", "Previous", "Skip"], "question 2")
    answer_field(taker).send_keys(TYPED["legs"])
    go_button(taker, "previous").click()
    wait_for_question(taker, 1)
    expect_value(taker, "response", TYPED["planet"], "question 1 again, after Skip")
    go_button(taker, "next").click()
    wait_for_question(taker, 2)
    expect_value(taker, "response", TYPED["legs"], "question 2 again, after Previous")
    go_button(taker, "next").click()
    wait_for_question(taker, 3)
    expect_buttons(taker, ["Submit", "Previous", "Finish and submit the quiz"], "question 3 (the last)")
    check_accessibility(taker, "cloze question", notes)
    shoot(taker, "5-cloze")

    first, second = answer_field(taker, "gap.1"), answer_field(taker, "gap.2")
    page = taker.current_url
    taker.execute_script(WATCH_SUBMITS_SCRIPT)
    first.click()
    first.send_keys(TYPED["verse"][0], Keys.ENTER)
    wait(taker, "Enter in gap 1 moving the focus to gap 2",
         lambda d: d.execute_script("return document.activeElement && document.activeElement.name") == "gap.2",
         seconds=2)
    time.sleep(0.5)  # a submit Enter had sent would have left the page by now
    stayed, submitted = taker.execute_script(
        "return [window.quizCheckStayed === true, sessionStorage.getItem('quizCheckSubmitted')]")
    if not stayed or submitted or taker.current_url != page:
        raise CheckFailed(f"Enter in gap 1 should only move the focus, it submitted the answer "
                          f"(page kept: {stayed}, submit event: {submitted}, at {taker.current_url})")
    expect_value(taker, "gap.1", TYPED["verse"][0], "gap 1 after Enter")
    notes.append("cloze: Enter in gap 1 moved the focus to gap 2 and sent nothing")
    taker.switch_to.active_element.send_keys(TYPED["verse"][1])
    expect_value(taker, "gap.2", TYPED["verse"][1], "gap 2 typed after Enter")
    go_button(taker, "finish").click()

    expect_review(taker, {1: [TYPED["planet"]], 2: [TYPED["legs"]], 3: TYPED["verse"]})
    # Saturn is wrong, 8 and both gaps right: the cloze's answer was scored as typed.
    if not re.search(r"Your score:\s*3\s+of\s+4\b", page_text(taker)):
        raise CheckFailed(f"the review should score 3 of 4:\n{page_text(taker)[:1500]}")
    expect_recorded(quiz, db, NAVIGATOR, TYPED)
    check_accessibility(taker, "review", notes)
    shoot(taker, "6-review")
    notes.append("navigation: answers typed before Skip, Previous and Finish were recorded")
    sign_out(served, taker)


def sign_out(served, taker):
    """Sign out from the review; then / is the sign-in page and /review leads to it, with nothing
    of the last taker's."""
    signs_out = button_named(taker, "sign out")
    if signs_out is None:
        raise CheckFailed(f"the review has no Sign out button:\n{page_text(taker)[:1500]}")
    signs_out.click()
    for path in ("(after Sign out)", "/", "/review"):
        if path.startswith("/"):
            taker.get(served.base + path)
        wait(taker, f"the sign-in page at {path}", lambda d: d.current_url == served.base + "/" and
             visible(d.find_elements(By.CSS_SELECTOR, "input#taker")))
        text = page_text(taker)
        if "Your score" in text or NAVIGATOR in text or TYPED["planet"] in text:
            raise CheckFailed(f"after Sign out, {path} still shows the last taker's attempt:\n{text[:1500]}")


def run_out_of_time(served, quiz, db, taker, notes, shoot):
    """Under `--time-limit`: an answer typed and never submitted is sent by the page's timer at
    zero, saved, and the attempt submitted; the browser lands on the review, which shows it."""
    signed_in = time.monotonic()
    sign_in(served, taker, TIMED_TAKER)
    timer = wait(taker, "the time left", lambda d: visible(d.find_elements(By.ID, "time-left")))[0]
    started = timer.text
    answer_field(taker).send_keys(TYPED["planet"])
    expect_value(taker, "response", TYPED["planet"], "the typed answer before the time is up")
    wait(taker, "the time left counting down", lambda d: timer.text != started, seconds=3)
    shoot(taker, "7-timer")
    wait(taker, "the review once the timer reaches zero", lambda d: d.current_url.endswith("/review"),
         seconds=TIME_LIMIT + STEP_SECONDS)
    took = time.monotonic() - signed_in
    # The page counts whole seconds from its load: it may reach zero up to a second early, not more.
    if took < TIME_LIMIT - 1.5:
        raise CheckFailed(f"the timer sent the page {took:.1f} s after the sign-in, under the {TIME_LIMIT} s limit")
    notes.append(f"timer: the page showed {started} and went to the review {took:.1f} s after the sign-in")
    expect_review(taker, {1: [TYPED["planet"]]})
    expect_recorded(quiz, db, TIMED_TAKER, {"planet": TYPED["planet"]})
    notes.append("timer: the answer typed and never submitted was recorded at zero")


def main():
    args = arguments()
    if not os.access(args.quiz, os.X_OK):
        sys.exit(f"check-serve-browser: {args.quiz} is not an executable (swift build --product quiz)")

    def out_of_time(*_):
        raise CheckFailed(f"the whole check took more than {args.deadline} s")
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(args.deadline)
    work = tempfile.mkdtemp(prefix="quiz-serve-browser-")
    servers, drivers = [], {}  # every server and browser started, stopped on the way out
    notes = []

    def shoot(driver, name):
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            driver.save_screenshot(os.path.join(args.screenshots, f"{name}.png"))

    def served(name, quiz_id, *options):
        """A server of `quiz_id` on a fresh database `name`.sqlite holding the bank: each run
        starts with no attempt, so what it finds recorded is what its browser did."""
        db = os.path.join(work, f"{name}.sqlite")
        quiz_command(args.quiz, db, "import", bank)
        servers.append(Served(args.quiz, db, quiz_id, *options))
        return servers[-1], db

    def opened(name, *size):
        drivers[name] = browser(*size)
        return drivers[name]
    try:
        bank = os.path.join(work, "bank.json")
        with open(bank, "w", encoding="utf-8") as f:
            json.dump(BANK, f)
        server, _ = served("browser", QUIZ_ID, "--reveal", "each")
        take_the_quiz(server, opened("taker"), opened("monitor", 1280, 900), notes, shoot)
        server, _ = served("crowd", QUIZ_ID, "--reveal", "each")
        crowd_the_monitor(server, drivers["monitor"], notes, shoot)
        server, db = served("navigation", NAVIGATION_QUIZ_ID, "--reveal", "end")
        navigate_the_quiz(server, args.quiz, db, opened("navigator"), notes, shoot)
        server, db = served("timer", NAVIGATION_QUIZ_ID, "--reveal", "end", "--time-limit", f"{TIME_LIMIT}s")
        run_out_of_time(server, args.quiz, db, opened("timed"), notes, shoot)
    except (CheckFailed, ServeError, WebDriverException, subprocess.SubprocessError) as error:
        for name, driver in drivers.items():
            if args.screenshots:
                try:
                    shoot(driver, f"failed-{name}")
                except WebDriverException:
                    pass
        print(f"check-serve-browser: FAILED: {error}", file=sys.stderr)
        if servers:
            print(f"quiz serve ({' '.join(servers[-1].argv[3:])}) said:\n{servers[-1].output[-2000:]}",
                  file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        for driver in drivers.values():
            driver.quit()
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    for note in notes:
        print(f"  {note}")
    print("check-serve-browser: the quiz was taken end to end in Chromium; the monitor followed it; "
          "Skip, Previous, Finish and the timer kept the typed answers; Sign out left nothing behind")
    return 0


if __name__ == "__main__":
    sys.exit(main())
