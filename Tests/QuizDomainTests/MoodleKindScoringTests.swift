import Testing

@testable import QuizDomain

/// The kinds' scoring against Moodle's own test cases, transcribed group by group (each names its
/// source file and test function in moodle/moodle), then the rules Moodle's tests leave out.
/// Moodle's test questions are rebuilt with the same answers in the same order; an answer id of
/// Moodle's is the index of that answer here.
@Suite struct MoodleShortAnswerTests {
  /// `qtype_shortanswer_question::compare_string_with_wildcard($string, $pattern, $ignorecase)`.
  func compare(_ string: String, _ pattern: String, _ ignoringCase: Bool) -> Bool {
    ShortAnswer(answers: [TextAnswer(text: pattern)], caseSensitive: !ignoringCase).matchingAnswer(for: string) != nil
  }

  /// The helper's `frogtoad` question (question/type/shortanswer/tests/helper.php).
  let frogToad = ShortAnswer(
    answers: [
      TextAnswer(text: "frog", fraction: 1), TextAnswer(text: "toad", fraction: 0.8),
      TextAnswer(text: "*", fraction: 0),
    ],
    caseSensitive: false)
  /// The helper's `frogonly` question.
  let frogOnly = ShortAnswer(answers: [TextAnswer(text: "frog", fraction: 1)], caseSensitive: false)

