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
  private var unnamespacedAtom = false
  // `@exclusivity(unchecked)` on the state touched for every element: the builder is only ever driven
  // by one parser's callbacks, one at a time, and the runtime checks (swift_beginAccess, ~80
  // instructions each, two or three per element) were 1.5 % of a whole parse.
  @exclusivity(unchecked) private var feed = Feed()
  @exclusivity(unchecked) private var draft: ItemDraft?
  @exclusivity(unchecked) private var feedDraft = ItemDraft()  // feed-level fields with priorities (title, link, dates, authors)
  private var feedAuthors: [String] = []
  private var itemsWithoutAuthor: [Int] = []

  private var depth = 0
  private var channelDepth = -1
  private var itemDepth = -1
  private var groupDepth = -1  // media:group inside an item: its children count as the item's
  private var authorDepth = -1
  private var authorScope = AuthorScope.item
  private var sourceDepth = -1

  @exclusivity(unchecked) private var capture: Capture? {
    didSet { captureMode = capture?.mode }
  }
  /// `capture?.mode`, kept apart so the per-text-run callback reads one byte, not the whole capture.
  @exclusivity(unchecked) private var captureMode: Capture.Mode?
  @exclusivity(unchecked) private var buffer = TextBuffer(capacity: 16 * 1024)
  @exclusivity(unchecked) private var names = FeedNameCache()
  @exclusivity(unchecked) private var bases: [(depth: Int, url: URL)] = []
  private let documentURL: URL?

  /// When set, each completed item goes here instead of into the built feed (a streamed parse: the
  /// reload stores a big feed's items while the rest of it is still being parsed).
  private let onItem: ((Item) -> Void)?
  private var emitted = 0

  init(documentURL: URL?, onItem: ((Item) -> Void)? = nil) {
    self.documentURL = documentURL
    self.onItem = onItem
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

  /// A field's text is cut at this many bytes (issue 6: "a 200 MB text node is capped"): the longest
  /// real article bodies are a few hundred KB, and a field is later a Swift string, a cache row and a
  /// rendered article, each a copy. The cut falls on a character boundary; `cutFields` counts them.
  static let maxFieldBytes = 4 << 20

  /// How many fields were cut at `maxFieldBytes` (a warning names it).
  private(set) var cutFields = 0
  private var fieldCut = false

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

  private func root(_ name: FeedName, local: UnsafePointer<xmlChar>) -> Bool {
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

  private func feedChild(_ name: FeedName, attributes: SAXAttributes) {
    let ns = name.ns
    switch name.local {
    case .title where ns.isRSS || ns.isAtom:
      begin(.title(target: .feed, kind: titleKind(ns, attributes)), depth: depth)
    case .link where ns.isRSS:
      begin(.link(target: .feed, priority: 1), depth: depth)
    case .link where ns.isAtom:
      atomLink(attributes, target: .feed)
    case .description where ns.isRSS, .subtitle where ns.isAtom, .tagline where ns.isAtom:
      begin(.summary(target: .feed, priority: 1), depth: depth)
    case .lastBuildDate where ns.isRSS, .updated where ns.isAtom, .modified where ns.isAtom:
      begin(.updated(target: .feed, priority: 1), depth: depth)
    case .pubDate where ns.isRSS, .date where ns == .dc:
      begin(.published(target: .feed, priority: 2), depth: depth)
    case .author where ns.isAtom:
      authorDepth = depth
      authorScope = .feed
    case .managingEditor where ns.isRSS, .creator where ns == .dc:
      begin(.author(target: .feed, priority: 2), depth: depth)
    default:
      break
    }
  }

  private func itemChild(_ name: FeedName, attributes: SAXAttributes) {
    let ns = name.ns
    switch name.local {
    case .title where ns.isRSS || ns.isAtom:
      begin(.title(target: .item, kind: titleKind(ns, attributes)), depth: depth)
    case .title where ns == .dc:
      begin(.title(target: .item, kind: .guess), depth: depth, priority: 2)
    case .link where ns.isRSS:
      begin(.link(target: .item, priority: 1), depth: depth)
    case .link where ns.isAtom:
      atomLink(attributes, target: .item)
    case .guid where ns.isRSS:
      let permaLink = attributes.value(named: "isPermaLink")?.lowercased() != "false"
      begin(.guid(permaLink: permaLink), depth: depth)
    case .id where ns.isAtom:
      begin(.id(priority: 1), depth: depth)
    case .author where ns.isAtom:
      authorDepth = depth
      authorScope = .item
    case .source where ns.isAtom:
      sourceDepth = depth
    case .creator where ns == .dc:
      begin(.author(target: .item, priority: 1), depth: depth)
    case .author where ns.isRSS:
      begin(.author(target: .item, priority: 2), depth: depth)
    case .author where ns == .itunes:
      begin(.author(target: .item, priority: 3), depth: depth)
    case .pubDate where ns.isRSS, .published where ns.isAtom, .issued where ns.isAtom:
      begin(.published(target: .item, priority: 1), depth: depth)
    case .date where ns == .dc:
      begin(.published(target: .item, priority: 2), depth: depth)
    case .issued where ns == .dcterms, .created where ns.isAtom || ns == .dcterms:
      begin(.published(target: .item, priority: 3), depth: depth)
    case .updated where ns.isAtom, .modified where ns.isAtom:
      begin(.updated(target: .item, priority: 1), depth: depth)
    case .modified where ns == .dcterms:
      begin(.updated(target: .item, priority: 2), depth: depth)
    case .description where ns.isRSS, .summary where ns.isAtom:
      begin(.summary(target: .item, priority: 1), depth: depth)
    case .description where ns == .media:
      begin(.summary(target: .item, priority: 2), depth: depth)
    case .summary where ns == .itunes:
      begin(.summary(target: .item, priority: 3), depth: depth)
    case .encoded where ns == .content:
      begin(.content(priority: 1), depth: depth)
    case .body where ns == .xhtml:
      begin(.content(priority: 2), depth: depth, mode: .xhtml)
    case .content where ns.isAtom:
      atomContent(attributes)
    case .enclosure where ns.isRSS:
      addEnclosure(
        attributes.value(named: "url"), type: attributes.value(named: "type"),
        length: attributes.value(named: "length"))
    case .content where ns == .media:
      addEnclosure(
        attributes.value(named: "url"), type: attributes.value(named: "type"),
        length: attributes.value(named: "fileSize"), duration: attributes.value(named: "duration"))
    case .duration where ns == .itunes:
      begin(.duration, depth: depth)
    case .group where ns == .media:
      groupDepth = depth
    case .category where ns.isRSS, .subject where ns == .dc:
      begin(.category, depth: depth)
    case .category where ns.isAtom:
      if let term = attributes.value(named: "term") ?? attributes.value(named: "label") {
        let text = PlainText.title(term, kind: .text)
        if !text.isEmpty { draft?.categories.append(text) }
      }
    default:
      break
    }
  }

  private func titleKind(_ ns: FeedNamespace, _ attributes: SAXAttributes) -> PlainText.Kind {
    guard ns.isAtom else { return .guess }
    switch attributes.value(named: "type")?.lowercased() {
    case "html", "text/html": return .html
    case "xhtml", "application/xhtml+xml": return .text  // descendants' text, markup dropped
    case nil where ns == .atom03: return .guess
    default: return attributes.value(named: "mode") == "escaped" ? .html : .text
    }
  }

  private func atomLink(_ attributes: SAXAttributes, target: Target) {
    guard let href = attributes.value(named: "href") else { return }
    let rel = attributes.value(named: "rel") ?? "alternate"
    switch rel {
    case "alternate", "http://www.iana.org/assignments/relation/alternate":
      // A byte search: `String.contains(String)` goes through Foundation's NSString search (~3k
      // instructions per link).
      let html = attributes.value(named: "type").map { containsBytes($0, "html") } ?? true
      setLink(href, target: target, priority: html ? 1 : 2)
    case "enclosure" where target == .item:
      addEnclosure(
        href, type: attributes.value(named: "type"),
        length: attributes.value(named: "length"))
    default:
      break
    }
  }

  private func atomContent(_ attributes: SAXAttributes) {
    if attributes.value(named: "src") != nil { return }  // out-of-line content
    let type = attributes.value(named: "type")?.lowercased() ?? "text"
    let mode = attributes.value(named: "mode")?.lowercased()
    if mode == "base64" { return }
    switch type {
    case "xhtml", "application/xhtml+xml":
      begin(.content(priority: 1), depth: depth, mode: .xhtml)
    case "html", "text/html":
      begin(.content(priority: 1), depth: depth)
    case "text", "text/plain":
      begin(mode == "escaped" ? .content(priority: 1) : .textContent, depth: depth)
    default:
      if type.hasPrefix("text/") { begin(.textContent, depth: depth) }
    }
  }

  private func begin(_ target: Field, depth: Int, priority: Int = 1, mode: Capture.Mode = .text) {
    capture = Capture(field: target, depth: depth, mode: mode, priority: priority)
  }

  // MARK: - Finishing fields

  private func finishCapture(_ cap: Capture) {
    do {
      let bytes = buffer.bytes  // nothing below touches `buffer`
      switch cap.field {
      case .title(let target, let kind):
        let text = PlainText.title(bytes, kind: kind)
        if target == .item {
          draft?.set(.title, text, priority: cap.priority)
        } else {
          feedDraft.set(.title, text, priority: cap.priority)
        }
      case .link(let target, let priority):
        setLink(trimmedString(bytes), target: target, priority: priority)
      case .guid(let permaLink):
        let id = trimmedString(bytes)
        draft?.set(.id, id, priority: 1)
        if permaLink, id.hasPrefix("http") { setLink(id, target: .item, priority: 3) }
      case .id(let priority):
        draft?.set(.id, trimmedString(bytes), priority: priority)
      case .author(let target, let priority):
        let name = authorName(trimmedString(bytes))
        if target == .item { draft?.set(.author, name, priority: priority) } else {
          feedDraft.set(.author, name, priority: priority)
        }
      case .authorName(let scope):
        let name = PlainText.title(bytes, kind: .text)
        guard !name.isEmpty else { return }
        switch scope {
        case .item: draft?.authors.append(name)
        case .source: draft?.sourceAuthors.append(name)
        case .feed: feedAuthors.append(name)
        }
      case .published(let target, let priority):
        let text = trimmedString(bytes)
        if target == .item {
          if draft?.set(.publishedText, text, priority: priority) == true {
            draft?.published = DateParser.parse(text)
          }
        } else if feedDraft.set(.publishedText, text, priority: priority) {
          feedDraft.published = DateParser.parse(text)
        }
      case .updated(let target, let priority):
        let text = trimmedString(bytes)
        if target == .item {
          if draft?.set(.updatedText, text, priority: priority) == true {
            draft?.updated = DateParser.parse(text)
          }
        } else if feedDraft.set(.updatedText, text, priority: priority) {
          feedDraft.updated = DateParser.parse(text)
        }
      case .summary(let target, let priority):
        let text = String(decoding: bytes, as: UTF8.self)
        if target == .item {
          draft?.set(.summary, text, priority: priority)
        } else {
          feedDraft.set(.summary, PlainText.title(bytes, kind: .guess), priority: priority)
        }
      case .content(let priority):
        draft?.set(.content, String(decoding: bytes, as: UTF8.self), priority: priority)
      case .textContent:
        draft?.set(.content, XHTMLWriter.htmlFromPlainText(bytes), priority: 1)
      case .category:
        let text = PlainText.title(bytes, kind: .guess)
        if !text.isEmpty { draft?.categories.append(text) }
      case .duration:
        draft?.duration = Enclosure.seconds(trimmedString(bytes))
      }
    }
  }

  private func setLink(_ raw: String, target: Target, priority: Int) {
    let link = resolved(raw)
    guard !link.isEmpty else { return }
    if target == .item { draft?.set(.link, link, priority: priority) } else {
      feedDraft.set(.link, link, priority: priority)
    }
  }

  private func addEnclosure(_ url: String?, type: String?, length: String?, duration: String? = nil) {
    guard let url, !url.isEmpty, draft != nil else { return }
    let absolute = resolved(url)
    if draft?.enclosures.contains(where: { $0.url == absolute }) == true { return }
    draft?.enclosures.append(
      Enclosure(
        url: absolute, type: type, length: length.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
        duration: duration.flatMap(Enclosure.seconds)))
  }

  private func closeItem() {
    guard let d = draft.take() else { return }  // moved out, not copied (an Item is 12 fields)
    itemDepth = -1
    groupDepth = -1
    authorDepth = -1
    sourceDepth = -1
    var item = d.item
    // itunes:duration is the item's: it times the enclosure that has no time of its own.
    if let duration = d.duration, let i = item.enclosures.firstIndex(where: { $0.duration == nil }) {
      item.enclosures[i].duration = duration
    }
    if !d.authors.isEmpty {
      item.author = d.authors.joined(separator: ", ")
    } else if item.author == nil, !d.sourceAuthors.isEmpty {
      item.author = d.sourceAuthors.joined(separator: ", ")
    }
    if let onItem {
      emitted += 1
      onItem(item)
      return
    }
    if item.author == nil { itemsWithoutAuthor.append(feed.items.count) }
    feed.items.append(item)
  }

  /// `link` made absolute. `currentBase` is only worked out for a link without a scheme: it can build a
  /// `URL` from the site link, which cost ~4k instructions per item link while nearly every link in real
  /// feeds is already absolute (`LinkResolver.resolve` returns those trimmed, whatever the base).
  private func resolved(_ link: String) -> String {
    LinkResolver.resolve(link, against: LinkResolver.hasScheme(link) ? nil : currentBase)
  }

  /// The base in effect: the nearest `xml:base`, else the document's http(s) URL, else the feed's own
  /// site link, else the document's file URL (a relative link can then still be opened locally).
  private var currentBase: URL? {
    if let last = bases.last { return last.url }
    if let documentURL, documentURL.scheme?.hasPrefix("http") == true { return documentURL }
    if let site = feedDraft.link, LinkResolver.hasScheme(site) { return URL(string: site) }
    return documentURL
  }

  /// "jane@example.com (Jane Doe)" → "Jane Doe", the RSS 2.0 author form; anything else as written.
  private func authorName(_ text: String) -> String {
    guard text.hasSuffix(")"), let open = text.firstIndex(of: "("), text.contains("@") else { return text }
    let before = text[..<open].trimmingCharacters(in: .whitespaces)
    guard before.contains("@"), !before.contains(" ") else { return text }
    let name = text[text.index(after: open)..<text.index(before: text.endIndex)]
    return name.isEmpty ? text : String(name)
  }
}

// MARK: - Supporting types

extension FeedBuilder {
  enum Target: Sendable { case feed, item }
  enum AuthorScope: Sendable { case feed, item, source }

  /// The model field a captured element's text goes to.
  enum Field: Sendable {
    /// Fields that never contain markup of their own, so a nested item field means a missing end tag.
    var isShortText: Bool {
      switch self {
      case .title, .link, .guid, .id, .author, .published, .updated, .category, .duration: return true
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
  }

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

extension FeedName {
  /// Elements that begin an item field or an item: seen inside a title, they reveal a missing end tag.
  var startsItemField: Bool {
    guard ns.isRSS else { return false }
    switch local {
    case .item, .link, .guid, .pubDate, .description, .category, .enclosure, .author: return true
    default: return false
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

private func trimmedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
  var start = 0
  var end = bytes.count
  while start < end, isSpace(bytes[start]) { start += 1 }
  while end > start, isSpace(bytes[end - 1]) { end -= 1 }
  return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
}

private func trimmed(_ s: String) -> String { s.trimmingCharacters(in: .whitespacesAndNewlines) }

/// Whether `needle`'s UTF-8 bytes occur in `haystack`'s (a literal search, as `NSString.range(of:)` without
/// options is for these ASCII needles).
private func containsBytes(_ haystack: String, _ needle: StaticString) -> Bool {
  let n = needle.utf8CodeUnitCount
  let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: n)
  var haystack = haystack
  return haystack.withUTF8 { bytes in
    guard bytes.count >= n else { return false }
    for start in 0...(bytes.count - n) where bytes[start] == pattern[0] {
      if (1..<n).allSatisfy({ bytes[start + $0] == pattern[$0] }) { return true }
    }
    return false
  }
}
