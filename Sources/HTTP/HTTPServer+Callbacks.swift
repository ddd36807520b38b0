import CMicroHTTPD
import Glibc

// MARK: - libmicrohttpd's callbacks (C functions; the context is the unretained core)

extension HTTPServer {
  /// Called on the first callback of a request (head read), for each piece of the body, and
  /// once more when the body is complete; the last call answers.
  static let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let context, let connection, let requestContext, let uploadSize else { return .NO }
    let core = HTTPServerCore.from(context)
    guard let existing = requestContext.pointee else {
      let builder = HTTPRequestBuilder(
        connection: connection, method: method.map { String(cString: $0) } ?? "",
        path: url.map { String(cString: $0) } ?? "/", isTLS: core.configuration.isTLS)
      requestContext.pointee = Unmanaged.passRetained(builder).toOpaque()
      core.requestBegan()
      builder.progress?.enter(.receivingBody, now: MonotonicClock.now)
      if let length = builder.declaredLength, length > core.configuration.maxBodyBytes {
        return core.configuration.bodyTooLarge(builder.path).queue(on: connection, core: core)
      }
      return .YES
    }
    let builder = Unmanaged<HTTPRequestBuilder>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
      guard let uploadData else { return .NO }
      let keepReading = builder.append(uploadData, count: uploadSize.pointee, limit: core.configuration.maxBodyBytes)
      uploadSize.pointee = 0
      return keepReading ? .YES : .NO
    }
    if builder.isTooLarge { return core.configuration.bodyTooLarge(builder.path).queue(on: connection, core: core) }
    if let slot = builder.replySlot {
      // Called again after the resume: the deferred reply's response is there.
      guard let response = slot.take() else { return .YES }
      return response.queue(on: connection, core: core)
    }
    builder.progress?.enter(.answering, now: MonotonicClock.now)
    let response = core.handler(builder.request)
    guard let start = response.deferredStart else { return response.queue(on: connection, core: core) }
    // Stopping: nothing is started, and the client is told to send it again.
    guard let slot = core.suspendForReply(connection) else {
      return core.configuration.stoppedBeforeReplying.queue(on: connection, core: core)
    }
    builder.replySlot = slot
    start(HTTPReply(slot))
    return .YES
  }

  /// The request is over (answered, aborted or timed out): its builder is released, and the
  /// connection waits for the next.
  static let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
    guard let context, let requestContext, let existing = requestContext.pointee else { return }
    let builder = Unmanaged<HTTPRequestBuilder>.fromOpaque(existing)
    builder.takeUnretainedValue().progress?.enter(.awaitingRequest, now: MonotonicClock.now)
    builder.release()
    requestContext.pointee = nil
    HTTPServerCore.from(context).requestEnded()
  }

  /// A connection opened or closed: its progress is kept as its socket context, for the watcher
  /// (`requestDeadlineSeconds`). CLOSED comes before libmicrohttpd closes the socket.
  static let connectionNotified: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
    guard let context, let connection, let socketContext else { return }
    let core = HTTPServerCore.from(context)
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
      let progress = HTTPConnectionProgress(
        socket: quiz_mhd_connection_socket(connection), now: MonotonicClock.now)
      socketContext.pointee = Unmanaged.passRetained(progress).toOpaque()
      core.connectionOpened(progress)
    case .CONNECTION_NOTIFY_CLOSED:
      guard let kept = socketContext.pointee else { return }
      socketContext.pointee = nil
      let progress = Unmanaged<HTTPConnectionProgress>.fromOpaque(kept).takeRetainedValue()
      progress.closed()
      core.connectionClosed(progress)
    default:
      return
    }
  }

  /// Decodes `%XX` in the path and the query in place, as libmicrohttpd does, but leaves `%00`
  /// as it is written: both reach the handler as C strings, which a NUL would cut short
  /// (`/static/quiz.css%00.js` was served as `/static/quiz.css`). Returns the new length.
  static let unescaper: quiz_mhd_unescape_callback = { _, _, text in
    guard let text else { return 0 }
    var read = 0
    var written = 0
    while text[read] != 0 {
      if text[read] == 0x25, let high = hexValue(text[read + 1]), let low = hexValue(text[read + 2]),
        high | low != 0
      {
        text[written] = CChar(bitPattern: high << 4 | low)
        read += 3
      } else {
        text[written] = text[read]
        read += 1
      }
      written += 1
    }
    text[written] = 0
    return written
  }

  /// The value of an ASCII hexadecimal digit; nil for anything else (the string's NUL too, so
  /// a `%` near the end reads no further).
  private static func hexValue(_ character: CChar) -> UInt8? {
    switch UInt8(bitPattern: character) {
    case 0x30...0x39: UInt8(bitPattern: character) - 0x30
    case 0x41...0x46: UInt8(bitPattern: character) - 0x41 + 10
    case 0x61...0x66: UInt8(bitPattern: character) - 0x61 + 10
    default: nil
    }
  }

  /// libmicrohttpd's error messages; kept while starting, to say why it did not.
  static let logger: MHD_LogCallback = { context, format, arguments in
    guard let context, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    HTTPServerCore.from(context).log(message.trimmingNewlines)
  }
}

extension String {
  fileprivate var trimmingNewlines: String {
    var text = self
    while text.last == "\n" || text.last == "\r" { text.removeLast() }
    return text
  }
}
