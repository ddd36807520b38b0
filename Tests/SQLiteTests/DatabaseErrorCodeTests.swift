import Testing

@testable import SQLite

/// The extended result codes quiz names are the ones sqlite3.h gives, and write-failure
/// detection is made of them, not of numbers spelled where they are used.
@Suite struct DatabaseErrorCodeTests {
  @Test func namedIOCodesAreSQLitesNumbers() {
    #expect(DatabaseError.ioErrorRead == 266)
    #expect(DatabaseError.ioErrorWrite == 778)
    #expect(DatabaseError.ioErrorFsync == 1034)
    #expect(DatabaseError.ioErrorTruncate == 1546)
    #expect(DatabaseError.ioErrorShmSize == 4874)
    #expect(DatabaseError.ioErrorShmMap == 5386)
  }

  @Test(arguments: [
    DatabaseError.ioErrorWrite, DatabaseError.ioErrorFsync, DatabaseError.ioErrorTruncate,
    DatabaseError.ioErrorShmSize, DatabaseError.ioErrorShmMap,
  ])
  func writeFailuresAreTheNamedCodes(code: Int32) {
    #expect(DatabaseError(extendedResultCode: code, message: "disk I/O error").isWriteFailure)
  }

  @Test(arguments: [DatabaseError.ioErrorRead, DatabaseError.ioError, DatabaseError.full, DatabaseError.busy])
  func otherCodesAreNotWriteFailures(code: Int32) {
    #expect(!DatabaseError(extendedResultCode: code, message: "error").isWriteFailure)
  }
}
