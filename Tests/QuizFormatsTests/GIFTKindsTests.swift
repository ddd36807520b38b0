import QuizDomain
import QuizFormats
import Testing

/// Issue 22: GIFT reads and writes every kind but cloze as Moodle's qformat_gift reads them, and
/// the real files Moodle accepts that quiz used to reject.
@Suite struct GIFTKindsTests {
  func read(_ text: String) -> FormatReading { GIFT.read(Array(text.utf8)) }

  func questions(_ text: String) -> [Question] {
    let reading = read(text)
    #expect(reading.errors == [])
    return reading.sections.flatMap(\.questions)
  }

  func essay(_ id: String, _ prompt: String) -> Question {
    Question(id: id, prompt: prompt, textFormat: .moodle, body: .essay(Essay(responseFormat: .html)))
  }

  // MARK: Telling the kind

  @Test func theKindIsToldAsMoodleTellsIt() {
    let imported = questions(
      """
      Intro text, no braces.

      Essay? {}

      Numerical? {#1822:5}

      Match? {=a -> 1 =b -> 2}

      Short? {=Paris =paris}

      Lower? {true}

      Kept? {TRUE}

      Plain? {Paris}
      """)
    #expect(
      imported.map(\.kind) == [
        .description, .essay, .numerical, .matching, .shortAnswer, .shortAnswer, .choice, .shortAnswer,
      ])
    // A description is worth nothing; `{true}` is no true/false (Moodle's check is case-sensitive).
    #expect(
      imported[0]
        == Question(
          id: "intro-text-no-braces", prompt: "Intro text, no braces.", points: 0, textFormat: .moodle,
          body: .description))
    #expect(imported[5].body == .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "true")])))
    #expect(imported[7].body == .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Paris")])))
  }

  @Test func theExplanationFollowsFourHashesInEveryKind() {
    let imported = questions(
      "E? {####Just this.}\n\nS? {=a ####S.}\n\nN? {#1 ####N.}\n\nM? {=a -> 1 =b -> 2 ####M.}\n")
    #expect(imported.map(\.explanation) == ["Just this.", "S.", "N.", "M."])
    #expect(
      imported[0]
        == {
          var question = essay("e", "E?")
          question.explanation = "Just this."
          return question
        }())
  }

  // MARK: Short answer

  @Test func shortAnswersTakeFractionsOnlyWhenWritten() {
    #expect(
      questions("Capital? {=Paris =%50%Pari#close =%100%PARIS}")[0].body
        == .shortAnswer(
          ShortAnswer(answers: [
            TextAnswer(text: "Paris"), TextAnswer(text: "Pari", fraction: 0.5, feedback: "close"),
            TextAnswer(text: "PARIS", fraction: 1),
          ])))
  }

  // MARK: Numerical

  @Test func numericalAnswersReadValuesTolerancesRangesAndWeights() {
    let imported = questions(
      "Pi? {#3.14:0.01}\n\nRange? {#3..4}\n\nMany? {#=3.14:0.01#close enough =%50%3:1}\n\nExact? {#-2}")
    #expect(imported[0].body == .numerical(Numerical(answers: [NumericAnswer(value: 3.14, tolerance: 0.01)])))
    // The mid-point, and half the range as tolerance.
    #expect(imported[1].body == .numerical(Numerical(answers: [NumericAnswer(value: 3.5, tolerance: 0.5)])))
    #expect(
      imported[2].body
        == .numerical(
          Numerical(answers: [
            NumericAnswer(value: 3.14, tolerance: 0.01, feedback: "close enough"),
            NumericAnswer(value: 3, tolerance: 1, fraction: 0.5),
          ])))
    #expect(imported[3].body == .numerical(Numerical(answers: [NumericAnswer(value: -2)])))
  }

  /// Moodle's reader tests `!(is_numeric($ans) || $ans = '*')`, an assignment: any text becomes
  /// "any number at 100 %". quiz says what is wrong, and where.
  @Test func aNumericalAnswerThatIsNotANumberIsAnErrorWithItsLine() {
    let reading = read("Ok? {#1}\n\nBad? {#\n=1\n=three:1\n}\n\nTolerance? {#1:x}\n\nHex? {#0x10}\n\nEmpty? {#}\n")
    #expect(reading.errors.map(\.line) == [5, 8, 10, 12])
    #expect(reading.errors[0].message.hasPrefix("the numerical answer \"three:1\" is not a number"))
    #expect(reading.errors[3].message.hasPrefix("a numerical question needs an answer"))
  }

  // MARK: Matching

  @Test func matchingPairsAndDistractors() {
    #expect(
      questions("Capitals? {=Canada -> Ottawa =Italy -> Rome = -> Paris}")[0].body
        == .matching(
          Matching(
            pairs: [
              MatchPair(id: "a", stem: "Canada", answer: "Ottawa"), MatchPair(id: "b", stem: "Italy", answer: "Rome"),
            ], distractors: ["Paris"])))
  }

  @Test func matchingNeedsTwoPairsEachWithAnArrow() {
    let reading = read("One? {=Canada -> Ottawa}\n\nNo arrow? {=Canada -> Ottawa\n=Italy\n}\n")
    #expect(reading.errors.map(\.line) == [1, 4])
    #expect(reading.errors[0].message.hasPrefix("a matching question needs at least 2 pairs"))
    #expect(reading.errors[1].message.hasPrefix("a matching pair needs ->"))
  }

  // MARK: Real files Moodle accepts

  /// 16 of 75 real GIFT files write the correct choice `~=apple`: Moodle reads `=` as `~=`, drops
  /// the empty piece, and apple is correct.
  @Test func aTildeRightBeforeEqualsIsDropped() {
    let reading = read("Fruit? {~stone ~=apple ~brick}\n\nSpaced? {~stone ~ =apple}")
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    let imported = reading.sections.flatMap(\.questions)
    #expect(
      imported[0]
        == Question(
          id: "fruit", prompt: "Fruit?", multiple: false,
          choices: [
            Choice(id: "a", text: "stone", correct: false), Choice(id: "b", text: "apple", correct: true),
            Choice(id: "c", text: "brick", correct: false),
          ]
        ).moodle())
    #expect(imported[1].choices.map(\.text) == ["stone", "apple"])
  }

  /// `{=2 =4 ~3}`: Moodle imports a one-answer question where either answer earns full marks.
  @Test func severalEqualsMakeASingleAnswerQuestionWithSeveralCorrectChoices() {
    let imported = questions("Even? {=2 =4 ~3}")
    #expect(
      imported
        == [
          Question(
            id: "even", prompt: "Even?", multiple: false,
            choices: [
              Choice(id: "a", text: "2", correct: true), Choice(id: "b", text: "4", correct: true),
              Choice(id: "c", text: "3", correct: false),
            ]
          ).moodle()
        ])
    let quiz = Quiz(id: "z", title: "Z", sections: [Section(questions: imported)])
    let written = GIFT.write(quiz)
    #expect(String(decoding: written.bytes, as: UTF8.self) == "::even::Even?{\n\t=2\n\t=4\n\t~3\n}\n")
    #expect(GIFT.read(written.bytes).quiz(id: "z", title: "Z") == quiz)
  }

  /// Found by the GIFT fuzz harness: a choice question whose choices are all correct, written
  /// `=a =b`, read back as short answer (or, with `->` in a choice, as matching). Its first
  /// choice is written `~=`, which keeps the block multiple choice.
  @Test func aChoiceQuestionWithEveryChoiceCorrectStaysMultipleChoice() {
    let imported = questions("Arrows? {~=left -> right =up -> down}")
    #expect(imported.map(\.kind) == [.choice])
    #expect(imported.first?.choices.map(\.text) == ["left -> right", "up -> down"])
    let quiz = Quiz(id: "z", title: "Z", sections: [Section(questions: imported)])
    let written = GIFT.write(quiz)
    #expect(
      String(decoding: written.bytes, as: UTF8.self) == "::arrows::Arrows?{\n\t~=left -> right\n\t=up -> down\n}\n")
    let again = GIFT.read(written.bytes)
    #expect(again.quiz(id: "z", title: "Z") == quiz)
    #expect(GIFT.write(again.quiz(id: "z", title: "Z")).bytes == written.bytes)
  }

  @Test func aQuestionWithOnlyItsTitleTakesTheTitleForItsPromptWithAWarning() {
    let reading = read("::What is 2+2?::{=4 ~5}\n\n::Intro::\n")
    #expect(reading.errors == [])
    let imported = reading.sections.flatMap(\.questions)
    #expect(imported.map(\.prompt) == ["What is 2+2?", "Intro"])
    #expect(imported.map(\.kind) == [.choice, .description])
    #expect(reading.warnings.map(\.line) == [1, 3])
    #expect(reading.warnings[0].message.contains("\"What is 2+2?\" has no text but its ::title::"))
  }

  @Test func clozeSyntaxAndSeveralBlocksStayClearErrors() {
    let reading = read("Gap {1:SHORTANSWER:=Paris} here.\n\nTwo {=a ~b} and {=c ~d}.\n\nMC {2:MCV:=a~b}\n")
    #expect(reading.errors.map(\.line) == [1, 3, 5])
    #expect(reading.errors[0].message.hasPrefix("cloze syntax ({1:SHORTANSWER:…}) is not GIFT"))
    #expect(reading.errors[1].message.hasPrefix("a second answer block"))
    #expect(reading.errors[2].message.hasPrefix("cloze syntax"))
  }

  // MARK: Writing every kind

  /// Shuffled as a GIFT import gives each question (Moodle's default).
  static let everyKind = asImported(
    Quiz(
      id: "kinds", title: "Kinds",
      sections: [
        Section(
          title: "All",
          questions: [
            Question(
              id: "intro", prompt: "Read this: {braces} and = signs.", points: 0, textFormat: .moodle,
              body: .description),
            Question(
              id: "essay", prompt: "Write about Zürich, 東京 and القاهرة 🌍.", explanation: "Any answer.",
              textFormat: .moodle, body: .essay(Essay(responseFormat: .html))),
            Question(
              id: "capital", prompt: "Capital of France?", explanation: "It is Paris.",
              textFormat: .moodle,
              body: .shortAnswer(
                ShortAnswer(answers: [
                  TextAnswer(text: "Paris", feedback: "Yes#right"), TextAnswer(text: "Pari", fraction: 0.5),
                  TextAnswer(text: "%5% off"), TextAnswer(text: "*", fraction: 0, feedback: "No."),
                ]))),
            Question(
              id: "pi", prompt: "Pi?",
              textFormat: .moodle,
              body: .numerical(
                Numerical(answers: [
                  NumericAnswer(value: 3.14159, tolerance: 0.001, feedback: "Good"),
                  NumericAnswer(value: 3, tolerance: 0.5, fraction: 0.5), NumericAnswer(value: -1e-7),
                  NumericAnswer(value: nil, fraction: 0, feedback: "Not that."),
                ]))),
            Question(
              id: "match", prompt: "Match", textFormat: .html,
              body: .matching(
                Matching(
                  pairs: [
                    MatchPair(id: "a", stem: "<b>Canada</b>", answer: "Ottawa"),
                    MatchPair(id: "b", stem: "Italy", answer: "Rome = Roma"),
                  ], distractors: ["Paris"]))),
            Question(
              id: "even", prompt: "Even?", multiple: false,
              choices: [
                Choice(id: "a", text: "2", correct: true), Choice(id: "b", text: "4", correct: true),
                Choice(id: "c", text: "3", correct: false, feedback: "odd"),
              ]
            ).moodle(),
            Question.trueFalse(id: "tf", prompt: "True?", answer: true).moodle(),
          ])
      ]))

  @Test func everyKindRoundTripsByteForByte() {
    let first = GIFT.write(Self.everyKind)
    #expect(first.warnings == [])
    let text = String(decoding: first.bytes, as: UTF8.self)
    #expect(text.contains("::intro::Read this\\: \\{braces\\} and \\= signs.\n"))
    #expect(text.contains("::essay::Write about Zürich, 東京 and القاهرة 🌍.{####Any answer.}\n"))
    #expect(text.contains("\t=Paris#Yes\\#right\n\t=%50%Pari\n\t=[moodle]%5% off\n\t=%0%*#No.\n\t####It is Paris.\n"))
    #expect(text.contains("::pi::Pi?{#\n\t=3.14159:0.001#Good\n\t=%50%3:0.5\n\t=-1e-07\n\t~#Not that.\n}"))
    #expect(text.contains("\t=<b>Canada</b> -> Ottawa\n\t=Italy -> Rome \\= Roma\n\t= -> Paris\n"))
    let reading = GIFT.read(first.bytes)
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    let quiz = reading.quiz(id: "kinds", title: "Kinds")
    #expect(quiz == Self.everyKind)
    #expect(GIFT.write(quiz).bytes == first.bytes)
  }

  @Test func whatAKindHasThatGIFTCannotWriteIsNamedInAWarning() {
    var question = Question(
      id: "n", prompt: "N?",
      textFormat: .moodle,
      body: .numerical(
        Numerical(answers: [NumericAnswer(value: 1)], units: [NumericUnit(unit: "cm", multiplier: 1)], unitPenalty: 0.2)
      ))
    question.hints = [Hint(text: "Think.")]
    let essay = Question(
      id: "e", prompt: "E?", textFormat: .moodle, body: .essay(Essay(responseFormat: .plain, minWords: 5)))
    let short = Question(
      id: "s", prompt: "S?", textFormat: .moodle,
      body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "a")], caseSensitive: true)))
    let warnings = GIFT.write(
      Quiz(id: "z", title: "Z", sections: [Section(questions: [question, essay, short])])
    ).warnings
    #expect(
      warnings.contains("question \"n\": units and unit_penalty cannot be written in GIFT; it reads back without"))
    #expect(warnings.contains("question \"n\": hints cannot be written in GIFT; it reads back without"))
    #expect(warnings.contains { $0.hasPrefix("question \"e\": response_format plain and min_words cannot be written") })
    #expect(warnings.contains { $0.hasPrefix("question \"s\": case_sensitive cannot be written in GIFT") })
    #expect(warnings.count == 4)
  }
}

extension Question {
  /// This question in Moodle's auto-format, GIFT's default text format as Moodle reads it.
  fileprivate func moodle() -> Question {
    var question = self
    question.textFormat = .moodle
    // As a GIFT import gives it: Moodle's default shuffle (on, but for true/false).
    question.shuffle = MoodleImportDefaults.shuffle(of: question)
    return question
  }
}
