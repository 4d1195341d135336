import Foundation
import Testing

@testable import Reader
@testable import ReaderUI

/// What a list shows, said in one place (`ListSource`): the scope the cache is asked for, the feeds `r`
/// reloads, the empty text and the counts' text, as tables.
struct ListSourceTests {
  private static let query = QueryFeed(title: "Long reads", expression: try! FilterExpression(parsing: "title = \"x\""), line: 3)

  private static func feed(_ id: Int64, tags: [String] = [], error: String? = nil, offered: [String] = []) -> CachedFeed {
    var feed = CachedFeed(
      id: id, url: "https://\(id).example/feed", title: "Feed \(id)", siteLink: nil, validators: Validators(),
      lastFetch: nil, lastError: error, position: Int(id), unreadCount: 0, totalCount: 0)
    feed.tags = tags
    feed.offeredFeeds = offered
    return feed
  }

  /// Unread lists unread articles whatever `U` says; the others follow it; Recent reads no scope.
  @Test func theScopeEachListReads() {
    let table: [(ListSource, hidesRead: Bool, ItemScope?)] = [
      (.feed(7), false, ItemScope(feedID: 7)),
      (.feed(7), true, ItemScope(feedID: 7, unreadOnly: true)),
      (.unread, false, ItemScope(.all, unreadOnly: true)),
      (.starred, false, ItemScope(.starred)),
      (.starred, true, ItemScope(.starred, unreadOnly: true)),
      (.all, false, ItemScope(.all)),
      (.tag("news"), true, ItemScope(.tag("news"), unreadOnly: true)),
      (.query(Self.query), false, ItemScope(.query(Self.query.expression))),
      (.recent, true, nil),
    ]
    for (source, hidesRead, scope) in table {
      #expect(source.scope(hidesRead: hidesRead) == scope, "\(source), hidesRead \(hidesRead)")
    }
  }

  /// `r` reloads a feed's list's feed and a tag's feeds, and nothing for lists across feeds.
  @Test func theFeedsEachListReloads() {
    let feeds = [Self.feed(1, tags: ["news"]), Self.feed(2), Self.feed(3, tags: ["news", "tech"])]
    let table: [(ListSource, [Int64])] = [
      (.feed(2), [2]), (.feed(9), []), (.tag("news"), [1, 3]), (.unread, []), (.starred, []), (.all, []),
      (.query(Self.query), []), (.recent, []),
    ]
    for (source, ids) in table { #expect(source.feeds(in: feeds).map(\.id) == ids, "\(source)") }
  }

  /// A search or a filter finding nothing says so first; then each list says why it is empty, naming the
  /// key that helps as the key map binds it.
  @Test func theEmptyTextOfEachList() throws {
    let keys = KeyMap.standard
    func text(_ source: ListSource, search: String? = nil, filtered: Bool = false, unreadOnly: Bool = false, feed: CachedFeed? = nil) throws -> String {
      source.emptyText(
        search: try search.map { try SearchQuery(parsing: $0) }, filtered: filtered, unreadOnly: unreadOnly, feed: feed,
        keyMap: keys)
    }
    let reload = try #require(keys.keys(for: .reload).first)
    let errors = try #require(keys.keys(for: .showErrors).first)
    #expect(try text(.starred, search: "swift") == "No article matches swift")
    #expect(try text(.unread, filtered: true).hasPrefix("No article matches the filter ("))
    #expect(try text(.unread) == "No unread articles")
    #expect(try text(.all) == "No articles here yet")
    #expect(try text(.tag("news")) == "No articles here yet")
    #expect(try text(.query(Self.query)) == "No article matches this query feed")
    #expect(try text(.recent) == "No article opened yet")
    #expect(try text(.starred) == "No starred articles (s stars one)")
    #expect(try text(.starred, unreadOnly: true) == "No unread starred articles")
    #expect(try text(.feed(1), feed: Self.feed(1, offered: ["a", "b"])) == "A web page: Enter lists its 2 feeds")
    #expect(try text(.feed(1), unreadOnly: true, feed: Self.feed(1)) == "No unread articles (U shows read ones)")
    #expect(try text(.feed(1), feed: Self.feed(1, error: "404")) == "This feed failed to load — \(errors) shows why")
    #expect(try text(.feed(1), feed: Self.feed(1)) == "No articles in this feed yet — \(reload) reloads it")
  }

  /// `unread/total` where the row has a total, the unread count alone in a narrow column or without one;
  /// Starred's count never reads as unread.
  @Test func theCountsText() {
    #expect(ListCounts(shown: 3, total: 10).text(unreadOnly: false) == "3/10")
    #expect(ListCounts(shown: 3, total: 10).text(unreadOnly: true) == "3")
    #expect(ListCounts(shown: 0).text(unreadOnly: false) == "0")
    #expect(ListCounts(shown: 4).hasUnread && !ListCounts(shown: 0).hasUnread)
    #expect(!ListCounts(shown: 4, hasUnread: false).hasUnread)
  }

  /// The count column's width is measured without the text: it must be the text's (ASCII, a column a
  /// character), for every number of digits, with a total or without, negative counts and the extremes.
  @Test func theCountsWidthIsTheTextsWidth() {
    let numbers = [0, 1, 9, 10, 99, 100, 999, 1_000, 123_456, 1_000_000, -1, -9, -10, -12_345, Int.max, Int.min]
    for shown in numbers {
      for total in [nil] + numbers {
        for unreadOnly in [false, true] {
          let counts = ListCounts(shown: shown, total: total)
          #expect(counts.width(unreadOnly: unreadOnly) == counts.text(unreadOnly: unreadOnly).count, "\(shown) \(total ?? -1)")
        }
      }
    }
  }

  /// Every smart list has a title, is queryable and reads a scope; Recent alone is none of the last two.
  @Test func theSmartListsAndRecent() {
    #expect(ListSource.smartLists == [.unread, .starred])
    for source in ListSource.smartLists {
      #expect(source.isQueryable && source.scope(hidesRead: false) != nil)
    }
    #expect(!ListSource.recent.isQueryable && ListSource.recent.scope(hidesRead: false) == nil)
    #expect(ListSource.searchTitle("swift", searched: "Starred") == "Search: swift (Starred)")
    #expect(ListSource.searchTitle("swift", searched: nil) == "Search: swift")
  }
}
