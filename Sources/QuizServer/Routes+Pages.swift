import HTTP

// MARK: - The pages (the pages branch's renderers are wired here)

extension Routes {
  /// The browser's routes. Until the page renderers are merged, every page is "not found".
  func routePage(_ request: HTTPRequest) throws -> HTTPResponse {
    throw RouteError.notFound("no such page")
  }
}
