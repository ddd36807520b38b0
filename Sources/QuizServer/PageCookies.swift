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
