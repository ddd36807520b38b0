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
/// files with one of `folderExtensions`, in name order).
enum InputFiles {
  struct Input {
    var name: String
    var bytes: InputBytes
    /// The folder named on the command line that this file was found in; nil for a file
    /// named itself.
    var folder: String? = nil
  }

  static func read(_ paths: [String], folderExtensions: [String] = ["json"]) throws -> [Input] {
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
        let files = names.filter { name in folderExtensions.contains { name.lowercased().hasSuffix(".\($0)") } }
          .sorted()
        guard !files.isEmpty else {
          throw CLIError.noInput(
            "no \(folderExtensions.map { "." + $0 }.joined(separator: ", ")) files in folder \(path)")
        }
        for file in files {
          let full = (path.hasSuffix("/") ? path : path + "/") + file
          inputs.append(Input(name: full, bytes: try InputBytes(mapping: full), folder: path))
        }
      } else {
        inputs.append(Input(name: path, bytes: try InputBytes(mapping: path)))
      }
    }
    return inputs
  }

  static func readFile(_ path: String, limit: Int? = nil) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CLIError.noInput("cannot open \(path): \(String(cString: strerror(errno)).lowercased())")
    }
    defer { close(descriptor) }
    return try readAll(descriptor: descriptor, name: path, limit: limit)
  }

  private static func tooLarge(_ name: String, limit: Int) -> CLIError {
    CLIError.data("\(name) is larger than \(limit / 1024) KiB, more than such a file holds")
  }

  /// Everything readable from `descriptor` until end of file; past `limit` bytes, a data error
  /// (a device that never ends, a file that is not what the option takes).
  static func readAll(descriptor: Int32, name: String, limit: Int? = nil) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_size > 0 {
      let size = Int(status.st_size)
      if let limit, size > limit { throw tooLarge(name, limit: limit) }
      // Room for what the file says it holds, up to 256 MiB: a sparse or huge file is read (or
      // refused) as it comes, not allocated at once (a terabyte would abort the process).
      bytes.reserveCapacity(min(size, 256 << 20) + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw CLIError.noInput("cannot read \(name): \(String(cString: strerror(errno)).lowercased())")
      }
      bytes.append(contentsOf: chunk[0..<count])
      if let limit, bytes.count > limit { throw tooLarge(name, limit: limit) }
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

  /// The bytes as they lie (mapped or read), without a copy, for the length of `body`.
  func withBuffer<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { body(buffer) }

  /// The first bytes (64 KiB at most): enough to tell a format by its content.
  var prefix: [UInt8] { Array(buffer.prefix(1 << 16)) }

  deinit {
    guard let base = buffer.baseAddress else { return }
    if mapped {
      munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
    } else {
      base.deallocate()
    }
  }
}

/// Where `-o FILE` writes. A regular file (new, or replaced) is written whole or not at all:
/// into a temporary file beside it, renamed over it by `commit()` with the old file's mode (and
/// owner, when we are root); dropped without a commit, the temporary file is removed. A
/// symbolic link is followed, so the link stays and its target changes. Anything else — a FIFO,
/// a device, `/dev/stdout` — is written straight into.
final class OutputFile {
  let path: String
  /// The file renamed into place on commit; nil when writing straight into `path`.
  private let target: String?
  private let temporary: String?
  private var descriptor: Int32
  private var committed = false
  /// Mode and owner for the file put in place.
  private let mode: mode_t
  private let owner: (uid_t, gid_t)?

  /// `personal`: the content names people (takers, answers): a new file is readable by its
  /// owner only, whatever the umask.
  init(path: String, personal: Bool) throws {
    self.path = path
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      if status.st_mode & S_IFMT == S_IFDIR { throw OutputFile.error(path, "it is a directory") }
      descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw OutputFile.error(path, errno) }
      target = nil
      temporary = nil
      mode = 0
      owner = nil
      return
    }
    let exists = stat(path, &status) == 0
    let resolved = OutputFile.followingLinks(path)
    let mask = umask(0)
    umask(mask)
    mode = exists ? status.st_mode & 0o7777 : (personal ? 0o600 : 0o666 & ~mask)
    owner = exists && geteuid() == 0 ? (status.st_uid, status.st_gid) : nil
    target = resolved
    let folder = resolved.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let name = resolved.split(separator: "/").last.map(String.init) ?? "output"
    var made: (String, Int32)?
    for attempt in 0..<100 {
      let candidate =
        (folder.isEmpty && !resolved.hasPrefix("/") ? "" : folder + "/") + ".\(name).\(getpid())-\(attempt).tmp"
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 {
        made = (candidate, descriptor)
        break
      }
      if errno != EEXIST { throw OutputFile.error(path, errno) }
    }
    guard let made else { throw OutputFile.error(path, EEXIST) }
    temporary = made.0
    descriptor = made.1
  }

  func write(_ bytes: [UInt8]) throws {
    guard Console.write(bytes, to: descriptor) else { throw OutputFile.error(path, errno) }
  }

  func commit() throws {
    defer { descriptor = -1 }
    guard let target, let temporary else {
      guard close(descriptor) == 0 else { throw OutputFile.error(path, errno) }
      committed = true
      return
    }
    if let owner, fchown(descriptor, owner.0, owner.1) != 0 { throw OutputFile.error(path, errno) }
    guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 || errno == EINVAL, close(descriptor) == 0 else {
      throw OutputFile.error(path, errno)
    }
    guard rename(temporary, target) == 0 else { throw OutputFile.error(path, errno) }
    committed = true
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if !committed, let temporary { unlink(temporary) }
  }

  /// `path` with symbolic links followed to the file they name (which may not exist yet).
  static func followingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        let folder = current.split(separator: "/", omittingEmptySubsequences: false).dropLast()
          .joined(separator: "/")
        current = folder.isEmpty && !current.hasPrefix("/") ? link : folder + "/" + link
      }
    }
    return current
  }

  static func error(_ path: String, _ code: Int32) -> CLIError {
    error(path, String(cString: strerror(code)).lowercased())
  }

  static func error(_ path: String, _ reason: String) -> CLIError {
    CLIError.failure("cannot write \(path): \(reason)")
  }
}
