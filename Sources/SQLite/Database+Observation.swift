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
  /// The tables written in the open transaction: one level for the transaction itself, then one
  /// per open savepoint, innermost last.
  var levels: [Level] = [Level(savepoint: nil)] {
    // Any change but a level's growth: a statement's tables merged into the innermost level
    // before it may be missing from it now.
    didSet { generation &+= 1 }
  }
  /// Counts the changes of `levels` (see `Statement.mergedGeneration`).
  var generation = 0
  /// While non-nil, the tables read by the statements that run.
  var readTables: Set<String>?
  var observers: [Weak] = []
  /// Set by SQLite's commit and rollback hooks during a step; read when the step returns.
  var commitHookFired = false
  var rollbackHookFired = false

  struct Level {
    var savepoint: String?
    var written: Set<String> = []
  }

  struct Weak {
    weak var observer: (any TransactionObserver)?
  }

  /// Whether the tables statements touch are kept: only for observers, or `trackingReads`. A
  /// connection nobody observes (a server's committer, a command) spends nothing on it; an
  /// observer added inside a transaction hears of the tables written after it was added.
  var isTracking: Bool { !observers.isEmpty || readTables != nil }
}

// MARK: - Observers

extension Database {
  public func add(transactionObserver observer: any TransactionObserver) {
    observation.observers.removeAll { $0.observer == nil || $0.observer === observer }
    observation.observers.append(.init(observer: observer))
    // Statements merged nothing while nobody observed: they merge again.
    observation.generation &+= 1
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
  /// A statement starts running: what it will write counts for the innermost level.
  func willExecute(_ access: TableAccessSet) {
    guard observation.isTracking else { return }
    if observation.readTables != nil { observation.readTables?.formUnion(access.read) }
    guard !access.written.isEmpty else { return }
    merge(written: access.written)
  }

  /// A prepared statement starts running. A statement run once per row of a bulk write would
  /// otherwise hash its table names into the level on every row: its tables are merged only
  /// when the levels changed since it last merged them, since until then they are still there.
  func willExecute(_ statement: Statement) {
    guard observation.isTracking else { return }
    if observation.readTables != nil { observation.readTables?.formUnion(statement.access.read) }
    guard !statement.access.written.isEmpty, statement.mergedGeneration != observation.generation else { return }
    merge(written: statement.access.written)
    statement.mergedGeneration = observation.generation
  }

  /// Adds `written` to the innermost level, without counting it as a change of the levels
  /// (`generation`): a level that grows keeps what was merged into it.
  private func merge(written: Set<String>) {
    let generation = observation.generation
    observation.levels[observation.levels.count - 1].written.formUnion(written)
    observation.generation = generation
  }

  /// A statement's step returned (a row, done or an error) or it was reset. SQLite's hooks
  /// said during the step whether a transaction ended; the connection is usable again, so the
  /// observers can be told.
  func statementDidStep(_ access: TableAccessSet) {
    // The common case, checked first: a statement inside a transaction that neither ended it
    // nor moved a savepoint leaves everything as it is.
    if !observation.commitHookFired && !observation.rollbackHookFired && access.savepoint == nil && isInTransaction {
      return
    }
    let committed = observation.commitHookFired && !isInTransaction
    let rolledBack = observation.rollbackHookFired
    observation.commitHookFired = false
    observation.rollbackHookFired = false
    if committed {
      guard !observation.observers.isEmpty else {
        observation.levels = [ObservationState.Level(savepoint: nil)]
        return
      }
      let changed = observation.levels.reduce(into: Set<String>()) { $0.formUnion($1.written) }
      observation.levels = [ObservationState.Level(savepoint: nil)]
      guard !changed.isEmpty else { return }
      for observer in transactionObservers { observer.databaseDidCommit(self, changedTables: changed) }
    } else if rolledBack {
      observation.levels = [ObservationState.Level(savepoint: nil)]
      for observer in transactionObservers { observer.databaseDidRollback(self) }
    } else if !isInTransaction {
      // An autocommit statement that wrote nothing, or failed before writing.
      observation.levels = [ObservationState.Level(savepoint: nil)]
    } else if let savepoint = access.savepoint, observation.isTracking {
      apply(savepoint)
    }
  }

  /// Keeps the levels in step with SQLite's savepoint stack.
  private func apply(_ operation: SavepointOperation) {
    switch operation {
    case .begin(let name):
      observation.levels.append(.init(savepoint: name))
    case .release(let name):
      // Releasing a savepoint releases those opened after it too; what they wrote now counts
      // for the level below.
      guard let index = observation.levels.lastIndex(where: { $0.savepoint == name }), index > 0 else { return }
      let released = observation.levels[index...].reduce(into: Set<String>()) { $0.formUnion($1.written) }
      observation.levels.removeSubrange(index...)
      observation.levels[index - 1].written.formUnion(released)
    case .rollback(let name):
      // The savepoint stays open, emptied; those opened after it are gone.
      guard let index = observation.levels.lastIndex(where: { $0.savepoint == name }) else { return }
      observation.levels.removeSubrange((index + 1)...)
      observation.levels[index].written = []
    }
  }
}
