/// An essay question (Moodle's `qtype_essay`): no automatic score; a person marks each response.
/// Every option is nil when absent in the document; `effective…` gives its default.
public struct Essay: Equatable, Sendable {
  public var responseFormat: ResponseFormat?
  public var responseRequired: Bool?
  public var responseLines: Int?
  public var minWords: Int?
  public var maxWords: Int?
  /// Shown in the response field to start from; a response equal to it is no response.
  public var responseTemplate: String?
  /// For markers only: never shown to a taker.
  public var graderInfo: String?

  public init(
    responseFormat: ResponseFormat? = nil, responseRequired: Bool? = nil, responseLines: Int? = nil,
    minWords: Int? = nil, maxWords: Int? = nil, responseTemplate: String? = nil, graderInfo: String? = nil
  ) {
    self.responseFormat = responseFormat
    self.responseRequired = responseRequired
    self.responseLines = responseLines
    self.minWords = minWords
    self.maxWords = maxWords
    self.responseTemplate = responseTemplate
    self.graderInfo = graderInfo
  }

  public var effectiveResponseFormat: ResponseFormat { responseFormat ?? .plain }
  public var isResponseRequired: Bool { responseRequired ?? true }
  public var effectiveResponseLines: Int { responseLines ?? 15 }

  public enum ResponseFormat: String, CaseIterable, Sendable {
    case plain, monospaced, html
  }
}
