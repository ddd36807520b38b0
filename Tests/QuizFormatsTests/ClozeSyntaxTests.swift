import QuizDomain
import QuizFormats
import Testing

/// Moodle's embedded-answers syntax read and written: Moodle's own cases (from
/// question/type/multianswer/tests/helper.php), then one case per rule of
/// `qtype_multianswer_extract_question` (questiontype.php) and `qtype_multianswer_validate_question`.
@Suite struct ClozeSyntaxTests {
  func parts(_ text: String) throws -> [ClozePart] { try ClozeSyntax.parse(text).cloze.parts }

  func part(_ text: String) throws -> ClozePartBody {
    let parts = try parts(text)
    try #require(parts.count == 1)
    return parts[0].body
  }

  func choices(_ text: String) throws -> ClozeChoice {
    guard case .choice(let choice) = try part(text) else { throw Unexpected(text) }
    return choice
  }

  func shortAnswer(_ text: String) throws -> ShortAnswer {
    guard case .shortAnswer(let shortAnswer) = try part(text) else { throw Unexpected(text) }
    return shortAnswer
  }

  func numerical(_ text: String) throws -> Numerical {
    guard case .numerical(let numerical) = try part(text) else { throw Unexpected(text) }
    return numerical
  }

  func error(_ text: String) -> ClozeSyntaxError? {
    do {
      _ = try ClozeSyntax.parse(text)
      return nil
    } catch {
      return error
    }
  }

  struct Unexpected: Error {
    var text: String
    init(_ text: String) { self.text = text }
  }

  // MARK: - Moodle's cases (question/type/multianswer/tests/helper.php)

