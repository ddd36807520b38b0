extension StaticAssets {
  /// The question pages' script; the pages work without it. It keeps each
  /// `button[data-requires-answer]` disabled until something is chosen or typed in its form
  /// (controls outside the form that belong to it by `form=` count: `form.elements`), picks
  /// choice N with the number keys 1–9 (`data-key`) outside text fields, submits with Enter
  /// once answered, and counts the time left down (reloading at zero: the server then says the
  /// time is up).
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
        } else if (event.key === "Enter") {
          const button = document.querySelector("button[data-requires-answer]");
          if (button && !button.disabled && button.form) {
            event.preventDefault();
            button.form.requestSubmit(button);
          }
        }
      });
      const timer = document.getElementById("time-left");
      if (timer) {
        let left = parseInt(timer.dataset.secondsLeft, 10);
        const tick = function () {
          left = Math.max(0, left - 1);
          timer.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
          if (left === 0) { clearInterval(interval); window.location.reload(); }
        };
        const interval = setInterval(tick, 1000);
      }
      update();
    })();

    """

  /// The monitor's script: the events of `data-events` (with `data-token`, as EventSource
  /// sends no header), a `snapshot` replacing every row and an `attempt` replacing or adding
  /// its taker's; the time left counted from each deadline. Rows are written with
  /// `textContent`, never as HTML.
  static let monitorJS = """
    "use strict";
    (function () {
      const main = document.querySelector("main[data-events]");
      const body = document.querySelector("#attempts tbody");
      const status = document.getElementById("monitor-status");
      if (!main || !body) return;
      const deadlines = new Map();
      function points(value) { return String(Math.round(value * 100) / 100); }
      function left(row, summary) {
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
      function cells(row, summary) {
        const texts = [summary.taker, summary.quiz, summary.answered + " of " + summary.questions,
          points(summary.score) + " of " + points(summary.max_score), left(row, summary), state(summary)];
        row.replaceChildren();
        texts.forEach(function (text, index) {
          const cell = document.createElement("td");
          if (index === 0) cell.dir = "auto";
          cell.textContent = text;
          row.appendChild(cell);
        });
        row.className = summary.submitted ? "submitted" : state(summary) === "Time up" ? "expired" : "";
      }
      function put(summary) {
        const key = summary.quiz + "\\u0000" + summary.taker;
        let row = null;
        for (const existing of body.rows) {
          if (existing.dataset.quiz === summary.quiz && existing.dataset.taker === summary.taker) row = existing;
        }
        if (!row) {
          row = document.createElement("tr");
          row.dataset.quiz = summary.quiz;
          row.dataset.taker = summary.taker;
          body.appendChild(row);
        }
        deadlines.set(key, summary);
        cells(row, summary);
      }
      const url = main.dataset.events + "?token=" + encodeURIComponent(main.dataset.token || "");
      const source = new EventSource(url);
      source.addEventListener("open", function () { status.textContent = "Live: updates arrive as they happen."; });
      source.addEventListener("error", function () { status.textContent = "Disconnected; trying again…"; });
      source.addEventListener("snapshot", function (event) {
        const data = JSON.parse(event.data);
        body.replaceChildren();
        deadlines.clear();
        (data.attempts || []).forEach(put);
      });
      source.addEventListener("attempt", function (event) { put(JSON.parse(event.data)); });
      setInterval(function () {
        for (const row of body.rows) {
          const summary = deadlines.get(row.dataset.quiz + "\\u0000" + row.dataset.taker);
          if (summary && summary.deadline && !summary.submitted) cells(row, summary);
        }
      }, 1000);
    })();

    """
}
