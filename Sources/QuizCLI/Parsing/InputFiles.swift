import QuizRepository

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Reads the inputs named on a command line: files, `-` for standard input, and folders (their
/// `*.json` files, in name order).
enum InputFiles {
  struct Input {
    var name: String
    var bytes: InputBytes
  }

  static func read(_ paths: [String], folderExtension: String = "json") throws -> [Input] {
    var inputs: [Input] = []
    for path in paths {
      if path == "-" {
        let bytes = try readAll(descriptor: STDIN_FILENO, name: "standard input")
        inputs.append(Input(name: "-", bytes: InputBytes(copying: bytes)))
        continue
      }
      let kind = FileSystem.kind(atPath: path)
      guard kind != .missing else {
        throw CLIError.noInput("cannot open \(path): no such file or directory")
      }
      if kind == .directory {
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
          inputs.append(Input(name: full, bytes: try InputBytes(mapping: full)))
        }
      } else {
        inputs.append(Input(name: path, bytes: try InputBytes(mapping: path)))
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
      let count = chunk.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress, $0.count) }
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

/// The bytes of one input: a file mapped into memory (pages already read can be handed back,
/// so that a large import does not keep the whole file resident), or a copy of what a pipe
/// gave. Read-only once made, and so safe to read from another thread.
final class InputBytes: @unchecked Sendable {
  let buffer: UnsafeBufferPointer<UInt8>
  private let mapped: Bool

  init(copying bytes: [UInt8]) {
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = storage.initialize(from: bytes)
    buffer = UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count)
    mapped = false
  }

  init(mapping path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CLIError.noInput("cannot open \(path): \(String(cString: strerror(errno)).lowercased())")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      // Not a regular file (a FIFO, a device): read it instead.
      let bytes = try InputFiles.readAll(descriptor: descriptor, name: path)
      let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
      _ = storage.initialize(from: bytes)
      buffer = UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count)
      mapped = false
      return
    }
    let size = Int(status.st_size)
    guard size > 0 else {
      buffer = UnsafeBufferPointer(start: nil, count: 0)
      mapped = false
      return
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      throw CLIError.noInput("cannot read \(path): \(String(cString: strerror(errno)).lowercased())")
    }
    madvise(address, size, MADV_SEQUENTIAL)
    buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
    mapped = true
  }

  /// Hands back the pages before `offset`: they were read and will not be needed again (if
  /// they are, for an error message, they are read from the file again).
  func release(before offset: Int) {
    guard mapped, let base = buffer.baseAddress else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let length = (min(offset, buffer.count) / page) * page
    if length > 0 { madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED) }
  }

  var count: Int { buffer.count }

  deinit {
    guard let base = buffer.baseAddress else { return }
    if mapped {
      munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
    } else {
      base.deallocate()
    }
  }
}

/// Writes an output file whole or not at all: into a temporary file beside the target, renamed
/// over it by `commit()`; dropped without a commit, the temporary file is removed.
final class OutputFile {
  let path: String
  private let temporary: String
  private var descriptor: Int32
  private var committed = false

  init(path: String) throws {
    self.path = path
    temporary = path + ".tmp-\(getpid())"
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CLIError.failure("cannot write \(path): \(String(cString: strerror(errno)).lowercased())")
    }
  }

  func write(_ bytes: [UInt8]) throws {
    guard Console.write(bytes, to: descriptor) else {
      throw CLIError.failure("cannot write \(path): \(String(cString: strerror(errno)).lowercased())")
    }
  }

  func commit() throws {
    let closed = close(descriptor) == 0
    descriptor = -1
    guard closed, rename(temporary, path) == 0 else {
      throw CLIError.failure("cannot write \(path): \(String(cString: strerror(errno)).lowercased())")
    }
    committed = true
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if !committed { unlink(temporary) }
  }
}
