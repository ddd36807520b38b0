import Foundation
import PackagePlugin

/// Compiles the SQL files of `migrations/` into the target as Swift string literals, so that a
/// `quiz` binary copied anywhere still knows how to create and migrate a database.
@main
struct EmbedMigrations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: "migrations")
    let files = try FileManager.default
      .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "sql" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) migrations",
        executable: try context.tool(named: "EmbedFilesTool").url,
        arguments: [output.path, "embeddedMigrations"] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
