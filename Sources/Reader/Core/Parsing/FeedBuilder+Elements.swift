internal import CLibXML2
import Foundation

// Which elements of RSS 0.9x/1.0/2.0 and Atom (and their shared modules: Dublin Core, content, media,
// iTunes) feed which field.
extension FeedBuilder {
  func feedChild(_ name: FeedName, attributes: SAXAttributes) {
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
    case .ttl where ns.isRSS:
      begin(.period(.ttl), depth: depth)
    case .updatePeriod where ns == .sy:
      begin(.period(.updatePeriod), depth: depth)
    case .updateFrequency where ns == .sy:
      begin(.period(.updateFrequency), depth: depth)
    default:
      break
    }
  }

  func itemChild(_ name: FeedName, attributes: SAXAttributes) {
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

  func begin(_ target: Field, depth: Int, priority: Int = 1, mode: Capture.Mode = .text) {
    capture = Capture(field: target, depth: depth, mode: mode, priority: priority)
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
