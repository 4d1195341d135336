import Foundation
import Testing

@testable import Reader
import TestSupport

/// The pages of a sync that are asked for ahead: the next `stream/contents` page while one is stored,
/// the read state while the last one is stored. Pages are stored in the server's order, and a failure
/// on one asked for ahead ends the sync as any other failure does, keeping what was stored before it.
extension SyncProtocolTests {
  @Test func pagesAreStoredInTheServersOrderEachAskedForWithTheContinuationBeforeIt() async throws {
    server.addArticles(25, feed: "feed/1")
    let seen = Seen()
    _ = try await synchronizer().sync { seen.add($0) }
    let continuations = server.forms("stream/contents").map { form in form.first { $0.0 == "c" }?.1 }
    // Newest first: the continuation is the last id of the page before (article 16, then article 6).
    #expect(continuations == [nil, String(server.article(15).id), String(server.article(5).id)])
    #expect(seen.all.filter { $0.phase == "articles" }.map(\.done) == [10, 20, 25])
    #expect(try synced().count == 25)
  }

  /// The next page is asked for on the continuation an answer ends with, before the page is read; a
  /// page read with another one (a hostile page: the first of duplicate keys wins) drops that guess and
  /// follows its own, storing every article once. With one page ahead, the guess waits for the page's
  /// permit when it is dropped: the drop must not wait for it (that would never end).
  @Test(.timeLimit(.minutes(1)), arguments: [1, 3])
  func aPageEndingInAnotherContinuationThanItsOwnIsFollowedByItsOwn(ahead: Int) async throws {
    server.addArticles(15, feed: "feed/1")
    let own = String(server.article(5).id)  // articles 0–4 come after it
    let forged = #"{"id":"tag:google.com,2005:reader/item/00000000000000ff","origin":{"streamId":"feed/1"},"title":"Forged"}"#
    server.queue([.json(#"{"continuation":"\#(own)","items":[\#(forged)],"updated":1700000000,"continuation":"999"}"#)], on: "stream/contents")
    var sync = synchronizer()
    sync.pagesAhead = ahead
    let report = try await run(sync).get()
    #expect(report.newArticles == 6)
    #expect(try synced().map(\.title).sorted() == ["Article 1", "Article 2", "Article 3", "Article 4", "Article 5", "Forged"])
    let continuations = server.forms("stream/contents").compactMap { form in form.first { $0.0 == "c" }?.1 }
    #expect(continuations.contains(own) && continuations.allSatisfy { $0 == own || $0 == "999" }, "\(continuations)")
  }

  /// However few pages may wait ahead of the store, the chain goes on as each is stored.
  @Test(arguments: [1, 3]) func pagesWaitingAheadOfTheStoreAreBounded(ahead: Int) async throws {
    server.addArticles(45, feed: "feed/2")
    var sync = synchronizer()
    sync.pagesAhead = ahead
    #expect(try await sync.sync { _ in }.newArticles == 45)
    #expect(server.forms("stream/contents").count == 5)
  }

  @Test func aFailureOnAPageAskedForAheadEndsTheSyncKeepsThePageBeforeAndTheNextSyncRecovers() async throws {
    server.addArticles(25, feed: "feed/1")
    server.queue([.pass, .status(404)], on: "stream/contents")
    let error = try #require(await run(synchronizer()).failure)
    #expect(error.description == "Sync: the server has no stream/contents/user/-/state/com.google/reading-list (404); is sync-url a Google Reader API?")
    #expect(try cache.syncValue(.serverTime) == nil)
    #expect(try synced().count == 10)
    #expect(!server.paths.contains("/reader/api/0/stream/items/ids"))

    let report = try await run(synchronizer()).get()
    #expect(report.newArticles == 15)
    #expect(try synced().count == 25)
    // Articles of the failed sync are cached: this first sync asks for the id lists to set their flags.
    #expect(server.paths.contains { $0.contains("stream/items/ids") })
  }

  /// A first sync into a cache without synced articles takes each article's flags from its page and
  /// asks for no id list; the next one asks for both lists, side by side, to learn what changed.
  @Test func aFirstSyncTakesTheFlagsFromItsPagesAndTheNextFromTheIdLists() async throws {
    server.addArticles(12, feed: "feed/2")
    server.setArticle(3, read: true, starred: true)
    _ = try await run(synchronizer()).get()
    #expect(!server.paths.contains { $0.contains("stream/items/ids") })
    let items = try synced()
    #expect(items.filter(\.isRead).count == 1 && items.filter(\.isStarred).count == 1)

    server.setArticle(4, read: true)
    #expect(try await run(synchronizer()).get().stateChanges == 1)
    let lists = server.forms("stream/items/ids").map { form in form.first { $0.0 == "s" }?.1 ?? "" }
    #expect(lists.sorted() == [GReader.readingList, GReader.starredTag].sorted())
  }

  @Test func aFailureOnTheReadStateAskedForBesideTheLastPageEndsTheSyncAndTheNextSetsTheFlags() async throws {
    _ = try await run(synchronizer()).get()  // a first sync asks for no id list
    let lastTime = try cache.syncValue(.serverTime)
    server.now += 60
    server.addArticles(12, feed: "feed/2")
    server.setArticle(3, read: true, starred: true)
    server.queue([.status(404)], on: "stream/items/ids")
    let error = try #require(await run(synchronizer()).failure)
    #expect(error.description == "Sync: the server has no stream/items/ids (404); is sync-url a Google Reader API?")
    #expect(try cache.syncValue(.serverTime) == lastTime)
    #expect(try synced().count == 12)

    server.setArticle(4, read: true)
    _ = try await run(synchronizer()).get()
    let items = try synced()
    #expect(items.filter(\.isRead).count == 2 && items.filter(\.isStarred).count == 1)
    // Both lists are asked for, side by side: unread (reading list without read) and starred.
    let lists = server.forms("stream/items/ids").map { form in form.first { $0.0 == "s" }?.1 ?? "" }
    #expect(Set(lists) == [GReader.readingList, GReader.starredTag])
  }

  @Test func aSyncWithNothingNewAsksFiveCheapThingsAndTheReadStateInOnePageEach() async throws {
    server.addArticles(25, feed: "feed/1", crawled: server.now - 60)
    var sync = synchronizer(pageSize: 10)
    sync.idsPageSize = 100
    _ = try await sync.sync { _ in }
    let before = server.paths.count
    server.now += 60
    let report = try await sync.sync { _ in }
    #expect(report.newArticles == 0)
    let asked = server.paths.dropFirst(before).map { $0.replacingOccurrences(of: "/reader/api/0/", with: "") }
    #expect(asked.sorted() == [
      "stream/contents/user/-/state/com.google/reading-list", "stream/items/ids", "stream/items/ids",
      "subscription/list",
    ])
    #expect(server.forms("stream/contents").last?.contains { $0 == ("ot", "1700000000") } == true)
  }

  @Test func theStateStepWritesTheFlagsTheServerChangedOnlyAndLeavesALocalFeedAlone() async throws {
    server.addArticles(4, feed: "feed/1")
    let sync = synchronizer()
    _ = try await sync.sync { _ in }
    let local = try #require(try cache.addFeeds(urls: ["https://example.org/local.xml"]).first)
    try cache.storeNow(
      Feed(title: "Local", items: [CacheTests.item(1, id: "s:l1"), CacheTests.item(2, id: "s:l2")]), feedID: local.id,
      validators: Validators())
    let localItems = try cache.items(feedID: local.id)
    try cache.setRead(true, itemIDs: [try #require(localItems.first).id])
    // Another device reads Article 1, and reads and stars Article 2.
    server.setArticle(0, read: true)
    server.setArticle(1, read: true, starred: true)
    #expect(try await sync.sync { _ in }.stateChanges == 3)  // one per flag changed
    let synced = Dictionary(uniqueKeysWithValues: try synced().map { ($0.title, $0) })
    #expect(synced["Article 1"]?.isRead == true && synced["Article 1"]?.isStarred == false)
    #expect(synced["Article 2"]?.isRead == true && synced["Article 2"]?.isStarred == true)
    #expect(synced["Article 3"]?.isRead == false && synced["Article 4"]?.isRead == false)
    // The local feed's articles keep their own flags (one read, one unread), whatever the server says.
    #expect(try cache.items(feedID: local.id).map(\.isRead).sorted { !$0 && $1 } == [false, true])
    #expect(try await sync.sync { _ in }.stateChanges == 0)
  }
}

/// The progress a sync reported, in order.
private final class Seen: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [SyncProgress] = []
  func add(_ progress: SyncProgress) { lock.withLock { list.append(progress) } }
  var all: [SyncProgress] { lock.withLock { list } }
}
