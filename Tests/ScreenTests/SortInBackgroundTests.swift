import Foundation
import Reader
import TestSupport
import Testing

@testable import ReaderUI

/// Issue 40: a long list in an order no index serves (title, author) is read off the main thread, its
/// first page and the kept article's row arriving through the one door (docs/DECISIONS.md, "Sorting a
/// million, bounded"). Before, `S` read and sorted every article of the list three times on the key's
/// path (the page, the kept article's row, its page): 6 s at a million with every key dead meanwhile.
@MainActor
@Suite(.serialized)
struct SortInBackgroundTests {
  /// A feed of 250 articles (more than a page), its list open (a single feed opens on its list).
  func openList() throws -> (Harness, ArticleListController) {
    let h = Harness(60, 40, feeds: [SampleFeeds.numbered(250)])
    return (h, try #require(h.split.primaryNavigation?.top as? ArticleListController))
  }

  /// `S` to title says "Sorting…" until the sorted first page arrives; then the article that was
  /// selected is selected again, on its row past the first page, which came with it.
  @Test func aLongListSortsInTheBackgroundKeepingItsArticle() async throws {
    let (h, list) = try openList()
    list.selectRow(99)  // in the feed's order: article 99, by title near the end
    let kept = try #require(list.item(at: 99))
    #expect(kept.title.hasPrefix("Article number 99 "))
    h.press(.character("S"), .character("S"))  // oldest first (along an index), then by title (none)
    #expect(h.text.contains("Sorting…") && h.text.contains("sorting:title"), "\(h.text)")
    #expect(list.rowCount == 0)
    try await h.eventually("the sorted first page") { list.sorting == nil }
    #expect(h.text.contains("sort:title") && !h.text.contains("Sorting…"))
    #expect(list.rowCount == 250)
    #expect(list.selectedIndex >= ArticleListController.pageSize)
    #expect(list.item(at: list.selectedIndex)?.id == kept.id)
    #expect(list.item(at: 0)?.title.hasPrefix("Article number 0 ") == true)
  }

  /// A page past those read shows blank rows until it arrives from the background; `G` does not wait.
  @Test func aPageFurtherDownArrivesFromTheBackground() async throws {
    let (h, list) = try openList()
    h.press(.character("S"), .character("S"))
    try await h.eventually("the sorted first page") { list.sorting == nil }
    h.press(.character("G"))
    #expect(list.selectedIndex == 249)
    #expect(list.item(at: 249) == nil && list.rowText(at: 249) == "…", "the last page is being read")
    let last = try h.session.cache.items(in: try #require(list.listedScope)).last
    try await h.eventually("the last page") { list.item(at: 249) != nil }
    #expect(list.item(at: 249)?.id == last?.id)
  }

  /// An answer to an order asked before the last one is dropped, even for the same order: the list
  /// waits for its latest request.
  @Test func anAnswerToAnEarlierRequestIsDropped() async throws {
    let (h, list) = try openList()
    h.press(.character("S"), .character("S"))
    let asked = try #require(list.sorting).since
    let scope = try #require(list.listedScope)
    h.session.apply(.listPagesRead(scope, ListPages(count: 250, position: 3, pages: [0: []]), asked: asked - 1))
    list.catchUp()
    #expect(list.sorting != nil && list.rowCount == 0 && list.pages.isEmpty, "nothing of it taken")
    try await h.eventually("the latest answer") { list.sorting == nil }
    #expect(list.rowCount == 250 && list.item(at: 0)?.title.hasPrefix("Article number 0 ") == true)
  }

  /// What the background reads: the list's count, the kept article's row, the pages asked and the one
  /// holding that row, each the rows an offset read gives.
  @Test func pagesReadInTheBackgroundAreTheListsPages() throws {
    let (h, _) = try openList()
    let cache = h.session.cache
    let scope = ItemScope(.feed(try #require(h.session.feeds.first).id), sort: .title)
    let all = try cache.items(in: scope).map(\.id)
    let read = try #require(try cache.pages(of: scope, keeping: all[230], wanted: [0], pageSize: 100))
    #expect(read.count == 250 && read.position == 230)
    #expect(read.pages.keys.sorted() == [0, 2])
    #expect(read.pages[0]?.map(\.id) == Array(all[0..<100]))
    #expect(read.pages[2]?.map(\.id) == Array(all[200..<250]))
  }

  /// A read whose order was left stops before its next part: asked once before the row's count (go on),
  /// then before the first page (stop), it reads no page and answers nothing.
  @Test func aReadLeftStopsBeforeItsNextPart() throws {
    let (h, _) = try openList()
    let scope = ItemScope(.feed(try #require(h.session.feeds.first).id), sort: .title)
    let first = try #require(try h.session.cache.items(in: scope, limit: 1).first)
    var asked = 0
    let read = try h.session.cache.pages(of: scope, keeping: first.id, wanted: [0, 1], pageSize: 100) {
      asked += 1
      return asked > 1
    }
    #expect(read == nil && asked == 2)
  }

  /// `n` in a list sorted in the background reaches an unread article on a page not read yet, the first
  /// in the list's own order: the walk stopped at the first page not in and left the list for the next
  /// unread article in the feed's date order.
  @Test func nextUnreadReachesAPageNotReadYetInTheListsOrder() async throws {
    let (h, list) = try openList()
    let cache = h.session.cache
    let feedID = try #require(h.session.feeds.first).id
    let byTitle = try cache.items(in: ItemScope(.feed(feedID), sort: .title)).map(\.id)
    let byDate = try cache.items(in: ItemScope(.feed(feedID))).map(\.id)
    // Two articles past the first page, the first by title coming second by date.
    let pair = (200..<250).lazy.flatMap { i in (i + 1..<250).lazy.map { (i, $0) } }.first { i, j in
      byDate.firstIndex(of: byTitle[j])! < byDate.firstIndex(of: byTitle[i])!
    }
    let (first, second) = try #require(pair)
    try cache.setRead(true, itemIDs: byTitle.filter { $0 != byTitle[first] && $0 != byTitle[second] })
    h.press(.character("S"), .character("S"))
    try await h.eventually("the sorted first page") { list.sorting == nil }
    list.selectRow(0)
    #expect(list.pages[1] == nil, "the second page is not read yet")
    h.press(.character("n"))
    #expect(h.session.selected?.id == byTitle[first])
    #expect(list.selectedIndex == first)
  }

  /// The order read again because the data changed (a reload's feed stored) keeps the rows on screen
  /// until the new ones arrive: a long list by title said "Sorting…" after every feed of a reload.
  @Test func aRefreshKeepsTheRowsShownUntilTheOrderIsReadAgain() async throws {
    let (h, list) = try openList()
    h.press(.character("S"), .character("S"))
    try await h.eventually("the sorted first page") { list.sorting == nil }
    list.selectRow(5)
    let kept = try #require(list.item(at: 5))
    list.refresh()
    #expect(list.sorting != nil && list.rowCount == 250, "the order is read again behind the rows")
    #expect(list.item(at: 5)?.id == kept.id && h.text.contains(kept.title.prefix(20)), "\(h.text)")
    #expect(!h.text.contains("Sorting…"))
    try await h.eventually("the order read again") { list.sorting == nil }
    #expect(list.rowCount == 250 && list.item(at: list.selectedIndex)?.id == kept.id)
  }

  /// In a list read on the main thread too, `n` past the rows read asks the cache for the next unread
  /// article and reads only its page: the walk read every page between on the key's path (at a million
  /// articles mostly read, thousands of pages before "no more unread").
  @Test func nextUnreadSkipsThePagesBetween() async throws {
    let h = Harness(60, 40, feeds: [SampleFeeds.numbered(450)])
    let list = try #require(h.split.primaryNavigation?.top as? ArticleListController)
    let ids = try h.session.cache.items(in: try #require(list.listedScope)).map(\.id)
    try h.session.cache.setRead(true, itemIDs: Array(ids.dropLast()))
    list.refresh()
    list.selectRow(0)
    h.press(.character("n"))
    #expect(h.session.selected?.id == ids.last && list.selectedIndex == 449)
    #expect(!list.pages.keys.contains(1), "the page between was read: \(list.pages.keys.sorted())")
  }
}
