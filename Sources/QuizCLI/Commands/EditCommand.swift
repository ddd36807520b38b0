import QuizBankFormat
import QuizDomain
import QuizFormats
import QuizRepository

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

enum EditCommand {
  static let command = Command(
    name: "edit",
    summary: "Edit a quiz or one question in $VISUAL or $EDITOR, then save it with versioning.",
    discussion: discussion,
    arguments: [
      ArgumentSpec(
        name: "quiz[/question]",
        help: "What to edit: a quiz, one of its questions, or a bank's question (BANK/QUESTION).")
    ],
    options: [
      .value(
        "format", help: "The format to edit in: \(QuizFileFormat.editable.map(\.name).joined(separator: ", ")).",
        allowed: QuizFileFormat.editable.map(\.name), defaultValue: QuizFileFormat.native.name)
    ],
    access: .readWrite,
    run: run)

  /// The problems of an edited file (the formats' editing throws them).
  typealias Problems = EditProblems

  /// Made from the registry: the formats quiz edits in besides its own.
  static var discussion: String {
    let others = QuizFileFormat.editable.filter { $0.name != QuizFileFormat.native.name }
    let choices = QuizFileFormat.list(others.map { "\($0.title), with --format \($0.name)" })
    return """
      The quiz (or question) is written as \(QuizFileFormat.native.title) (or \(choices)) to a \
      temporary file and opened in $VISUAL, else $EDITOR, else vi. On save it is checked and \
      applied: changed questions get a new version. A file with problems reopens with them listed \
      at the top in // lines. Saving it unchanged, emptying it, or quitting the editor with an \
      error changes nothing. What \(QuizFileFormat.list(others.map(\.title))) cannot show (picks, files, \
      choice ids, points, shuffle, the quiz's rule, weights left unset, empty sections) is kept as \
      stored, and listed in // lines on top of the file.
      """
  }

  static func run(_ invocation: Invocation) throws {
    let address = QuestionAddress(invocation.arguments.positionals[0])
    let repository = try invocation.repository()
    if let (bankAddress, note) = try bankQuestion(address, repository) {
      let format = invocation.arguments.value("format").flatMap(QuizFileFormat.named) ?? QuizFileFormat.native
      guard let editing = format.editing else {
        throw CLIError.usage("quiz cannot edit in \(format.name)", command: invocation.command)
      }
      return try editBankQuestion(bankAddress, format: format, editing: editing, note: note, invocation: invocation)
    }
    let stored = try repository.requireQuiz(address.quiz)
    // An unknown question is named here, with a suggestion, before any format renders it.
    if let id = address.question { _ = try stored.quiz.requireQuestion(id) }
    let format =
      invocation.arguments.value("format").flatMap(QuizFileFormat.named) ?? QuizFileFormat.native
    guard let editing = format.editing else {
      throw CLIError.usage("quiz cannot edit in \(format.name)", command: invocation.command)
    }
    let original: String
    do {
      original = try editing.render(try format.editable(stored.quiz, address), address)
    } catch let problems as EditProblems {
      throw CLIError.data("cannot edit in \(format.title)", details: problems.lines(offset: 0))
    }
    let file = try TemporaryFile(
      name: "quiz-edit-\(address.quiz).\(format.extensions.first ?? format.name)", contents: original)
    // What the editor started from: saving over anything else would undo someone's change.
    var base = stored.quiz
    try editUntilSaved(
      file, notes: editing.notShown(stored.quiz, address), format: format, invocation: invocation
    ) { edited in
      if edited == original && base == stored.quiz { return nil }
      do {
        return describe(try save(edited, editing, address, base: &base, repository))
      } catch RepositoryError.changedSinceRead(let current) {
        guard let current else {
          throw CLIError.failure("quiz \"\(base.id)\" was removed while you edited it: nothing was saved")
        }
        defer { base = current }
        throw Problems(
          lines: ["Someone else saved this quiz while you edited it; what they changed:"]
            + base.differences(from: current).map { "  " + $0 }
            + ["Your version is below: save it again to put it over theirs (see 'quiz show \(base.id)' for theirs)."])
      }
    }
  }

