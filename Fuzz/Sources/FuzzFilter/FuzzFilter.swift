import Foundation
import FuzzSupport
import Reader

/// A cache with no articles, made once: every expression that parses is compiled to SQL and prepared
/// by SQLite against the real schema, so a tree SQLite refuses (too deep, too many arguments) is found.
nonisolated(unsafe) let cache: Cache = {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-filter-\(getpid()).db").path
  atexit { unlink(FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-filter-\(getpid()).db").path) }
  return try! Cache(path: path)
}()

/// libFuzzer entry: the input is a filter expression (as in `ignore-article` and the `/` filter) and,
/// after `query:T:`, a urls-file query line. Beyond "no crash": an error names a position inside the
/// text and is one short line; an expression that parses reads back the same and is SQL SQLite accepts;
/// the query line parses exactly when the expression does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: bytes(data, size), as: UTF8.self)
  let expression: FilterExpression
  do {
    expression = try FilterExpression(parsing: text)
  } catch {
    require((0...text.count).contains(error.position), "error at \(error.position) of \(text.count): \(error.message)")
    require(error.message.count <= 200 + text.count, "error message of \(error.message.count) characters")
    return 0
  }
  require((try? FilterExpression(parsing: expression.text)) == expression, "\(text) does not read back")
  do {
    _ = try cache.count(in: ItemScope(.query(expression)))
  } catch {
    require(false, "SQL of \(text.debugDescription) refused: \(error)")
  }
  // The same expression as a query feed line, quoted as one word: read back, it is the same expression.
  if !text.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline }) {
    let parsed = UrlsFile.parse("\"query:T:\(text)\"", currentDirectory: "/config")
    for feed in parsed.queryFeeds { require(feed.expression.text == text, "query line read \(feed.expression.text.debugDescription)") }
  }
  return 0
}

/// The program: libFuzzer's driver with `fuzzFilter` as the target (see `runFuzzer`).
@main
enum FuzzFilterMain {
  static func main() { runFuzzer(fuzzFilter) }
}
