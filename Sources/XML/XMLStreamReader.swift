import CLibXML2

/// libxml2's streaming reader (`xmlTextReader`) over a document in memory: one node at a time
/// in document order, each freed once passed, so memory stays flat however large the document
/// (no DOM is built). Safe on untrusted input: no DTD or external entity is ever loaded (no
/// XML_PARSE_DTDLOAD or XML_PARSE_NOENT; XML_PARSE_NONET besides), libxml2's limits on entity
/// expansion and node sizes stay on (no XML_PARSE_HUGE: a text node over 10 MB is an error),
/// and a reference to an entity a DOCTYPE declares is an error rather than text. CDATA sections
/// come as text.
///
///     let reader = XMLStreamReader(bytes: bytes)
///     while let node = try reader.next() { … }
public final class XMLStreamReader {
  private let input: Input
  /// nil only when libxml2 could not allocate one: `next()` then throws.
  private let reader: OpaquePointer?
  private var locator: StartTagLocator
  /// A copy of the document this reader made and frees; nil when the caller lends the bytes.
  private let owned: UnsafeMutableBufferPointer<UInt8>?
  /// Told, now and then, that the bytes before an offset will not be read again.
  private let release: ((Int) -> Void)?
  private var released = 0

  /// A reader of its own copy of `bytes`.
  public convenience init(bytes: [UInt8]) {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = copy.initialize(from: bytes)
    self.init(buffer: UnsafeBufferPointer(start: copy.baseAddress, count: bytes.count), owned: copy, release: nil)
  }

