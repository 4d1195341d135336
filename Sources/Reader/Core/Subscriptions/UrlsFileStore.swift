import Foundation

/// The urls file on disk, for the edits splitfeed makes to it: `import` appends, and the reader
/// subscribes to a feed a web page advertises in the page's place. Every write replaces the
/// file atomically — a temporary file beside it, flushed, then renamed over it — so a crash or a full
/// disk never leaves a half-written urls file; the file keeps its permissions, and when it is a symlink
/// (dotfiles) the file it points to is replaced, not the link. Every edit (`edit`) reads, changes and
/// replaces the file under an advisory lock, so two processes editing at once both keep their lines.
public struct UrlsFileStore: Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public var path: String
  /// Relative paths in the file are read from here (the config folder).
  public var directory: String

  public init(path: String, directory: String) {
    self.path = path
    self.directory = directory
  }

  /// The file's text; empty when it does not exist. Fails when a line is not UTF-8: an edit that
  /// rewrites lines must not repair (and so change) the user's other lines.
  public func read() throws -> String { try text(of: bytes()) }

  /// `bytes` of this file as text; fails as `read` does.
  public func text(of bytes: [UInt8]) throws -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Failure(description: "\(path) holds a line that is not UTF-8 text; save it as UTF-8 first.")
    }
    return text
  }

  /// The file's bytes; empty when it does not exist.
  public func bytes() throws -> [UInt8] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    do {
      return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw Failure(description: "Could not read \(path): \(error.localizedDescription).")
    }
  }

  /// Replaces the address of feed `url` (a cache key) by `newAddress` on its line, keeping its tags and
  /// comment; returns the line number. Fails when no line holds the feed or the file cannot be written.
  public func replaceAddress(of url: String, with newAddress: String) throws -> Int {
    var line = 0
    try edit { bytes in
      guard let replaced = UrlsFile.replacingAddress(of: url, with: newAddress, in: try text(of: bytes), currentDirectory: directory)
      else {
        throw Failure(description: "\(url) is no longer in \(path); nothing was changed.")
      }
      line = replaced.line
      return Array(replaced.text.utf8)
    }
    return line
  }

  /// Reads the file, passes its bytes to `change` and writes what it returns (nil: leave the file as it
  /// is), all under the file's lock (`edit(path:_:)`).
  public func edit(_ change: ([UInt8]) throws -> [UInt8]?) throws { try Self.edit(path: path, change) }

  /// Reads `path`, runs `change` on its bytes and writes what it returned atomically, holding an
  /// exclusive `flock` on a hidden lock file beside `path` (`.urls.lock`) throughout. A read before the lock would let two editors each
  /// write the file they read, and the second rename would drop the first one's line; a lock on the file
  /// itself would be lost with the inode the rename replaces, hence the separate lock file, which stays.
  public static func edit(path: String, _ change: ([UInt8]) throws -> [UInt8]?) throws {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let lockPath = (target as NSString).deletingLastPathComponent + "/." + (target as NSString).lastPathComponent + ".lock"
    try FileDescriptor.withLock(lockPath, failure: { errno = $0; return failure("lock", path: lockPath) }) {
      let bytes = try UrlsFileStore(path: path, directory: "").bytes()
      if let changed = try change(bytes), changed != bytes { try write(changed, to: path) }
    }
  }

  /// Writes `text` to `path` atomically (see the type's comment).
  public static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

  /// Writes `bytes` to `path` atomically (see the type's comment).
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let folder = (target as NSString).deletingLastPathComponent
    var mode: mode_t = 0o644
    var existing = stat()
    if stat(target, &existing) == 0 { mode = existing.st_mode & 0o7777 }
    var template = Array((folder + "/.urls-XXXXXX").utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { throw failure("create a file in \(folder)", path: path) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var written = false
    defer {
      if !written { unlink(temporary) }
    }
    if let error = FileDescriptor.writeAll(fd, bytes) {
      close(fd)
      errno = error
      throw failure("write", path: path)
    }
    guard fchmod(fd, mode) == 0, fsync(fd) == 0, close(fd) == 0 else { throw failure("write", path: path) }
    guard rename(temporary, target) == 0 else { throw failure("replace", path: path) }
    written = true
  }

  private static func failure(_ action: String, path: String) -> Failure {
    Failure(description: "Could not \(action) \(path): \(String(cString: strerror(errno))).")
  }
}
