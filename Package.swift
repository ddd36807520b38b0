// swift-tools-version:6.0
import PackageDescription

// Layers, data flowing one way:
// C module maps → thin wrappers → domain → formats → repository → CLI → main.swift
//
// CSQLite → SQLite ─────────────────────────────┐
//                                                ↓
// QuizDomain (pure Swift) → QuizBankFormat → QuizFormats → QuizRepository → QuizCLI → quiz
//                                               ↑
// CLibXML2 → XML ───────────────────────────────┤  (Moodle XML, the escaping XML writer)
// CLibZip → Zip ────────────────────────────────┘  (the Canvas QTI package)
//
// Locking: a pthread lock ThreadSanitizer can see, for HTTP, the repository, the server, the CLI.
// CMicroHTTPD → HTTP  (libmicrohttpd: the server under `quiz serve`; its routes live above)
//
// QuizFormats holds every reader and writer and the one registry of formats
// (`QuizFileFormat.all`); the repository and the CLI ask the registry and name no format.
let package = Package(
  name: "quiz",
  products: [
    .executable(name: "quiz", targets: ["quiz"]),
    .library(name: "QuizRepository", targets: ["QuizRepository"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "SQLite", dependencies: ["CSQLite"]),
    .systemLibrary(
      name: "CLibZip",
      pkgConfig: "libzip",
      providers: [.apt(["libzip-dev"])]
    ),
    .target(name: "Zip", dependencies: ["CLibZip"]),
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    .target(name: "XML", dependencies: ["CLibXML2"]),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),
    .target(name: "Locking"),
    .target(name: "HTTP", dependencies: ["CMicroHTTPD", "Locking"]),
    .target(name: "QuizDomain"),
    // quiz-bank/1, `quiz`'s own format: its reader, writer and the rules of a whole document.
    .target(name: "QuizBankFormat", dependencies: ["QuizDomain"]),
    .target(name: "QuizFormats", dependencies: ["QuizDomain", "QuizBankFormat", "XML", "Zip"]),
    // Files compiled into the binary as string literals: the migrations, the server's CSS and scripts.
    .executableTarget(name: "EmbedFilesTool"),
    .plugin(
      name: "EmbedFiles",
      capability: .buildTool(),
      dependencies: ["EmbedFilesTool"]
    ),
    .target(
      name: "QuizRepository",
      dependencies: ["SQLite", "QuizDomain", "QuizBankFormat", "QuizFormats", "Locking"],
      plugins: ["EmbedFiles"]
    ),
    // The server under `quiz serve`: routes, the JSON API, pages and the monitor, over HTTP.
    .target(
      name: "QuizServer",
      dependencies: ["HTTP", "QuizRepository", "QuizDomain", "QuizBankFormat", "QuizFormats", "XML", "Locking"],
      exclude: ["Static"], plugins: ["EmbedFiles"]),
    .target(
      name: "QuizCLI",
      dependencies: ["QuizServer", "QuizRepository", "QuizBankFormat", "QuizFormats", "QuizDomain", "XML", "Locking"]),
    .executableTarget(name: "quiz", dependencies: ["QuizCLI"]),
    .executableTarget(
      name: "quiz-bench",
      dependencies: ["QuizRepository", "QuizBankFormat", "QuizDomain"],
      path: "Benchmarks/quiz-bench"
    ),
    // Shared by the test targets: a fresh temporary directory per test.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
    .testTarget(name: "XMLTests", dependencies: ["XML"]),
    .testTarget(name: "HTTPTests", dependencies: ["HTTP", "TestSupport", "Locking"]),
    .testTarget(name: "QuizDomainTests", dependencies: ["QuizDomain"], exclude: ["Reference"]),
    .testTarget(name: "QuizBankFormatTests", dependencies: ["QuizBankFormat", "QuizDomain"]),
    .testTarget(name: "QuizFormatsTests", dependencies: ["QuizFormats", "QuizDomain", "XML"]),
    .testTarget(
      name: "QuizRepositoryTests",
      dependencies: ["QuizRepository", "QuizBankFormat", "SQLite", "TestSupport", "Locking"]),
    .testTarget(
      name: "QuizServerTests",
      dependencies: [
        "QuizServer", "QuizRepository", "QuizDomain", "QuizBankFormat", "QuizFormats", "XML", "TestSupport", "Locking",
      ]),
    .testTarget(
      name: "QuizCLITests",
      dependencies: [
        "quiz", "QuizCLI", "QuizBankFormat", "QuizFormats", "QuizDomain", "XML", "Zip", "SQLite", "TestSupport",
        "Locking",
      ],
      exclude: ["Reference"]),
  ],
  swiftLanguageModes: [.v6]
)