  // question/type/shortanswer/tests/question_test.php, test_compare_string_with_wildcard.
  @Test func compareStringWithWildcard() {
    let rows: [(String, String, Bool, Bool)] = [
      // Case sensitive literal matches.
      ("Frog", "Frog", false, true), ("Frog", "frog", false, false), ("   Frog   ", "Frog", false, true),
      ("Frogs", "Frog", false, false),
      // Case insensitive literal matches.
      ("Frog", "frog", true, true), ("   FROG   ", "Frog", true, true), ("Frogs", "Frog", true, false),
      // Case sensitive wildcard matches.
      ("Frog", "F*og", false, true), ("Fog", "F*og", false, true), ("   Fat dog   ", "F*og", false, true),
      ("Frogs", "F*og", false, false), ("Fg", "F*og", false, false), ("frog", "F*og", false, false),
      ("   fat dog   ", "F*og", false, false),
      // Case insensitive wildcard matches.
      ("Frog", "F*og", true, true), ("Fog", "F*og", true, true), ("   Fat dog   ", "F*og", true, true),
      ("Frogs", "F*og", true, false), ("Fg", "F*og", true, false), ("frog", "F*og", true, true),
      ("   fat dog   ", "F*og", true, true),
      // Match using regexp special chars.
      ("   *   ", "\\*", false, true), ("*", "\\*", false, true), ("Frog*toad", "Frog\\*toad", false, true),
      ("a", "[a-z]", false, false), ("[a-z]", "[a-z]", false, true), ("\\{}/", "\\{}/", true, true),
      // See http://moodle.org/mod/forum/discuss.php?d=120557.
      ("ITÁLIE", "Itálie", true, true),
      // Test ambiguous unicode representations.
      ("départ", "DÉPART", true, true), ("départ", "DÉPART", false, false),
      ("d\u{E9}part", "de\u{301}part", false, true), ("d\u{E9}part", "DE\u{301}PART", true, true),
    ]
    for (string, pattern, ignoringCase, expected) in rows {
      #expect(
        compare(string, pattern, ignoringCase) == expected, "\(string) ~ \(pattern), ignoring case: \(ignoringCase)")
    }
  }

  // question_test.php, test_compare_0_with_wildcard.
  @Test func compareZeroWithWildcard() {
    for pattern in ["0", "0*", "*0", "*0*"] {
      #expect(compare("0", pattern, false), "0 ~ \(pattern)")
    }
  }

  // question_test.php, test_compare_string_with_wildcard_many_stars.
  @Test func compareStringWithWildcardManyStars() {
    let stars = String(repeating: "*", count: 35)
    #expect(compare("<em></em>", stars + "<em>" + stars + "</em>", false))
  }

  // question_test.php, test_is_complete_response and test_is_gradable_response: '' is no response,
  // '0', '0.0' and 'x' are responses (here: the frogtoad question's `*` matches them).
  @Test func isGradableResponse() {
    #expect(frogToad.matchingAnswer(for: "") == nil)
    for response in ["0", "0.0", "x"] {
      #expect(frogToad.matchingAnswer(for: response) == 2, "\(response)")
    }
  }

  // question_test.php, test_grading.
  @Test func grading() {
    #expect(frogToad.fraction(for: "x") == 0)
    #expect(frogToad.fraction(for: "frog") == 1)
    #expect(frogToad.fraction(for: "toad") == 0.8)
  }

  // question_test.php, test_classify_response and test_classify_response_no_star (answer ids 13,
  // 14, 15 are indexes 0, 1, 2; Moodle's class 0 "did not match" is nil).
  @Test func classifyResponse() {
    #expect(frogToad.matchingAnswer(for: "frog") == 0)
    #expect(frogToad.matchingAnswer(for: "toad") == 1)
    #expect(frogToad.matchingAnswer(for: "cat") == 2)
    #expect(frogToad.fraction(for: "cat") == 0)
    #expect(frogToad.matchingAnswer(for: "") == nil)
    #expect(frogOnly.matchingAnswer(for: "frog") == 0)
    #expect(frogOnly.matchingAnswer(for: "toad") == nil)
    #expect(frogOnly.fraction(for: "toad") == 0)
    #expect(frogOnly.matchingAnswer(for: "") == nil)
  }

  // question_test.php, test_get_correct_response_escapedwildcards: the helper's question answer
  // `*x\*y*` is "x*y" with anything around it.
  @Test func escapedWildcards() {
    let question = ShortAnswer(answers: [TextAnswer(text: "*x\\*y*", fraction: 1)])
    #expect(question.matchingAnswer(for: "x*y") == 0)
    #expect(question.matchingAnswer(for: "2 x*y + 1") == 0)
    #expect(question.matchingAnswer(for: "xy") == nil)
    #expect(question.matchingAnswer(for: "x\\y") == nil)
  }

  // questiontype.php, get_random_guess_score: the frogtoad question's `*` answer is worth 0.
  @Test func randomGuess() {
    #expect(frogToad.randomGuessFraction == 0)
    let generous = ShortAnswer(answers: [TextAnswer(text: "frog"), TextAnswer(text: "*", fraction: 0.25)])
    #expect(generous.randomGuessFraction == 0.25)
    #expect(frogOnly.randomGuessFraction == 0)
    // Moodle compares trim($answer) with '*' because it trims answers when saving them; answers
    // here are kept as written, so only the exact text `*` is the match-anything answer.
    let spaced = ShortAnswer(answers: [TextAnswer(text: " * ", fraction: 0.5)])
    #expect(spaced.randomGuessFraction == 0)
    #expect(ShortAnswer(answers: [TextAnswer(text: "**", fraction: 0.5)]).randomGuessFraction == 0)
  }

  // The rules of the issue that Moodle's tests leave out.
  @Test func caselessAsPCREOneCharacterAtATime() {
    #expect(compare("ΟΔΟΣ", "οδοσ", true))
    #expect(compare("οδος", "ΟΔΟΣ", true))  // final sigma
    #expect(compare("ſ", "s", true))
    #expect(compare("S", "ſ", true))
    #expect(compare("\u{212A}", "k", true))  // Kelvin sign
    #expect(compare("K", "\u{212A}", true))
    #expect(!compare("STRASSE", "straße", true))  // no full case folding
    #expect(compare("ẞ", "ß", true))  // capital sharp s folds simply to ß
    #expect(!compare("ı", "i", true))  // Turkic dotless i has no simple folding
    #expect(!compare("ΟΔΟΣ", "οδοσ", false))
    #expect(!compare("\u{212A}", "k", false))
  }

  @Test func wildcards() {
    #expect(compare("frog", "f**g", false))
    #expect(compare("fg", "f**g", false))
    #expect(compare("f*g", "f\\*g", false))
    #expect(!compare("frog", "f\\*g", false))
    #expect(compare("f*rog", "f\\**g", false))  // a literal star, then a wildcard
    #expect(compare("a\\b", "a\\b", false))  // a backslash before anything but * is itself
    #expect(compare("a\\*", "a\\\\*", false))  // `\\*`: a backslash, then a literal star
    #expect(!compare("a\\xyz", "a\\\\*", false))
    // PCRE's `.` does not match a line feed (no `s` flag), so `*` does not run across lines.
    #expect(!compare("one\ntwo", "one*two", false))
    #expect(compare("one\rtwo", "one*two", false))
    #expect(compare("one\ntwo", "one\ntwo", false))
    #expect(compare("one\ntwo", "*\ntwo", false))
  }

  @Test func trimmedAsPHPTrims() {
    #expect(compare("\t\n\r\u{0B}\0 frog \0\u{0B}\r\n\t", "frog", false))
    #expect(!compare("\u{A0}frog", "frog", false))  // a no-break space is not trimmed
    #expect(compare("\u{A0}frog", "\u{A0}frog", false))
    #expect(ShortAnswer.trimmed(" \u{A0}x\u{2003} ") == "\u{A0}x\u{2003}")
    #expect(frogToad.matchingAnswer(for: " \t\n ") == nil)  // empty after trimming
    #expect(frogToad.matchingAnswer(for: " 0 ") == 2)
  }

  @Test func comparedInNFC() {
    #expect(compare("e\u{301}", "\u{E9}", false))
    #expect(compare("\u{E9}", "e\u{301}", false))
    #expect(compare("E\u{301}", "\u{E9}", true))
    #expect(!compare("e", "e\u{301}", false))
  }

  @Test func firstMatchingAnswerWins() {
    let question = ShortAnswer(answers: [
      TextAnswer(text: "*og", fraction: 0.5), TextAnswer(text: "frog", fraction: 1),
      TextAnswer(text: "*", fraction: 0.1),
    ])
    #expect(question.matchingAnswer(for: "frog") == 0)
    #expect(question.fraction(for: "frog") == 0.5)
    #expect(question.matchingAnswer(for: "toad") == 2)
    #expect(question.fraction(for: "toad") == 0.1)
    #expect(question.randomGuessFraction == 0.1)
    #expect(ShortAnswer(answers: [TextAnswer(text: "frog")]).fraction(for: "frog") == 1)  // absent fraction: 1
  }
}

