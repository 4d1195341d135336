import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

  /// Writes the script `text` to `component` (its folders made as needed), executable (`writeExecutable(_:atPath:)`);
  /// returns the file's path.
  @discardableResult
  public func writeExecutable(_ text: String, to component: String) throws -> String {
    let file = url.appendingPathComponent(component)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Self.writeExecutable(text, atPath: file.path)
    return file.path
  }

  /// Writes `text` to `path`, mode 755, for a test to run as a program. Foundation's writes open the file
  /// without close-on-exec, so a program another test started in that moment (tests run in parallel and
  /// start tmux servers, scripts, programs) kept it open for writing as long as it ran, and running the
  /// script failed with "Text file busy" (ETXTBSY). Here it goes through a close-on-exec descriptor under
  /// another name, closed, then renamed into place.
  public static func writeExecutable(_ text: String, atPath path: String) throws {
    let draft = path + ".draft-" + UUID().uuidString.prefix(8)
    let fd = open(draft, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      written += n
    }
    guard close(fd) == 0, written == bytes.count, chmod(draft, 0o755) == 0, rename(draft, path) == 0 else {
      let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      unlink(draft)
      throw error
    }
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
