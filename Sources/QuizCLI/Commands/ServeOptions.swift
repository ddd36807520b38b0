import QuizDomain
import QuizServer

/// `quiz serve`'s command line read into a server configuration: usage errors exit 64,
/// unreadable files 66, an invalid roster 65 naming its file and line.
enum ServeOptions {
  static func configuration(_ invocation: Invocation) throws -> QuizServerConfiguration {
    let arguments = invocation.arguments
    let command = invocation.command
    var configuration = QuizServerConfiguration(databasePath: invocation.databasePath)
    let listen = arguments.value("listen") ?? "127.0.0.1:8080"
    guard let (host, port) = parseListen(listen) else {
      throw CLIError.usage("Invalid '--listen \(listen)': expected HOST:PORT, such as 0.0.0.0:8080", command: command)
    }
    configuration.host = host
    configuration.port = port
    configuration.reveal = RevealPolicy(rawValue: arguments.value("reveal") ?? "end") ?? .end
    if let seconds = arguments.double("time-limit") { configuration.timeLimit = seconds }
    configuration.threads = arguments.int("threads") ?? 4
    if let limit = arguments.int("client-connections") { configuration.clientConnectionLimit = limit }
    if let limit = arguments.int("max-connections") { configuration.connectionLimit = limit }
    try readTLS(arguments, into: &configuration, command: command)
    if let path = arguments.value("roster") {
      // A class list is kilobytes: 16 MiB is past any, and keeps /dev/zero from being read for ever.
      let text = String(decoding: try InputFiles.readFile(path, limit: 16 << 20), as: UTF8.self)
      do {
        configuration.roster = try Roster.parse(text, file: path)
      } catch let error as RosterError {
        throw CLIError.data("invalid roster: \(error.description)")
      }
    }
    try readQuizzes(arguments, into: &configuration, command: command)
    return configuration
  }

  /// The quizzes named, or every quiz with --all; neither is a usage error, checked after the
  /// options so that an option's own error comes first.
  static func readQuizzes(
    _ arguments: ParsedArguments, into configuration: inout QuizServerConfiguration, command: Command
  ) throws {
    // Serving every quiz by default would hand next week's exam, and its review's right
    // answers, to anyone who reaches the server: the quizzes are named, or --all says so.
    let quizzes = arguments.positionals
    switch (quizzes.isEmpty, arguments.flag("all")) {
    case (true, false):
      throw CLIError.usage(
        "Name the quizzes to serve (quiz serve QUIZ...), or give --all to serve every quiz in the database",
        command: command)
    case (false, true):
      throw CLIError.usage("Give quiz ids or --all, not both", command: command)
    case (true, true): configuration.quizzes = nil
    case (false, false): configuration.quizzes = quizzes
    }
  }

  static func readTLS(_ arguments: ParsedArguments, into configuration: inout QuizServerConfiguration, command: Command)
    throws
  {
    let certificate = arguments.value("tls-cert")
    let key = arguments.value("tls-key")
    guard (certificate == nil) == (key == nil) else {
      throw CLIError.usage("--tls-cert and --tls-key go together: give both", command: command)
    }
    guard let certificate, let key else { return }
    configuration.tlsCertificatePEM = try pem(certificate, option: "--tls-cert", label: "CERTIFICATE")
    configuration.tlsKeyPEM = try pem(key, option: "--tls-key", label: "PRIVATE KEY")
  }

  /// A PEM file's text, read up to `pemLimit` bytes (a certificate chain or a key is a few
  /// kilobytes; /dev/zero is not one), with a `-----BEGIN …LABEL-----` line (65 otherwise).
  private static func pem(_ path: String, option: String, label: String) throws -> String {
    let text = String(decoding: try InputFiles.readFile(path, limit: pemLimit), as: UTF8.self)
    guard text.contains("-----BEGIN "), text.contains(label + "-----") else {
      throw CLIError.data(
        "\(option) \(path): not a PEM file of a \(label.lowercased()) (no -----BEGIN …\(label)----- line)")
    }
    return text
  }

  static let pemLimit = 1 << 20

  /// `127.0.0.1:8080`, `[::1]:8080`, `localhost:0`; nil for anything else.
  static func parseListen(_ text: String) -> (String, UInt16)? {
    guard let colon = text.lastIndex(of: ":") else { return nil }
    var host = String(text[..<colon])
    guard let port = UInt16(text[text.index(after: colon)...]) else { return nil }
    if host.hasPrefix("[") && host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
      guard host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
      return (host, port)
    }
    if host == "localhost" { return ("127.0.0.1", port) }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil && $0.count <= 3 }) else { return nil }
    return (host, port)
  }

  static func isLoopback(_ host: String) -> Bool {
    host.hasPrefix("127.") || host == "::1" || host.lowercased() == "localhost"
  }
}