@Suite struct MoodleNumericalTests {
  func close(_ a: Double?, _ b: Double, _ delta: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= delta * max(1, abs(b))
  }

  // question/type/numerical/tests/answerprocessor_test.php, test_parse_response with
  // parse_response_provider (units m => 1, cm => 100; '.' and ','). parse_response is Moodle's
  // stricter parser, kept for reference; its cases are read here by apply_units' rules, which
  // give the same numbers and units: each row is the number and unit, or nil for no number.
  @Test func parseResponse() {
    let question = Numerical(
      answers: [], units: [NumericUnit(unit: "m", multiplier: 1), NumericUnit(unit: "cm", multiplier: 100)])
    let rows: [(String, Double?, String?)] = [
      ("3.142", 3.142, nil), (".2", 0.2, nil), ("1.", 1, nil), ("1.0", 1, nil), ("-1.", -1, nil), ("+1.0", 1, nil),
      ("1e4", 1e4, nil), ("3.142E-4", 3.142e-4, nil), (".2e+2", 20, nil), ("1.e-1", 0.1, nil), ("1.0e0", 1, nil),
      ("3x10^8", 3e8, nil), ("3×10^8", 3e8, nil), ("3.0*10^8", 3e8, nil), ("3.00x10**-8", 3e-8, nil),
      ("0.001×10**7", 1e4, nil),
      ("1m", 1, "m"), ("3.142 m", 3.142, "m"), (".2m", 0.2, "m"), ("1.cm", 1, "cm"), ("1.0   cm", 1, "cm"),
      ("-1.m", -1, "m"), ("+1.0cm", 1, "cm"),
      ("1e4 m", 1e4, "m"), ("3.142E-4  cm", 3.142e-4, "cm"), (".2e+2m", 20, "m"), ("1.e-1 m", 0.1, "m"),
      ("1.0e0cm", 1, "cm"),
      ("1,000,000", 1_000_000, nil), ("1,000.00 m", 1000, "m"),
      ("frog", nil, nil), ("3 frogs", 3, "frogs"), (". m", nil, nil), (".e8 m", nil, nil), (",", nil, nil),
    ]
    for (response, value, unit) in rows {
      let parsed = question.parse(response, unit: nil)
      if let value {
        #expect(close(parsed?.value, value), "\(response)")
        #expect(parsed?.unit == unit, "\(response)")
      } else {
        #expect(parsed == nil, "\(response)")
      }
    }
  }

  /// The processor of test_apply_units and test_apply_units_with_unit.
  func speeds(_ input: Numerical.UnitInput) -> Numerical {
    Numerical(
      answers: [],
      units: [
        NumericUnit(unit: "m/s", multiplier: 1), NumericUnit(unit: "c", multiplier: 3.3356409519815E-9),
        NumericUnit(unit: "mph", multiplier: 2.2369362920544),
      ], unitInput: input)
  }

  /// verify_value_and_unit: the value, the unit and the multiplier (`conversion(for:)`), each
  /// within 0.0001 as Moodle checks them. Moodle's '' unit is nil here.
  func verify(
    _ question: Numerical, _ input: String, picked: String? = nil, value: Double?, unit: String?, multiplier: Double?
  ) {
    let parsed = question.parse(input, unit: picked)
    guard let value else {
      #expect(parsed == nil, "\(input)")
      return
    }
    #expect(parsed.map { abs($0.value - value) <= 0.0001 } == true, "\(input)")
    #expect(parsed?.unit == unit, "\(input)")
    let conversion = parsed?.unit.flatMap(question.conversion(for:))
    if let multiplier {
      #expect(conversion.map { abs($0 - multiplier) <= 0.0001 } == true, "\(input)")
    } else {
      #expect(conversion == nil, "\(input)")
    }
  }

  // answerprocessor_test.php, test_apply_units with apply_units_provider. Its row with a null
  // input has no counterpart: a Swift String is never null.
  @Test func applyUnits() {
    let question = speeds(.text)
    verify(question, "3x10^8 m/s", value: 3e8, unit: "m/s", multiplier: 1)
    verify(question, "3x10^8", value: 3e8, unit: nil, multiplier: nil)
    verify(question, "1c", value: 1, unit: "c", multiplier: 299_792_458)
    verify(question, "0001.000 mph", value: 1, unit: "mph", multiplier: 0.44704)
    verify(question, "1 frogs", value: 1, unit: "frogs", multiplier: nil)
    verify(question, ". m/s", value: nil, unit: nil, multiplier: nil)
    verify(question, "", value: nil, unit: nil, multiplier: nil)
    verify(question, "    ", value: nil, unit: nil, multiplier: nil)
  }

  // answerprocessor_test.php, test_apply_units_with_unit with apply_units_provider_with_units:
  // the separate unit is the unit picked from the list (`.choice`).
  @Test func applyUnitsWithUnit() {
    let question = speeds(.choice)
    verify(question, "3x10^8", picked: "m/s", value: 3e8, unit: "m/s", multiplier: 1)
    verify(question, "3x10^8", picked: "", value: 3e8, unit: nil, multiplier: nil)
    verify(question, "1", picked: "c", value: 1, unit: "c", multiplier: 299_792_458)
    verify(question, "0001.000", picked: "mph", value: 1, unit: "mph", multiplier: 0.44704)
    verify(question, "1", picked: "frogs", value: 1, unit: "frogs", multiplier: nil)
    verify(question, ".", picked: "m/s", value: nil, unit: nil, multiplier: nil)
  }

