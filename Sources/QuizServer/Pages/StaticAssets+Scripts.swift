extension StaticAssets {
  /// The question pages' script; the pages work without it. It keeps each
  /// `button[data-requires-answer]` disabled until something is chosen or typed in its form
  /// (controls outside the form that belong to it by `form=` count: `form.elements`), picks
  /// choice N with the number keys 1–9 (`data-key`) outside text fields, submits with Enter
  /// once answered, moves Enter in a cloze gap to the next blank field, asks before a
  /// `data-locks` form locks an answer with blanks, and counts the time left down (at zero it
  /// sends the page's answer with `go=time-up`: saved, and the quiz submitted).
  static let quizJS = """
    "use strict";
    (function () {
      function answered(form) {
        for (const element of form.elements) {
          if (element.disabled || element.type === "hidden" || element.type === "submit") continue;
          if (element.type === "radio" || element.type === "checkbox") { if (element.checked) return true; }
          else if (element.tagName === "SELECT") { if (element.value !== "") return true; }
          else if (element.value !== undefined && element.value.trim() !== "") return true;
        }
        return false;
      }
      function update() {
        for (const button of document.querySelectorAll("button[data-requires-answer]")) {
          if (button.form) button.disabled = !answered(button.form);
        }
      }
      function isTyping(target) {
        return target && (target.tagName === "TEXTAREA" || target.tagName === "SELECT" ||
          (target.tagName === "INPUT" && target.type !== "radio" && target.type !== "checkbox"));
      }
      document.addEventListener("input", update);
      document.addEventListener("change", update);
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
        if (event.key >= "1" && event.key <= "9") {
          const input = document.querySelector('input[data-key="' + event.key + '"]');
          if (!input || input.disabled) return;
          if (input.type === "checkbox") input.checked = !input.checked; else input.checked = true;
          input.focus();
          input.dispatchEvent(new Event("change", { bubbles: true }));
          event.preventDefault();
        } else if (event.key === "Enter" && (event.target === document.body || event.target.type === "radio" ||
            event.target.type === "checkbox")) {
          // Links and buttons keep their own Enter.
          const button = document.querySelector("button[data-requires-answer]");
          if (button && !button.disabled && button.form) {
            event.preventDefault();
            button.form.requestSubmit(button);
          }
        }
      });
      // Enter in a cloze gap, or in a number whose unit is still to pick, moves to the next
      // field instead of submitting half an answer.
      document.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || event.altKey || event.ctrlKey || event.metaKey) return;
        const target = event.target;
        const form = document.getElementById("answer");
        if (!form || !target || target.tagName !== "INPUT" || target.type !== "text" || target.form !== form) return;
        const fields = Array.from(form.elements).filter(function (element) {
          return !element.disabled && (element.tagName === "SELECT" ||
            (element.tagName === "INPUT" && element.type === "text"));
        });
        const position = fields.indexOf(target);
        const isBlank = function (element) { return element !== target && element.value.trim() === ""; };
        // The next blank field after this one, else the first blank one before it.
        const blank = fields.slice(position + 1).find(isBlank) || fields.slice(0, position).find(isBlank);
        if (blank) { event.preventDefault(); blank.focus(); }
      });
      // Under --reveal each a saved answer locks: ask before locking one with blank gaps or no unit.
      const answerForm = document.getElementById("answer");
      if (answerForm && answerForm.hasAttribute("data-locks")) {
        answerForm.addEventListener("submit", function (event) {
          if (event.submitter && event.submitter.name === "go") return;
          const blanks = Array.from(answerForm.elements).filter(function (element) {
            return !element.disabled && (element.classList.contains("gap") || element.id === "unit") &&
              element.value.trim() === "";
          });
          if (blanks.length > 0 && !window.confirm(
              "Some parts are still blank. Once submitted this answer is shown right or wrong and cannot change. Submit it?")) {
            event.preventDefault();
          }
        });
      }
      // At zero the page's answer is sent (saved within the server's grace) and the quiz submitted.
      const timer = document.getElementById("time-left");
      if (timer) {
        // Counted from the clock, not from ticks: a background tab's timers are slowed and a
        // sleeping laptop's stop, and the page must still send its answer at the deadline.
        const end = Date.now() + parseInt(timer.dataset.secondsLeft, 10) * 1000;
        let left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
        const timeUp = function () {
          const form = document.getElementById("answer");
          if (form && form.querySelector('button[name="go"]')) {
            const go = document.createElement("input");
            go.type = "hidden";
            go.name = "go";
            go.value = "time-up";
            form.appendChild(go);
            form.submit();
          } else {
            window.location.reload();
          }
        };
        const tick = function () {
          left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
          timer.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
          if (left === 0) { clearInterval(interval); timeUp(); }
        };
        const interval = setInterval(tick, 1000);
      }
      update();
    })();

    """

  /// The monitor's script: the events of `data-events` (with `data-token`, as EventSource
  /// sends no header), a `snapshot` replacing every row and an `attempt` replacing or adding
  /// its taker's; the time left counted from each deadline. Rows are written with
  /// `textContent`, never as HTML. Built for thousands of rows: a row is found by its key in a
  /// map, a snapshot is drawn off the page and added at once, the clock rewrites only the two
  /// cells it changes, the counts are redrawn at most five times a second, and the filter hides
  /// the rows whose taker and quiz do not hold what was typed.
  static let monitorJS = """
    "use strict";
    (function () {
      const main = document.querySelector("main[data-events]");
      const body = document.querySelector("#attempts tbody");
      const status = document.getElementById("monitor-status");
      const counts = document.getElementById("monitor-counts");
      const filter = document.getElementById("monitor-filter");
      if (!main || !body) return;
      const entries = new Map();
      let countsPending = false;
      function key(quiz, taker) { return quiz + "\\u0000" + taker; }
      function points(value) { return String(Math.round(value * 100) / 100); }
      function left(summary) {
        if (summary.submitted) return "–";
        if (!summary.deadline) return "no limit";
        const seconds = Math.max(0, Math.round((Date.parse(summary.deadline) - Date.now()) / 1000));
        return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
      }
      function state(summary) {
        if (summary.submitted) return "Submitted";
        if (summary.deadline && Date.parse(summary.deadline) <= Date.now()) return "Time up";
        return "In progress";
      }
      function rowClass(summary) {
        return summary.submitted ? "submitted" : state(summary) === "Time up" ? "expired" : "";
      }
      function cells(row, summary) {
        const texts = [summary.taker, summary.quiz, summary.answered + " of " + summary.questions,
          points(summary.score) + " of " + points(summary.max_score), left(summary), state(summary)];
        row.replaceChildren();
        texts.forEach(function (text, index) {
          const cell = document.createElement("td");
          if (index === 0) cell.dir = "auto";
          cell.textContent = text;
          row.appendChild(cell);
        });
        row.className = rowClass(summary);
      }
      function query() { return filter ? filter.value.trim().toLowerCase() : ""; }
      function shown(row, text) {
        return !text || row.dataset.taker.toLowerCase().includes(text) || row.dataset.quiz.toLowerCase().includes(text);
      }
      function drawCounts() {
        countsPending = false;
        if (!counts) return;
        const tally = { "In progress": 0, "Time up": 0, "Submitted": 0 };
        let visible = 0;
        for (const entry of entries.values()) {
          if (entry.summary) tally[state(entry.summary)] += 1;
          if (!entry.row.hidden) visible += 1;
        }
        let text = entries.size + (entries.size === 1 ? " attempt: " : " attempts: ") + tally["In progress"] +
          " in progress, " + tally["Time up"] + " time up, " + tally["Submitted"] + " submitted";
        if (query()) text += "; " + visible + " shown";
        counts.textContent = text;
      }
      function countLater() {
        if (countsPending) return;
        countsPending = true;
        setTimeout(drawCounts, 200);
      }
      function put(summary, into) {
        const id = key(summary.quiz, summary.taker);
        let entry = entries.get(id);
        if (!entry) {
          const row = document.createElement("tr");
          row.dataset.quiz = summary.quiz;
          row.dataset.taker = summary.taker;
          row.hidden = !shown(row, query());
          entry = { row: row, summary: summary };
          entries.set(id, entry);
          (into || body).appendChild(row);
        }
        entry.summary = summary;
        cells(entry.row, summary);
      }
      for (const row of body.rows) entries.set(key(row.dataset.quiz, row.dataset.taker), { row: row, summary: null });
      if (filter) {
        filter.addEventListener("input", function () {
          const text = query();
          for (const entry of entries.values()) entry.row.hidden = !shown(entry.row, text);
          drawCounts();
        });
      }
      const url = main.dataset.events + "?token=" + encodeURIComponent(main.dataset.token || "");
      const source = new EventSource(url);
      source.addEventListener("open", function () { status.textContent = "Live: updates arrive as they happen."; });
      source.addEventListener("error", function () { status.textContent = "Disconnected; trying again…"; });
      source.addEventListener("snapshot", function (event) {
        const data = JSON.parse(event.data);
        const fragment = document.createDocumentFragment();
        entries.clear();
        (data.attempts || []).forEach(function (summary) { put(summary, fragment); });
        body.replaceChildren(fragment);
        drawCounts();
      });
      source.addEventListener("attempt", function (event) {
        put(JSON.parse(event.data));
        countLater();
      });
      setInterval(function () {
        let changed = false;
        for (const entry of entries.values()) {
          const summary = entry.summary;
          if (!summary || !summary.deadline || summary.submitted) continue;
          const cellsOfRow = entry.row.cells;
          if (cellsOfRow.length < 6) continue;
          cellsOfRow[4].textContent = left(summary);
          const now = state(summary);
          if (cellsOfRow[5].textContent !== now) {
            cellsOfRow[5].textContent = now;
            entry.row.className = rowClass(summary);
            changed = true;
          }
        }
        if (changed) countLater();
      }, 1000);
    })();

    """
}
