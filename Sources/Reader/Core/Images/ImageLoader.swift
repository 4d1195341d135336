import Foundation
import Pixels
import Synchronization

/// Pictures kept on disk beside the cache file, in a folder of its own (`<cache>.pictures/`), bounded in
/// bytes: the least recently used go first (a read touches a file's modification time). Keyed by a hash of
/// the address. Best effort: a folder that cannot be written only means fetching again.
///
/// The folder is the cache's alone, so its trim never deletes what it did not write (the old
/// `images/` beside `--cache ~/feeds.db` was `~/images`, and its trim deleted every `*.img` there). It
/// is used only when this cache made it — `mkdir` succeeded, then the marker file was written in it —
/// or when it is a real folder of this user's holding that marker; a folder of the same name made by
/// anyone or anything else is left alone and nothing is kept. The trim deletes only regular files named
/// as `file(for:)` names them. The folder is private (0700, tightened when looser) and so are its files
/// (0600): the addresses a user reads are nobody else's (docs/ROBUSTNESS.md, "Files splitfeed owns").
public struct ImageDiskCache: Sendable {
  public let folder: URL
  public let maxBytes: Int

  /// The file that marks a folder as made by this cache.
  static let marker = ".splitfeed-pictures"

  public init(folder: URL, maxBytes: Int = 64 << 20) {
    self.folder = folder
    self.maxBytes = maxBytes
  }

  /// `<cache>.pictures`, beside the cache file at `cachePath` (nil for a path that is not absolute).
  public init?(forCacheAt cachePath: String, maxBytes: Int = 64 << 20) {
    guard cachePath.hasPrefix("/") else { return nil }
    self.init(folder: URL(fileURLWithPath: cachePath + ".pictures"), maxBytes: maxBytes)
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

  /// Whether `name` is one `file(for:)` makes: 1–16 lowercase hex digits, then `.img`.
  static func isEntryName(_ name: String) -> Bool {
    guard name.hasSuffix(".img") else { return false }
    let stem = name.utf8.dropLast(4)
    return (1...16).contains(stem.count)
      && stem.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
  }

  /// Whether the folder is this cache's: a real folder (not a link) of this user's holding the marker, a
  /// regular file. A looser folder is made private on the way.
  func isOwned() -> Bool {
    var folderStatus = stat()
    var markerStatus = stat()
    guard lstat(folder.path, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR,
      folderStatus.st_uid == getuid(),
      lstat(folder.appendingPathComponent(Self.marker).path, &markerStatus) == 0,
      markerStatus.st_mode & S_IFMT == S_IFREG, markerStatus.st_uid == getuid()
    else { return false }
    if folderStatus.st_mode & 0o077 != 0 { chmod(folder.path, 0o700) }
    return true
  }

  /// Makes the folder (private, then marked) when there is none; whether it is this cache's. One claim
  /// at a time in the process: two pictures stored at once would otherwise see the folder made by the
  /// other before its marker, take it for someone else's, and keep nothing.
  func claim() -> Bool {
    Self.claiming.withLock { _ in
      guard mkdir(folder.path, 0o700) == 0 else { return errno == EEXIST && isOwned() }
      let fd = open(folder.appendingPathComponent(Self.marker).path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard fd >= 0 else { return false }
      close(fd)
      return true
    }
  }

  private static let claiming = Mutex<Void>(())

  public func read(_ url: String) -> Data? {
    guard isOwned() else { return nil }
    let file = file(for: url)
    guard let data = try? Data(contentsOf: file) else { return nil }
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    return data
  }

  public func store(_ data: Data, for url: String) {
    guard data.count <= maxBytes, claim() else { return }
    let file = file(for: url)
    guard (try? data.write(to: file, options: .atomic)) != nil else { return }
    chmod(file.path, 0o600)
    trim()
  }

  /// Removes the least recently used entries until the folder is within `maxBytes`: only regular files
  /// named as this cache names them, in the folder it owns.
  func trim() {
    guard isOwned(), let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    var entries = names.filter(Self.isEntryName).compactMap { name -> (String, Date, Int)? in
      let path = folder.appendingPathComponent(name).path
      // Not followed: the type, size and date of the entry itself (a link is never an entry).
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular
      else { return nil }
      return (path, attributes[.modificationDate] as? Date ?? .distantPast, (attributes[.size] as? NSNumber)?.intValue ?? 0)
    }
    var total = entries.reduce(0) { $0 + $1.2 }
    entries.sort { $0.1 < $1.1 }
    for (path, _, size) in entries where total > maxBytes {
      try? FileManager.default.removeItem(atPath: path)
      total -= size
    }
  }
}

extension Fetcher {
  /// The largest picture downloaded: far more than any article picture, far less than the feeds' cap.
  public static let maxImageBytes = 8 << 20

  /// Downloads a picture with the feeds' transport and limits (timeouts, redirects, User-Agent) and a
  /// smaller size cap; http and https only, never a `file:` address taken from a page. `refusingLocal`:
  /// as for `fetchPage`.
  public func fetchImage(_ url: URL, refusingLocal: Bool = false) async throws(FetchError) -> Data {
    guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
      throw .network(url: url.absoluteString, reason: "only http and https")
    }
    var limited = self
    limited.configuration.maxBytes = min(configuration.maxBytes, Self.maxImageBytes)
    var request = HTTPRequest(url: url)
    request.refusesLocalAddresses = refusingLocal
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
/// `ImageDecoder.maxDecoderMemory` — however many are loading (docs/ROBUSTNESS.md);
/// the decoding runs in the heavy lane (`HeavyWork`: never on the shared pool the mark writer needs), and
/// a cancelled load stops waiting, or decoding.
///
/// The network part runs in `lanes` when given (the reader's pages and pictures share them), and with
/// `refusingLocal` a picture linked from a feed on the internet is not fetched from the user's own
/// network (`LocalNetwork`).
public enum ImageLoader {
  /// The one decode permit (a `PageWindow` of one, the sync's permits).
  static let decoding = PageWindow(size: 1)

  public static func load(
    _ address: String, fetcher: Fetcher, disk: ImageDiskCache?, heavy: HeavyWork = .shared, lanes: FetchLanes? = nil,
    refusingLocal: Bool = false
  ) async -> Result<Bitmap, ImageFailure> {
    if let data = disk?.read(address) { return await decode(data, in: heavy) }
    guard let url = URL(string: address) else { return .failure(.fetch("bad address")) }
    let fetch = { @Sendable () async -> Result<Data, FetchError> in
      do throws(FetchError) {
        return .success(try await fetcher.fetchImage(url, refusingLocal: refusingLocal))
      } catch {
        return .failure(error)
      }
    }
    let fetched = if let lanes { await lanes.run(url, fetch) ?? .failure(.cancelled) } else { await fetch() }
    let data: Data
    switch fetched {
    case .success(let bytes): data = bytes
    case .failure(.localAddress(_, let address)): return .failure(.localAddress(address))
    case .failure(let error): return .failure(.fetch(Self.reason(error)))
    }
    let result = await decode(data, in: heavy)
    if case .success = result { disk?.store(data, for: address) }
    return result
  }

  static func decode(_ data: Data, in heavy: HeavyWork = .shared) async -> Result<Bitmap, ImageFailure> {
    guard await decoding.acquire() else { return .failure(.cancelled) }
    let result = await ImageDecoder.decodeCancellable(data, in: heavy)
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