  // answerprocessor_test.php, test_euro_style (decimal ',' and thousands ' '). Only English
  // separators are read here: '-1 000' is still -1000, but '3,14159' is 314159, not 3.14159.
  @Test func euroStyleReadWithEnglishSeparators() {
    let question = Numerical(answers: [])
    verify(question, "-1 000", value: -1000, unit: nil, multiplier: nil)
    verify(question, "3,14159", value: 314_159, unit: nil, multiplier: nil)
  }

  // answerprocessor_test.php, test_percent with percent_provider.
  @Test func percent() {
    let question = Numerical(answers: [], units: [NumericUnit(unit: "%", multiplier: 100)])
    verify(question, "3%", value: 3, unit: "%", multiplier: 0.01)
    verify(question, "1e-6 %", value: 1e-6, unit: "%", multiplier: 0.01)
    verify(question, "100", value: 100, unit: nil, multiplier: nil)
  }

  // answerprocessor_test.php, test_currency with currency_provider (units before the number).
  @Test func currency() {
    let question = Numerical(
      answers: [], units: [NumericUnit(unit: "$", multiplier: 1), NumericUnit(unit: "£", multiplier: 1)],
      unitsLeft: true)
    verify(question, "£1,234.56", value: 1234.56, unit: "£", multiplier: 1)
    verify(question, "$100", value: 100, unit: "$", multiplier: 1)
    verify(question, "$100.", value: 100, unit: "$", multiplier: 1)
    verify(question, "$100.00", value: 100, unit: "$", multiplier: 1)
    verify(question, "100", value: 100, unit: nil, multiplier: nil)
    verify(question, "frog 100", value: 100, unit: "frog", multiplier: nil)
  }

  /// The helper's `pi` question (question/type/numerical/tests/helper.php); answer ids 13 to 17
  /// are indexes 0 to 4.
  func pi(units: [NumericUnit] = [], grading: Numerical.UnitGrading = .none) -> Numerical {
    Numerical(
      answers: [
        NumericAnswer(value: 3.14, tolerance: 0, fraction: 1),
        NumericAnswer(value: 3.142, tolerance: 0.005, fraction: 0),
        NumericAnswer(value: 3.1, tolerance: 0.05, fraction: 0), NumericAnswer(value: 3, tolerance: 0.5, fraction: 0),
        NumericAnswer(value: nil, tolerance: 0, fraction: 0),
      ], units: units, unitGrading: grading, unitPenalty: 0.2)
  }

  /// The helper's `unit` question: units picked from a list, graded out of the mark.
  let unitQuestion = Numerical(
    answers: [
      NumericAnswer(value: 1.25, tolerance: 0, fraction: 1), NumericAnswer(value: 1.25, tolerance: 0.05, fraction: 0.5),
      NumericAnswer(value: nil, tolerance: 0, fraction: 0),
    ], units: [NumericUnit(unit: "m", multiplier: 1), NumericUnit(unit: "cm", multiplier: 100)], unitGrading: .mark,
    unitPenalty: 0.5, unitInput: .choice)

  /// The helper's `currency` question: the unit typed before the number, graded out of the maximum.
  let currencyQuestion = Numerical(
    answers: [
      NumericAnswer(value: 1332, tolerance: 0, fraction: 1), NumericAnswer(value: nil, tolerance: 0, fraction: 0),
    ],
    units: [NumericUnit(unit: "$", multiplier: 1)], unitGrading: .max, unitPenalty: 0.2, unitInput: .text,
    unitsLeft: true)

  let metres = [NumericUnit(unit: "m", multiplier: 1), NumericUnit(unit: "cm", multiplier: 100)]

  // question/type/numerical/tests/question_test.php, test_is_complete_response and
  // test_is_gradable_response: '0' is a number; 'test' is not, so it gets no grade here (Moodle
  // takes it as gradable but incomplete and grades it 0 when the attempt is finished anyway).
  @Test func isCompleteResponse() {
    #expect(pi().grade("0", unit: nil) != nil)
    #expect(pi().grade("test", unit: nil) == nil)
    #expect(pi().grade("", unit: nil) == nil)
  }

  // question_test.php, test_grading.
  @Test func grading() {
    #expect(pi().grade("1.0", unit: nil)?.fraction == 0)
    #expect(pi().grade("3.14", unit: nil)?.fraction == 1)
  }

  // question_test.php, test_grading_with_units (units optional: UNITOPTIONAL, no penalty).
  @Test func gradingWithUnits() {
    let question = pi(units: metres, grading: .none)
    for response in ["3.14 frogs", "3.14", "3.14 m", "314cm", "314000000x10^-8m"] {
      #expect(question.grade(response, unit: nil)?.fraction == 1, "\(response)")
      #expect(question.grade(response, unit: nil)?.unitPenalized == false, "\(response)")
    }
  }

