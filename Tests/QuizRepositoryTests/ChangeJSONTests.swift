import Foundation
import QuizDomain
import Testing

@testable import QuizRepository

/// A change-log entry as `quiz watch --format json` writes it: one valid JSON object a line,
/// whatever its detail holds; a mark's detail is a JSON object like every other.
@Suite struct ChangeJSONTests {
  func line(detail: String?) throws -> [String: Any] {
    let change = Change(
      sequence: 7, time: "2026-12-01T10:00:00Z", entity: "attempt", operation: "update", quiz: "mix", item: "a1",
      detail: detail)
    var writer = JSONWriter(pretty: false)
    change.writeJSON(to: &writer, includingDetail: true)
    return try #require(try JSONSerialization.jsonObject(with: Data(writer.string.utf8)) as? [String: Any])
  }

  @Test func anObjectDetailIsCopiedAndPlainTextBecomesAString() throws {
    #expect((try line(detail: #"{"count":2}"#)["detail"] as? [String: Any])?["count"] as? Int == 2)
    // What an older version logged for a mark, and texts that only look like an object.
    for text in ["mark why 1.5", "{not json}", #"{"a":1} {"b":2}"#, "[1,2]", ""] {
      #expect(try line(detail: text)["detail"] as? String == text, "\(text)")
    }
    #expect(try line(detail: nil)["detail"] is NSNull)
  }

  @Test func aMarksDetailIsAnObject() throws {
    let detail = QuizRepository.markDetail(question: "why", score: 1.5)
    #expect(JSONText.isObject(detail))
    let object = try #require(try line(detail: detail)["detail"] as? [String: Any])
    #expect(object["marked"] as? String == "why" && object["score"] as? Double == 1.5)
  }
}
