import QuizDomain

/// The report for a terminal: test figures, a histogram of percent scores in block characters,
/// item rows with flags, and the choices picked.
enum ReportText {
  static func render(_ report: QuizReport, console: Console) -> String {
    let test = report.test
    var text =
      console.styled("\(report.title.terminalSafeLine)", .bold) + "  " + console.styled("(\(report.quiz))", .dim) + "\n"
    text += "\(NumberText.plural(test.attempts, "attempt")) (\(ReportSelectionText.describe(report.selection)))"
    text += " · max score \(NumberText.points(test.maxScore))\n\n"
    text += console.styled("Test", .bold) + "\n"
    text += Table.render(
      columns: [.left("FIGURE"), .right("POINTS"), .right("PERCENT")],
      rows: ReportRows.test(test).map { [$0.name, $0.points, $0.percent] }, console: console)
    text += "\n" + console.styled("Scores", .bold) + " (percent of the maximum)\n"
    let bins = Histogram.bins(report.percents)
    let largest = max(1, bins.max() ?? 1)
    for (index, count) in bins.enumerated() {
      let bar = String(repeating: "█", count: count == 0 ? 0 : max(1, count * 40 / largest))
      text +=
        DisplayWidth.pad(Histogram.label(index), to: 8, alignRight: true) + " │" + bar
        + (count > 0 ? " \(count)" : "") + "\n"
    }
    text += "\n" + console.styled("Items", .bold) + "\n"
    let rows = report.items.enumerated().map { index, item -> [String] in
      let flags = ItemFlags.flags(item)
      return [
        String(index + 1), item.question, ReportNumbers.percentOfFraction(item.facility),
        ReportNumbers.percentOfFraction(item.sd), ReportNumbers.percentOfFraction(item.randomGuessScore),
        ReportNumbers.percent(item.intendedWeight), ReportNumbers.percent(item.effectiveWeight),
        ReportNumbers.fixed(item.discriminationIndex), ReportNumbers.fixed(item.discriminativeEfficiency),
        flags.isEmpty ? "" : console.styled("⚑ " + flags.joined(separator: ", "), .yellow),
      ]
    }
    text += Table.render(
      columns: [
        .right("#"), .left("QUESTION"), .right("FACILITY"), .right("SD"), .right("GUESS"), .right("INTENDED"),
        .right("EFFECTIVE"), .right("DISCRIM."), .right("EFFIC."), .styled("FLAGS"),
      ], rows: rows, console: console)
    if report.items.contains(where: { $0.kind == .choice }) {
      text += "\n" + console.styled("Choices", .bold) + " (how many counted attempts picked each)\n"
    }
    for item in report.items where item.kind == .choice {
      text += "  \(item.question)\n"
      let texts = item.choices.map { TextFormatting.forTerminal($0.text, item.textFormat).terminalSafeLine }
      let column = ReportTextColumn(texts, console: console)
      // Ids of different lengths (`cancels`, `r`) keep the columns after them in line.
      let idWidth = item.choices.map { DisplayWidth.of($0.id.terminalSafeLine) }.max() ?? 0
      for (choice, choiceText) in zip(item.choices, texts) {
        let mark = choice.correct ? "✓" : " "
        text +=
          "    \(mark) " + DisplayWidth.pad(choice.id.terminalSafeLine + ")", to: idWidth + 1) + " "
          + column.cell(choiceText)
          + " " + DisplayWidth.pad(String(choice.picked), to: 5, alignRight: true) + "  "
          + DisplayWidth.pad(ReportNumbers.percentOfFraction(choice.pickedFraction), to: 7, alignRight: true) + "\n"
      }
      if let note = ChoiceNotes.otherChoices(item) { text += "    " + console.styled(note, .dim) + "\n" }
    }
    text += ReportResponses.text(report, console: console)
    if let note = ReportResponses.unmarkedNote(report) { text += "\n" + console.styled(note, .yellow) + "\n" }
    return text
  }
}

/// The test figures as rows: name, points, percent of the maximum.
enum ReportRows {
  struct Figure {
    var name: String
    var points: String
    var percent: String
  }

  static func test(_ test: TestStatistics) -> [Figure] {
    [
      Figure(name: "Attempts", points: String(test.attempts), percent: ""),
      Figure(
        name: "Mean", points: ReportNumbers.fixed(test.mean), percent: ReportNumbers.percent(test.percent.mean)),
      Figure(
        name: "Median", points: ReportNumbers.fixed(test.median),
        percent: ReportNumbers.percent(test.percent.median)),
      Figure(
        name: "Standard deviation", points: ReportNumbers.fixed(test.sd),
        percent: ReportNumbers.percent(test.percent.sd)),
      Figure(
        name: "Minimum", points: ReportNumbers.fixed(test.min), percent: ReportNumbers.percent(test.percent.min)),
      Figure(
        name: "Maximum", points: ReportNumbers.fixed(test.max), percent: ReportNumbers.percent(test.percent.max)),
      Figure(name: "Skewness", points: ReportNumbers.fixed(test.skewness, 4), percent: ""),
      Figure(name: "Kurtosis", points: ReportNumbers.fixed(test.kurtosis, 4), percent: ""),
      Figure(name: "Coefficient of internal consistency", points: "", percent: ReportNumbers.percent(test.cic)),
      Figure(name: "Error ratio", points: "", percent: ReportNumbers.percent(test.errorRatio)),
      Figure(
        name: "Standard error", points: ReportNumbers.fixed(test.standardError),
        percent: ReportNumbers.percent(test.percent.standardError)),
    ]
  }
}

enum ReportSelectionText {
  static func describe(_ selection: AttemptSelection) -> String {
    switch selection {
    case .all: return "all attempts"
    case .first: return "each taker's first attempt"
    case .last: return "each taker's last attempt"
    case .best: return "each taker's best attempt"
    }
  }
}

/// A report list's text column: at most 50 columns on a terminal, cut with `…`; piped, as wide as
/// its widest text, every character kept (as `Table` does).
struct ReportTextColumn {
  let width: Int
  let cuts: Bool

  init(_ texts: [String], console: Console) {
    cuts = console.stdoutIsTerminal
    width = cuts ? 50 : max(50, texts.map(DisplayWidth.of).max() ?? 0)
  }

  func cell(_ text: String) -> String {
    DisplayWidth.pad(cuts ? DisplayWidth.truncate(text, to: width) : text, to: width)
  }
}
