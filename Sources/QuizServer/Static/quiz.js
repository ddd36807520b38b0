// /static/quiz.js, compiled into the binary at build time (the EmbedFiles plugin).
// The question pages' script; the pages work without it. It keeps each
// `button[data-requires-answer]` disabled until something is chosen or typed in its form
// (controls outside the form that belong to it by `form=` count: `form.elements`), picks
// choice N with the number keys 1–9 (`data-key`) outside text fields, submits with Enter
// once answered, moves Enter in a cloze gap to the next blank field, asks before a
// `data-locks` form locks an answer with blanks, and counts the time left down (at zero it
// sends the page's answer with `go=time-up`: saved, and the quiz submitted).
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
