import Locking
import QuizRepository

/// Repository connections on one database file, shared by the request threads: a repository is
/// one connection used from one thread at a time, so each request borrows one for its work
/// and gives it back. Connections are opened when more are needed at once than are idle.
final class ConnectionPool: Sendable {
  let path: String
  let maxIdle: Int
  private let idle = Locked<[PooledConnection]>([])
  /// The connection the served-attempt writes of every request are committed on, together
  /// when they come at once (`QuizRepository.shareServedWrites`); borrowed by nobody.
  private let writer: PooledConnection

  init(path: String, maxIdle: Int) throws {
    self.path = path
    self.maxIdle = maxIdle
    // Opened once here, so that a missing or unreadable database fails the start, not a request.
    writer = try Self.open(path)
    writer.repository.shareServedWrites()
    giveBack(try Self.open(path))
  }

  /// Runs `body` with a connection no other thread holds meanwhile.
  func with<T>(_ body: (QuizRepository) throws -> T) throws -> T {
    let connection = try take()
    defer { giveBack(connection) }
    return try body(connection.repository)
  }

  /// Closes the idle connections (at stop).
  func drain() {
    idle.withLock { $0.removeAll() }
    writer.repository.stopSharingServedWrites()
  }

  private func take() throws -> PooledConnection {
    if let connection = idle.withLock({ $0.popLast() }) { return connection }
    return try Self.open(path)
  }

  private func giveBack(_ connection: PooledConnection) {
    idle.withLock { connections in
      if connections.count < maxIdle { connections.append(connection) }
    }
  }

  /// A connection of its own for a thread outside the pool (the checkpointer).
  static func openConnection(_ path: String) throws -> PooledConnection { try open(path) }

  private static func open(_ path: String) throws -> PooledConnection {
    let repository = try QuizRepository.open(at: path, access: .read)
    // An answer a taker waits on must not fail behind another process's long write.
    repository.waitForOtherWriters(upTo: 10)
    return PooledConnection(repository: repository)
  }
}

/// A repository in the pool. Unchecked: the pool hands each to one thread at a time, and a
/// repository held by a request is in no other thread's reach until given back under the lock.
final class PooledConnection: @unchecked Sendable {
  let repository: QuizRepository
  init(repository: QuizRepository) { self.repository = repository }
}
