/// The identity of an item within its feed (unique per feed by guid, else link, else title and
/// date), so a reload updates the article the reader already has instead of adding a copy. The prefix
/// keeps the three kinds apart (a guid that happens to equal another item's link is not that item).
enum ItemKey {
  static func of(_ item: Item) -> String {
    if let id = item.id, !id.isEmpty { return "g:" + id }
    if let link = item.link, !link.isEmpty { return "l:" + link }
    let date = item.publishedText ?? item.updatedText ?? item.date.map { String($0.timeIntervalSince1970) } ?? ""
    return "t:" + item.title + "\u{1F}" + date
  }
}
