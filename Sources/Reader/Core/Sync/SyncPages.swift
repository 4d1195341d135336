import Foundation

/// The sync's reading of its two large answers, `stream/contents` and `stream/items/ids`, down to what
/// the cache is given: for the fuzzer (Fuzz/) and the replay of its findings, which need the path from
/// bytes to stored values without a server or a cache. Not API: the sync itself goes through
/// `Synchronizer`.
@_spi(Fuzzing) public enum SyncPages {
  /// A `stream/contents` page as the cache would store it.
  public struct Contents {
    /// The articles (dates clamped, text cut at the feeds' cap), with their normalised server ids.
    public var items: [(id: String, item: Item)]
    public var continuation: String?
    public var serverTime: Int?
    /// Text fields cut at the cap.
    public var cutFields: Int
  }

  /// Nil when the answer is malformed (the sync's one-line error).
  public static func contents(_ data: Data) -> Contents? {
    guard let page = try? GReader.read(from: data, what: "stream/contents", GReader.StreamContents.init(reading:)) else {
      return nil
    }
    var cut = 0
    let items = page.items.map { (RemoteItemID.normalized($0.id), $0.storedItem(cut: &cut)) }
    return Contents(items: items, continuation: page.continuation, serverTime: page.serverTime, cutFields: cut)
  }

  /// The normalised ids of a `stream/items/ids` page and its continuation; nil when malformed.
  public static func itemIDs(_ data: Data) -> (ids: [String], continuation: String?)? {
    guard let page = try? GReader.read(from: data, what: "stream/items/ids", GReader.ItemIDs.init(reading:)) else {
      return nil
    }
    return ((page.itemRefs ?? []).map { RemoteItemID.normalized($0.id) }, page.continuation)
  }

  /// The range of enclosure lengths the cache keeps, for the fuzzer's checks.
  public static let enclosureLengths = FeedBuilder.enclosureLengths
  /// The feeds' cap on one text field, in bytes.
  public static let maxFieldBytes = FeedBuilder.maxFieldBytes
}
