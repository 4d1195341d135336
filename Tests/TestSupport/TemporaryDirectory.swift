import Foundation

/// The tests' one temporary folder: fresh under the system's temporary directory, removed on deinit, so
/// cache, config and end-to-end tests never touch the real home.
public final class TemporaryDirectory: @unchecked Sendable {
  public let url: URL

  public init(_ name: String = "splitfeed-test") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The folder's own path.
  public var path: String { url.path }

  /// The path of `component` inside the folder.
  public func path(_ component: String) -> String { url.appendingPathComponent(component).path }

  /// Writes `text` to `component` (its folders made as needed); returns the file's path.
  @discardableResult
  public func write(_ text: String, to component: String) throws -> String {
    let file = url.appendingPathComponent(component)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
