import XML

/// What the sign-in page shows: the quizzes to pick from (or the one quiz it is for), whether
/// a roster code is asked, the form's CSRF token, and an error from the last try.
struct SignInView: Sendable {
  struct QuizOption: Sendable {
    var id: String
    var title: String
  }

  /// The quizzes served; with one, it is fixed (no picker).
  var quizzes: [QuizOption]
  /// Set when the page is for one quiz (`/quiz/ID`) whatever is served.
  var fixedQuiz: QuizOption? = nil
  var usesRoster: Bool
  var csrf: String
  var action: String = "/sign-in"
  /// Plain text, shown above the form (wrong code, unknown quiz, …).
  var error: String? = nil
  /// What the taker typed last time, kept on an error.
  var taker: String = ""
}

/// The sign-in form: fields `quiz`, `taker`, `code` (with a roster) or `resume` (without one)
/// and `csrf`.
enum SignInPage {
  static func render(_ view: SignInView) -> String {
    var body = ""
    if let error = view.error {
      body += "<p class=\"error\" role=\"alert\" dir=\"auto\">\(HTMLEscape.text(error))</p>\n"
    }
    body += "<form method=\"post\" action=\"\(HTMLEscape.attribute(view.action))\">\n"
    body += PageShell.hidden("csrf", view.csrf) + "\n"
    body += quizField(view)
    body += "<div class=\"field\"><label for=\"taker\">Your name</label>\n"
    body +=
      "<input type=\"text\" id=\"taker\" name=\"taker\" dir=\"auto\" required autocomplete=\"name\" maxlength=\"\(TakerName.maxLength)\" value=\"\(HTMLEscape.attribute(view.taker))\"></div>\n"
    if view.usesRoster {
      body += "<div class=\"field\"><label for=\"code\">Your code</label>\n"
      body +=
        "<input type=\"password\" id=\"code\" name=\"code\" required autocomplete=\"off\" maxlength=\"200\"></div>\n"
    } else {
      // Without a roster a name is no proof: an attempt begun elsewhere resumes with its code.
      body += "<div class=\"field\"><label for=\"resume\">Resume code (only to continue an attempt begun on "
      body += "another device)</label>\n<input type=\"text\" id=\"resume\" name=\"resume\" autocomplete=\"off\" "
      body += "maxlength=\"20\" spellcheck=\"false\"></div>\n"
    }
    body += "<div class=\"actions\"><button type=\"submit\">Start</button></div>\n</form>\n"
    let quizTitle = view.fixedQuiz?.title ?? (view.quizzes.count == 1 ? view.quizzes[0].title : nil)
    return PageShell.render(
      title: quizTitle.map { "Sign in — \($0)" } ?? "Sign in", heading: quizTitle ?? "Sign in", body: body, scripts: [])
  }

  /// The quiz: fixed (a hidden field, its title the heading), or a picker with a label.
  private static func quizField(_ view: SignInView) -> String {
    if let quiz = view.fixedQuiz ?? (view.quizzes.count == 1 ? view.quizzes[0] : nil) {
      return PageShell.hidden("quiz", quiz.id) + "\n"
    }
    if view.quizzes.isEmpty { return PageShell.paragraph("No quiz is open.") }
    var field = "<div class=\"field\"><label for=\"quiz\">Quiz</label>\n<select id=\"quiz\" name=\"quiz\" required>\n"
    for quiz in view.quizzes {
      field +=
        "<option value=\"\(HTMLEscape.attribute(quiz.id))\" dir=\"auto\">\(HTMLEscape.text(quiz.title))</option>\n"
    }
    return field + "</select></div>\n"
  }
}