  // question_test.php, test_grading_with_units_graded (UNITGRADED is UNITGRADEDOUTOFMARK).
  @Test func gradingWithUnitsGraded() {
    let question = pi(units: metres, grading: .mark)
    let rows: [(String, Double)] = [
      ("3.14 frogs", 0.8), ("3.14", 0.8), ("3.14 m", 1), ("314cm", 1), ("314000000x10^-8m", 1), ("3.14 cm", 0.8),
      ("314 m", 0),
    ]
    for (response, fraction) in rows {
      #expect(close(question.grade(response, unit: nil)?.fraction, fraction), "\(response)")
    }
    #expect(question.grade("314 m", unit: nil)?.answer == 4)  // only `*`, worth 0
  }

  // question_test.php, test_grading_unit.
  @Test func gradingUnit() {
    let rows: [(String, String, Double)] = [
      ("2", "m", 0), ("2", "cm", 0), ("2", "", 0),
      ("1.25", "m", 1), ("125", "cm", 1), ("1.25", "", 0.5),
      ("1.23", "m", 0.5), ("123", "cm", 0.5), ("1.23", "", 0.25),
    ]
    for (response, unit, fraction) in rows {
      #expect(close(unitQuestion.grade(response, unit: unit)?.fraction, fraction), "\(response) \(unit)")
    }
  }

  // question_test.php, test_grading_currency. '1332 $' and '1332 frogs' are no numbers with the
  // unit before it (the number must end the response): Moodle grades them 0 as wrong, here they
  // get no grade.
  @Test func gradingCurrency() {
    let rows: [(String, Double)] = [
      ("$1332", 1), ("$ 1332", 1), ("frog 1332", 0.8), ("1332", 0.8), (" 1332", 0.8), ("$1", 0),
    ]
    for (response, fraction) in rows {
      #expect(close(currencyQuestion.grade(response, unit: nil)?.fraction, fraction), "\(response)")
    }
    #expect(currencyQuestion.grade("1332 $", unit: nil) == nil)
    #expect(currencyQuestion.grade("1332 frogs", unit: nil) == nil)
  }

  // question_test.php, test_classify_response and test_classify_response_no_star.
  @Test func classifyResponse() {
    #expect(pi().grade("3.1", unit: nil) == NumericalGrade(answer: 2, fraction: 0, unitPenalized: false))
    #expect(pi().grade("42", unit: nil) == NumericalGrade(answer: 4, fraction: 0, unitPenalized: false))
    #expect(pi().grade("3.14", unit: nil) == NumericalGrade(answer: 0, fraction: 1, unitPenalized: false))
    #expect(pi().grade("abc", unit: nil) == nil)
    var noStar = pi()
    noStar.answers.removeLast()
    #expect(noStar.grade("3.1", unit: nil)?.answer == 2)
    #expect(noStar.grade("42", unit: nil) == NumericalGrade(answer: nil, fraction: 0, unitPenalized: false))
    #expect(noStar.grade("abc", unit: nil) == nil)
  }

  // question_test.php, test_classify_response_unit and test_classify_response_unit_no_star.
  @Test func classifyResponseUnit() {
    let rows: [(String, String, Int, Double)] = [
      ("1.25", "", 0, 0.5), ("1.25", "m", 0, 1), ("125", "cm", 0, 1), ("123", "cm", 1, 0.5), ("1.27", "m", 1, 0.5),
      ("3.0", "m", 2, 0),
    ]
    for (response, unit, answer, fraction) in rows {
      let grade = unitQuestion.grade(response, unit: unit)
      #expect(grade?.answer == answer, "\(response) \(unit)")
      #expect(close(grade?.fraction, fraction), "\(response) \(unit)")
    }
    #expect(unitQuestion.grade("", unit: nil) == nil)
    #expect(unitQuestion.grade("abc", unit: "m") == nil)
    var noStar = unitQuestion
    noStar.answers.removeLast()
    for (response, unit) in [("42", "cm"), ("3.0", ""), ("3.0", "m")] {
      #expect(noStar.grade(response, unit: unit) == NumericalGrade(answer: nil, fraction: 0, unitPenalized: false))
    }
    #expect(noStar.grade("", unit: "") == nil)
    #expect(noStar.grade("abc", unit: "m") == nil)
  }

  // question_test.php, test_classify_response_currency.
  @Test func classifyResponseCurrency() {
    #expect(currencyQuestion.grade("$100", unit: nil) == NumericalGrade(answer: 1, fraction: 0, unitPenalized: false))
    let spaced = currencyQuestion.grade("1 332", unit: nil)
    #expect(spaced?.answer == 0)
    #expect(close(spaced?.fraction, 0.8))
    #expect(spaced?.unitPenalized == true)
    #expect(currencyQuestion.grade("$abc", unit: nil) == nil)
  }

  // question/type/numerical/tests/question_type_test.php, test_get_random_guess_score (unit
  // penalty 0, `*` worth 0.1) and test_get_possible_responses (42 ± 0.5 is 41.5..42.5).
  @Test func randomGuessAndToleranceInterval() {
    let question = Numerical(
      answers: [NumericAnswer(value: 42, tolerance: 0.5, fraction: 1), NumericAnswer(value: nil, fraction: 0.1)],
      units: metres, unitPenalty: 0)
    #expect(question.randomGuessFraction == 0.1)
    let answer = question.answers[0]
    #expect(answer.isWithinTolerance(41.5) && answer.isWithinTolerance(42.5))
    #expect(!answer.isWithinTolerance(41.4999) && !answer.isWithinTolerance(42.5001))
  }

