import Foundation

/// A response as read off the wire by `TestConnection`.
struct TestResponse {
  let status: Int
  let headers: [String: String]  // names lower-cased
  let body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }

  /// The response at the start of `bytes` and how many bytes it took, or nil while incomplete.
  static func parse(_ bytes: [UInt8]) -> (TestResponse, Int)? {
    guard let headEnd = find([13, 10, 13, 10], in: bytes, from: 0) else { return nil }
    let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let bodyStart = headEnd + 4
    if let length = headers["content-length"].flatMap({ Int($0) }) {
      guard bytes.count >= bodyStart + length else { return nil }
      return (
        TestResponse(status: status, headers: headers, body: Array(bytes[bodyStart..<bodyStart + length])),
        bodyStart + length
      )
    }
    guard headers["transfer-encoding"]?.lowercased() == "chunked" else {
      return (TestResponse(status: status, headers: headers, body: []), bodyStart)
    }
    return parseChunks(bytes, from: bodyStart).map { body, end in
      (TestResponse(status: status, headers: headers, body: body), end)
    }
  }

  /// The data of the complete chunks of a chunked response still being received (an event
  /// stream), after its head.
  static func chunkedData(_ bytes: [UInt8]) -> [UInt8] {
    guard let headEnd = find([13, 10, 13, 10], in: bytes, from: 0) else { return [] }
    var data: [UInt8] = []
    var position = headEnd + 4
    while let lineEnd = find([13, 10], in: bytes, from: position),
      let size = Int(String(decoding: bytes[position..<lineEnd], as: UTF8.self), radix: 16), size > 0,
      bytes.count >= lineEnd + 2 + size + 2
    {
      data += bytes[lineEnd + 2..<lineEnd + 2 + size]
      position = lineEnd + 2 + size + 2
    }
    return data
  }

  /// A chunked body up to its last (empty) chunk.
  static func parseChunks(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
    var body: [UInt8] = []
    var position = start
    while true {
      guard let lineEnd = find([13, 10], in: bytes, from: position),
        let size = Int(String(decoding: bytes[position..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16)
      else { return nil }
      let dataStart = lineEnd + 2
      guard bytes.count >= dataStart + size + 2 else { return nil }
      if size == 0 { return (body, dataStart + 2) }
      body += bytes[dataStart..<dataStart + size]
      position = dataStart + size + 2
    }
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
