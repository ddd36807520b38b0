import Foundation
import Testing

@Suite struct CheckBackupTests {
  @Test func checkPassesOnASoundDatabaseAndFindsAScoreChangedBehindItsBack() throws {
    try QuizProcess.requireTool("sqlite3")
    let workspace = try Workspace.seeded()
    let sound = try workspace.quiz("check")
    #expect(sound.status == 0, "\(sound.stdout)\(sound.stderr)")
    #expect(sound.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("ok ") })
    #expect(sound.stdout.contains("recorded scores"))
    let tamper = try QuizProcess.shell(
      "sqlite3 quiz.sqlite \"UPDATE answers SET score = score + 1 WHERE (attempt_id, version_id) = (SELECT attempt_id, version_id FROM answers LIMIT 1)\"",
      in: workspace.directory)
    #expect(tamper.status == 0, "\(tamper.stdout)")
    let broken = try workspace.quiz("check")
    #expect(broken.status == 1)
    #expect(broken.stdout.contains("FAILED  recorded scores"))
    #expect(broken.stdout.contains("recomputed"))
    #expect(broken.stderr == "Error: 1 check failed\n")
  }

  @Test func backupMakesAPrivateCopyThatPassesCheckAndRefusesToOverwrite() throws {
    let workspace = try Workspace.seeded()
    let copy = workspace.directory.path("copy.sqlite")
    let made = try workspace.quiz("backup", copy)
    #expect(made.status == 0, "\(made.stderr)")
    let attributes = try FileManager.default.attributesOfItem(atPath: copy)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let checked = try QuizProcess.run(["--db", copy, "check"], in: workspace.directory)
    #expect(checked.status == 0, "\(checked.stdout)")
    #expect(
      try QuizProcess.run(["--db", copy, "export", "--with-attempts"], in: workspace.directory).stdout
        == (try workspace.quiz("export", "--with-attempts").stdout))
    let again = try workspace.quiz("backup", copy)
    #expect(again.status == 1)
    #expect(again.stderr.contains("give --force"))
    #expect(try workspace.quiz("backup", copy, "--force").status == 0)
  }
}
