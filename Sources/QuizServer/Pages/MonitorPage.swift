import XML

/// The teacher's live table: one row per served attempt (taker, quiz, progress, score so far,
/// time left, state), drawn by the server at load and then kept up to date by `monitor.js`
/// from `/api/monitor/events` (Server-Sent Events). The token reaches the script as a data
/// attribute of `<main>`: no inline script (the CSP forbids it).
struct MonitorRow: Sendable {
  var quiz: String
  var taker: String
  var answered: Int
  var questions: Int
  var score: Double
  var maxScore: Double
  /// Seconds until the deadline; nil without a time limit.
  var secondsLeft: Int?
  var submitted: Bool
}

enum MonitorPage {
  static func render(rows: [MonitorRow], token: String, eventsPath: String = "/api/monitor/events") -> String {
    var body = "<p id=\"monitor-status\" role=\"status\" aria-live=\"polite\">Connecting to the live updates…</p>\n"
    body += "<p id=\"monitor-counts\">\(counts(rows))</p>\n"
    body += "<p><label for=\"monitor-filter\">Find a taker or quiz</label> "
    body += "<input id=\"monitor-filter\" type=\"search\" autocomplete=\"off\" spellcheck=\"false\"></p>\n"
    body += "<div class=\"table-wrap\"><table id=\"attempts\">\n<caption>Attempts being taken and submitted</caption>\n"
    body += "<thead><tr><th scope=\"col\">Taker</th><th scope=\"col\">Quiz</th><th scope=\"col\">Progress</th>"
    body +=
      "<th scope=\"col\">Score so far</th><th scope=\"col\">Time left</th><th scope=\"col\">State</th></tr></thead>\n"
    body += "<tbody>\n" + rows.map(row).joined() + "</tbody></table></div>\n"
    return PageShell.render(
      title: "Monitor — quiz serve", heading: "Monitor", body: body, scripts: [PageShell.monitorScript],
      mainAttributes: [("data-events", eventsPath), ("data-token", token)])
  }

  /// "3 attempts: 1 in progress, 0 time up, 2 submitted", as `monitor.js` counts them too.
  static func counts(_ rows: [MonitorRow]) -> String {
    let submitted = rows.count { $0.submitted }
    let timeUp = rows.count { !$0.submitted && ($0.secondsLeft.map { $0 <= 0 } ?? false) }
    let noun = rows.count == 1 ? "attempt" : "attempts"
    return
      "\(rows.count) \(noun): \(rows.count - submitted - timeUp) in progress, \(timeUp) time up, \(submitted) submitted"
  }

  /// A row as `monitor.js` writes one too (keep the two alike).
  static func row(_ row: MonitorRow) -> String {
    let state = row.submitted ? "Submitted" : (row.secondsLeft.map { $0 <= 0 } ?? false) ? "Time up" : "In progress"
    let left = row.submitted ? "–" : row.secondsLeft.map { QuestionPage.timeText($0) } ?? "no limit"
    var html = "<tr data-quiz=\"\(HTMLEscape.attribute(row.quiz))\" data-taker=\"\(HTMLEscape.attribute(row.taker))\">"
    html += "<td dir=\"auto\">\(HTMLEscape.text(row.taker))</td><td>\(HTMLEscape.text(row.quiz))</td>"
    html += "<td>\(row.answered) of \(row.questions)</td>"
    html += "<td>\(ReviewNumbers.points(row.score)) of \(ReviewNumbers.points(row.maxScore))</td>"
    html += "<td>\(left)</td><td>\(state)</td></tr>\n"
    return html
  }
}
