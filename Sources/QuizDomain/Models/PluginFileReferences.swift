/// The references a question's text makes to its files, `@@PLUGINFILE@@/NAME`, resolved the one
/// way every writer needs: NAME as written or percent-encoded (Moodle writes every name with a
/// space or a non-ASCII letter as `rawurlencode` does, `my%20pic.png`), and the longest name
/// first, so that `a.png.png` is not taken for `a.png` followed by `.png`.
public enum PluginFileReferences {
  public static let marker = "@@PLUGINFILE@@/"

  /// `text` with each reference to one of `files` replaced by `replacement(file)`; a file
  /// whose replacement is nil is left as written. Earlier files win over later ones of the same
  /// length (give a text's own files first). `missing`: the names referred to that no file has
  /// (at most 60 characters each), in order.
  public static func resolving(
    _ text: String, files: [QuestionFile], replacement: (QuestionFile) -> String?
  ) -> (text: String, missing: [String]) {
    guard text.contains(marker) else { return (text, []) }
    // Stable: among names of one length, the caller's order stands.
    let candidates = files.enumerated().sorted { first, second in
      let (a, b) = (first.element.name.unicodeScalars.count, second.element.name.unicodeScalars.count)
      return a != b ? a > b : first.offset < second.offset
    }.map { (file: $0.element, spellings: spellings(of: $0.element.name)) }
    var result = ""
    var missing: [String] = []
    var rest = Substring(text)
    while let found = rest.firstRange(of: marker) {
      result += rest[..<found.lowerBound]
      let after = rest[found.upperBound...].unicodeScalars
      var match: (file: QuestionFile, length: Int)?
      search: for candidate in candidates {
        for spelling in candidate.spellings where refers(after, to: spelling) {
          match = (file: candidate.file, length: spelling.count)
          break search
        }
      }
      guard let match else {
        result += marker
        missing.append(String(String.UnicodeScalarView(after.prefix { !endsReference($0) }.prefix(60))))
        rest = Substring(after)
        continue
      }
      let length = match.length
      result += replacement(match.file) ?? (marker + String(String.UnicodeScalarView(after.prefix(length))))
      rest = Substring(after.dropFirst(length))
    }
    result += rest
    return (result, missing)
  }

  /// `segment` in a URL path: every UTF-8 byte outside RFC 3986's unreserved characters as
  /// `%XX`, as PHP's `rawurlencode` (and so Moodle) writes file names.
  public static func percentEncoded(_ segment: String) -> String {
    let hex = Array("0123456789ABCDEF".unicodeScalars)
    var view = String.UnicodeScalarView()
    for byte in segment.utf8 {
      if isUnreserved(byte) {
        view.append(Unicode.Scalar(byte))
      } else {
        view.append("%")
        view.append(hex[Int(byte >> 4)])
        view.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(view)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default: return false
    }
  }

  /// The ways a text may spell a reference to `name`: as is, and percent-encoded.
  private static func spellings(of name: String) -> [String.UnicodeScalarView] {
    let encoded = percentEncoded(name)
    return encoded == name ? [name.unicodeScalars] : [name.unicodeScalars, encoded.unicodeScalars]
  }

  /// Whether `text` starts with the reference `name`, not followed by more of a file name.
  private static func refers(_ text: Substring.UnicodeScalarView, to name: String.UnicodeScalarView) -> Bool {
    guard text.starts(with: name) else { return false }
    guard let next = text.dropFirst(name.count).first else { return true }
    return !(next.properties.isAlphabetic || ("0"..."9").contains(next) || "-._~%".unicodeScalars.contains(next))
  }

  /// Where a reference left as written ends, for the warning that names it.
  private static func endsReference(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || "\"'<>()?#".unicodeScalars.contains(scalar)
  }
}
