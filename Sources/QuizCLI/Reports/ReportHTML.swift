import QuizDomain
import QuizFormats
import XML

/// The report as one self-contained HTML file: inline CSS, the tables, and inline SVG charts
/// (the score histogram; facility and discrimination per question). No scripts, no assets.
enum ReportHTML {
  static func render(_ reports: [QuizReport]) -> String {
    let title = reports.count == 1 ? reports[0].title : "\(reports.count) quizzes"
    return page(title: title, body: reports.map(section).joined(separator: "<hr>\n"))
  }

  /// One quiz's report: its heading, tables and charts.
  static func section(_ report: QuizReport) -> String {
    let test = report.test
    var body = "<h1>\(escape(report.title)) <small>\(escape(report.quiz))</small></h1>\n"
    body += "<p>\(NumberText.plural(test.attempts, "attempt")) (\(ReportSelectionText.describe(report.selection))), "
    body += "max score \(NumberText.points(test.maxScore)).</p>\n"
    body +=
      "<section class=\"row\"><div><h2>Test</h2>\n<table><thead><tr><th>Figure</th><th>Points</th><th>Percent</th></tr></thead><tbody>\n"
    for figure in ReportRows.test(test) {
      body +=
        "<tr><td>\(figure.name)</td><td class=\"n\">\(figure.points)</td><td class=\"n\">\(figure.percent)</td></tr>\n"
    }
    body += "</tbody></table></div>\n<div><h2>Scores</h2>\n" + histogram(report.percents) + "</div></section>\n"
    body += "<h2>Items</h2>\n" + itemBars(report.items)
    body += "<table><thead><tr><th>#</th><th>Question</th><th>Facility</th><th>SD</th><th>Random guess</th>"
    body +=
      "<th>Intended weight</th><th>Effective weight</th><th>Discrimination</th><th>Efficiency</th><th>Flags</th></tr></thead><tbody>\n"
    for (index, item) in report.items.enumerated() {
      let flags = ItemFlags.flags(item)
      body +=
        "<tr\(flags.isEmpty ? "" : " class=\"flag\"")><td class=\"n\">\(index + 1)</td><td><code>\(escape(item.question))</code> "
      body +=
        "\(text(item.prompt, item.textFormat, files: item.files))</td><td class=\"n\">\(ReportNumbers.percentOfFraction(item.facility))</td>"
      body += "<td class=\"n\">\(ReportNumbers.percentOfFraction(item.sd))</td>"
      body += "<td class=\"n\">\(ReportNumbers.percentOfFraction(item.randomGuessScore))</td>"
      body += "<td class=\"n\">\(ReportNumbers.percent(item.intendedWeight))</td>"
      body += "<td class=\"n\">\(ReportNumbers.percent(item.effectiveWeight))</td>"
      body += "<td class=\"n\">\(ReportNumbers.fixed(item.discriminationIndex))</td>"
      body += "<td class=\"n\">\(ReportNumbers.fixed(item.discriminativeEfficiency))</td>"
      body += "<td>\(escape(flags.joined(separator: ", ")))</td></tr>\n"
    }
    body += "</tbody></table>\n"
    if report.items.contains(where: { $0.kind == .choice }) { body += "<h2>Choices</h2>\n" }
    for item in report.items where item.kind == .choice {
      body +=
        "<h3><code>\(escape(item.question))</code> \(text(item.prompt, item.textFormat, files: item.files))</h3>\n"
      body +=
        "<table class=\"choices\"><thead><tr><th>Choice</th><th>Correct</th><th>Picked</th><th>Fraction</th></tr></thead><tbody>\n"
      for choice in item.choices {
        body +=
          "<tr><td>\(escape(choice.id))) \(text(choice.text, item.textFormat, files: item.files))</td><td>\(choice.correct ? "✓" : "")</td>"
        body +=
          "<td class=\"n\">\(choice.picked)</td><td class=\"n\">\(ReportNumbers.percentOfFraction(choice.pickedFraction))</td></tr>\n"
      }
      body += "</tbody></table>\n"
      if let note = ChoiceNotes.otherChoices(item) { body += "<p class=\"flag\">\(escape(note))</p>\n" }
    }
    body += ReportResponses.html(report)
    if let note = ReportResponses.unmarkedNote(report) { body += "<p class=\"flag\">\(escape(note))</p>\n" }
    return body
  }

  static func page(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escape(title)) — quiz report</title>
    <style>
    body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; color: #1d2330; }
    h1 small { color: #667; font-weight: normal; font-size: 0.6em; }
    table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
    th, td { border-bottom: 1px solid #dde; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
    th { background: #f3f4f8; }
    td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    tr.flag td { background: #fff6e0; }
    .row { display: flex; gap: 2rem; flex-wrap: wrap; align-items: flex-start; }
    svg text { font-size: 11px; fill: #334; }
    </style>
    </head>
    <body>
    \(body)</body>
    </html>

    """
  }

  /// A question's text in the page, sanitised or escaped by its format (the shared rendering).
  static func text(_ text: String, _ format: TextFormat, files: [QuestionFile] = []) -> String {
    QuestionTextHTML.html(text, format, files: files)
  }

  static func escape(_ text: String) -> String { HTMLEscape.text(text) }

  /// Ten bars, one per 10% of the maximum score.
  static func histogram(_ percents: [Double]) -> String {
    let bins = Histogram.bins(percents)
    let largest = max(1, bins.max() ?? 1)
    let width = 420.0
    let height = 200.0
    let barWidth = 36.0
    var svg =
      "<svg role=\"img\" aria-label=\"Histogram of percent scores\" width=\"\(Int(width))\" height=\"\(Int(height + 40))\" viewBox=\"0 0 \(Int(width)) \(Int(height + 40))\">\n"
    svg += "<line x1=\"10\" y1=\"\(height)\" x2=\"\(width - 5)\" y2=\"\(height)\" stroke=\"#99a\"/>\n"
    for (index, count) in bins.enumerated() {
      let x = 12 + Double(index) * (barWidth + 4)
      let barHeight = Double(count) / Double(largest) * (height - 20)
      svg +=
        "<rect x=\"\(format(x))\" y=\"\(format(height - barHeight))\" width=\"\(format(barWidth))\" height=\"\(format(barHeight))\" fill=\"#4a78c2\"><title>\(Histogram.label(index)): \(count)</title></rect>\n"
      if count > 0 {
        svg +=
          "<text x=\"\(format(x + barWidth / 2))\" y=\"\(format(height - barHeight - 4))\" text-anchor=\"middle\">\(count)</text>\n"
      }
      svg +=
        "<text x=\"\(format(x + barWidth / 2))\" y=\"\(format(height + 14))\" text-anchor=\"middle\">\(index * 10)</text>\n"
    }
    svg +=
      "<text x=\"\(format(width / 2))\" y=\"\(format(height + 34))\" text-anchor=\"middle\">percent of the maximum score</text>\n"
    return svg + "</svg>\n"
  }

  /// Per question: facility (0–100%) and discrimination index (−100–100) as bars.
  static func itemBars(_ items: [ItemStatistics]) -> String {
    let rowHeight = 22.0
    let labelWidth = 170.0
    let barSpan = 220.0
    let height = Double(items.count) * rowHeight + 30
    let width = labelWidth + 2 * barSpan + 60
    var svg =
      "<svg role=\"img\" aria-label=\"Facility and discrimination per question\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
    let facilityX = labelWidth
    let discriminationZero = labelWidth + barSpan + 40 + barSpan / 2
    svg += "<text x=\"\(format(facilityX))\" y=\"14\">facility</text>\n"
    svg += "<text x=\"\(format(discriminationZero - barSpan / 2))\" y=\"14\">discrimination index</text>\n"
    svg +=
      "<line x1=\"\(format(discriminationZero))\" y1=\"20\" x2=\"\(format(discriminationZero))\" y2=\"\(format(height))\" stroke=\"#99a\"/>\n"
    for (index, item) in items.enumerated() {
      let y = 24 + Double(index) * rowHeight
      svg +=
        "<text x=\"\(format(labelWidth - 6))\" y=\"\(format(y + 13))\" text-anchor=\"end\">\(escape(String(item.question.prefix(24))))</text>\n"
      let facility = max(0, min(1, item.facility ?? 0))
      let low = (item.facility ?? 1) < ItemFlags.lowFacility
      svg +=
        "<rect x=\"\(format(facilityX))\" y=\"\(format(y + 3))\" width=\"\(format(facility * barSpan))\" height=\"14\" fill=\"\(low ? "#d9822b" : "#4a9c6d")\"><title>facility \(ReportNumbers.percentOfFraction(item.facility))</title></rect>\n"
      if let discrimination = item.discriminationIndex {
        let length = max(-1, min(1, discrimination / 100)) * barSpan / 2
        let x = length < 0 ? discriminationZero + length : discriminationZero
        svg +=
          "<rect x=\"\(format(x))\" y=\"\(format(y + 3))\" width=\"\(format(abs(length)))\" height=\"14\" fill=\"\(length < 0 ? "#c0392b" : "#4a78c2")\"><title>discrimination \(ReportNumbers.fixed(discrimination))</title></rect>\n"
      } else {
        svg += "<text x=\"\(format(discriminationZero + 4))\" y=\"\(format(y + 13))\">–</text>\n"
      }
    }
    return svg + "</svg>\n"
  }

  private static func format(_ value: Double) -> String { ReportNumbers.fixed(value, 1) }
}