  /// A reader of `buffer`, which must stay valid as long as the reader is used: a large file's
  /// mapped pages, read without a copy. `release` is told, every megabyte or so, that the bytes
  /// before an offset will not be read again (so that their pages can be handed back).
  public convenience init(buffer: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)? = nil) {
    self.init(buffer: buffer, owned: nil, release: release)
  }

  private init(
    buffer bytes: UnsafeBufferPointer<UInt8>, owned: UnsafeMutableBufferPointer<UInt8>?, release: ((Int) -> Void)?
  ) {
    _ = libxml2Initialized
    self.owned = owned
    self.release = release
    // C gets the input as an unretained context: `self.input` keeps it alive, and the reader,
    // freed in deinit, never calls back after that.
    let input = Input(bytes: bytes)
    let context = Unmanaged.passUnretained(input).toOpaque()
    // libxml2 pulls the bytes through this callback instead of reading a copy of the buffer
    // (xmlReaderForMemory keeps a pointer to it, which a Swift array does not lend for long).
    let read: xmlInputReadCallback = { context, buffer, length in
      guard let context, let buffer, length >= 0 else { return -1 }
      return Unmanaged<Input>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: Int(length))
    }
    let reader = xmlReaderForIO(read, nil, context, nil, nil, Int32(XML_PARSE_NONET.rawValue))
    if let reader {
      let handler: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        Unmanaged<Input>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
      }
      xmlTextReaderSetStructuredErrorHandler(reader, handler, context)
    }
    self.input = input
    self.reader = reader
    self.locator = StartTagLocator(bytes: bytes)
  }

  deinit {
    if let reader { xmlFreeTextReader(reader) }
    owned?.deallocate()
  }

  /// The next node, nil at the end of the document; throws at the first error libxml2 reports
  /// (a malformed document, an encoding error, an entity loop), and again on every later call.
  public func next() throws(XMLError) -> Node? {
    guard let reader else {
      throw XMLError(line: 1, message: "libxml2 could not start a reader (out of memory)")
    }
    while true {
      let status = xmlTextReaderRead(reader)
      if let failure = input.failure { throw failure }
      if status == 0 { return nil }
      guard status == 1 else {
        // libxml2 reports its errors through the handler; this is for one it did not.
        let failure = XMLError(
          line: max(1, Int(xmlTextReaderGetParserLineNumber(reader))),
          column: Int(xmlTextReaderGetParserColumnNumber(reader)), message: "the XML cannot be read")
        input.failure = failure
        throw failure
      }
      switch xmlTextReaderNodeType(reader) {
      case NodeType.element:
        return .start(startTag(reader))
      case NodeType.endElement:
        return .end(name: Self.string(xmlTextReaderConstName(reader)))
      case NodeType.text, NodeType.cdata, NodeType.whitespace, NodeType.significantWhitespace:
        return .text(Self.string(xmlTextReaderConstValue(reader)))
      case NodeType.entityReference:
        let name = Self.string(xmlTextReaderConstName(reader))
        let failure = XMLError(
          line: max(1, Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))),
          message: "the entity &\(name); comes from a DOCTYPE, which is not read: "
            + "use a character reference (&#233;) or CDATA instead")
        input.failure = failure
        throw failure
      default:
        continue  // comments, processing instructions, the DOCTYPE
      }
    }
  }

  private func startTag(_ reader: OpaquePointer) -> StartTag {
    let name = Self.string(xmlTextReaderConstName(reader))
    // Asked before moving to the attributes: on an attribute libxml2 answers 0.
    let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
    var attributes: [Attribute] = []
    if xmlTextReaderHasAttributes(reader) == 1 {
      while xmlTextReaderMoveToNextAttribute(reader) == 1 {
        attributes.append(
          Attribute(
            name: Self.string(xmlTextReaderConstName(reader)), value: Self.string(xmlTextReaderConstValue(reader))))
      }
      xmlTextReaderMoveToElement(reader)
    }
    // The `<`'s own position; libxml2's (the tag's `>`, capped at 65535) only for a document
    // the locator cannot scan.
    let position =
      locator.next() ?? (line: max(1, Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))), column: 1)
    // libxml2 has read past the locator: the bytes behind it are done with.
    if let release, locator.offset - released >= 1 << 20 {
      released = locator.offset
      release(released)
    }
    return StartTag(
      name: name, attributes: attributes, isEmpty: isEmpty, line: position.line, column: position.column)
  }

  private static func string(_ text: UnsafePointer<xmlChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
  }

  /// xmlTextReaderNodeType's values (xmlReaderTypes).
  private enum NodeType {
    static let element = Int32(XML_READER_TYPE_ELEMENT.rawValue)
    static let text = Int32(XML_READER_TYPE_TEXT.rawValue)
    static let cdata = Int32(XML_READER_TYPE_CDATA.rawValue)
    static let entityReference = Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue)
    static let whitespace = Int32(XML_READER_TYPE_WHITESPACE.rawValue)
    static let significantWhitespace = Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue)
    static let endElement = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)
  }
}

/// libxml2's global state, set up once before the first reader: xmlInitParser must not race
/// with itself, and a global is initialized exactly once, whichever thread comes first.
private let libxml2Initialized: Bool = {
  xmlInitParser()
  return true
}()

// MARK: - The C side's context

extension XMLStreamReader {
  /// What libxml2's callbacks reach through their context pointer: the document's bytes, how
  /// far libxml2 has read them, and the first error it reported.
  fileprivate final class Input {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var failure: XMLError?

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Copies the next bytes into libxml2's buffer: how many, 0 at the end.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int32 {
      let count = min(capacity, bytes.count - offset)
      guard count > 0, let base = bytes.baseAddress else { return 0 }
      UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
      offset += count
      return Int32(count)
    }

    /// Keeps the first error (warnings are not failures); its message on one line.
    func record(_ error: xmlError) {
      guard failure == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      // libxml2's messages end with a newline, some run on to a second line ("Bytes: 0xE9 …").
      let text = error.message.map { String(cString: $0) } ?? ""
      let message = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      failure = XMLError(
        line: max(1, Int(error.line)), column: error.int2 > 0 ? Int(error.int2) : nil,
        message: message.isEmpty ? "malformed XML" : XMLError.limitMessage(for: message) ?? message)
    }
  }
}
