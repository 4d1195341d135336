import Foundation
import GRDB

/// Reads the interactive reader needs beyond the commands' (issue 5, "Screens"): where an article sits in
/// its feed's list, so `n` and the Recent tab can select its row without loading the whole feed.
extension Cache {
  /// The row of article `itemID` in its feed's list (newest first, as `items(feedID:)` orders it).
  public func position(ofItem itemID: Int64) throws(CacheError) -> Int? {
    try read { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT feed_id, sort_date FROM items WHERE id = ?", arguments: [itemID])
      else { return nil }
      let date: Double = row[1]
      return try Int.fetchOne(
        db,
        sql: """
          SELECT count(*) FROM items WHERE feed_id = ? AND (sort_date > ? OR (sort_date = ? AND id > ?))
          """, arguments: [row[0] as Int64, date, date, itemID])
    }
  }
}
