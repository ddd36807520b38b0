import QuizDomain

enum CompletionsCommand {
  static let command = Command(
    name: "completions",
    summary: "Print a completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, forms, options and their fixed values, and file names; quiz \
      ids, QUIZ/QUESTION ids and taker names come from the database (the one --db names on the \
      line being completed, else the default), read by quiz itself. Put it where the shell looks \
      for it (for zsh, a folder in $fpath, here ~/.zfunc, before compinit runs):

      quiz completions bash > ~/.local/share/bash-completion/completions/quiz
      quiz completions zsh > ~/.zfunc/_quiz
      quiz completions fish > ~/.config/fish/completions/quiz.fish
      """,
    arguments: [
      ArgumentSpec(
        name: "shell", help: "bash, zsh or fish.",
        completionOverride: .values(CompletionShell.allCases.map(\.rawValue)))
    ],
    usesDatabase: false,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let name = invocation.arguments.positionals[0]
    guard let shell = CompletionShell(rawValue: name) else {
      let names = CompletionShell.allCases.map(\.rawValue)
      let suggestion = Suggestion.closest(to: name, among: names)
      throw CLIError.usage(
        "Unknown shell '\(name)': expected \(names.joined(separator: ", "))"
          + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""), command: invocation.command)
    }
    invocation.console.write(shell.script())
  }
}
