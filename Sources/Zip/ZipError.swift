import CLibZip

/// Why a zip archive could not be made: what was being done, then libzip's own message.
public struct ZipError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String

  public init(message: String) {
    self.message = message
  }

  public var description: String { message }
}

// MARK: - libzip's messages

// libzip keeps its last error in three places: a `zip_error_t` the caller owns (opening), the
// archive (adding, closing) and a source (reading back). Messages are lower-cased, as quiz
// prints `strerror`'s.
extension ZipError {
  init(_ error: inout zip_error_t, doing action: String) {
    self.init(message: action + ": " + String(cString: zip_error_strerror(&error)).lowercased())
  }

  init(archive: OpaquePointer, doing action: String) {
    self.init(message: action + ": " + String(cString: zip_strerror(archive)).lowercased())
  }

  init(source: OpaquePointer, doing action: String) {
    self.init(message: action + ": " + String(cString: zip_error_strerror(zip_source_error(source))).lowercased())
  }
}
