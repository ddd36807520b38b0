import QuizDomain

// MARK: - Escapes and comment tokens

extension GIFT.Reader {
  /// The paragraph's lines joined with newlines, escapes decoded: `\\ \: \# \= \{ \} \~`
  /// give the character and `\n` a newline; any other backslash is kept.
  static func units(_ body: [Line]) -> [Unit] {
    var units: [Unit] = []
    for (position, line) in body.enumerated() {
      if position > 0 { units.append(Unit(scalar: "\n", escaped: false, line: body[position - 1].number)) }
      let scalars = Array(line.raw.unicodeScalars)
      var index = 0
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\\", index + 1 < scalars.count {
          let next = scalars[index + 1]
          switch next {
          case "\\", ":", "#", "=", "{", "}", "~":
            units.append(Unit(scalar: next, escaped: true, line: line.number))
            index += 2
            continue
          case "n":
            units.append(Unit(scalar: "\n", escaped: true, line: line.number))
            index += 2
            continue
          default:
            break
          }
        }
        units.append(Unit(scalar: scalar, escaped: false, line: line.number))
        index += 1
      }
    }
    return units
  }

  /// The first `[id:…]` and every `[tag:…]` (trimmed, in order, repeats dropped) of the
  /// comment lines; `\]` stands for `]`.
  static func metadata(_ comments: [Line]) -> (id: String?, tags: [String]) {
    var id: String?
    var tags: [String] = []
    for line in comments {
      let scalars = Array(line.text.unicodeScalars)
      var index = 0
      while index < scalars.count {
        guard scalars[index] == "[" else {
          index += 1
          continue
        }
        var found: (value: String, next: Int)?
        var isTag = false
        if let idToken = token(scalars, at: index, key: "id") {
          found = idToken
        } else if let tagToken = token(scalars, at: index, key: "tag") {
          found = tagToken
          isTag = true
        }
        guard let match = found else {
          index += 1
          continue
        }
        index = match.next
        let text = PlainTextFile.trimmed(match.value)
        guard !text.isEmpty else { continue }
        if isTag {
          if !tags.contains(text) { tags.append(text) }
        } else if id == nil {
          id = text
        }
      }
    }
    return (id, tags)
  }

  /// `[key:value]` at `start`: the value (`\]` decoded) and the index after the token. As in
  /// Moodle's pattern, a value ends at the first `]` not after a backslash, or else at the
  /// last `\]`, whose `]` then closes it.
  static func token(_ scalars: [Unicode.Scalar], at start: Int, key: String) -> (value: String, next: Int)? {
    let opening = Array("[\(key):".unicodeScalars)
    guard start + opening.count <= scalars.count, Array(scalars[start..<(start + opening.count)]) == opening
    else { return nil }
    var value = String.UnicodeScalarView()
    var lastEscape: (length: Int, close: Int)?
    var index = start + opening.count
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "]" {
        lastEscape = (value.count, index + 1)
        value.append("]")
        index += 2
        continue
      }
      if scalar == "]" {
        if value.isEmpty { return nil }
        return (String(value), index + 1)
      }
      if scalar.value < 0x20 || scalar.value == 0x7F { break }
      value.append(scalar)
      index += 1
    }
    guard let lastEscape else { return nil }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: value.prefix(lastEscape.length))
    kept.append("\\")
    return (String(kept), lastEscape.close + 1)
  }

}

// MARK: - Escaping on writing

extension GIFT.Writer {
  /// `\ ~ = # { } :` escaped, a newline as `\n`.
  static func escaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "~", "=", "#", "{", "}", ":":
        result.append("\\")
        result.append(scalar)
      case "\n":
        result.append("\\")
        result.append("n")
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// An `[id:…]` or `[tag:…]` value with `]` as `\]`.
  static func tokenValue(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "]" { result += "\\" }
      result.append(character)
    }
    return result
  }
}
