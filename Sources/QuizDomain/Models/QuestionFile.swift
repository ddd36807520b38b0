/// A file that one of a question's texts embeds (an image, say), as Moodle XML carries them:
/// the text refers to it as `@@PLUGINFILE@@/NAME`. Part of the question's content: a changed
/// file makes a new version.
public struct QuestionFile: Equatable, Sendable {
  /// The text it belongs to: `prompt`, `explanation`, `choices.ID.text` or `choices.ID.feedback`.
  public var field: String
  /// The file's name, as the text refers to it: not empty, no `/`.
  public var name: String
  public var bytes: [UInt8]

  public init(field: String, name: String, bytes: [UInt8]) {
    self.field = field
    self.name = name
    self.bytes = bytes
  }

  /// The reference a text makes to it.
  public var reference: String { "@@PLUGINFILE@@/" + name }

  /// The fields of `question` a file can belong to, in the order formats write them.
  public static func fields(of question: Question) -> [String] {
    ["prompt", "explanation"] + question.choices.flatMap { ["choices.\($0.id).text", "choices.\($0.id).feedback"] }
  }
}
