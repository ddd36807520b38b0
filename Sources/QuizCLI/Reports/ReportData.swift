import QuizDomain

/// The report as JSON (the key names are a contract), CSV (one row per question) and Markdown.
enum ReportData {
  static func json(_ report: QuizReport) -> [UInt8] { JSONWriter.document(QuizReportJSON(report: report)) }

  /// Several reports: a JSON array of report objects.
  static func json(_ reports: [QuizReport]) -> [UInt8] {
    JSONWriter.document(JSONArray(reports.map(QuizReportJSON.init)))
  }

  static func write(_ report: QuizReport, to writer: inout JSONWriter) {
    let test = report.test
    writer.beginObject()
    writer.field("quiz", report.quiz)
    writer.field("title", report.title)
    writer.field("selection", report.selection.rawValue)
    writer.field("attempts", test.attempts)
    writer.field("max_score", test.maxScore)
    writer.key("test")
    writeTest(test, to: &writer)
    writer.key("items")
    writer.beginArray()
    for item in report.items { write(item, to: &writer) }
    writer.endArray()
    writer.endObject()
  }

  /// The test statistics, in points and in percent of the maximum.
  static func writeTest(_ test: TestStatistics, to writer: inout JSONWriter) {
    writer.beginObject()
    for (key, value) in [
      ("mean", test.mean), ("median", test.median), ("sd", test.sd), ("min", test.min), ("max", test.max),
      ("skewness", test.skewness), ("kurtosis", test.kurtosis), ("cic", test.cic), ("error_ratio", test.errorRatio),
      ("standard_error", test.standardError),
    ] {
      writer.key(key)
      writer.number(value)
    }
    writer.key("percent")
    writer.beginObject()
    let percent = test.percent
    for (key, value) in [
      ("mean", percent.mean), ("median", percent.median), ("sd", percent.sd), ("min", percent.min),
      ("max", percent.max),
    ] {
      writer.key(key)
      writer.number(value)
    }
    writer.endObject()
    writer.endObject()
  }

  /// One question's statistics and its choices.
  static func write(_ item: ItemStatistics, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("question", item.question)
    writer.field("max_mark", item.maxMark)
    writer.field("attempts", item.attempts)
    for (key, value) in [
      ("facility", item.facility), ("sd", item.sd), ("random_guess_score", item.randomGuessScore),
      ("intended_weight", item.intendedWeight), ("effective_weight", item.effectiveWeight),
      ("discrimination_index", item.discriminationIndex),
      ("discriminative_efficiency", item.discriminativeEfficiency),
    ] {
      writer.key(key)
      writer.number(value)
    }
    writer.key("choices")
    writer.beginArray()
    for choice in item.choices {
      writer.beginObject()
      writer.field("id", choice.id)
      writer.field("text", choice.text)
      writer.field("correct", choice.correct)
      writer.field("picked", choice.picked)
      writer.key("picked_fraction")
      writer.number(choice.pickedFraction)
      writer.endObject()
    }
    writer.endArray()
    if item.kind == .choice { writer.field("attempts_on_other_choices", item.attemptsOnOtherChoices) }
    ReportResponses.writeJSON(item, to: &writer)
    writer.endObject()
  }

  static let csvHeader =
    "quiz,question,max_mark,facility,sd,random_guess_score,intended_weight,effective_weight,discrimination_index,discriminative_efficiency\r\n"

  /// One row per question, without the header.
  static func csvRows(_ report: QuizReport) -> String {
    var text = ""
    for item in report.items {
      let fields = [
        report.quiz, item.question, ReportNumbers.csv(item.maxMark), ReportNumbers.csv(item.facility),
        ReportNumbers.csv(item.sd),
        ReportNumbers.csv(item.randomGuessScore), ReportNumbers.csv(item.intendedWeight),
        ReportNumbers.csv(item.effectiveWeight), ReportNumbers.csv(item.discriminationIndex),
        ReportNumbers.csv(item.discriminativeEfficiency),
      ]
      text += fields.map(CSV.field).joined(separator: ",") + "\r\n"
    }
    return text
  }

  static func markdown(_ report: QuizReport) -> String {
    /// A text on one line, shown literally (its `|` escaped with the rest).
    func cell(_ text: String) -> String { MarkdownText.escaped(text.replacingNewlines()) }
    /// A question's text: HTML rendered as text first, as on a terminal.
    func cell(_ text: String, _ format: TextFormat) -> String { cell(TextFormatting.plain(text, format)) }
    let test = report.test
    var text = "# \(cell(report.title)) (`\(report.quiz)`)\n\n"
    text += "\(NumberText.plural(test.attempts, "attempt")) (\(ReportSelectionText.describe(report.selection))), "
    text +=
      "max score \(NumberText.points(test.maxScore)).\n\n## Test\n\n| figure | points | percent |\n|---|---:|---:|\n"
    for figure in ReportRows.test(test) { text += "| \(figure.name) | \(figure.points) | \(figure.percent) |\n" }
    text += "\n## Scores\n\n| percent | attempts |\n|---|---:|\n"
    for (index, count) in Histogram.bins(report.percents).enumerated() {
      text += "| \(Histogram.label(index)) | \(count) |\n"
    }
    text += "\n## Items\n\n"
    text +=
      "| # | question | facility | sd | random guess | intended weight | effective weight | discrimination | efficiency | flags |\n"
    text += "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|\n"
    for (index, item) in report.items.enumerated() {
      text += "| \(index + 1) | `\(item.question)` | \(ReportNumbers.percentOfFraction(item.facility)) | "
      text +=
        "\(ReportNumbers.percentOfFraction(item.sd)) | \(ReportNumbers.percentOfFraction(item.randomGuessScore)) | "
      text += "\(ReportNumbers.percent(item.intendedWeight)) | \(ReportNumbers.percent(item.effectiveWeight)) | "
      text +=
        "\(ReportNumbers.fixed(item.discriminationIndex)) | \(ReportNumbers.fixed(item.discriminativeEfficiency)) | "
      text += ItemFlags.flags(item).joined(separator: ", ") + " |\n"
    }
    if report.items.contains(where: { $0.kind == .choice }) { text += "\n## Choices\n" }
    for item in report.items where item.kind == .choice {
      text +=
        "\n### `\(item.question)`: \(cell(item.prompt, item.textFormat))\n\n| choice | correct | picked | fraction |\n|---|:---:|---:|---:|\n"
      for choice in item.choices {
        text +=
          "| \(choice.id)) \(cell(choice.text, item.textFormat)) | \(choice.correct ? "✓" : "") | \(choice.picked) | "
        text += "\(ReportNumbers.percentOfFraction(choice.pickedFraction)) |\n"
      }
      if let note = ChoiceNotes.otherChoices(item) { text += "\n" + MarkdownText.escaped(note) + "\n" }
    }
    text += ReportResponses.markdown(report)
    if let note = ReportResponses.unmarkedNote(report) { text += "\n" + MarkdownText.escaped(note) + "\n" }
    return text
  }
}

/// `quiz report --format json`: one quiz's statistics (the key names are a contract).
struct QuizReportJSON: JSONView {
  let report: QuizReport

  func write(to writer: inout JSONWriter) { ReportData.write(report, to: &writer) }
}
