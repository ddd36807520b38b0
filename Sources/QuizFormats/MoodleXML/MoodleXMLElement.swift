import QuizDomain
import XML

extension MoodleXML {
  /// An element of one `<question>`, read whole with everything inside it: a question is
  /// small, and the reader holds one at a time, never the file.
  struct Element {
    var name: String
    var attributes: [XMLStreamReader.Attribute]
    /// The line of its start tag's `<`.
    var line: Int
    var children: [Element] = []
    /// Its own character data (text and CDATA, joined), not its children's.
    var content = ""

    init(_ tag: XMLStreamReader.StartTag) {
      name = tag.name
      attributes = tag.attributes
      line = tag.line
    }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The first child named `name`, as Moodle reads one (`[name][0]`).
    func child(_ name: String) -> Element? { children.first { $0.name == name } }

    /// Every child named `name`, in order.
    func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
  }
}
