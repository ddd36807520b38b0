/// A value that writes itself as JSON: the one way `quiz` writes JSON. A command writes its
/// output as `JSONWriter.document(view)`, a server route answers `Responses.json(status, view)`,
/// and a view inside another is written with `writer.view(_:)`. A view is usually a small
/// struct beside the command or route that shows it, named for what it shows
/// (`QuizSummariesJSON`), so that the JSON a command prints is read in one place.
public protocol JSONView {
  func write(to writer: inout JSONWriter)
}

extension JSONWriter {
  /// Writes `view` where a value goes.
  public mutating func view(_ view: some JSONView) { view.write(to: &self) }

  /// `view` as a whole document, ending with a line feed: what a command prints.
  public static func document(_ view: some JSONView, pretty: Bool = true) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    view.write(to: &writer)
    writer.endLine()
    return writer.bytes
  }
}

/// An array of views, in order.
public struct JSONArray<Element: JSONView>: JSONView {
  public let elements: [Element]

  public init(_ elements: [Element]) { self.elements = elements }

  public func write(to writer: inout JSONWriter) {
    writer.beginArray()
    for element in elements { element.write(to: &writer) }
    writer.endArray()
  }
}
