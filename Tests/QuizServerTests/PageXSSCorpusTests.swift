import Foundation
import QuizDomain
import Testing
import XML

@testable import QuizServer

/// The sanitiser's corpus of filter-evasion vectors (Tests/QuizCLITests/Reference/
/// xss-vectors.json, its header names the sources) in every place a served page puts a text:
/// a prompt, a choice, revealed feedback and explanation, a matching stem and answer, and a
/// cloze prompt, whose gaps are written through the sanitiser's text hook. Each page read back
/// must hold no script but the page's own, no event attribute, no style, no script URL.
@Suite struct PageXSSCorpusTests {
  static func vectors() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("Tests/QuizCLITests/Reference/xss-vectors.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let vectors = try #require(object?["vectors"] as? [[String: String]])
    return vectors.compactMap { $0["html"] }
  }

  static func pages(_ vector: String) -> [String] {
    let choice = Question(
      id: "q", prompt: vector, explanation: vector, multiple: false,
      choices: [Choice(id: "a", text: vector, correct: true, feedback: vector)], textFormat: .html)
    let matching = Question(
      id: "m", prompt: vector, textFormat: .html,
      body: .matching(Matching(pairs: [MatchPair(id: "s", stem: vector, answer: vector)])))
    let cloze = Question(
      id: "c", prompt: "{#1}" + vector + "{#2}", textFormat: .html,
      body: .cloze(
        Cloze(parts: [
          ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: vector)]))),
          ClozePart(
            body: .choice(ClozeChoice(display: .vertical, choices: [Choice(id: "a", text: vector, correct: true)]))),
        ])))
    let reveal = RevealView(fraction: 0, score: 0, points: 1, feedback: [vector])
    return [choice, matching, cloze].flatMap { question in
      [
        QuestionPage.render(
          QuestionView(
            quizTitle: vector, question: question, answerChoices: [vector], number: 1, count: 1, action: "/a",
            csrf: "c", submitAction: "/s")),
        QuestionPage.render(
          QuestionView(
            quizTitle: "Q", question: question, answerChoices: [vector], number: 1, count: 1, reveal: reveal,
            action: "/a", csrf: "c", submitAction: "/s")),
      ]
    }
  }

  static let scriptable: Set<String> = [
    "iframe", "object", "embed", "base", "link", "style", "form", "svg", "math", "frame", "frameset", "meta",
  ]

  @Test func noVectorScriptsAServedPage() throws {
    let vectors = try Self.vectors()
    #expect(vectors.count > 200)
    for vector in vectors {
      for html in Self.pages(vector) {
        let page = try PageTree(html)
        #expect(page.all("script").allSatisfy { $0.attribute("src") == PageShell.quizScript && $0.children.isEmpty })
        #expect(page.all("main").count == 1)
        #expect(page.all("link").count == 1)
        #expect(page.all("meta").count == 2)
        #expect(page.all("form").count <= 3, "the answer form, the final submit and sign-out only")
        for element in page.elements {
          if Self.scriptable.contains(element.name) && !["link", "meta", "form"].contains(element.name) {
            Issue.record("\(element.name) from \(vector.prefix(80))")
          }
          for attribute in element.attributes {
            let value = attribute.value.lowercased().filter { !$0.isWhitespace }
            if attribute.name.hasPrefix("on") || attribute.name == "style" || value.hasPrefix("javascript:")
              || value.hasPrefix("vbscript:") || value.hasPrefix("data:text")
            {
              Issue.record("\(element.name) \(attribute.name)=\(attribute.value.prefix(60)) from \(vector.prefix(80))")
            }
          }
        }
      }
    }
  }
}
