import Testing

@testable import QuizServer

/// Rosters as spreadsheets save them: Excel's "CSV UTF-8" starts with a byte order mark and
/// ends its lines with CR LF (a hostile test found both refused or, worse, read into the codes,
/// so that every taker's right code was wrong).
@Suite struct RosterTests {
  @Test(arguments: [
    "name,code\nAna,111\nBo,222\n", "name,code\r\nAna,111\r\nBo,222\r\n", "\u{FEFF}name,code\r\nAna,111\r\nBo,222",
    "\u{FEFF}Ana,111\nBo,222\n", "Ana,111\r\n\r\nBo,222\r\n",
  ])
  func lineEndingsAndAByteOrderMarkAreNotPartOfNamesOrCodes(text: String) throws {
    let roster = try Roster.parse(text, file: "class.csv")
    #expect(roster == Roster(codes: ["Ana": "111", "Bo": "222"]))
    #expect(roster.admits(name: "Ana", code: "111") && roster.admits(name: "Bo", code: "222"))
  }

  @Test func aLoneLineWithCRLFKeepsItsCode() throws {
    #expect(try Roster.parse("Ana,111\r\n", file: "one.csv") == Roster(codes: ["Ana": "111"]))
  }

  @Test func aBadLineIsNamedByItsNumberWhateverTheLineEndings() {
    #expect(throws: RosterError(file: "r.csv", line: 3, message: "expected 2 fields (name,code), found 1")) {
      try Roster.parse("Ana,1\r\nBo,2\r\nCy\r\n", file: "r.csv")
    }
  }
}
