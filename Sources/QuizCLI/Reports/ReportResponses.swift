import QuizDomain

/// The response analysis of short-answer, numerical and matching items and of each gap of a
/// cloze item, and the count of
/// essays that wait for a mark, in each of the report's formats.
enum ReportResponses {
  /// Items that have an analysis; a cloze question's gaps each as an item of its own, named
  /// `QUESTION[GAP]` (as `grade --answer` names a gap) and of the gap's kind.
  static func analysed(_ report: QuizReport) -> [(ItemStatistics, ResponseAnalysis)] {
    report.items.flatMap { item -> [(ItemStatistics, ResponseAnalysis)] in
      guard let gaps = item.gaps else { return item.responses.map { [(item, $0)] } ?? [] }
      return gaps.map { gap in
        var shown = item
        shown.question = "\(item.question)[\(gap.index + 1)]"
        shown.kind = QuestionKind(rawValue: gap.kind.rawValue) ?? .choice
        return (shown, gap.analysis)
      }
    }
  }

  static func unmarkedNote(_ report: QuizReport) -> String? {
    let unmarked = report.items.reduce(0) { $0 + $1.unmarked }
    guard unmarked > 0 else { return nil }
    return "\(NumberText.plural(unmarked, "essay response")) \(unmarked == 1 ? "waits" : "wait") for a mark "
      + "and \(unmarked == 1 ? "counts" : "count") as 0 here (quiz mark --pending)."
  }

  static func text(_ report: QuizReport, console: Console) -> String {
    var text = ""
    for (item, analysis) in analysed(report) {
      text +=
        "\n  \(item.question)  "
        + console.styled("(\(item.kind.rawValue), \(NumberText.plural(analysis.responses, "response")))", .dim) + "\n"
      // An answer of an HTML question is HTML (AT&amp;T): shown as its text, as the choices are.
      let shown = analysis.rows.map { TextFormatting.forTerminal($0.answer, item.textFormat).terminalSafeLine }
      let answers = ReportTextColumn(shown, console: console)
      for (row, answer) in zip(analysis.rows, shown) {
        text += "    " + (row.fraction >= 1 ? "✓" : (row.fraction > 0 ? "½" : " ")) + " "
        text += answers.cell(answer)
        text += " " + DisplayWidth.pad(String(row.count), to: 6, alignRight: true)
        text += "  " + DisplayWidth.pad(NumberText.percent(row.fraction), to: 5, alignRight: true) + "\n"
      }
      if !analysis.unmatched.isEmpty {
        text += console.styled("    Matched no answer (most common first):", .yellow) + "\n"
        let quoted = analysis.unmatched.map { "\"\($0.response.terminalSafeLine)\"" }
        let responses = ReportTextColumn(quoted, console: console)
        for (unmatched, response) in zip(analysis.unmatched, quoted) {
          text += "      " + responses.cell(response)
          text += " " + DisplayWidth.pad(String(unmatched.count), to: 6, alignRight: true) + "\n"
        }
      }
    }
    guard !text.isEmpty else { return "" }
    return "\n" + console.styled("Responses", .bold) + " (how many responses matched each answer)\n" + text
  }

  static func writeJSON(_ item: ItemStatistics, to writer: inout JSONWriter) {
    if item.kind != .choice { writer.field("type", item.kind.rawValue) }
    if item.kind == .essay { writer.field("unmarked", item.unmarked) }
    if let gaps = item.gaps {
      writer.key("gaps")
      writer.beginArray()
      for gap in gaps {
        writer.beginObject()
        writer.field("gap", gap.index + 1)
        writer.field("type", gap.kind.rawValue)
        writer.field("blank", gap.blank)
        writer.key("responses")
        writeAnalysis(gap.analysis, to: &writer)
        writer.endObject()
      }
      writer.endArray()
    }
    guard let analysis = item.responses else { return }
    writer.key("responses")
    writeAnalysis(analysis, to: &writer)
  }

  private static func writeAnalysis(_ analysis: ResponseAnalysis, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("count", analysis.responses)
    writer.key("answers")
    writer.beginArray()
    for row in analysis.rows {
      writer.beginObject()
      writer.field("answer", row.answer)
      writer.field("fraction", row.fraction)
      writer.field("count", row.count)
      writer.endObject()
    }
    writer.endArray()
    writer.key("unmatched")
    writer.beginArray()
    for unmatched in analysis.unmatched {
      writer.beginObject()
      writer.field("response", unmatched.response)
      writer.field("count", unmatched.count)
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  static let csvHeader = "quiz,question,type,answer,fraction,count,matched\r\n"

  /// `report --responses --format csv`: one row per answer and per unmatched response.
  static func csvRows(_ report: QuizReport) -> String {
    var text = ""
    for (item, analysis) in analysed(report) {
      for row in analysis.rows {
        text +=
          [
            report.quiz, item.question, item.kind.rawValue, row.answer, ReportNumbers.csv(row.fraction),
            String(row.count), "yes",
          ]
          .map(CSV.field).joined(separator: ",") + "\r\n"
      }
      for unmatched in analysis.unmatched {
        text +=
          [report.quiz, item.question, item.kind.rawValue, unmatched.response, "", String(unmatched.count), "no"]
          .map(CSV.field).joined(separator: ",") + "\r\n"
      }
    }
    return text
  }

  static func markdown(_ report: QuizReport) -> String {
    func cell(_ text: String) -> String { MarkdownText.escaped(text.replacingNewlines()) }
    var text = ""
    for (item, analysis) in analysed(report) {
      text +=
        "\n### `\(item.question)` (\(item.kind.rawValue), \(NumberText.plural(analysis.responses, "response")))\n\n"
      text += "| answer | fraction | responses |\n|---|---:|---:|\n"
      for row in analysis.rows {
        text +=
          "| \(cell(TextFormatting.plain(row.answer, item.textFormat))) | \(NumberText.percent(row.fraction)) | \(row.count) |\n"
      }
      if !analysis.unmatched.isEmpty {
        text += "\nMatched no answer:\n\n| response | responses |\n|---|---:|\n"
        for unmatched in analysis.unmatched { text += "| \(cell(unmatched.response)) | \(unmatched.count) |\n" }
      }
    }
    guard !text.isEmpty else { return "" }
    return "\n## Responses\n" + text
  }

  static func html(_ report: QuizReport) -> String {
    let escape = ReportHTML.escape
    var body = ""
    for (item, analysis) in analysed(report) {
      body += "<h3><code>\(escape(item.question))</code> \(escape(item.kind.rawValue)), "
      body += "\(escape(NumberText.plural(analysis.responses, "response")))</h3>\n"
      body +=
        "<table class=\"choices\"><thead><tr><th>Answer</th><th>Fraction</th><th>Responses</th></tr></thead><tbody>\n"
      for row in analysis.rows {
        body += "<tr><td>\(escape(row.answer))</td><td class=\"n\">\(NumberText.percent(row.fraction))</td>"
        body += "<td class=\"n\">\(row.count)</td></tr>\n"
      }
      for unmatched in analysis.unmatched {
        body += "<tr class=\"flag\"><td>no match: “\(escape(unmatched.response))”</td><td></td>"
        body += "<td class=\"n\">\(unmatched.count)</td></tr>\n"
      }
      body += "</tbody></table>\n"
    }
    guard !body.isEmpty else { return "" }
    return "<h2>Responses</h2>\n" + body
  }
}
