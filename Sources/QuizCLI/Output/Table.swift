/// A column of a table: its header and alignment.
struct TableColumn {
  var header: String
  var alignRight = false
  /// Cells made by the program (colored flags, highlighted matches): printed as they are.
  /// Every other cell is data, shown terminal-safe on one line.
  var preformatted = false

  static func left(_ header: String) -> TableColumn { TableColumn(header: header) }
  static func right(_ header: String) -> TableColumn { TableColumn(header: header, alignRight: true) }
  static func styled(_ header: String) -> TableColumn { TableColumn(header: header, preformatted: true) }
}

/// A value that can be printed as a table row: one renderer serves every list.
protocol TableRow {
  static var columns: [TableColumn] { get }
  var cells: [String] { get }
}

enum Table {
  /// Rows under their headers, columns aligned by display width (so that 日本語 and emoji line
  /// up), two spaces apart. Newlines in cells print as spaces.
  static func render<Row: TableRow>(_ rows: [Row], console: Console) -> String {
    render(columns: Row.columns, rows: rows.map(\.cells), console: console)
  }

  static func render(columns: [TableColumn], rows: [[String]], console: Console) -> String {
    let cleaned = rows.map { row in
      row.enumerated().map { index, cell in
        index < columns.count && columns[index].preformatted ? cell : cell.terminalSafeLine
      }
    }
    var widths = columns.map { DisplayWidth.of($0.header) }
    for row in cleaned {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], DisplayWidth.of(cell))
      }
    }
    // On a terminal, the widest text column gives way so that rows fit on one line; piped
    // output keeps every character.
    var cut: (column: Int, width: Int)?
    if console.stdoutIsTerminal {
      let total = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
      if total > console.width,
        let widest = widths.indices.filter({ !columns[$0].alignRight }).max(by: { widths[$0] < widths[$1] })
      {
        let width = max(DisplayWidth.of(columns[widest].header), 8, widths[widest] - (total - console.width))
        if width < widths[widest] {
          cut = (widest, width)
          widths[widest] = width
        }
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() where index < columns.count {
        let cell = cut?.column == index ? DisplayWidth.truncate(cell, to: widths[index]) : cell
        let isLast = index == columns.count - 1
        parts.append(
          isLast && !columns[index].alignRight
            ? cell : DisplayWidth.pad(cell, to: widths[index], alignRight: columns[index].alignRight))
      }
      var line = parts.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      return line
    }
    var text = console.styled(line(columns.map(\.header)), .bold) + "\n"
    for row in cleaned { text += line(row) + "\n" }
    return text
  }
}

extension String {
  func replacingNewlines() -> String {
    guard contains(where: \.isNewline) else { return self }
    return String(map { $0.isNewline ? " " : $0 })
  }
}

/// Numbers as people read them: "1", "1.5", "0.33".
enum NumberText {
  static func points(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    // Past 1e15 a value is written as Swift writes it (1e+308): hundredths mean nothing there,
    // and multiplying by 100 would overflow the largest to inf.
    // So is a value that hundredths would show as 0 (an imported maximum of 1e-17).
    guard abs(value) < 1e15, value == 0 || abs(value) >= 0.005 else { return String(value) }
    return String((value * 100).rounded() / 100)
  }

  static func percent(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let percent = (value * 100).rounded()
    // A maximum near 0 (an imported attempt's) makes a percent past what Int64 holds.
    guard abs(percent) < 1e15 else { return String(percent) + "%" }
    return String(Int64(percent)) + "%"
  }

  static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : (plural ?? singular + "s"))"
  }
}