  /// helper.php, get_multianswer_question_form_data_twosubq (and make_multianswer_question_twosubq's parts).
  @Test func moodleTwoSubquestions() throws {
    let text =
      "Complete this opening line of verse: \"The {1:SHORTANSWER:Dog#Wrong, silly!~=Owl#Well done!~*#Wrong answer} "
      + "and the {1:MULTICHOICE:Bow-wow#You seem to have a dog obsessions!"
      + "~Wiggly worm#Now you are just being ridiculous!~=Pussy-cat#Well done!} went to sea\"."
    let (prompt, cloze) = try ClozeSyntax.parse(text)
    #expect(prompt == "Complete this opening line of verse: \"The {#1} and the {#2} went to sea\".")
    #expect(
      cloze.parts == [
        ClozePart(
          points: 1,
          body: .shortAnswer(
            ShortAnswer(answers: [
              TextAnswer(text: "Dog", fraction: 0, feedback: "Wrong, silly!"),
              TextAnswer(text: "Owl", fraction: nil, feedback: "Well done!"),
              TextAnswer(text: "*", fraction: 0, feedback: "Wrong answer"),
            ]))),
        ClozePart(
          points: 1,
          body: .choice(
            ClozeChoice(choices: [
              Choice(id: "a", text: "Bow-wow", correct: false, feedback: "You seem to have a dog obsessions!"),
              Choice(id: "b", text: "Wiggly worm", correct: false, feedback: "Now you are just being ridiculous!"),
              Choice(id: "c", text: "Pussy-cat", correct: true, feedback: "Well done!"),
            ]))),
      ])
    #expect(cloze.points == 2)
    // question/format/xml/tests/xmlformat_test.php, test_export_multianswer: Moodle writes the
    // same text back.
    #expect(ClozeSyntax.text(prompt: prompt, cloze: cloze) == text)
  }

  /// helper.php, make_multianswer_question_fourmc: `%0%` is no mark (PHP reads "0" as false).
  @Test func moodleFourMultichoice() throws {
    let choice = try choices("{1:MULTICHOICE:%0%California#Wrong~=Arizona#OK}")
    #expect(
      choice.choices == [
        Choice(id: "a", text: "California", correct: false, feedback: "Wrong"),
        Choice(id: "b", text: "Arizona", correct: true, feedback: "OK"),
      ])
    #expect(choice.effectiveDisplay == .dropdown)
  }

  /// helper.php, make_multianswer_question_numericalzero (MDL-35370): `=0:0`.
  @Test func moodleNumericalZero() throws {
    let (prompt, cloze) = try ClozeSyntax.parse("Enter zero: {1:NUMERICAL:=0:0}.")
    #expect(prompt == "Enter zero: {#1}.")
    #expect(cloze.parts == [ClozePart(body: .numerical(Numerical(answers: [NumericAnswer(value: 0, tolerance: 0)])))])
  }

  /// helper.php, get_multianswer_question_data_dollarsigns: `$` and commas are plain text.
  @Test func moodleDollarSigns() throws {
    let choice = try choices("Which is the right order? {1:MULTICHOICE:=y,y,$3~$3,y,y}")
    #expect(
      choice.choices == [
        Choice(id: "a", text: "y,y,$3", correct: true), Choice(id: "b", text: "$3,y,y", correct: false),
      ])
  }

  /// helper.php, make_multianswer_question_multiple: weights are kept as written (Moodle rescales
  /// Apple, Orange and Banana to 1/3 each when saving; the scoring does that here).
  @Test func moodleMultiresponse() throws {
    let text =
      "Please select the fruits {1:MULTIRESPONSE:=Apple#Good~%-50%Burger~%-50%Hot dog#Not a fruit~%-50%Pizza"
      + "~=Orange#Correct~=Banana} and vegetables {1:MULTIRESPONSE:=Raddish#Good~%-50%Chocolate"
      + "~%-50%Biscuit#Not a vegetable~%-50%Cheese~=Carrot#Correct}"
    let (prompt, cloze) = try ClozeSyntax.parse(text)
    #expect(prompt == "Please select the fruits {#1} and vegetables {#2}")
    guard case .choice(let fruits) = cloze.parts[0].body else { throw Unexpected(text) }
    #expect(fruits.isMultiple)
    #expect(fruits.effectiveDisplay == .vertical)
    #expect(
      fruits.choices == [
        Choice(id: "a", text: "Apple", correct: true, feedback: "Good"),
        Choice(id: "b", text: "Burger", correct: false, weight: -0.5),
        Choice(id: "c", text: "Hot dog", correct: false, weight: -0.5, feedback: "Not a fruit"),
        Choice(id: "d", text: "Pizza", correct: false, weight: -0.5),
        Choice(id: "e", text: "Orange", correct: true, feedback: "Correct"),
        Choice(id: "f", text: "Banana", correct: true),
      ])
    #expect(cloze.parts.count == 2)
  }

  // MARK: - Types (ANSWER_TYPE_DEF_REGEX)

  @Test(arguments: [
    ("NUMERICAL", "numerical"), ("NM", "numerical"), ("SHORTANSWER", "sa"), ("SA", "sa"), ("MW", "sa"),
    ("SHORTANSWER_C", "sac"), ("SAC", "sac"), ("MWC", "sac"),
  ])
  func textTypes(name: String, kind: String) throws {
    let body = try part("{1:\(name):=1}")
    switch body {
    case .numerical(let numerical): #expect(kind == "numerical" && numerical.answers == [NumericAnswer(value: 1)])
    case .shortAnswer(let shortAnswer):
      #expect(kind == (shortAnswer.isCaseSensitive ? "sac" : "sa"))
      #expect(shortAnswer.answers == [TextAnswer(text: "1")])
    case .choice: Issue.record("\(name) read as a choice gap")
    }
  }

  struct ChoiceType: Sendable, CustomTestStringConvertible {
    var name: String
    var display: ClozeChoiceDisplay
    var multiple = false
    var shuffle = false
    var testDescription: String { name }
  }

  @Test(arguments: [
    ChoiceType(name: "MULTICHOICE", display: .dropdown), ChoiceType(name: "MC", display: .dropdown),
    ChoiceType(name: "MULTICHOICE_V", display: .vertical), ChoiceType(name: "MCV", display: .vertical),
    ChoiceType(name: "MULTICHOICE_H", display: .horizontal), ChoiceType(name: "MCH", display: .horizontal),
    ChoiceType(name: "MULTICHOICE_S", display: .dropdown, shuffle: true),
    ChoiceType(name: "MCS", display: .dropdown, shuffle: true),
    ChoiceType(name: "MULTICHOICE_VS", display: .vertical, shuffle: true),
    ChoiceType(name: "MCVS", display: .vertical, shuffle: true),
    ChoiceType(name: "MULTICHOICE_HS", display: .horizontal, shuffle: true),
    ChoiceType(name: "MCHS", display: .horizontal, shuffle: true),
    ChoiceType(name: "MULTIRESPONSE", display: .vertical, multiple: true),
    ChoiceType(name: "MR", display: .vertical, multiple: true),
    ChoiceType(name: "MULTIRESPONSE_H", display: .horizontal, multiple: true),
    ChoiceType(name: "MRH", display: .horizontal, multiple: true),
    ChoiceType(name: "MULTIRESPONSE_S", display: .vertical, multiple: true, shuffle: true),
    ChoiceType(name: "MRS", display: .vertical, multiple: true, shuffle: true),
    ChoiceType(name: "MULTIRESPONSE_HS", display: .horizontal, multiple: true, shuffle: true),
    ChoiceType(name: "MRHS", display: .horizontal, multiple: true, shuffle: true),
  ])
  func choiceTypes(type: ChoiceType) throws {
    let choice = try choices("{1:\(type.name):=a~b}")
    #expect(choice.effectiveDisplay == type.display)
    #expect(choice.isMultiple == type.multiple)
    #expect(choice.isShuffled == type.shuffle)
    // Written back with the long name of the same type.
    let written = ClozeSyntax.text(prompt: "{#1}", cloze: Cloze(parts: [ClozePart(body: .choice(choice))]))
    #expect(try ClozeSyntax.parse(written).cloze.parts == [ClozePart(body: .choice(choice))])
    #expect(written.hasPrefix("{1:MULTI"))
  }

  @Test func aTypeMoodleDoesNotKnowOrInLowerCaseIsText() throws {
    let (prompt, cloze) = try ClozeSyntax.parse("{1:mc:=a~b} {1:CHOICE:=a~b} {1:SA:=ok}")
    #expect(prompt == "{1:mc:=a~b} {1:CHOICE:=a~b} {#1}")
    #expect(cloze.parts.count == 1)
  }

  @Test func strayBracesAndAGapThatNeverClosesAreText() throws {
    let (prompt, _) = try ClozeSyntax.parse("a { b } {1:SA:=x} {2:SA:=never closed")
    #expect(prompt == "a { b } {#1} {2:SA:=never closed")
  }

  // MARK: - Points

  @Test func pointsAreTheGapsNumberOneWhenNotWrittenAndZeroForZero() throws {
    let parts = try parts("{:SA:=a} {0:SA:=b} {3:SA:=c} {007:SA:=d}")
    #expect(parts.map(\.points) == [1, 0, 3, 7])
    #expect(Cloze(parts: parts).points == 11)
  }

  @Test func pointsBeyondWhatMoodleKeepsAreAnError() {
    let found = error("{" + String(repeating: "9", count: 400) + ":SA:=a}")
    #expect(found?.message == "gap 1 (SA) is worth more than 99999 points, the most Moodle keeps")
    #expect(error("{99999:SA:=a}") == nil)
    // Found by the cloze fuzz harness: 16 digits of points did not write back as they read.
    let fuzzed = error("x {7777777777777776:MR:%0%a~%0.0%b~=c}")
    #expect(fuzzed?.message == "gap 1 (MR) is worth more than 99999 points, the most Moodle keeps")
  }

  // MARK: - Marks

  @Test func percentagesMayBeNegativeOrDecimalWithAPointOrAComma() throws {
    let shortAnswer = try shortAnswer("{1:SA:=a~%50%b~%-33.5%c~%12,5%d~%50.%e~e2}")
    #expect(shortAnswer.answers.map(\.fraction) == [nil, 0.5, -0.335, 0.125, 0.5, 0])
  }

  /// PHP's truthiness: `%0%` is no mark at all, `%0.0%` is a weight of 0.
  @Test func zeroPercentIsNoMarkButZeroPointZeroIsAWeight() throws {
    let choice = try choices("{1:MR:=a~%0%b~%0.0%c~d}")
    #expect(choice.choices.map(\.weight) == [nil, nil, 0, nil])
    #expect(choice.choices.map(\.correct) == [true, false, false, false])
  }

  @Test func equalsAndOneHundredPercentStayDistinct() throws {
    let choice = try choices("{1:MC:=a~%100%b~c}")
    #expect(choice.choices[0] == Choice(id: "a", text: "a", correct: true))
    #expect(choice.choices[1] == Choice(id: "b", text: "b", correct: true, weight: 1))
    #expect(
      ClozeSyntax.text(prompt: "{#1}", cloze: Cloze(parts: [ClozePart(body: .choice(choice))]))
        == "{1:MULTICHOICE:=a~%100%b~c}")
  }

  @Test func aPercentageThatIsNotANumberIsPartOfTheAnswer() throws {
    let shortAnswer = try shortAnswer("{1:SA:=a~%x%b~%5}")
    #expect(shortAnswer.answers.map(\.text) == ["a", "%x%b", "%5"])
    #expect(shortAnswer.answers.map(\.fraction) == [nil, 0, 0])
  }

  // MARK: - PCRE's backtracking

  /// `%50%` before the closing brace leaves no answer after the mark: PCRE backtracks and reads
  /// the mark as the answer.
  @Test func aMarkWithoutAnAnswerIsTheAnswer() throws {
    let shortAnswer = try shortAnswer("{1:SA:=x~%50%}")
    #expect(shortAnswer.answers == [TextAnswer(text: "x"), TextAnswer(text: "%50%", fraction: 0)])
    let text = ClozeSyntax.text(prompt: "{#1}", cloze: Cloze(parts: [ClozePart(body: .shortAnswer(shortAnswer))]))
    #expect(text == "{1:SHORTANSWER:=x~%0%%50%}")
  }

  /// An answer does not end after `&`: the gap goes on to the next closing brace.
  @Test func aBraceAfterAnAmpersandDoesNotCloseTheGap() throws {
    let (prompt, cloze) = try ClozeSyntax.parse("{1:SA:=a&}b} c")
    #expect(prompt == "{#1} c")
    #expect(cloze.parts == [ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "a&}b")])))])
  }

  /// `$` matches before a final line feed: the last answer ends there, and the line feed left is a
  /// blank alternative, dropped.
  @Test func aLineFeedBeforeTheClosingBraceIsDropped() throws {
    let choice = try choices("{1:MC:=a~b\n}")
    #expect(choice.choices.map(\.text) == ["a", "b"])
  }

  // MARK: - Escapes

  @Test func onlyEscapedBracesAndHashesAreUnescaped() throws {
    let shortAnswer = try shortAnswer("{1:SA:=a\\}b#c\\#d \\}~x\\~y~p\\q}")
    #expect(
      shortAnswer.answers == [
        TextAnswer(text: "a}b", feedback: "c#d }"), TextAnswer(text: "x\\~y", fraction: 0),
        TextAnswer(text: "p\\q", fraction: 0),
      ])
  }

  /// Moodle's look-behind: an answer does not end after `&` or `&amp;`, so `&#233;` is no
  /// feedback; and the entity is then decoded, once (`html_entity_decode`, ENT_QUOTES).
  @Test func anHTMLEntityIsNoFeedbackAndIsDecoded() throws {
    let choice = try choices("{1:MC:=caf&#233;~th&amp;#233;~AT&T}")
    #expect(choice.choices.map(\.text) == ["café", "th&#233;", "AT&T"])
    #expect(choice.choices.map(\.feedback) == [nil, nil, nil])
    let text = ClozeSyntax.text(prompt: "{#1}", cloze: Cloze(parts: [ClozePart(body: .choice(choice))]))
    #expect(text == "{1:MULTICHOICE:=café~th&amp;\\#233;~AT&amp;T}")
    #expect(try choices(text).choices.map(\.text) == ["café", "th&#233;", "AT&T"])
  }

  /// Moodle's HTML editor writes `&amp;`, `&lt;`, `&nbsp;`… into the question text, and
  /// `qtype_multianswer_extract_question` decodes them in every answer and feedback (not in a
  /// numerical answer, read as a number): `a & b` typed is right (a hostile test found it
  /// marked wrong, only the literal `a &amp; b` right).
  @Test func answersAndFeedbackAreDecodedAsMoodleDecodesThem() throws {
    let shortAnswer = try shortAnswer("{1:SA:=a &amp; b#x &lt; y &#39;q&#39;~%50%New&nbsp;York#&quot;ok&quot;}")
    #expect(
      shortAnswer.answers == [
        TextAnswer(text: "a & b", feedback: "x < y 'q'"),
        TextAnswer(text: "New\u{A0}York", fraction: 0.5, feedback: "\"ok\""),
      ])
    #expect(shortAnswer.fraction(for: "a & b") == 1)
    #expect(shortAnswer.fraction(for: "a &amp; b") == 0)
    let numerical = try ClozeSyntax.parse("{1:NM:=3.5#&lt;ok&gt;}").cloze.parts[0].body
    guard case .numerical(let number) = numerical else { Issue.record("not numerical"); return }
    #expect(number.answers.first?.feedback == "<ok>")
  }

  /// Written back, a short answer reads back as it was: `&` is written `&amp;` (decoded on
  /// reading; no `&#…;`, which Moodle 5 would split at its `#`), and a short answer ending with
  /// `&` or `\`, which cannot end an answer, ends with a space that reading trims. A feedback
  /// reads back too, but for one ending with `\`.
  @Test(arguments: ["AT&T", "a &amp; b", "ends with &", "ends with \\", "&#233;", "&", "\\", "x\\}#y&"])
  func aShortAnswerIsWrittenSoThatItReadsBack(written: String) throws {
    let feedback = written.hasSuffix("\\") ? nil : written
    let part = ClozePart(
      body: .shortAnswer(
        ShortAnswer(answers: [TextAnswer(text: written, feedback: feedback), TextAnswer(text: "z", fraction: 0)])))
    let text = ClozeSyntax.text(prompt: "{#1}", cloze: Cloze(parts: [part]))
    #expect(!text.contains("&#"), "\(text)")
    #expect(
      try shortAnswer(text).answers == [
        TextAnswer(text: written, feedback: feedback), TextAnswer(text: "z", fraction: 0),
      ],
      "\(text)")
    #expect(ClozeSyntax.partsNotCarried(prompt: "{#1}", cloze: Cloze(parts: [part])) == [], "\(text)")
  }

  /// What the syntax cannot hold is found, and a Moodle XML export says so: a `~` (Moodle's
  /// `\~` keeps its backslash), a choice ending with `\`.
  @Test func whatTheSyntaxCannotHoldIsFoundAndWarnedAbout() {
    let tilde = ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "p~q")])))
    let choice = ClozePart(
      body: .choice(
        ClozeChoice(choices: [Choice(id: "a", text: "a\\", correct: true), Choice(id: "b", text: "b", correct: false)]))
    )
    let fine = ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "ok")])))
    let cloze = Cloze(parts: [tilde, fine])
    #expect(ClozeSyntax.partsNotCarried(prompt: "{#1} {#2}", cloze: cloze) == [1])
    // A choice gap left with one choice does not read at all: every gap is reported.
    #expect(ClozeSyntax.partsNotCarried(prompt: "{#1} {#2}", cloze: Cloze(parts: [fine, choice])) == [1, 2])
    let question = Question(id: "c", prompt: "{#1} {#2}", points: 2, body: .cloze(cloze))
    let warnings = MoodleXML.write(Quiz(id: "q", title: "Q", sections: [Section(questions: [question])])).warnings
    #expect(
      warnings.contains { $0.hasPrefix("question \"c\": gap 1 cannot be written as it is in Moodle's cloze syntax") },
      "\(warnings)")
  }

  @Test func anAnswerMayHoldTextThatLooksLikeAGap() throws {
    let shortAnswer = try shortAnswer("{1:SA:={2:SA:=x\\}}")
    #expect(shortAnswer.answers == [TextAnswer(text: "{2:SA:=x}")])
  }

  // MARK: - Feedback

  @Test func feedbackFollowsAHashAndMayBeEmpty() throws {
    let shortAnswer = try shortAnswer("{1:SA:=a#Right! See #3~b#}")
    #expect(
      shortAnswer.answers == [TextAnswer(text: "a", feedback: "Right! See #3"), TextAnswer(text: "b", fraction: 0)])
  }

  // MARK: - Numerical gaps

  @Test func numericalAnswersAreValueAndTolerance() throws {
    let numerical = try numerical("{2:NUMERICAL:=3.14:0.01#pi~%50%3:-1~=-2e3~=.5~%10%*#anything}")
    #expect(
      numerical.answers == [
        NumericAnswer(value: 3.14, tolerance: 0.01, feedback: "pi"),
        // The tolerance is read without its sign, as NUMERICAL_ABS_ERROR_MARGIN is.
        NumericAnswer(value: 3, tolerance: 1, fraction: 0.5),
        NumericAnswer(value: -2000), NumericAnswer(value: 0.5),
        NumericAnswer(value: nil, fraction: 0.1, feedback: "anything"),
      ])
  }

  /// Not NUMBER(:NUMBER), so kept as text: a number as `is_valid_number` reads it is accepted.
  @Test func aNumberWithSpacesOrAPlusSignIsANumber() throws {
    let numerical = try numerical("{1:NM:= 3.5 ~%50%+2}")
    #expect(numerical.answers == [NumericAnswer(value: 3.5), NumericAnswer(value: 2, fraction: 0.5)])
  }

  /// qtype_numerical saves the number with English separators: the comma is a thousands separator.
  @Test func aCommaIsAThousandsSeparator() throws {
    let numerical = try numerical("{1:NM:=1,5:0,5}")
    #expect(numerical.answers == [NumericAnswer(value: 15, tolerance: 5)])
  }

  // MARK: - Blank alternatives

  @Test func blankAlternativesAreDropped() throws {
    let choice = try choices("{1:MC:=a~ ~b~  }")
    #expect(choice.choices.map(\.text) == ["a", "b"])
    #expect(choice.choices.map(\.id) == ["a", "b"])
  }

  /// Issue 34, item 18: Moodle rescales a multiple-response gap's fractions over every
  /// alternative, the blank ones included, and drops the blank ones after: a and b score 2/3.
  @Test func aMultipleResponseGapKeepsItsBlankAlternativesMarks() throws {
    let choice = try choices("{1:MR:= ~=a~=b~c}")
    #expect(choice.choices.map(\.text) == ["a", "b", "c"])
    #expect(choice.blankMarks == [.correct])
    #expect(abs((choice.fraction(for: ["a", "b"]) ?? 0) - 2.0 / 3) < 1e-12)
    #expect(abs(choice.fractions[2] + 1.0 / 3) < 1e-12)
    let weighted = try choices("{1:MR:%50% ~=a~=b~c~%0%  }")
    #expect(weighted.blankMarks == [.weight(0.5)])
    #expect(weighted.fractions == [0.4, 0.4, 0])
    // In a one-answer gap a blank alternative changes nothing: it is dropped with its mark.
    #expect(try choices("{1:MC:= ~=a~b}").blankMarks == nil)
    // Written back, the marks come back.
    let (prompt, cloze) = try ClozeSyntax.parse("{1:MR:= ~=a~=b~c} {1:MRS:%50% ~=a~=b~c}")
    let text = ClozeSyntax.text(prompt: prompt, cloze: cloze)
    #expect(text == "{1:MULTIRESPONSE:=a~=b~c~= } {1:MULTIRESPONSE_S:=a~=b~c~%50% }")
    #expect(try ClozeSyntax.parse(text).cloze == cloze)
    #expect(ClozeSyntax.partsNotCarried(prompt: prompt, cloze: cloze).isEmpty)
  }

  @Test func shortAnswersAreTrimmedAsMoodleSavesThem() throws {
    let shortAnswer = try shortAnswer("{1:SA:= Paris ~ London}")
    #expect(shortAnswer.answers.map(\.text) == ["Paris", "London"])
  }

  // MARK: - Validation (qtype_multianswer_validate_question), each error at its line

  @Test func aTextWithoutAGapIsAnError() {
    #expect(error("Just text {with braces}")?.line == 1)
    #expect(error("Just text {with braces}")?.message.contains("no gap") == true)
  }

  @Test func aChoiceGapNeedsTwoChoices() {
    let found = error("First line\nSecond {1:MULTICHOICE:=only}\n")
    #expect(
      found == ClozeSyntaxError(line: 2, message: "gap 1 (MULTICHOICE) has 1 choice: a choice gap needs at least 2"))
  }

  @Test func aGapNeedsAnAnswerWorthOneHundredPercent() {
    let found = error("{1:SA:=ok}\n\n{1:SA:%50%half~wrong}")
    #expect(found == ClozeSyntaxError(line: 3, message: "gap 2 (SA) has no answer worth 100 % (written = or %100%)"))
  }

  @Test func aMultipleResponseGapNeedsAPositiveChoice() {
    let found = error("{1:MR:%-50%a~b}")
    #expect(found == ClozeSyntaxError(line: 1, message: "gap 1 (MR) has no choice worth more than 0 %"))
    #expect(error("{1:MR:%25%a~b}") == nil)
  }

  @Test func aNumericalGapTakesNumbersOnly() {
    let found = error("a\nb\nc {1:NM:=3~%50%three}")
    #expect(found?.line == 3)
    #expect(found?.message.hasPrefix("gap 1 (NM) has `three`, which is not a number") == true)
  }

  @Test func aLineIsCountedFromTheTextsStartAcrossEarlierGaps() {
    let found = error("{1:SA:=a\nb}\n{1:MC:=x}")
    #expect(found?.line == 3)
  }

  // MARK: - The prompt's own {#n}

  /// Moodle shows a `{#n}` written in the text as gap n again: kept, and written back where it was.
  @Test func aWrittenMarkerStaysText() throws {
    let (prompt, cloze) = try ClozeSyntax.parse("{#2} then {1:SA:=x} and {#1} {#01}")
    #expect(prompt == "{#2} then {#1} and {#1} {#01}")
    let text = ClozeSyntax.text(prompt: prompt, cloze: cloze)
    #expect(text == "{#2} then {1:SHORTANSWER:=x} and {#1} {#01}")
    let again = try ClozeSyntax.parse(text)
    #expect(again.prompt == prompt && again.cloze == cloze)
  }

  // MARK: - Writing

  @Test func writingIsCanonical() throws {
    let (prompt, cloze) = try ClozeSyntax.parse(
      "{:MC:=a~b} {2:NM:=1.50:0.10~%0%*} {:SAC:%100%x#y\\#z} {:MRHS:=p~%-25%q}")
    #expect(
      ClozeSyntax.text(prompt: prompt, cloze: cloze)
        == "{1:MULTICHOICE:=a~b} {2:NUMERICAL:=1.5:0.1~*} {1:SHORTANSWER_C:%100%x#y#z} {1:MULTIRESPONSE_HS:=p~%-25%q}")
  }

  @Test func textsThatWouldReadAsAMarkAreWrittenAfterNoMark() throws {
    let cloze = Cloze(parts: [
      ClozePart(
        body: .choice(
          ClozeChoice(choices: [
            Choice(id: "a", text: "~tilde", correct: false), Choice(id: "b", text: "=equals", correct: true),
            Choice(id: "c", text: "%50%", correct: false),
          ]))),
      ClozePart(
        body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "ok"), TextAnswer(text: "=x", fraction: 0)]))),
    ])
    let text = ClozeSyntax.text(prompt: "{#1}{#2}", cloze: cloze)
    #expect(text == "{1:MULTICHOICE:%0%~tilde~==equals~%0%%50%}{1:SHORTANSWER:=ok~%0%=x}")
    #expect(try ClozeSyntax.parse(text).cloze == cloze)
  }

  @Test func aLastAlternativeEndingWithALineFeedKeepsIt() throws {
    let cloze = Cloze(parts: [
      ClozePart(
        body: .choice(
          ClozeChoice(choices: [
            Choice(id: "a", text: "a", correct: true), Choice(id: "b", text: "b\n", correct: false),
          ])))
    ])
    let text = ClozeSyntax.text(prompt: "{#1}", cloze: cloze)
    #expect(text == "{1:MULTICHOICE:=a~b\n~ }")
    #expect(try ClozeSyntax.parse(text).cloze == cloze)
  }

  /// A weight is kept as n/100: one written in a quiz-bank file as a decimal is some n/100 and
  /// reads back the same. (A weight such as 1/3 may be no double's hundredth: it is written as
  /// the nearest, and that is then stable.)
  @Test func percentagesAreWrittenSoTheyReadBackTheSame() throws {
    for weight in [0.07, 0.3333, -0.105, 0.125, 0.000001, 0.0, 0.9, -1] {
      let cloze = Cloze(parts: [
        ClozePart(
          body: .choice(
            ClozeChoice(choices: [
              Choice(id: "a", text: "a", correct: true), Choice(id: "b", text: "b", correct: false, weight: weight),
            ])))
      ])
      let text = ClozeSyntax.text(prompt: "{#1}", cloze: cloze)
      #expect(!text.contains("e"), "\(text) has an exponent, which a percentage may not")
      #expect(try ClozeSyntax.parse(text).cloze == cloze, "\(text)")
    }
    let third = Cloze(parts: [
      ClozePart(
        body: .choice(
          ClozeChoice(choices: [
            Choice(id: "a", text: "a", correct: true), Choice(id: "b", text: "b", correct: false, weight: 1.0 / 3),
          ])))
    ])
    let written = ClozeSyntax.text(prompt: "{#1}", cloze: third)
    let read = try ClozeSyntax.parse(written)
    #expect(ClozeSyntax.text(prompt: read.prompt, cloze: read.cloze) == written)
  }

  // MARK: - What the syntax cannot carry

  @Test func partsReadFromTheSyntaxAreCarried() throws {
    let (prompt, cloze) = try ClozeSyntax.parse("{1:SA:= Paris ~x#} {:MCV:=a~ ~b} {2:NM:=1:-0.5}")
    #expect(ClozeSyntax.partsNotCarried(prompt: prompt, cloze: cloze) == [])
  }

  @Test func whatTheSyntaxReadsAlikeIsNoLoss() {
    let cloze = Cloze(parts: [
      ClozePart(
        body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: " a ", feedback: "")], caseSensitive: false))),
      ClozePart(
        body: .choice(
          ClozeChoice(
            display: .dropdown, multiple: false, shuffle: false,
            choices: [Choice(id: "x", text: "a", correct: true), Choice(id: "y", text: "b", correct: false)]))),
    ])
    #expect(ClozeSyntax.partsNotCarried(prompt: "{#1} {#2}", cloze: cloze) == [])
  }

  @Test func whatTheSyntaxCannotHoldIsNamedByPart() {
    let cloze = Cloze(parts: [
      ClozePart(points: 1.5, body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "a")]))),
      ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "a~b")]))),
      ClozePart(
        body: .numerical(Numerical(answers: [NumericAnswer(value: 1)], units: [NumericUnit(unit: "m", multiplier: 1)]))),
      ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "fine")]))),
    ])
    #expect(ClozeSyntax.partsNotCarried(prompt: "{#1} {#2} {#3} {#4}", cloze: cloze) == [1, 2, 3])
    // A part whose marker is missing from the prompt is not written at all.
    #expect(ClozeSyntax.partsNotCarried(prompt: "{#1} {#2} {#3}", cloze: cloze).contains(4))
  }

  // MARK: - Round trips

  @Test(arguments: [
    "東京は{1:SHORTANSWER:=日本#正解です！~%50%にほん}の首都です。",
    "عاصمة مصر هي {2:MULTICHOICE_V:=القاهرة#أحسنت~الإسكندرية#لا} 🎉",
    "Emoji {1:MULTIRESPONSE:=🍎#fruit~%-50%🍔~=🍌} and {0:NUMERICAL:=42:0.5#✓~%25%*} café",
  ])
  func roundTripsByteForByte(text: String) throws {
    let (prompt, cloze) = try ClozeSyntax.parse(text)
    let written = ClozeSyntax.text(prompt: prompt, cloze: cloze)
    #expect(written == text)
    let again = try ClozeSyntax.parse(written)
    #expect(again.prompt == prompt && again.cloze == cloze)
  }

  // MARK: - Speed

  /// PCRE backtracks exponentially on this; the scanner does not.
  @Test func manyAlternativesWithoutAClosingBraceAreQuick() {
    let text = "{1:MULTICHOICE:" + String(repeating: "a~", count: 20_000) + "b"
    #expect(error(text)?.message.contains("no gap") == true)
  }
}
