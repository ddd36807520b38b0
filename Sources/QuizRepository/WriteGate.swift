import Synchronization

/// Makes this process's served-attempt writes to one database file take turns before they
/// begin their transaction. SQLite makes a writer that finds the file locked sleep and try
/// again (1, 2, 5, … up to 100 ms at a time), so threads of one server with a connection each,
/// writing at once, wait far longer than the writes take: with 8 threads the slowest sign-ins
/// and submissions took 180–730 ms instead of 15 ms (`quiz-bench served`). Writers in other
/// processes still meet in SQLite's lock, as before.
final class WriteGate: Sendable {
  private let turn = Mutex(())
  private static let gates = Mutex<[String: WriteGate]>([:])

  /// The gate of the database at `path` (as the repository was opened with it).
  static func of(_ path: String) -> WriteGate {
    gates.withLock { gates in
      if let gate = gates[path] { return gate }
      let gate = WriteGate()
      gates[path] = gate
      return gate
    }
  }

  func run<T: Sendable>(_ body: () throws -> T) throws -> T {
    try turn.withLock { _ in try body() }
  }
}

extension QuizRepository {
  /// `write`, after this process's other served-attempt writes to the file. Inside a caller's
  /// transaction it joins it without waiting: the caller holds SQLite's lock already, and a
  /// gate holder waiting for that lock would wait for it in turn.
  func servedWrite<T: Sendable>(_ body: (QuizRepository) throws -> T) throws -> T {
    guard !database.isInTransaction else { return try write(body) }
    return try WriteGate.of(path).run { try write(body) }
  }
}
