internal import CLibXML2
import Foundation

/// The state machine behind the SAX callbacks: it turns one pass of element events from any XML feed
/// format (RSS 0.9x/2.0, RSS 1.0, Atom 0.3/1.0) into a `Feed`. Text is gathered as bytes and becomes a
/// `String` once per field, never once per callback.
final class FeedBuilder {
  /// The root element decides the format; `nil` until it has been seen.
  enum Format: Sendable { case rss, rdf, atom }

  private(set) var format: Format?
  /// Local name of a root element that is not a feed (for the error message).
  private(set) var foreignRoot: String?
  var unnamespacedAtom = false
  // `@exclusivity(unchecked)` on the state touched for every element: the builder is only ever driven
  // by one parser's callbacks, one at a time, and the runtime checks (swift_beginAccess, ~80
  // instructions each, two or three per element) were 1.5 % of a whole parse.
  @exclusivity(unchecked) var feed = Feed()
  @exclusivity(unchecked) var draft: ItemDraft?
  @exclusivity(unchecked) var feedDraft = ItemDraft()  // feed-level fields with priorities (title, link, dates, authors)
  var feedAuthors: [String] = []
  /// The texts of `<ttl>`, `sy:updatePeriod` and `sy:updateFrequency`, read into `Feed.period` at the end.
  var periodTexts: (ttl: String?, updatePeriod: String?, updateFrequency: String?) = (nil, nil, nil)
  var itemsWithoutAuthor: [Int] = []

  var depth = 0
  var channelDepth = -1
  var itemDepth = -1
  var groupDepth = -1  // media:group inside an item: its children count as the item's
  var authorDepth = -1
  var authorScope = AuthorScope.item
  var sourceDepth = -1

  @exclusivity(unchecked) var capture: Capture? {
    didSet { captureMode = capture?.mode }
  }
  /// `capture?.mode`, kept apart so the per-text-run callback reads one byte, not the whole capture.
  @exclusivity(unchecked) var captureMode: Capture.Mode?
  @exclusivity(unchecked) var buffer = TextBuffer(capacity: 16 * 1024)
  @exclusivity(unchecked) var names = FeedNameCache()
  @exclusivity(unchecked) var bases: [(depth: Int, url: URL)] = []
  let documentURL: URL?

  /// When set, each completed item goes here instead of into the built feed (a streamed parse: the
  /// reload stores a big feed's items while the rest of it is still being parsed).
  let onItem: ((Item, FeedParser.ItemBodies?) -> Void)?
  var emitted = 0

  /// Whether items get their summary and content. `dump` prints neither, and making their strings
  /// (a UTF-8 validation of most of the document's bytes) was a tenth of its instructions. The text
  /// is still gathered, so a body's cut at `maxFieldBytes` is still counted and warned about.
  let keepsBodies: Bool
  /// Whether items' summary and content go to `onItem` as bytes (`FeedParser.ItemStream.itemWithBodies`).
  let bodiesAsBytes: Bool

  init(
    documentURL: URL?, onItem: ((Item, FeedParser.ItemBodies?) -> Void)? = nil, keepsBodies: Bool = true,
    bodiesAsBytes: Bool = false
  ) {
    self.documentURL = documentURL
    self.onItem = onItem
    self.keepsBodies = keepsBodies
    self.bodiesAsBytes = bodiesAsBytes
  }

  /// How many items have been completed so far.
  var itemCount: Int { onItem == nil ? feed.items.count : emitted }

  /// The feed-level author that items without one inherit (Atom); applied by `finish` to kept items,
  /// and by the consumer of a streamed parse to the items it received without an author.
  private(set) var inheritedAuthor: String?

  /// The feed built so far, with feed-level authors handed to items that have none (Atom inheritance).
  func finish() -> Feed {
    if let cap = capture {  // a truncated document: keep the text read so far
      capture = nil
      finishCapture(cap)
    }
    if draft != nil { closeItem() }
    var result = feed
    if let title = feedDraft.title { result.title = title }
    result.link = feedDraft.link
    result.description = feedDraft.summary
    result.updated = feedDraft.updated ?? feedDraft.published
    result.period = PollSchedule.documentPeriod(
      ttl: periodTexts.ttl, updatePeriod: periodTexts.updatePeriod, updateFrequency: periodTexts.updateFrequency)
    let inherited = feedAuthors.isEmpty ? feedDraft.author : feedAuthors.joined(separator: ", ")
    inheritedAuthor = inherited
    if let inherited, onItem == nil {
      for i in itemsWithoutAuthor { result.items[i].author = inherited }
    }
    return result
  }

  // MARK: - SAX events

  /// Nesting deeper than this stops the parse (libxml2's push parser does not bound depth itself).
  static let maxDepth = 256

  /// Whether the parse should go on after an element start.
  enum Verdict { case proceed, notAFeed, tooDeep }

