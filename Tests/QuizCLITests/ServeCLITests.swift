import Foundation
import Locking
import TestSupport
import Testing

/// `quiz serve` as a user runs it: its usage errors, its output, its stop on SIGTERM.
@Suite struct ServeCLITests {
  /// A `quiz serve` running in the background, its output going to files.
  final class Server {
    let process = Process()
    let output: URL
    let errors: URL

    init(_ workspace: Workspace, _ arguments: [String]) throws {
      output = workspace.directory.url.appendingPathComponent("serve-\(UUID().uuidString).out")
      errors = workspace.directory.url.appendingPathComponent("serve-\(UUID().uuidString).err")
      for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
      process.executableURL = QuizProcess.binary
      process.arguments = ["--db", workspace.database, "serve", "--all"] + arguments
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = try FileHandle(forWritingTo: errors)
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    deinit {
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }

    var stdout: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// The port of the `Takers:` line, once both lines are out (within 20 s).
    func waitForPort() throws -> UInt16 {
      for _ in 0..<400 where !stdout.contains("Monitor: ") { Thread.sleep(forTimeInterval: 0.05) }
      let line = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("Takers: ") }, "\(stdout)\(stderr)")
      let port = try #require(line.split(separator: ":").last?.split(separator: "/").first.flatMap { UInt16($0) })
      return port
    }

