import Foundation

/// Reads the inputs named on a command line: files, `-` for standard input, and folders (their
/// `*.json` files, in name order).
enum InputFiles {
  struct Input {
    var name: String
    var bytes: [UInt8]
  }

  static func read(_ paths: [String], folderExtension: String = "json") throws -> [Input] {
    var inputs: [Input] = []
    for path in paths {
      if path == "-" {
        inputs.append(Input(name: "-", bytes: try readAll(descriptor: STDIN_FILENO, name: "standard input")))
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CLIError.noInput("cannot open \(path): no such file or directory")
      }
      if isDirectory.boolValue {
        let names: [String]
        do {
          names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
          throw CLIError.noInput("cannot read folder \(path): permission denied")
        }
        let files = names.filter { $0.hasSuffix(".\(folderExtension)") }.sorted()
        guard !files.isEmpty else { throw CLIError.noInput("no .\(folderExtension) files in folder \(path)") }
        for file in files {
          let full = (path.hasSuffix("/") ? path : path + "/") + file
          inputs.append(Input(name: full, bytes: try readFile(full)))
        }
      } else {
        inputs.append(Input(name: path, bytes: try readFile(path)))
      }
    }
    return inputs
  }

  static func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CLIError.noInput("cannot open \(path): \(String(cString: strerror(errno)).lowercased())")
    }
    defer { close(descriptor) }
    return try readAll(descriptor: descriptor, name: path)
  }

  /// Everything readable from `descriptor` until end of file.
  static func readAll(descriptor: Int32, name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size) + 1) }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw CLIError.noInput("cannot read \(name): \(String(cString: strerror(errno)).lowercased())")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }
}

/// Writes output files whole or not at all: to a temporary file beside the target, renamed
/// over it when complete.
enum OutputFile {
  static func write(_ bytes: [UInt8], to path: String) throws {
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CLIError.failure("cannot write \(path): \(String(cString: strerror(errno)).lowercased())")
    }
    var failed = false
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failed = true
          return
        }
        offset += written
      }
    }
    let reason = String(cString: strerror(errno)).lowercased()
    close(descriptor)
    guard !failed, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw CLIError.failure("cannot write \(path): \(reason)")
    }
  }
}
