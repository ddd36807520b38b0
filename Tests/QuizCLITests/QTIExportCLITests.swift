import Foundation
import Testing

/// `quiz export QUIZ --format qti -o FILE.zip`, the package read back by tools that are not
/// ours: Python's zipfile unpacks it and ElementTree parses every XML file in it.
@Suite struct QTIExportCLITests {
  // MARK: - Reading a package back

  /// What `inspector` reads from a package.
  struct Package: Decodable {
    let names: [String]
    /// Files in the zip the manifest does not list, or the other way round; XML that does not
    /// parse; items without exactly one scoring condition; missing feedback; references to
    /// files the zip lacks.
    let problems: [String]
    let items: [Item]
    let meta: [String: String]
    /// The bytes of each `web_resources/` file, in base64.
    let files: [String: String]
    let references: [String]
    /// The question groups: sections other than `root_section`.
    let groups: [Group]
  }

  struct Group: Decodable, Equatable {
    let ident: String
    let title: String
    let selection: String
    let pointsPerItem: String
    /// The idents of its items, in order.
    let items: [String]
  }

  struct Item: Decodable {
    let ident: String
    let title: String
    let type: String
    let points: String
    let cardinality: String
    let choices: [String]
    /// The choices the condition that sets SCORE to 100 requires.
    let correct: [String]
    let texts: [String]
    /// Each `response_lid`: its ident, its material's text and its labels (ident, text).
    let lids: [Lid]
    let conditions: [Condition]
    /// The idents of the `response_str` fields.
    let fields: [String]
  }

  struct Lid: Decodable, Equatable {
    let ident: String
    let text: String
    let labels: [[String]]
  }

  struct Condition: Decodable, Equatable {
    let `continue`: String
    /// Each test of its `conditionvar`, in document order: tag, respident, text.
    let tests: [[String]]
    /// The `setvar`'s action and value, empty when it sets none.
    let set: [String]
  }

  static let inspector = #"""
    import base64, json, sys, urllib.parse, zipfile
    import xml.etree.ElementTree as ET

    problems = []
    archive = zipfile.ZipFile(sys.argv[1])
    names = [info.filename for info in archive.infolist()]
    if len(set(names)) != len(names):
        problems.append("repeated entries")
    if archive.testzip() is not None:
        problems.append("bad CRC in " + archive.testzip())
    documents = {}
    for name in names:
        if name.endswith(".xml"):
            try:
                documents[name] = ET.fromstring(archive.read(name))
            except ET.ParseError as error:
                problems.append(f"{name}: {error}")

    manifest = documents.get("imsmanifest.xml")
    listed = set()
    assessments = []
    if manifest is None:
        problems.append("no imsmanifest.xml")
    else:
        for resource in manifest.findall(".//{*}resource"):
            # An href is a URL: percent-encoded, the zip's name decoded.
            hrefs = [urllib.parse.unquote(file.get("href")) for file in resource.findall("{*}file")]
            listed.update(hrefs)
            if resource.get("href") is not None and urllib.parse.unquote(resource.get("href")) not in hrefs:
                problems.append("resource href not among its files: " + resource.get("href"))
            if resource.get("type") == "imsqti_xmlv1p2":
                assessments += hrefs
    in_zip = set(name for name in names if name != "imsmanifest.xml" and not name.endswith("/"))
    for name in sorted(in_zip - listed):
        problems.append("in the zip, not in the manifest: " + name)
    for name in sorted(listed - in_zip):
        problems.append("in the manifest, not in the zip: " + name)

    def text_of(element, path):
        found = element.find(path)
        return None if found is None else (found.text or "")