  /// Opens `file` in the editor until what is saved there is saved: `save` saves it and says
  /// what changed (nil: nothing did), or throws the file's problems, which reopen it with them
  /// on top (`notes` and `lead` too). An emptied file changes nothing; an edit the database
  /// cannot take is kept beside it; an editor that keeps saving the same problems (a script,
  /// say) is stopped after a few rounds.
  static func editUntilSaved(
    _ file: TemporaryFile, notes: [String], lead: [String] = [], format: QuizFileFormat, invocation: Invocation,
    save: (String) throws -> String?
  ) throws {
    let editor = editorCommand(invocation.console.environment)
    var problems: Problems?
    // The line numbers of the file the editor last saw are its body's moved down by its header.
    var shownOffset = 0
    for _ in 0..<5 {
      let top = header(notes: notes, format: format, problems: problems, lead: lead)
      shownOffset = top.offset
      try file.write(top.text + stripHeader(try file.read()))
      try runEditor(editor, on: file.path)
      let edited = stripHeader(try file.read())
      do {
        guard !edited.allSatisfy(\.isWhitespace), let said = try save(edited) else {
          invocation.console.write("No changes.\n")
          return
        }
        invocation.console.write(said)
        return
      } catch RepositoryError.storage(let failure) {
        // The database could not take it (read-only, full, locked too long): the edit is
        // the user's work, and is kept.
        throw CLIError.failure(
          "\(CLIError(RepositoryError.storage(failure)).message); your edit is kept in "
            + "\(try keep(edited, for: invocation, format: format))")
      } catch {
        guard let found = fileProblems(error) else { throw error }
        problems = found
      }
    }
    throw CLIError.data(
      "the edited file is still invalid, nothing was saved",
      details: CLIError.limited(problems?.lines(offset: shownOffset) ?? []))
  }

  /// The problems of the edited file `error` names, to reopen it with them on top; nil for an
  /// error that is not the file's.
  static func fileProblems(_ error: any Error) -> Problems? {
    if let found = error as? Problems { return found }
    if let error = error as? QuizBankError {
      switch error {
      case .syntax(let syntax): return Problems(line: syntax.line, text: ", column \(syntax.column): \(syntax.message)")
      case .invalid(let found, _): return Problems(lines: found.map(\.description))
      }
    }
    guard let error = error as? RepositoryError else { return nil }
    switch error {
    case .invalid(let found, _): return Problems(lines: found.map(\.description))
    // A slot to a question or category that is not there, a filter matching too few.
    case .unplaceable(let message): return Problems(lines: [message])
    default: return nil
    }
  }

  /// The `//` lines on top of the file: what its format does not show, then the problems of
  /// the last save (their line numbers counted in the file as it will be, header included);
  /// and how many lines the header takes.
  static func header(notes: [String], format: QuizFileFormat, problems: Problems?, lead: [String] = []) -> (
    text: String, offset: Int
  ) {
    var lines = lead
    if !notes.isEmpty {
      lines.append("Not shown in \(format.name.uppercased()) and kept as stored:")
      lines += notes.map { "  " + $0 }
    }
    guard let problems else {
      return lines.isEmpty ? ("", 0) : (lines.map { headerMark + $0 + "\n" }.joined() + "\n", lines.count + 1)
    }
    // Each problem is one line, and the fix line and a blank line follow them.
    let offset = lines.count + problems.entries.count + 2
    lines += problems.lines(offset: offset) + ["Fix the problems above and save, or empty the file to cancel."]
    return (lines.map { headerMark + $0 + "\n" }.joined() + "\n", offset)
  }

