import CMicroHTTPD

// MARK: - Handing a response to libmicrohttpd

extension HTTPResponse {
  /// Whether the response can go out as it is: not deferred, a status from 100 to 599, no
  /// header that could split it (a control character). The server answers 500 otherwise, and
  /// so does `resolved` in process.
  var isQueueable: Bool {
    deferredStart == nil && (100...599).contains(status.rawValue) && headers.allSatisfy(isSafe)
  }

  /// Queues the response on the connection. A status outside 100...599 or a header that
  /// could split the response (a control character) becomes a 500 instead.
  func queue(on connection: OpaquePointer, core: HTTPServerCore) -> MHD_Result {
    guard isQueueable else {
      return HTTPResponse.invalid.queue(on: connection, core: core)
    }
    let made: OpaquePointer?
    switch body {
    case .bytes(let bytes):
      made = bytes.withUnsafeBytes {
        MHD_create_response_from_buffer(
          $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
      }
    case .stream(let stream):
      made = stream.makeResponse(connection: connection)
      // A stream opened while the server stops ends after what it was given.
      if made != nil, !core.register(stream) { stream.close() }
    }
    guard let response = made else { return .NO }
    defer { MHD_destroy_response(response) }
    for header in headers where !isContentLength(header.name) {
      _ = MHD_add_response_header(response, header.name, header.value)
    }
    if core.isStopping { _ = MHD_add_response_header(response, "Connection", "close") }
    return MHD_queue_response(connection, UInt32(status.rawValue), response)
  }
}

/// A header name is a token; neither name nor value may hold a control character (CR or LF
/// would let the value start a header of its own). Checked byte by byte: it runs for every
/// header of every response.
private func isSafe(_ header: (name: String, value: String)) -> Bool {
  !header.name.isEmpty && header.name.utf8.allSatisfy(isTokenByte)
    && header.value.utf8.allSatisfy { $0 == 9 || ($0 >= 32 && $0 != 127) }
}

/// A visible ASCII character that is not a separator (RFC 9110, 5.6.2).
private func isTokenByte(_ byte: UInt8) -> Bool {
  guard byte > 32, byte < 127 else { return false }
  switch byte {
  case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "@"),
    UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\\"), UInt8(ascii: "\""),
    UInt8(ascii: "/"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "="),
    UInt8(ascii: "{"), UInt8(ascii: "}"):
    return false
  default:
    return true
  }
}

/// Whether a header name is Content-Length, in any case, without making a lower-cased copy.
private func isContentLength(_ name: String) -> Bool {
  let target = "content-length".utf8
  return name.utf8.count == target.count && zip(name.utf8, target).allSatisfy { $0 | 0x20 == $1 }
}
