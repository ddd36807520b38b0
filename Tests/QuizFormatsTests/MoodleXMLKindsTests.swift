import QuizDomain
import QuizFormats
import Testing

/// Moodle XML's other kinds (issue 22): short answer, numerical, matching, essay, description and
/// cloze, and the question options (hints, penalty, combined feedback, answer numbering). The
/// `test_import_*` cases are transcribed from Moodle's question/format/xml/tests/xmlformat_test.php,
/// each naming its function there.
@Suite struct MoodleXMLKindsTests {
  func read(_ text: String) -> FormatReading { MoodleXML.read(Array(text.utf8)) }
  func questions(_ reading: FormatReading) -> [Question] { reading.sections.flatMap(\.questions) }
  func quiz(_ questions: [Question]) -> Quiz { Quiz(id: "k", title: "K", sections: [Section(questions: questions)]) }

  // MARK: Transcribed from xmlformat_test.php

  /// xmlformat_test.php, test_import_shortanswer_19.
  @Test func importShortanswer19() {
    let reading = read(
      """
      <quiz>
        <question type="shortanswer">
          <name><text>Short answer question</text></name>
          <questiontext format="html"><text>Fill in the gap in this sequence: Alpha, ________, Gamma.</text></questiontext>
          <generalfeedback><text>The answer is Beta.</text></generalfeedback>
          <defaultgrade>1</defaultgrade>
          <penalty>0.3333333</penalty>
          <hidden>0</hidden>
          <usecase>0</usecase>
          <answer fraction="100" format="plain_text"><text>Beta</text><feedback><text>Well done!</text></feedback></answer>
          <answer fraction="0" format="plain_text"><text>*</text><feedback><text>Doh!</text></feedback></answer>
          <hint><text>Hint 1</text></hint>
          <hint><text>Hint 2</text></hint>
        </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    let question = questions(reading).first
    #expect(question?.id == "short-answer-question")
    #expect(question?.prompt == "Fill in the gap in this sequence: Alpha, ________, Gamma.")
    #expect(question?.explanation == "The answer is Beta.")
    #expect(question?.penalty == 0.3333333)
    #expect(question?.hints == [Hint(text: "Hint 1"), Hint(text: "Hint 2")])
    #expect(
      question?.body
        == .shortAnswer(
          ShortAnswer(
            answers: [
              TextAnswer(text: "Beta", feedback: "Well done!"), TextAnswer(text: "*", fraction: 0, feedback: "Doh!"),
            ], caseSensitive: false)))
  }

  /// xmlformat_test.php, test_import_numerical (and the answers of test_export_numerical).
  @Test func importNumerical() {
    let reading = read(
      """
      <quiz>
        <question type="numerical">
          <name><text>Numerical question</text></name>
          <questiontext format="html"><text>What is the answer?</text></questiontext>
          <generalfeedback><text>General feedback: Think Hitch-hikers guide to the Galaxy.</text></generalfeedback>
          <defaultgrade>1</defaultgrade>
          <penalty>0.1</penalty>
          <hidden>0</hidden>
          <answer fraction="100"><text>42</text><feedback><text>Well done!</text></feedback><tolerance>0.001</tolerance></answer>
          <answer fraction="0"><text>13</text><feedback><text>What were you thinking?!</text></feedback><tolerance>1</tolerance></answer>
          <answer fraction="0"><text>*</text><feedback><text>Completely wrong.</text></feedback><tolerance></tolerance></answer>
          <units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit><unit><multiplier>100</multiplier><unit_name>cm</unit_name></unit></units>
          <unitgradingtype>2</unitgradingtype>
          <unitpenalty>0.5</unitpenalty>
          <showunits>1</showunits>
          <unitsleft>0</unitsleft>
        </question>
      </quiz>
      """)
    // An empty tolerance is Moodle's 0, quiz's default.
    let fixed = reading
    #expect(fixed.errors == [])
    #expect(
      questions(fixed).first?.body
        == .numerical(
          Numerical(
            answers: [
              NumericAnswer(value: 42, tolerance: 0.001, feedback: "Well done!"),
              NumericAnswer(value: 13, tolerance: 1, fraction: 0, feedback: "What were you thinking?!"),
              NumericAnswer(value: nil, fraction: 0, feedback: "Completely wrong."),
            ],
            units: [NumericUnit(unit: "m", multiplier: 1), NumericUnit(unit: "cm", multiplier: 100)],
            unitGrading: .max, unitPenalty: 0.5, unitInput: .choice, unitsLeft: false)))
    #expect(questions(fixed).first?.penalty == 0.1)
  }

  /// xmlformat_test.php, test_import_match_19.
  @Test func importMatch19() {
    let reading = read(
      """
      <quiz>
        <question type="matching">
          <name><text>Matching question</text></name>
          <questiontext format="html"><text>Match the upper and lower case letters.</text></questiontext>
          <generalfeedback><text>The answer is A -> a, B -> b and C -> c.</text></generalfeedback>
          <defaultgrade>1</defaultgrade>
          <penalty>0.3333333</penalty>
          <hidden>0</hidden>
          <shuffleanswers>false</shuffleanswers>
          <correctfeedback><text>Well done.</text></correctfeedback>
          <partiallycorrectfeedback><text>Not entirely.</text></partiallycorrectfeedback>
          <incorrectfeedback><text>Completely wrong!</text></incorrectfeedback>
          <subquestion><text>A</text><answer><text>a</text></answer></subquestion>
          <subquestion><text>B</text><answer><text>b</text></answer></subquestion>
          <subquestion><text>C</text><answer><text>c</text></answer></subquestion>
          <subquestion><text></text><answer><text>d</text></answer></subquestion>
          <hint><text>Hint 1</text><shownumcorrect /></hint>
          <hint><text></text><shownumcorrect /><clearwrong /></hint>
        </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    let question = questions(reading).first
    #expect(question?.shuffle == false)
    #expect(question?.penalty == 0.3333333)
    #expect(
      question?.outcomeFeedback
        == OutcomeFeedback(correct: "Well done.", partiallyCorrect: "Not entirely.", incorrect: "Completely wrong!"))
    #expect(
      question?.body
        == .matching(
          Matching(
            pairs: [
              MatchPair(id: "a", stem: "A", answer: "a"), MatchPair(id: "b", stem: "B", answer: "b"),
              MatchPair(id: "c", stem: "C", answer: "c"),
            ], distractors: ["d"])))
    // Moodle keeps the empty second hint until it saves the question, which drops it.
    #expect(question?.hints == [Hint(text: "Hint 1", showNumberCorrect: true)])
    // <shuffleanswers> missing: Moodle's default is to shuffle.
    let shuffled = read(
      "<quiz><question type=\"matching\"><questiontext><text>M?</text></questiontext>"
        + "<subquestion><text>A</text><answer><text>a</text></answer></subquestion>"
        + "<subquestion><text>B</text><answer><text>b</text></answer></subquestion></question></quiz>")
    #expect(questions(shuffled).first?.shuffle == true)
  }

  /// xmlformat_test.php, test_import_essay_20 (Moodle's defaults) and test_import_essay_21.
  @Test func importEssay20And21() {
    let defaults = read(
      """
      <quiz>
        <question type="essay">
          <name><text>An essay</text></name>
          <questiontext format="moodle_auto_format"><text>Write something.</text></questiontext>
          <generalfeedback><text>I hope you wrote something interesting.</text></generalfeedback>
          <defaultgrade>1</defaultgrade>
          <penalty>0</penalty>
          <hidden>0</hidden>
        </question>
      </quiz>
      """)
    #expect(defaults.errors == [])
    #expect(defaults.warnings == [])
    #expect(questions(defaults).first?.textFormat == .moodle)
    #expect(questions(defaults).first?.body == .essay(Essay(responseFormat: .html)))
    let full = read(
      """
      <quiz>
        <question type="essay">
          <name><text>An essay</text></name>
          <questiontext format="moodle_auto_format"><text>Write something.</text></questiontext>
          <defaultgrade>1</defaultgrade>
          <responseformat>monospaced</responseformat>
          <responserequired>0</responserequired>
          <responsefieldlines>42</responsefieldlines>
          <minwordlimit>10</minwordlimit>
          <maxwordlimit></maxwordlimit>
          <attachments>-1</attachments>
          <graderinfo format="html">
              <text><![CDATA[<p>Grade <b>generously</b>!</p>]]></text>
          </graderinfo>
          <responsetemplate format="html"><text>Dear…</text></responsetemplate>
        </question>
      </quiz>
      """)
    #expect(full.errors == [])
    #expect(
      questions(full).first?.body
        == .essay(
          Essay(
            responseFormat: .monospaced, responseRequired: false, responseLines: 42, minWords: 10,
            responseTemplate: "Dear…", graderInfo: "<p>Grade <b>generously</b>!</p>")))
    // Attachments are not kept: Moodle allowed unlimited ones (-1), which is said once.
    #expect(
      full.warnings == [
        FormatProblem(
          line: 11, message: "<attachments> is not kept by quiz; it is left out here and in the rest of the file")
      ])
  }

  /// xmlformat_test.php, test_import_description: its defaultgrade of 0 is accepted.
  @Test func importDescription() {
    let reading = read(
      """
      <quiz>
        <question type="description">
          <name><text>A description</text></name>
          <questiontext format="html"><text>The question text.</text></questiontext>
          <generalfeedback><text>Here is some general feedback.</text></generalfeedback>
          <defaultgrade>0</defaultgrade>
          <penalty>0</penalty>
          <hidden>0</hidden>
        </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    let question = questions(reading).first
    #expect(question?.body == .description)
    #expect(question?.points == 0)
    #expect(question?.penalty == 0)
    #expect(question?.explanation == "Here is some general feedback.")
  }

  /// xmlformat_test.php, test_import_truefalse with hints (test_import_hints_no_parts): a
  /// true/false question's hints are kept, <clearwrong/> and <shownumcorrect/> by presence.
  @Test func importTruefalseWithHints() {
    let reading = read(
      """
      <quiz>
        <question type="truefalse">
          <name><text>True false question</text></name>
          <questiontext format="html"><text>The answer is true.</text></questiontext>
          <answer fraction="100"><text>true</text><feedback><text>Well done!</text></feedback></answer>
          <answer fraction="0"><text>false</text><feedback><text>Doh!</text></feedback></answer>
          <hint><text>This is the first hint</text><clearwrong/></hint>
          <hint><text>This is the second hint</text><shownumcorrect/></hint>
        </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    #expect(
      questions(reading).first?.hints == [
        Hint(text: "This is the first hint", clearWrong: true),
        Hint(text: "This is the second hint", showNumberCorrect: true),
      ])
  }

  /// xmlformat_test.php, test_import_multianswer: the question text in Moodle's syntax; the
  /// question is worth its gaps, whatever its defaultgrade.
  @Test func importMultianswer() {
    let reading = read(
      """
      <quiz>
        <question type="cloze">
          <name><text>Simple multianswer</text></name>
          <questiontext format="html">
            <text><![CDATA[Complete this opening line of verse: "The {1:SHORTANSWER:Dog#Wrong, silly!~=Owl#Well done!~*#Wrong answer} and the {1:MULTICHOICE:%50%dog#Half marks~=Pussy-cat#Well done!} went to sea".]]></text>
          </questiontext>
          <generalfeedback format="html"><text>General feedback: It's from "The Owl and the Pussy-cat" by Lear.</text></generalfeedback>
          <defaultgrade>7</defaultgrade>
          <penalty>0.5</penalty>
          <hint format="html"><text>Hint 1</text></hint>
        </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    let question = questions(reading).first
    #expect(question?.prompt == "Complete this opening line of verse: \"The {#1} and the {#2} went to sea\".")
    #expect(question?.points == 2)
    #expect(question?.penalty == 0.5)
    #expect(question?.hints == [Hint(text: "Hint 1")])
    guard case .cloze(let cloze) = question?.body else {
      Issue.record("not a cloze question: \(String(describing: question?.body))")
      return
    }
    #expect(cloze.parts.map(\.kind) == [.shortAnswer, .choice])
    // Written back from its parts, it reads back the same.
    let again = read(MoodleXML.write(quiz(questions(reading))).bytes.string)
    #expect(questions(again).first?.content == question?.content)
  }

  @Test func aClozeSyntaxErrorIsAtItsLineInTheFile() {
    let reading = read(
      "<quiz>\n<question type=\"cloze\">\n<questiontext><text>\nFirst line.\nNo gap here.</text></questiontext>\n"
        + "</question>\n</quiz>")
    #expect(reading.errors.count == 1)
    #expect((3...5).contains(reading.errors.first?.line ?? 0))
  }
}

// MARK: - Options, skipped types, warnings

extension MoodleXMLKindsTests {
  @Test func multichoiceKeepsNumberingCombinedFeedbackAndSeveralFullAnswers() {
    let reading = read(
      """
      <quiz>
        <question type="multichoice">
          <name><text>Two</text></name>
          <questiontext><text>2 + 2 = ?</text></questiontext>
          <single>true</single>
          <answernumbering>none</answernumbering>
          <correctfeedback format="html"><text>Right.</text></correctfeedback>
          <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>
          <incorrectfeedback format="html"><text>Wrong.</text></incorrectfeedback>
          <shownumcorrect/>
          <answer fraction="100"><text>4</text></answer>
          <answer fraction="100"><text>four</text></answer>
          <answer fraction="0"><text>3</text></answer>
        </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    let question = questions(reading).first
    #expect(question?.correctChoiceIDs == ["a", "b"])
    #expect(question?.multiple == false)
    if case .choice(let body) = question?.body { #expect(body.numbering == AnswerNumbering.none) }
    #expect(
      question?.outcomeFeedback == OutcomeFeedback(correct: "Right.", incorrect: "Wrong.", showNumberCorrect: true))
    let written = MoodleXML.write(quiz(questions(reading))).bytes.string
    #expect(written.contains("    <answernumbering>none</answernumbering>\n"))
    #expect(written.contains("    <shownumcorrect/>\n"))
    #expect(questions(read(written)) == questions(reading))
  }

  @Test func calculatedAndPluginTypesAreSkippedByTheirType() {
    let reading = read(
      """
      <quiz>
        <question type="calculated"><name><text>Calc</text></name></question>
        <question type="ddwtos"><name><text>Drag</text></name></question>
        <question type="calculated"><name><text>Calc 2</text></name></question>
        <question type="stack"/>
        <question type="description"><questiontext><text>Intro</text></questiontext></question>
      </quiz>
      """)
    #expect(reading.errors == [])
    #expect(
      reading.warnings == [
        FormatProblem(line: 2, message: "skipped calculated question \"Calc\""),
        FormatProblem(line: 3, message: "skipped ddwtos question \"Drag\""),
        FormatProblem(line: 4, message: "skipped calculated question \"Calc 2\""),
        FormatProblem(line: 5, message: "skipped stack question"),
      ])
    #expect(reading.skippedTypes == ["calculated", "ddwtos", "stack"])
    #expect(questions(reading).map(\.kind) == [.description])
  }

  @Test func whatIsNotKeptIsOneWarningPerElementAndFile() {
    let question = """
        <question type="multichoice"><questiontext><text>Q?</text></questiontext>\
      <showstandardinstruction>0</showstandardinstruction><hidden>1</hidden>\
      <answer fraction="100"><text>a</text></answer><answer><text>b</text></answer>\
      <hint><text>Look</text><options>1</options></hint></question>
      """
    let reading = read("<quiz>\n" + question + "\n" + question + "\n</quiz>")
    #expect(reading.errors == [])
    #expect(
      reading.warnings.map(\.message) == [
        "<options> (the options of a hint) is not kept by quiz; it is left out here and in the rest of the file",
        "<showstandardinstruction> is not kept by quiz; it is left out here and in the rest of the file",
        "<hidden> is not kept by quiz; it is left out here and in the rest of the file",
      ])
    #expect(reading.warnings.map(\.line) == [2, 2, 2])
  }

  /// A tolerance with more than a number: Moodle saves the number it starts with, converted
  /// when a unit of the question follows it (`qtype_numerical::apply_unit`), 0 for none.
  @Test func aToleranceIsReadAsTheNumberItStartsWith() {
    let reading = read(
      """
      <quiz>
      <question type="numerical"><name><text>N</text></name><questiontext><text>N?</text></questiontext>
        <answer fraction="100"><text>4</text><tolerance>0.1 km</tolerance></answer>
        <answer fraction="50"><text>5</text><tolerance>2.5cm</tolerance></answer>
        <answer fraction="0"><text>6</text><tolerance>about</tolerance></answer>
        <units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit>\
      <unit><multiplier>100</multiplier><unit_name>cm</unit_name></unit></units>
      </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    let moodle = "as Moodle reads it:"
    #expect(
      reading.warnings == [
        FormatProblem(
          line: 3,
          message: "answer 1: the tolerance \"0.1 km\" is read as 0.1, \(moodle) the number it starts with, "
            + "\"km\" left out"),
        FormatProblem(
          line: 4,
          message: "answer 2: the tolerance \"2.5cm\" is read as 0.025, \(moodle) 2.5 cm, the unit of "
            + "multiplier 100"),
        FormatProblem(
          line: 5, message: "answer 3: the tolerance \"about\" is read as 0, \(moodle) it starts with no number"),
      ])
    #expect(
      questions(reading).first?.body
        == .numerical(
          Numerical(
            answers: [
              NumericAnswer(value: 4, tolerance: 0.1), NumericAnswer(value: 5, tolerance: 0.025, fraction: 0.5),
              NumericAnswer(value: 6, tolerance: 0, fraction: 0),
            ],
            units: [NumericUnit(unit: "m", multiplier: 1), NumericUnit(unit: "cm", multiplier: 100)])))
  }

  /// A numerical question's unit instructions are not kept: said once, in their own words (the
  /// list of elements not read said it a second time).
  @Test func unitInstructionsAreWarnedAboutOnce() {
    let reading = read(
      """
      <quiz>
      <question type="numerical"><name><text>N</text></name><questiontext><text>N?</text></questiontext>
        <answer fraction="100"><text>4</text></answer>
        <instructions format="html"><text>Give metres.</text></instructions>
      </question>
      </quiz>
      """)
    #expect(reading.errors == [])
    #expect(reading.warnings.filter { $0.message.contains("instructions") }.count == 1, "\(reading.warnings)")
  }

  @Test func badValuesAreErrorsAtTheirLine() {
    let reading = read(
      """
      <quiz>
      <question type="numerical"><questiontext><text>N?</text></questiontext><answer fraction="100"><text>four</text></answer></question>
      <question type="numerical"><questiontext><text>N?</text></questiontext>
        <answer fraction="100"><text>4</text></answer><unitgradingtype>7</unitgradingtype></question>
      <question type="essay"><questiontext><text>E?</text></questiontext>
        <responsefieldlines>many</responsefieldlines></question>
      <question type="shortanswer"><questiontext><text>S?</text></questiontext>
        <penalty>2</penalty><answer fraction="100"><text>x</text></answer></question>
      </quiz>
      """)
    #expect(
      reading.errors == [
        FormatProblem(line: 2, message: "answer 1: \"four\" is not a number (or * for any number)"),
        FormatProblem(line: 4, message: "unitgradingtype \"7\" is not 0, 1 or 2"),
        FormatProblem(line: 6, message: "responsefieldlines \"many\" is not a whole number of 0 or more"),
        FormatProblem(line: 8, message: "penalty \"2\" is not a number from 0 to 1"),
      ])
  }
}

// MARK: - Round trips

extension MoodleXMLKindsTests {
  /// A question of every kind but cloze (its own test needs Moodle's syntax), in Japanese,
  /// Arabic, accents and emoji.
  static let everyKind: [Question] = [
    Question(
      id: "shuto", prompt: "日本の首都は？", explanation: "東京です。", points: 2, tags: ["地理"],
      body: .shortAnswer(
        ShortAnswer(
          answers: [TextAnswer(text: "東京", feedback: "正解 🎉"), TextAnswer(text: "Tokio", fraction: 0.5)],
          caseSensitive: true)),
      hints: [Hint(text: "東の京", showNumberCorrect: true)], penalty: 0.1),
    Question(
      id: "pi", prompt: "π ≈ ?", textFormat: .html,
      body: .numerical(
        Numerical(
          answers: [
            NumericAnswer(value: 3.14, tolerance: 0.01, feedback: "<b>Bien joué</b>"),
            NumericAnswer(value: nil, fraction: 0),
          ], units: [NumericUnit(unit: "rad", multiplier: 1)], unitGrading: .mark, unitPenalty: 0.2,
          unitInput: .text, unitsLeft: false))),
    Question(
      id: "capitals", prompt: "طابق العواصم", shuffle: true,
      body: .matching(
        Matching(
          pairs: [
            MatchPair(id: "a", stem: "مصر", answer: "القاهرة"), MatchPair(id: "b", stem: "Japon", answer: "Tōkyō"),
          ],
          distractors: ["Zürich"])),
      outcomeFeedback: OutcomeFeedback(correct: "ممتاز", showNumberCorrect: true),
      hints: [Hint(text: "Afrique", clearWrong: true)]),
    Question(
      id: "essai", prompt: "Écrivez un essai.", points: 5, textFormat: .moodle,
      body: .essay(
        Essay(
          responseFormat: .html, responseRequired: false, responseLines: 10, minWords: 5, maxWords: 500,
          responseTemplate: "<p>Cher…</p>", graderInfo: "Soyez généreux"))),
    Question(id: "intro", prompt: "はじめに 📖", points: 0, body: .description),
    Question(
      id: "two", prompt: "2 + 2?", explanation: nil, points: 1,
      body: .choice(
        ChoiceBody(
          multiple: false,
          choices: [
            Choice(id: "a", text: "4", correct: true), Choice(id: "b", text: "four", correct: false),
            Choice(id: "c", text: "5", correct: false),
          ], numbering: .upperRoman)),
      outcomeFeedback: OutcomeFeedback(partiallyCorrect: "Presque"), penalty: 0.3333333),
  ]

  @Test func everyKindRoundTripsByteForByte() {
    let first = MoodleXML.write(quiz(Self.everyKind))
    #expect(first.warnings == [])
    let reading = MoodleXML.read(first.bytes)
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    #expect(questions(reading) == Self.everyKind)
    let second = MoodleXML.write(reading.quiz(id: "k", title: "K"))
    #expect(second.bytes == first.bytes)
  }

  @Test func writingGivesMoodlesElementsForEachKind() {
    let text = MoodleXML.write(quiz(Self.everyKind)).bytes.string
    for element in [
      "<question type=\"shortanswer\">", "<usecase>1</usecase>",
      "<answer fraction=\"50\" format=\"moodle_auto_format\">",
      "<question type=\"numerical\">", "<tolerance>0.01</tolerance>", "<unit_name>rad</unit_name>",
      "<unitgradingtype>1</unitgradingtype>", "<unitpenalty>0.2</unitpenalty>", "<showunits>0</showunits>",
      "<question type=\"matching\">", "<subquestion format=\"plain_text\">", "<question type=\"essay\">",
      "<responseformat>editor</responseformat>", "<responserequired>0</responserequired>",
      "<responsefieldlines>10</responsefieldlines>", "<minwordlimit>5</minwordlimit>",
      "<graderinfo format=\"moodle_auto_format\">", "<question type=\"description\">", "<defaultgrade>0</defaultgrade>",
      "<penalty>0.3333333</penalty>", "<answernumbering>IIII</answernumbering>", "<clearwrong/>",
    ] {
      #expect(text.contains(element), "\(element)")
    }
  }

  @Test func whatMoodleXMLCannotCarryOfTheKindsIsWarned() {
    let essay = Question(
      id: "e", prompt: "E?", body: .essay(Essay()), outcomeFeedback: OutcomeFeedback(correct: "Good"),
      hints: [Hint(text: "H")])
    let numeric = Question(
      id: "n", prompt: "N?", shuffle: true,
      body: .numerical(Numerical(answers: [NumericAnswer(value: 1, fraction: 0.33)])))
    let warnings = MoodleXML.write(quiz([essay, numeric])).warnings
    #expect(
      warnings.contains("question \"e\": Moodle XML has no combined feedback for essay questions; it is not written"))
    #expect(warnings.contains("question \"e\": Moodle XML has no hints for essay questions; they are not written"))
    #expect(warnings.contains("question \"n\": shuffle cannot be written for numerical questions in Moodle XML"))
    #expect(
      warnings.contains(
        "question \"n\", answer 1: the fraction 33 is not on Moodle's grade list; written as 33.33333"))
  }
}

extension [UInt8] {
  fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}
