/// The tables a statement reads and writes.
public struct TableAccessSet: Equatable, Sendable {
  public var read: Set<String> = []
  public var written: Set<String> = []

  public init(read: Set<String> = [], written: Set<String> = []) {
    self.read = read
    self.written = written
  }
}

/// Told about every transaction of a connection that commits or rolls back: the basis of
/// observations. Called on the connection's thread, after the commit, when the connection can
/// be read again.
public protocol TransactionObserver: AnyObject {
  /// A transaction committed, having changed `changedTables` (changes in savepoints that were
  /// rolled back are not counted).
  func databaseDidCommit(_ database: Database, changedTables: Set<String>)
  /// A transaction rolled back: nothing it did remains.
  func databaseDidRollback(_ database: Database)
}

/// What the connection tracks for its observers.
struct ObservationState {
  /// Tables changed in the open transaction; one set per savepoint level, the transaction's first.
  var changedTables: [Set<String>] = []
  /// While non-nil, the tables read by the statements that run.
  var readTables: Set<String>?
  var observers: [Weak] = []

  struct Weak {
    weak var observer: (any TransactionObserver)?
  }
}

// MARK: - Observers

extension Database {
  public func add(transactionObserver observer: any TransactionObserver) {
    observation.observers.removeAll { $0.observer == nil || $0.observer === observer }
    observation.observers.append(.init(observer: observer))
  }

  public func remove(transactionObserver observer: any TransactionObserver) {
    observation.observers.removeAll { $0.observer == nil || $0.observer === observer }
  }

  /// The observers still alive.
  public var transactionObservers: [any TransactionObserver] { observation.observers.compactMap(\.observer) }

  /// Runs `body` and returns with its result the tables that the statements it ran read.
  public func trackingReads<T>(_ body: () throws -> T) rethrows -> (T, Set<String>) {
    let outer = observation.readTables
    observation.readTables = []
    defer {
      let inner = observation.readTables ?? []
      observation.readTables = outer.map { $0.union(inner) }
    }
    let result = try body()
    return (result, observation.readTables ?? [])
  }
}

// MARK: - Tracking statements

extension Database {
  /// A statement starts running.
  func willExecute(_ access: TableAccessSet) {
    if observation.readTables != nil { observation.readTables?.formUnion(access.read) }
    guard !access.written.isEmpty, !observation.changedTables.isEmpty else { return }
    observation.changedTables[observation.changedTables.count - 1].formUnion(access.written)
  }

  /// A statement ran to completion. A write outside any transaction has committed by now.
  func didExecute(_ access: TableAccessSet) {
    guard !access.written.isEmpty, observation.changedTables.isEmpty, !isInTransaction else { return }
    notifyCommit(access.written)
  }

  func transactionDidBegin() { observation.changedTables = [[]] }

  func savepointDidBegin() {
    if observation.changedTables.isEmpty { observation.changedTables = [[]] }
    observation.changedTables.append([])
  }

  func savepointDidRelease() {
    guard observation.changedTables.count >= 2, let inner = observation.changedTables.popLast() else { return }
    observation.changedTables[observation.changedTables.count - 1].formUnion(inner)
  }

  func savepointDidRollBack() {
    if observation.changedTables.count >= 2 { observation.changedTables.removeLast() }
  }

  func transactionDidCommit() {
    let changed = observation.changedTables.first ?? []
    observation.changedTables = []
    notifyCommit(changed)
  }

  func transactionDidRollBack() {
    observation.changedTables = []
    for observer in transactionObservers { observer.databaseDidRollback(self) }
  }

  private func notifyCommit(_ changed: Set<String>) {
    guard !changed.isEmpty else { return }
    for observer in transactionObservers { observer.databaseDidCommit(self, changedTables: changed) }
  }

  /// Called by the authorizer while a statement is prepared.
  func record(_ access: TableAccess) {
    guard accessRecorder != nil else { return }
    switch access.kind {
    case .read: accessRecorder?.read.insert(access.table)
    case .insert, .update, .delete: accessRecorder?.written.insert(access.table)
    }
  }
}
