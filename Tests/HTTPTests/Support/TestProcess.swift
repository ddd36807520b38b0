import Foundation

/// Runs a program with a deadline; the result's output is stdout, `status` nil if it was killed.
struct TestProcess {
  let status: Int32?
  let output: String
  let errors: String

  static func run(_ arguments: [String], timeout: Double = 10, in directory: URL? = nil) throws -> TestProcess {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    let killed = process.isRunning
    if killed { process.terminate() }
    process.waitUntilExit()
    return TestProcess(
      status: killed ? nil : process.terminationStatus,
      output: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      errors: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
  }

  static func exists(_ command: String) -> Bool {
    (try? run(["sh", "-c", "command -v \(command)"], timeout: 5))?.status == 0
  }
}
