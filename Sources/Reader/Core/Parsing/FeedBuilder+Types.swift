internal import CLibXML2
import Foundation

// MARK: - Supporting types

extension FeedBuilder {
  enum Target: Sendable { case feed, item }
  enum AuthorScope: Sendable { case feed, item, source }

  /// The model field a captured element's text goes to.
  enum Field: Sendable {
    /// Fields that never contain markup of their own, so a nested item field means a missing end tag.
    var isShortText: Bool {
      switch self {
      case .title, .link, .guid, .id, .author, .published, .updated, .category, .duration, .period: return true
      default: return false
      }
    }

    /// An item's summary or content (left out without `keepsBodies`).
    var isItemBody: Bool {
      switch self {
      case .summary(.item, _), .content, .textContent: return true
      default: return false
      }
    }

    case title(target: Target, kind: PlainText.Kind)
    case link(target: Target, priority: Int)
    case guid(permaLink: Bool)
    case id(priority: Int)
    case author(target: Target, priority: Int)
    case authorName(AuthorScope)
    case published(target: Target, priority: Int)
    case updated(target: Target, priority: Int)
    case summary(target: Target, priority: Int)
    case content(priority: Int)
    case textContent
    case category
    case duration
    /// The feed's declared polling period (DESIGN §8): RSS `<ttl>`, `sy:updatePeriod`, `sy:updateFrequency`.
    case period(PeriodPart)
  }

  enum PeriodPart: Sendable { case ttl, updatePeriod, updateFrequency }

  /// An element whose text is being gathered into `buffer` until it ends.
  struct Capture {
    enum Mode: Sendable {
      /// Text of the element and its descendants, tags dropped.
      case text
      /// Atom/XHTML content: descendants serialized back to HTML (the wrapper `div` left out).
      case xhtml
    }
    var field: Field
    var depth: Int
    var mode: Mode
    var priority: Int
    var skippedWrapper = false

    mutating func nested(
      start local: UnsafePointer<xmlChar>, attributes: SAXAttributes, depth: Int,
      names: inout FeedNameCache, into buffer: inout TextBuffer
    ) {
      guard mode == .xhtml else { return }
      if depth == self.depth + 1, !skippedWrapper, buffer.bytes.allSatisfy(isSpace),
        xmlStrEqual(local, "div") != 0
      {
        skippedWrapper = true
        buffer.removeAll()
        return
      }
      guard buffer.count < FeedBuilder.maxFieldBytes else { return }  // markup counts toward the cap too
      XHTMLWriter.appendStartTag(local, attributes: attributes, to: &buffer)
    }

    func nestedEnd(local: UnsafePointer<xmlChar>, depth: Int, into buffer: inout TextBuffer) {
      guard mode == .xhtml else { return }
      if skippedWrapper, depth == self.depth + 1 { return }
      XHTMLWriter.appendEndTag(local, to: &buffer)
    }
  }
}

/// An item being built, with the priority of the source each field came from so that, for example, a
/// `pubDate` wins over a `dc:date` whichever comes first.
struct ItemDraft {
  /// The string fields that several elements compete for.
  enum Slot: Int, CaseIterable {
    case title, link, id, author, publishedText, updatedText, summary, content
  }

  var item = Item()
  /// itunes:duration, in seconds.
  var duration: Int?
  var authors: [String] = []
  var sourceAuthors: [String] = []
  /// Summary and content as bytes, when the builder hands bodies over as bytes (`setBytes`).
  var summaryBytes: [UInt8]?
  var contentBytes: [UInt8]?
  /// Priority per slot (lower wins); a SIMD vector so a draft needs no heap allocation for it.
  private var priorities = SIMD8<Int32>(repeating: .max)

  var title: String? { priorities[Slot.title.rawValue] == .max ? nil : item.title }
  var link: String? { item.link }
  var author: String? { item.author }
  var summary: String? { item.summary }
  var published: Date? {
    get { item.published }
    set { item.published = newValue }
  }
  var updated: Date? {
    get { item.updated }
    set { item.updated = newValue }
  }
  var categories: [String] {
    get { item.categories }
    set { item.categories = newValue }
  }
  var enclosures: [Enclosure] {
    get { item.enclosures }
    set { item.enclosures = newValue }
  }

  /// `set` for the summary or the content kept as bytes: the same rule of priorities.
  mutating func setBytes(_ slot: Slot, _ bytes: UnsafeBufferPointer<UInt8>, priority: Int) {
    guard !bytes.isEmpty, priority < Int(priorities[slot.rawValue]) else { return }
    priorities[slot.rawValue] = Int32(priority)
    if slot == .summary { summaryBytes = Array(bytes) } else { contentBytes = Array(bytes) }
  }

  /// Stores `value` unless a better source (lower priority number) already set the slot; empty values
  /// never win. Returns whether the value was stored.
  @discardableResult
  mutating func set(_ slot: Slot, _ value: String, priority: Int) -> Bool {
    guard !value.isEmpty, priority < Int(priorities[slot.rawValue]) else { return false }
    priorities[slot.rawValue] = Int32(priority)
    switch slot {
    case .title: item.title = value
    case .link: item.link = value
    case .id: item.id = value
    case .author: item.author = value
    case .publishedText: item.publishedText = value
    case .updatedText: item.updatedText = value
    case .summary: item.summary = value
    case .content: item.content = value
    }
    return true
  }
}
