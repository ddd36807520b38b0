import Foundation
import TestSupport
import Testing

/// What one run of the `quiz` binary did.
struct Run {
  let status: Int32
  let stdout: String
  let stderr: String
  let stdoutBytes: Data
}

/// Runs the built `quiz` binary, as a user would.
enum QuizProcess {
  /// The `quiz` executable built beside the test bundle.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["QUIZ_BINARY"] { return URL(fileURLWithPath: path) }
    var folder = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = folder.appendingPathComponent("quiz")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/quiz")
  }()

  /// How long one run may take before it is killed, in seconds: far more than any command
  /// needs on a busy 2-core machine.
  static let deadline: Double = 300

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `quiz arguments…` with `input` on standard input (none: /dev/null) and a clean
  /// environment plus `environment`.
  static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:], in directory: TemporaryDirectory
  ) throws -> Run {
    try runExecutable(binary.path, arguments, input: input, environment: environment, in: directory)
  }

  /// Runs a shell command line with `quiz` on its PATH, for redirections a Process can't make.
  static func shell(_ command: String, environment: [String: String] = [:], in directory: TemporaryDirectory) throws
    -> Run
  {
    var environment = environment
    environment["PATH"] = binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
    return try runExecutable("/bin/sh", ["-c", command], input: nil, environment: environment, in: directory)
  }

  private static func runExecutable(
    _ executable: String, _ arguments: [String], input: Data?, environment: [String: String],
    in directory: TemporaryDirectory, timeout: Double = QuizProcess.deadline
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory.url
    var env = ["HOME": directory.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    env.merge(environment) { $1 }
    process.environment = env
    let out = directory.url.appendingPathComponent("stdout-\(UUID().uuidString)")
    let err = directory.url.appendingPathComponent("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let outHandle = try FileHandle(forWritingTo: out)
    let errHandle = try FileHandle(forWritingTo: err)
    process.standardOutput = outHandle
    process.standardError = errHandle
    if let input {
      let inputFile = directory.url.appendingPathComponent("stdin-\(UUID().uuidString)")
      try input.write(to: inputFile)
      process.standardInput = try FileHandle(forReadingFrom: inputFile)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    // A deadline for every run: a hung child (a shell waiting for input, a locked database)
    // fails its test instead of stalling the whole suite.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let timedOut = exited.wait(timeout: .now() + timeout) == .timedOut
    if timedOut {
      process.terminate()
      if exited.wait(timeout: .now() + 5) == .timedOut { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    let stdout = try Data(contentsOf: out)
    let stderr = try Data(contentsOf: err)
    try? FileManager.default.removeItem(at: out)
    try? FileManager.default.removeItem(at: err)
    let note = timedOut ? "\n[killed: still running after \(Int(timeout)) s]\n" : ""
    if timedOut {
      Issue.record("\(([executable] + arguments).joined(separator: " ")) did not finish within \(Int(timeout)) s")
    }
    return Run(
      status: timedOut ? -1 : process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self) + note, stdoutBytes: stdout)
  }
}

extension QuizProcess {
  /// A tool a test needs that is not installed: thrown so that the test fails saying so.
  struct MissingTool: Error, CustomStringConvertible {
    let description: String
  }

  /// Fails the calling test, naming the package to install, unless `/usr/bin/<name>` exists.
  static func requireTool(_ name: String) throws {
    guard !FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)") else { return }
    throw MissingTool(description: "this test needs \(name) (apt-get install \(name)); .ci/run installs it")
  }

  /// Why a schema check could not run: thrown so that the test fails saying what is missing.
  struct SchemaCheckUnavailable: Error, CustomStringConvertible {
    let description: String
  }

  /// Whether the document at `path` validates against the repository's
  /// docs/quiz-bank.schema.json, with Python's jsonschema. python3 is looked up on the test's
  /// own PATH; throws `SchemaCheckUnavailable`, failing the test, when python3 or its
  /// jsonschema package is missing.
  static func validatesAgainstSchema(_ path: String, in workspace: Workspace) throws -> Bool {
    let schema = packageRoot.appendingPathComponent("docs/quiz-bank.schema.json").path
    guard FileManager.default.fileExists(atPath: schema) else {
      throw SchemaCheckUnavailable(description: "the schema \(schema) is missing")
    }
    let script = try workspace.write(
      "validate.py",
      """
      import json, sys
      try:
          import jsonschema
      except ImportError:
          print("no jsonschema"); print(sys.executable); sys.exit(3)
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.load(open(sys.argv[2])))
      print("valid")
      """)
    let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/bin"
    let command =
      "command -v python3 >/dev/null || { echo 'no python3'; exit 4; }; python3 '\(script)' '\(schema)' '\(path)'"
    let run = try runExecutable(
      "/bin/sh", ["-c", command], input: nil, environment: ["PATH": searchPath], in: workspace.directory)
    if run.stdout == "no python3\n" {
      throw SchemaCheckUnavailable(
        description: "python3 is not installed (not found on \(searchPath)); it is needed to check \(path) "
          + "against \(schema)")
    }
    if run.stdout.hasPrefix("no jsonschema\n") {
      let python = run.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? "python3"
      throw SchemaCheckUnavailable(
        description: "Python's jsonschema package is not installed for \(python) (pip install jsonschema, or "
          + "apt-get install python3-jsonschema); it is needed to check \(path) against \(schema)")
    }
    return run.status == 0 && run.stdout == "valid\n"
  }
}

/// A temporary directory with a database path, for one test.
struct Workspace {
  let directory: TemporaryDirectory
  var database: String { directory.path("quiz.sqlite") }

  init() throws { directory = try TemporaryDirectory() }

  /// `quiz --db <database> arguments…`
  @discardableResult
  func quiz(_ arguments: String..., input: Data? = nil, environment: [String: String] = [:]) throws -> Run {
    try QuizProcess.run(["--db", database] + arguments, input: input, environment: environment, in: directory)
  }

  func quiz(arguments: [String], input: Data? = nil) throws -> Run {
    try QuizProcess.run(["--db", database] + arguments, input: input, in: directory)
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = directory.path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func write(_ name: String, bytes: [UInt8]) throws -> String {
    let path = directory.path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The database file's bytes, to prove a failed command left it as it was.
  func databaseBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: database)) }

  var seeds: String { QuizProcess.packageRoot.appendingPathComponent("seeds").path }
}

extension Workspace {
  /// A workspace whose database holds the sample quizzes and attempts of seeds/.
  static func seeded() throws -> Workspace {
    let workspace = try Workspace()
    let run = try workspace.quiz("import", workspace.seeds)
    #expect(run.status == 0, "\(run.stderr)")
    return workspace
  }
}