    items = []
    references = []
    groups = []
    for assessment in assessments:
        root = documents.get(assessment)
        if root is None:
            problems.append("assessment not readable: " + assessment)
            continue
        for section in root.findall(".//{*}section"):
            if section.get("ident") == "root_section":
                continue
            groups.append({"ident": section.get("ident"), "title": section.get("title") or "",
                           "selection": text_of(section, "{*}selection_ordering/{*}selection/{*}selection_number") or "",
                           "pointsPerItem": text_of(section, ".//{*}selection_extension/{*}points_per_item") or "",
                           "items": [item.get("ident") for item in section.findall("{*}item")]})
        for item in root.findall(".//{*}item"):
            fields = {}
            for field in item.findall(".//{*}qtimetadatafield"):
                fields[text_of(field, "{*}fieldlabel")] = text_of(field, "{*}fieldentry")
            response = item.find("{*}presentation/{*}response_lid")
            choices = [label.get("ident") for label in item.findall(".//{*}response_label")]
            correct = []
            scoring = 0
            for condition in item.findall(".//{*}respcondition"):
                setvar = condition.find("{*}setvar")
                if setvar is None or (setvar.text or "").strip() != "100":
                    continue
                scoring += 1
                variables = condition.find("{*}conditionvar")
                both = variables.find("{*}and")
                for equal in (both if both is not None else variables).findall("{*}varequal"):
                    correct.append(equal.text)
                if both is not None:
                    wrong = [equal.text for equal in both.findall("{*}not/{*}varequal")]
                    if sorted(correct + wrong) != sorted(choices):
                        problems.append(item.get("ident") + ": the scoring condition does not name every choice once")
            kind = fields.get("question_type") or ""
            if kind in ["multiple_choice_question", "true_false_question", "multiple_answers_question",
                        "short_answer_question"] and scoring != 1:
                problems.append(f"{item.get('ident')}: {scoring} conditions set SCORE to 100")
            lids = []
            for lid in item.findall("{*}presentation/{*}response_lid"):
                lids.append({"ident": lid.get("ident"), "text": text_of(lid, "{*}material/{*}mattext") or "",
                             "labels": [[label.get("ident"), text_of(label, ".//{*}mattext") or ""]
                                        for label in lid.findall(".//{*}response_label")]})
            conditions = []
            for condition in item.findall(".//{*}respcondition"):
                setvar = condition.find("{*}setvar")
                tests = [[test.tag.split("}")[-1], test.get("respident") or "", test.text or ""]
                         for test in condition.find("{*}conditionvar").iter() if test.tag.split("}")[-1] in
                         ["varequal", "vargte", "varlte", "other"]]
                conditions.append({"continue": condition.get("continue") or "", "tests": tests,
                                   "set": [] if setvar is None else [setvar.get("action"), setvar.text or ""]})
            feedback = set(entry.get("ident") for entry in item.findall("{*}itemfeedback"))
            for display in item.findall(".//{*}displayfeedback"):
                if display.get("linkrefid") not in feedback:
                    problems.append(item.get("ident") + ": feedback " + str(display.get("linkrefid")) + " is missing")
            texts = [mattext.text or "" for mattext in item.findall(".//{*}mattext")]
            for text in texts:
                for part in text.split("$IMS-CC-FILEBASE$/")[1:]:
                    end = min([part.find(mark) for mark in "\"' <>" if part.find(mark) >= 0] + [len(part)])
                    path = "web_resources/" + urllib.parse.unquote(part[:end])
                    references.append(path)
                    if path not in names:
                        problems.append(item.get("ident") + ": refers to a file not in the zip: " + path)
            items.append({
                "ident": item.get("ident"), "title": item.get("title") or "",
                "type": fields.get("question_type") or "", "points": fields.get("points_possible") or "",
                "cardinality": "" if response is None else response.get("rcardinality") or "",
                "choices": choices, "correct": correct, "texts": texts, "lids": lids, "conditions": conditions,
                "fields": [field.get("ident") for field in item.findall("{*}presentation/{*}response_str")],
            })

    meta = {}
    for name, root in documents.items():
        if name.endswith("/assessment_meta.xml"):
            for key in ["title", "description", "points_possible", "shuffle_answers", "quiz_type"]:
                meta[key] = text_of(root, "{*}" + key) or ""

