import Foundation
import PackagePlugin

/// Compiles files of the repository into a target as Swift string literals (EmbedFilesTool),
/// so that a `quiz` binary copied anywhere carries them: the SQL of `migrations/` into
/// QuizRepository, which creates and migrates databases with it, and the served pages'
/// stylesheet and scripts of `Sources/QuizServer/Static/` into QuizServer (files a CSS or
/// JavaScript tool can read).
@main
struct EmbedFiles: BuildToolPlugin {
  /// What each target using the plugin embeds: the folder (from the package's root), the file
  /// endings taken, and the name of the array the target reads.
  static let embedded: [String: (folder: String, extensions: Set<String>, variable: String)] = [
    "QuizRepository": ("migrations", ["sql"], "embeddedMigrations"),
    "QuizServer": ("Sources/QuizServer/Static", ["css", "js"], "embeddedStaticAssets"),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let what = Self.embedded[target.name] else { return [] }
    let directory = context.package.directoryURL.appending(path: what.folder)
    let files = try FileManager.default
      .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { what.extensions.contains($0.pathExtension) }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "\(what.variable).swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) files of \(what.folder)",
        executable: try context.tool(named: "EmbedFilesTool").url,
        arguments: [output.path, what.variable] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
