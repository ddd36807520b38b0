// /static/monitor.js, compiled into the binary at build time (the EmbedFiles plugin).
// The monitor's script: the events of `data-events` (with `data-token`, as EventSource
// sends no header), a `snapshot` replacing every row and an `attempt` replacing or adding
// its taker's; the time left counted from each deadline. Rows are written with
// `textContent`, never as HTML. Built for thousands of rows: a row is found by its key in a
// map, a snapshot is drawn off the page and added at once, the clock rewrites only the two
// cells it changes, the counts are redrawn at most five times a second, and the filter hides
// the rows whose taker and quiz do not hold what was typed.
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
  function key(quiz, taker) { return quiz + "\u0000" + taker; }
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
  let counted = false;
  function drawCounts() {
    countsPending = false;
    // Before the first snapshot the rows have no summaries to count: the server's counts stay.
    if (!counts || !counted) return;
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
    counted = true;
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
