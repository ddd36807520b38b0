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
- accessibility: axe-core (from PyPI's selenium-axe-python) on the sign-in, question, reveal and
  monitor pages, failing on serious or critical violations; and by hand on every page: a lang
  attribute, a label for every input.

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
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit("check-serve-browser: selenium is missing (python3 -m pip install selenium; .ci/run installs it)")

TAKER = "Ada Browser"
QUIZ_ID = "browser-check"
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


def main():
    args = arguments()
    if not os.access(args.quiz, os.X_OK):
        sys.exit(f"check-serve-browser: {args.quiz} is not an executable (swift build --product quiz)")

    def out_of_time(*_):
        raise CheckFailed(f"the whole check took more than {args.deadline} s")
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(args.deadline)
    work = tempfile.mkdtemp(prefix="quiz-serve-browser-")
    served = taker = teacher = None
    notes = []

    def shoot(driver, name):
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            driver.save_screenshot(os.path.join(args.screenshots, f"{name}.png"))
    try:
        db = os.path.join(work, "browser.sqlite")
        bank = os.path.join(work, "bank.json")
        with open(bank, "w", encoding="utf-8") as f:
            json.dump(BANK, f)
        quiz_command(args.quiz, db, "import", bank)
        served = Served(args.quiz, db, QUIZ_ID, "--reveal", "each")
        taker, teacher = browser(), browser(1280, 900)
        take_the_quiz(served, taker, teacher, notes, shoot)
    except (CheckFailed, ServeError, WebDriverException, subprocess.SubprocessError) as error:
        for driver, name in ((taker, "failed-taker"), (teacher, "failed-monitor")):
            if driver is not None and args.screenshots:
                try:
                    shoot(driver, name)
                except WebDriverException:
                    pass
        print(f"check-serve-browser: FAILED: {error}", file=sys.stderr)
        if served is not None:
            print(f"quiz serve said:\n{served.output[-2000:]}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        for driver in (taker, teacher):
            if driver is not None:
                driver.quit()
        if served is not None:
            served.stop()
        shutil.rmtree(work, ignore_errors=True)
    for note in notes:
        print(f"  {note}")
    print("check-serve-browser: the quiz was taken end to end in Chromium; the monitor followed it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
