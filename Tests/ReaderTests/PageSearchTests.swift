import Foundation
import TestSupport
import Testing

@testable import Reader

/// A page fetched with `f` (or ahead of `J`) is searched with its article: its text joins the article's
/// in the search index ("v16-full-article-search").
@Suite("A fetched page in search")
struct PageSearchTests {
  @Test func aFetchedPageIsSearchedWithItsArticle() throws {
    let fixture = try CacheFixture(
      "splitfeed-page-search",
      stored: [("https://news.example/feed", Feed(title: "News", items: [Item(title: "Toolchains", id: "t1", summary: "<p>A short summary.</p>")]))])
    let cache = fixture.cache
    let search = { (text: String) throws -> [String] in
      try cache.items(in: ItemScope(.all, search: try SearchQuery(parsing: text))).map(\.title)
    }
    let id = try #require(try cache.items(feedID: fixture.feedIDs[0]).first?.id)
    #expect(try search("emscripten") == [])
    try cache.setFullContent("<article><p>Compiled with Emscripten to WebAssembly.</p></article>", itemID: id)
    try cache.indexForSearchNow()
    #expect(try search("emscripten") == ["Toolchains"], "a word only on the page")
    #expect(try search("summary") == ["Toolchains"], "the feed's text stays searched")
    // Another page: the old page's words leave the index (it is taken out with the text it was indexed with).
    try cache.setFullContent("<article><p>Now about Rust.</p></article>", itemID: id)
    try cache.indexForSearchNow()
    #expect(try search("emscripten") == [])
    #expect(try search("rust") == ["Toolchains"])
  }

  /// The reader's background indexer (`SearchIndexer`, which makes the text outside its writes) indexes
  /// the page's text too, and the same text the SQL path does: the page joined after a merge of the two.
  @Test func theBackgroundIndexerSearchesThePageToo() async throws {
    let fixture = try CacheFixture(
      "splitfeed-page-indexer",
      stored: [("https://news.example/feed", Feed(title: "News", items: [Item(title: "Toolchains", id: "t1", summary: "<p>A short summary.</p>")]))])
    let cache = fixture.cache
    let search = { (text: String) throws -> [String] in
      try cache.items(in: ItemScope(.all, search: try SearchQuery(parsing: text))).map(\.title)
    }
    try await SearchIndexer(cache: cache).run()
    let id = try #require(try cache.items(feedID: fixture.feedIDs[0]).first?.id)
    try cache.setFullContent("<article><p>Compiled with Emscripten to WebAssembly.</p></article>", itemID: id)
    try await SearchIndexer(cache: cache).run()
    #expect(try cache.searchBacklog() == 0)
    #expect(try search("emscripten") == ["Toolchains"], "a word only on the page")
    #expect(try search("summary") == ["Toolchains"])
    // Taken out of the index with the text it was put in with: the SQL path's text, to the letter.
    try cache.setFullContent("<article><p>Now about Rust.</p></article>", itemID: id)
    try await SearchIndexer(cache: cache).run()
    #expect(try search("emscripten") == [])
    #expect(try search("rust") == ["Toolchains"])
  }

  @Test func aCacheIndexedBeforeFindsItsStoredPagesOnceMigrated() throws {
    let fixture = try CacheFixture(
      "splitfeed-page-migration",
      stored: [("https://news.example/feed", Feed(title: "News", items: [Item(title: "Toolchains", id: "t1", summary: "<p>A short summary.</p>")]))])
    let id = try #require(try fixture.cache.items(feedID: fixture.feedIDs[0]).first?.id)
    // As v15 left a cache: the triggers blind to pages, a page stored and not in the index.
    try fixture.cache.write { db in
      try db.execute(sql: "DROP TRIGGER items_fts_update; DROP TRIGGER items_fts_delete;")
      try db.execute(sql: FindingSchema.triggers(withPage: false))
      try db.execute(sql: "UPDATE items SET full_content = '<article><p>Built with Emscripten.</p></article>' WHERE id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v16-full-article-search'")
    }
    let cache = try Cache(path: fixture.path)
    let search = { (text: String) throws -> [String] in
      try cache.items(in: ItemScope(.all, search: try SearchQuery(parsing: text))).map(\.title)
    }
    #expect(try cache.searchBacklog() == 1, "the article with a page is queued again")
    try cache.indexForSearchNow()
    #expect(try search("emscripten") == ["Toolchains"])
    #expect(try search("summary") == ["Toolchains"])
    try cache.setFullContent("<article><p>Now about Rust.</p></article>", itemID: id)
    try cache.indexForSearchNow()
    #expect(try search("emscripten") == [], "the migrated triggers take a page out with its text")
    #expect(try search("rust") == ["Toolchains"])
  }
}
