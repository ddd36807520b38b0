import QuizDomain

/// A gap's `TYPE`, as Moodle's `ANSWER_TYPE_DEF_REGEX` names them (upper case only): what kind
/// of part it makes and, for choices, how they are shown.
struct ClozeGapType: Equatable {
  enum Kind: Equatable {
    case numerical
    case shortAnswer(caseSensitive: Bool)
    case choice(display: ClozeChoiceDisplay, multiple: Bool, shuffle: Bool)
  }

  var kind: Kind
  /// The name it was written with, for messages.
  var name: String

  /// Every name Moodle reads, each with its kind; the first name of each kind is the one written.
  static let table: [(names: [String], kind: Kind)] = [
    (["NUMERICAL", "NM"], .numerical),
    (["SHORTANSWER", "SA", "MW"], .shortAnswer(caseSensitive: false)),
    (["SHORTANSWER_C", "SAC", "MWC"], .shortAnswer(caseSensitive: true)),
    (["MULTICHOICE", "MC"], .choice(display: .dropdown, multiple: false, shuffle: false)),
    (["MULTICHOICE_V", "MCV"], .choice(display: .vertical, multiple: false, shuffle: false)),
    (["MULTICHOICE_H", "MCH"], .choice(display: .horizontal, multiple: false, shuffle: false)),
    (["MULTICHOICE_S", "MCS"], .choice(display: .dropdown, multiple: false, shuffle: true)),
    (["MULTICHOICE_VS", "MCVS"], .choice(display: .vertical, multiple: false, shuffle: true)),
    (["MULTICHOICE_HS", "MCHS"], .choice(display: .horizontal, multiple: false, shuffle: true)),
    (["MULTIRESPONSE", "MR"], .choice(display: .vertical, multiple: true, shuffle: false)),
    (["MULTIRESPONSE_H", "MRH"], .choice(display: .horizontal, multiple: true, shuffle: false)),
    (["MULTIRESPONSE_S", "MRS"], .choice(display: .vertical, multiple: true, shuffle: true)),
    (["MULTIRESPONSE_HS", "MRHS"], .choice(display: .horizontal, multiple: true, shuffle: true)),
  ]

  static let longestName = table.flatMap(\.names).map(\.utf8.count).max() ?? 0

  private static let byName: [[UInt8]: Kind] = Dictionary(
    table.flatMap { entry in entry.names.map { (Array($0.utf8), entry.kind) } }, uniquingKeysWith: { first, _ in first }
  )

  init?(name: ArraySlice<UInt8>) {
    guard let kind = Self.byName[Array(name)] else { return nil }
    self.kind = kind
    self.name = String(decoding: name, as: UTF8.self)
  }

  init(kind: Kind) {
    self.kind = kind
    self.name = Self.table.first { $0.kind == kind }?.names.first ?? "SHORTANSWER"
  }

  /// The type a part is written with. A multiple-response part has no drop-down form: it is
  /// written one choice a line, as Moodle shows MULTIRESPONSE.
  init(part: ClozePartBody) {
    switch part {
    case .numerical: self.init(kind: .numerical)
    case .shortAnswer(let shortAnswer): self.init(kind: .shortAnswer(caseSensitive: shortAnswer.isCaseSensitive))
    case .choice(let choice):
      var display = choice.effectiveDisplay
      if choice.isMultiple, display == .dropdown { display = .vertical }
      self.init(kind: .choice(display: display, multiple: choice.isMultiple, shuffle: choice.isShuffled))
    }
  }
}
