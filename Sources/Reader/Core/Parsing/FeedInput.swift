import Foundation

/// Where a document's bytes come from: memory, or a file read in chunks so that a large feed never sits
/// in memory whole next to the model built from it (peak memory stays near the model's size).
enum FeedInput {
  case data(Data)
  case file(URL)

  static let readSize = 1024 * 1024

  /// Calls `body` with successive chunks until the input ends or `body` returns false.
  func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Bool) throws {
    switch self {
    case .data(let data):
      _ = data.withUnsafeBytes(body)
    case .file(let url):
      // One buffer for the whole file, not a new `Data` per chunk: a fresh large allocation per chunk is
      // mapped and faulted in anew.
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
      defer { buffer.deallocate() }
      while true {
        let count = read(handle.fileDescriptor, buffer.baseAddress, Self.readSize)
        if count < 0 {
          if errno == EINTR { continue }
          throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        guard count > 0, body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
      }
    }
  }

  /// The 1-based line of the byte at `offset` (for a warning; reads the input again up to there).
  func line(atOffset offset: Int) -> Int {
    var line = 1
    var seen = 0
    try? forEachChunk { chunk in
      let part = chunk.prefix(max(0, offset - seen))
      line += part.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      seen += chunk.count
      return seen < offset
    }
    return line
  }
}