    files = {name: base64.b64encode(archive.read(name)).decode() for name in names if name.startswith("web_resources/")}
    print(json.dumps({"names": names, "problems": problems, "items": items, "meta": meta, "files": files,
                      "references": references, "groups": groups}, ensure_ascii=False))
    """#

  /// The package at `zip`, as `inspector` reads it. Fails the test, naming the package to
  /// install, when python3 is missing.
  static func inspect(_ zip: String, in workspace: Workspace) throws -> Package {
    let script = try workspace.write("inspect_qti.py", inspector)
    let run = try QuizProcess.shell(
      "command -v python3 >/dev/null || { echo 'no python3'; exit 4; }; python3 '\(script)' '\(zip)'",
      in: workspace.directory)
    if run.stdout == "no python3\n" {
      throw QuizProcess.MissingTool(
        description: "this test needs python3 (apt-get install python3) to unpack and parse the QTI package")
    }
    try #require(run.status == 0, "inspect_qti.py failed: \(run.stderr)")
    return try JSONDecoder().decode(Package.self, from: Data(run.stdout.utf8))
  }

  // MARK: - The quiz as its JSON export has it

  struct Bank: Decodable {
    let quizzes: [BankQuiz]
  }

  struct BankQuiz: Decodable {
    let id: String
    let title: String
    let sections: [BankSection]
  }

  struct BankSection: Decodable {
    let questions: [BankQuestion]
  }

  struct BankQuestion: Decodable {
    let id: String
    let points: Double
    let multiple: Bool
    let choices: [BankChoice]
  }

  struct BankChoice: Decodable {
    let id: String
    let text: String
    let correct: Bool
  }

  static func exported(_ quiz: String, in workspace: Workspace) throws -> BankQuiz {
    let export = try workspace.quiz("export", quiz)
    try #require(export.status == 0, "\(export.stderr)")
    return try #require(try JSONDecoder().decode(Bank.self, from: export.stdoutBytes).quizzes.first)
  }

  // MARK: - Tests

  @Test func theSampleQuizzesReadBackWithTheirCorrectChoices() throws {
    let workspace = try Workspace.seeded()
    for id in ["reactive-swift", "world-languages"] {
      let path = workspace.directory.path("\(id).zip")
      let run = try workspace.quiz("export", id, "--format", "qti", "-o", path)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.isEmpty)
      let package = try Self.inspect(path, in: workspace)
      #expect(package.problems.isEmpty, "\(id): \(package.problems)")
      let assessment = "quiz-\(id)"
      #expect(
        Array(package.names.prefix(3)) == [
          "imsmanifest.xml", "\(assessment)/\(assessment).xml", "\(assessment)/assessment_meta.xml",
        ])
      let quiz = try Self.exported(id, in: workspace)
      let questions = quiz.sections.flatMap(\.questions)
      #expect(package.meta["title"] == quiz.title)
      #expect(package.meta["quiz_type"] == "assignment")
      let points = try #require(package.meta["points_possible"].flatMap { Double($0) })
      #expect(abs(points - questions.reduce(0) { $0 + $1.points }) < 1e-6)
      #expect(package.items.map(\.title) == questions.map(\.id))
      for (item, question) in zip(package.items, questions) {
        let ident = "\(assessment)-Question-\(question.id)"
        let trueFalse =
          !question.multiple && question.choices.map(\.id) == ["true", "false"]
          && question.choices.map(\.text) == ["True", "False"]
        #expect(item.ident == ident)
        #expect(
          item.type
            == (trueFalse
              ? "true_false_question" : question.multiple ? "multiple_answers_question" : "multiple_choice_question"))
        #expect(item.cardinality == (question.multiple ? "Multiple" : "Single"))
        #expect(Double(item.points) == question.points, "\(question.id)")
        #expect(item.choices == question.choices.map { "\(ident)-Choice-\($0.id)" })
        #expect(
          item.correct == question.choices.filter(\.correct).map { "\(ident)-Choice-\($0.id)" }, "\(question.id)")
      }
    }
  }

  @Test func thePackageIsTheSameBytesInEveryTimeZone() throws {
    let workspace = try Workspace.seeded()
    let first = workspace.directory.path("first.zip")
    let second = workspace.directory.path("second.zip")
    #expect(try workspace.quiz("export", "world-languages", "--format", "qti", "-o", first).status == 0)
    #expect(
      try workspace.quiz(
        "export", "world-languages", "--format", "qti", "-o", second, environment: ["TZ": "Asia/Tokyo"]
      ).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(!bytes.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == bytes)
  }

  static let pets = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "pets", "title": "Pets & <friends>", "sections": [{"questions": [
      {"id": "which", "prompt": "<p>Which animal? <img src=\\"@@PLUGINFILE@@/cat.png\\" alt=\\"a grey cat\\"></p>",
       "text_format": "html",
       "choices": [{"id": "a", "text": "Cat", "correct": true},
                   {"id": "b", "text": "Dog", "correct": false,
                    "feedback": "<img src=\\"@@PLUGINFILE@@/my%20dog.png\\" alt=\\"a dog\\">"}],
       "files": [{"field": "prompt", "name": "cat.png", "data": "iVBORw0KGgoA/w=="},
                 {"field": "choices.b.feedback", "name": "my dog.png", "data": "R0lGODlhAQABAAAAACw="}]},
      {"id": "other", "prompt": "<p>And this one? <img src=\\"@@PLUGINFILE@@/cat.png\\"></p>", "text_format": "html",
       "choices": [{"id": "a", "text": "Lion", "correct": true}, {"id": "b", "text": "Cat", "correct": false}],
       "files": [{"field": "prompt", "name": "cat.png", "data": "iVBORw0KGgoA/g=="}]}]}]}]}
    """

