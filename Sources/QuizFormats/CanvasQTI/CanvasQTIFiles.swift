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
    // A random slots' group's question is `BANK/ID` (its folder `BANK/ID`): its id may be one
    // of the quiz's own questions' from another bank.
    let owned =
      quiz.questions.map { (owner: $0.id, question: $0) }
      + quiz.sections.flatMap { section in
        section.random.flatMap { placed in
          (placed.candidates ?? []).map { (owner: Self.owner($0, drawnFrom: placed.slot.bank), question: $0) }
        }
      }
    let files: [(question: String, file: QuestionFile)] = owned.flatMap { owned in
      owned.question.files.map { (question: owned.owner, file: $0) }
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
    var renamed = Set<String>()
    for (question, file) in files where Self.safeSegment(file.name) != file.name {
      guard renamed.insert(question + "\u{0}" + file.name).inserted else { continue }
      warnings.append(
        "question \"\(question)\": file \"\(file.name)\" is written as \"\(Self.safeSegment(file.name))\" in the "
          + "package (no control or bidi characters, no backslash, at most 255 bytes)")
    }
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
  func resolving(_ text: String, field: String, of question: Question, drawnFrom bank: String?) -> (
    text: String, missing: [String]
  ) {
    // The text's own files first, then the question's others (longer names first within).
    let own = question.files.filter { $0.field == field }
    let others = question.files.filter { $0.field != field }
    let owner = bank.map { Self.owner(question, drawnFrom: $0) } ?? question.id
    return PluginFileReferences.resolving(text, files: own + others) { file in
      paths[Key(question: owner, field: file.field, name: file.name)].map { path in
        "$IMS-CC-FILEBASE$/" + path.split(separator: "/").map { Self.percentEncoded(String($0)) }.joined(separator: "/")
      }
    }
  }
}

// MARK: - Names and references

extension CanvasQTIFiles {
  /// Whose files a question random slots drawing from `bank` hold are: `BANK/ID`.
  static func owner(_ question: Question, drawnFrom bank: String) -> String { bank + "/" + question.id }

  /// `name` as one path segment safe to unpack anywhere: no `.` or `..`, no backslash (a
  /// folder separator to Windows tools), no control character (C0, DEL or C1), no bidi control
  /// (which makes a name read otherwise than it is, `gnp.exe` shown as `exe.png`); and at most
  /// 255 bytes, what file systems (and so unzip) can create: a longer name keeps its start and
  /// ending and gets a hash of the whole, so that two long names stay two.
  static func safeSegment(_ name: String) -> String {
    if name.isEmpty || name.allSatisfy({ $0 == "." }) { return String(repeating: "_", count: max(1, name.count)) }
    var view = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      view.append(isUnsafe(scalar) ? "_" : scalar)
    }
    return shortened(String(view), limit: 255)
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x5C, 0..<0x20, 0x7F...0x9F: return true
    // ALM, LRM, RLM, the embeddings and overrides, the isolates; line and paragraph separators.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// `text` when its UTF-8 is at most `limit` bytes; else its start, `-`, 16 hex digits of a
  /// hash of all of it, and its ending from the last `.` (when that is short), within `limit`.
  static func shortened(_ text: String, limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    let hash = "-" + hashHex(text)
    var ending = ""
    if let dot = text.lastIndex(of: "."), text.utf8[dot...].count <= 16 { ending = String(text[dot...]) }
    var start = String.UnicodeScalarView()
    var room = limit - hash.utf8.count - ending.utf8.count
    for scalar in text.unicodeScalars {
      room -= scalar.utf8.count
      guard room >= 0 else { break }
      start.append(scalar)
    }
    return String(start) + hash + ending
  }

  /// 64-bit FNV-1a of `text`'s UTF-8, as 16 hex digits: the same in every run (Swift's own
  /// hashing is seeded per process).
  static func hashHex(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// `segment` in a URL path, as Moodle writes file names (`PluginFileReferences`).
  static func percentEncoded(_ segment: String) -> String { PluginFileReferences.percentEncoded(segment) }
}
