// swift-tools-version:6.0
import PackageDescription

// Layers, data flowing one way:
// CSQLite → SQLite → QuizRepository → QuizCLI → quiz
//                                       ↑
//                         CLibZip → Zip (the QTI package)
// CLibXML2 → XML (streaming reader) → QuizDomain (Moodle XML)
//                         ↑
//                     QuizDomain (pure Swift, no database)
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
    .target(name: "QuizDomain", dependencies: ["XML"]),
    .executableTarget(name: "EmbedMigrationsTool"),
    .plugin(
      name: "EmbedMigrations",
      capability: .buildTool(),
      dependencies: ["EmbedMigrationsTool"]
    ),
    .target(
      name: "QuizRepository",
      dependencies: ["SQLite", "QuizDomain"],
      plugins: ["EmbedMigrations"]
    ),
    .target(name: "QuizCLI", dependencies: ["QuizRepository", "QuizDomain", "XML", "Zip"]),
    .executableTarget(name: "quiz", dependencies: ["QuizCLI"]),
    .executableTarget(
      name: "quiz-bench",
      dependencies: ["QuizRepository", "QuizDomain"],
      path: "Benchmarks/quiz-bench"
    ),
    // Shared by the test targets: a fresh temporary directory per test.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
    .testTarget(name: "XMLTests", dependencies: ["XML"]),
    .testTarget(name: "QuizDomainTests", dependencies: ["QuizDomain"], exclude: ["Reference"]),
    .testTarget(name: "QuizRepositoryTests", dependencies: ["QuizRepository", "SQLite", "TestSupport"]),
    .testTarget(
      name: "QuizCLITests", dependencies: ["quiz", "QuizCLI", "QuizDomain", "XML", "Zip", "SQLite", "TestSupport"],
      exclude: ["Reference"]),
  ],
  swiftLanguageModes: [.v6]
)