  // The rules of the issue that Moodle's tests leave out.
  @Test func englishSeparators() {
    let question = Numerical(answers: [NumericAnswer(value: 15)])
    #expect(question.parse("1,5", unit: nil)?.value == 15)
    #expect(question.parse("1,500.5", unit: nil)?.value == 1500.5)
    #expect(question.parse("2,456,789", unit: nil)?.value == 2_456_789)
    #expect(question.parse("1 500,5", unit: nil)?.value == 15005)
    #expect(question.grade("1,5", unit: nil)?.answer == 0)
    #expect(question.parse("\t 1.5 \n", unit: nil)?.value == 1.5)  // trimmed as PHP trims
    #expect(question.parse("1.5.3", unit: nil)?.unit == ".3")
    #expect(question.parse("1e", unit: nil)?.unit == "e")
    #expect(question.parse("1E+3", unit: nil)?.value == 1000)
    #expect(question.parse("1\u{A0}000", unit: nil)?.value == 1)  // only ASCII spaces are removed
  }

  @Test func tolerance() {
    let question = Numerical(answers: [NumericAnswer(value: 0.3, tolerance: 0)])
    #expect(question.grade("0.1e1", unit: nil)?.answer == nil)
    #expect(question.answers[0].isWithinTolerance(0.1 + 0.2))  // the epsilon: 0.30000000000000004
    #expect(Numerical(answers: [NumericAnswer(value: 10, tolerance: -2)]).grade("8", unit: nil)?.answer == 0)
  }

  @Test func unitsBeforeTheNumber() {
    let question = Numerical(
      answers: [NumericAnswer(value: 5)], units: [NumericUnit(unit: "€", multiplier: 1)], unitGrading: .max,
      unitPenalty: 0.25, unitsLeft: true)
    #expect(question.grade("€5", unit: nil) == NumericalGrade(answer: 0, fraction: 1, unitPenalized: false))
    #expect(question.grade("5", unit: nil) == NumericalGrade(answer: 0, fraction: 0.75, unitPenalized: true))
    #expect(question.grade("5€", unit: nil) == nil)
  }

  @Test func unitPickedOrTyped() {
    // With `.choice` the picked unit counts and what follows the number is ignored.
    #expect(unitQuestion.grade("125 m", unit: "cm")?.fraction == 1)
    #expect(unitQuestion.grade("1.25 m", unit: nil)?.fraction == 0.5)
    #expect(unitQuestion.grade("1.25", unit: " m ")?.fraction == 1)  // the picked unit is trimmed
    // With `.text` the unit parameter is ignored.
    var typed = unitQuestion
    typed.unitInput = .text
    #expect(typed.grade("1.25", unit: "m")?.fraction == 0.5)
    #expect(typed.grade("125cm", unit: "m")?.fraction == 1)
  }

  @Test func unitPenalty() {
    let answers = [NumericAnswer(value: 2, fraction: 0.6), NumericAnswer(value: nil, fraction: 0.3)]
    let mark = Numerical(answers: answers, units: metres, unitGrading: .mark, unitPenalty: 0.5)
    #expect(close(mark.grade("2", unit: nil)?.fraction, 0.3))  // missing unit
    #expect(close(mark.grade("2 ft", unit: nil)?.fraction, 0.3))  // unknown unit
    // 0.02 m matches nothing, the 2 as typed matches the first answer: the unit is wrong.
    #expect(mark.grade("2 cm", unit: nil)?.answer == 0)
    #expect(close(mark.grade("2 cm", unit: nil)?.fraction, 0.3))
    // `*` matches the converted value when the unit is known (unit right), else with a penalty.
    #expect(mark.grade("5 cm", unit: nil) == NumericalGrade(answer: 1, fraction: 0.3, unitPenalized: false))
    #expect(close(mark.grade("5", unit: nil)?.fraction, 0.15))
    #expect(mark.grade("5", unit: nil)?.unitPenalized == true)
    #expect(close(mark.grade("200 cm", unit: nil)?.fraction, 0.6))
    let max = Numerical(answers: answers, units: metres, unitGrading: .max, unitPenalty: 0.5)
    #expect(close(max.grade("2", unit: nil)?.fraction, 0.1))
    #expect(max.grade("2", unit: nil)?.unitPenalized == true)
    #expect(max.grade("9", unit: nil) == NumericalGrade(answer: 1, fraction: 0, unitPenalized: true))  // floored
    #expect(max.grade("9 m", unit: nil) == NumericalGrade(answer: 1, fraction: 0.3, unitPenalized: false))
    let none = Numerical(answers: answers, units: metres, unitGrading: Numerical.UnitGrading.none, unitPenalty: 0.5)
    #expect(none.grade("2 ft", unit: nil) == NumericalGrade(answer: 0, fraction: 0.6, unitPenalized: false))
    // Defaults: no unit grading, penalty 0.1.
    #expect(Numerical(answers: answers, units: metres).grade("2", unit: nil)?.fraction == 0.6)
  }

