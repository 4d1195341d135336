/// The orders an article list can take (`article-sort-order`, and `S` on a list). Every order is total
/// (the article id breaks ties), so a page can start after a given article (keyset paging) instead of
/// counting past every row before it.
public enum ArticleSort: String, Sendable, CaseIterable {
  /// Newest first (the default).
  case date
  /// Oldest first.
  case dateAsc = "date-asc"
  /// By title, A to Z, case ignored.
  case title
  /// By author, A to Z, case ignored; articles without an author come first.
  case author
  /// By the feed's title, then newest first within a feed.
  case feed

  /// What `S` cycles to: the next order of `allCases`, wrapping around.
  public var next: ArticleSort {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
