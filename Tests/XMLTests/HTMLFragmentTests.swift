import Testing
import XML

/// libxml2's HTML parser through its Swift wrapper: a question's text as a small tree.
@Suite struct HTMLFragmentTests {
  func element(_ name: String, _ attributes: [HTMLAttribute] = [], _ children: [HTMLNode] = []) -> HTMLNode {
    .element(HTMLElement(name: name, attributes: attributes, children: children))
  }

  @Test func elementsAttributesAndTextInOrder() {
    #expect(
      HTMLFragment.parse(#"<P CLASS="x">One <b>two</b></P>three"#) == [
        element("p", [HTMLAttribute(name: "class", value: "x")], [.text("One "), element("b", [], [.text("two")])]),
        .text("three"),
      ])
  }

  @Test func aLessThanThatStartsNoTagIsText() {
    #expect(HTMLFragment.parse("<p>Is 5 < 6 and 7 > 3?</p>") == [element("p", [], [.text("Is 5 < 6 and 7 > 3?")])])
    // libxml2 alone reads `<b)` as a <b> tag and loses the rest of the line.
    #expect(HTMLFragment.parse("if (a<b) { x = a >> 1; }") == [.text("if (a<b) { x = a >> 1; }")])
    #expect(HTMLFragment.parse("a <b") == [.text("a <b")])
    #expect(HTMLFragment.parse("x</3") == [.text("x</3")])
  }

  @Test func entitiesAreDecodedAndAStrayAmpersandIsText() {
    #expect(HTMLFragment.parse("&amp;&lt; &#x41;&#66; &bogus; & ;") == [.text("&< AB &bogus; & ;")])
    #expect(
      HTMLFragment.parse(#"<a href="jav&#x09;ascript&#58;x" title='a<b)'>l</a>"#) == [
        element(
          "a", [HTMLAttribute(name: "href", value: "jav\tascript:x"), HTMLAttribute(name: "title", value: "a<b)")],
          [.text("l")])
      ])
  }

  @Test func theIssuesVectorIsTextAroundAScriptElement() {
    #expect(
      HTMLFragment.parse("&<script>;document.title='XSS'//&</script>;") == [
        .text("&"), element("script", [], [.text(";document.title='XSS'//&")]), .text(";"),
      ])
  }

  @Test func japaneseArabicAndEmojiRoundTripByteForByte() {
    let text = "日本語のテキスト مرحبا بالعالم 👩‍👩‍👧 é"
    #expect(HTMLFragment.parse(text) == [.text(text)])
    #expect(HTMLFragment.parse("<i>\(text)</i>") == [element("i", [], [.text(text)])])
  }

  @Test func whatFollowsTheEndOfThePageIsKeptAndCommentsGo() {
    #expect(
      HTMLFragment.parse("a</body></html><b>after</b><!-- c --><?pi x?>") == [
        .text("a"), element("b", [], [.text("after")]),
      ])
    // A page's own <html> and <body> tags are not elements of the text.
    #expect(HTMLFragment.parse("<html><body onload=x>hi</body></html>") == [.text("hi")])
  }

  @Test func aCharsetInTheTextDoesNotChangeHowItIsRead() {
    let nodes = HTMLFragment.parse(#"<meta charset="utf-7">+ADw-script+AD4-é"#)
    #expect(nodes.last == .text("+ADw-script+AD4-é"))
  }

  /// libxml2 stops nesting at 256 elements, which bounds the conversion's recursion.
  @Test func emptyAndDeeplyNestedTextsDoNotFail() {
    #expect(HTMLFragment.parse("").isEmpty)
    let deep = String(repeating: "<div>", count: 10_000) + "x"
    var depth = 0
    var nodes = HTMLFragment.parse(deep)
    while case .element(let element)? = nodes.first {
      depth += 1
      nodes = element.children
    }
    #expect(depth > 200 && depth <= 300)
  }
}
