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
    in directory: TemporaryDirectory
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
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    let stdout = try Data(contentsOf: out)
    let stderr = try Data(contentsOf: err)
    try? FileManager.default.removeItem(at: out)
    try? FileManager.default.removeItem(at: err)
    return Run(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self), stdoutBytes: stdout)
  }
}

extension QuizProcess {
  /// Whether the document at `path` validates against shared/spec/quiz.schema.json, with
  /// Python's jsonschema; nil when the schema or jsonschema is not there to ask.
  static func validatesAgainstSchema(_ path: String, in workspace: Workspace) throws -> Bool? {
    let schema = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/spec/quiz.schema.json").path
    guard FileManager.default.fileExists(atPath: schema) else { return nil }
    let script = try workspace.write(
      "validate.py",
      """
      import json, sys
      try:
          import jsonschema
      except ImportError:
          print("no jsonschema"); sys.exit(0)
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.load(open(sys.argv[2])))
      print("valid")
      """)
    let run = try shell("python3 '\(script)' '\(schema)' '\(path)'", in: workspace.directory)
    if run.stdout == "no jsonschema\n" { return nil }
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
