/// The shells `quiz completions` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  /// The script, made from `model` (by default, from `Commands.all`).
  func script(_ model: CompletionModel = CompletionModel()) -> String {
    switch self {
    case .bash: return BashCompletion.script(model)
    case .zsh: return ZshCompletion.script(model)
    case .fish: return FishCompletion.script(model)
    }
  }
}
