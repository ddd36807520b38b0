import QuizRepository

/// `quiz __complete quizzes|questions|takers [PREFIX]`: the values the completion scripts
/// offer from the database, one per line. Hidden: the dispatcher runs it before looking the
/// command up, so neither help nor "did you mean" ever names it.
///
/// It runs on every Tab press, so it never says anything but values: a missing database, a
/// bad command line or a failed read all print nothing and exit 0.
enum CompletionValues {
  static let name = "__complete"

  /// A command value only for parsing the line and finding the database as every command does
  /// (`--db`, `$QUIZ_DB`, `$XDG_DATA_HOME`); it is in no list.
  static let command = Command(
    name: name, summary: "Values for the completion scripts.",
    arguments: [
      ArgumentSpec(name: "kind", help: "quizzes, questions, takers or banks."),
      ArgumentSpec(
        name: "prefix", help: "Only values starting with it; QUIZ/ for that quiz's questions.", optional: true),
    ],
    run: { _ in })

  static func run(_ arguments: [String], console: Console, globalDatabasePath: String?) {
    guard let parsed = try? ArgumentParser(command: command).parse(arguments), !parsed.flag("help"),
      let kind = parsed.positionals.first
    else { return }
    let prefix = parsed.positionals.dropFirst().first ?? ""
    let names: CompletionNames
    switch kind {
    case "quizzes": names = .quizzes
    case "questions":
      // QUIZ/…: that quiz's questions only, without reading the others.
      names = .questions(quiz: prefix.firstIndex(of: "/").map { String(prefix[..<$0]) })
    case "takers": names = .takers
    case "banks": names = .banks
    default: return
    }
    let invocation = Invocation(
      command: command, arguments: parsed, console: console, globalDatabasePath: globalDatabasePath)
    guard
      let values = try? QuizRepository.completionNames(names, prefix: prefix, inDatabaseAt: invocation.databasePath)
    else { return }
    // One value a line: a value with a line break or another control character would break the
    // shell's list, and none is worth completing.
    let lines = values.filter { value in !value.unicodeScalars.contains { $0.properties.generalCategory == .control } }
    console.write(lines.map { $0 + "\n" }.joined())
  }
}