  @Test func unitsAsMoodleKeepsThem() {
    let question = Numerical(
      answers: [NumericAnswer(value: 1)],
      units: [
        NumericUnit(unit: "m", multiplier: 1), NumericUnit(unit: "km", multiplier: 0),
        NumericUnit(unit: "m", multiplier: 2),
      ],
      unitGrading: .max, unitPenalty: 0.5)
    #expect(question.conversion(for: "m") == 1)  // the first of a repeated name
    #expect(question.conversion(for: "km") == nil)  // a zero multiplier is no unit
    #expect(question.grade("1 km", unit: nil)?.unitPenalized == true)
    #expect(question.conversion(for: "M") == nil)
  }

  @Test func randomGuess() {
    let star = [NumericAnswer(value: 1), NumericAnswer(value: nil, fraction: 0.5)]
    #expect(close(Numerical(answers: star, unitPenalty: 0.2).randomGuessFraction, 0.3))
    #expect(Numerical(answers: star, unitPenalty: 0.8).randomGuessFraction == 0)
    #expect(close(Numerical(answers: star).randomGuessFraction, 0.4))  // default penalty 0.1
    #expect(Numerical(answers: [NumericAnswer(value: 1)]).randomGuessFraction == 0)
  }
}

@Suite struct MoodleMatchingTests {
  /// test_question_maker::make_a_matching_question, the helper's `foursubq` question
  /// (question/type/match/tests/helper.php): Dog, Frog, Toad, Cat to Mammal, Amphibian, Insect.
  let animals = Matching(
    pairs: [
      MatchPair(id: "1", stem: "Dog", answer: "Mammal"), MatchPair(id: "2", stem: "Frog", answer: "Amphibian"),
      MatchPair(id: "3", stem: "Toad", answer: "Amphibian"), MatchPair(id: "4", stem: "Cat", answer: "Mammal"),
    ], distractors: ["Insect"])

  func matched(_ pairs: [(String, String)]) -> [StemMatch] {
    pairs.map { StemMatch(stem: $0.0, answer: $0.1) }
  }

  // question/type/match/tests/question_test.php, test_grading (choice 1 Mammal, 2 Amphibian,
  // 3 Insect; sub0 to sub3 are the stems in order).
  @Test func grading() {
    #expect(
      animals.fraction(for: matched([("1", "Mammal"), ("2", "Amphibian"), ("3", "Amphibian"), ("4", "Mammal")])) == 1)
    #expect(animals.fraction(for: matched([("1", "Mammal")])) == 0.25)
    #expect(
      animals.fraction(for: matched([("1", "Amphibian"), ("2", "Insect"), ("3", "Mammal"), ("4", "Amphibian")])) == 0)
  }

  // question_test.php, test_classify_response: every stem is worth a quarter.
  @Test func classifyResponse() {
    #expect(animals.fraction(for: matched([("1", "Amphibian"), ("2", "Insect")])) == 0)
    #expect(animals.fraction(for: matched([("1", "Mammal"), ("2", "Amphibian"), ("3", "Amphibian")])) == 0.75)
  }

  /// question_type_test.php's get_test_question_data: frog, cat, newt, and the distractor insect.
  let classify = Matching(
    pairs: [
      MatchPair(id: "14", stem: "frog", answer: "amphibian"), MatchPair(id: "15", stem: "cat", answer: "mammal"),
      MatchPair(id: "16", stem: "newt", answer: "amphibian"),
    ], distractors: ["insect"])

  // question/type/match/tests/question_type_test.php, test_get_random_guess_score and
  // test_get_possible_responses (a right stem is worth 1/3).
  @Test func randomGuessAndPossibleResponses() {
    #expect(abs(classify.randomGuessFraction - 0.3333333) < 0.0000001)
    #expect(classify.answerChoices == ["amphibian", "mammal", "insect"])
    #expect(abs(classify.fraction(for: matched([("14", "amphibian"), ("15", "insect")])) - 1.0 / 3) < 1e-12)
  }

  // question_type_test.php, test_make_question_instance with the helper's `trickynums` question:
  // '0', '0.0' and 'NULL' are three choices (Moodle compares them strictly, not as PHP's == would).
  @Test func trickyNumbers() {
    let java = Matching(
      pairs: [
        MatchPair(id: "14", stem: "System.out.println(0);", answer: "0"),
        MatchPair(id: "15", stem: "System.out.println(0.0);", answer: "0.0"),
      ], distractors: ["NULL"])
    #expect(java.answerChoices == ["0", "0.0", "NULL"])
    #expect(java.fraction(for: matched([("14", "0.0"), ("15", "0")])) == 0)
    #expect(java.fraction(for: matched([("14", "0"), ("15", "0.0")])) == 1)
  }

  // The rules of the issue that Moodle's tests leave out.
  @Test func choicesAndStems() {
    #expect(animals.answerChoices == ["Mammal", "Amphibian", "Insect"])
    #expect(abs(animals.randomGuessFraction - 1.0 / 3) < 1e-12)
    let repeated = Matching(pairs: animals.pairs, distractors: ["Insect", "Mammal", "Fish"])
    #expect(repeated.answerChoices == ["Mammal", "Amphibian", "Insect", "Fish"])
    #expect(repeated.randomGuessFraction == 0.25)
    #expect(animals.fraction(for: matched([("9", "Mammal"), ("1", "Mammal")])) == 0.25)  // unknown stem ignored
    #expect(animals.fraction(for: matched([("1", "Insect"), ("1", "Mammal")])) == 0)  // the first match counts
    #expect(animals.fraction(for: []) == 0)
    #expect(Matching(pairs: []).fraction(for: matched([("1", "x")])) == 0)
    #expect(Matching(pairs: []).randomGuessFraction == 0)
    let accents = Matching(pairs: [MatchPair(id: "1", stem: "a", answer: "\u{E9}")], distractors: ["e\u{301}"])
    #expect(accents.answerChoices.count == 2)  // compared exactly, not by canonical equivalence
    #expect(accents.fraction(for: matched([("1", "e\u{301}")])) == 0)
    #expect(accents.fraction(for: matched([("1", "\u{E9}")])) == 1)
  }
}