  /// Saves `edited` over `base`. An edit of one question whose question nobody else changed
  /// meanwhile is saved over the quiz as it is now (what others added or moved stays); any
  /// other change since `base` throws `changedSinceRead`.
  static func save(
    _ edited: String, _ editing: QuizFileFormat.Editing, _ address: QuestionAddress, base: inout Quiz,
    _ repository: QuizRepository
  ) throws -> QuizSaveResult {
    for _ in 0..<10 {
      do {
        return try repository.saveQuiz(try editing.apply(edited, address, base), ifUnchangedSince: base)
      } catch RepositoryError.changedSinceRead(let current?) where untouched(address, in: current, since: base) {
        base = current
      }
    }
    return try repository.saveQuiz(try editing.apply(edited, address, base), ifUnchangedSince: base)
  }

  /// Whether the one question `address` names is in `current` as it was in `base`.
  private static func untouched(_ address: QuestionAddress, in current: Quiz, since base: Quiz) -> Bool {
    guard let id = address.question, let now = current.questions.first(where: { $0.id == id }) else { return false }
    return base.questions.first(where: { $0.id == id }) == now
  }

  /// Writes an edit that could not be saved to a private file beside the database; its path.
  static func keep(_ text: String, for invocation: Invocation, format: QuizFileFormat) throws -> String {
    let address = invocation.arguments.positionals[0].replacing("/", with: "-")
    let path =
      invocation.databasePath + ".edit-\(address)-\(time(nil))."
      + (format.extensions.first ?? format.name)
    let output = try OutputFile(path: path, personal: true)
    try output.write(Array(text.utf8))
    try output.commit()
    return path
  }

  /// Marks the lines this command adds on top of the file.
  static let headerMark = "// ! "

  /// The text without the problem lines this command added on top.
  static func stripHeader(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first?.hasPrefix(headerMark) == true else { return text }
    while let first = lines.first, first.hasPrefix(headerMark) { lines.removeFirst() }
    if lines.first?.isEmpty == true { lines.removeFirst() }
    return lines.joined(separator: "\n")
  }

  static func describe(_ result: QuizSaveResult) -> String {
    guard result.outcome != .unchanged else { return "No changes.\n" }
    var lines: [String] = []
    for change in result.changedQuestions {
      lines.append("question \(change.question): version \(change.from) → \(change.to)")
    }
    for id in result.newQuestions { lines.append("question \(id): new") }
    for id in result.retiredQuestions { lines.append("question \(id): retired") }
    for id in result.restoredQuestions where !result.changedQuestions.contains(where: { $0.question == id }) {
      lines.append("question \(id): restored")
    }
    if lines.isEmpty { lines.append("quiz \(result.quiz): updated (no question changed its version)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// $VISUAL, else $EDITOR, else vi.
  static func editorCommand(_ environment: [String: String]) -> String {
    [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
  }

  /// Runs the editor through the shell (so that EDITOR may carry arguments) and waits for it.
  static func runEditor(_ editor: String, on path: String) throws {
    let argv = ["/bin/sh", "-c", "\(editor) \"$1\"", "sh", path]
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ) == 0 else {
      throw CLIError.failure("cannot start the editor \(editor)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7F == 0
    let code = (status >> 8) & 0xFF
    if exited && code == 127 { throw CLIError.failure("editor not found: \(editor) (set VISUAL or EDITOR)") }
    guard exited && code == 0 else {
      throw CLIError.failure(
        "the editor \(editor) exited with status \(exited ? code : 128 + (status & 0x7F)): nothing was changed")
    }
  }
}

/// A private temporary file, in a folder of its own readable by its owner only (the file holds
/// the answer key), removed with its folder when released.
final class TemporaryFile {
  let folder: String
  let path: String

  init(name: String, contents: String) throws {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/quiz-edit-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let start = buffer.baseAddress else { return false }
      return mkdtemp(start) != nil
    }
    guard made else { throw CLIError.failure("cannot create a temporary folder in \(base)") }
    folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    path = folder + "/" + name
    try write(contents)
  }

  func read() throws -> String {
    String(decoding: try InputFiles.readFile(path), as: UTF8.self)
  }

  func write(_ text: String) throws {
    let output = try OutputFile(path: path, personal: true)
    try output.write(Array(text.utf8))
    try output.commit()
  }

  deinit {
    unlink(path)
    rmdir(folder)
  }
}
