import CMicroHTTPD

// MARK: - Handing a response to libmicrohttpd

extension HTTPResponse {
  /// Queues the response on the connection. A status outside 100...599 or a header that
  /// could split the response (a control character) becomes a 500 instead.
  func queue(on connection: OpaquePointer, core: HTTPServerCore) -> MHD_Result {
    guard deferredStart == nil, (100...599).contains(status), headers.allSatisfy(isSafe) else {
      return HTTPResponse.text("invalid response from the handler", status: 500).queue(on: connection, core: core)
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
    for header in headers where header.name.lowercased() != "content-length" {
      _ = MHD_add_response_header(response, header.name, header.value)
    }
    if core.isStopping { _ = MHD_add_response_header(response, "Connection", "close") }
    return MHD_queue_response(connection, UInt32(status), response)
  }
}

/// A header name is a token; neither name nor value may hold a control character (CR or LF
/// would let the value start a header of its own).
private func isSafe(_ header: (name: String, value: String)) -> Bool {
  let separators = Set("()<>@,;:\\\"/[]?={} ".unicodeScalars)
  return !header.name.isEmpty
    && header.name.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && !separators.contains($0) }
    && header.value.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 32 && $0.value != 127) }
}