  @Test func embeddedFilesAreInThePackageAndTheTextsReferToThem() throws {
    let workspace = try Workspace()
    let imported = try workspace.quiz("import", try workspace.write("pets.json", Self.pets))
    try #require(imported.status == 0, "\(imported.stderr)")
    let zip = workspace.directory.path("pets.zip")
    let run = try workspace.quiz("export", "pets", "--format", "qti", "-o", zip)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("warning"), "\(run.stderr)")
    let package = try Self.inspect(zip, in: workspace)
    #expect(package.problems.isEmpty, "\(package.problems)")
    #expect(package.meta["title"] == "Pets & <friends>")
    // Two different cat.png: a folder per question; the dog alone: at the top.
    #expect(
      package.files == [
        "web_resources/quiz-files/which/cat.png": "iVBORw0KGgoA/w==",
        "web_resources/quiz-files/my dog.png": "R0lGODlhAQABAAAAACw=",
        "web_resources/quiz-files/other/cat.png": "iVBORw0KGgoA/g==",
      ])
    #expect(
      package.references == [
        "web_resources/quiz-files/which/cat.png", "web_resources/quiz-files/my dog.png",
        "web_resources/quiz-files/other/cat.png",
      ])
    let prompt = try #require(package.items.first?.texts.first)
    #expect(prompt == #"<p>Which animal? <img src="$IMS-CC-FILEBASE$/quiz-files/which/cat.png" alt="a grey cat"></p>"#)
    #expect(package.items.first?.texts.contains { $0.contains("$IMS-CC-FILEBASE$/quiz-files/my%20dog.png") } == true)
  }

  /// Random slots over two banks holding questions of the same ids, with files of the same
  /// names: each group's items and files are their own (`quiz-files/BANK/ID/…`).
  @Test func randomSlotsGroupsFromTwoBanksKeepTheirQuestionsFilesApart() throws {
    let workspace = try Workspace()
    let pets = try workspace.write("pets.json", Self.pets)
    var steps: [[String]] = [
      ["bank", "add", "zoo", "--title", "Zoo"], ["bank", "add", "farm", "--title", "Farm"],
      ["import", pets, "--bank", "zoo"],
    ]
    steps.append(["import", try workspace.write("farm.json", Self.pets.replacingOccurrences(of: "/w==", with: "/Q=="))])
    steps[3] += ["--bank", "farm"]
    steps += [
      ["add", "quiz", "mix", "--title", "Mix"],
      ["add", "question", "mix", "--id", "own", "--prompt", "2+2", "--right", "4", "--wrong", "5"],
      ["add", "random", "mix", "--from", "zoo", "--count", "2"], ["add", "random", "mix", "--from", "farm"],
    ]
    for step in steps {
      let run = try workspace.quiz(arguments: step)
      try #require(run.status == 0, "\(step): \(run)")
    }
    let zip = workspace.directory.path("mix.zip")
    let run = try workspace.quiz("export", "mix", "--format", "qti", "-o", zip)
    #expect(run.status == 0 && run.stderr == "", "\(run)")
    let package = try Self.inspect(zip, in: workspace)
    #expect(package.problems.isEmpty, "\(package.problems)")
    #expect(package.groups.map(\.selection) == ["2", "1"])
    #expect(
      package.groups.map(\.items) == [
        ["quiz-mix-Random-1-1-Question-which", "quiz-mix-Random-1-1-Question-other"],
        ["quiz-mix-Random-1-2-Question-which", "quiz-mix-Random-1-2-Question-other"],
      ])
    #expect(
      package.files == [
        "web_resources/quiz-files/zoo/which/cat.png": "iVBORw0KGgoA/w==",
        "web_resources/quiz-files/my dog.png": "R0lGODlhAQABAAAAACw=",
        "web_resources/quiz-files/zoo/other/cat.png": "iVBORw0KGgoA/g==",
        "web_resources/quiz-files/farm/which/cat.png": "iVBORw0KGgoA/Q==",
        "web_resources/quiz-files/farm/other/cat.png": "iVBORw0KGgoA/g==",
      ])
    #expect(package.references.filter { $0.hasSuffix("cat.png") }.count == 4)
    #expect(package.meta["points_possible"] == "4")
  }

  static let weighted = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "w", "title": "Weights", "scoring": "weighted", "sections": [{"questions": [
      {"id": "close", "prompt": "Capital of Australia?",
       "choices": [{"id": "a", "text": "Canberra", "correct": true},
                   {"id": "b", "text": "Sydney", "correct": false, "weight": 0.5},
                   {"id": "c", "text": "Perth", "correct": false}]},
      {"id": "primes", "prompt": "Which are prime?", "scoring": "partial",
       "choices": [{"id": "a", "text": "2", "correct": true}, {"id": "b", "text": "3", "correct": true},
                   {"id": "c", "text": "4", "correct": false}]},
      {"id": "strict", "prompt": "Which are even?", "scoring": "all-or-nothing",
       "choices": [{"id": "a", "text": "2", "correct": true}, {"id": "b", "text": "4", "correct": true},
                   {"id": "c", "text": "5", "correct": false}]}]}]}]}
    """

  @Test func weightsCanvasCannotHoldAreDroppedWithAWarning() throws {
    let workspace = try Workspace()
    try #require(try workspace.quiz("import", try workspace.write("w.json", Self.weighted)).status == 0)
    let zip = workspace.directory.path("w.zip")
    let run = try workspace.quiz("export", "w", "--format", "qti", "-o", zip)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        #"warning: question "close": the weights of its choices and its scoring rule (weighted) cannot be written in Canvas QTI"#
      ), "\(run.stderr)")
    #expect(
      run.stderr.contains(#"warning: question "strict": its scoring rule (all-or-nothing) cannot be written"#),
      "\(run.stderr)")
    #expect(run.stderr.contains("partial credit its own way"))
    // `partial` is Canvas's own scoring of a multiple-answers question: nothing to say.
    #expect(!run.stderr.contains(#"question "primes""#), "\(run.stderr)")
    let package = try Self.inspect(zip, in: workspace)
    #expect(package.problems.isEmpty, "\(package.problems)")
    #expect(package.items.first?.correct == ["quiz-w-Question-close-Choice-a"])
    // The samples' weighted question warns the same way.
    let seeded = try Workspace.seeded()
    let sample = try seeded.quiz(
      "export", "reactive-swift", "--format", "qti", "-o", seeded.directory.path("rx.zip"))
    #expect(sample.status == 0)
    #expect(
      sample.stderr.contains(#"warning: question "flatmap-latest": the weights of its choices"#), "\(sample.stderr)")
  }

  @Test func aPackageIsWrittenOnlyToAFile() throws {
    let workspace = try Workspace.seeded()
    for arguments in [
      ["export", "reactive-swift", "--format", "qti"],
      ["export", "reactive-swift", "--format", "qti", "-o", "-"],
      ["export", "--format", "qti", "-o", "all.zip"],
      ["export", "reactive-swift", "--format", "qti", "--with-attempts", "-o", "a.zip"],
    ] {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == 64, "\(arguments): \(run.stderr)")
      #expect(run.stdoutBytes.isEmpty, "\(arguments)")
    }
    let refused = try workspace.quiz("export", "reactive-swift", "--format", "qti")
    #expect(refused.stderr.contains("-o"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: workspace.directory.path("all.zip")))
  }
}

/// Issue 22: every kind but choice in a Canvas package, read back by Python's parser: each
/// item's type, fields, the answers its conditions accept, margins, match labels and shares.
@Suite struct QTIKindsExportCLITests {
  static let kinds = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "kinds", "title": "Every kind", "sections": [{"questions": [
      {"id": "capital", "type": "short-answer", "prompt": "Capital of Japan?",
       "answers": [{"text": "Tokyo", "feedback": "Yes."}, {"text": "東京"}, {"text": "Tok*", "fraction": 0.5}]},
      {"id": "pi", "type": "numerical", "prompt": "Pi?", "points": 2,
       "answers": [{"value": 3.14, "tolerance": 0.01}, {"value": 22, "fraction": 1}, {"value": 3, "fraction": 0.5}]},
      {"id": "cities", "type": "matching", "prompt": "Match",
       "pairs": [{"id": "fr", "stem": "France", "answer": "Paris"}, {"id": "jp", "stem": "Japan", "answer": "Tokyo"},
                 {"id": "it", "stem": "Italy", "answer": "Rome"}], "distractors": ["Lyon"]},
      {"id": "why", "type": "essay", "prompt": "Why SQLite?", "points": 5, "grader_info": "One file"},
      {"id": "intro", "type": "description", "prompt": "Read this first."}]}]}]}
    """

  @Test func everyKindReadsBackWithItsAnswers() throws {
    let workspace = try Workspace()
    let imported = try workspace.quiz("import", try workspace.write("kinds.json", Self.kinds))
    try #require(imported.status == 0, "\(imported.stderr)")
    let zip = workspace.directory.path("kinds.zip")
    let run = try workspace.quiz("export", "kinds", "--format", "qti", "-o", zip)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("does not carry"), "\(run.stderr)")
    // What Canvas matches or grades otherwise is named, question by question.
    #expect(run.stderr.contains(#"warning: question "capital": Canvas gives every answer all the points; "Tok*""#))
    #expect(run.stderr.contains(#"warning: question "pi": its answers worth less"#), "\(run.stderr)")
    #expect(run.stderr.contains(#"warning: question "why": Canvas's essay_question has no information for graders"#))
    let package = try QTIExportCLITests.inspect(zip, in: workspace)
    #expect(package.problems.isEmpty, "\(package.problems)")
    #expect(package.items.map(\.title) == ["capital", "pi", "cities", "why", "intro"])
    #expect(
      package.items.map(\.type) == [
        "short_answer_question", "numerical_question", "matching_question", "essay_question", "text_only_question",
      ])
    #expect(package.items.map(\.points) == ["1", "2", "1", "5", "0"])
    #expect(package.meta["points_possible"] == "9")
    let items = Dictionary(uniqueKeysWithValues: package.items.map { ($0.title, $0) })
    try shortAnswer(#require(items["capital"]))
    try numerical(#require(items["pi"]))
    try matching(#require(items["cities"]))
    let essay = try #require(items["why"])
    #expect(essay.fields == ["response1"])
    #expect(essay.conditions.map(\.tests) == [[["other", "", ""]]])
    #expect(essay.conditions.allSatisfy { $0.set.isEmpty })
    let intro = try #require(items["intro"])
    #expect(intro.fields.isEmpty && intro.lids.isEmpty && intro.conditions.isEmpty)
    #expect(intro.texts == ["Read this first."])
  }

  static let clozes = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "gaps", "title": "Gaps", "sections": [{"questions": [
      {"id": "blanks", "type": "cloze", "prompt": "Paris is in {#1} and 東京 in {#2}.",
       "parts": [{"kind": "short-answer", "answers": [{"text": "France"}, {"text": "la France"}]},
                 {"kind": "short-answer", "answers": [{"text": "Japan"}]}]},
      {"id": "menus", "type": "cloze", "prompt": "The sky is {#1}; grass is {#2}.",
       "parts": [{"kind": "choice", "choices": [{"id": "a", "text": "red", "correct": false},
                                                {"id": "b", "text": "blue", "correct": true}]},
                 {"kind": "choice", "choices": [{"id": "a", "text": "green", "correct": true},
                                                {"id": "b", "text": "pink", "correct": false}]}]},
      {"id": "mixed", "type": "cloze", "prompt": "{#1} and {#2}",
       "parts": [{"kind": "short-answer", "answers": [{"text": "x"}]}, {"kind": "numerical", "answers": [{"value": 3}]}]}
    ]}]}]}
    """

  /// Cloze as Canvas's blanks: a `response_lid` per gap whose labels are the gap's accepted
  /// answers (fill in) or choices (drop-downs), half the score for each gap's right label; a
  /// cloze of mixed gaps left out, saying why.
  @Test func clozeQuestionsReadBackAsBlanksAndDropDowns() throws {
    let workspace = try Workspace()
    let imported = try workspace.quiz("import", try workspace.write("gaps.json", Self.clozes))
    try #require(imported.status == 0, "\(imported.stderr)")
    let zip = workspace.directory.path("gaps.zip")
    let run = try workspace.quiz("export", "gaps", "--format", "qti", "-o", zip)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains(#"warning: question "mixed" (cloze) is left out"#), "\(run.stderr)")
    let package = try QTIExportCLITests.inspect(zip, in: workspace)
    #expect(package.problems.isEmpty, "\(package.problems)")
    #expect(package.items.map(\.title) == ["blanks", "menus"])
    #expect(package.items.map(\.type) == ["fill_in_multiple_blanks_question", "multiple_dropdowns_question"])
    #expect(package.items.map(\.points) == ["2", "2"])
    let items = Dictionary(uniqueKeysWithValues: package.items.map { ($0.title, $0) })
    let blanks = try #require(items["blanks"])
    #expect(blanks.texts.contains("Paris is in [gap1] and 東京 in [gap2]."), "\(blanks.texts)")
    #expect(blanks.lids.map(\.ident) == ["response_gap1", "response_gap2"])
    #expect(blanks.lids.map { $0.labels.map { $0[1] } } == [["France", "la France"], ["Japan"]])
    #expect(
      blanks.conditions.map(\.tests) == [
        [["varequal", "response_gap1", blanks.lids[0].labels[0][0]]],
        [["varequal", "response_gap2", blanks.lids[1].labels[0][0]]],
      ])
    #expect(blanks.conditions.allSatisfy { $0.set == ["Add", "50"] })
    let menus = try #require(items["menus"])
    #expect(menus.lids.map { $0.labels.map { $0[1] } } == [["red", "blue"], ["green", "pink"]])
    // The right choices: blue (the second label of gap 1) and green (the first of gap 2).
    #expect(
      menus.conditions.map(\.tests) == [
        [["varequal", "response_gap1", menus.lids[0].labels[1][0]]],
        [["varequal", "response_gap2", menus.lids[1].labels[0][0]]],
      ])
    #expect(menus.conditions.allSatisfy { $0.set == ["Add", "50"] })
  }

  /// The full-credit answers, as written, in the one condition that sets SCORE to 100.
  func shortAnswer(_ item: QTIExportCLITests.Item) {
    #expect(item.fields == ["response1"])
    let scoring = item.conditions.filter { $0.set == ["Set", "100"] }
    #expect(scoring.map(\.tests) == [[["varequal", "response1", "Tokyo"], ["varequal", "response1", "東京"]]])
    #expect(scoring.first?.continue == "No")
    // Tokyo's feedback, shown when it is typed.
    #expect(item.conditions.first?.tests == [["varequal", "response1", "Tokyo"]])
    #expect(item.texts.contains("Yes."))
  }

  /// An exact answer with its margin (3.13 to 3.15), one without (22); 3 at 50 % left out.
  func numerical(_ item: QTIExportCLITests.Item) {
    #expect(item.fields == ["response1"])
    #expect(
      item.conditions.map(\.tests) == [
        [["varequal", "response1", "3.14"], ["vargte", "response1", "3.13"], ["varlte", "response1", "3.15"]],
        [["varequal", "response1", "22"]],
      ])
    #expect(item.conditions.allSatisfy { $0.set == ["Set", "100"] && $0.continue == "No" })
  }

  /// A `response_lid` per stem, the distractor among the labels, 100/3 of SCORE per stem.
  func matching(_ item: QTIExportCLITests.Item) {
    let labels = ["Paris", "Tokyo", "Rome", "Lyon"]
    #expect(item.lids.map(\.ident) == ["response_fr", "response_jp", "response_it"])
    #expect(item.lids.map(\.text) == ["France", "Japan", "Italy"])
    for lid in item.lids { #expect(lid.labels.map { $0[1] } == labels) }
    let idents = item.lids.first?.labels.map { $0[0] } ?? []
    #expect(
      item.conditions.map(\.tests) == [
        [["varequal", "response_fr", idents.first ?? ""]],
        [["varequal", "response_jp", idents.dropFirst().first ?? ""]],
        [["varequal", "response_it", idents.dropFirst(2).first ?? ""]],
      ])
    #expect(item.conditions.allSatisfy { $0.set == ["Add", "33.33"] })
  }
}
