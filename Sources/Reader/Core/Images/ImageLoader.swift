import Foundation

/// Pictures kept on disk under the cache folder (`images/`), bounded in bytes: the least recently used
/// go first (a read touches a file's modification time). Keyed by a hash of the address. Best effort: a
/// folder that cannot be written only means fetching again.
public struct ImageDiskCache: Sendable {
  public let folder: URL
  public let maxBytes: Int

  public init(folder: URL, maxBytes: Int = 64 << 20) {
    self.folder = folder
    self.maxBytes = maxBytes
  }

  /// The folder beside the cache file at `cachePath` (nil for an in-memory cache).
  public init?(besideCacheAt cachePath: String, maxBytes: Int = 64 << 20) {
    guard cachePath.hasPrefix("/") else { return nil }
    self.init(folder: URL(fileURLWithPath: cachePath).deletingLastPathComponent().appendingPathComponent("images"), maxBytes: maxBytes)
  }

  func file(for url: String) -> URL {
    // FNV-1a, 64 bits: stable across runs (Swift's Hasher is seeded per process).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return folder.appendingPathComponent(String(hash, radix: 16) + ".img")
  }

  public func read(_ url: String) -> Data? {
    let file = file(for: url)
    guard let data = try? Data(contentsOf: file) else { return nil }
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    return data
  }

  public func store(_ data: Data, for url: String) {
    guard data.count <= maxBytes else { return }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard (try? data.write(to: file(for: url), options: .atomic)) != nil else { return }
    trim()
  }

  /// Removes the least recently used files until the folder is within `maxBytes`.
  func trim() {
    let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
    guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)
    else { return }
    var entries = files.compactMap { file -> (URL, Date, Int)? in
      guard file.pathExtension == "img", let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
      return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
    }
    var total = entries.reduce(0) { $0 + $1.2 }
    entries.sort { $0.1 < $1.1 }
    for (file, _, size) in entries where total > maxBytes {
      try? FileManager.default.removeItem(at: file)
      total -= size
    }
  }
}

extension Fetcher {
  /// The largest picture downloaded: far more than any article picture, far less than the feeds' cap.
  public static let maxImageBytes = 8 << 20

  /// Downloads a picture with the feeds' transport and limits (timeouts, redirects, User-Agent) and a
  /// smaller size cap; http and https only, never a `file:` address taken from a page.
  public func fetchImage(_ url: URL) async throws(FetchError) -> Data {
    guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
      throw .network(url: url.absoluteString, reason: "only http and https")
    }
    var limited = self
    limited.configuration.maxBytes = min(configuration.maxBytes, Self.maxImageBytes)
    var request = HTTPRequest(url: url)
    request.setValue(configuration.userAgent, forHeader: "User-Agent")
    request.setValue("image/png, image/jpeg, image/webp, image/gif;q=0.9, */*;q=0.1", forHeader: "Accept")
    let (response, data) = try await limited.transfer(request)
    guard (200..<300).contains(response.statusCode) else {
      throw .httpStatus(code: response.statusCode, url: response.url.absoluteString, retryAfter: nil)
    }
    return data
  }
}

/// One picture from its address to a bitmap, off the main thread: the disk cache, else the network (then
/// kept on disk), then the decoder's guards. Never throws: a failure is the caption's reason. Pictures
/// are fetched several at a time but decoded one at a time (`decoding`), so the decoded bytes in flight
/// are one picture's at most — `ImageDecoder.maxDecodedPixels` × 4 and libjpeg's
/// `ImageDecoder.maxDecoderMemory` — however many are loading (four at once asked 4 × 1.5 GB before,
/// docs/ROBUSTNESS.md, issue 33 item 6); a cancelled load stops waiting, or decoding.
public enum ImageLoader {
  /// The one decode permit (a `PageWindow` of one, the sync's permits).
  static let decoding = PageWindow(size: 1)

  public static func load(_ address: String, fetcher: Fetcher, disk: ImageDiskCache?) async -> Result<Bitmap, ImageFailure> {
    if let data = disk?.read(address) { return await decode(data) }
    guard let url = URL(string: address) else { return .failure(.fetch("bad address")) }
    let data: Data
    do {
      data = try await fetcher.fetchImage(url)
    } catch {
      return .failure(.fetch(Self.reason(error)))
    }
    let result = await decode(data)
    if case .success = result { disk?.store(data, for: address) }
    return result
  }

  static func decode(_ data: Data) async -> Result<Bitmap, ImageFailure> {
    guard await decoding.acquire() else { return .failure(.cancelled) }
    let result = await ImageDecoder.decodeCancellable(data)
    await decoding.release()
    return result
  }

  private static func reason(_ error: FetchError) -> String {
    switch error {
    case .httpStatus(let code, _, _): "HTTP \(code)"
    default: "not fetched"
    }
  }
}
