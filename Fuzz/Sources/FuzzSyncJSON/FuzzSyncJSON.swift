import Foundation
import FuzzSupport
@_spi(Fuzzing) import Reader

/// libFuzzer entry: the input is a sync server's answer, read as a `stream/contents` page and as a
/// `stream/items/ids` page (the sync's own JSON reader and what turns its values into stored ones).
/// Beyond "no crash, no trap": every date is within `StoredDate`'s range, every enclosure length within
/// the cache's, the server clock plausible, no text field past the feeds' cap, every id non-empty when
/// the server's was.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSyncJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = Data(bytes(data, size))
  if let page = SyncPages.contents(input) {
    if let time = page.serverTime { require(time >= 0 && Double(time) <= StoredDate.latest, "server time \(time)") }
    for (id, item) in page.items {
      for date in [item.published, item.updated].compactMap({ $0 }) {
        let seconds = date.timeIntervalSince1970
        require(seconds >= StoredDate.earliest && seconds <= StoredDate.latest, "date \(seconds) of \(id)")
      }
      for enclosure in item.enclosures {
        if let length = enclosure.length { require(SyncPages.enclosureLengths.contains(length), "length \(length)") }
      }
      require((item.content?.utf8.count ?? 0) <= SyncPages.maxFieldBytes, "content of \(item.content?.utf8.count ?? 0) bytes")
      require(item.title.utf8.count <= SyncPages.maxFieldBytes, "title of \(item.title.utf8.count) bytes")
    }
  }
  if let page = SyncPages.itemIDs(input) {
    require(page.ids.count <= size, "\(page.ids.count) ids from \(size) bytes")
  }
  return 0
}

/// The program: libFuzzer's driver with `fuzzSyncJSON` as the target (see `runFuzzer`).
@main
enum FuzzSyncJSONMain {
  static func main() { runFuzzer(fuzzSyncJSON) }
}
