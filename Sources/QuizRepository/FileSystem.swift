#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// What is at a path, asked of the system directly (no Foundation needed).
public enum FileSystem {
  public enum Kind: Equatable, Sendable {
    case missing, directory, file, other
  }

  /// Whether this process may write to `path` (a file, or a folder to create files in).
  public static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

  /// Size and modification time (seconds, nanoseconds) of the file at `path`; zeros when
  /// there is none.
  public static func stamp(of path: String) -> [Int64] {
    var status = stat()
    guard stat(path, &status) == 0 else { return [0, 0, 0] }
    return [Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec)]
  }

  public static func kind(atPath path: String) -> Kind {
    var status = stat()
    guard stat(path, &status) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .file
    default: return .other
    }
  }
}

// MARK: - Identity and names

extension FileSystem {
  /// Which file a path names (device and inode) and its type.
  public struct Status: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var type: UInt32

    public var isRegularFile: Bool { type == UInt32(S_IFREG) }
    public var isSymbolicLink: Bool { type == UInt32(S_IFLNK) }

    public static func == (a: Status, b: Status) -> Bool { a.device == b.device && a.inode == b.inode }

    /// The type in words, with its article: "a FIFO (named pipe)".
    public var kindName: String {
      switch type {
      case UInt32(S_IFDIR): return "a folder"
      case UInt32(S_IFCHR): return "a character device"
      case UInt32(S_IFBLK): return "a block device"
      case UInt32(S_IFIFO): return "a FIFO (named pipe)"
      case UInt32(S_IFSOCK): return "a socket"
      case UInt32(S_IFLNK): return "a symbolic link"
      default: return "a regular file"
      }
    }
  }

  /// What `path` names: the file it leads to when `followingLinks`, else a symbolic link
  /// itself. Nil when there is nothing (or a link to nothing, when following).
  public static func status(of path: String, followingLinks: Bool) -> Status? {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
    return Status(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), type: UInt32(status.st_mode) & UInt32(S_IFMT))
  }

  /// The destination a symbolic link holds, as written in the link.
  public static func linkDestination(of path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The folder part of `path` ("." for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` with its folder made absolute and free of links, the last name kept: where the
  /// name lives, whether or not a file has it yet. Nil when the folder does not resolve.
  static func canonicalName(_ path: String) -> String? {
    guard let resolved = realpath(folder(of: path), nil) else { return nil }
    defer { free(resolved) }
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    let base = String(cString: resolved)
    return (base == "/" ? "" : base) + "/" + name
  }

  /// Every place `path` leads to: its canonical name, then, while it is a symbolic link, the
  /// canonical name of each link's destination (existing or not); at most 40 links.
  public static func locations(of path: String) -> [String] {
    var result: [String] = []
    var current = path
    for _ in 0..<40 {
      guard let name = canonicalName(current), !result.contains(name) else { break }
      result.append(name)
      guard status(of: current, followingLinks: false)?.isSymbolicLink == true,
        let destination = linkDestination(of: current)
      else { break }
      current = destination.hasPrefix("/") ? destination : folder(of: name) + "/" + destination
    }
    return result
  }
}

// MARK: - Creating files

extension FileSystem {
  /// Creates an empty file at `path`, readable by its owner only, where nothing is yet (not
  /// following a link). Nil when it was made, else why not, in words (`reason`).
  public static func createPrivateFile(at path: String) -> String? {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return reason(errno, creating: path) }
    close(descriptor)
    return nil
  }

  /// Why a file could not be made at `path`, from `code` (an errno), naming the folder at
  /// fault where there is one.
  public static func reason(_ code: Int32, creating path: String) -> String {
    switch code {
    case ENOENT: return "the folder \(folder(of: path)) does not exist"
    case ENOTDIR:
      // The deepest part of the path that exists is a file, not a folder.
      var part = folder(of: path)
      while kind(atPath: part) == .missing, part != ".", part != "/" { part = folder(of: part) }
      return "\(part) is not a folder"
    case EACCES, EPERM: return "permission denied"
    case EROFS: return "the file system is read-only"
    case ENOSPC, EDQUOT: return "the disk is full"
    case EEXIST: return "something else created it meanwhile"
    case EISDIR: return "it is a folder"
    default: return String(cString: strerror(code)).lowercased()
    }
  }
}
