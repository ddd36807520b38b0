import QuizDomain
import QuizRepository
import QuizServer

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

enum ServeCommand {
  static let command = Command(
    name: "serve",
    summary: "Serve quizzes to takers' browsers (or any HTTP client) while the attempts land in the database.",
    discussion: """
      Prints the takers' address (on every interface, 0.0.0.0 or ::, one for each of the \
      machine's networks) and the monitor's address, which holds a secret token: the \
      teacher's live page of every taker's progress and score. Takers sign in with a name (with \
      --roster, a name and its personal code), answer one question per page, and submit; each \
      answer is committed before the reply, and the submitted attempt is recorded like any \
      other (history, report, export and check see it). Signing in again resumes the attempt: \
      with --roster by the name and its code; without, from the browser it began in or with the \
      resume code its pages show (a name alone proves nothing). Ctrl-C or SIGTERM stops the server once the requests in flight are done. \
      docs/serve-api.md describes the JSON API the pages use.

      The quizzes are named (or --all given): a server reaches whoever reaches its address, \
      and the review reveals the right answers. On start it says what it serves, what the \
      review reveals and how takers sign in.

      quiz serve geography --listen 0.0.0.0:8080 --roster class.csv --reveal each --time-limit 20m
      """,
    arguments: [
      ArgumentSpec(name: "quiz", help: "Quiz ids to serve (or --all).", optional: true, repeatable: true)
    ],
    options: [
      .flag("all", help: "Serve every quiz in the database (otherwise the quizzes are named)."),
      .value(
        "listen", valueName: "host:port", help: "The address and port to listen on; port 0 picks a free one.",
        defaultValue: "127.0.0.1:8080"),
      .value("roster", valueName: "file", help: "A CSV file of name,code lines: only these takers, with their codes."),
      .value(
        "reveal", help: "After each answer (each), at the end (end), or only the score (never).",
        allowed: ["each", "end", "never"], defaultValue: "end"),
      .value(
        "time-limit", valueName: "duration",
        help: "Each attempt's time, such as 45m, 1h30m or 90s; "
          + "past it answers are refused and the attempt is submitted with what was saved.", type: .duration),
      .value("tls-cert", valueName: "file", help: "A PEM certificate (chain): serve HTTPS (with --tls-key)."),
      .value("tls-key", valueName: "file", help: "The PEM private key of --tls-cert."),
      .value(
        "threads", valueName: "n", help: "Request threads (and database connections).",
        type: .whole(1...256, expected: "a number from 1 to 256"), defaultValue: "4"),
      .value(
        "client-connections", valueName: "n",
        help: "Connections one client address may hold at once (default: no limit); a browser opens up to 6, "
          + "and a class behind one NAT address shares the limit.", type: connectionCount),
      .value(
        "max-connections", valueName: "n",
        help: "Connections held at once from every address; past it, new ones wait until one closes (each idle "
          + "one is closed after 30 s). The open-file limit is raised to hold them.", type: connectionCount,
        defaultValue: "1000"),
    ],
    run: run)

  static let connectionCount = OptionValueType.whole(1...100_000, expected: "a number from 1 to 100000")

  static func run(_ invocation: Invocation) throws {
    var configuration = try ServeOptions.configuration(invocation)
    // Opened here first: a missing database, a migration note, an unknown quiz are reported as
    // every command reports them.
    let repository = try invocation.repository()
    for quiz in configuration.quizzes ?? [] { _ = try repository.requireQuiz(quiz) }
    configuration.databasePath = repository.path
    let console = invocation.console
    configuration.log = { message in console.error("quiz serve: \(message.terminalSafeLine)\n") }
    if !ServeOptions.isLoopback(configuration.host) && !configuration.usesTLS {
      console.error(
        "warning: listening on \(configuration.host) without TLS: names and answers travel in clear on the network "
          + "(give --tls-cert and --tls-key)\n")
    }
    let signals = ServeSignals.blocked()
    let server: QuizServer
    do {
      server = try QuizServer(configuration)
    } catch QuizServerError.invalidTLS(let message) {
      // A certificate and key that are PEM but cannot be used (not a pair, encrypted): the
      // files' data is at fault, as for any invalid input file.
      throw CLIError.data("--tls-cert and --tls-key: \(message)")
    }
    // One address a line; on every interface, the machine's network addresses.
    let takers = server.takersURLs.joined(separator: "\n        ")
    console.write("Takers: \(takers)\nMonitor: \(server.monitorURL)\n")
    console.write(try ServeNotice.text(configuration, repository: repository))
    ServeSignals.wait(for: signals)
    server.stop()
  }
}

/// SIGINT and SIGTERM taken synchronously: blocked before the server's threads start (they
/// inherit the mask, so none of them is interrupted), then waited for on the main thread.
enum ServeSignals {
  static func blocked() -> sigset_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    return signals
  }

  static func wait(for signals: sigset_t) {
    var signals = signals
    var received: Int32 = 0
    while sigwait(&signals, &received) != 0 {}
  }
}
