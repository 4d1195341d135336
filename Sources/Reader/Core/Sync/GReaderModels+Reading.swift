import Foundation

/// The two large answers of a sync, `stream/contents` pages and `stream/items/ids` lists, read with
/// `JSONReader` (the fields sync uses, the rest checked and skipped). They give the same values and the
/// same failures as decoding the `Decodable` types with `JSONDecoder`, which the small answers still use.
extension GReader {
  /// Reads `data` with `body`, or says in one line, as `decode` does, that the answer to `what` is not
  /// what the API sends.
  static func read<T>(from data: Data, what: String, _ body: (inout JSONReader) throws(JSONReader.Failure) -> T)
    throws(SyncError) -> T
  {
    let result = data.withUnsafeBytes { bytes -> Result<T, JSONReader.Failure> in
      do throws(JSONReader.Failure) { return .success(try JSONReader.read(bytes, body)) } catch { return .failure(error) }
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let failure):
      let reason: String
      switch failure {
      case .syntax: reason = "not JSON"
      case .missing(let key): reason = "no \"\(key)\""
      case .unexpected(let path): reason = "unexpected \(path.joined(separator: "."))"
      }
      throw SyncError("Sync: the server's answer to \(what) is malformed (\(reason)); retry later or check the server.")
    }
  }
}

extension GReader.StreamContents {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    var updated: Double?
    var items: [GReader.StreamItem]?
    var continuation: String?
    try reader.object { (reader: inout JSONReader, key: String) throws(JSONReader.Failure) in
      switch key {
      case "updated": updated = try reader.optionalFlexibleNumber()
      case "items":
        var list: [GReader.StreamItem] = []
        try reader.array { (reader: inout JSONReader) throws(JSONReader.Failure) in list.append(try GReader.StreamItem(reading: &reader)) }
        items = list
      case "continuation": continuation = try reader.optionalString()
      default: try reader.skip()
      }
    }
    guard let items else { throw .missing("items") }
    self.init(updated: updated.map(FlexibleNumber.init(value:)), items: items, continuation: continuation)
  }
}

extension GReader.StreamItem {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    var id: String?
    var title: String?
    var published: Double?
    var updated: Double?
    var canonical: [GReader.Link]?
    var alternate: [GReader.Link]?
    var categories: [String]?
    var streamID: String??
    var summary: String??
    var content: String??
    var author: String?
    var enclosure: [GReader.Enclosure]?
    try reader.object { (reader: inout JSONReader, key: String) throws(JSONReader.Failure) in
      switch key {
      case "id": id = try reader.string()
      case "title": title = try reader.optionalString()
      case "published": published = try reader.optionalFlexibleNumber()
      case "updated": updated = try reader.optionalFlexibleNumber()
      case "canonical": canonical = try reader.optionalArray(GReader.Link.init(reading:))
      case "alternate": alternate = try reader.optionalArray(GReader.Link.init(reading:))
      case "categories": categories = try reader.optionalArray { (reader: inout JSONReader) throws(JSONReader.Failure) in try reader.string() }
      case "origin": streamID = try reader.optionalField("streamId")
      case "summary": summary = try reader.optionalField("content")
      case "content": content = try reader.optionalField("content")
      case "author": author = try reader.optionalString()
      case "enclosure": enclosure = try reader.optionalArray(GReader.Enclosure.init(reading:))
      default: try reader.skip()
      }
    }
    guard let id else { throw .missing("id") }
    self.init(
      id: id, title: title, published: published.map(FlexibleNumber.init(value:)),
      updated: updated.map(FlexibleNumber.init(value:)), canonical: canonical, alternate: alternate,
      categories: categories, origin: streamID.map { GReader.Origin(streamId: $0) }, summary: summary.map { GReader.Text(content: $0) },
      content: content.map { GReader.Text(content: $0) }, author: author, enclosure: enclosure)
  }
}

extension GReader.Link {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    guard let href = try reader.optionalField("href") else { throw .unexpected([]) }
    self.init(href: href)
  }
}

extension GReader.Enclosure {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    var href: String?
    var type: String?
    var length: Double?
    try reader.object { (reader: inout JSONReader, key: String) throws(JSONReader.Failure) in
      switch key {
      case "href": href = try reader.optionalString()
      case "type": type = try reader.optionalString()
      case "length": length = try reader.optionalFlexibleNumber()
      default: try reader.skip()
      }
    }
    self.init(href: href, type: type, length: length.map(FlexibleNumber.init(value:)))
  }
}

extension GReader.ItemIDs {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    var refs: [Ref]?
    var continuation: String?
    try reader.object { (reader: inout JSONReader, key: String) throws(JSONReader.Failure) in
      switch key {
      case "itemRefs":
        refs = try reader.optionalArray(Ref.init(reading:))
      case "continuation": continuation = try reader.optionalString()
      default: try reader.skip()
      }
    }
    self.init(itemRefs: refs, continuation: continuation)
  }
}

extension GReader.ItemIDs.Ref {
  init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    var id: String?
    try reader.object { (reader: inout JSONReader, key: String) throws(JSONReader.Failure) in
      if key == "id" { id = try reader.string() } else { try reader.skip() }
    }
    guard let id else { throw .missing("id") }
    self.init(id: id)
  }
}

extension JSONReader {
  /// An object holding one string field the caller wants (`{"streamId": …}`, `{"content": …}`): nil for
  /// null instead of an object, else the field's string or nil when it is absent or null.
  mutating func optionalField(_ name: String) throws(Failure) -> String?? {
    if try skipNull() { return nil }
    var value: String?
    try object { (reader: inout JSONReader, key: String) throws(Failure) in
      if key == name { value = try reader.optionalString() } else { try reader.skip() }
    }
    return .some(value)
  }
}

extension FlexibleNumber {
  init(value: Double) { self.value = value }
}
