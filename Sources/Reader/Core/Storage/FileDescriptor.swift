import Glibc

/// `write(2)` until every byte is out, through short writes and EINTR.
public enum FileDescriptor {
  /// nil when all of `bytes` were written, else the `errno` of the failure.
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return n < 0 ? errno : EIO }
      offset += n
    }
    return nil
  }
}

extension FileDescriptor {
  /// Runs `body` holding an exclusive `flock` on the file `lockPath` (created if needed, kept after):
  /// how two processes take turns at a read-change-write of one file (the urls file) or at creating
  /// one (the cache's schema). The lock goes with the descriptor, so a crash releases it. Returns the
  /// `errno` of a lock file that cannot be opened or locked as a failure through `failure`.
  public static func withLock<T>(
    _ lockPath: String, failure: (_ errno: Int32) -> any Error, _ body: () throws -> T
  ) throws -> T {
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure(errno) }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else { throw failure(errno) }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }
}
