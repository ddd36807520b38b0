import Foundation
import HTTP
import TestSupport
import Testing

/// HTTPS with a certificate made for the test (openssl), fetched by curl.
@Suite(
  .enabled(
    if: TestProcess.exists("openssl") && TestProcess.exists("curl"),
    "needs openssl and curl (apt-get install openssl curl)"))
struct HTTPServerTLSTests {
  let directory: TemporaryDirectory
  let certificate: String
  let key: String

  init() throws {
    directory = try TemporaryDirectory()
    let made = try TestProcess.run(
      [
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
        "-keyout", directory.path("key.pem"), "-out", directory.path("cert.pem"),
      ], timeout: 30)
    #expect(made.status == 0, "openssl: \(made.errors)")
    certificate = try String(contentsOfFile: directory.path("cert.pem"), encoding: .utf8)
    key = try String(contentsOfFile: directory.path("key.pem"), encoding: .utf8)
  }

  @Test func aRequestOverHTTPSIsMarkedTLS() throws {
    let server = try startServer(configure: {
      $0.tlsCertificatePEM = certificate
      $0.tlsKeyPEM = key
    }) { request in .text("tls=\(request.isTLS) body=\(String(decoding: request.body, as: UTF8.self))") }
    defer { server.stop() }
    let fetched = try TestProcess.run(
      ["curl", "-sS", "-k", "--max-time", "10", "--data-binary", "日本 🎉", "https://127.0.0.1:\(server.port)/secure"],
      timeout: 15)
    #expect(fetched.status == 0, "curl: \(fetched.errors)")
    #expect(fetched.output == "tls=true body=日本 🎉")
  }

  @Test func plainHTTPToATLSServerIsNotServed() throws {
    let server = try startServer(configure: {
      $0.tlsCertificatePEM = certificate
      $0.tlsKeyPEM = key
    }) { _ in .text("served") }
    defer { server.stop() }
    let fetched = try TestProcess.run(
      ["curl", "-sS", "--max-time", "5", "http://127.0.0.1:\(server.port)/"], timeout: 10)
    #expect(fetched.output != "served")
  }

  @Test func anInvalidKeyThrows() {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.tlsCertificatePEM = certificate
    configuration.tlsKeyPEM = "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n"
    let error = #expect(throws: HTTPError.self) { try HTTPServer(configuration) { _ in .text("") } }
    #expect(error?.kind == .invalidTLS, "\(error?.description ?? "")")
    #expect(error?.description.hasPrefix("invalid TLS certificate or key: ") == true)
  }

  @Test func aCertificateWithoutAKeyThrows() {
    var configuration = HTTPServerConfiguration()
    configuration.tlsCertificatePEM = certificate
    let error = #expect(throws: HTTPError.self) { try HTTPServer(configuration) { _ in .text("") } }
    #expect(error?.kind == .invalidTLS)
  }
}
