import Foundation

/// A fresh folder under the system's temporary directory, removed on deinit, so cache and config tests
/// never touch the real home.
final class TemporaryDirectory: @unchecked Sendable {
  let url: URL

  init(_ name: String = "splitfeed-test") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ component: String) -> String { url.appendingPathComponent(component).path }

  deinit { try? FileManager.default.removeItem(at: url) }
}
