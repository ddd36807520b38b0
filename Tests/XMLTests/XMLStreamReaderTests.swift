import Testing
import XML

/// libxml2's streaming reader through its Swift wrapper: the nodes, the start tags' own
/// positions, libxml2's errors, and what it refuses to do with entities.
@Suite struct XMLStreamReaderTests {
  typealias Node = XMLStreamReader.Node
  typealias StartTag = XMLStreamReader.StartTag

  func nodes(_ text: String) throws(XMLError) -> [Node] {
    let reader = XMLStreamReader(bytes: Array(text.utf8))
    var nodes: [Node] = []
    while let node = try reader.next() { nodes.append(node) }
    return nodes
  }

  /// The error reading `text` stops at, nil when it reads to the end.
  func failure(_ text: String) -> XMLError? {
    do throws(XMLError) {
      _ = try nodes(text)
      return nil
    } catch {
      return error
    }
  }

  func startTags(_ text: String) throws(XMLError) -> [StartTag] {
    try nodes(text).compactMap { node -> StartTag? in
      if case .start(let tag) = node { return tag }
      return nil
    }
  }

  // MARK: Nodes

  @Test func elementsTextAndAttributesComeInDocumentOrder() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment -->
      <quiz><a x="1" y='&lt;2&gt;'>Caf&#233; &amp; cr&#xE8;me</a><b/><c></c></quiz>
      """
    #expect(
      try nodes(text) == [
        .start(StartTag(name: "quiz", line: 3, column: 1)),
        .start(
          StartTag(
            name: "a", attributes: [.init(name: "x", value: "1"), .init(name: "y", value: "<2>")], line: 3,
            column: 7)),
        .text("Café & crème"),
        .end(name: "a"),
        .start(StartTag(name: "b", isEmpty: true, line: 3, column: 60)),
        .start(StartTag(name: "c", line: 3, column: 64)),
        .end(name: "c"),
        .end(name: "quiz"),
      ])
  }

  @Test func cdataIsText() throws {
    // libxml2 may hand out neighbouring CDATA sections and text as one node or several.
    var text = ""
    for node in try nodes("<t><![CDATA[<p>a]]]]><![CDATA[>b</p>]]> &amp; <![CDATA[c]]></t>") {
      if case .text(let piece) = node { text += piece }
    }
    #expect(text == "<p>a]]>b</p> & c")
  }

  @Test func whitespaceBetweenElementsIsText() throws {
    #expect(try nodes("<a>\n  <b/>\n</a>").contains(.text("\n  ")))
  }

  // MARK: Positions

  @Test func aStartTagIsAtItsLessThanSignNotWhereItEnds() throws {
    let text = """
      <quiz>
        <question
          type="essay"
          other="a > b">
          <name/>
        </question><question type="x"/>
      </quiz>
      """
    #expect(try startTags(text).map { [$0.line, $0.column] } == [[1, 1], [2, 3], [5, 5], [6, 14]])
  }

  @Test func lessThanSignsInCommentsCDATAInstructionsAndTheDoctypeAreNoTags() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE quiz [
        <!ELEMENT quiz ANY>
        <!-- <fake> ] " -->
        <!ATTLIST quiz a CDATA "x>y">
        <?pi <nope> ?>
      ]>
      <quiz a='1>2'>
      <!-- <no>
      -->
      <q><![CDATA[ <no>
      ]]> <r/></q>
      <?pi <no> ?>
      <s t="a>
      b"/>
      <u>日本語 🗾</u><w/>
      </quiz>
      """
    #expect(
      try startTags(text).map { [$0.line, $0.column] } == [[8, 1], [11, 1], [12, 5], [14, 1], [16, 1], [16, 13]])
  }

  // MARK: Errors

  @Test func malformedXMLIsAnErrorAtLibxml2sLineAndColumn() {
    #expect(
      failure("<quiz>\n<question type=\"multichoice\">\n  <name><text>x</name>\n</question>\n</quiz>\n")
        == XMLError(line: 3, column: 23, message: "Opening and ending tag mismatch: text line 3 and name"))
    #expect(
      failure("<quiz>\n<a>x &nbsp; y</a>\n</quiz>")
        == XMLError(line: 2, column: 12, message: "Entity 'nbsp' not defined"))
    // libxml2's message runs on to a second line; it is put on one.
    let latin1 = XMLStreamReader(bytes: Array("<quiz>\n<a>caf".utf8) + [0xE9] + Array("</a></quiz>".utf8))
    #expect(throws: XMLError.self) { while try latin1.next() != nil {} }
    #expect(failure("<quiz>\n<a>caf\u{E9}</a></quiz>") == nil)
    #expect(failure("") != nil)
    #expect(failure("<quiz/>\n<x/>")?.line == 2)
  }

  @Test func anErrorIsThrownAgainOnEveryLaterCall() {
    let reader = XMLStreamReader(bytes: Array("<a><b></a>".utf8))
    var first: XMLError?
    do throws(XMLError) {
      while try reader.next() != nil {}
    } catch {
      first = error
    }
    #expect(first != nil)
    #expect(throws: XMLError.self) { try reader.next() }
  }

  // MARK: Entities

  @Test func externalEntitiesAreNeverLoaded() {
    let text = """
      <!DOCTYPE quiz [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
      <quiz>
      <a>&secret;</a></quiz>
      """
    let error = failure(text)
    #expect(error?.line == 3)
    #expect(error?.message.hasPrefix("the entity &secret; comes from a DOCTYPE") == true)
  }

  @Test func internalEntitiesAreRefusedRatherThanExpanded() {
    #expect(failure("<!DOCTYPE quiz [<!ENTITY e \"text\">]>\n<quiz>&e;</quiz>") != nil)
  }

  @Test func anEntityExpansionBombStopsWithAnError() {
    var declarations = "<!ENTITY lol0 \"lol\">"
    for level in 1...9 {
      declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    #expect(failure("<!DOCTYPE lolz [\(declarations)]>\n<lolz>&lol9;</lolz>") != nil)
  }

  @Test func aLargeDocumentStreams() throws {
    // 20 000 elements, read one at a time: only the count is kept.
    let text =
      "<quiz>" + String(repeating: "<question type=\"x\"><text>t</text></question>\n", count: 20_000) + "</quiz>"
    let reader = XMLStreamReader(bytes: Array(text.utf8))
    var starts = 0
    var lastLine = 0
    while let node = try reader.next() {
      if case .start(let tag) = node {
        starts += 1
        lastLine = tag.line
      }
    }
    #expect(starts == 40_001)
    #expect(lastLine == 20_000)
  }
}

