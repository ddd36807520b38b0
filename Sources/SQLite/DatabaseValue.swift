import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// One SQLite value, as stored: the five storage classes.
public enum DatabaseValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
}

/// A Swift value that can be bound to a statement parameter.
public protocol DatabaseValueConvertible {
  var databaseValue: DatabaseValue { get }
}

// MARK: - Conformances

extension DatabaseValue: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self }
}

extension Int: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self) }
}

extension Double: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .real(self) }
}

extension Bool: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

extension String: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(self) }
}

extension Data: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .blob(self) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
