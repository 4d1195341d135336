internal import CLibXML2

/// The namespaces feeds use, recognized by URI (never by prefix, which documents choose freely).
enum FeedNamespace: UInt8, Sendable {
  case none, rss10, rss090, atom10, atom03, dc, dcterms, content, rdf, media, itunes, xml, xhtml, other
  /// RSS 1.0's syndication module (`sy:updatePeriod`, `sy:updateFrequency`: DESIGN §8).
  case sy

  init(uri: UnsafePointer<xmlChar>?) {
    guard let uri else {
      self = .none
      return
    }
    for (candidate, ns) in Self.known where xmlStrEqual(uri, candidate) != 0 {
      self = ns
      return
    }
    self = .other
  }

  var isAtom: Bool { self == .atom10 || self == .atom03 }
  /// The plain RSS vocabularies (no namespace in RSS 0.9x/2.0, a namespace in RSS 1.0 and 0.90).
  var isRSS: Bool { self == .none || self == .rss10 || self == .rss090 }

  private static let known: [([UInt8], FeedNamespace)] = [
    ("http://www.w3.org/2005/Atom", .atom10),
    ("http://purl.org/rss/1.0/", .rss10),
    ("http://purl.org/dc/elements/1.1/", .dc),
    ("http://purl.org/rss/1.0/modules/content/", .content),
    ("http://www.w3.org/1999/02/22-rdf-syntax-ns#", .rdf),
    ("http://search.yahoo.com/mrss/", .media),
    ("http://search.yahoo.com/mrss", .media),
    ("http://www.itunes.com/dtds/podcast-1.0.dtd", .itunes),
    ("http://purl.org/dc/terms/", .dcterms),
    ("http://purl.org/atom/ns#", .atom03),
    ("http://my.netscape.com/rdf/simple/0.9/", .rss090),
    ("http://www.w3.org/XML/1998/namespace", .xml),
    ("http://www.w3.org/1999/xhtml", .xhtml),
    ("http://purl.org/rss/1.0/modules/syndication/", .sy),
    // RSS 2.0 put in a namespace of its own by some producers: read as plain RSS.
    ("http://backend.userland.com/rss2", .none),
    ("http://backend.userland.com/rss", .none),
  ].map { uri, ns in (Array(uri.utf8) + [0], ns) }
}

/// Local names the parser acts on; everything else is `.other`.
enum FeedLocalName: UInt8, Sendable {
  case other
  case rss, rdf, feed, channel, item, entry
  case title, link, description, guid, id, author, name, creator, pubDate, published, updated, issued
  case modified, created, date, summary, content, encoded, enclosure, category, subject, subtitle
  case tagline, lastBuildDate, managingEditor, source, group, body, div, base, about, duration
  case ttl, updatePeriod, updateFrequency

  init(_ name: UnsafePointer<xmlChar>) {
    for (candidate, value) in Self.table where xmlStrEqual(name, candidate) != 0 {
      self = value
      return
    }
    self = .other
  }

  private static let table: [([UInt8], FeedLocalName)] = [
    ("title", .title), ("link", .link), ("description", .description), ("item", .item),
    ("entry", .entry), ("guid", .guid), ("id", .id), ("author", .author), ("name", .name),
    ("creator", .creator), ("pubDate", .pubDate), ("published", .published), ("updated", .updated),
    ("category", .category), ("summary", .summary), ("content", .content), ("encoded", .encoded),
    ("enclosure", .enclosure), ("date", .date), ("issued", .issued), ("modified", .modified),
    ("created", .created), ("subject", .subject), ("subtitle", .subtitle), ("tagline", .tagline),
    ("lastBuildDate", .lastBuildDate), ("managingEditor", .managingEditor), ("source", .source),
    ("group", .group), ("body", .body), ("div", .div), ("channel", .channel), ("rss", .rss),
    ("RDF", .rdf), ("feed", .feed), ("base", .base), ("about", .about), ("duration", .duration),
    ("ttl", .ttl), ("updatePeriod", .updatePeriod), ("updateFrequency", .updateFrequency),
  ].map { name, value in (Array(name.utf8) + [0], value) }
}

/// An element or attribute name as the builder sees it.
struct FeedName: Equatable, Sendable {
  var ns: FeedNamespace
  var local: FeedLocalName
}

/// Classifies (namespace URI, local name) pairs, remembering the answers by pointer: libxml2 interns
/// names and URIs in the parser's dictionary, so the same name arrives at the same address and a short
/// linear scan replaces string comparisons for nearly every element.
struct FeedNameCache {
  private var locals: [UnsafePointer<xmlChar>] = []
  private var uris: [UnsafePointer<xmlChar>?] = []
  private var names: [FeedName] = []
  private let capacity = 96

  mutating func name(local: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?) -> FeedName {
    for i in locals.indices where locals[i] == local && uris[i] == uri { return names[i] }
    let name = FeedName(ns: FeedNamespace(uri: uri), local: FeedLocalName(local))
    if locals.count < capacity {
      locals.append(local)
      uris.append(uri)
      names.append(name)
    }
    return name
  }
}