@Suite struct MoodleEssayTests {
  // moodlehq/moodleapp src/core/singletons/tests/text.test.ts, "counts words": the cases of the
  // Moodle app's CoreText.countWords, "based on Moodle's count_words" (lib/moodlelib.php), whose
  // own test_count_words provider in lib/tests/moodlelib_test.php these follow.
  @Test func countWords() {
    let rows: [(String, Int)] = [
      ("", 0), ("one two three four", 4), ("a'b", 1), ("1+1=2", 1), (" one-sided ", 1), ("one&nbsp;two", 2),
      ("email@example.com", 1), ("first\\part second/part", 2), ("<p>one two<br></br>three four</p>", 4),
      ("<p>one two<br>three four</p>", 4), ("<p>one two<br />three four</p>", 4), (" one ... three ", 3),
      ("just...one", 1), (" one & three ", 3), ("just&one", 1), ("em—dash", 2), ("en–dash", 2),
      ("1³ £2 €3.45 $6,789", 4), ("ブルース カンベッル", 2), ("<p>one two</p><p>three four</p>", 4),
      ("<p>one two</p><p><br/></p><p>three four</p>", 4),
      ("<p>one</p><ul><li>two</li><li>three</li></ul><p>four.</p>", 4), ("<p>em<b>phas</b>is.</p>", 1),
      ("<p>em<i>phas</i>is.</p>", 1), ("<p>em<strong>phas</strong>is.</p>", 1), ("<p>em<em>phas</em>is.</p>", 1),
      ("one\ntwo", 2), ("one\rtwo", 2), ("one\ttwo", 2), ("one\u{0B}two", 2), ("one\u{0C}two", 2),
      ("SO<sub>4</sub><sup>2-</sup>", 1), ("4+4=8 i.e. O(1) a,b,c,d I’m black&blue_really", 6),
      ("<span>a</span><span>b</span>", 1),
    ]
    for (text, count) in rows {
      #expect(Essay.wordCount(text) == count, "\(text.debugDescription)")
    }
  }

  // The rules of count_words that those cases leave out.
  @Test func countWordsAsPHPStripsAndDecodes() {
    #expect(Essay.wordCount("one\u{3000}two") == 2)  // an ideographic space is a separator (Zs)
    #expect(Essay.wordCount("one\u{2028}two\u{85}three") == 3)  // line separator (Zl), NEL (Cc)
    #expect(Essay.wordCount("one-two") == 1)  // a hyphen joins
    #expect(Essay.wordCount("a < b") == 3)  // `<` before a space is no tag
    #expect(Essay.wordCount("a<b c>d") == 1)  // a tag is removed with nothing in its place
    #expect(Essay.wordCount("<p title=\"x > y\">one</p>two") == 2)  // `>` in quotes ends no tag
    #expect(Essay.wordCount("one<!-- two -->three") == 1)
    #expect(Essay.wordCount("one</P>two") == 2)  // closing tags are matched case-sensitively…
    #expect(Essay.wordCount("one</B>two") == 2)  // …so only lowercase inline tags stay joined
    #expect(Essay.wordCount("one<BR>two") == 1)
    #expect(Essay.wordCount("one&#160;two&#xA0;three") == 3)  // numeric no-break spaces
    #expect(Essay.wordCount("one&#39;two") == 1)  // not decoded (ENT_COMPAT), no separator anyway
    #expect(Essay.wordCount("one&#8212;two") == 2)  // an em dash
    #expect(Essay.wordCount("one&emsp;two") == 2)
    #expect(Essay.wordCount("one&nbsp two") == 2)  // no `;`: not an entity, the space separates
    #expect(Essay.wordCount("one&#0;two") == 1)  // not allowed in HTML 4.01: left as it is
    #expect(Essay.wordCount("one\0two") == 1)  // strip_tags drops NUL
    #expect(Essay.wordCount("   ") == 0)
  }

  // qtype_essay (question/type/essay/question.php): is_complete_response takes any non-empty
  // text (no trimming), and is_same_response takes a text equal to the template (strict !==) for
  // no response, so an unchanged template is never saved as one.
  @Test func emptyResponse() {
    let essay = Essay(responseTemplate: "Start here:\n")
    #expect(essay.isEmptyResponse(""))
    #expect(essay.isEmptyResponse("Start here:\n"))
    #expect(!essay.isEmptyResponse("Start here:"))
    #expect(!essay.isEmptyResponse("  "))
    #expect(!essay.isEmptyResponse("Start here:\nMy answer."))
    #expect(Essay().isEmptyResponse(""))
    #expect(!Essay().isEmptyResponse("x"))
    #expect(!Essay(responseTemplate: "\u{E9}").isEmptyResponse("e\u{301}"))  // compared exactly
  }
}
