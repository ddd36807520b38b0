import Foundation
import QuizFormats
import Testing

@testable import QuizCLI

/// The completion scripts, each loaded in its own shell and asked to complete partial command
/// lines against a real database; the hidden `quiz __complete` they call; and the manual page.
@Suite struct CompletionTests {
  /// Two quizzes (one with two sections) and four takers: one with a space in the name, one
  /// with a non-ASCII letter, and one whose name holds a line break, which no shell's list can
  /// carry.
  static let bank = """
    {"format": "quiz-bank/1", "quizzes": [
      {"id": "geo", "title": "Geography", "sections": [
        {"title": "Rivers", "questions": [
          {"id": "nile", "prompt": "Which is the longest river?",
           "choices": [{"text": "The Nile", "correct": true}, {"text": "The Amazon", "correct": false}]},
          {"id": "amazon", "prompt": "Which river carries the most water?",
           "choices": [{"text": "The Amazon", "correct": true}, {"text": "The Nile", "correct": false}]}]},
        {"title": "Mountains", "questions": [
          {"id": "everest", "prompt": "Which is the highest mountain?",
           "choices": [{"text": "Everest", "correct": true}, {"text": "K2", "correct": false}]}]}]},
      {"id": "art", "title": "Art", "sections": [{"questions": [
        {"id": "mona-lisa", "prompt": "Who painted the Mona Lisa?",
         "choices": [{"text": "Leonardo", "correct": true}, {"text": "Raphael", "correct": false}]}]}]}],
     "attempts": [
      {"id": "t1", "quiz": "geo", "taker": "ada", "submitted_at": "2026-11-20T09:00:00Z",
       "answers": [{"question": "nile", "selected": ["a"]}]},
      {"id": "t2", "quiz": "art", "taker": "Bob Marley", "submitted_at": "2026-11-20T10:00:00Z",
       "answers": [{"question": "mona-lisa", "selected": ["b"]}]},
      {"id": "t3", "quiz": "art", "taker": "Zoë", "submitted_at": "2026-11-20T11:00:00Z", "answers": []},
      {"id": "t4", "quiz": "geo", "taker": "two\\nlines", "submitted_at": "2026-11-20T12:00:00Z", "answers": []}]}
    """