    /// Sends `signal` and waits (up to `timeout` s) for the exit; its status, nil if still running.
    func stop(_ signal: Int32 = SIGTERM, timeout: Double = 30) -> Int32? {
      kill(process.processIdentifier, signal)
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      guard !process.isRunning else { return nil }
      return process.terminationStatus
    }
  }

  static func quizDocument(questions: Int) -> String {
    let items = (1...questions).map { number in
      #"{"id": "q\#(number)", "prompt": "Question \#(number)?", "choices": [{"id": "a", "text": "A", "correct": true}, {"id": "b", "text": "B", "correct": false}]}"#
    }
    return #"{"format": "quiz-bank/1", "quizzes": [{"id": "load", "title": "Load", "sections": [{"questions": ["#
      + items.joined(separator: ",") + "]}]}]}"
  }

  static func workspace(questions: Int = 3) throws -> Workspace {
    let workspace = try Workspace()
    let bank = try workspace.write("bank.json", quizDocument(questions: questions))
    let imported = try workspace.quiz("import", bank)
    #expect(imported.status == 0, "\(imported.stderr)")
    return workspace
  }

  /// Serving every quiz of the database by default handed out next week's exam and its right
  /// answers: the quizzes are named, or --all says so; on start the server says what it serves,
  /// what the review reveals and what a name-only sign-in protects.
  @Test func theQuizzesAreNamedOrAllIsGivenAndTheStartSaysWhatIsServed() throws {
    let workspace = try Self.workspace()
    let bare = try workspace.quiz(arguments: ["serve", "--listen", "127.0.0.1:0"])
    #expect(bare.status == 64, "\(bare.stderr)")
    #expect(
      bare.stderr.hasPrefix("Error: Name the quizzes to serve (quiz serve QUIZ...), or give --all"), "\(bare.stderr)")
    #expect(bare.stderr.contains("See 'quiz serve --help'"))
    let both = try workspace.quiz(arguments: ["serve", "geo", "--all", "--listen", "127.0.0.1:0"])
    #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
    let server = try Server(workspace, ["--listen", "127.0.0.1:0", "--reveal", "each"])
    _ = try server.waitForPort()
    let deadline = Date().addingTimeInterval(10)
    while !server.stdout.contains("Sign-in: ") && Date() < deadline { usleep(20_000) }
    #expect(server.stdout.contains("\nServing: "), "\(server.stdout)")
    #expect(server.stdout.contains("every quiz of the database (--all)"), "\(server.stdout)")
    #expect(server.stdout.contains("Review: each answer is shown right or wrong"), "\(server.stdout)")
    #expect(server.stdout.contains("Sign-in: any name (no --roster): a name is no proof"), "\(server.stdout)")
    #expect(server.stop() == 0)
  }

  /// "45" could be minutes or seconds: the unit is asked for rather than guessed.
  @Test func aTimeLimitWithoutItsUnitAsksForIt() throws {
    let workspace = try Self.workspace()
    let run = try workspace.quiz(arguments: ["serve", "--time-limit", "45"])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix("Error: Invalid '--time-limit 45': give its unit, such as 45m (minutes) or 45s (seconds)"),
      "\(run.stderr)")
  }

  @Test(arguments: [
    ["--listen", "nonsense"], ["--listen", "1.2.3:80"], ["--reveal", "sometimes"], ["--time-limit", "soon"],
    ["--time-limit", "45"], ["--time-limit", "8d"], ["--time-limit", "0s"], ["--client-connections", "0"],
    ["--client-connections", "many"], ["--max-connections", "0"], ["--max-connections", "100001"],
    ["--threads", "0"], ["--tls-cert", "cert.pem"], ["--no-such-option"],
  ])
  func usageErrorsExit64WithTheUsage(_ arguments: [String]) throws {
    let workspace = try Self.workspace()
    let run = try workspace.quiz(arguments: ["serve"] + arguments)
    #expect(run.status == 64, "\(arguments): \(run.stderr)")
    #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
    #expect(run.stderr.contains("Usage: quiz serve"))
    #expect(run.stderr.contains("See 'quiz serve --help'"))
    #expect(run.stdout.isEmpty)
  }

  /// TLS files that cannot serve are invalid input (65), named, in quiz's words or GnuTLS's
  /// without libmicrohttpd's own noise; a device that never ends is not read for ever.
  @Test func badTLSFilesExit65NamingTheFile() throws {
    let workspace = try Self.workspace()
    let made = try QuizProcess.shell(
      "for n in 1 2; do openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=t$n -days 1 -keyout k$n.pem -out c$n.pem "
        + "2>/dev/null || exit 1; done; echo junk > junk.pem; truncate -s 1T huge.pem", in: workspace.directory)
    try #require(made.status == 0, "openssl: \(made.stderr)")
    let cases: [([String], String)] = [
      (["--tls-cert", "junk.pem", "--tls-key", "k1.pem"], "--tls-cert junk.pem: not a PEM file of a certificate"),
      (["--tls-cert", "c1.pem", "--tls-key", "c1.pem"], "--tls-key c1.pem: not a PEM file of a private key"),
      (["--tls-cert", "c1.pem", "--tls-key", "k2.pem"], "do not match"),
      (["--tls-cert", "/dev/zero", "--tls-key", "k1.pem"], "/dev/zero is larger than 1024 KiB"),
      // A sparse terabyte is refused by its size, not allocated (which aborted the process).
      (["--tls-cert", "huge.pem", "--tls-key", "k1.pem"], "huge.pem is larger than 1024 KiB"),
      (["--roster", "/dev/zero"], "/dev/zero is larger than 16384 KiB"),
    ]
    for (arguments, message) in cases {
      let run = try workspace.quiz(arguments: ["serve", "--all", "--listen", "127.0.0.1:0"] + arguments)
      #expect(run.status == 65, "\(arguments): \(run.stderr)")
      #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(message), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("MHD_OPTION"), "\(run.stderr)")
    }
    #expect(try workspace.quiz("serve", "--tls-cert", "none.pem", "--tls-key", "k1.pem").status == 66)
  }

  /// A port in use is named as given (libmicrohttpd says "port 0", the port being in the address).
  @Test func aPortInUseIsNamedAsGiven() throws {
    let workspace = try Self.workspace()
    let first = try Server(workspace, ["--listen", "127.0.0.1:0"])
    let port = try first.waitForPort()
    let second = try workspace.quiz("serve", "--all", "--listen", "127.0.0.1:\(port)")
    #expect(second.status == 1)
    #expect(second.stderr == "Error: cannot listen on 127.0.0.1:\(port): Address already in use\n", "\(second.stderr)")
    #expect(first.stop() == 0)
  }

  @Test func aBadRosterExits65NamingItsFileAndLineAndAMissingOne66() throws {
    let workspace = try Self.workspace()
    let roster = try workspace.write("class.csv", "name,code\nAna,tiger\nBo\n")
    let bad = try workspace.quiz("serve", "--roster", roster)
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("\(roster):3:"), "\(bad.stderr)")
    let twice = try workspace.write("twice.csv", "Ana,1\nAna,2\n")
    #expect(try workspace.quiz("serve", "--roster", twice).stderr.contains("\(twice):2:"))
    let missing = try workspace.quiz("serve", "--roster", workspace.directory.path("none.csv"))
    #expect(missing.status == 66, "\(missing.stderr)")
    #expect(missing.stderr.contains("none.csv"))
    #expect(try workspace.quiz("serve", "nosuchquiz", "--listen", "127.0.0.1:0").status != 0)
  }

  @Test func itPrintsTheTakersAndMonitorAddressesAndWarnsOffLoopbackWithoutTLS() throws {
    let workspace = try Self.workspace()
    let server = try Server(workspace, ["--listen", "0.0.0.0:0"])
    let port = try server.waitForPort()
    // "0.0.0.0" is nowhere a browser can go: one line for each of the machine's network
    // addresses (IPv4 only, on 0.0.0.0), each answering; the monitor at the first.
    // `hostname -I` lists them (IPv4 and IPv6, loopback and link-local left out).
    let listed = try QuizProcess.shell("hostname -I", in: workspace.directory).stdout
    let addresses = listed.split(whereSeparator: \.isWhitespace).map(String.init).filter { !$0.contains(":") }
    let hosts = addresses.isEmpty ? ["127.0.0.1"] : addresses
    let lines = server.stdout.split(separator: "\n").map(String.init)
    let takers = lines.prefix { !$0.hasPrefix("Monitor: ") }.map {
      $0.replacingOccurrences(of: "Takers: ", with: "").trimmingCharacters(in: .whitespaces)
    }
    #expect(Set(takers) == Set(hosts.map { "http://\($0):\(port)/" }), "\(server.stdout)")
    #expect(takers.count == hosts.count && lines.first?.hasPrefix("Takers: http://") == true)
    #expect(!server.stdout.contains("0.0.0.0"))
    let monitor = lines.first { $0.hasPrefix("Monitor: ") } ?? ""
    #expect(monitor.firstMatch(of: #/^Monitor: http://[0-9.]+:\d+/monitor\?token=[0-9a-f]{32}$/#) != nil, "\(monitor)")
    #expect(monitor.hasPrefix("Monitor: " + (takers.first ?? "-")))
    #expect(server.stderr.contains("warning: ") && server.stderr.contains("in clear"), "\(server.stderr)")
    for host in hosts + ["127.0.0.1"] {
      #expect(try RawHTTP.request(port: port, "GET", "/api/ping", host: host).status == 200, "\(host)")
    }
    #expect(server.stop() == 0)

    let loopback = try Server(workspace, ["--listen", "127.0.0.1:0"])
    let loopbackPort = try loopback.waitForPort()
    #expect(loopback.stdout.hasPrefix("Takers: http://127.0.0.1:\(loopbackPort)/\nMonitor: "))
    #expect(!loopback.stderr.contains("warning"))
    #expect(loopback.stop(SIGINT) == 0)
    let named = try Server(workspace, ["--listen", "localhost:0"])
    _ = try named.waitForPort()
    #expect(!named.stderr.contains("warning"), "\(named.stderr)")
    #expect(named.stop() == 0)
  }

  /// `--client-connections N`: one address holds at most N connections; the next is closed
  /// unanswered.
  @Test func aClientAddressHoldsNoMoreConnectionsThanItsLimit() throws {
    let workspace = try Self.workspace()
    let server = try Server(workspace, ["--listen", "127.0.0.1:0", "--client-connections", "1"])
    let port = try server.waitForPort()
    let request = Array("GET /api/ping HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
    let kept = try RawConnection(port: port)
    try kept.send(request)
    let answered = kept.read(timeout: 5) { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
    #expect(String(decoding: answered, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    let over = try RawConnection(port: port)
    try? over.send(request)
    #expect(over.read(timeout: 3).isEmpty)
    #expect(server.stop() == 0)
  }

  /// `--max-connections N`: past N connections from all addresses, a new one waits, unanswered,
  /// until one closes; then it is answered.
  @Test func pastTheConnectionLimitANewConnectionWaitsForOneToClose() throws {
    let workspace = try Self.workspace()
    let server = try Server(workspace, ["--listen", "127.0.0.1:0", "--max-connections", "2"])
    let port = try server.waitForPort()
    var held = [try RawConnection(port: port), try RawConnection(port: port)]
    let request = Array("GET /api/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
    // The third waits in the kernel's queue: it connects, and nothing answers it.
    let waiting = try RawConnection(port: port)
    try waiting.send(request)
    #expect(waiting.read(timeout: 1.5).isEmpty)
    held.removeFirst()
    let answered = waiting.read(timeout: 10) { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
    #expect(String(decoding: answered, as: UTF8.self).hasPrefix("HTTP/1.1 200"), "\(answered.count) bytes")
    #expect(held.count == 1)
    #expect(server.stop() == 0)
  }

  /// What one taker's client saw: the last value acknowledged per question, and the request
  /// that was in flight when the server went away (its answer may or may not have landed).
  final class TakerLog: Sendable {
    let state = Locked<(acknowledged: [String: String], inFlight: (String, String)?, refusal: String?)>(([:], nil, nil))
  }

  /// Saves the server has begun to read when SIGTERM comes are finished and acknowledged (200)
  /// within the grace, not answered 503: each request's head is sent before the signal and
  /// its body after it. Restarted, the server has every one of them.
  @Test func sigtermFinishesTheSavesInFlight() throws {
    let workspace = try Self.workspace(questions: 3)
    let server = try Server(workspace, ["--listen", "127.0.0.1:0"])
    let port = try server.waitForPort()
    var attempts: [(taker: String, token: String, code: String)] = []
    for number in 1...8 {
      let signIn = try RawHTTP.request(
        port: port, "POST", "/api/attempts", body: Array(#"{"quiz": "load", "taker": "t\#(number)"}"#.utf8),
        headers: [("Content-Type", "application/json")])
      let token = try #require(signIn.json["attempt"] as? String, "\(signIn.text)")
      attempts.append(("t\(number)", token, signIn.json["resume_code"] as? String ?? ""))
    }
    let body = Array(#"{"selected": ["1"]}"#.utf8)
    let connections = try attempts.map { attempt in
      let connection = try RawConnection(port: port, host: "127.0.0.1")
      let head =
        "PUT /api/attempts/\(attempt.token)/answers/q2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
      try connection.send(Array(head.utf8))
      return connection
    }
    Thread.sleep(forTimeInterval: 0.3)
    kill(server.process.processIdentifier, SIGTERM)
    Thread.sleep(forTimeInterval: 0.3)
    for connection in connections {
      try connection.send(body)
      let reply = try RawHTTP.parse(connection.read(timeout: 10))
      #expect(reply.status == 200, "\(reply.status) \(reply.text)")
    }
    #expect(server.stop(SIGTERM) == 0, "\(server.stderr)")
    let again = try Server(workspace, ["--listen", "127.0.0.1:0"])
    let newPort = try again.waitForPort()
    for attempt in attempts {
      let resumed = try RawHTTP.request(
        port: newPort, "POST", "/api/attempts",
        body: Array(#"{"quiz": "load", "taker": "\#(attempt.taker)", "resume": "\#(attempt.code)"}"#.utf8),
        headers: [("Content-Type", "application/json")])
      let saved = (resumed.json["answers"] as? [String: Any])?["q2"] as? [String: Any]
      #expect(saved?["selected"] as? [String] == ["1"], "\(attempt.taker): \(resumed.text)")
    }
    #expect(again.stop() == 0)
  }

  /// SIGTERM: a clean stop (exit 0); SIGKILL (kill -9): no stop at all. Either way every
  /// answer acknowledged before is in the database when the server comes back.
  @Test(arguments: [SIGTERM, SIGKILL])
  func stoppedMidLoadItKeepsEveryAcknowledgedAnswer(_ signal: Int32) throws {
    let workspace = try Self.workspace(questions: 20)
    let server = try Server(workspace, ["--listen", "127.0.0.1:0"])
    let port = try server.waitForPort()
    let takers = (1...6).map { "taker-\($0)" }
    var tokens: [String: String] = [:]
    var resumeCodes: [String: String] = [:]
    for taker in takers {
      let signIn = try RawHTTP.request(
        port: port, "POST", "/api/attempts", body: Array(#"{"quiz": "load", "taker": "\#(taker)"}"#.utf8),
        headers: [("Content-Type", "application/json")])
      tokens[taker] = try #require(signIn.json["attempt"] as? String, "\(signIn.text)")
      resumeCodes[taker] = signIn.json["resume_code"] as? String
    }
    let logs = takers.map { _ in TakerLog() }
    let group = DispatchGroup()
    for (index, taker) in takers.enumerated() {
      let token = tokens[taker] ?? ""
      let log = logs[index]
      DispatchQueue.global().async(group: group) { Self.answerUntilRefused(port: port, token: token, log: log) }
    }
    // Stopped once the load is well under way (some answers acknowledged, more in flight).
    let loaded = Date().addingTimeInterval(20)
    while logs.reduce(0, { $0 + $1.state.withLock { $0.acknowledged.count } }) < 30, Date() < loaded {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(
      logs.allSatisfy { $0.state.withLock { $0.refusal == nil } }, "\(logs.map { $0.state.withLock { $0.refusal } })")
    let status = server.stop(signal)
    if signal == SIGTERM {
      #expect(status == 0 && server.process.terminationReason == .exit, "\(server.stderr)")
    } else {
      #expect(status == SIGKILL && server.process.terminationReason == .uncaughtSignal)
    }
    #expect(group.wait(timeout: .now() + 30) == .success)

    // Restarted, the server resumes each taker with every answer it acknowledged.
    let again = try Server(workspace, ["--listen", "127.0.0.1:0"])
    let newPort = try again.waitForPort()
    var acknowledgedCount = 0
    for (index, taker) in takers.enumerated() {
      let body = #"{"quiz": "load", "taker": "\#(taker)", "resume": "\#(resumeCodes[taker] ?? "")"}"#
      let resumed = try RawHTTP.request(
        port: newPort, "POST", "/api/attempts", body: Array(body.utf8), headers: [("Content-Type", "application/json")])
      #expect(resumed.status == 200 && resumed.json["attempt"] as? String == tokens[taker])
      let saved = resumed.json["answers"] as? [String: Any] ?? [:]
      let (acknowledged, inFlight) = logs[index].state.withLock { ($0.acknowledged, $0.inFlight) }
      acknowledgedCount += acknowledged.count
      for (question, value) in acknowledged {
        let stored = ((saved[question] as? [String: Any])?["selected"] as? [String])?.first
        let allowed = [value] + (inFlight.map { $0.0 == question ? [$0.1] : [] } ?? [])
        #expect(
          stored.map(allowed.contains) == true,
          "\(taker) \(question): acknowledged \(value), stored \(stored ?? "nothing")")
      }
    }
    #expect(acknowledgedCount > 0)
    #expect(again.stop() == 0)
  }

  /// PUTs answers round after round (a, then b, then a, …) until the server stops answering.
  static func answerUntilRefused(port: UInt16, token: String, log: TakerLog) {
    for round in 0..<1_000 {
      for number in 1...20 {
        let question = "q\(number)"
        let value = round % 2 == 0 ? "1" : "2"
        log.state.withLock { $0.inFlight = (question, value) }
        guard
          let reply = try? RawHTTP.request(
            port: port, "PUT", "/api/attempts/\(token)/answers/\(question)",
            body: Array(#"{"selected": ["\#(value)"]}"#.utf8), headers: [("Content-Type", "application/json")],
            timeout: 10)
        else { return }  // The server is gone.
        guard reply.status == 200 else {
          log.state.withLock { $0.refusal = "\(reply.status) \(reply.text)" }
          return
        }
        log.state.withLock {
          $0.acknowledged[question] = value
          $0.inFlight = nil
        }
      }
    }
  }
}
