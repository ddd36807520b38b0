import HTTP

/// The pages' cookies: the attempt's token once signed in, and before that the sign-in form's
/// CSRF token (double submit: the form's hidden field must equal the cookie). Both are
/// `HttpOnly` (no script reads them), `SameSite=Strict` (no other site's page sends them) and,
/// under TLS, `Secure`.
enum PageCookies {
  static let attempt = "quiz_attempt"
  static let signIn = "quiz_csrf"

  /// A `Set-Cookie` header for `name`, for the session (no expiry: gone when the browser closes).
  static func set(_ name: String, _ value: String, secure: Bool) -> (name: String, value: String) {
    ("Set-Cookie", "\(name)=\(value); HttpOnly; SameSite=Strict; Path=/" + (secure ? "; Secure" : ""))
  }

  /// A `Set-Cookie` header for `name` that ends after `seconds` (the review's: a shared computer
  /// does not keep showing the last taker's result to the next person).
  static func set(_ name: String, _ value: String, secure: Bool, maxAge seconds: Int) -> (name: String, value: String) {
    let header = set(name, value, secure: secure)
    return (header.name, header.value + "; Max-Age=\(seconds)")
  }

  /// A `Set-Cookie` header that ends `name` now (sign-out).
  static func clear(_ name: String, secure: Bool) -> (name: String, value: String) {
    set(name, "", secure: secure, maxAge: 0)
  }

  /// How long the review stays on the browser after it was last shown: 10 minutes.
  static let reviewSeconds = 600

  /// The token a cookie holds, when it has a token's shape (anything else is as good as none).
  static func token(_ name: String, of request: HTTPRequest) -> String? {
    guard let value = request.cookies[name], Tokens.looksLikeToken(Substring(value)) else { return nil }
    return value
  }

  /// 403 unless the form's `csrf` field equals `expected` (compared in constant time).
  static func checkCSRF(_ request: HTTPRequest, expected: String?) throws {
    guard let expected, let presented = request.form["csrf"], !presented.isEmpty,
      Tokens.matches(presented, expected)
    else {
      throw RouteError.forbidden("the form has expired or did not come from this site: reload the page and try again")
    }
  }
}
