#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The system calls under names of their own, so that methods called `write`, `read` or
/// `signal` can reach them.
enum POSIX {
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    systemWrite(descriptor, bytes, count)
  }

  static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    systemRead(descriptor, bytes, count)
  }

  static func setSignalHandler(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
    _ = systemSignal(number, handler)
  }

  static func restoreDefaultSignal(_ number: Int32) { _ = systemSignal(number, SIG_DFL) }

  /// The user's home folder: $HOME, else the password database's.
  static var homeDirectory: String {
    if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
    if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
    return "/"
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, bytes, count)
}

private func systemSignal(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) -> (
  @convention(c) (Int32) -> Void
)? {
  signal(number, handler)
}
