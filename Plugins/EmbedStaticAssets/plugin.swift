import Foundation
import PackagePlugin

/// Compiles the served pages' stylesheet and scripts (`Sources/QuizServer/Static/`) into the
/// target as Swift string literals: files a CSS or JavaScript tool can read, in a binary that
/// needs no files beside it.
@main
struct EmbedStaticAssets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: "Sources/QuizServer/Static")
    let files = try FileManager.default
      .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { ["css", "js"].contains($0.pathExtension) }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedStaticAssets.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) static assets",
        executable: try context.tool(named: "EmbedFilesTool").url,
        arguments: [output.path, "embeddedStaticAssets"] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
