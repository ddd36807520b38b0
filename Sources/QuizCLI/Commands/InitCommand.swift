enum InitCommand {
  static let command = Command(
    name: "init",
    summary: "Create the database, or migrate it to this version's schema.",
    discussion: "Safe to run again: an up-to-date database is left as it is.",
    run: run)

  static func run(_ invocation: Invocation) throws {
    let repository = try invocation.repository()
    let version = try repository.schemaVersion()
    invocation.console.write("Database: \(repository.path)\nSchema version: \(version)\n")
  }
}
