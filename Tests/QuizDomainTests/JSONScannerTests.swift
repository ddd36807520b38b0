import Testing

@testable import QuizDomain

@Suite struct JSONScannerTests {
  func withScanner<T>(_ text: String, _ body: (inout JSONScanner) throws -> T) throws -> T {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      return try body(&scanner)
    }
  }

  func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    bytes.withUnsafeBufferPointer { buffer -> JSONSyntaxError? in
      var scanner = JSONScanner(buffer)
      do {
        try scanner.skipValue()
        try scanner.expectEnd()
        return nil
      } catch let error as JSONSyntaxError {
        return error
      } catch {
        return nil
      }
    }
  }

  @Test func stringsDecodeEscapesAndKeepUTF8() throws {
    let text = try withScanner(#""a\"b\\c\/d\n\t\u00e9\u65e5\ud83c\udf89 日本 🎉""#) { try $0.readString() }
    #expect(text == "a\"b\\c/d\n\té日🎉 日本 🎉")
  }

  @Test func numbersParseAndOutOfRangeIsAnError() throws {
    #expect(try withScanner("12") { try $0.readNumber() } == 12)
    #expect(try withScanner("-0.5e1") { try $0.readNumber() } == -5)
    #expect(try withScanner("123456789012345678") { try $0.readNumber() } == 1.2345678901234568e17)
    let error = syntaxError(Array("1e999".utf8))
    #expect(error?.message == "number 1e999 is out of range")
    #expect(syntaxError(Array("01".utf8)) != nil)
    #expect(syntaxError(Array("1.".utf8)) != nil)
  }

  @Test func invalidUTF8InAStringIsAnError() {
    let error = syntaxError([0x22, 0x61, 0xFF, 0x22])
    #expect(error?.message == "invalid UTF-8 in a string")
    #expect(error?.line == 1)
  }

  @Test func loneSurrogateAndRawControlCharactersAreErrors() {
    #expect(syntaxError(Array(#""\ud800""#.utf8)) != nil)
    #expect(syntaxError(Array("\"a\nb\"".utf8))?.message.contains("control character") == true)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(syntaxError(Array(deep.utf8))?.message == "nesting deeper than 512 levels")
  }

  @Test func errorsGiveLineAndColumnInCharacters() {
    let error = syntaxError(Array("{\n  \"é\": [1, 2,, 3]\n}".utf8))
    #expect(error?.line == 2)
    #expect(error?.column == 14)
  }

  @Test func truncatedAndEmptyInputsAreErrors() {
    #expect(syntaxError([])?.message == "unexpected end of input, expected a value")
    #expect(syntaxError(Array(#"{"a": [1, 2"#.utf8)) != nil)
    #expect(syntaxError(Array(#"{"a": 1} x"#.utf8))?.message == "unexpected 'x', expected the end of the document")
  }
}
