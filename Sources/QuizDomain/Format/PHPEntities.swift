/// PHP's `html_entity_decode` in UTF-8 with the HTML 4.01 entities (its default document type):
/// what Moodle runs on essay responses before counting words (`ENT_COMPAT`) and on a cloze gap's
/// answers and feedback (`ENT_QUOTES`, `qtype_multianswer_extract_question`).
public enum PHPEntities {
  /// `text` decoded; `singleQuote`: `&#39;` too (`ENT_QUOTES`), else it stays (`ENT_COMPAT`).
  public static func decoding(_ text: String, singleQuote: Bool) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: decoding(Array(text.unicodeScalars), singleQuote: singleQuote))
    return String(scalars)
  }

  static func decoding(_ text: [Unicode.Scalar], singleQuote: Bool) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var index = 0
    while index < text.count {
      guard text[index] == "&", index + 3 < text.count else {
        result.append(text[index])
        index += 1
        continue
      }
      let entity = self.entity(text, at: index, singleQuote: singleQuote)
      if let code = entity.code, let scalar = Unicode.Scalar(code) {
        result.append(scalar)
        index = entity.end + 1
      } else {
        result.append(contentsOf: text[index..<entity.end])
        index = entity.end
      }
    }
    return result
  }

  /// The entity starting with the `&` at `index`: where its reading stopped (at its `;` when it
  /// is one) and the character it stands for, nil when it is none PHP decodes: unknown names,
  /// numbers past U+10FFFF or not allowed in HTML 4.01, and the single quote unless
  /// `singleQuote` (`ENT_QUOTES`; `ENT_COMPAT` leaves it).
  static func entity(_ text: [Unicode.Scalar], at index: Int, singleQuote: Bool) -> (end: Int, code: UInt32?) {
    var end = index + 1
    var code: UInt32?
    if text[end] == "#" {
      end += 1
      let hexadecimal = end < text.count && (text[end] == "x" || text[end] == "X")
      if hexadecimal { end += 1 }
      let digits = end
      var value: UInt64 = 0
      while end < text.count, let digit = digitValue(text[end], hexadecimal: hexadecimal) {
        value = min(value * (hexadecimal ? 16 : 10) + digit, 0xFFFF_FFFF)
        end += 1
      }
      guard end > digits, end < text.count, text[end] == ";" else { return (end, nil) }
      code = value <= 0x10FFFF && isAllowedInHTML401(UInt32(value)) ? UInt32(value) : nil
    } else {
      while end < text.count, text[end].isASCII, Essay.isASCIIWordCharacter(text[end]), text[end] != "_" { end += 1 }
      guard end > index + 1, end < text.count, text[end] == ";" else { return (end, nil) }
      var name = String.UnicodeScalarView()
      name.append(contentsOf: text[(index + 1)..<end])
      code = html401Entities[String(name)]
    }
    return (end, code == 0x27 && !singleQuote ? nil : code)
  }

  static func digitValue(_ scalar: Unicode.Scalar, hexadecimal: Bool) -> UInt64? {
    guard scalar.isASCII, let digit = Int(String(scalar), radix: hexadecimal ? 16 : 10) else { return nil }
    return UInt64(digit)
  }

  /// PHP's `unicode_cp_is_allowed` for HTML 4.01: what a numeric entity may stand for.
  static func isAllowedInHTML401(_ code: UInt32) -> Bool {
    (0x20...0x7E).contains(code) || code == 0x0A || code == 0x09 || code == 0x0D || (0xA0...0xD7FF).contains(code)
      || ((0xE000...0x10FFFF).contains(code) && (code & 0xFFFF) < 0xFFFE && !(0xFDD0...0xFDEF).contains(code))
  }

  /// The 252 character entity references of HTML 4.01 (PHP's table for `ENT_HTML401`).
  static let html401Entities: [String: UInt32] = [
    "quot": 34, "amp": 38, "lt": 60, "gt": 62, "nbsp": 160, "iexcl": 161, "cent": 162, "pound": 163, "curren": 164,
    "yen": 165, "brvbar": 166, "sect": 167, "uml": 168, "copy": 169, "ordf": 170, "laquo": 171, "not": 172,
    "shy": 173, "reg": 174, "macr": 175, "deg": 176, "plusmn": 177, "sup2": 178, "sup3": 179, "acute": 180,
    "micro": 181, "para": 182, "middot": 183, "cedil": 184, "sup1": 185, "ordm": 186, "raquo": 187, "frac14": 188,
    "frac12": 189, "frac34": 190, "iquest": 191, "Agrave": 192, "Aacute": 193, "Acirc": 194, "Atilde": 195,
    "Auml": 196, "Aring": 197, "AElig": 198, "Ccedil": 199, "Egrave": 200, "Eacute": 201, "Ecirc": 202, "Euml": 203,
    "Igrave": 204, "Iacute": 205, "Icirc": 206, "Iuml": 207, "ETH": 208, "Ntilde": 209, "Ograve": 210, "Oacute": 211,
    "Ocirc": 212, "Otilde": 213, "Ouml": 214, "times": 215, "Oslash": 216, "Ugrave": 217, "Uacute": 218,
    "Ucirc": 219, "Uuml": 220, "Yacute": 221, "THORN": 222, "szlig": 223, "agrave": 224, "aacute": 225, "acirc": 226,
    "atilde": 227, "auml": 228, "aring": 229, "aelig": 230, "ccedil": 231, "egrave": 232, "eacute": 233,
    "ecirc": 234, "euml": 235, "igrave": 236, "iacute": 237, "icirc": 238, "iuml": 239, "eth": 240, "ntilde": 241,
    "ograve": 242, "oacute": 243, "ocirc": 244, "otilde": 245, "ouml": 246, "divide": 247, "oslash": 248,
    "ugrave": 249, "uacute": 250, "ucirc": 251, "uuml": 252, "yacute": 253, "thorn": 254, "yuml": 255, "OElig": 338,
    "oelig": 339, "Scaron": 352, "scaron": 353, "Yuml": 376, "fnof": 402, "circ": 710, "tilde": 732, "Alpha": 913,
    "Beta": 914, "Gamma": 915, "Delta": 916, "Epsilon": 917, "Zeta": 918, "Eta": 919, "Theta": 920, "Iota": 921,
    "Kappa": 922, "Lambda": 923, "Mu": 924, "Nu": 925, "Xi": 926, "Omicron": 927, "Pi": 928, "Rho": 929,
    "Sigma": 931, "Tau": 932, "Upsilon": 933, "Phi": 934, "Chi": 935, "Psi": 936, "Omega": 937, "alpha": 945,
    "beta": 946, "gamma": 947, "delta": 948, "epsilon": 949, "zeta": 950, "eta": 951, "theta": 952, "iota": 953,
    "kappa": 954, "lambda": 955, "mu": 956, "nu": 957, "xi": 958, "omicron": 959, "pi": 960, "rho": 961,
    "sigmaf": 962, "sigma": 963, "tau": 964, "upsilon": 965, "phi": 966, "chi": 967, "psi": 968, "omega": 969,
    "thetasym": 977, "upsih": 978, "piv": 982, "ensp": 8194, "emsp": 8195, "thinsp": 8201, "zwnj": 8204, "zwj": 8205,
    "lrm": 8206, "rlm": 8207, "ndash": 8211, "mdash": 8212, "lsquo": 8216, "rsquo": 8217, "sbquo": 8218,
    "ldquo": 8220, "rdquo": 8221, "bdquo": 8222, "dagger": 8224, "Dagger": 8225, "bull": 8226, "hellip": 8230,
    "permil": 8240, "prime": 8242, "Prime": 8243, "lsaquo": 8249, "rsaquo": 8250, "oline": 8254, "frasl": 8260,
    "euro": 8364, "image": 8465, "weierp": 8472, "real": 8476, "trade": 8482, "alefsym": 8501, "larr": 8592,
    "uarr": 8593, "rarr": 8594, "darr": 8595, "harr": 8596, "crarr": 8629, "lArr": 8656, "uArr": 8657, "rArr": 8658,
    "dArr": 8659, "hArr": 8660, "forall": 8704, "part": 8706, "exist": 8707, "empty": 8709, "nabla": 8711,
    "isin": 8712, "notin": 8713, "ni": 8715, "prod": 8719, "sum": 8721, "minus": 8722, "lowast": 8727, "radic": 8730,
    "prop": 8733, "infin": 8734, "ang": 8736, "and": 8743, "or": 8744, "cap": 8745, "cup": 8746, "int": 8747,
    "there4": 8756, "sim": 8764, "cong": 8773, "asymp": 8776, "ne": 8800, "equiv": 8801, "le": 8804, "ge": 8805,
    "sub": 8834, "sup": 8835, "nsub": 8836, "sube": 8838, "supe": 8839, "oplus": 8853, "otimes": 8855, "perp": 8869,
    "sdot": 8901, "lceil": 8968, "rceil": 8969, "lfloor": 8970, "rfloor": 8971, "lang": 9001, "rang": 9002,
    "loz": 9674, "spades": 9824, "clubs": 9827, "hearts": 9829, "diams": 9830,
  ]
}
