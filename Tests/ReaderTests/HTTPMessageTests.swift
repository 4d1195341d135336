import Foundation
import Testing

@testable import Reader

/// The fetcher's own request and response types (they replaced FoundationNetworking's).
struct HTTPMessageTests {
  @Test func headerBlockIsParsedWithRepeatedFieldsJoinedAndNamesCaseInsensitive() throws {
    let url = try #require(URL(string: "http://127.0.0.1/feed.xml"))
    let block =
      "HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=ISO-8859-1\r\nCache-Control: no-cache\r\n"
      + "cache-control:  max-age=0 \r\nETag: \"a:b\"\r\nnot a field\r\n\r\n"
    let response = HTTPResponse(url: url, statusCode: 200, headerBlock: block)
    #expect(response.header("content-type") == "text/xml; charset=ISO-8859-1")
    #expect(response.header("CACHE-CONTROL") == "no-cache, max-age=0")
    #expect(response.header("ETag") == "\"a:b\"")
    #expect(response.header("HTTP/1.1 200 OK") == nil)
    #expect(response.headerFields.count == 3)
  }

  @Test func settingAFieldReplacesTheOneOfTheSameName() throws {
    var request = HTTPRequest(url: try #require(URL(string: "http://127.0.0.1/")))
    request.setValue("a", forHeader: "Accept")
    request.setValue("b", forHeader: "User-Agent")
    request.setValue("c", forHeader: "accept")
    #expect(request.headerFields.map { "\($0.name): \($0.value)" } == ["User-Agent: b", "accept: c"])
  }

  @Test func reasonPhrases() {
    #expect(HTTPStatus.reason(404) == "Not Found")
    #expect(HTTPStatus.reason(410) == "Gone")
    #expect(HTTPStatus.reason(503) == "Service Unavailable")
    #expect(HTTPStatus.reason(499) == "Client Error")
    #expect(HTTPStatus.reason(999) == "Unknown Status")
  }
}
