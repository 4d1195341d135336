import Foundation
import Testing

@testable import Reader

/// `ItemChannel` wakes its writer per batch of items, not per item: every item must still arrive, in
/// order, whatever the count, and a stream that ends between two batches must not leave the writer waiting.
@Suite struct ItemChannelTests {
  @Test(.timeLimit(.minutes(1)), arguments: [0, 1, ItemChannel.wakeBatch - 1, ItemChannel.wakeBatch, ItemChannel.wakeBatch + 1, 1000])
  func everyItemArrivesInOrderAndTheEndWakesTheWriter(count: Int) async throws {
    let channel = ItemChannel()
    let writer = Task.detached { () -> (titles: [String], restarts: Int) in
      var titles: [String] = []
      var restarts = 0
      while true {
        switch channel.next() {
        case .item(let item, _, _): titles.append(item.title)
        case .restart: restarts += 1
        case .finished: return (titles, restarts)
        case .failed: return (titles, -1)
        }
      }
    }
    // Sent from another thread, with pauses, so the writer is often found waiting.
    let sender = Thread {
      for i in 0..<count {
        channel.stream.item(Item(title: "\(i)", id: "\(i)"))
        if i % 97 == 0 { usleep(200) }
      }
      channel.stream.restart()
      channel.stream.item(Item(title: "again", id: "x"))
      usleep(1000)  // the writer is waiting with one item queued: the end must still wake it
      channel.send(.finished(feed: Feed(title: "Feed", items: []), inheritedAuthor: nil, warnings: []))
    }
    sender.start()
    let received = await writer.value
    #expect(received.titles == (0..<count).map(String.init) + ["again"])
    #expect(received.restarts == 1)
  }
}
