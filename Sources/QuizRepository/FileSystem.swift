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
