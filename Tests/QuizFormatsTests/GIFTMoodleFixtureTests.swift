import QuizDomain
import QuizFormats
import Testing

/// Moodle's own GIFT cases, transcribed from question/format/gift/tests/giftformat_test.php (each
/// test names its function there). Moodle's question object becomes quiz's model: its name the
/// id, its one text format per question (quiz keeps one per question, plain when none is
/// written), fractions as answers' fractions. Moodle's export starts with a `// question: N`
/// comment quiz does not write, and writes the name Moodle stored, where quiz writes the id.
@Suite struct GIFTMoodleFixtureTests {
  func one(_ text: String) -> Question? {
    let reading = GIFT.read(Array(text.utf8))
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    return reading.sections.flatMap(\.questions).first
  }

  func written(_ question: Question) -> String {
    let writing = GIFT.write(Quiz(id: "z", title: "Z", sections: [Section(questions: [question])]))
    return String(decoding: writing.bytes, as: UTF8.self)
  }

  /// test_import_essay
  @Test func importEssay() {
    #expect(
      one("\n// essay\n::Q8:: How are you? {}")
        == Question(id: "q8", prompt: "How are you?", textFormat: .moodle, body: .essay(Essay(responseFormat: .html))))
  }

  /// test_export_essay
  @Test func exportEssay() {
    let essay = Question(
      id: "q8", prompt: "How are you?", textFormat: .moodle, body: .essay(Essay(responseFormat: .html)))
    #expect(written(essay) == "::q8::How are you?{}\n")
  }

  /// test_import_match
  @Test func importMatch() {
    let question = one(
      """

      // question: 2  name: Moodle activities
      ::Moodle activities::[html]Match the <b>activity</b> to the description.{
          =[html]An activity supporting asynchronous discussions. -> Forum
          =[moodle]A teacher asks a question and specifies a choice of multiple responses. -> Choice
          =[plain]A bank of record entries which participants can add to. -> Database
          =[markdown]A collection of web pages that anyone can add to or edit. -> Wiki
          = -> Chat
      }
      """)
    let matching = Matching(
      pairs: [
        MatchPair(id: "a", stem: "An activity supporting asynchronous discussions.", answer: "Forum"),
        MatchPair(
          id: "b", stem: "A teacher asks a question and specifies a choice of multiple responses.", answer: "Choice"),
        MatchPair(id: "c", stem: "A bank of record entries which participants can add to.", answer: "Database"),
        MatchPair(id: "d", stem: "A collection of web pages that anyone can add to or edit.", answer: "Wiki"),
      ], distractors: ["Chat"])
    #expect(
      question
        == Question(
          id: "moodle-activities", prompt: "Match the <b>activity</b> to the description.", shuffle: true,
          textFormat: .html, body: .matching(matching)))
  }

  /// test_export_match (the stems in the question's format: quiz keeps one format per question)
  @Test func exportMatch() {
    let question = Question(
      id: "moodle-activities", prompt: "Match the <b>activity</b> to the description.", textFormat: .html,
      body: .matching(
        Matching(
          pairs: [
            MatchPair(
              id: "a", stem: "<div class=\"frog\">An activity supporting asynchronous discussions.</div>",
              answer: "Forum"),
            MatchPair(
              id: "b", stem: "A teacher asks a question and specifies a choice of multiple responses.",
              answer: "Choice"),
          ], distractors: ["Chat"])))
    #expect(
      written(question) == """
        ::moodle-activities::[html]Match the <b>activity</b> to the description.{
        \t=<div class\\="frog">An activity supporting asynchronous discussions.</div> -> Forum
        \t=A teacher asks a question and specifies a choice of multiple responses. -> Choice
        \t= -> Chat
        }

        """)
  }

  /// test_import_multichoice
  @Test func importMultichoice() {
    let question = one(
      """

      // multiple choice with specified feedback for right and wrong answers
      ::Q2:: What's between orange and green in the spectrum?
      {
          =yellow # right; good!
          ~red # [html]wrong, it's yellow
          ~[plain]blue # wrong, it's yellow
      }
      """)
    #expect(
      question
        == Question(
          id: "q2", prompt: "What's between orange and green in the spectrum?", multiple: false,
          choices: [
            Choice(id: "a", text: "yellow", correct: true, feedback: "right; good!"),
            Choice(id: "b", text: "red", correct: false, feedback: "wrong, it's yellow"),
            Choice(id: "c", text: "blue", correct: false, feedback: "wrong, it's yellow"),
          ]
        ).moodle())
  }

  /// test_import_multichoice_multi
  @Test func importMultichoiceMulti() {
    let reading = GIFT.read(
      Array(
        """
        ::colours:: What's between orange and green in the spectrum?
        {
            ~%50%yellow # right; good!
            ~%-100%red # [html]wrong
            ~%50%off-beige # right; good!
            ~%-100%[plain]blue # wrong
        }
        """.utf8))
    let question = reading.sections.flatMap(\.questions).first
    #expect(question?.multiple == true)
    #expect(question?.choices.map(\.text) == ["yellow", "red", "off-beige", "blue"])
    #expect(question?.choices.map(\.weight) == [0.5, -1, 0.5, -1])
    #expect(question?.choices.map(\.feedback) == ["right; good!", "wrong", "right; good!", "wrong"])
  }

  /// test_import_multichoice_multi_tricky
  @Test func importMultichoiceMultiTricky() {
    let question = one(
      "::colours:: What's between orange and green in the spectrum?\n{\n    ~%100%yellow # right; good!\n"
        + "    ~%-50%red # wrong\n    ~%-50%blue # wrong\n}")
    #expect(question?.multiple == true)
    #expect(question?.choices.map(\.weight) == [1, -0.5, -0.5])
    #expect(question?.choices.map(\.correct) == [true, false, false])
  }

  /// test_export_multichoice_multi_tricky
  @Test func exportMultichoiceMultiTricky() {
    let question = Question(
      id: "q8", prompt: "What's between orange and green in the spectrum?", multiple: true,
      choices: [
        Choice(id: "a", text: "yellow", correct: true, weight: 1, feedback: "right; good!"),
        Choice(id: "b", text: "red", correct: false, weight: -0.5, feedback: "wrong, it's yellow"),
        Choice(id: "c", text: "blue", correct: false, weight: -0.5, feedback: "wrong, it's yellow"),
      ]
    ).moodle()
    #expect(
      written(question)
        == "::q8::What's between orange and green in the spectrum?{\n\t~%100%yellow#right; good!\n"
        + "\t~%-50%red#wrong, it's yellow\n\t~%-50%blue#wrong, it's yellow\n}\n")
  }

  static let numerical = Question(
    id: "q5", prompt: "What is a number from 1 to 5?",
    textFormat: .moodle,
    body: .numerical(
      Numerical(answers: [
        NumericAnswer(value: 3, tolerance: 2), NumericAnswer(value: nil, fraction: 0, feedback: "Completely wrong"),
      ])))

  /// test_import_numerical
  @Test func importNumerical() {
    #expect(
      one("\n// math range question\n::Q5:: What is a number from 1 to 5? {#3:2~#Completely wrong}") == Self.numerical)
  }

  /// test_export_numerical (the first answer's fraction written, as Moodle writes it)
  @Test func exportNumerical() {
    var question = Self.numerical
    question.body = .numerical(
      Numerical(answers: [
        NumericAnswer(value: 3, tolerance: 2, fraction: 1),
        NumericAnswer(value: nil, fraction: 0, feedback: "Completely wrong"),
      ]))
    #expect(written(question) == "::q5::What is a number from 1 to 5?{#\n\t=%100%3:2\n\t~#Completely wrong\n}\n")
  }

  static let shortAnswer = Question(
    id: "shortanswer", prompt: "Which is the best animal?",
    textFormat: .moodle,
    body: .shortAnswer(
      ShortAnswer(answers: [
        TextAnswer(text: "Frog", feedback: "Good!"),
        TextAnswer(text: "Cat", fraction: 0.5, feedback: "What is it with Moodlers and cats?"),
        TextAnswer(text: "*", fraction: 0, feedback: "Completely wrong"),
      ])))

  /// test_import_shortanswer
  @Test func importShortanswer() {
    let text = """
      // question: 666  name: Shortanswer
      ::Shortanswer::Which is the best animal?{
          =Frog#Good!
          =%50%Cat#What is it with Moodlers and cats?
          =%0%*#Completely wrong
      }
      """
    #expect(one(text) == Self.shortAnswer)
  }

  /// test_import_shortanswer_with_general_feedback
  @Test func importShortanswerWithGeneralFeedback() {
    let text = """
      ::Shortanswer::Which is the best animal?{
          =Frog#Good!
          =%50%Cat#What is it with Moodlers and cats?
          =%0%*#Completely wrong
          ####[html]Here is some general feedback!
      }
      """
    var expected = Self.shortAnswer
    expected.explanation = "Here is some general feedback!"
    #expect(one(text) == expected)
  }

  /// test_export_shortanswer and test_export_shortanswer_with_general_feedback
  @Test func exportShortanswer() {
    var question = Self.shortAnswer
    question.body = .shortAnswer(
      ShortAnswer(answers: [
        TextAnswer(text: "Frog", fraction: 1, feedback: "Good!"),
        TextAnswer(text: "Cat", fraction: 0.5, feedback: "What is it with Moodlers and cats?"),
        TextAnswer(text: "*", fraction: 0, feedback: "Completely wrong"),
      ]))
    let body =
      "::shortanswer::Which is the best animal?{\n\t=%100%Frog#Good!\n\t=%50%Cat#What is it with Moodlers and cats?\n"
      + "\t=%0%*#Completely wrong\n"
    #expect(written(question) == body + "}\n")
    question.explanation = "Here is some general feedback!"
    #expect(written(question) == body + "\t####Here is some general feedback!\n}\n")
  }

  /// test_import_truefalse, test_import_truefalse_true_answer1 and _answer2
  @Test func importTruefalse() {
    #expect(
      one(
        "\n// true/false\n::Q1:: 42 is the Absolute Answer to everything.{\nFALSE#42 is the Ultimate Answer.#You gave the right answer.}"
      )
        == Question.trueFalse(
          id: "q1", prompt: "42 is the Absolute Answer to everything.", answer: false,
          feedbackTrue: "42 is the Ultimate Answer.", feedbackFalse: "You gave the right answer."
        ).moodle())
    let tsl = Question.trueFalse(id: "2-08-tsl", prompt: "TSL is blablabla.", answer: true).moodle()
    #expect(one("// name 0-11\n::2-08 TSL::TSL is blablabla.{T}") == tsl)
    #expect(one("// name 0-11\n::2-08 TSL::TSL is blablabla.{TRUE}") == tsl)
  }

  /// test_export_truefalse (quiz writes T where Moodle writes TRUE; both read back the same)
  @Test func exportTruefalse() {
    let question = Question.trueFalse(
      id: "q1", prompt: "42 is the Absolute Answer to everything.", answer: true,
      feedbackTrue: "You gave the right answer.", feedbackFalse: "42 is the Ultimate Answer."
    ).moodle()
    #expect(
      written(question)
        == "::q1::42 is the Absolute Answer to everything.{T#42 is the Ultimate Answer.#You gave the right answer.}\n")
  }

  /// test_import_backslash and test_export_backslash (MDL-34171)
  @Test func backslashes() {
    #expect(one("\n// essay\n::double backslash:: A \\\\ B \\\\\\\\ C{}")?.prompt == "A \\ B \\\\ C")
    let essay = Question(
      id: "backslash", prompt: "A \\ B \\\\ C", textFormat: .moodle, body: .essay(Essay(responseFormat: .html)))
    #expect(written(essay) == "::backslash::A \\\\ B \\\\\\\\ C{}\n")
  }

  /// test_import_pre_content: escaped braces, and the indentation inside the text kept.
  @Test func importPreContent() {
    let text = """

      ::Q001::[html]<p>What would running the test method print?</p>
      <pre>
          public void test() \\{
              method1();
              method2();
              method3();
          \\}
      </pre>
      {}
      """
    #expect(
      one(text)
        == Question(
          id: "q001",
          prompt: "<p>What would running the test method print?</p>\n<pre>\n    public void test() {\n"
            + "        method1();\n        method2();\n        method3();\n    }\n</pre>",
          textFormat: .html, body: .essay(Essay(responseFormat: .html))))
  }

  /// test_import_question_with_tags
  @Test func importQuestionWithTags() {
    let text = """

      // This question is to test importing tags: [tag:tag] [tag:other-tag].
      // And an idnumber: [id:myid].
      ::Question name:: How are you? {}
      """
    #expect(
      one(text)
        == Question(
          id: "myid", prompt: "How are you?", tags: ["tag", "other-tag"], textFormat: .moodle,
          body: .essay(Essay(responseFormat: .html))))
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
