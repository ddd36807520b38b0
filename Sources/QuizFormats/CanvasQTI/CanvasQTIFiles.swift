import QuizDomain

/// Where a quiz's embedded files go in a Canvas package, and its texts' references to them.
///
/// Canvas imports everything under `web_resources/` into the course's files, and resolves
/// `$IMS-CC-FILEBASE$/PATH` in HTML to the file at `web_resources/PATH`. A file goes to
/// `quiz-files/NAME` when every file of the quiz with that name has the same bytes (one copy
/// is written); else to `quiz-files/QUESTION/NAME`, or `quiz-files/QUESTION/FIELD/NAME` when
/// the question itself holds different files of that name.
struct CanvasQTIFiles {
  /// The package's files, `web_resources/…`, each path once, in the quiz's order.
  private(set) var entries: [CanvasQTI.Entry] = []
  private(set) var warnings: [String] = []
  /// The path under `web_resources/` of each file, by question, field and name.
  private var paths: [Key: String] = [:]

  private struct Key: Hashable {
    var question: String
    var field: String
    var name: String
  }

  static let folder = "web_resources/"

  init(quiz: Quiz) {
    let files: [(question: String, file: QuestionFile)] = quiz.questions.flatMap { question in
      question.files.map { (question: question.id, file: $0) }
    }
    func path(_ question: String, _ file: QuestionFile, level: Int) -> String {
      let name = Self.safeSegment(file.name)
      switch level {
      case 0: return "quiz-files/" + name
      case 1: return "quiz-files/" + Self.safeSegment(question) + "/" + name
      default: return "quiz-files/" + Self.safeSegment(question) + "/" + Self.safeSegment(file.field) + "/" + name
      }
    }
    // A path is shared when the files landing on it differ: those files go a level deeper. So
    // do files whose path is a folder deeper paths may need (a file named like a question).
    var first: [String: [UInt8]] = [:]
    var shared = Set<String>()
    for (question, file) in files {
      let folder = "quiz-files/" + Self.safeSegment(question)
      shared.insert(folder)
      shared.insert(folder + "/" + Self.safeSegment(file.field))
      for level in 0...2 {
        let candidate = path(question, file, level: level)
        if let bytes = first[candidate] {
          if bytes != file.bytes { shared.insert(candidate) }
        } else {
          first[candidate] = file.bytes
        }
      }
    }
    var written = Set<String>()
    for (question, file) in files {
      let level = (0...2).first { !shared.contains(path(question, file, level: $0)) } ?? 2
      let chosen = path(question, file, level: level)
      paths[Key(question: question, field: file.field, name: file.name)] = chosen
      if written.insert(chosen).inserted {
        entries.append((path: Self.folder + chosen, bytes: file.bytes))
      } else if first[chosen] != file.bytes {
        // Only names made the same by `safeSegment` get here: the validator keeps a text's
        // names unique.
        warnings.append(
          "question \"\(question)\": file \"\(file.name)\" of its \(file.field) has the package name of another "
            + "of its files; only the first is written")
      }
    }
  }

  /// `text`, the `field` of `question`, with each `@@PLUGINFILE@@/NAME` (NAME as written or
  /// percent-encoded, as Moodle writes it) pointing at the file in the package; and the names
  /// it refers to that the question does not carry, left as written.
  func resolving(_ text: String, field: String, of question: Question) -> (text: String, missing: [String]) {
    let marker = "@@PLUGINFILE@@/"
    guard text.contains(marker) else { return (text, []) }
    // The text's own files first, then the question's others; longer names before their
    // prefixes.
    let own = question.files.filter { $0.field == field }
    let others = question.files.filter { $0.field != field }
    let candidates = [own, others].flatMap { group in
      group.sorted { first, second in first.name.unicodeScalars.count > second.name.unicodeScalars.count }
    }
    var result = ""
    var missing: [String] = []
    var rest = Substring(text)
    while let found = rest.firstRange(of: marker) {
      result += rest[..<found.lowerBound]
      let after = rest[found.upperBound...].unicodeScalars
      var match: (file: QuestionFile, length: Int)?
      search: for file in candidates {
        for spelling in Self.spellings(of: file.name) where Self.refers(after, to: spelling) {
          match = (file: file, length: spelling.count)
          break search
        }
      }
      guard let match, let path = paths[Key(question: question.id, field: match.file.field, name: match.file.name)]
      else {
        result += marker
        missing.append(String(String.UnicodeScalarView(after.prefix { !Self.endsReference($0) }.prefix(60))))
        rest = Substring(after)
        continue
      }
      let encoded = path.split(separator: "/").map { Self.percentEncoded(String($0)) }.joined(separator: "/")
      result += "$IMS-CC-FILEBASE$/" + encoded
      rest = Substring(after.dropFirst(match.length))
    }
    result += rest
    return (result, missing)
  }
}

// MARK: - Names and references

extension CanvasQTIFiles {
  /// `name` as one path segment safe to unpack anywhere: no `.` or `..`, no backslash (a
  /// folder separator to Windows tools), no control character.
  static func safeSegment(_ name: String) -> String {
    if name.isEmpty || name.allSatisfy({ $0 == "." }) { return String(repeating: "_", count: max(1, name.count)) }
    var view = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      view.append(scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : scalar)
    }
    return String(view)
  }

  /// `segment` in a URL path: every UTF-8 byte outside RFC 3986's unreserved characters as
  /// `%XX`, as PHP's `rawurlencode` (and so Moodle) writes file names.
  static func percentEncoded(_ segment: String) -> String {
    let hex = Array("0123456789ABCDEF".unicodeScalars)
    var view = String.UnicodeScalarView()
    for byte in segment.utf8 {
      let scalar = Unicode.Scalar(byte)
      if isUnreserved(byte) {
        view.append(scalar)
      } else {
        view.append("%")
        view.append(hex[Int(byte >> 4)])
        view.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(view)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default: return false
    }
  }

  /// The ways a text may spell a reference to `name`: as is, and percent-encoded.
  private static func spellings(of name: String) -> [String.UnicodeScalarView] {
    let encoded = percentEncoded(name)
    return encoded == name ? [name.unicodeScalars] : [name.unicodeScalars, encoded.unicodeScalars]
  }

  /// Whether `text` starts with the reference `name`, not followed by more of a file name.
  private static func refers(_ text: Substring.UnicodeScalarView, to name: String.UnicodeScalarView) -> Bool {
    guard text.starts(with: name) else { return false }
    guard let next = text.dropFirst(name.count).first else { return true }
    return !(next.properties.isAlphabetic || ("0"..."9").contains(next) || "-._~%".unicodeScalars.contains(next))
  }

  /// Where a reference left as written ends, for the warning that names it.
  private static func endsReference(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || "\"'<>()?#".unicodeScalars.contains(scalar)
  }
}
