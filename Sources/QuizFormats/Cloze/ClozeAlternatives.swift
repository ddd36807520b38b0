/// One alternative of a gap, as Moodle's loop over `~?ALT` reads it: its mark, its answer and its
/// feedback, still escaped.
struct ClozeRawAlternative: Equatable {
  enum Mark: Equatable {
    /// `=`.
    case correct
    /// `%n%`, n as written.
    case percent(String)
    /// No mark.
    case none
  }

  var mark: Mark
  var answer: [UInt8]
  /// Nil without a `#`.
  var feedback: [UInt8]?
}

/// Moodle's second loop: the alternatives of a gap (its text between `TYPE:` and the closing `}`)
/// are read again one at a time with `~?ALT`, each search in what the previous one left. The
/// subject is now that rest alone, so `$` (its end, or before a final line feed) may end an
/// answer or a feedback, and a look-behind sees nothing before the rest starts. Every match
/// starts where the rest starts: a match further on would also be one there, with a longer answer.
struct ClozeAlternativeReader {
  private let body: [UInt8]
  /// The first position at or after the index where a feedback may end.
  private let feedbackEnds: [Int]

  init(_ body: [UInt8]) {
    self.body = body
    var ends = Array(repeating: -1, count: body.count + 2)
    for position in stride(from: body.count, through: 1, by: -1) {
      ends[position] = Self.isFeedbackEnd(body, position) ? position : ends[position + 1]
    }
    feedbackEnds = ends
  }

  func alternatives() -> [ClozeRawAlternative] {
    var found: [ClozeRawAlternative] = []
    var start = 0
    while let (alternative, end) = alternative(at: start) {
      found.append(alternative)
      start = end
    }
    return found
  }

  /// The alternative the rest starting at `start` begins with, and where it ends. PCRE's order:
  /// the `~` taken before not, the mark taken before not, the shortest answer, then the feedback.
  private func alternative(at start: Int) -> (ClozeRawAlternative, Int)? {
    let tildes = start < body.count && body[start] == ClozeByte.tilde ? [start + 1, start] : [start]
    for answerArea in tildes {
      let marked = ClozeMarker.end(in: body, at: answerArea, limit: body.count)
      for answerStart in [marked, answerArea].compactMap({ $0 }) {
        guard let answerEnd = answerEnd(from: answerStart, subjectStart: start) else { continue }
        let mark = Self.mark(body[answerArea..<answerStart])
        let answer = Array(body[answerStart..<answerEnd])
        guard answerEnd < body.count, body[answerEnd] == ClozeByte.hash, feedbackEnds[answerEnd + 1] >= 0 else {
          return (ClozeRawAlternative(mark: mark, answer: answer, feedback: nil), answerEnd)
        }
        let feedbackEnd = feedbackEnds[answerEnd + 1]
        let feedback = Array(body[(answerEnd + 1)..<feedbackEnd])
        return (ClozeRawAlternative(mark: mark, answer: answer, feedback: feedback), feedbackEnd)
      }
    }
    return nil
  }

  /// The first end of an answer of at least one byte from `start`: before `~`, `#`, `}` or the
  /// end (or a final line feed), not after `\`, `&` or `&amp;`.
  private func answerEnd(from start: Int, subjectStart: Int) -> Int? {
    var position = start + 1
    while position <= body.count {
      if isSubjectEnd(position) || ClozeByte.endsAnswer(body[position]),
        !ClozeByte.blocksAnswerEnd(body, before: position, from: subjectStart)
      {
        return position
      }
      position += 1
    }
    return nil
  }

  /// PCRE's `$` without the `m` or `D` flags: the end of the subject, or before a line feed
  /// that ends it.
  private func isSubjectEnd(_ position: Int) -> Bool {
    position == body.count || (position == body.count - 1 && body[position] == ClozeByte.newline)
  }

  private static func isFeedbackEnd(_ body: [UInt8], _ position: Int) -> Bool {
    let atEnd = position == body.count || (position == body.count - 1 && body[position] == ClozeByte.newline)
    guard atEnd || body[position] == ClozeByte.tilde || body[position] == ClozeByte.closeBrace else { return false }
    return body[position - 1] != ClozeByte.backslash
  }

  private static func mark(_ bytes: ArraySlice<UInt8>) -> ClozeRawAlternative.Mark {
    guard let first = bytes.first else { return .none }
    if first == ClozeByte.equals { return .correct }
    return .percent(String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self))
  }
}
