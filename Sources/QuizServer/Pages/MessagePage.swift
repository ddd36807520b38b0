import QuizRepository
import XML

/// A page with one message: already submitted, time is up, an error (with its status). The
/// message is plain text; a link leads on (back to the sign-in, to the review).
struct MessageView: Sendable {
  var title: String
  var message: String
  var link: (href: String, label: String)? = nil

  static func alreadySubmitted(quizTitle: String, link: (href: String, label: String)? = nil) -> MessageView {
    MessageView(
      title: quizTitle, message: "You have submitted this quiz already. Your answers are recorded.", link: link)
  }

  static func timeIsUp(quizTitle: String, link: (href: String, label: String)? = nil) -> MessageView {
    MessageView(
      title: quizTitle, message: "The time is up: the quiz was submitted with the answers you saved.", link: link)
  }

  /// `alreadySubmitted`, or `timeIsUp` for an attempt its deadline submitted.
  static func submitted(_ attempt: ServedAttempt, link: (href: String, label: String)? = nil) -> MessageView {
    attempt.submitted?.expired == true
      ? timeIsUp(quizTitle: attempt.quizTitle, link: link) : alreadySubmitted(quizTitle: attempt.quizTitle, link: link)
  }

  static func error(_ message: String) -> MessageView {
    MessageView(title: "Something went wrong", message: message, link: (href: "/", label: "Back to the start"))
  }
}

enum MessagePage {
  static func render(_ view: MessageView) -> String {
    var body = "<p class=\"message\" role=\"alert\" dir=\"auto\">\(HTMLEscape.text(view.message))</p>\n"
    if let link = view.link {
      body +=
        "<p><a class=\"button\" href=\"\(HTMLEscape.attribute(link.href))\">\(HTMLEscape.text(link.label))</a></p>\n"
    }
    return PageShell.render(title: view.title, heading: view.title, body: body, scripts: [])
  }
}
