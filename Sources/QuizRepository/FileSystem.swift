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
