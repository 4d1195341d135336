import Foundation
import Testing

@testable import Reader
import TestSupport

/// The sync against a real FreshRSS (`../shared/freshrss/start`, beside the repository), in process:
/// feeds served from 127.0.0.1 and subscribed through the API, marks both ways, item by item.
@Suite("Sync with a real FreshRSS", .serialized, .enabled(if: FreshRSSInstance.script != nil, "no ../shared/freshrss beside the repository"))
struct SyncFreshRSSTests {
  @Test func subscribeSyncMarkAndAgreeItemByItemWithAnotherDevice() async throws {
    let dir = try TemporaryDirectory("splitfeed-freshrss")
    let instance = try FreshRSSInstance(dir: dir.path("server"))
    defer { instance.stop() }
    let feeds = try TestHTTPServer { request in
      let name = request.path.split(separator: "/").last.map(String.init) ?? "x"
      return .init(headers: [("Content-Type", "application/rss+xml")], FreshRSSInstance.rss(name, count: 3))
    }
    defer { feeds.stop() }
    let cache = try Cache(path: dir.path("cache.db"))
    let account = SyncAccount(apiURL: instance.url, user: instance.user, password: instance.password)
    let sync = Synchronizer(cache: cache, account: account)
    // Another device: the same API through a client of its own.
    let device = GReaderClient(
      account: account, configuration: .init(), cache: try Cache(path: dir.path("device.db")), retry: SyncRetry())

    try await sync.checkLogin()
    let first = try await sync.subscribe(url: feeds.baseURL + "/alpha.xml", title: nil, tags: ["Tech"])
    #expect(first.remoteID?.hasPrefix("feed/") == true)
    #expect(try cache.items(feedID: first.id).count == 3)
    for name in ["beta", "gamma"] {
      _ = try await device.post("subscription/quickadd", [("quickadd", feeds.baseURL + "/\(name).xml")])
    }

    let report = try await sync.sync { _ in }
    #expect(report.feeds == 3)
    #expect(report.newArticles == 6)
    let synced = try cache.syncedFeeds()
    #expect(synced.count == 3)
    #expect(synced.first { $0.feedID == first.id }?.labels == ["Tech"])
    var items = try cache.feeds().flatMap { try cache.items(feedID: $0.id) }
    #expect(items.count == 9)

    // Here: read two, star one; the queue goes at once.
    try cache.setRead(true, itemIDs: [items[0].id, items[1].id])
    try cache.setStarred(true, itemIDs: [items[2].id])
    #expect(try await sync.sendQueue() == 3)

    // The other device marks one of them unread and stars another.
    let key = { (id: Int64) throws -> String in
      let article = try #require(try cache.article(id: id))
      return try #require(article.item.id)
    }
    _ = try await device.post("edit-tag", [("r", GReader.readTag), ("i", try key(items[0].id))])
    _ = try await device.post("edit-tag", [("a", GReader.starredTag), ("i", try key(items[3].id))])

    let second = try await sync.sync { _ in }
    #expect(second.newArticles == 0)
    #expect(second.stateChanges == 2)
    items = try cache.feeds().flatMap { try cache.items(feedID: $0.id) }
    let unread = try await ids(device, [("s", GReader.readingList), ("xt", GReader.readTag)])
    let starred = try await ids(device, [("s", GReader.starredTag)])
    for item in items {
      let remote = RemoteItemID.normalized(try key(item.id))
      #expect(item.isRead == !unread.contains(remote), "read state of \(item.title)")
      #expect(item.isStarred == starred.contains(remote), "star of \(item.title)")
    }
    #expect(items.filter(\.isRead).count == 1 && items.filter(\.isStarred).count == 2)

    // Marking a feed read (its articles, as the reader's `A` does) reaches the server; so does unsubscribing.
    let firstUnread = items.filter { $0.feedID == first.id && !$0.isRead }.map(\.id)
    try cache.setRead(true, itemIDs: firstUnread)
    #expect(try await sync.sendQueue() == firstUnread.count)
    let stillUnread = try await ids(device, [("s", GReader.readingList), ("xt", GReader.readTag)])
    let alpha = try Set(items.filter { $0.feedID == first.id }.map { RemoteItemID.normalized(try key($0.id)) })
    #expect(stillUnread.isDisjoint(with: alpha))
    #expect(stillUnread.count == items.filter { !$0.isRead && $0.feedID != first.id }.count)
    try await sync.unsubscribe(feedID: first.id)
    let list = try await device.get("subscription/list", [("output", "json")])
    #expect(try GReader.decode(GReader.SubscriptionList.self, from: list, what: "list").subscriptions.count == 2)
  }

