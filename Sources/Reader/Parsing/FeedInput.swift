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
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      while let chunk = try handle.read(upToCount: Self.readSize), !chunk.isEmpty {
        guard chunk.withUnsafeBytes(body) else { return }
      }
    }
  }
}