  /// A workspace whose database holds `bank`, beside a second database (`other.sqlite`, one
  /// quiz `zoo`) and a folder `files` of two files.
  static func workspace() throws -> Workspace {
    let workspace = try Workspace()
    let run = try workspace.quiz("import", try workspace.write("bank.json", bank))
    #expect(run.status == 0, "\(run.stderr)")
    let other = try workspace.write(
      "other.json",
      #"{"format": "quiz-bank/1", "quizzes": [{"id": "zoo", "title": "Zoo", "sections": [{"questions": []}]}]}"#)
    let otherRun = try QuizProcess.run(
      ["--db", workspace.directory.path("other.sqlite"), "import", other], in: workspace.directory)
    #expect(otherRun.status == 0, "\(otherRun.stderr)")
    try FileManager.default.createDirectory(
      atPath: workspace.directory.path("files"), withIntermediateDirectories: true)
    _ = try workspace.write("files/one.sqlite", "")
    _ = try workspace.write("files/two words.txt", "")
    return workspace
  }

  /// `text` in single quotes for /bin/sh.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  // MARK: - The scripts in their shells

  /// Partial command lines, and what `shell` must offer for each (in any order).
  static func cases(_ shell: String, other: String) -> [(line: String, expected: [String])] {
    // bash and zsh put a name with a space on the line escaped; fish lists it as it is.
    let onTheLine = { (name: String) in shell == "fish" ? name : name.replacingOccurrences(of: " ", with: #"\ "#) }
    return [
      ("quiz ", Commands.all.map(\.name) + ["help"]),
      ("quiz comp", ["completions"]),
      (
        "quiz add ",
        [
          "quiz", "section", "question", "short-answer", "numerical", "matching", "essay", "description", "cloze",
          "slot", "random",
        ]
      ),
      ("quiz add section ", ["art", "geo"]),
      ("quiz add quiz --sc", ["--scoring"]),
      ("quiz export --format ", QuizFileFormat.names),
      ("quiz export --format=g", [shell == "fish" ? "--format=gift" : "gift"]),
      ("quiz report --attempts ", ["all", "first", "last", "best"]),
      ("quiz show ", ["art", "geo"]),
      ("quiz export geo ", ["art", "geo"]),
      ("quiz edit geo/", ["geo/nile", "geo/amazon", "geo/everest"]),
      ("quiz mv art/", ["art/mona-lisa"]),
      ("quiz history --taker ", ["ada", "Bob Marley", "Zoë"].map(onTheLine)),
      ("quiz take geo --as B", [onTheLine("Bob Marley")]),
      // --db on the line, before or after the command, is passed on to `quiz __complete`.
      ("quiz --db \(other) show ", ["zoo"]),
      ("quiz history --db=\(other) --quiz ", ["zoo"]),
      ("quiz --db missing.sqlite show ", []),
      ("quiz completions ", ["bash", "zsh", "fish"]),
      ("quiz help --", ["--man", "--markdown"]),
      // zsh lists the names in the folder; bash and fish whole paths.
      (
        "quiz backup files/",
        shell == "zsh" ? ["one.sqlite", #"two\ words.txt"#] : ["files/one.sqlite", "files/two words.txt"]
      ),
    ]
  }

  /// The completions in a driver's output: after each `### LINE`, one per line.
  static func completions(_ output: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var current: String?
    for line in output.split(separator: "\n").map(String.init) {
      if line.hasPrefix("### ") {
        let header = String(line.dropFirst(4))
        current = header
        result[header] = []
      } else if let current {
        result[current, default: []].append(line)
      }
    }
    return result
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func scriptCompletesInItsShell(_ shell: String) throws {
    try QuizProcess.requireTool(shell)
    let workspace = try Self.workspace()
    let script = try QuizProcess.run(["completions", shell], in: workspace.directory)
    #expect(script.status == 0, "\(script.stderr)")
    let cases = Self.cases(shell, other: workspace.directory.path("other.sqlite"))
    let lines = try workspace.write("lines.txt", cases.map { $0.line + "\n" }.joined())
    let command: String
    switch shell {
    case "bash":
      let path = try workspace.write("quiz.bash", script.stdout)
      let driver = try workspace.write("driver.bash", Self.bashDriver)
      command = "bash \(Self.quoted(driver)) \(Self.quoted(path)) \(Self.quoted(lines))"
    case "zsh":
      // Where compinit finds it, as a user installs it: a file _quiz in a folder of $fpath.
      let folder = workspace.directory.path("zsh-functions")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      _ = try workspace.write("zsh-functions/_quiz", script.stdout)
      let driver = try workspace.write("driver.zsh", Self.zshDriver)
      command =
        "zsh -f \(Self.quoted(driver)) \(Self.quoted(folder)) \(Self.quoted(lines)) "
        + Self.quoted(workspace.directory.path("zsh-out"))
    default:
      let path = try workspace.write("quiz.fish", script.stdout)
      let driver = try workspace.write("driver.fish", Self.fishDriver)
      command = "fish --no-config \(Self.quoted(driver)) \(Self.quoted(path)) \(Self.quoted(lines))"
    }
    let run = try QuizProcess.shell(command, environment: ["QUIZ_DB": workspace.database], in: workspace.directory)
    #expect(run.status == 0, "\(shell): \(run.stderr)")
    let offered = Self.completions(run.stdout)
    for (line, expected) in cases {
      #expect(offered[line] != nil, "\(shell) did not complete '\(line)': \(run.stdout) \(run.stderr)")
      #expect(Set(offered[line] ?? []) == Set(expected), "\(shell) completing '\(line)'")
    }
    // Completing never creates a database.
    #expect(!FileManager.default.fileExists(atPath: workspace.directory.path("missing.sqlite")))
  }

  /// `bash DRIVER SCRIPT LINES`: sources the script, then for each line of LINES sets
  /// COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT as bash does on Tab, calls the function
  /// the script registered for quiz, and prints `### LINE` and COMPREPLY, one per line.
  static let bashDriver = #"""
    source "$1" || exit 3
    function=$(complete -p quiz 2>/dev/null | sed -nE 's/.*-F ([^ ]+).*/\1/p')
    [[ -n $function ]] || { echo "the script registers no function for quiz" >&2; exit 4; }
    # Words as readline splits them here: at blanks, with an = a word of its own
    # (COMP_WORDBREAKS); a line ending in a blank ends in an empty word.
    split() {
      COMP_WORDS=()
      local word= started= i c
      for ((i = 0; i < ${#1}; i++)); do
        c=${1:i:1}
        if [[ $c == " " ]]; then
          [[ -n $started ]] && COMP_WORDS+=("$word")
          word= started=
        elif [[ $c == "=" ]]; then
          [[ -n $started ]] && COMP_WORDS+=("$word")
          COMP_WORDS+=("=")
          word= started=
        else
          word+=$c started=1
        fi
      done
      if [[ -n $started ]]; then
        COMP_WORDS+=("$word")
      elif [[ $1 == *" " ]]; then
        COMP_WORDS+=("")
      fi
    }
    while IFS= read -r line; do
      split "$line"
      COMP_LINE=$line
      COMP_POINT=${#line}
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMPREPLY=()
      "$function" quiz "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      printf '### %s\n' "$line"
      ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}"
    done <"$2"
    exit 0
    """#

  // MARK: - Names that are shell syntax

  /// Takers whose names are shell syntax (names come from imported attempt files), and one
  /// with a line break, which the helper leaves out.
  static let hostileTakers = [
    "Zoe$(touch pwned-dollar)", "Ann`touch pwned-backtick`", "O'Brien", #"Say "hi""#, #"back\slash"#,
    "two words", "Wow!now", "$HOME", "two\nlines",
  ]

  /// Partial lines, typed as a user would (escapes included), and the names each must
  /// complete to.
  static let hostileCases: [(line: String, expected: [String])] = {
    let offered = hostileTakers.filter { !$0.contains("\n") }
    return [
      (#"quiz history --taker ""#, offered),
      (#"quiz history --taker "Zo"#, ["Zoe$(touch pwned-dollar)"]),
      (#"quiz history --taker "Zoe\$("#, ["Zoe$(touch pwned-dollar)"]),
      (#"quiz history --taker "An"#, ["Ann`touch pwned-backtick`"]),
      (#"quiz history --taker "Say"#, [#"Say "hi""#]),
      (#"quiz history --taker "back\\s"#, [#"back\slash"#]),
      (#"quiz history --taker "\$H"#, ["$HOME"]),
      ("quiz history --taker '", offered),
      ("quiz history --taker 'O", ["O'Brien"]),
      ("quiz take geo --as 'Zo", ["Zoe$(touch pwned-dollar)"]),
      ("quiz history --taker ", offered),
      (#"quiz history --taker back\\"#, [#"back\slash"#]),
      ("quiz history --taker two", ["two words"]),
    ]
  }()

  /// bash, completing inside an open `"` or `'` or none, offers each name quoted for that
  /// context: the word the shell then reads is the literal name, and nothing in it runs.
  @Test func bashQuotesNamesForTheQuoteTheWordOpened() throws {
    try QuizProcess.requireTool("bash")
    let workspace = try Workspace()
    let attempts = try Self.hostileTakers.enumerated().map { index, name in
      let taker = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
      return #"{"id": "h\#(index)", "quiz": "geo", "taker": \#(taker), "submitted_at": "2026-11-20T09:00:00Z", "#
        + #""answers": []}"#
    }
    let bank = #"""
      {"format": "quiz-bank/1", "quizzes": [{"id": "geo", "title": "Geography", "sections": [{"questions": [
        {"id": "nile", "prompt": "Which is the longest river?",
         "choices": [{"text": "The Nile", "correct": true}, {"text": "The Amazon", "correct": false}]}]}]}],
       "attempts": [\#(attempts.joined(separator: ",\n"))]}
      """#
    let imported = try workspace.quiz("import", try workspace.write("bank.json", bank))
    #expect(imported.status == 0, "\(imported.stderr)")
    let generated = try QuizProcess.run(["completions", "bash"], in: workspace.directory)
    #expect(generated.status == 0, "\(generated.stderr)")
    let script = try workspace.write("quiz.bash", generated.stdout)
    let driver = try workspace.write("driver.bash", Self.bashQuotingDriver)
    let lines = try workspace.write("lines.txt", Self.hostileCases.map { $0.line + "\n" }.joined())
    let run = try QuizProcess.shell(
      "bash \(Self.quoted(driver)) \(Self.quoted(script)) \(Self.quoted(lines))",
      environment: ["QUIZ_DB": workspace.database], in: workspace.directory)
    #expect(run.status == 0, "\(run.stderr)")
    let offered = Self.completions(run.stdout)
    for (line, expected) in Self.hostileCases {
      // Each completion, read back by bash, is one word: the name.
      #expect(offered[line] != nil, "bash did not complete '\(line)': \(run.stdout)")
      #expect((offered[line] ?? []).sorted() == expected.map { "1|" + $0 }.sorted(), "completing '\(line)'")
    }
    for file in ["pwned-dollar", "pwned-backtick"] {
      #expect(!FileManager.default.fileExists(atPath: workspace.directory.path(file)), "a completion ran \(file)")
    }
  }

  /// `bash DRIVER SCRIPT LINES`: as `bashDriver`, but for each COMPREPLY entry builds the word
  /// readline leaves on the line (the quote the word opened, the entry, the closing quote
  /// readline adds), has bash read it (`eval`, in the current folder), and prints how many
  /// words it made and the first: `COUNT|WORD`, or `unparsable|TEXT`.
  static let bashQuotingDriver = bashDriver.replacingOccurrences(
    of: #"""
        ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}"
      """#,
    with: #"""
        word=${COMP_WORDS[COMP_CWORD]} quote=
        [[ $word == [\"\']* ]] && quote=${word:0:1}
        for reply in ${COMPREPLY[@]+"${COMPREPLY[@]}"}; do
          completed=$quote$reply$quote
          args=()
          if eval "args=($completed)" 2>/dev/null; then
            printf '%s|%s\n' "${#args[@]}" "${args[0]-}"
          else
            printf 'unparsable|%s\n' "$completed"
          fi
        done
      """#)

  /// `fish DRIVER SCRIPT LINES`: sources the script and prints `### LINE` and what
  /// `complete -C LINE` offers (without descriptions) for each line of LINES.
  static let fishDriver = #"""
    source $argv[1]; or exit 3
    for line in (cat $argv[2])
        echo "### $line"
        complete -C "$line" | string replace -r '\t.*' ''
    end
    exit 0
    """#

  /// `zsh -f DRIVER FOLDER LINES OUT`: starts an interactive zsh in a pseudo-terminal (zpty)
  /// with the completion system loaded from FOLDER, and for each line of LINES types the line
  /// and a Tab; prints `### LINE` and each match the completion added. Its compadd also writes
  /// what the builtin matched to a file (zsh-capture-completion's technique): so the real
  /// `_quiz`, `_describe` and `_files` run, and zsh itself matches against the word.
  static let zshDriver = #"""
    zmodload zsh/zpty zsh/datetime || exit 3
    folder=$1 lines=$2 out=$3
    mkdir -p $out/zdotdir
    cat >$out/zdotdir/.zshrc <<'RC'
    PS1= RPS1=
    fpath=($QUIZ_COMPLETION_DIR $fpath)
    autoload -Uz compinit && compinit -u -D
    zstyle ':completion:*' list-grouped false
    zstyle ':completion:*' insert-tab false
    bindkey -e
    bindkey '^I' complete-word
    # No list (nor a question before a long one): the matches are read from the file.
    unsetopt auto_list beep
    compadd() {
      # Calls that only ask (-O, -A, -D) go straight through.
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
        builtin compadd "$@"
        return
      fi
      local -a __hits
      builtin compadd -A __hits "$@"
      (( $#__hits )) && print -rl -- "${__hits[@]}" >>$QUIZ_COMPLETION_OUT
      builtin compadd "$@"
    }
    # _main_complete empties comppostfuncs each time: the function puts itself back.
    __quiz_test_done() { print -r -- '#done' >>$QUIZ_COMPLETION_OUT; comppostfuncs=(__quiz_test_done) }
    comppostfuncs=(__quiz_test_done)
    precmd() { print -r -- ready >$QUIZ_COMPLETION_OUT.ready }
    RC
    result=$out/matches
    : >$result
    # Waits until `grep -c` counts $2 lines $3 in file $1, reading the terminal meanwhile; 30 s at most.
    wait_for() {
      local deadline=$(( EPOCHREALTIME + 30 )) junk
      until [[ -f $1 ]] && (( $(grep -cxF -- $3 $1) >= $2 )); do
        (( EPOCHREALTIME > deadline )) && return 1
        zpty -rt z junk
        sleep 0.01
      done
    }
    zpty z env QUIZ_COMPLETION_OUT=$result QUIZ_COMPLETION_DIR=$folder ZDOTDIR=$out/zdotdir zsh -d -i
    wait_for $result.ready 1 ready || { print -u2 "zsh did not start"; exit 5 }
    integer n=0
    for line in "${(@f)$(<$lines)}"; do
      (( n++ ))
      # The line, a Tab, and once the completion is done Ctrl-U to empty the line for the next.
      zpty -w -n z "$line"$'\t'
      wait_for $result $n '#done' || { print -u2 "zsh did not complete: $line"; exit 6 }
      zpty -w -n z $'\C-u'
    done
    zpty -d z
    # The matches of each line end with a #done.
    n=0
    lines=("${(@f)$(<$lines)}")
    print -r -- "### $lines[1]"
    for match in "${(@f)$(<$result)}"; do
      if [[ $match == '#done' ]]; then
        (( n++ ))
        (( n < $#lines )) && print -r -- "### $lines[n+1]"
      else
        print -r -- $match
      fi
    done
    exit 0
    """#

  // MARK: - quiz __complete

  @Test func completeHelperPrintsValuesFromTheDatabase() throws {
    let workspace = try Self.workspace()
    let before = try workspace.databaseBytes()
    func values(_ arguments: String...) throws -> String {
      let run = try workspace.quiz(arguments: ["__complete"] + arguments)
      #expect(run.status == 0)
      #expect(run.stderr.isEmpty)
      return run.stdout
    }
    #expect(try values("quizzes") == "art\ngeo\n")
    #expect(try values("quizzes", "g") == "geo\n")
    // Questions in quiz order: by quiz, section, position.
    #expect(try values("questions") == "art/mona-lisa\ngeo/nile\ngeo/amazon\ngeo/everest\n")
    #expect(try values("questions", "geo/") == "geo/nile\ngeo/amazon\ngeo/everest\n")
    #expect(try values("questions", "--", "geo/a") == "geo/amazon\n")
    #expect(try values("questions", "zoo/") == "")
    // Names one a line: the one with a line break is left out.
    #expect(try values("takers") == "Bob Marley\nZoë\nada\n")
    #expect(try values("takers", "Z") == "Zoë\n")
    #expect(try values("tags") == "")
    #expect(try values() == "")
    // --db after the helper's name, and $QUIZ_DB, as for every command.
    let after = try QuizProcess.run(["__complete", "--db", workspace.database, "quizzes"], in: workspace.directory)
    #expect(after.stdout == "art\ngeo\n")
    let environment = try QuizProcess.run(
      ["__complete", "quizzes"], environment: ["QUIZ_DB": workspace.database], in: workspace.directory)
    #expect(environment.stdout == "art\ngeo\n")
    // Reading only: the file is as it was.
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func completeHelperIsSilentWithoutADatabase() throws {
    let workspace = try Workspace()
    let notADatabase = try workspace.write("notes.txt", "not a database\n")
    // A missing file, the default path (HOME is the workspace), a folder, a file that is no
    // database: nothing on either output, exit 0, nothing created.
    for arguments in [
      ["--db", workspace.database, "__complete", "quizzes"], ["__complete", "takers"],
      ["--db", workspace.directory.path("."), "__complete", "quizzes"],
      ["--db", notADatabase, "__complete", "questions"],
    ] {
      let run = try QuizProcess.run(arguments, in: workspace.directory)
      #expect(run.status == 0, "\(arguments)")
      #expect(run.stdout.isEmpty, "\(arguments)")
      #expect(run.stderr.isEmpty, "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
    #expect(!FileManager.default.fileExists(atPath: workspace.directory.path(".local/share/quiz")))
  }

  @Test func theHelperIsHiddenAndTheCompletionsCommandListed() throws {
    let workspace = try Workspace()
    let overview = try QuizProcess.run(["--help"], in: workspace.directory)
    #expect(overview.status == 0)
    #expect(!overview.stdout.contains("__complete"))
    #expect(overview.stdout.contains("completions"))
    #expect(overview.stdout.contains("quiz help --man"))
    let help = try QuizProcess.run(["help", "__complete"], in: workspace.directory)
    #expect(help.status == 64)
    #expect(help.stderr.hasPrefix("Error: Unknown command '__complete'"))
    let typo = try QuizProcess.run(["__complet"], in: workspace.directory)
    #expect(typo.status == 64)
    #expect(!typo.stderr.contains("__complete'"))
    let shell = try QuizProcess.run(["completions", "tcsh"], in: workspace.directory)
    #expect(shell.status == 64)
    #expect(shell.stderr.hasPrefix("Error: Unknown shell 'tcsh': expected bash, zsh, fish"))
  }

  // MARK: - What each value completes with

  /// Every argument and option value that completes with something other than free text or its
  /// fixed set of values: the kinds inferred from the names the commands already give them.
  @Test func everyValueCompletesWithTheRightKind() {
    var found: [String: CompletionKind] = [:]
    for command in Commands.all {
      if command.forms.isEmpty {
        for argument in command.arguments where argument.completion != .text {
          found["\(command.name) <\(argument.name)>"] = argument.completion
        }
      }
      for form in command.forms {
        for name in form.arguments where CompletionKind.inferred(from: [name]) != .text {
          found["\(command.name) \(form.name) <\(name)>"] = CompletionKind.inferred(from: [name])
        }
      }
      for option in command.options where !option.isFlag {
        if let allowed = option.allowed {
          #expect(option.completion == .values(allowed), "\(command.name) --\(option.name)")
        } else if option.completion != .text {
          found["\(command.name) --\(option.name)"] = option.completion
        }
      }
    }
    #expect(Command.databaseOption.completion == .file)
    let expected: [String: CompletionKind] = [
      "show <quiz[/question]>": .quizOrQuestion, "edit <quiz[/question]>": .quizOrQuestion,
      "rm <quiz[/question]>": .quizOrQuestion, "mv <quiz/question>": .question,
      "export <quiz>": .quiz, "take <quiz>": .quiz, "grade <quiz>": .quiz, "regrade <quiz>": .quiz,
      "report <quiz>": .quiz, "import <path>": .file, "backup <file>": .file,
      "completions <shell>": .values(["bash", "zsh", "fish"]),
      "add section <quiz>": .quiz, "add question <quiz>": .quiz, "add short-answer <quiz>": .quiz,
      "add numerical <quiz>": .quiz, "add matching <quiz>": .quiz, "add essay <quiz>": .quiz,
      "add description <quiz>": .quiz,
      "add cloze <quiz>": .quiz,
      "import --quiz": .quiz, "search --quiz": .quiz, "search --bank": .bank, "history --quiz": .quiz,
      "watch --quiz": .quiz,
      "take --as": .taker, "grade --as": .taker, "history --taker": .taker, "report --taker": .taker,
      "grade --attempts": .file, "export --output": .file, "report --output": .file,
      "serve <quiz>": .quiz, "serve --roster": .file, "serve --tls-cert": .file, "serve --tls-key": .file,
      "bank show <bank>": .bank, "bank mv <bank/question>": .bank, "bank rm <bank[/question]>": .bank,
      "add --bank": .bank, "import --bank": .bank, "export --bank": .bank,
      "add slot <quiz>": .quiz, "add slot <bank/question>": .bank, "add random <quiz>": .quiz, "add --from": .bank,
      "report --bank": .bank,
    ]
    #expect(found == expected)
  }

  // MARK: - The manual page

  @Test func manPageIsDocsQuiz1AndRendersWithoutWarnings() throws {
    let workspace = try Workspace()
    let run = try QuizProcess.run(["help", "--man"], in: workspace.directory)
    #expect(run.status == 0, "\(run.stderr)")
    let page = run.stdout
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES",
    ] {
      #expect(page.contains("\n.SH \(section)\n"), "no section \(section)")
    }
    for command in Commands.all {
      #expect(page.contains("\n.SS \(command.name)\n"), "no subsection for \(command.name)")
      for option in command.options {
        let name = option.name.replacingOccurrences(of: "-", with: #"\-"#)
        #expect(page.contains(#"\fB\-\-"# + name + #"\fR"#), "quiz \(command.name): no --\(option.name)")
      }
    }
    for status in ["0", "1", "64", "65", "66", "130, 143"] { #expect(page.contains("\n\\fB\(status)\\fR\n")) }
    for variable in ["QUIZ_DB", "XDG_DATA_HOME", "VISUAL, EDITOR", "NO_COLOR", "QUIZ_SAVE_WAIT"] {
      #expect(page.contains("\n\\fB\(variable)\\fR\n"), "\(variable) is not in ENVIRONMENT")
    }
    #expect(!page.contains("__complete"))

    // The repository has the page, for `man ./docs/quiz.1`.
    let committed = QuizProcess.packageRoot.appendingPathComponent("docs/quiz.1")
    #expect(
      (try? String(contentsOf: committed, encoding: .utf8)) == page,
      "docs/quiz.1 is not what 'quiz help --man' prints: swift run quiz help --man > docs/quiz.1")

    try QuizProcess.requireTool("groff")
    let file = try workspace.write("quiz.1", page)
    let groff = try QuizProcess.shell("groff -man -ww -z \(Self.quoted(file))", in: workspace.directory)
    #expect(groff.status == 0)
    #expect(groff.stdout.isEmpty)
    #expect(groff.stderr.isEmpty, "groff warns: \(groff.stderr)")
  }

  /// `quiz help --markdown`: the command reference, from the same command list; docs/cli.md is
  /// it, so the reference a reader finds in the repository cannot go stale.
  @Test func theMarkdownReferenceNamesEveryCommandAndOptionAndIsCommitted() throws {
    let workspace = try Workspace()
    let run = try workspace.quiz("help", "--markdown")
    #expect(run.status == 0 && run.stderr.isEmpty)
    let page = run.stdout
    for command in Commands.all {
      #expect(page.contains("\n### quiz \(command.name)\n"), "no section for \(command.name)")
      #expect(page.contains("- [`quiz \(command.name)`](#quiz-\(command.name))"), "\(command.name) not in the list")
      for option in command.options {
        #expect(
          page.contains("--\(option.name)`") || page.contains("--\(option.name) <"),
          "quiz \(command.name): no --\(option.name)")
      }
    }
    for status in ["0", "1", "64", "65", "66", "130, 143"] { #expect(page.contains("\n- `\(status)`: ")) }
    // Text shows as written: `<path>` is not an HTML tag, `*` no emphasis.
    #expect(MarkdownReference.text("a <path> *b* [c] x|y") == #"a \<path\> \*b\* \[c\] x\|y"#)
    #expect(!page.contains("__complete"))
    let one = try workspace.quiz("help", "--markdown", "import").stdout
    #expect(one.contains("### quiz import\n") && !one.contains("### quiz export\n"))
    let committed = QuizProcess.packageRoot.appendingPathComponent("docs/cli.md")
    #expect(
      (try? String(contentsOf: committed, encoding: .utf8)) == page,
      "docs/cli.md is not what 'quiz help --markdown' prints: swift run quiz help --markdown > docs/cli.md")
  }
}
