import HTTP

/// Where an answer form goes once its answer is saved: the form's buttons each name one in the
/// field `go`, so that leaving a page by any of them (Previous, Skip, Finish, the timer reaching
/// zero) saves what the page holds first, with or without JavaScript.
enum PageNavigation: String, CaseIterable {
  /// Submit (no `go`): save, then the same question revealed (`--reveal each`) or the next.
  case save
  case previous
  case next
  /// Save, then submit the attempt.
  case finish
  /// Sent by the page's script when its timer reaches zero: save what the page holds, then
  /// submit. Within `timeUpGrace` of the deadline the save still counts, as Moodle's grace
  /// period lets the last page in.
  case timeUp = "time-up"

  /// The seconds past the deadline in which a page whose timer reached zero is still saved; the
  /// deadlines' sweeper waits as long before it submits an attempt.
  static let timeUpGrace: Double = 10

  /// The `go` field of a form; an unknown value is a bad request.
  static func of(_ form: [String: String]) throws -> PageNavigation {
    guard let value = form["go"], !value.isEmpty else { return .save }
    guard let navigation = PageNavigation(rawValue: value) else {
      throw RouteError.badRequest("go: there is no \"\(value)\" (\(names))")
    }
    return navigation
  }

  /// Whether a page that gives nothing goes on without a word (leaving is not answering).
  var leavesBlankPages: Bool { self != .save }
}