  func startElement(
    local: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, attributes: SAXAttributes
  ) -> Verdict {
    depth += 1
    if depth > Self.maxDepth { return .tooDeep }
    if var cap = capture {
      var name = names.name(local: local, uri: uri)
      if unnamespacedAtom, name.ns == .none { name.ns = .atom10 }
      if cap.mode == .text, cap.field.isShortText, name.startsItemField {
        // An unclosed <title> (or similar) swallowing its siblings: end it and read this one normally.
        capture = nil
        finishCapture(cap)
        buffer.removeAll()
        fieldCut = false
        if draft != nil, !(name.local == .item) {
          itemChild(name, attributes: attributes)
          return .proceed
        }
      } else {
        cap.nested(start: local, attributes: attributes, depth: depth, names: &names, into: &buffer)
        capture = cap
        return .proceed
      }
    }
    var name = names.name(local: local, uri: uri)
    if unnamespacedAtom, name.ns == .none { name.ns = .atom10 }
    if attributes.count > 0, let base = attributes.value(named: "base", ns: .xml) {
      if let url = URL(string: base, relativeTo: currentBase)?.absoluteURL {
        bases.append((depth, url))
      }
    }
    guard let format else { return root(name, local: local) ? .proceed : .notAFeed }
    let unclosedItem = draft != nil && name.local == .item && name.ns.isRSS && format != .atom
    if unclosedItem { closeItem() }  // an unclosed <item>: the next one starts a new item
    if draft != nil {
      if depth == itemDepth + 1 || (groupDepth >= 0 && depth == groupDepth + 1) {
        itemChild(name, attributes: attributes)
      } else if depth == authorDepth + 1, name.local == .name, name.ns.isAtom {
        begin(.authorName(authorScope), depth: depth)
      } else if depth == sourceDepth + 1, name.local == .author, name.ns.isAtom {
        authorDepth = depth
        authorScope = .source
      }
      return .proceed
    }
    let isItem =
      (name.local == .item && name.ns.isRSS && format != .atom && (depth <= 3 || unclosedItem))
      || (name.local == .entry && name.ns.isAtom && depth == 2)
    if isItem {
      draft = ItemDraft()
      itemDepth = depth
      if let about = attributes.value(named: "about", ns: .rdf) {
        draft?.set(.id, trimmed(about), priority: 3)
      }
      return .proceed
    }
    if format != .atom, depth == 2, name.local == .channel, name.ns.isRSS, channelDepth < 0 {
      channelDepth = depth
    } else if depth == channelDepth + 1 {
      feedChild(name, attributes: attributes)
    } else if depth == authorDepth + 1, name.local == .name, name.ns.isAtom {
      begin(.authorName(.feed), depth: depth)
    }
    return .proceed
  }

  func endElement(local: UnsafePointer<xmlChar>) {
    defer {
      if let last = bases.last, last.depth == depth { bases.removeLast() }
      depth -= 1
    }
    if let cap = capture {
      if depth > cap.depth {
        cap.nestedEnd(local: local, depth: depth, into: &buffer)
        return
      }
      capture = nil
      finishCapture(cap)
      buffer.removeAll()
      fieldCut = false
      return
    }
    if depth == authorDepth {
      authorDepth = -1
    } else if depth == sourceDepth {
      sourceDepth = -1
    } else if depth == groupDepth {
      groupDepth = -1
    } else if depth == itemDepth {
      closeItem()
    } else if depth == channelDepth {
      channelDepth = -100  // RSS 1.0: an image or textinput after the channel has its own title
    }
  }

  /// A field's text is cut at this many bytes ("a 200 MB text node is capped"): the longest
  /// real article bodies are a few hundred KB, and a field is later a Swift string, a cache row and a
  /// rendered article, each a copy. The cut falls on a character boundary; `cutFields` counts them.
  static let maxFieldBytes = 4 << 20

  /// `text` cut at `maxFieldBytes` on a character boundary; nil when it is no longer (the sync's articles,
  /// which arrive as strings rather than through `characters`).
  static func capped(_ text: String?) -> String? {
    guard var text, text.utf8.count > maxFieldBytes else { return nil }
    return text.withUTF8 { String(decoding: prefix($0, maxBytes: maxFieldBytes), as: UTF8.self) }
  }

  /// The warning for `count` fields cut at `maxFieldBytes`, the same for feeds and the sync.
  static func cutWarning(count: Int) -> String {
    "\(count) text field\(count == 1 ? " was" : "s were") longer than \(maxFieldBytes >> 20) MiB and cut there."
  }

  /// How many fields were cut at `maxFieldBytes` (a warning names it).
  private(set) var cutFields = 0
  var fieldCut = false

  func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
    guard let mode = captureMode else { return }
    var text = UnsafeBufferPointer(start: bytes, count: count)
    if buffer.count + count > Self.maxFieldBytes {
      text = Self.prefix(text, maxBytes: max(0, Self.maxFieldBytes - buffer.count))
      if !fieldCut {
        fieldCut = true
        cutFields += 1
      }
      guard !text.isEmpty else { return }
    }
    if mode == .xhtml {
      XHTMLWriter.appendEscaped(text, to: &buffer, attribute: false)
    } else {
      buffer.append(contentsOf: text)
    }
  }

  /// The longest prefix of UTF-8 `text` of at most `maxBytes` bytes that ends on a character boundary.
  private static func prefix(_ text: UnsafeBufferPointer<UInt8>, maxBytes: Int) -> UnsafeBufferPointer<UInt8> {
    var end = min(maxBytes, text.count)
    while end > 0, end < text.count, text[end] & 0xC0 == 0x80 { end -= 1 }
    return UnsafeBufferPointer(rebasing: text[..<end])
  }

  // MARK: - Structure

  func root(_ name: FeedName, local: UnsafePointer<xmlChar>) -> Bool {
    switch (name.local, name.ns) {
    case (.rss, .none): format = .rss
    case (.rdf, .rdf): format = .rdf
    case (.feed, let ns) where ns.isAtom || ns == .none:
      format = .atom
      channelDepth = 1
      unnamespacedAtom = ns == .none  // seen in the wild: Atom without its namespace
    default:
      foreignRoot = String(cString: local)
      return false
    }
    return true
  }

}

private func trimmed(_ s: String) -> String { s.trimmingCharacters(in: .whitespacesAndNewlines) }
