import Foundation

/// The answers of the Google Reader API, decoded leniently: servers differ in whether numbers come as
/// numbers or strings and in which optional fields they send, so only what sync needs is required.
/// The sync reads the two large answers (`StreamContents`, `ItemIDs`) with `JSONReader` instead
/// (GReaderModels+Reading.swift); their `Decodable` conformance is what that reader is tested against.
enum GReader {
  static let readTag = "user/-/state/com.google/read"
  static let starredTag = "user/-/state/com.google/starred"
  static let readingList = "user/-/state/com.google/reading-list"
  static let labelPrefix = "user/-/label/"

  struct SubscriptionList: Decodable {
    var subscriptions: [Subscription]
  }

  struct Subscription: Decodable {
    var id: String
    var title: String?
    var url: String?
    var htmlUrl: String?
    var categories: [Category]?

    /// The subscription's labels: its categories' labels, else the part of their ids after `label/`.
    var labels: [String] {
      (categories ?? []).compactMap { $0.label ?? GReader.label(in: $0.id) }
    }
  }

  struct Category: Decodable {
    var id: String
    var label: String?
  }

  struct TagList: Decodable {
    struct Tag: Decodable { var id: String }
    var tags: [Tag]
  }

  struct Link: Decodable, Equatable { var href: String? }

  struct Text: Decodable, Equatable { var content: String? }

  struct Origin: Decodable, Equatable { var streamId: String? }

  struct Enclosure: Decodable, Equatable {
    var href: String?
    var type: String?
    var length: FlexibleNumber?
  }

  struct StreamItem: Decodable, Equatable {
    var id: String
    var title: String?
    var published: FlexibleNumber?
    var updated: FlexibleNumber?
    var canonical: [Link]?
    var alternate: [Link]?
    var categories: [String]?
    var origin: Origin?
    var summary: Text?
    var content: Text?
    var author: String?
    var enclosure: [Enclosure]?

    var isRead: Bool { categories?.contains { $0.hasSuffix("/state/com.google/read") } ?? false }
    var isStarred: Bool { categories?.contains { $0.hasSuffix("/state/com.google/starred") } ?? false }

    /// The article as the cache stores it: the server's HTML as content, its labels as categories.
    var item: Item {
      let date = { (value: FlexibleNumber?) in value.flatMap { StoredDate.fromServer($0.value) } }
      return Item(
        title: title ?? "", link: (canonical ?? []).first?.href ?? (alternate ?? []).first?.href, id: id,
        author: author.flatMap { $0.isEmpty ? nil : $0 }, published: date(published), updated: date(updated),
        content: content?.content ?? summary?.content,
        enclosures: (enclosure ?? []).compactMap { e in
          e.href.map { Reader.Enclosure(url: $0, type: e.type.flatMap { $0.isEmpty ? nil : $0 }, length: e.length.flatMap { ClampedInteger.clamping($0.value, in: FeedBuilder.enclosureLengths) }) }
        },
        categories: (categories ?? []).compactMap(GReader.label(in:)))
    }

    /// `item` with its text cut at the feeds' cap (`FeedBuilder.maxFieldBytes`), `cut` counting the fields
    /// cut: a 30 MB article would cost seconds and gigabytes each time it is opened.
    func storedItem(cut: inout Int) -> Item {
      var item = self.item
      if let short = FeedBuilder.capped(item.content) { item.content = short; cut += 1 }
      if let short = FeedBuilder.capped(item.title) { item.title = short; cut += 1 }
      return item
    }
  }

  struct StreamContents: Decodable, Equatable {
    /// The server's clock at this page (the next sync's `ot`), when it is a plausible one.
    var serverTime: Int? { updated.flatMap { StoredDate.serverClock($0.value) } }

    var updated: FlexibleNumber?
    var items: [StreamItem]
    var continuation: String?
  }

  struct ItemIDs: Decodable, Equatable {
    struct Ref: Decodable, Equatable { var id: String }
    var itemRefs: [Ref]?
    var continuation: String?
  }

  struct QuickAdd: Decodable {
    var numResults: FlexibleNumber?
    var streamId: String?
    var streamName: String?
    var error: String?
  }

  /// "Tech" from "user/-/label/Tech" (or "user/1234/label/Tech"); nil for states and other ids.
  static func label(in id: String) -> String? {
    // The standard library's search, not Foundation's `range(of:)`, which bridges each category of each
    // article to a CFString (1.4 % of a first sync's samples).
    guard id.hasPrefix("user/"), let range = id.firstRange(of: "/label/") else { return nil }
    let name = String(id[range.upperBound...])
    return name.isEmpty ? nil : name
  }

  /// Decodes `data` as `T`, or says in one line that the server's answer to `what` is not what the API
  /// sends (never the raw bytes: they may be a large HTML page).
  static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws(SyncError) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      let reason: String
      switch error {
      case DecodingError.dataCorrupted: reason = "not JSON"
      case DecodingError.keyNotFound(let key, _): reason = "no \"\(key.stringValue)\""
      case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
        reason = "unexpected \(context.codingPath.map(\.stringValue).joined(separator: "."))"
      default: reason = "unreadable"
      }
      throw SyncError("Sync: the server's answer to \(what) is malformed (\(reason)); retry later or check the server.")
    }
  }
}

/// A number sent as a JSON number or as a string of digits ("1700000000").
struct FlexibleNumber: Decodable, Equatable {
  var value: Double

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      value = number
    } else if let number = Double(try container.decode(String.self)) {
      value = number
    } else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number")
    }
  }
}

/// The server's item ids in the one spelling the cache keys them by: 16 lower-case hex digits, as in
/// `tag:google.com,2005:reader/item/0005f3…`. `stream/items/ids` sends the same id as a (signed 64-bit)
/// decimal; an id in neither form is kept as sent.
enum RemoteItemID {
  static let longPrefix = "tag:google.com,2005:reader/item/"

  static func normalized(_ id: String) -> String {
    if id.hasPrefix(longPrefix) {
      let hex = id.dropFirst(longPrefix.count).lowercased()
      if let value = UInt64(hex, radix: 16) { return hexString(value) }
      return String(hex)
    }
    if let value = Int64(id) { return hexString(UInt64(bitPattern: value)) }
    if let value = UInt64(id) { return hexString(value) }
    return id
  }

  /// The form `edit-tag` takes (every server accepts the long form).
  static func long(_ normalized: String) -> String {
    normalized.count == 16 && UInt64(normalized, radix: 16) != nil ? longPrefix + normalized : normalized
  }

  private static func hexString(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
  }
}