  /// FreshRSS subscribes (from another device) to the address of a feed kept local here, then drops it:
  /// the local feed is never taken over, and keeps its articles and its star.
  @Test func aLocalFeedSurvivesTheServerListingAndDroppingItsAddress() async throws {
    let dir = try TemporaryDirectory("splitfeed-freshrss-local")
    let instance = try FreshRSSInstance(dir: dir.path("server"))
    defer { instance.stop() }
    let feeds = try TestHTTPServer { request in
      let name = request.path.split(separator: "/").last.map(String.init) ?? "x"
      return .init(headers: [("Content-Type", "application/rss+xml")], FreshRSSInstance.rss(name, count: 2))
    }
    defer { feeds.stop() }
    let address = feeds.baseURL + "/local.xml"
    let cache = try Cache(path: dir.path("cache.db"))
    let local = try #require(try cache.addFeeds(urls: [address]).first)
    try cache.storeNow(
      Feed(title: "Mine", items: [CacheTests.item(1, id: "m1"), CacheTests.item(2, id: "m2")]), feedID: local.id,
      validators: Validators())
    let star = try #require(try cache.items(feedID: local.id).first)
    try cache.setStarred(true, itemIDs: [star.id])
    let account = SyncAccount(apiURL: instance.url, user: instance.user, password: instance.password)
    var sync = Synchronizer(cache: cache, account: account)
    sync.localFeedURLs = [address]
    let device = GReaderClient(
      account: account, configuration: .init(), cache: try Cache(path: dir.path("device.db")), retry: SyncRetry())

    _ = try await device.post("subscription/quickadd", [("quickadd", address)])
    _ = try await sync.sync { _ in }
    #expect(try cache.feed(id: local.id)?.remoteID == nil)
    let list = try GReader.decode(
      GReader.SubscriptionList.self, from: try await device.get("subscription/list", [("output", "json")]), what: "list")
    let remote = try #require(list.subscriptions.first { $0.url == address })
    _ = try await device.post("subscription/edit", [("ac", "unsubscribe"), ("s", remote.id)])
    _ = try await sync.sync { _ in }
    let kept = try cache.items(feedID: local.id)
    #expect(kept.count == 2)
    #expect(kept.contains { $0.id == star.id && $0.isStarred })
  }

  private func ids(_ client: GReaderClient, _ query: [(String, String)]) async throws -> Set<String> {
    let data = try await client.get("stream/items/ids", query + [("n", "1000")])
    let refs = try GReader.decode(GReader.ItemIDs.self, from: data, what: "ids").itemRefs ?? []
    return Set(refs.map { RemoteItemID.normalized($0.id) })
  }
}

extension FreshRSSInstance {
  /// An RSS feed of `count` articles named after `name`, for the server to subscribe to.
  static func rss(_ name: String, count: Int) -> String {
    let items = (1...count).map { i in
      FeedXML.Item(
        title: "\(name) \(i)", link: "http://example.org/\(name)/\(i)", guid: "\(name)-\(i)",
        pubDate: "Mon, 0\(i) Jan 2024 10:00:00 GMT", description: "&lt;p&gt;\(name) body \(i)&lt;/p&gt;")
    }
    return FeedXML.rss(title: name, link: "http://example.org/\(name)", description: "d", items: items)
  }
}
