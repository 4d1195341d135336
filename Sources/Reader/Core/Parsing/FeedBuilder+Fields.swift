import Foundation

extension FeedBuilder {
  // MARK: - Finishing fields

  func finishCapture(_ cap: Capture) {
    if !keepsBodies, cap.field.isItemBody { return }
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
      case .period(let part):
        let text = trimmedString(bytes)
        switch part {
        case .ttl: periodTexts.ttl = text
        case .updatePeriod: periodTexts.updatePeriod = text
        case .updateFrequency: periodTexts.updateFrequency = text
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
      case .summary(.item, let priority) where bodiesAsBytes:
        draft?.setBytes(.summary, bytes, priority: priority)
      case .content(let priority) where bodiesAsBytes:
        draft?.setBytes(.content, bytes, priority: priority)
      case .textContent where bodiesAsBytes:
        var html = XHTMLWriter.htmlFromPlainText(bytes)
        html.withUTF8 { draft?.setBytes(.content, $0, priority: 1) }
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

  func setLink(_ raw: String, target: Target, priority: Int) {
    let link = resolved(raw)
    guard !link.isEmpty else { return }
    if target == .item { draft?.set(.link, link, priority: priority) } else {
      feedDraft.set(.link, link, priority: priority)
    }
  }

  /// Enclosure sizes in bytes as written by the feed: never negative, at most what a Double counts exactly.
  static let enclosureLengths = 0...(1 << 53)

  func addEnclosure(_ url: String?, type: String?, length: String?, duration: String? = nil) {
    guard let url, !url.isEmpty, draft != nil else { return }
    let absolute = resolved(url)
    if draft?.enclosures.contains(where: { $0.url == absolute }) == true { return }
    draft?.enclosures.append(
      Enclosure(
        url: absolute, type: type, length: length.flatMap { ClampedInteger.parse($0, in: Self.enclosureLengths) },
        duration: duration.flatMap(Enclosure.seconds)))
  }

  func closeItem() {
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
      onItem(item, bodiesAsBytes ? FeedParser.ItemBodies(summary: d.summaryBytes, content: d.contentBytes) : nil)
      return
    }
    if item.author == nil { itemsWithoutAuthor.append(feed.items.count) }
    feed.items.append(item)
  }

  /// `link` made absolute. `currentBase` is only worked out for a link without a scheme: it can build a
  /// `URL` from the site link, which cost ~4k instructions per item link while nearly every link in real
  /// feeds is already absolute (`LinkResolver.resolve` returns those trimmed, whatever the base).
  func resolved(_ link: String) -> String {
    LinkResolver.resolve(link, against: LinkResolver.hasScheme(link) ? nil : currentBase)
  }

  /// The base in effect: the nearest `xml:base`, else the document's http(s) URL, else the feed's own
  /// site link, else the document's file URL (a relative link can then still be opened locally).
  var currentBase: URL? {
    if let last = bases.last { return last.url }
    if let documentURL, documentURL.scheme?.hasPrefix("http") == true { return documentURL }
    if let site = feedDraft.link, LinkResolver.hasScheme(site) { return URL(string: site) }
    return documentURL
  }

  /// "jane@example.com (Jane Doe)" → "Jane Doe", the RSS 2.0 author form; anything else as written.
  func authorName(_ text: String) -> String {
    guard text.hasSuffix(")"), let open = text.firstIndex(of: "("), text.contains("@") else { return text }
    let before = text[..<open].trimmingCharacters(in: .whitespaces)
    guard before.contains("@"), !before.contains(" ") else { return text }
    let name = text[text.index(after: open)..<text.index(before: text.endIndex)]
    return name.isEmpty ? text : String(name)
  }
}

private func trimmedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
  var start = 0
  var end = bytes.count
  while start < end, isSpace(bytes[start]) { start += 1 }
  while end > start, isSpace(bytes[end - 1]) { end -= 1 }
  return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
}
