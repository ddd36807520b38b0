import QuizDomain

/// Who may sign in, with their personal codes (`--roster FILE`, CSV `name,code`).
public struct Roster: Sendable, Equatable {
  /// Name → code.
  public let codes: [String: String]

  public init(codes: [String: String]) {
    self.codes = codes
  }

  /// Whether `name` is on the roster with `code`. The code is compared in constant time (for
  /// codes of one length), and an unknown name costs the same comparison against a dummy, so
  /// that neither timing tells a guesser which names exist or how much of a code was right.
  public func admits(name: String, code: String) -> Bool {
    let expected = codes[name]
    let matches = ConstantTime.equal(Array(code.utf8), Array((expected ?? Roster.dummyCode).utf8))
    return matches && expected != nil
  }

  static let dummyCode = "0000000000000000"
}

// MARK: - Reading the CSV

extension Roster {
  /// Reads `name,code` lines (RFC 4180 quoting allowed; a first line `name,code` is a header
  /// and skipped; empty lines are skipped), ending in LF or CR LF, after a UTF-8 byte order mark
  /// if there is one (as spreadsheets save CSV). Throws `RosterError` naming `file` and the line.
  public static func parse(_ text: String, file: String) throws -> Roster {
    var codes: [String: String] = [:]
    var lineNumber = 0
    // Split on scalars: CR LF is one Character, which a split on "\n" would never meet.
    var scalars = text.unicodeScalars[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    for rawScalars in scalars.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let raw = String(String.UnicodeScalarView(rawScalars))
      let line = raw.unicodeScalars.last == "\r" ? String(String.UnicodeScalarView(raw.unicodeScalars.dropLast())) : raw
      if line.trimmingSpaces.isEmpty { continue }
      let fields = try CSVLine.fields(line, file: file, line: lineNumber)
      if lineNumber == 1 && fields.map({ $0.lowercased() }) == ["name", "code"] { continue }
      guard fields.count == 2 else {
        throw RosterError(file: file, line: lineNumber, message: "expected 2 fields (name,code), found \(fields.count)")
      }
      let name = fields[0].trimmingSpaces
      let code = fields[1].trimmingSpaces
      guard !name.isEmpty, !code.isEmpty else {
        throw RosterError(file: file, line: lineNumber, message: "the name and the code must not be empty")
      }
      guard codes[name] == nil else {
        throw RosterError(file: file, line: lineNumber, message: "\"\(name)\" is listed twice")
      }
      codes[name] = code
    }
    guard !codes.isEmpty else { throw RosterError(file: file, line: lineNumber, message: "the roster lists nobody") }
    return Roster(codes: codes)
  }
}

/// A roster line that cannot be read: where and why.
public struct RosterError: Error, Equatable, Sendable, CustomStringConvertible {
  public let file: String
  public let line: Int
  public let message: String

  public var description: String { "\(file):\(line): \(message)" }
}

/// One line of CSV split into its fields.
enum CSVLine {
  static func fields(_ line: String, file: String, line number: Int) throws -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(line)[...]
    var atFieldStart = true
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
      } else if character == "\"" && atFieldStart {
        quoted = true
        atFieldStart = false
      } else if character == "," {
        fields.append(field)
        field = ""
        atFieldStart = true
      } else {
        field.append(character)
        atFieldStart = false
      }
    }
    guard !quoted else { throw RosterError(file: file, line: number, message: "a quoted field is not closed") }
    fields.append(field)
    return fields
  }
}

extension String {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
