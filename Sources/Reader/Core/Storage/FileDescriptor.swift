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