/// Escaping for hand-written XML, read back by the reader.
@Suite struct XMLTextTests {
  func readBack(_ content: String) throws -> String {
    let reader = XMLStreamReader(bytes: Array("<t>\(content)</t>".utf8))
    var text = ""
    while let node = try reader.next() {
      if case .text(let piece) = node { text += piece }
    }
    return text
  }

  @Test func escapedTextReadsBackAsWritten() throws {
    let text = "a & b < c > d \"e\" 'f'\r\ng"
    #expect(XMLText.escaped(text) == "a &amp; b &lt; c &gt; d \"e\" 'f'&#13;\ng")
    #expect(try readBack(XMLText.escaped(text)) == text)
    #expect(XMLText.escaped("plain") == "plain")
  }

  @Test func cdataSplitsAtItsEndMarker() throws {
    let text = "<p>]]></p> and ]]>\u{301} too"
    #expect(XMLText.cdata(text) == "<![CDATA[<p>]]]]><![CDATA[></p> and ]]]]><![CDATA[>\u{301} too]]>")
    #expect(try readBack(XMLText.cdata(text)) == text)
  }

  @Test func attributeValuesKeepTheirWhitespace() throws {
    let value = "a\tb\nc\r\"d\" & <e>"
    let reader = XMLStreamReader(bytes: Array("<t v=\"\(XMLText.attribute(value))\"/>".utf8))
    guard case .start(let tag) = try reader.next() else {
      Issue.record("no start tag")
      return
    }
    #expect(tag.attribute("v") == value)
  }

  @Test func charactersXMLCannotHoldAreReplaced() {
    let replaced = XMLText.replacingDisallowed("a\u{0B}b\u{FFFE}c\td")
    #expect(replaced.text == "a\u{FFFD}b\u{FFFD}c\td" && replaced.replaced)
    let fine = XMLText.replacingDisallowed("fine\n")
    #expect(fine.text == "fine\n" && !fine.replaced)
  }

  /// A lent buffer is read without a copy, and the reader says as it goes which bytes it is
  /// done with, behind the start tags it has handed out.
  @Test func aLentBufferIsReleasedBehindTheReader() throws {
    let item = "<item n=\"1\">" + String(repeating: "x", count: 200) + "</item>\n"
    let text = "<list>\n" + String(repeating: item, count: 20_000) + "</list>\n"
    let bytes = Array(text.utf8)
    var released: [Int] = []
    var starts = 0
    var lastLine = 0
    try bytes.withUnsafeBufferPointer { buffer in
      let reader = XMLStreamReader(buffer: buffer) { released.append($0) }
      while let node = try reader.next() {
        guard case .start(let tag) = node else { continue }
        starts += 1
        lastLine = tag.line
      }
    }
    #expect(starts == 20_001)
    #expect(lastLine == 20_001)
    // About 4.4 MB read: released every megabyte or so, always forward, never past the end.
    #expect(released.count >= 3)
    #expect(released == released.sorted())
    #expect((released.last ?? .max) <= bytes.count)
  }
}
