import QuizDomain
import QuizFormats
import QuizRepository

/// Text from the database or an input file, made safe to print on a terminal: a control
/// character in a title could clear the screen or retitle the window. Control characters are
/// shown the way `cat -v` shows them (ESC as `^[`, BEL as `^G`, DEL as `^?`; C1 as `\u{9B}`).
extension String {
  /// Multi-line text: newlines and tabs kept (any newline as "\n").
  var terminalSafe: String { visibleControls(keepingLines: true) }

  /// One line (a table cell): newlines and tabs as spaces.
  var terminalSafeLine: String { visibleControls(keepingLines: false) }

  private func visibleControls(keepingLines: Bool) -> String {
    guard unicodeScalars.contains(where: { $0.isControl || $0.properties.isNewlineLike }) else { return self }
    var text = ""
    for character in self {
      if character.isNewline {
        text += keepingLines ? "\n" : " "
      } else if character == "\t" {
        text += keepingLines ? "\t" : " "
      } else {
        for scalar in character.unicodeScalars {
          if scalar.isControl { text += scalar.visible } else { text.unicodeScalars.append(scalar) }
        }
      }
    }
    return text
  }
}

extension Unicode.Scalar {
  /// C0, DEL and C1.
  fileprivate var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

  fileprivate var visible: String {
    switch value {
    case 0x7F: return "^?"
    case ..<0x20: return "^" + String(Character(Unicode.Scalar(UInt8(value + 0x40))))
    default: return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
  }
}

extension Unicode.Scalar.Properties {
  /// Line and paragraph separators, which `Character.isNewline` also counts.
  fileprivate var isNewlineLike: Bool { generalCategory == .lineSeparator || generalCategory == .paragraphSeparator }
}

// MARK: - Whole values

extension Quiz {
  /// Every text of the quiz made terminal-safe, for the renderers that print it.
  var terminalSafe: Quiz {
    var quiz = self
    quiz.title = title.terminalSafe
    quiz.description = description?.terminalSafe
    for s in quiz.sections.indices {
      quiz.sections[s].title = quiz.sections[s].title?.terminalSafe
      for q in quiz.sections[s].questions.indices {
        quiz.sections[s].questions[q] = quiz.sections[s].questions[q].terminalSafe
      }
    }
    return quiz
  }
}

extension Question {
  /// Every text terminal-safe, and HTML texts rendered as text first.
  var terminalSafe: Question {
    var question = self
    let show = { (text: String) in TextFormatting.forTerminal(text, self.textFormat) }
    question.prompt = show(prompt)
    question.explanation = explanation.map(show)
    question.tags = tags.map(\.terminalSafeLine)
    for c in question.choices.indices {
      question.choices[c].text = show(question.choices[c].text)
      question.choices[c].feedback = question.choices[c].feedback.map(show)
    }
    switch question.body {
    case .shortAnswer(var short):
      for a in short.answers.indices {
        short.answers[a].text = short.answers[a].text.terminalSafeLine
        short.answers[a].feedback = short.answers[a].feedback.map(show)
      }
      question.body = .shortAnswer(short)
    case .numerical(var numerical):
      for a in numerical.answers.indices { numerical.answers[a].feedback = numerical.answers[a].feedback.map(show) }
      for u in numerical.units.indices { numerical.units[u].unit = numerical.units[u].unit.terminalSafeLine }
      question.body = .numerical(numerical)
    case .matching(var matching):
      for p in matching.pairs.indices {
        matching.pairs[p].stem = show(matching.pairs[p].stem)
        matching.pairs[p].answer = show(matching.pairs[p].answer)
      }
      matching.distractors = matching.distractors.map(show)
      question.body = .matching(matching)
    case .essay(var essay):
      essay.responseTemplate = essay.responseTemplate?.terminalSafe
      essay.graderInfo = essay.graderInfo.map(show)
      question.body = .essay(essay)
    case .cloze(let cloze): question.body = .cloze(cloze.terminalSafe(show))
    case .choice, .description: break
    }
    return question
  }
}

enum TextFormatting {
  /// A question's text for a terminal: HTML (and Moodle's auto-format) rendered as text, and
  /// control characters shown.
  static func forTerminal(_ text: String, _ format: TextFormat) -> String {
    plain(text, format).terminalSafe
  }

  /// A question's text as plain text: HTML and Moodle's auto-format rendered (Moodle's line
  /// breaks kept), plain and Markdown texts as written.
  static func plain(_ text: String, _ format: TextFormat) -> String {
    format == .html || format == .moodle ? HTMLText.plain(TextTree.nodes(text, format)) : text
  }
}

extension AttemptDetail {
  var terminalSafe: AttemptDetail {
    var detail = self
    detail.summary.taker = summary.taker.terminalSafeLine
    detail.summary.id = summary.id.terminalSafeLine
    // The questions stay as stored: right and wrong are read from them (AttemptView cleans
    // what it shows).
    return detail
  }
}
