import QuizDomain
import QuizFormats
import Testing

/// GIFT reading and writing, one test (at least) per rule of the format.
@Suite struct GIFTTests {
  func read(_ text: String) -> FormatReading { GIFT.read(Array(text.utf8)) }

  func questions(_ reading: FormatReading) -> [Question] { reading.sections.flatMap(\.questions) }

  func yesNo(_ id: String, _ prompt: String) -> Question {
    Question(
      id: id, prompt: prompt,
      choices: [Choice(id: "a", text: "yes", correct: true), Choice(id: "b", text: "no", correct: false)]
    ).moodle()
  }

  // MARK: The file

  @Test func aBOMAndCRLFLineEndsAreRead() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("// [tag:t]\r\nQ? {=a ~b}\r\n\r\nR? {T}\r\n".utf8)
    let reading = GIFT.read(bytes)
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    #expect(
      questions(reading) == [
        Question(
          id: "q", prompt: "Q?", tags: ["t"],
          choices: [Choice(id: "a", text: "a", correct: true), Choice(id: "b", text: "b", correct: false)]
        ).moodle(),
        Question.trueFalse(id: "r", prompt: "R?", answer: true).moodle(),
      ])
    // Line numbers count physical lines, CR LF or not.
    #expect(GIFT.read(Array("Ok? {T}\r\n\r\nBad { =a\r\n".utf8)).errors.map(\.line) == [3])
  }

  /// Old Mac line endings: a file of CR alone is split at CR, as Moodle's
  /// `qformat_default::readdata` splits a file whose first line holds CR and no LF (a hostile
  /// test saw it refused as "a second answer block"). A CR inside a file of LF lines is no line end.
  @Test func aFileOfCRLineEndsIsReadLineByLine() {
    let reading = GIFT.read(Array("Old mac line one?{T}\r\rSecond question?{F}\r".utf8))
    #expect(reading.errors == [])
    #expect(questions(reading).map(\.prompt) == ["Old mac line one?", "Second question?"])
    #expect(GIFT.read(Array("Ok? {T}\r\rBad { =a\r".utf8)).errors.map(\.line) == [3])
    #expect(GIFT.read(Array("A?{T}\rB?{F}\n".utf8)).errors != [])
  }

  @Test func aLatin1FileIsAnErrorAtItsFirstInvalidLine() {
    let bytes = Array("Ok? {=yes ~no}\n\n".utf8) + [0x43, 0x61, 0x66, 0xE9] + Array(" ? {T}\n".utf8)
    let reading = GIFT.read(bytes)
    #expect(
      reading.errors == [
        FormatProblem(line: 3, message: "the file is not UTF-8 text (invalid bytes on this line)")
      ])
    #expect(reading.sections == [])
  }

  @Test func linesAreTrimmedAndBlankLinesSeparateQuestions() {
    let reading = read("  \tYes? {=yes ~no}  \n \t \n\tNo? {=yes ~no}\t\n")
    #expect(reading.errors == [])
    #expect(questions(reading) == [yesNo("yes", "Yes?"), yesNo("no", "No?")])
  }

  @Test func anAnswerBlockCannotSpanABlankLine() {
    let reading = read("Q? {\n=a\n\n~b}\n")
    #expect(reading.errors.map(\.line) == [1, 4])
    #expect(reading.errors[0].message.hasPrefix("a { with no } after it"))
    #expect(reading.errors[1].message.hasPrefix("a } with no { before it"))
  }

  // MARK: Comments, ids and tags

  @Test func commentLinesAreDroppedAndCarryTheIdAndTags() {
    let reading = read(
      #"""
      // [id:Capital] [tag:geo] [tag:europe]
      What is the capital of France? {
      // a comment inside the block
      =Paris
      // [id:ignored] [tag:geo] [tag:capitals\]] [tag:  spaced  ]
      ~Lyon
      }

      // [id:orphan] [tag:lost]

      See http://example.com // not a comment {T}
      """#)
    #expect(reading.errors == [])
    #expect(
      questions(reading) == [
        Question(
          id: "capital", prompt: "What is the capital of France?", tags: ["geo", "europe", "capitals]", "spaced"],
          choices: [Choice(id: "a", text: "Paris", correct: true), Choice(id: "b", text: "Lyon", correct: false)]
        ).moodle(),
        Question.trueFalse(
          id: "see-http-example.com-not-a-comment", prompt: "See http://example.com // not a comment", answer: true
        ).moodle(),
      ])
  }

  @Test func aValidIdInACommentIsKeptAsWritten() {
    let reading = read("// [id:ends-with-]\nQ? {T}\n")
    #expect(questions(reading).map(\.id) == ["ends-with-"])
  }

  @Test func idsComeFromTheCommentTheNameThePromptOrThePosition() {
    let reading = read(
      """
      // [id:From Comment]
      ::Title here::Prompt text {T}

      ::Title here::Another {T}

      ::Title here::A third {T}

      A prompt that is rather long and goes on beyond forty characters {T}

      日本語の質問 {T}

      日本語の質問 {T}
      """)
    #expect(reading.errors == [])
    #expect(
      questions(reading).map(\.id) == [
        "from-comment", "title-here", "title-here-2", "a-prompt-that-is-rather-long-and-goes-on", "q5", "q6",
      ])
    // Choice ids are a, b, c… by position.
    #expect(questions(read("Q? {~x =y ~z ~w}")).first?.choices.map(\.id) == ["a", "b", "c", "d"])
  }

  // MARK: Categories

  @Test func categoriesMakeSectionsInTheOrderOfTheirFirstQuestion() {
    let reading = read(
      """
      First? {T}

      $CATEGORY: Geography/Rivers

      Nile? {T}

      $CATEGORY: Empty

      $CATEGORY: $course$/top/Default for X

      Rome? {T}

      $CATEGORY:   Geography/Rivers

      Amazon? {T}
      """)
    #expect(reading.errors == [])
    // Moodle's context and top category left out, as Moodle makes the categories.
    #expect(reading.sections.map(\.title) == [nil, "Geography/Rivers", "Default for X"])
    #expect(reading.sections.map { $0.questions.map(\.id) } == [["first"], ["nile", "amazon"], ["rome"]])
  }

  @Test func aCategoryIsAParagraphOfItsOwn() {
    let reading = read("$CATEGORY: A\nQ? {T}\n")
    #expect(reading.errors.map(\.line) == [2])
  }

  // MARK: Texts

  @Test func escapesGiveTheirCharacters() {
    let reading = read(
      ###"""
      ::A\:B::Path C\:\\Users\\n \d \{x\} \# \= \~ line\nbreak {=yes\~ ~no#fb \#1}
      """###)
    #expect(reading.errors == [])
    #expect(
      questions(reading) == [
        Question(
          id: "a-b", prompt: "Path C:\\Users\\n \\d {x} # = ~ line\nbreak",
          choices: [
            Choice(id: "a", text: "yes~", correct: true),
            Choice(id: "b", text: "no", correct: false, feedback: "fb #1"),
          ]
        ).moodle()
      ])
  }

  @Test func theNameIsTheQuestionsTitleAndMustBeClosed() {
    #expect(questions(read("// c\n::My name::Prompt? {T}")).map(\.id) == ["my-name"])
    #expect(read("::Broken name {T}").errors.map(\.line) == [1])
  }

  @Test func formatPrefixesAreRemovedAndThePromptsSetsTheFormat() {
    let reading = read(
      """
      [markdown] **Bold** prompt {=[html]<b>a</b> ~[1, 2, 3].count#[plain]fb}

      [HTML]Upper case is text {T}

      [plain][html] only the first {T}

      [moodle]Moodle {T}
      """)
    #expect(reading.errors == [])
    let all = questions(reading)
    // No prefix (or one that is none, such as [HTML]) is Moodle's auto-format, as Moodle's
    // parse_text_with_format defaults to FORMAT_MOODLE.
    #expect(all.map(\.textFormat) == [.markdown, .moodle, .plain, .moodle])
    #expect(all.map(\.prompt) == ["**Bold** prompt", "[HTML]Upper case is text", "[html] only the first", "Moodle"])
    #expect(
      all[0].choices == [
        Choice(id: "a", text: "<b>a</b>", correct: true),
        Choice(id: "b", text: "[1, 2, 3].count", correct: false, feedback: "fb"),
      ])
  }

  // MARK: The answer block

  @Test func textAfterTheBlockMakesAMissingWord() {
    let reading = read(
      """
      Grant is {~buried =entombed ~living} in Grant's tomb.

      Who is buried in Grant's tomb? {=no one ~Grant}
      """)
    #expect(questions(reading).map(\.prompt) == ["Grant is _____ in Grant's tomb.", "Who is buried in Grant's tomb?"])
  }

  @Test func bracesOutOfPlaceAreErrorsAndEscapedBracesAreText() {
    let reading = read(
      #"""
      Lone { brace

      Lone } brace

      } before { {T}

      Two {T} blocks {F}

      Nested { { } }

      Literal \{ brace \} {T}
      """#)
    #expect(reading.errors.map(\.line) == [1, 3, 5, 7, 9])
    #expect(reading.errors[3].message.hasPrefix("a second answer block"))
    #expect(questions(reading).map(\.prompt) == ["Literal { brace }"])
  }

  @Test func theExplanationFollowsTheLastFourHashes() {
    let reading = read("Q? {=a ~b #no ####Because.}\n\nR? {=a ~b ####x####y}")
    #expect(questions(reading).map(\.explanation) == ["Because.", "y"])
    #expect(questions(reading)[0].choices[1].feedback == "no")
  }

  // MARK: Types

  @Test func aFileWithNoQuestionIsAnError() {
    #expect(
      read("// only a comment\n").errors == [
        FormatProblem(line: 1, message: "no question that quiz can import (the file holds no question)")
      ])
    #expect(read("$CATEGORY: empty\n").errors.map(\.line) == [1])
  }

  // MARK: Multiple choice

  @Test func aBlockWithEqualsIsSingleAnswerWithOptionalWeights() {
    let reading = read("Q? {=right#Yes ~%50%half#Almost ~wrong ~%-33.33333%bad}")
    #expect(reading.errors == [])
    #expect(
      questions(reading) == [
        Question(
          id: "q", prompt: "Q?", multiple: false,
          choices: [
            Choice(id: "a", text: "right", correct: true, feedback: "Yes"),
            Choice(id: "b", text: "half", correct: false, weight: 0.5, feedback: "Almost"),
            Choice(id: "c", text: "wrong", correct: false),
            Choice(id: "d", text: "bad", correct: false, weight: -0.3333333),
          ]
        ).moodle()
      ])
    #expect(reading.scoring == .weighted)
    // Defaults: GIFT has no points, shuffle or per-question scoring; the choices shuffle, as
    // Moodle imports them.
    #expect(questions(reading)[0].points == 1 && questions(reading)[0].shuffle && questions(reading)[0].scoring == nil)
  }

  @Test func aBlockWithoutEqualsIsMultiAnswerWithExplicitWeights() {
    let reading = read("Which are prime? {~%50%2 ~%50%3 ~%-100%4 ~9}")
    #expect(reading.errors == [])
    #expect(
      questions(reading) == [
        Question(
          id: "which-are-prime", prompt: "Which are prime?", multiple: true,
          choices: [
            Choice(id: "a", text: "2", correct: true, weight: 0.5),
            Choice(id: "b", text: "3", correct: true, weight: 0.5),
            Choice(id: "c", text: "4", correct: false, weight: -1),
            Choice(id: "d", text: "9", correct: false, weight: 0),
          ]
        ).moodle()
      ])
    #expect(reading.scoring == .weighted)
  }

  /// Whole weights on a question of several answers make the quiz `weighted` all the same:
  /// Moodle adds up the weights ticked, so ticking `plain` beside `full` earns full marks.
  @Test func textBeforeTheFirstMarkerIsAPlainWrongChoiceAndSeveralAnswersScoreWeighted() {
    let reading = read("Q? {plain ~%100%full ~%0%zero}")
    #expect(
      questions(reading).first?.choices == [
        Choice(id: "a", text: "plain", correct: false, weight: 0),
        Choice(id: "b", text: "full", correct: true, weight: 1),
        Choice(id: "c", text: "zero", correct: false, weight: 0),
      ])
    #expect(questions(reading).first?.multiple == true)
    #expect(reading.scoring == .weighted)
    if let question = questions(reading).first {
      #expect(Scoring.score(question, selected: ["a", "b"], rule: reading.scoring ?? .allOrNothing) == 1)
    }
    // One answer of whole weights leaves it unset.
    #expect(read("Q? {=full ~%0%zero}").scoring == nil)
  }

  /// `~%100%` beside `=` is Moodle's fraction 1, as `=` is: a right answer of a question of one
  /// answer, picked alone it earns full marks under all-or-nothing too.
  @Test func aFullWeightInAQuestionOfOneAnswerIsARightAnswer() {
    let reading = read("Q? {=right ~%100%full#Yes ~wrong}")
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    #expect(
      questions(reading).first?.choices == [
        Choice(id: "a", text: "right", correct: true),
        Choice(id: "b", text: "full", correct: true, feedback: "Yes"),
        Choice(id: "c", text: "wrong", correct: false),
      ])
    #expect(questions(reading).first?.multiple == false)
    #expect(reading.scoring == nil)
    if let question = questions(reading).first {
      #expect(Scoring.score(question, selected: ["b"], rule: .allOrNothing) == 1)
      #expect(Scoring.score(question, selected: ["c"], rule: .allOrNothing) == 0)
    }
  }

  @Test func multipleChoiceErrorsNameTheirLine() {
    let reading = read(
      """
      Range? {=a ~%150%b}

      One? {~only}

      Empty? {=a ~}

      None? {~a ~%0%b}

      Multi? {
      =a
      ~%-101%b
      }
      """)
    #expect(reading.errors.map(\.line) == [1, 3, 5, 7, 11])
    #expect(reading.errors[0].message == "the weight %150% is outside -100 to 100")
    #expect(reading.errors[1].message == "a multiple-choice question needs at least 2 choices, found 1")
    #expect(reading.errors[2].message == "choice 2 has no text")
    #expect(reading.errors[3].message.hasPrefix("no choice has a positive weight"))
  }

  // MARK: True/false

  @Test func trueFalseTakesWrongThenRightFeedbackAndNoWeights() {
    var sky = Question.trueFalse(
      id: "sky-is-blue", prompt: "Sky is blue.", answer: true, feedbackTrue: "Right!", feedbackFalse: "Wrong!"
    ).moodle()
    sky.explanation = "Light scattering."
    let reading = read(
      """
      Sky is blue. {T#Wrong!#Right!####Light scattering.}

      Flat? {FALSE#a#b#c}

      Wet? {F}

      Dry? {T##Yes}

      W? {=a ~%50%b}
      """)
    #expect(reading.errors == [])
    #expect(reading.scoring == .weighted)
    #expect(
      Array(questions(reading).prefix(4)) == [
        sky,
        Question.trueFalse(id: "flat", prompt: "Flat?", answer: false, feedbackTrue: "a", feedbackFalse: "b#c")
          .moodle(),
        Question.trueFalse(id: "wet", prompt: "Wet?", answer: false).moodle(),
        Question.trueFalse(id: "dry", prompt: "Dry?", answer: true, feedbackTrue: "Yes").moodle(),
      ])
  }

  // MARK: Validation

  @Test func questionProblemsAreErrorsAtTheQuestionsFirstLine() {
    let reading = read("// a comment\n\n// [tag:x]\n{=a ~b}\n")
    #expect(reading.errors == [FormatProblem(line: 4, message: "the prompt must not be empty")])
  }

  // MARK: Writing

  @Test func writingGivesCategoriesNamesEscapesAndBlocks() {
    let quiz = Quiz(
      id: "geo", title: "Geo", scoring: .weighted,
      sections: [
        Section(questions: [
          Question(
            id: "capital", prompt: "Capital of France?", explanation: "Paris: since 508.", tags: ["geo"],
            choices: [
              Choice(id: "a", text: "Paris", correct: true, feedback: "Yes"),
              Choice(id: "b", text: "Lyon", correct: false),
            ]
          ).moodle()
        ]),
        Section(
          title: "Rivers",
          questions: [
            Question.trueFalse(
              id: "nile", prompt: "The Nile is long.", answer: true, feedbackTrue: "Right", feedbackFalse: "It is."
            ).moodle(),
            Question(
              id: "primes", prompt: "Primes {2, 3}?", multiple: true,
              choices: [
                Choice(id: "a", text: "2", correct: true, weight: 0.5),
                Choice(id: "b", text: "3", correct: true, weight: 0.5),
                Choice(id: "c", text: "4", correct: false, weight: -1),
              ]
            ).moodle(),
          ]),
      ])
    let writing = GIFT.write(quiz)
    let expected = [
      "// [tag:geo]",
      "::capital::Capital of France?{",
      "\t=Paris#Yes",
      "\t~Lyon",
      "\t####Paris\\: since 508.",
      "}",
      "",
      "$CATEGORY: Rivers",
      "",
      "::nile::The Nile is long.{T#It is.#Right}",
      "",
      "::primes::Primes \\{2, 3\\}?{",
      "\t~%50%2",
      "\t~%50%3",
      "\t~%-100%4",
      "}",
      "",
    ].joined(separator: "\n")
    #expect(String(decoding: writing.bytes, as: UTF8.self) == expected)
    #expect(writing.warnings == [])
    #expect(GIFT.read(writing.bytes).quiz(id: "geo", title: "Geo") == quiz)
  }

  /// A quiz using every rule the writer has to respect.
  /// Shuffled as a GIFT import gives each question (Moodle's default).
  static let rich = asImported(
    Quiz(
      id: "bank", title: "Bank", scoring: .weighted,
      sections: [
        Section(questions: [
          Question(
            id: "capital", prompt: "Capital of France?", explanation: "Paris: since 508.", tags: ["geo", "europe"],
            choices: [
              Choice(id: "a", text: "Paris", correct: true, feedback: "Yes"),
              Choice(id: "b", text: "Lyon", correct: false),
            ]
          ).moodle(),
          Question(
            id: "specials", prompt: "Escapes: \\ ~ = # { } : and\na newline", explanation: "Done: ####",
            choices: [
              Choice(id: "a", text: "x = y", correct: true, feedback: "# hash"),
              Choice(id: "b", text: "{braces}", correct: false),
              Choice(id: "c", text: "%50% off", correct: false),
              Choice(id: "d", text: "[html] not a prefix", correct: false),
              Choice(id: "e", text: "ends with a backslash \\", correct: false, feedback: "\\d stays"),
            ]
          ).moodle(),
          Question(
            id: "markdown-q", prompt: "**Bold**?",
            choices: [Choice(id: "a", text: "`a`", correct: true), Choice(id: "b", text: "_b_", correct: false)],
            textFormat: .markdown),
        ]),
        Section(
          title: "Geography/Rivers",
          questions: [
            Question(
              id: "html-q", prompt: "[html]<p>Literal</p>",
              choices: [
                Choice(id: "a", text: "<b>yes</b>", correct: true), Choice(id: "b", text: "no", correct: false),
              ],
              textFormat: .html),
            Question(
              id: "plain-bracket", prompt: "[markdown] is a prefix",
              choices: [Choice(id: "a", text: "yes", correct: true), Choice(id: "b", text: "no", correct: false)]),
            Question(
              id: "moodle-q", prompt: "Moodle auto-format",
              choices: [Choice(id: "a", text: "yes", correct: true), Choice(id: "b", text: "no", correct: false)],
              textFormat: .moodle),
            Question(
              id: "weights-", prompt: "Weighted single answer",
              choices: [
                Choice(id: "a", text: "one third", correct: false, weight: 0.3333333),
                Choice(id: "b", text: "right", correct: true),
                Choice(id: "c", text: "zero", correct: false, weight: 0),
                Choice(id: "d", text: "minus", correct: false, weight: -0.25),
              ]
            ).moodle(),
          ]),
        Section(
          title: "Default for Course",
          questions: [
            Question(
              id: "multi", prompt: "Several answers", multiple: true,
              choices: [
                Choice(id: "a", text: "half", correct: true, weight: 0.5),
                Choice(id: "b", text: "other half", correct: true, weight: 0.5, feedback: "Also."),
                Choice(id: "c", text: "wrong", correct: false, weight: -1),
                Choice(id: "d", text: "neutral", correct: false, weight: 0),
                Choice(id: "e", text: "tiny", correct: true, weight: 0.00001),
              ]
            ).moodle(),
            Question.trueFalse(id: "tf-false", prompt: "False?", answer: false, feedbackFalse: "Right.").moodle(),
            {
              var question = Question.trueFalse(id: "tf-plain", prompt: "True?", answer: true).moodle()
              question.explanation = "Because."
              question.textFormat = .markdown
              return question
            }(),
            Question(
              id: "tagged", prompt: "Tags with brackets", tags: ["a]b", "c\\"],
              choices: [Choice(id: "a", text: "yes", correct: true), Choice(id: "b", text: "no", correct: false)]
            ).moodle(),
          ]),
      ]))

  @Test func exportThenImportGivesTheSameQuizAndTheSameBytes() {
    let first = GIFT.write(Self.rich)
    #expect(first.warnings == [])
    let text = String(decoding: first.bytes, as: UTF8.self)
    #expect(text.contains("// [id:weights-]\n::weights-::"))
    #expect(text.contains("// [tag:a\\]b] [tag:c\\]\n"))
    #expect(text.contains("\t~%33.33333%one third\n"))
    #expect(text.contains("\t~%0.001%tiny\n"))
    #expect(text.contains("::html-q::[html][html]<p>Literal</p>{"))
    #expect(text.contains("::plain-bracket::[plain][markdown] is a prefix{"))
    #expect(text.contains("\t~[moodle]%50% off\n"))
    #expect(text.contains("::tf-false::False?{F##Right.}"))
    let reading = GIFT.read(first.bytes)
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    #expect(reading.quiz(id: "bank", title: "Bank") == Self.rich)
    #expect(GIFT.write(reading.quiz(id: "bank", title: "Bank")).bytes == first.bytes)
  }

  @Test func aHandWrittenFileSurvivesWriteAndRead() {
    let reading = read(
      #"""
      // A GIFT bank written by hand.
      $CATEGORY: Geography/Rivers

      // [id:longest] [tag:rivers] [tag:africa]
      ::Longest river::Which is the longest river? {
        =The Nile#Right.
        ~The Amazon#Close, but no.
        ~The Danube
        ####The Nile is about 6,650 km long.
      }

      The Earth is flat. {F#It is not.#Right.}

      Which are prime? {~%33.33333%2 ~%33.33333%3 ~%33.33334%5 ~%-100%4}

      Write an essay about rivers. {}
      """#)
    #expect(reading.errors == [])
    let quiz = reading.quiz(id: "rivers", title: "Rivers")
    let written = GIFT.write(quiz)
    #expect(written.warnings == [])
    #expect(GIFT.read(written.bytes).quiz(id: "rivers", title: "Rivers") == quiz)
    #expect(GIFT.write(GIFT.read(written.bytes).quiz(id: "rivers", title: "Rivers")).bytes == written.bytes)
  }

  @Test func whatGIFTCannotCarryIsNamedInAWarning() {
    var quiz = Quiz(
      id: "z", title: "Z",
      sections: [
        Section(questions: [
          Question(
            id: "q", prompt: "P?", points: 2, scoring: .partial, shuffle: true,
            choices: [
              Choice(id: "a", text: "a", correct: true), Choice(id: "b", text: "b", correct: true),
              Choice(id: "c", text: "c", correct: false),
            ]
          ).moodle()
        ])
      ])
    // Not shuffled: a GIFT import shuffles, as Moodle's does.
    quiz.sections[0].questions[0].shuffle = false
    let writing = GIFT.write(quiz)
    let text = String(decoding: writing.bytes, as: UTF8.self)
    // Several answers without weights: equal shares for the correct choices, -1/W for the wrong.
    #expect(text == "::q::P?{\n\t~%50%a\n\t~%50%b\n\t~%-100%c\n}\n")
    #expect(writing.warnings.contains { $0.contains("\"q\"") && $0.contains("points") })
    #expect(writing.warnings.contains { $0.contains("\"q\"") && $0.contains("shuffle") })
    #expect(writing.warnings.contains { $0.contains("\"q\"") && $0.contains("partial") })
    #expect(writing.warnings.contains { $0.contains("\"q\"") && $0.contains("without a weight") })
    // Choice ids other than a, b, c… are not carried either.
    quiz.sections[0].questions[0].choices[0].id = "first"
    #expect(GIFT.write(quiz).warnings.contains { $0.contains("choice ids") })
  }

  // MARK: Slugs

  @Test func slugsAreMadeWithoutTransliteration() {
    #expect(Slug.make(from: "Où est Paris ?") == "o-est-paris")
    #expect(Slug.make(from: "日本語") == "")
    #expect(Slug.make(from: "  Hello, World!  ") == "hello-world")
    #expect(Slug.make(from: "a - b") == "a---b")
    #expect(Slug.make(from: "...Leading.and.trailing___") == "leading.and.trailing")
    #expect(Slug.make(from: "What is the capital city of the country France", limit: 20) == "what-is-the-capital")
    #expect(Slug.make(from: "abcdefghij", limit: 5) == "abcde")
    #expect(Slug.make(from: "a.b_c-d", limit: 4) == "a.b")
    var taken: Set<String> = ["x", "x-2"]
    #expect(Slug.unique("x", taken: &taken) == "x-3")
    #expect(Slug.unique("y", taken: &taken) == "y")
    #expect(taken == ["x", "x-2", "x-3", "y"])
  }
}

/// Issue 20: what GIFT reads that Moodle reads otherwise, and ids at the length limit.
@Suite struct GIFTLimitsTests {
  @Test func twoQuestionsWithTheSame100CharacterNameGetValidIds() {
    let name = String(repeating: "a", count: 60) + "-" + String(repeating: "b", count: 39)
    #expect(name.count == 100)
    let reading = GIFT.read(Array("::\(name)::One? {T}\n\n::\(name)::Two? {F}\n\n::\(name)::Three? {T}\n".utf8))
    #expect(reading.errors == [])
    let ids = reading.sections.flatMap(\.questions).map(\.id)
    #expect(ids.count == 3)
    #expect(ids.allSatisfy { Slug.isValid($0) })
    #expect(Set(ids).count == 3)
    #expect(ids[0] == name)
    #expect(ids[1].hasSuffix("-2") && ids[2].hasSuffix("-3"))
  }

  /// Moodle's multichoice import gives `=` full credit and reads no weight after it: the text
  /// keeps `%50%`. quiz reads it the same, and says so.
  @Test func aWeightAfterEqualsIsReadAsMoodleDoesWithAWarning() {
    let reading = GIFT.read(Array("Q? {\n=%50%half\n~no\n}\n".utf8))
    #expect(reading.errors == [])
    let question = reading.sections.flatMap(\.questions)
    #expect(question.first?.choices.map(\.text) == ["%50%half", "no"])
    #expect(question.first?.choices.first?.correct == true)
    #expect(reading.warnings.map(\.line) == [2])
    #expect(reading.warnings.first?.message.contains("~%50%") == true)
  }

  @Test func anEmptyQuizIsWrittenWithAWarning() {
    let written = GIFT.write(Quiz(id: "empty", title: "Empty", sections: []))
    #expect(written.warnings.contains { $0.contains("no question") && $0.contains("cannot be imported") })
    let one = GIFT.write(
      Quiz(
        id: "one", title: "One",
        sections: [Section(questions: [Question.trueFalse(id: "t", prompt: "T?", answer: true).moodle()])]))
    #expect(!one.warnings.contains { $0.contains("no question") })
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

/// `quiz` with each question shuffled as a GIFT import gives it (Moodle's default).
func asImported(_ quiz: Quiz) -> Quiz {
  var quiz = quiz
  for s in quiz.sections.indices {
    for q in quiz.sections[s].questions.indices {
      quiz.sections[s].questions[q].shuffle = MoodleImportDefaults.shuffle(of: quiz.sections[s].questions[q])
    }
  }
  return quiz
}
