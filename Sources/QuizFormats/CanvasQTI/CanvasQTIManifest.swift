import QuizDomain

/// The package's two descriptions of itself: the IMS manifest listing every file (Canvas
/// imports only what it lists), and Canvas's `assessment_meta.xml` with the quiz's settings.
enum CanvasQTIManifest {
  /// `imsmanifest.xml`: the assessment (with its meta file as a dependency) and each embedded
  /// file as web content. `files` are package paths.
  static func manifest(quiz: Quiz, idents: CanvasQTIIdents, files: [String]) -> [UInt8] {
    var xml = EscapingXMLWriter()
    xml.start(
      "manifest",
      [
        "identifier": idents.manifest,
        "xmlns": "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1",
        "xmlns:lom": "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/resource",
        "xmlns:imsmd": "http://www.imsglobal.org/xsd/imsmd_v1p2",
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "xsi:schemaLocation": schemaLocations,
      ])
    // No date in the metadata: the same quiz gives the same bytes.
    xml.start("metadata")
    xml.element("schema", text: "IMS Content")
    xml.element("schemaversion", text: "1.1.3")
    xml.start("imsmd:lom")
    xml.start("imsmd:general")
    xml.start("imsmd:title")
    xml.element("imsmd:string", text: quiz.title)
    xml.end()
    xml.end()
    xml.end()
    xml.end()
    xml.empty("organizations")
    xml.start("resources")
    xml.start("resource", ["identifier": idents.assessment, "type": "imsqti_xmlv1p2"])
    xml.empty("file", ["href": idents.assessmentFile])
    xml.empty("dependency", ["identifierref": idents.meta])
    xml.end()
    xml.start(
      "resource",
      [
        "identifier": idents.meta, "type": "associatedcontent/imscc_xmlv1p1/learning-application-resource",
        "href": idents.metaFile,
      ])
    xml.empty("file", ["href": idents.metaFile])
    xml.end()
    for (index, path) in files.enumerated() {
      // An href is a URL: each segment percent-encoded (`my pic.png` is `my%20pic.png`); the
      // entry itself keeps the name.
      let href = path.split(separator: "/").map { CanvasQTIFiles.percentEncoded(String($0)) }.joined(separator: "/")
      xml.start("resource", ["identifier": idents.file(index), "type": "webcontent", "href": href])
      xml.empty("file", ["href": href])
      xml.end()
    }
    xml.end()
    xml.end()
    return xml.bytes
  }

  private static let schemaLocations = [
    "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd",
    "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/resource",
    "http://www.imsglobal.org/profile/cc/ccv1p1/LOM/ccv1p1_lomresource_v1p0.xsd",
    "http://www.imsglobal.org/xsd/imsmd_v1p2 http://www.imsglobal.org/xsd/imsmd_v1p2p2.xsd",
  ].joined(separator: " ")

  /// `assessment_meta.xml`: a graded quiz (`assignment`, unpublished) with the title, the
  /// description as HTML, the points and whether the choices are shuffled. Settings quiz does
  /// not have are left to Canvas's defaults.
  static func meta(quiz: Quiz, idents: CanvasQTIIdents, pointsPossible: Double, shuffleAnswers: Bool) -> [UInt8] {
    let points = CanvasQTI.points(pointsPossible)
    var xml = EscapingXMLWriter()
    xml.start(
      "quiz",
      [
        "identifier": idents.assessment,
        "xmlns": "http://canvas.instructure.com/xsd/cccv1p0",
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "xsi:schemaLocation":
          "http://canvas.instructure.com/xsd/cccv1p0 https://canvas.instructure.com/xsd/cccv1p0.xsd",
      ])
    xml.element("title", text: quiz.title)
    xml.element("description", text: quiz.description.map(CanvasQTIText.plain) ?? "")
    xml.element("shuffle_answers", text: shuffleAnswers ? "true" : "false")
    xml.element("scoring_policy", text: "keep_highest")
    xml.element("quiz_type", text: "assignment")
    xml.element("points_possible", text: points)
    xml.element("show_correct_answers", text: "true")
    xml.start("assignment", ["identifier": idents.assignment])
    xml.element("title", text: quiz.title)
    xml.element("workflow_state", text: "unpublished")
    xml.element("quiz_identifierref", text: idents.assessment)
    xml.element("points_possible", text: points)
    xml.element("grading_type", text: "points")
    xml.element("submission_types", text: "online_quiz")
    xml.end()
    xml.end()
    return xml.bytes
  }
}
